//! Scenarios: a map, the sides, the units on it, rule options and how the battle is won, as the
//! file writes them and as they are once checked (the checking is in `scenario_check.rs`).

use std::collections::BTreeMap;
use std::sync::Arc;

use serde::{Deserialize, Serialize};

use super::opening::{Opening, OpeningFile};
use super::{GridMap, MapFile, Tile};
use crate::map::range::RangeScale;
use crate::map::range::{RangeRuler, WeaponReach};
use crate::rules::bare_name::BareName;
use crate::rules::body::{BodyPart, Hand};
use crate::rules::characteristics::{Characteristics, DerivedStats};
use crate::rules::damage::{DamageNotation, DamageReach};
use crate::rules::melee::BodyBlow;
use crate::rules::ruleset::{RuleOptions, Ruleset};
use crate::rules::weapons::{AttackForm, Weapon};

/// Which of a unit's attacks it uses.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum WeaponChoice {
    /// A weapon it carries, by its place in the unit's list.
    Carried(usize),
    /// A creature's own attack (claws, bite), by its place in the list.
    Natural(usize),
    /// Fists and feet.
    Unarmed,
    /// A kick or a bite, where the rulebook offers them apart from the plain unarmed blow.
    Body(BodyBlow),
}

pub use crate::rules::characteristics::MAX_RATING;

/// The most units a scenario may hold.
pub const MAX_UNITS: usize = 256;

/// Where a scenario's map comes from.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum MapSource {
    /// A map file, relative to the scenario file.
    File(String),
    /// The map written out in the scenario itself.
    Inline(MapFile),
}

/// Who gives a side's or a unit's orders.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Control {
    #[default]
    Person,
    Ai,
}

/// A side as the file writes it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename = "side")]
pub struct SideFile {
    /// How units name their side.
    pub id: String,
    /// How the side is shown.
    pub name: String,
    /// Token colour as red, green, blue; a palette colour by default.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub colour: Option<(u8, u8, u8)>,
    /// Who plays the side unless a unit says otherwise.
    #[serde(default)]
    pub control: Control,
    /// Its units' hit points, characteristics, skills and armor are the keeper's alone (the
    /// players see wound states, not numbers). Left out: secret where the side is played by the
    /// AI (the opposition), open where a person plays it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub secret: Option<bool>,
}

/// A weapon a unit carries, from the rulebook's weapon table.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename = "weapon")]
pub struct CarriedWeaponFile {
    /// The weapon's name in the table (case does not matter).
    pub weapon: String,
    /// Rounds in the weapon; a full load by default.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub loaded: Option<u32>,
    /// Spare rounds carried.
    #[serde(default)]
    pub spare: u32,
    /// A shotgun loaded with solid slugs instead of shot.
    #[serde(default)]
    pub slugs: bool,
    /// On a mount (a tripod, a door gun): anyone can fire it, whatever their Build. Written
    /// out only when set.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub mounted: bool,
}

/// A creature's own attack: claws, bite, tentacle.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename = "natural_attack")]
pub struct NaturalAttack {
    pub name: String,
    /// Chance to hit, as a percentile.
    pub skill: u32,
    pub damage: DamageNotation,
    #[serde(default)]
    pub impale: bool,
}

/// Worn armor or natural armor.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename = "armor")]
pub struct ArmorWorn {
    pub name: String,
    pub points: u32,
    /// The parts of the body it covers; all over (natural armor, a full suit) when left out.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub covers: Option<Vec<BodyPart>>,
}

/// A unit as the file writes it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename = "unit")]
pub struct UnitFile {
    pub name: String,
    pub side: String,
    /// Start tile: column from the left, row from the top, both from 0.
    pub at: (u32, u32),
    #[serde(default = "default_age")]
    pub age: u32,
    pub characteristics: Characteristics,
    /// Skills above their base values.
    #[serde(default)]
    pub skills: BTreeMap<String, u32>,
    #[serde(default)]
    pub weapons: Vec<CarriedWeaponFile>,
    #[serde(default)]
    pub natural_attacks: Vec<NaturalAttack>,
    /// Attacks the unit may make on its turn (monsters may have several).
    #[serde(default = "one")]
    pub attacks_per_round: u32,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub armor: Option<ArmorWorn>,
    /// An impale does it no more harm than another such hit (some Mythos creatures).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub immune_to_impale: bool,
    /// No blow knocks it out (most Mythos creatures), where the rulebook has knock-out blows.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub cannot_be_knocked_out: bool,
    /// Who gives this unit's orders, when not its side's player.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub control: Option<Control>,
    /// Movement rate for creatures that do not follow the human rule.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub movement: Option<u32>,
    /// Hit points for creatures that do not follow the human rule.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hit_points: Option<u32>,
    /// The round the unit joins the fight in (from round 2); there from the start by default.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub arrives: Option<u32>,
    /// How it stands as the fight opens, for a fight that starts mid-story.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub opening: Option<OpeningFile>,
    /// A standing order for the AI: the unit keeps its place, holding its fire, until an
    /// enemy comes within this many yards or it is hurt (a guard, an ambush).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub waits_until_within: Option<u32>,
    /// Hidden from the players (an ambush): the keeper's alone until it attacks, is hurt, an
    /// enemy has a line of sight to it, or the keeper reveals it.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub hidden: bool,
    /// Held in reserve: off the map until the keeper brings it in.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub reserve: bool,
    /// Its specialities, where the rulebook has them (the d10 pool's Secondary abilities:
    /// "Pistols"): a weapon whose table row names one of them is used more easily.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub secondary: Vec<String>,
    /// The hand it holds its weapon in (right unless told), where the rulebook asks (the d100
    /// house sheet's cover by body part).
    #[serde(default, skip_serializing_if = "Hand::is_right")]
    pub handed: Hand,
    /// Its obsession, where the rulebook has them (the d100 house sheet): one of its skills.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub obsession: Option<String>,
    /// The cherries the scenario allows it in place of a matched blow's damage, where the
    /// rulebook has them and its obsession earns them.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub cherries: Vec<BareName>,
}

fn default_age() -> u32 {
    30
}

fn one() -> u32 {
    1
}

/// How the battle is won.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Victory {
    /// The last side with anyone still standing wins.
    LastSideStanding,
    /// `side` wins if any of its units still stand after `rounds` rounds.
    Survive { side: String, rounds: u32 },
    /// `side` wins when `count` of its units leave through the scenario's exits; where
    /// `by_round` is given and that many rounds pass first, the side holding the way out (the
    /// first other side with anyone standing) wins.
    ReachExit {
        side: String,
        count: u32,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        by_round: Option<u32>,
    },
    /// `side` wins if `unit` still stands after `rounds` rounds.
    Protect {
        side: String,
        unit: String,
        rounds: u32,
    },
}

/// A scenario file as written.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename = "scenario")]
pub struct ScenarioFile {
    pub name: String,
    #[serde(default)]
    pub description: String,
    pub map: MapSource,
    #[serde(default)]
    pub rules: RuleOptions,
    pub sides: Vec<SideFile>,
    pub units: Vec<UnitFile>,
    /// Tiles through which units may leave the battle (also any map edge tile).
    #[serde(default)]
    pub exits: Vec<(u32, u32)>,
    pub victory: Victory,
}

/// The most a scenario may take as a save writes it (its map inline): a save holds the
/// scenario whole, and the game reads back files of at most 64 MiB, so the rest is left to the
/// battle's commands.
pub const MAX_SCENARIO_IN_A_SAVE: usize = 16 * 1024 * 1024;

impl ScenarioFile {
    /// The scenario as a replay or save writes it: four levels deep laid out, deeper on one
    /// line.
    pub fn written_in_a_save(&self) -> String {
        let layout = ron::ser::PrettyConfig::new()
            .depth_limit(4)
            .indentor("    ".to_string());
        ron::ser::to_string_pretty(self, layout).unwrap_or_default()
    }
}

/// A side, checked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Side {
    pub id: String,
    pub name: String,
    pub colour: (u8, u8, u8),
    pub control: Control,
    /// Its units' numbers are the keeper's alone.
    pub secret: bool,
}

/// A weapon carried, resolved against the weapon table.
#[derive(Debug, Clone, PartialEq)]
pub struct CarriedWeapon {
    pub weapon: Weapon,
    pub loaded: u32,
    pub spare: u32,
    /// On a mount: fired whatever the carrier's Build.
    pub mounted: bool,
}

/// A unit, checked, with everything derived.
#[derive(Debug, Clone)]
pub struct UnitSpec {
    pub name: String,
    /// Index into the scenario's sides.
    pub side: usize,
    pub start: Tile,
    pub age: u32,
    pub characteristics: Characteristics,
    pub derived: DerivedStats,
    /// Every skill the unit has, by the rulebook's name: base values raised by the file's.
    pub skills: BTreeMap<String, u32>,
    pub weapons: Vec<CarriedWeapon>,
    pub natural_attacks: Vec<NaturalAttack>,
    pub attacks_per_round: u32,
    pub armor: Option<ArmorWorn>,
    /// An impale does it no more harm than another such hit.
    pub immune_to_impale: bool,
    /// No blow knocks it out.
    pub cannot_be_knocked_out: bool,
    pub control: Control,
    /// The round the unit joins in, if not from the start.
    pub arrives: Option<u32>,
    /// How it stands as the fight opens.
    pub opening: Opening,
    /// The AI keeps it in place until an enemy is within this many yards or it is hurt.
    pub waits_until_within: Option<u32>,
    /// Starts hidden from the players.
    pub hidden: bool,
    /// Off the map until the keeper brings it in.
    pub reserve: bool,
    /// Its specialities (the d10 pool's Secondary abilities).
    pub secondary: Vec<String>,
    /// The hand it holds its weapon in.
    pub handed: Hand,
    /// Its obsession (the d100 house sheet's), by the rulebook's skill name.
    pub obsession: Option<String>,
    /// The cherries it may take on a matched blow, by name (its rulebook knows them).
    pub cherries: Vec<BareName>,
}

impl UnitSpec {
    /// The arm that holds its weapon.
    pub fn weapon_arm(&self) -> BodyPart {
        self.handed.weapon_arm()
    }

    /// Whether the unit has this speciality (a weapon's, where its table row names one).
    pub fn has_secondary(&self, secondary: Option<&str>) -> bool {
        secondary.is_some_and(|name| self.secondary.iter().any(|own| own == name))
    }

    /// Every attack the unit has: its weapons, its own attacks, bare hands, and the kicks and
    /// bites the rulebook offers.
    pub fn attack_choices(&self, ruleset: &dyn Ruleset) -> Vec<WeaponChoice> {
        let strength = self.characteristics.strength;
        (0..self.weapons.len())
            .map(WeaponChoice::Carried)
            .chain((0..self.natural_attacks.len()).map(WeaponChoice::Natural))
            .chain([WeaponChoice::Unarmed])
            .chain(
                BodyBlow::ALL
                    .into_iter()
                    .filter(|blow| {
                        ruleset
                            .hand_to_hand()
                            .body_blow_damage(*blow, strength)
                            .is_some()
                    })
                    .map(WeaponChoice::Body),
            )
            .collect()
    }

    /// The name of one of the unit's attacks.
    pub fn attack_name(&self, choice: WeaponChoice) -> String {
        let name = match choice {
            WeaponChoice::Carried(index) => {
                self.weapons.get(index).map(|carried| &carried.weapon.name)
            }
            WeaponChoice::Natural(index) => {
                self.natural_attacks.get(index).map(|attack| &attack.name)
            }
            WeaponChoice::Body(blow) => return blow.name().to_string(),
            WeaponChoice::Unarmed => None,
        };
        name.map_or_else(|| "bare hands".to_string(), Clone::clone)
    }

    /// The reach of one of the unit's attacks on a rulebook's range scale (a wielder's STR sets
    /// thrown ranges).
    pub fn attack_reach(&self, choice: WeaponChoice, scale: &RangeScale) -> WeaponReach {
        match choice {
            WeaponChoice::Carried(index) => {
                self.weapons
                    .get(index)
                    .map_or(WeaponReach::Touch, |carried| {
                        WeaponReach::of(&carried.weapon.range, self.characteristics.strength, scale)
                    })
            }
            WeaponChoice::Natural(_) | WeaponChoice::Unarmed | WeaponChoice::Body(_) => {
                WeaponReach::Touch
            }
        }
    }

    /// The range bands of `weapon` in this unit's hands on a rulebook's range scale: its STR
    /// sets a thrown weapon's range, its DEX how far point-blank reaches.
    pub fn range_ruler(&self, weapon: &Weapon, scale: &RangeScale) -> RangeRuler {
        RangeRuler::new(
            &WeaponReach::of(&weapon.range, self.characteristics.strength, scale),
            scale.point_blank(self.characteristics.dexterity),
        )
    }

    /// Whether a blow with `choice` is blunt (bare hands, or a hand-to-hand weapon that does
    /// not impale), as a knock-out blow must be; a creature's own attacks are not.
    pub fn strikes_blunt(&self, choice: WeaponChoice) -> bool {
        match choice {
            WeaponChoice::Unarmed | WeaponChoice::Body(BodyBlow::Kick) => true,
            WeaponChoice::Carried(index) => self.weapons.get(index).is_some_and(|carried| {
                carried.weapon.attack_form() == AttackForm::Melee && !carried.weapon.impale
            }),
            WeaponChoice::Natural(_) | WeaponChoice::Body(BodyBlow::Bite) => false,
        }
    }

    /// Whether `choice` is an explosive it carries to throw.
    pub fn lobs(&self, choice: WeaponChoice) -> bool {
        match choice {
            WeaponChoice::Carried(index) => self
                .weapons
                .get(index)
                .is_some_and(|carried| carried.weapon.attack_form() == AttackForm::Lobbed),
            _ => false,
        }
    }

    /// What the unit holds ready at the start: its first weapon, else its first natural
    /// attack, else its fists.
    pub fn default_weapon(&self) -> WeaponChoice {
        if !self.weapons.is_empty() {
            WeaponChoice::Carried(0)
        } else if !self.natural_attacks.is_empty() {
            WeaponChoice::Natural(0)
        } else {
            WeaponChoice::Unarmed
        }
    }

    /// The mean damage of a hit with `damage` by this unit: the dice and any damage bonus at
    /// their middle, never below nothing (what the AI expects a hit to do).
    pub fn mean_damage(&self, damage: &DamageNotation) -> f64 {
        damage.formulas().first().map_or(0.0, |formula| {
            let bonus = if formula.uses_damage_bonus() {
                self.derived.damage_bonus.weapon_mean()
            } else {
                0.0
            };
            (formula.weapon_mean() + bonus).max(0.0)
        })
    }

    /// The most one hit of `weapon` by this unit can do at full damage, with its damage
    /// bonus (`u32::MAX` where that cannot be told).
    pub fn most_damage(&self, weapon: &Weapon) -> u32 {
        weapon
            .damage
            .maximum(DamageReach::Full, &self.derived.damage_bonus)
            .unwrap_or(u32::MAX)
    }

    /// A skill's value, by any of its names; 0 if the rulebook does not know it.
    pub fn skill(&self, ruleset: &dyn Ruleset, name: &str) -> u32 {
        ruleset
            .sheet()
            .skill_value(name, &self.characteristics, &self.skills)
    }
}

/// A checked scenario, ready to play.
#[derive(Debug, Clone)]
pub struct Scenario {
    pub name: String,
    pub description: String,
    pub map: GridMap,
    pub rules: RuleOptions,
    pub ruleset: Arc<dyn Ruleset>,
    pub sides: Vec<Side>,
    pub units: Vec<UnitSpec>,
    pub exits: Vec<Tile>,
    pub victory: Victory,
    /// The scenario as written, with its map written out in it: what a replay carries so that
    /// it plays without the files it came from.
    pub source: ScenarioFile,
}

impl Scenario {
    /// How many units the scenario starts with: those after them the keeper brought in
    /// mid-fight from a roster.
    pub fn units_as_begun(&self) -> usize {
        self.source.units.len()
    }

    /// The scenario as the battle began it, without the units the keeper brought in since (a
    /// replay brings them in again with the orders that did).
    pub fn as_begun(&self) -> Self {
        let mut begun = self.clone();
        begun.units.truncate(self.units_as_begun());
        begun
    }

    /// The name as a file name: "Cellar melee" to "cellar-melee".
    pub fn slug(&self) -> String {
        crate::words::slug(&self.name)
    }
}
