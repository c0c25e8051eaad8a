//! Reading and checking a scenario: every field of a file a user hands us checked, and a bad one
//! refused with its file, line, column and field; the map it names read relative to it; the
//! units resolved against the rulebook's sheet and weapon table.

use std::collections::{BTreeMap, HashSet};
use std::path::{Path, PathBuf};
use std::sync::Arc;

use super::map_path::{MapReach, looks_like_a_map, map_path};
use super::scenario::{
    Control, MAX_SCENARIO_IN_A_SAVE, MAX_UNITS, MapSource, Scenario, ScenarioFile, Side, SideFile,
    UnitFile, UnitSpec, Victory,
};
use super::tiled_map::{TiledMap, is_tiled};
use super::{GridMap, MapFile, Tile};
use crate::files::{FileError, field_value_offset, list_items, parse_ron, read_text};
use crate::rules::ruleset::Ruleset;
use crate::rulesets::{find, unknown};

mod unit;

/// Token colours for sides that do not choose one, from the Okabe-Ito palette, which people
/// with any of the common colour blindnesses tell apart: blue, vermillion, bluish green,
/// yellow, reddish purple, sky blue.
const SIDE_PALETTE: [(u8, u8, u8); 6] = [
    (40, 120, 200),
    (213, 94, 0),
    (0, 158, 115),
    (240, 228, 66),
    (204, 121, 167),
    (86, 180, 233),
];

impl SideFile {
    /// Its token colour: its own, else the palette's for the `index`th side.
    pub fn colour_at(&self, index: usize) -> (u8, u8, u8) {
        self.colour
            .unwrap_or(SIDE_PALETTE[index % SIDE_PALETTE.len()])
    }
}

impl Scenario {
    /// Read and check a scenario file; a map it names is read from its folder.
    pub fn load(path: &Path) -> Result<Self, FileError> {
        let text = read_text(path)?;
        Self::parse(&path.display().to_string(), &text, path.parent())
    }

    /// Parse and check a scenario's text. `file` names it in errors; `folder` is where a map it
    /// names by path is looked for (`None`: only inline maps are allowed), and only there.
    pub fn parse(file: &str, text: &str, folder: Option<&Path>) -> Result<Self, FileError> {
        Self::parse_reaching(file, text, folder, MapReach::InsideTheFolder)
    }

    /// [`Scenario::parse`], its map file allowed as far as `reach`.
    pub fn parse_reaching(
        file: &str,
        text: &str,
        folder: Option<&Path>,
        reach: MapReach,
    ) -> Result<Self, FileError> {
        let source: ScenarioFile = parse_ron(file, text)?;
        Checker {
            file,
            text,
            folder,
            reach,
        }
        .check(source)
    }

    /// Check a unit the keeper brings into the fight mid-way (one from the rulebook's roster):
    /// its side, tile, sheet and weapons as for any unit of the scenario, its name not yet
    /// taken. It comes in now, fresh: no reserve, later arrival or opening state. Problems are
    /// located in the unit written out on its own.
    pub fn check_recruit(&self, unit: &UnitFile) -> Result<UnitSpec, FileError> {
        let text =
            ron::ser::to_string_pretty(unit, ron::ser::PrettyConfig::default()).unwrap_or_default();
        let checker = Checker {
            file: "the unit brought in",
            text: &text,
            folder: None,
            reach: MapReach::InsideTheFolder,
        };
        if self.units.len() >= MAX_UNITS {
            return Err(checker.at_field(
                0,
                "name",
                format!("a battle has at most {MAX_UNITS} units"),
            ));
        }
        if self.units.iter().any(|other| other.name == unit.name) {
            return Err(checker.at_field(
                0,
                "name",
                format!("a unit is already called `{}`", unit.name),
            ));
        }
        for (field, set) in [
            ("opening", unit.opening.is_some()),
            ("arrives", unit.arrives.is_some()),
            ("reserve", unit.reserve),
        ] {
            if set {
                return Err(checker.at_field(
                    0,
                    field,
                    format!(
                        "a unit brought in mid-fight comes in now and fresh: leave out `{field}`"
                    ),
                ));
            }
        }
        let (side, start) = checker.placement(unit, 0, &self.sides, &self.map)?;
        checker.unit(unit, 0, side, start, &self.sides, self.ruleset.as_ref())
    }

    /// Check a scenario already read from `text` (inside a replay, say), its map inline;
    /// problems are located in `text`.
    pub fn from_source(file: &str, text: &str, source: ScenarioFile) -> Result<Self, FileError> {
        Checker {
            file,
            text,
            folder: None,
            reach: MapReach::InsideTheFolder,
        }
        .check(source)
    }
}

/// Checks a parsed scenario, locating every problem in its text.
struct Checker<'a> {
    file: &'a str,
    text: &'a str,
    folder: Option<&'a Path>,
    reach: MapReach,
}

impl Checker<'_> {
    fn at_field(&self, from: usize, field: &str, message: String) -> FileError {
        FileError::at_field(self.file, self.text, from, field, message)
    }

    fn at_text(&self, from: usize, needle: &str, message: String) -> FileError {
        FileError::at_text(self.file, self.text, from, needle, message)
    }

    fn check(&self, mut source: ScenarioFile) -> Result<Scenario, FileError> {
        let Some(rulebook) = find(source.rules.ruleset) else {
            return Err(self.at_field(0, "ruleset", unknown(source.rules.ruleset)));
        };
        let ruleset: Arc<dyn Ruleset> = Arc::from((rulebook.make)(&source.rules)?);
        if let Some((name, problem)) = source.rules.own_problem(ruleset.name(), rulebook.options) {
            return Err(self.at_field(0, name.as_str(), problem));
        }
        let (map, map_file, tiled) = self.map(&source.map)?;
        if let Some(tiled) = tiled {
            // What the Tiled map places joins what the scenario writes, and goes with it into
            // the scenario as begun (its map written inline).
            let placed = tiled.unit_files(&source.sides, &source.units, ruleset.as_ref())?;
            source.units.extend(placed);
            source
                .exits
                .extend(tiled.exits.iter().map(|tile| (tile.x, tile.y)));
        }
        // An exit written twice is one exit, and goes into the battle's saves once.
        let mut seen = std::collections::HashSet::new();
        source.exits.retain(|exit| seen.insert(*exit));
        let sides = self.sides(&source.sides)?;
        let units = self.units(&source.units, &sides, &map, ruleset.as_ref())?;
        let exits = self.exits(&source.exits, &map)?;
        self.victory(&source.victory, &sides, &units)?;
        source.map = MapSource::Inline(map_file);
        let in_a_save = source.written_in_a_save().len();
        if in_a_save > MAX_SCENARIO_IN_A_SAVE {
            return Err(self.at_field(
                0,
                "name",
                format!(
                    "the scenario takes {in_a_save} bytes as its saves write it (its map \
                     written out); a save holds at most {MAX_SCENARIO_IN_A_SAVE}: shorten its \
                     texts or its map"
                ),
            ));
        }
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

    /// The map, checked, and as written; a Tiled map with what its objects place.
    fn map(&self, source: &MapSource) -> Result<(GridMap, MapFile, Option<TiledMap>), FileError> {
        let map_at = field_value_offset(self.text, 0, "map").unwrap_or_default();
        match source {
            MapSource::Inline(map) => {
                let checked = GridMap::from_file(self.file, self.text, map_at, map.clone())?;
                Ok((checked, map.clone(), None))
            }
            MapSource::File(name) => {
                let Some(folder) = self.folder else {
                    return Err(self.at_field(
                        0,
                        "map",
                        format!("the map `{name}` must be written inline here"),
                    ));
                };
                let path: PathBuf = map_path(folder, name, self.reach)
                    .map_err(|why| self.at_field(0, "map", format!("the map `{name}` {why}")))?;
                let text = read_text(&path).map_err(|error| {
                    self.at_field(0, "map", format!("cannot read the map `{name}`: {error}"))
                })?;
                if is_tiled(&path) {
                    let tiled = TiledMap::parse(&path, text, self.reach)?;
                    let written = MapFile::from_grid(&tiled.map);
                    return Ok((tiled.map.clone(), written, Some(tiled)));
                }
                if !looks_like_a_map(&text) {
                    return Err(self.at_field(
                        0,
                        "map",
                        format!(
                            "`{name}` is not a map file (one is written `(name: …, legend: {{…}}, \
                             rows: […])`)"
                        ),
                    ));
                }
                let file = path.display().to_string();
                let map: MapFile = parse_ron(&file, &text)?;
                let checked = GridMap::from_file(&file, &text, 0, map.clone())?;
                Ok((checked, map, None))
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
                    colour: side.colour_at(index),
                    control: side.control,
                    secret: side.secret.unwrap_or(side.control == Control::Ai),
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
            let (side, start) = self.placement(unit, unit_at, sides, map)?;
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

    /// A unit's side (by its place in the list) and start tile, checked: a side of the
    /// scenario, a tile on the map where someone can stand.
    fn placement(
        &self,
        unit: &UnitFile,
        unit_at: usize,
        sides: &[Side],
        map: &GridMap,
    ) -> Result<(usize, Tile), FileError> {
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
        Ok((side, start))
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
            Victory::ReachExit {
                by_round: Some(0), ..
            } => Some("`by_round` must give the escape at least one round".to_string()),
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
