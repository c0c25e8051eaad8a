//! The scenario being made in the editor: a scenario file with its map written inline, changed
//! only by edits, each of which can be taken back and done again; checked by the same checker
//! as `check`, and saved (atomically) as the RON that reads back as the same file.

use std::collections::BTreeMap;
use std::path::Path;

use crate::files::{
    FileError, field_value_offset, line_and_column, list_items, write_atomically,
    write_new_atomically,
};
use crate::map::scenario::{
    Control, MapSource, Scenario, ScenarioFile, SideFile, UnitFile, Victory,
};
use crate::map::terrain::{LegendEntry, TerrainKind};
use crate::map::{MapFile, Tile};
use crate::rules::ruleset::RuleOptions;
use crate::rules::ruleset_id::RulesetId;

/// The largest map the editor makes, a side.
pub const LARGEST_SIDE: u32 = 256;

/// The symbol a new map is floored with, and a grown map's new tiles.
pub const FLOOR: char = '.';

/// The symbol of a new map's surrounding wall.
pub const WALL: char = '#';

/// A scenario being made: its file, the map always inline (so only edits change it).
#[derive(Debug, Clone, PartialEq)]
pub struct Draft {
    file: ScenarioFile,
}

/// One change to a draft.
#[derive(Debug, Clone, PartialEq)]
pub enum Edit {
    /// These tiles take the terrain of `symbol` (a brush stroke, a line, a rectangle).
    Paint {
        tiles: Vec<Tile>,
        symbol: char,
    },
    /// The map grows or shrinks from its right and bottom edges; new tiles are floor.
    Resize {
        width: u32,
        height: u32,
    },
    /// A legend entry added, or changed where the symbol is there already.
    SetLegend {
        symbol: char,
        entry: LegendEntry,
    },
    /// A legend entry no tile uses, taken out.
    RemoveLegend {
        symbol: char,
    },
    /// A unit put on the map.
    PlaceUnit(Box<UnitFile>),
    /// A unit's sheet, side or place changed.
    ChangeUnit {
        index: usize,
        unit: Box<UnitFile>,
    },
    RemoveUnit {
        index: usize,
    },
    AddSide(SideFile),
    /// A side renamed, recoloured or given to the other player; its units follow a new id.
    ChangeSide {
        index: usize,
        side: SideFile,
    },
    /// A side with no units, taken out.
    RemoveSide {
        index: usize,
    },
    /// A tile made a way out, or no longer one.
    ToggleExit(Tile),
    SetVictory(Victory),
    SetRules(RuleOptions),
    /// The scenario's name and description (the map's follow).
    Describe {
        name: String,
        description: String,
    },
}

impl Draft {
    /// A new scenario under `ruleset`: a `width` x `height` floor walled round, two sides (the
    /// players' and the AI's opposition), the last side standing wins.
    pub fn blank(ruleset: RulesetId, width: u32, height: u32) -> Result<Self, String> {
        check_size(width, height)?;
        let rows = (0..height)
            .map(|row| {
                (0..width)
                    .map(|column| {
                        let edge =
                            row == 0 || column == 0 || row + 1 == height || column + 1 == width;
                        if edge { WALL } else { FLOOR }
                    })
                    .collect()
            })
            .collect();
        let legend = BTreeMap::from([
            (WALL, LegendEntry::Kind(TerrainKind::Wall)),
            (FLOOR, LegendEntry::Kind(TerrainKind::Floor)),
        ]);
        let side = |id: &str, name: &str, control| SideFile {
            id: id.to_string(),
            name: name.to_string(),
            colour: None,
            control,
            secret: None,
        };
        Ok(Self {
            file: ScenarioFile {
                name: "A new scene".to_string(),
                description: String::new(),
                map: MapSource::Inline(MapFile {
                    name: "A new scene".to_string(),
                    description: String::new(),
                    legend,
                    rows,
                }),
                rules: RuleOptions {
                    ruleset,
                    ..RuleOptions::default()
                },
                sides: vec![
                    side("players", "The players", Control::Person),
                    side("opposition", "The opposition", Control::Ai),
                ],
                units: Vec::new(),
                exits: Vec::new(),
                victory: Victory::LastSideStanding,
            },
        })
    }

    /// A scenario already made, to change: as written, its map written out inline.
    pub fn of(scenario: &Scenario) -> Self {
        Self {
            file: scenario.source.clone(),
        }
    }

    /// The scenario as written.
    pub fn file(&self) -> &ScenarioFile {
        &self.file
    }

    /// The map, as written.
    pub fn map(&self) -> &MapFile {
        match &self.file.map {
            MapSource::Inline(map) => map,
            MapSource::File(_) => unreachable!("a draft's map is always inline"),
        }
    }

    fn map_mut(&mut self) -> &mut MapFile {
        match &mut self.file.map {
            MapSource::Inline(map) => map,
            MapSource::File(_) => unreachable!("a draft's map is always inline"),
        }
    }

    /// The map as the game reads it, for drawing.
    pub fn grid(&self) -> Result<crate::map::GridMap, FileError> {
        crate::map::GridMap::from_file("the scenario's map", "", 0, self.map().clone())
    }

    /// The stem of the file a new scene is saved as: its own name, lower case, words joined
    /// by dashes (`scene` where its name has no letter or digit).
    pub fn file_stem(&self) -> String {
        let slug = crate::words::slug(&self.file.name);
        if slug.is_empty() {
            "scene".to_string()
        } else {
            slug
        }
    }

    /// The map's size: columns, rows.
    pub fn size(&self) -> (u32, u32) {
        let map = self.map();
        let width = map.rows.first().map_or(0, |row| row.chars().count());
        (
            u32::try_from(width).unwrap_or(u32::MAX),
            u32::try_from(map.rows.len()).unwrap_or(u32::MAX),
        )
    }

    /// The symbol at `tile`, if it is on the map.
    pub fn symbol_at(&self, tile: Tile) -> Option<char> {
        self.map()
            .rows
            .get(tile.y as usize)?
            .chars()
            .nth(tile.x as usize)
    }

    /// The draft written as its file is saved.
    pub fn text(&self) -> String {
        ron::ser::to_string_pretty(&self.file, ron::ser::PrettyConfig::default())
            .unwrap_or_default()
    }

    /// `entry` (a roster unit, or one made from scratch) made ready to place at `at` on the side
    /// `side`, under a name no unit of the draft has yet.
    pub fn recruit(&self, entry: &UnitFile, side: Option<&str>, at: Tile) -> UnitFile {
        let names: Vec<&str> = self
            .file
            .units
            .iter()
            .map(|unit| unit.name.as_str())
            .collect();
        crate::map::roster::recruit_among(entry, &names, side, at)
    }

    /// The unit whose text in [`Draft::text`] holds line `line` (from 1), where one does.
    pub fn unit_at_line(&self, line: usize) -> Option<usize> {
        let text = self.text();
        let units_at = field_value_offset(&text, 0, "units")?;
        list_items(&text, units_at)
            .iter()
            .rposition(|start| line_and_column(&text, *start).0 <= line)
    }

    /// The draft checked as `check` checks a scenario file: the scenario, or the first problem,
    /// located in [`Draft::text`].
    pub fn check(&self) -> Result<Scenario, FileError> {
        Scenario::parse("the scenario", &self.text(), None)
    }

    /// Save the draft to `path` (atomically: a file already there is whole, old or new, at
    /// every moment), replacing what is there; refused, with the problem, where it does not
    /// pass `check`.
    pub fn save(&self, path: &Path) -> Result<(), String> {
        self.write(path, true)
    }

    /// [`Draft::save`] to a path where nothing is: a file that is there (or appears meanwhile)
    /// is left alone, and the save refused.
    pub fn save_new(&self, path: &Path) -> Result<(), String> {
        self.write(path, false)
    }

    fn write(&self, path: &Path, replace: bool) -> Result<(), String> {
        let text = self.text();
        Scenario::parse(&path.display().to_string(), &text, None)
            .map_err(|error| error.to_string())?;
        if let Some(folder) = path
            .parent()
            .filter(|folder| !folder.as_os_str().is_empty())
        {
            std::fs::create_dir_all(folder)
                .map_err(|error| format!("{}: {error}", folder.display()))?;
        }
        let written = if replace {
            write_atomically(path, &text)
        } else {
            write_new_atomically(path, &text)
        };
        written.map_err(|error| match error.kind() {
            std::io::ErrorKind::AlreadyExists => {
                format!("{} is already there, and was left alone", path.display())
            }
            _ => format!("{}: {error}", path.display()),
        })
    }

    /// Make `edit`; why not where it cannot be made (the draft is then unchanged).
    pub fn apply(&mut self, edit: Edit) -> Result<(), String> {
        match edit {
            Edit::Paint { tiles, symbol } => self.paint(&tiles, symbol),
            Edit::Resize { width, height } => self.resize(width, height),
            Edit::SetLegend { symbol, entry } => {
                if symbol.is_whitespace() || symbol.is_control() {
                    return Err("a legend symbol is a visible character".to_string());
                }
                self.map_mut().legend.insert(symbol, entry);
                Ok(())
            }
            Edit::RemoveLegend { symbol } => {
                if self.map().rows.iter().any(|row| row.contains(symbol)) {
                    return Err(format!("`{symbol}` is on the map: paint over it first"));
                }
                self.map_mut().legend.remove(&symbol);
                Ok(())
            }
            Edit::PlaceUnit(unit) => {
                self.file.units.push(*unit);
                Ok(())
            }
            Edit::ChangeUnit { index, unit } => {
                let slot = self.file.units.get_mut(index).ok_or("no such unit")?;
                // A unit the victory names keeps being the one it names.
                if let Victory::Protect { unit: named, .. } = &mut self.file.victory
                    && *named == slot.name
                {
                    named.clone_from(&unit.name);
                }
                *slot = *unit;
                Ok(())
            }
            Edit::RemoveUnit { index } => {
                if index >= self.file.units.len() {
                    return Err("no such unit".to_string());
                }
                self.file.units.remove(index);
                Ok(())
            }
            Edit::AddSide(side) => {
                self.file.sides.push(side);
                Ok(())
            }
            Edit::ChangeSide { index, side } => self.change_side(index, side),
            Edit::RemoveSide { index } => self.remove_side(index),
            Edit::ToggleExit(tile) => {
                let at = (tile.x, tile.y);
                match self.file.exits.iter().position(|exit| *exit == at) {
                    Some(found) => {
                        self.file.exits.remove(found);
                    }
                    None => self.file.exits.push(at),
                }
                Ok(())
            }
            Edit::SetVictory(victory) => {
                self.file.victory = victory;
                Ok(())
            }
            Edit::SetRules(rules) => {
                self.file.rules = rules;
                Ok(())
            }
            Edit::Describe { name, description } => {
                self.file.name.clone_from(&name);
                self.file.description.clone_from(&description);
                let map = self.map_mut();
                map.name = name;
                map.description = description;
                Ok(())
            }
        }
    }

    fn paint(&mut self, tiles: &[Tile], symbol: char) -> Result<(), String> {
        if !self.map().legend.contains_key(&symbol) {
            return Err(format!("`{symbol}` is not in the legend"));
        }
        let (width, height) = self.size();
        let mut rows: Vec<Vec<char>> = self
            .map()
            .rows
            .iter()
            .map(|row| row.chars().collect())
            .collect();
        for tile in tiles
            .iter()
            .filter(|tile| tile.x < width && tile.y < height)
        {
            rows[tile.y as usize][tile.x as usize] = symbol;
        }
        self.map_mut().rows = rows.into_iter().map(String::from_iter).collect();
        Ok(())
    }

    fn resize(&mut self, width: u32, height: u32) -> Result<(), String> {
        check_size(width, height)?;
        if !self.map().legend.contains_key(&FLOOR) {
            self.map_mut()
                .legend
                .insert(FLOOR, LegendEntry::Kind(TerrainKind::Floor));
        }
        let map = self.map_mut();
        map.rows.resize(height as usize, String::new());
        for row in &mut map.rows {
            let mut cells: Vec<char> = row.chars().collect();
            cells.resize(width as usize, FLOOR);
            *row = cells.into_iter().collect();
        }
        let inside = |at: &(u32, u32)| at.0 < width && at.1 < height;
        self.file.exits.retain(inside);
        Ok(())
    }

    fn change_side(&mut self, index: usize, side: SideFile) -> Result<(), String> {
        if self
            .file
            .sides
            .iter()
            .enumerate()
            .any(|(other, existing)| other != index && existing.id == side.id)
        {
            return Err(format!("another side is already `{}`", side.id));
        }
        let old = self.file.sides.get(index).ok_or("no such side")?.id.clone();
        for unit in self.file.units.iter_mut().filter(|unit| unit.side == old) {
            unit.side.clone_from(&side.id);
        }
        rename_in_victory(&mut self.file.victory, &old, &side.id);
        self.file.sides[index] = side;
        Ok(())
    }

    fn remove_side(&mut self, index: usize) -> Result<(), String> {
        let side = self.file.sides.get(index).ok_or("no such side")?;
        if self.file.units.iter().any(|unit| unit.side == side.id) {
            return Err(format!(
                "the {} still have units: take them off first",
                side.name
            ));
        }
        self.file.sides.remove(index);
        Ok(())
    }
}

/// A side's new id in the victory that names it.
fn rename_in_victory(victory: &mut Victory, old: &str, new: &str) {
    match victory {
        Victory::LastSideStanding => {}
        Victory::Survive { side, .. }
        | Victory::ReachExit { side, .. }
        | Victory::Protect { side, .. } => {
            if side == old {
                *side = new.to_string();
            }
        }
    }
}

fn check_size(width: u32, height: u32) -> Result<(), String> {
    if (3..=LARGEST_SIDE).contains(&width) && (3..=LARGEST_SIDE).contains(&height) {
        Ok(())
    } else {
        Err(format!("a map is from 3 to {LARGEST_SIDE} tiles a side"))
    }
}

/// The tiles of a straight line from `from` to `to`, both ends in, each touching the last by a
/// side or a corner.
pub fn line(from: Tile, to: Tile) -> Vec<Tile> {
    let (x0, y0) = (i64::from(from.x), i64::from(from.y));
    let (x1, y1) = (i64::from(to.x), i64::from(to.y));
    let (dx, dy) = ((x1 - x0).abs(), -(y1 - y0).abs());
    let (step_x, step_y) = ((x1 - x0).signum(), (y1 - y0).signum());
    let (mut x, mut y, mut error) = (x0, y0, dx + dy);
    let mut tiles = Vec::new();
    loop {
        tiles.push(Tile::new(
            u32::try_from(x).unwrap_or_default(),
            u32::try_from(y).unwrap_or_default(),
        ));
        if x == x1 && y == y1 {
            return tiles;
        }
        let twice = 2 * error;
        if twice >= dy {
            error += dy;
            x += step_x;
        }
        if twice <= dx {
            error += dx;
            y += step_y;
        }
    }
}

/// The tiles of the rectangle with corners `one` and `other`: all of it, or its edge alone.
pub fn rectangle(one: Tile, other: Tile, filled: bool) -> Vec<Tile> {
    let (left, right) = (one.x.min(other.x), one.x.max(other.x));
    let (top, bottom) = (one.y.min(other.y), one.y.max(other.y));
    (top..=bottom)
        .flat_map(|y| (left..=right).map(move |x| Tile::new(x, y)))
        .filter(|tile| {
            filled || tile.x == left || tile.x == right || tile.y == top || tile.y == bottom
        })
        .collect()
}
