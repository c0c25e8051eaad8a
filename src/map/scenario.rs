//! Scenarios: a map, the sides, the units on it, rule options and how the battle is won; read
//! from RON and checked against the map and the rulebook before anything is built from them.

use std::collections::{BTreeMap, HashSet};
use std::path::{Path, PathBuf};
use std::sync::Arc;

use serde::{Deserialize, Serialize};

use super::opening::{Opening, OpeningFile};
use super::{GridMap, MapFile, Tile};
use crate::files::{FileError, field_value_offset, list_items, parse_ron, read_text};
use crate::rules::characteristics::{Characteristics, DerivedStats};
use crate::rules::damage::DamageNotation;
use crate::rules::ruleset::{Ruleset, RulesetId, ruleset};
use crate::rules::skills::find_skill;
use crate::rules::weapons::Weapon;

/// Which of a unit's attacks it uses.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum WeaponChoice {
    /// A weapon it carries, by its place in the unit's list.
    Carried(usize),
    /// A creature's own attack (claws, bite), by its place in the list.
    Natural(usize),
    /// Fists and feet.
    Unarmed,
}

/// The highest value a characteristic or skill may have (monsters go well past 100).
pub const MAX_RATING: u32 = 999;
/// The most units a scenario may hold.
pub const MAX_UNITS: usize = 256;

/// Where a scenario's map comes from.
#[derive(Debug, Clone, Serialize, Deserialize)]
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

/// Optional rules the scenario turns on.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename = "rules")]
pub struct RuleOptions {
    #[serde(default)]
    pub ruleset: RulesetId,
    /// Order the round by a DEX roll instead of DEX.
    #[serde(default)]
    pub dex_roll_initiative: bool,
    /// Damage to investigators is described, not shown as numbers.
    #[serde(default)]
    pub concealed_damage: bool,
    /// No point-blank bonus die for rifles, full-length shotguns and bows.
    #[serde(default)]
    pub point_blank_revisited: bool,
}

/// A side as the file writes it.
#[derive(Debug, Clone, Serialize, Deserialize)]
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
}

/// A weapon a unit carries, from the rulebook's weapon table.
#[derive(Debug, Clone, Serialize, Deserialize)]
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
#[derive(Debug, Clone, Serialize, Deserialize)]
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
}

/// A unit as the file writes it.
#[derive(Debug, Clone, Serialize, Deserialize)]
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
    /// `side` wins when `count` of its units leave through the scenario's exits.
    ReachExit { side: String, count: u32 },
    /// `side` wins if `unit` still stands after `rounds` rounds.
    Protect {
        side: String,
        unit: String,
        rounds: u32,
    },
}

/// A scenario file as written.
#[derive(Debug, Clone, Serialize, Deserialize)]
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

/// A side, checked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Side {
    pub id: String,
    pub name: String,
    pub colour: (u8, u8, u8),
    pub control: Control,
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
    pub control: Control,
    /// The round the unit joins in, if not from the start.
    pub arrives: Option<u32>,
    /// How it stands as the fight opens.
    pub opening: Opening,
}

impl UnitSpec {
    /// The name and reach of one of the unit's attacks (a wielder's STR sets thrown ranges).
    pub fn attack_reach(&self, choice: WeaponChoice) -> (String, crate::map::range::WeaponReach) {
        use crate::map::range::WeaponReach;
        match choice {
            WeaponChoice::Carried(index) => self.weapons.get(index).map_or_else(
                || ("bare hands".to_string(), WeaponReach::Touch),
                |carried| {
                    (
                        carried.weapon.name.clone(),
                        WeaponReach::of(&carried.weapon.range, self.characteristics.strength),
                    )
                },
            ),
            WeaponChoice::Natural(index) => (
                self.natural_attacks
                    .get(index)
                    .map_or_else(|| "bare hands".to_string(), |attack| attack.name.clone()),
                WeaponReach::Touch,
            ),
            WeaponChoice::Unarmed => ("bare hands".to_string(), WeaponReach::Touch),
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

    /// A skill's value, by any of its names; 0 if the rulebook does not know it.
    pub fn skill(&self, ruleset: &dyn Ruleset, name: &str) -> u32 {
        find_skill(ruleset.skills(), name)
            .and_then(|entry| self.skills.get(entry.name).copied())
            .unwrap_or_default()
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

/// Token colours for sides that do not choose one: blue, red, green, amber, violet, teal.
const SIDE_PALETTE: [(u8, u8, u8); 6] = [
    (60, 130, 240),
    (220, 60, 60),
    (70, 190, 90),
    (235, 170, 40),
    (170, 90, 220),
    (40, 190, 190),
];

impl Scenario {
    /// Read and check a scenario file; a map it names is read relative to it.
    pub fn load(path: &Path) -> Result<Self, FileError> {
        let text = read_text(path)?;
        Self::parse(&path.display().to_string(), &text, path.parent())
    }

    /// Parse and check a scenario's text. `file` names it in errors; `folder` is where a map it
    /// names by path is looked for (`None`: only inline maps are allowed).
    pub fn parse(file: &str, text: &str, folder: Option<&Path>) -> Result<Self, FileError> {
        let source: ScenarioFile = parse_ron(file, text)?;
        Checker { file, text, folder }.check(source)
    }

    /// The name as a file name: "Cellar melee" to "cellar-melee".
    pub fn slug(&self) -> String {
        self.name
            .split(|letter: char| !letter.is_ascii_alphanumeric())
            .filter(|word| !word.is_empty())
            .map(str::to_ascii_lowercase)
            .collect::<Vec<_>>()
            .join("-")
    }

    /// Check a scenario already read from `text` (inside a replay, say), its map inline;
    /// problems are located in `text`.
    pub fn from_source(file: &str, text: &str, source: ScenarioFile) -> Result<Self, FileError> {
        Checker {
            file,
            text,
            folder: None,
        }
        .check(source)
    }
}

/// Checks a parsed scenario, locating every problem in its text.
struct Checker<'a> {
    file: &'a str,
    text: &'a str,
    folder: Option<&'a Path>,
}

impl Checker<'_> {
    fn at_field(&self, from: usize, field: &str, message: String) -> FileError {
        FileError::at_field(self.file, self.text, from, field, message)
    }

    fn at_text(&self, from: usize, needle: &str, message: String) -> FileError {
        FileError::at_text(self.file, self.text, from, needle, message)
    }

    fn check(&self, mut source: ScenarioFile) -> Result<Scenario, FileError> {
        let ruleset: Arc<dyn Ruleset> = Arc::from(ruleset(source.rules.ruleset)?);
        let (map, map_file) = self.map(&source.map)?;
        let sides = self.sides(&source.sides)?;
        let units = self.units(&source.units, &sides, &map, ruleset.as_ref())?;
        let exits = self.exits(&source.exits, &map)?;
        self.victory(&source.victory, &sides, &units)?;
        source.map = MapSource::Inline(map_file);
        Ok(Scenario {
            name: source.name.clone(),
            description: source.description.clone(),
            map,
            rules: source.rules.clone(),
            ruleset,
            sides,
            units,
            exits,
            victory: source.victory.clone(),
            source,
        })
    }

    /// The map, checked, and as written.
    fn map(&self, source: &MapSource) -> Result<(GridMap, MapFile), FileError> {
        let map_at = field_value_offset(self.text, 0, "map").unwrap_or_default();
        match source {
            MapSource::Inline(map) => {
                let checked = GridMap::from_file(self.file, self.text, map_at, map.clone())?;
                Ok((checked, map.clone()))
            }
            MapSource::File(name) => {
                let Some(folder) = self.folder else {
                    return Err(self.at_field(
                        0,
                        "map",
                        format!("the map `{name}` must be written inline here"),
                    ));
                };
                let path: PathBuf = folder.join(name);
                let text = read_text(&path).map_err(|error| {
                    self.at_field(0, "map", format!("cannot read the map `{name}`: {error}"))
                })?;
                let file = path.display().to_string();
                let map: MapFile = parse_ron(&file, &text)?;
                let checked = GridMap::from_file(&file, &text, 0, map.clone())?;
                Ok((checked, map))
            }
        }
    }

    fn sides(&self, sides: &[SideFile]) -> Result<Vec<Side>, FileError> {
        let sides_at = field_value_offset(self.text, 0, "sides").unwrap_or_default();
        if sides.len() < 2 {
            return Err(self.at_field(0, "sides", "a battle needs at least two sides".to_string()));
        }
        let starts = list_items(self.text, sides_at);
        let mut seen = HashSet::new();
        sides
            .iter()
            .enumerate()
            .map(|(index, side)| {
                let side_at = starts.get(index).copied().unwrap_or(sides_at);
                if !seen.insert(side.id.as_str()) {
                    return Err(self.at_field(
                        side_at,
                        "id",
                        format!("the side id `{}` is used twice", side.id),
                    ));
                }
                Ok(Side {
                    id: side.id.clone(),
                    name: side.name.clone(),
                    colour: side
                        .colour
                        .unwrap_or(SIDE_PALETTE[index % SIDE_PALETTE.len()]),
                    control: side.control,
                })
            })
            .collect()
    }

    fn units(
        &self,
        units: &[UnitFile],
        sides: &[Side],
        map: &GridMap,
        ruleset: &dyn Ruleset,
    ) -> Result<Vec<UnitSpec>, FileError> {
        let units_at = field_value_offset(self.text, 0, "units").unwrap_or_default();
        if units.is_empty() || units.len() > MAX_UNITS {
            return Err(self.at_field(
                0,
                "units",
                format!(
                    "a scenario has from 1 to {MAX_UNITS} units, not {}",
                    units.len()
                ),
            ));
        }
        let starts = list_items(self.text, units_at);
        let mut names = HashSet::new();
        let mut taken: BTreeMap<Tile, &str> = BTreeMap::new();
        let mut checked = Vec::with_capacity(units.len());
        for (index, unit) in units.iter().enumerate() {
            let unit_at = starts.get(index).copied().unwrap_or(units_at);
            if !names.insert(unit.name.as_str()) {
                return Err(self.at_field(
                    unit_at,
                    "name",
                    format!("two units are called `{}`", unit.name),
                ));
            }
            let side = sides
                .iter()
                .position(|side| side.id == unit.side)
                .ok_or_else(|| {
                    let known: Vec<&str> = sides.iter().map(|side| side.id.as_str()).collect();
                    self.at_field(
                        unit_at,
                        "side",
                        format!(
                            "`{}` is not a side here (sides: {})",
                            unit.side,
                            known.join(", ")
                        ),
                    )
                })?;
            let start = Tile::new(unit.at.0, unit.at.1);
            let Some(terrain) = map.terrain(start) else {
                return Err(self.at_field(
                    unit_at,
                    "at",
                    format!(
                        "{} stands at {start}, off the {}x{} map",
                        unit.name,
                        map.width(),
                        map.height()
                    ),
                ));
            };
            if terrain.blocks_movement {
                return Err(self.at_field(
                    unit_at,
                    "at",
                    format!(
                        "{} stands at {start}, on {} where nobody can stand",
                        unit.name, terrain.name
                    ),
                ));
            }
            if let Some(other) = taken.insert(start, &unit.name) {
                return Err(self.at_field(
                    unit_at,
                    "at",
                    format!("{} and {other} both stand at {start}", unit.name),
                ));
            }
            checked.push(self.unit(unit, unit_at, side, start, sides, ruleset)?);
        }
        let names: Vec<&str> = units.iter().map(|unit| unit.name.as_str()).collect();
        for (index, (unit, spec)) in units.iter().zip(checked.iter_mut()).enumerate() {
            let Some(opening) = &unit.opening else {
                continue;
            };
            let unit_at = starts.get(index).copied().unwrap_or(units_at);
            let opening_at = field_value_offset(self.text, unit_at, "opening").unwrap_or(unit_at);
            spec.opening = opening
                .check(&unit.name, index, spec.derived.hit_points, &names)
                .map_err(|(field, message)| self.at_field(opening_at, field, message))?;
        }
        Ok(checked)
    }

    fn unit(
        &self,
        unit: &UnitFile,
        unit_at: usize,
        side: usize,
        start: Tile,
        sides: &[Side],
        ruleset: &dyn Ruleset,
    ) -> Result<UnitSpec, FileError> {
        let c = &unit.characteristics;
        for (field, value) in [
            ("STR", c.strength),
            ("CON", c.constitution),
            ("SIZ", c.size),
            ("DEX", c.dexterity),
            ("APP", c.appearance),
            ("INT", c.intelligence),
            ("POW", c.power),
            ("EDU", c.education),
            ("LUCK", c.luck),
        ] {
            if !(1..=MAX_RATING).contains(&value) {
                return Err(self.at_field(
                    unit_at,
                    field,
                    format!("{field} {value} is out of range: characteristics run from 1 to {MAX_RATING}"),
                ));
            }
        }
        if !(15..=150).contains(&unit.age) {
            return Err(self.at_field(
                unit_at,
                "age",
                format!("age {} is not from 15 to 150", unit.age),
            ));
        }
        if unit
            .arrives
            .is_some_and(|round| !(2..=1000).contains(&round))
        {
            return Err(self.at_field(
                unit_at,
                "arrives",
                format!(
                    "units arrive from round 2 to round 1000, not {:?}",
                    unit.arrives
                ),
            ));
        }
        if !(1..=10).contains(&unit.attacks_per_round) {
            return Err(self.at_field(
                unit_at,
                "attacks_per_round",
                format!(
                    "{} attacks a round is not from 1 to 10",
                    unit.attacks_per_round
                ),
            ));
        }
        let mut skills: BTreeMap<String, u32> = ruleset
            .skills()
            .iter()
            .map(|entry| (entry.name.to_string(), entry.base_value(c)))
            .collect();
        for (name, &value) in &unit.skills {
            let Some(entry) = find_skill(ruleset.skills(), name) else {
                return Err(self.at_text(
                    unit_at,
                    &format!("{name:?}"),
                    format!(
                        "unknown skill `{name}` for {} in {}",
                        unit.name,
                        ruleset.name()
                    ),
                ));
            };
            if value > MAX_RATING {
                return Err(self.at_text(
                    unit_at,
                    &format!("{name:?}"),
                    format!("{name} {value} is out of range: skills run from 0 to {MAX_RATING}"),
                ));
            }
            skills.insert(entry.name.to_string(), value);
        }
        let weapons = unit
            .weapons
            .iter()
            .map(|carried| self.weapon(carried, unit, unit_at, ruleset))
            .collect::<Result<Vec<_>, _>>()?;
        for attack in &unit.natural_attacks {
            if attack.skill > MAX_RATING {
                return Err(self.at_text(
                    unit_at,
                    &format!("{:?}", attack.name),
                    format!(
                        "{} {} is out of range: skills run from 0 to {MAX_RATING}",
                        attack.name, attack.skill
                    ),
                ));
            }
        }
        let mut derived = ruleset.derive(c, unit.age);
        if let Some(movement) = unit.movement {
            if !(1..=30).contains(&movement) {
                return Err(self.at_field(
                    unit_at,
                    "movement",
                    format!("MOV {movement} is not from 1 to 30"),
                ));
            }
            derived.movement = movement;
        }
        if let Some(hit_points) = unit.hit_points {
            if !(1..=MAX_RATING).contains(&hit_points) {
                return Err(self.at_field(
                    unit_at,
                    "hit_points",
                    format!("{hit_points} hit points is not from 1 to {MAX_RATING}"),
                ));
            }
            derived.hit_points = hit_points;
        }
        if derived.hit_points == 0 {
            return Err(self.at_field(
                unit_at,
                "CON",
                format!(
                    "{} would start with 0 hit points: raise CON or SIZ",
                    unit.name
                ),
            ));
        }
        Ok(UnitSpec {
            name: unit.name.clone(),
            side,
            start,
            age: unit.age,
            characteristics: *c,
            derived,
            skills,
            weapons,
            natural_attacks: unit.natural_attacks.clone(),
            attacks_per_round: unit.attacks_per_round,
            armor: unit.armor.clone(),
            control: unit.control.unwrap_or(sides[side].control),
            arrives: unit.arrives,
            opening: Opening::default(),
        })
    }

    fn weapon(
        &self,
        carried: &CarriedWeaponFile,
        unit: &UnitFile,
        unit_at: usize,
        ruleset: &dyn Ruleset,
    ) -> Result<CarriedWeapon, FileError> {
        let quoted = format!("{:?}", carried.weapon);
        let Some(weapon) = ruleset.weapons().find(&carried.weapon) else {
            return Err(self.at_text(
                unit_at,
                &quoted,
                format!(
                    "unknown weapon `{}` for {}: not in the weapon table",
                    carried.weapon, unit.name
                ),
            ));
        };
        let weapon = if carried.slugs {
            weapon.with_slugs().ok_or_else(|| {
                self.at_text(
                    unit_at,
                    &quoted,
                    format!("{} takes no slugs: only shotguns do", weapon.name),
                )
            })?
        } else {
            weapon.clone()
        };
        let capacity = weapon.capacity();
        let loaded = carried.loaded.unwrap_or(capacity);
        if loaded > capacity {
            let entry_at = self
                .text
                .get(unit_at..)
                .and_then(|rest| rest.find(&quoted))
                .map_or(unit_at, |found| unit_at + found);
            return Err(self.at_field(
                entry_at,
                "loaded",
                format!("{} holds {capacity} rounds, not {loaded}", weapon.name),
            ));
        }
        if carried.spare > 10_000 {
            return Err(self.at_text(
                unit_at,
                &quoted,
                format!("{} spare rounds is too many to carry", carried.spare),
            ));
        }
        Ok(CarriedWeapon {
            weapon,
            loaded,
            spare: carried.spare,
            mounted: carried.mounted,
        })
    }

    fn exits(&self, exits: &[(u32, u32)], map: &GridMap) -> Result<Vec<Tile>, FileError> {
        exits
            .iter()
            .map(|&(x, y)| {
                let tile = Tile::new(x, y);
                if map.walkable(tile) {
                    Ok(tile)
                } else {
                    Err(self.at_field(
                        0,
                        "exits",
                        format!("the exit {tile} is not a tile a unit can stand on"),
                    ))
                }
            })
            .collect()
    }

    fn victory(
        &self,
        victory: &Victory,
        sides: &[Side],
        units: &[UnitSpec],
    ) -> Result<(), FileError> {
        let side_known = |id: &str| sides.iter().any(|side| side.id == id);
        let problem = match victory {
            Victory::LastSideStanding => None,
            Victory::Survive { side, rounds } | Victory::Protect { side, rounds, .. }
                if *rounds == 0 =>
            {
                Some(format!("`{side}` must survive at least one round"))
            }
            Victory::Survive { side, .. }
            | Victory::ReachExit { side, .. }
            | Victory::Protect { side, .. }
                if !side_known(side) =>
            {
                Some(format!("`{side}` is not a side here"))
            }
            Victory::ReachExit { count, .. } if *count == 0 => {
                Some("at least one unit must reach an exit".to_string())
            }
            Victory::Protect { side, unit, .. } => {
                match units.iter().find(|spec| spec.name == *unit) {
                    None => Some(format!("there is no unit called `{unit}` to protect")),
                    Some(spec) if sides[spec.side].id != *side => {
                        Some(format!("`{unit}` is not on the side `{side}`"))
                    }
                    Some(_) => None,
                }
            }
            Victory::Survive { .. } | Victory::ReachExit { .. } => None,
        };
        match problem {
            Some(message) => Err(self.at_field(0, "victory", message)),
            None => Ok(()),
        }
    }
}
