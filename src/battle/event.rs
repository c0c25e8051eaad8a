//! Events: everything that happened, in order. The log, the overlay, replays and the headless
//! commands all read this one stream; every roll is in it with its dice.

use serde::Serialize;

use super::UnitId;
use super::command::{Adjustment, Answer, Command, ManeuverGoal, Rejection};
pub use super::log_kind::LogKind;
use super::own::RulebookEvent;
use crate::map::Tile;
use crate::map::range::RangeBand;
use crate::map::sight::ShotLine;
use crate::rules::damage::DamageRoll;
use crate::rules::dice::DieFace;
use crate::rules::grapple::Grip;
use crate::rules::melee::MeleeOutcome;
use crate::rules::opposed::Resistance;
use crate::rules::roll::RollRecord;
use crate::rules::round::Slot;
use crate::rules::weapons::MalfunctionKind;
use crate::rules::wounds::BlowSeverity;

pub use super::event_facts::{Contest, DefenceKind, Outcome, Reveal, WoundState};
pub use crate::rules::modifiers::{Modifier, ModifierReason};

/// One thing that happened.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "snake_case", tag = "kind")]
pub enum EventKind {
    BattleBegan {
        seed: u64,
    },
    RoundBegan {
        /// Who acts, slot by slot.
        order: Vec<UnitId>,
        /// The rulebook's slots behind the order (cycles, values, tie rolls, what each turn is
        /// for); left empty where every slot is a plain whole turn in one cycle.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        slots: Vec<Slot>,
    },
    UnitJoined {
        unit: UnitId,
        at: Tile,
    },
    TurnBegan {
        unit: UnitId,
    },
    /// A roll of one of the unit's skills or characteristics: every die, what it was against,
    /// its modifiers and what came of it.
    Rolled {
        unit: UnitId,
        roll: RollRecord,
    },
    DamageRolled {
        unit: UnitId,
        target: UnitId,
        weapon: String,
        roll: DamageRoll,
    },
    Moved {
        unit: UnitId,
        path: Vec<Tile>,
        cost: u32,
        spent: u32,
    },
    ActionForfeited {
        unit: UnitId,
    },
    StoodUp {
        unit: UnitId,
    },
    /// Kneeled, lay down or stood, where the rulebook lets a unit choose (the western).
    PostureTaken {
        unit: UnitId,
        posture: crate::rules::situation::Posture,
    },
    FellProne {
        unit: UnitId,
    },
    ReadiedWeapon {
        unit: UnitId,
        weapon: String,
    },
    SurpriseAttempted {
        unit: UnitId,
        target: UnitId,
        seen: bool,
    },
    Attacked {
        unit: UnitId,
        target: UnitId,
        weapon: String,
    },
    Maneuvered {
        unit: UnitId,
        target: UnitId,
        goal: ManeuverGoal,
    },
    /// Unaimed fire at several targets: the die drew this one for the next shot.
    TargetDrawn {
        unit: UnitId,
        target: UnitId,
        die: DieFace,
    },
    /// The unit's hit points are this far below zero (BRP lets them go there; healing counts
    /// from there).
    BelowZero {
        unit: UnitId,
        hit_points: u32,
    },
    /// A blow struck to knock the target out.
    KnockOutSwung {
        unit: UnitId,
        target: UnitId,
        weapon: String,
    },
    /// A knock-out blow that landed, weighed on the resistance table: its damage against the
    /// target's hit points; knocked out, the target loses a third of it (rounded down), else
    /// all of it.
    KnockOutWeighed {
        unit: UnitId,
        target: UnitId,
        damage: u32,
        hit_points: u32,
        odds: Resistance,
        knocked_out: bool,
    },
    /// Strength against strength on the resistance table in a grapple: `unit`'s STR (with its
    /// fellow holders', where they hold together) as the active side against `against`'s.
    StrengthPitted {
        unit: UnitId,
        against: UnitId,
        contest: Contest,
        active: u32,
        passive: u32,
        odds: Resistance,
        won: bool,
    },
    /// A holder takes a grip on the unit it holds (pinned, or strangled), kept until it does
    /// anything else.
    Gripped {
        unit: UnitId,
        target: UnitId,
        grip: Grip,
    },
    /// A holder eases its grip by doing something else; the hold itself stays.
    GripEased {
        unit: UnitId,
        target: UnitId,
    },
    /// An awkward weapon's fumble turns on its wielder (the chainsaw bucks): its damage follows.
    Backlash {
        unit: UnitId,
        weapon: String,
    },
    /// A strangled unit's breath gives out: it chokes, 1D6 a round, until freed.
    BreathGone {
        unit: UnitId,
    },
    /// The attack waits for the defender's answer.
    DefenceAsked {
        unit: UnitId,
        attacker: UnitId,
        asked: DefenceKind,
    },
    Answered {
        unit: UnitId,
        answer: Answer,
    },
    MeleeResolved {
        attacker: UnitId,
        defender: UnitId,
        outcome: MeleeOutcome,
    },
    Damaged {
        unit: UnitId,
        by: Option<UnitId>,
        /// Damage rolled, armor taken off, damage taken.
        rolled: u32,
        armor: u32,
        taken: u32,
        hit_points: u32,
        /// Of the armor taken off, what the cover it was shot through stopped.
        cover: u32,
        severity: BlowSeverity,
    },
    WoundChanged {
        unit: UnitId,
        from: WoundState,
        to: WoundState,
    },
    Disarmed {
        unit: UnitId,
        weapon: String,
    },
    Held {
        unit: UnitId,
        holder: UnitId,
    },
    Released {
        unit: UnitId,
        holder: UnitId,
    },
    /// `unit`, dying, is stabilised by `by`'s First Aid, with `hit_points` left.
    Stabilised {
        unit: UnitId,
        by: UnitId,
        hit_points: u32,
    },
    Healed {
        unit: UnitId,
        by: UnitId,
        amount: u32,
    },
    /// Caught in a blast's stun ring, `unit` failed its roll (or it stayed on its feet through
    /// a knockout blow): it does nothing more this round.
    StunnedForRound {
        unit: UnitId,
    },
    Delayed {
        unit: UnitId,
        until: Option<UnitId>,
    },
    DelayLapsed {
        unit: UnitId,
    },
    Fled {
        unit: UnitId,
    },
    Aimed {
        unit: UnitId,
        target: UnitId,
    },
    /// The aim was spoilt (the unit moved, did something else, or was hurt) or not used.
    AimLost {
        unit: UnitId,
    },
    /// A trigger pulled (or a bow drawn): the rounds it uses, and those wasted swinging between
    /// targets.
    Fired {
        unit: UnitId,
        weapon: String,
        rounds: u32,
        wasted: u32,
    },
    /// One shot (or one volley) at a target, before its roll: the range and the line.
    ShotAt {
        unit: UnitId,
        target: UnitId,
        bullets: u32,
        band: RangeBand,
        point_blank: bool,
        line: ShotLine,
    },
    /// The shot (or volley) hit: how many bullets, how many of them extreme.
    /// A burst hit: the die of as many sides as bullets says how many of them hit (BRP's 1dN).
    BulletsCounted {
        unit: UnitId,
        target: UnitId,
        die: DieFace,
    },
    ShotHit {
        unit: UnitId,
        target: UnitId,
        hits: u32,
        extreme: u32,
    },
    ShotMissed {
        unit: UnitId,
        target: UnitId,
    },
    /// A volley pushed past Critical difficulty: it cannot hit, and no roll is made.
    ShotWasted {
        unit: UnitId,
        target: UnitId,
        bullets: u32,
    },
    /// A fumble firing into melee hits the shooter's own side instead.
    StrayHit {
        unit: UnitId,
        target: UnitId,
        ally: UnitId,
    },
    /// The weapon does not fire (a dud) or jams; a jam takes this many rounds of work, rolled
    /// (`work`) or set by the rulebook (`rounds`, the d100 house sheet's 1).
    Malfunctioned {
        unit: UnitId,
        weapon: String,
        outcome: MalfunctionKind,
        work: Option<DieFace>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        rounds: Option<u32>,
    },
    JamWorkedOn {
        unit: UnitId,
        weapon: String,
        rounds_left: u32,
    },
    JamCleared {
        unit: UnitId,
        weapon: String,
    },
    Reloaded {
        unit: UnitId,
        weapon: String,
        loaded: u32,
        spare: u32,
        /// A belt half changed: another round of work to go.
        half_done: bool,
    },
    /// An impaling blow left the weapon stuck in its target: the wielder fights on without it.
    WeaponStuck {
        unit: UnitId,
        weapon: String,
        target: UnitId,
    },
    /// A try at working a stuck weapon free (a roll of its skill), and whether it came free.
    WeaponFreed {
        unit: UnitId,
        weapon: String,
        made_it: bool,
    },
    /// A dodge against the first bullet of the round, made or not.
    DodgedFire {
        unit: UnitId,
        made_it: bool,
    },
    /// A target's dodge took one hit of a roll away.
    BulletDodged {
        unit: UnitId,
        target: UnitId,
    },
    /// An explosive thrown or fired at a tile.
    Launched {
        unit: UnitId,
        weapon: String,
        at: Tile,
    },
    /// A miss flies off: 1D8 for the direction, D4s for the yards.
    Scattered {
        weapon: String,
        from: Tile,
        to: Tile,
        direction: DieFace,
        yards: Vec<DieFace>,
    },
    Exploded {
        weapon: String,
        at: Tile,
        radius: Option<u32>,
    },
    /// It did not go off.
    Dud {
        weapon: String,
        at: Tile,
    },
    /// Full cover between the blast and the unit kept it off.
    Shielded {
        unit: UnitId,
        by: Tile,
    },
    ChargeSet {
        unit: UnitId,
        weapon: String,
        at: Tile,
        fuse: Option<u32>,
    },
    MineTriggered {
        unit: UnitId,
        at: Tile,
    },
    CaughtFire {
        unit: UnitId,
    },
    /// A burning unit's damage at the end of a round (armor does not stop it).
    Burned {
        unit: UnitId,
        damage: u32,
    },
    FireOut {
        unit: UnitId,
    },
    /// A hit where the rulebook keeps injuries: the attack's `net` once the defence was off,
    /// the `weapon`'s damage, what `soak`ed it, the injury's `severity` (none when nothing was
    /// left), and what the unit's list comes to: its `wound_level`, what `remaining` before it is
    /// out, and the dice every roll now loses (`penalty`; none: it cannot act).
    Injured {
        unit: UnitId,
        by: Option<UnitId>,
        net: i32,
        weapon: u32,
        soak: u32,
        severity: Option<u32>,
        wound_level: u32,
        remaining: u32,
        penalty: Option<u32>,
    },
    /// `unit`, choked by `by`, is out (the d100 house sheet).
    ChokedOut {
        unit: UnitId,
        by: UnitId,
    },
    /// A stunned unit's turn goes by.
    TurnLost {
        unit: UnitId,
    },
    TurnEnded {
        unit: UnitId,
    },
    RoundEnded,
    BattleEnded {
        outcome: Outcome,
    },
    Rejected {
        #[serde(serialize_with = "super::command::write_command")]
        command: Command,
        reason: Rejection,
    },
    /// The keeper typed in the faces of the next dice.
    DiceEntered {
        faces: Vec<u32>,
    },
    /// The keeper corrected a unit's state.
    Adjusted {
        unit: UnitId,
        change: Adjustment,
    },
    /// A roll the keeper made in secret: the keeper's alone.
    RolledInSecret {
        unit: UnitId,
        roll: RollRecord,
    },
    /// A hidden unit is out in the open: the players see it from here on.
    Revealed {
        unit: UnitId,
        how: Reveal,
    },
    /// An event of the battle's rulebook's own, written as that rulebook writes it.
    #[serde(untagged)]
    Rulebook(RulebookEvent),
}

impl EventKind {
    /// The rulebook's own event, where this is one of rulebook type `T`.
    pub fn own<T: 'static>(&self) -> Option<&T> {
        match self {
            Self::Rulebook(event) => event.of::<T>(),
            _ => None,
        }
    }
}

/// Harm done to a unit, whichever way its rulebook keeps wounds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Harm {
    pub unit: UnitId,
    pub by: Option<UnitId>,
    /// Damage taken, or an injury's severity (nothing when it was shrugged off).
    pub taken: u32,
}

impl EventKind {
    /// The harm this event did, if it is damage taken or an injury.
    pub fn harm(&self) -> Option<Harm> {
        match self {
            Self::Damaged {
                unit, by, taken, ..
            } => Some(Harm {
                unit: *unit,
                by: *by,
                taken: *taken,
            }),
            Self::Injured {
                unit, by, severity, ..
            } => Some(Harm {
                unit: *unit,
                by: *by,
                taken: severity.unwrap_or(0),
            }),
            _ => None,
        }
    }
}

/// An event with the round it happened in (0 before the first round).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Event {
    pub round: u32,
    #[serde(flatten)]
    pub kind: EventKind,
}

#[cfg(test)]
mod tests {
    use serde::Serialize;

    use super::*;
    use crate::battle::own::{OwnEvent, RulebookEvent};
    use crate::map::scenario::Scenario;

    /// A rulebook's event enum, written as the engine's own events are.
    #[derive(Debug, Clone, PartialEq, Serialize)]
    #[serde(rename_all = "snake_case", tag = "kind")]
    enum Sixth {
        Shouted { unit: UnitId, words: String },
        Quiet,
    }

    impl OwnEvent for Sixth {
        fn kind(&self) -> LogKind {
            LogKind::Attacks
        }

        fn units(&self) -> Vec<UnitId> {
            match self {
                Self::Shouted { unit, .. } => vec![*unit],
                Self::Quiet => Vec::new(),
            }
        }

        fn words(&self, _scenario: &Scenario) -> String {
            format!("{self:?}")
        }
    }

    /// Carried, an event writes the JSON line its own enum writes, round and all; two carried
    /// events are equal only when the same.
    #[test]
    fn a_carried_event_is_written_as_its_own_enum_writes_it() {
        let shouted = Sixth::Shouted {
            unit: UnitId(3),
            words: "Halt!".to_string(),
        };
        let event = Event {
            round: 2,
            kind: EventKind::Rulebook(RulebookEvent::new(shouted.clone())),
        };
        assert_eq!(
            serde_json::to_string(&event).expect("plain data"),
            r#"{"round":2,"kind":"shouted","unit":3,"words":"Halt!"}"#
        );
        let quiet = Event {
            round: 0,
            kind: EventKind::Rulebook(RulebookEvent::new(Sixth::Quiet)),
        };
        assert_eq!(
            serde_json::to_string(&quiet).expect("plain data"),
            r#"{"round":0,"kind":"quiet"}"#
        );
        let EventKind::Rulebook(carried) = &event.kind else {
            panic!("carried");
        };
        assert_eq!(carried.of::<Sixth>(), Some(&shouted));
        assert_eq!(carried.of::<u32>(), None);
        assert_eq!(event.kind, event.kind.clone());
        assert_ne!(event.kind, quiet.kind);
    }
}
