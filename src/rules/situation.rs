//! The facts of a situation on the map as the battle reads them, apart from what any rulebook
//! makes of them: how far the target is (by band), what cover stands beside it, who lies flat,
//! who aimed, who ran, who is in a melee. A rulebook turns them into its own currency (bonus and
//! penalty dice, a difficulty, multipliers) and names each modifier it gives.

use serde::{Deserialize, Serialize};

use super::injuries::InjuryList;
use super::length::Length;
use super::melee::{BodyBlow, SpecificBlow};
use super::modifiers::Modifier;

/// The band a target falls in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RangeBand {
    /// Within hand-to-hand reach.
    Touch,
    /// Within base range.
    Base,
    /// Up to twice base range.
    Long,
    /// Up to four times base range.
    VeryLong,
    /// Too far (or not adjacent, for a hand-to-hand weapon): the attack cannot be made.
    OutOfRange,
}

impl RangeBand {
    pub fn label(self) -> &'static str {
        match self {
            Self::Touch => "in reach",
            Self::Base => "base range",
            Self::Long => "long range",
            Self::VeryLong => "very long range",
            Self::OutOfRange => "out of range",
        }
    }
}

/// A target's band, and whether it is at point-blank range.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct RangeReading {
    pub band: RangeBand,
    /// Within a fifth of the shooter's DEX in feet (rounded down).
    pub point_blank: bool,
}

/// How far point-blank reaches.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PointBlank {
    /// Whole feet per point of DEX, as `[numerator, denominator]`, rounded down (CoC: a fifth).
    PerDexterity([u32; 2]),
    /// The same for everyone (the d10 pool's 2 metres).
    Fixed(Length),
}

/// How a rulebook measures range: where the base, long and very long bands end, as fractions
/// `[numerator, denominator]` of a weapon's base range, and how far point-blank reaches.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RangeScale {
    pub band_multiples: [[u32; 2]; 3],
    pub point_blank: PointBlank,
}

impl RangeScale {
    /// How far point-blank reaches for a shooter of this DEX.
    pub fn point_blank(&self, dexterity: u32) -> Length {
        match self.point_blank {
            PointBlank::PerDexterity([numerator, denominator]) => {
                Length::feet(dexterity.saturating_mul(numerator) / denominator.max(1))
            }
            PointBlank::Fixed(length) => length,
        }
    }
}

/// What stands right beside the target on the line of fire.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum LineCover {
    /// Nothing.
    #[default]
    Open,
    /// Low cover that hides half of the target.
    HalfConcealed,
    /// Cover the target hides behind: the shot goes through it.
    Through,
}

/// What a piece of cover is made of, where the rulebook says what a bullet loses going through
/// it (the western: wood, iron, steel).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Material {
    Wood,
    Iron,
    Steel,
}

/// How a unit holds itself, where the rulebook lets it choose (the western): standing,
/// kneeling, or lying prone; on the d100 house sheet, standing, crouched (kneeling) or hidden
/// behind cover.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Posture {
    #[default]
    Standing,
    Kneeling,
    Prone,
    /// Down behind cover, nothing showing (the d100 house sheet).
    Hidden,
}

impl Posture {
    /// The posture in words: "standing", "kneeling", "prone".
    pub fn words(self) -> &'static str {
        match self {
            Self::Standing => "standing",
            Self::Kneeling => "kneeling",
            Self::Prone => "prone",
            Self::Hidden => "hidden",
        }
    }
}

/// The facts of one shot (or throw) at a target.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ShotFacts {
    pub reading: RangeReading,
    /// The distance to the target, squared, in square yards: exact, for a rulebook that
    /// measures range its own way.
    pub squared_yards: u64,
    /// The weapon's base range in feet for this wielder (`None` for a weapon whose bands are
    /// set apart, a shotgun's).
    pub base_feet: Option<u32>,
    pub shooter_dexterity: u32,
    pub cover: LineCover,
    /// A thrown weapon rather than a fired one.
    pub thrown: bool,
    /// A weapon that takes the wielder's whole effort (a sniper rifle): no point-blank where
    /// the rulebook says so.
    pub committed: bool,
    /// Low cover right beside the shooter, on the line of fire or within 45 degrees of it.
    pub shooter_in_cover: bool,
    /// A weapon too heavy to bring to bear in a hurry (a rifle, a shotgun).
    pub cumbersome: bool,
    /// The shooter aimed at this target on its last turn, and the aim counts for this roll;
    /// for how many rounds running (0 when not aimed).
    pub aimed: bool,
    pub aim_rounds: u32,
    /// The target moved this round, and whether it declared a zigzag (the western: it counts
    /// all round).
    pub target_moved: bool,
    pub target_zigzagged: bool,
    /// The target dived for cover against this attack and made it.
    pub dived: bool,
    pub shooter_prone: bool,
    pub target_prone: bool,
    /// The target kneels (the western: behind low cover it is three-quarters hidden).
    pub target_kneeling: bool,
    /// The shooter moved this round, and drew the weapon this round.
    pub shooter_moved: bool,
    pub drew_this_round: bool,
    /// A specific shot declared at this target (the western).
    pub specific_shot: bool,
    /// The target did not see the shot coming.
    pub target_surprised: bool,
    /// How many shots the shooter fires in this pull of the trigger (1 for a single shot).
    pub shots_in_pull: u32,
    /// The target ran at full speed this round, and how fast it is (its movement rate).
    pub target_ran: bool,
    pub target_movement: u32,
    /// The target cannot get out of the way: held fast, pinned in a hold, or helpless.
    pub target_immobilised: bool,
    /// How big the target is by its Build, and by its SIZ.
    pub target_size: i32,
    pub target_siz: u32,
    /// The target stands somewhere unlit, and how keen the shooter's eyes are (its POW: the
    /// d10 pool's Perception).
    pub target_in_dark: bool,
    pub shooter_perception: u32,
    /// Another enemy of the target stands beside it: the shot goes into a melee.
    pub into_melee: bool,
    /// More shots this round than the weapon fires without penalty.
    pub multiple: bool,
    /// One round put in the chamber and fired in the same round.
    pub chambered: bool,
    /// One of a fusillade of unaimed shots (BRP: a fifth of the chance).
    pub unaimed: bool,
    /// The first attack of the turn by a unit whose initiative roll earned it an edge.
    pub initiative_edge: bool,
    /// The shooter is hampered by an enemy's maneuver, or held.
    pub hindered: bool,
    pub held: bool,
    /// The roll's place in a burst or full-auto trigger pull, and the bullets it covers.
    pub volley_roll: Option<u32>,
    pub volley_bullets: u32,
    /// The skill the shooter rolls (a burst's bonus is capped by it).
    pub shooter_skill: u32,
}

impl ShotFacts {
    /// A shot at this reading with nothing else to it: open ground, nobody aiming, lying flat,
    /// running or in a melee, at a target of middling size.
    pub fn plain(reading: RangeReading) -> Self {
        Self {
            reading,
            squared_yards: 0,
            base_feet: None,
            shooter_dexterity: 0,
            target_siz: 0,
            target_in_dark: false,
            shooter_perception: 0,
            cover: LineCover::Open,
            thrown: false,
            committed: false,
            shooter_in_cover: false,
            cumbersome: false,
            aimed: false,
            aim_rounds: 0,
            target_moved: false,
            target_zigzagged: false,
            dived: false,
            shooter_prone: false,
            target_prone: false,
            target_kneeling: false,
            shooter_moved: false,
            drew_this_round: false,
            specific_shot: false,
            target_surprised: false,
            shots_in_pull: 1,
            target_ran: false,
            target_movement: 0,
            target_immobilised: false,
            target_size: 0,
            into_melee: false,
            multiple: false,
            chambered: false,
            unaimed: false,
            initiative_edge: false,
            hindered: false,
            held: false,
            volley_roll: None,
            volley_bullets: 0,
            shooter_skill: 0,
        }
    }
}

/// What a defender has done this round, for the answers its rulebook still allows it.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct DefenceFacts {
    pub dodges: u32,
    /// Defences with the weapon in hand (a fight back, a parry).
    pub weapon_defences: u32,
    /// It has used an action this round (attacked, shot, tended a wound).
    pub acted: bool,
    /// It named this attacker at the start of the round as the one it would parry (where the
    /// rulebook asks for that).
    pub named_attacker: bool,
}

/// A way a rulebook lets a target answer gunfire (CoC's dive for cover, BRP's dodge of the
/// first bullet, the d10 pool's dodge behind cover and its dodge of a sweep): a Dodge roll, what
/// a made one does to the shots, and its words, as the defence window, the log and the odds show
/// it. Which one a target may give, and when, is its rulebook's to say in the battle.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ShotDefence {
    /// Its name in the odds ("dive for cover").
    pub name: &'static str,
    /// Its words when the target is asked ("dive for cover", then ", or take it").
    pub asked: &'static str,
    /// Its button in the defence window ("Dive for cover"), and what it costs, after its odds
    /// ("the next action is lost").
    pub label: &'static str,
    pub cost: &'static str,
    /// What a made roll does to the shots.
    pub effect: ShotAnswerEffect,
    /// Whether its roll is paid for from the round's dice (the d10 pool's dodge of a sweep in
    /// the open), else the plain Dodge skill.
    pub spends_dice: bool,
    /// Whether it costs nothing, so a defender always gives it where it may.
    pub free: bool,
    /// The kind of defence it is asked as, where it is not the plain answer to shots (the
    /// pool's dodge of a sweep: `sweep`).
    pub asked_as: Option<&'static str>,
}

/// What a target's answer to gunfire does to the shots, when its roll is made.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ShotAnswerEffect {
    /// Thrown into cover: the shots at it are harder (a dive for cover).
    Dive,
    /// The first roll at it lands one hit fewer (a dodge of the first bullet).
    OneHitFewer,
    /// The roll's net successes come off the shot's, made or not (a dodge behind cover).
    NetOff,
}

impl ShotDefence {
    /// The plain answer to shots among a rulebook's `defences` (the one not asked as a kind of
    /// its own), if it has one.
    pub fn plain(defences: &[Self]) -> Option<Self> {
        defences
            .iter()
            .find(|defence| defence.asked_as.is_none())
            .copied()
    }

    /// The one among `defences` asked as the kind `kind`.
    pub fn asked_as(defences: &[Self], kind: &str) -> Option<Self> {
        defences
            .iter()
            .find(|defence| defence.asked_as == Some(kind))
            .copied()
    }
}

/// How watchful a unit is as the fight opens.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Watch {
    #[default]
    Awake,
    Meditating,
    Asleep,
}

impl Watch {
    /// Awake: nothing to write in a file.
    pub fn is_awake(&self) -> bool {
        *self == Self::Awake
    }
}

/// The answers a rulebook allows a defender against a blow.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct AllowedAnswers {
    pub dodge: bool,
    /// A defence with the weapon in hand.
    pub weapon: bool,
    pub maneuver: bool,
}

impl AllowedAnswers {
    /// No answer at all: the blow is taken.
    pub const NONE: Self = Self {
        dodge: false,
        weapon: false,
        maneuver: false,
    };
}

/// What a situation is worth to a roll, in the rulebook's currency: every modifier, named, and
/// whether any roll can succeed at all.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct Worth {
    pub modifiers: Vec<Modifier>,
    pub possible: bool,
}

/// The facts of a unit's own roll (a defence, a throw, a repair) that its situation may
/// hinder or help.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct OwnRollFacts {
    /// Hampered by an enemy's maneuver, or held (the roll is not to break the hold).
    pub hindered: bool,
    pub held: bool,
    /// The first attack of the turn by a unit whose initiative roll earned it an edge.
    pub initiative_edge: bool,
    /// A maneuver at an opponent of a bigger Build: its penalty dice.
    pub size_penalty: u8,
}

/// What a unit carries into every roll it makes: its injuries, how far it has moved this round
/// against its free movement (both in tenths of a yard), and its hit points left of its most.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct StandingFacts {
    pub injuries: InjuryList,
    pub moved: u32,
    pub free_movement: u32,
    pub hit_points: u32,
    pub max_hit_points: u32,
    /// The most bullets one shooter has fired at it in suppressing fire that pins, since that
    /// shooter's last turn (the d100 house sheet).
    pub suppressing_bullets: u32,
    /// The dazes on it (the d100 house sheet).
    pub dazes: u32,
    /// Blinded by a cherry (the d100 house sheet).
    pub blinded: bool,
    /// The rounds the fire on it has burnt, where the rulebook counts them (the d100 house
    /// sheet).
    pub burning_rounds: u32,
}

/// The facts of a blow or a maneuver at a defender.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct BlowFacts {
    /// How often the defender has dodged or fought back this round, and how many attacks it
    /// has a round.
    pub defences_this_round: u32,
    pub defender_attacks: u32,
    pub target_prone: bool,
    /// An enemy's maneuver left the defender open this round.
    pub target_exposed: bool,
    /// A maneuver the defender did not see coming.
    pub unseen_maneuver: bool,
    /// The first attack of the turn by a unit whose initiative roll earned it an edge.
    pub initiative_edge: bool,
    /// The attacker is hampered by an enemy's maneuver, or held.
    pub hindered: bool,
    pub held: bool,
    /// The roll is to break the hold the attacker is in.
    pub breaking_hold: bool,
    /// For a maneuver, the penalty dice of a smaller attacker's size against the defender's.
    pub size_penalty: u8,
    /// The defender's SIZ, whether it stands somewhere unlit, and how keen the attacker's eyes
    /// are (its POW: the d10 pool's Perception).
    pub target_siz: u32,
    pub target_in_dark: bool,
    pub attacker_perception: u32,
    /// The attacker moved this round before the blow.
    pub attacker_moved: bool,
    /// The defender ran this round (past its free movement), or cannot get out of the way:
    /// held fast, pinned in a hold, or helpless.
    pub target_ran: bool,
    pub target_immobilised: bool,
    /// A kick or a bite, where the rulebook offers them.
    pub body_blow: Option<BodyBlow>,
    /// A declared specific blow (the western).
    pub specific_blow: Option<SpecificBlow>,
}
