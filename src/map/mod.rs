//! The tactical map: terrain, the grid, reading map files, and the pure grid algorithms every
//! later rule asks (reach, line of sight, cover, distance, range bands).

pub mod field_of_view;
#[cfg(test)]
mod field_of_view_tests;
pub mod map_path;
pub mod opening;
pub mod range;
pub mod reach;
pub mod roster;
pub mod scenario;
mod scenario_check;
pub mod sight;
pub mod terrain;
pub mod tiled_map;
mod unit_fields;
mod written;

use std::collections::BTreeMap;
use std::path::Path;

use serde::{Deserialize, Serialize};

use crate::files::{
    FileError, field_value_offset, list_items, parse_ron, read_text, string_char_offset,
};
pub use terrain::{Cover, Terrain, TerrainKind};
use terrain::{LegendEntry, MAX_MOVE_COST};

/// The largest map we accept on either side, in tiles.
pub const MAX_MAP_SIDE: usize = 512;

/// The most symbols a map's legend may hold (a tile keeps its terrain's number in 16 bits).
pub const MAX_LEGEND: usize = 1024;

/// A tile position: `x` to the right, `y` downwards, (0, 0) the top-left tile as the file is
/// written. One tile is one yard.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Tile {
    pub x: u32,
    pub y: u32,
}

impl Tile {
    pub const fn new(x: u32, y: u32) -> Self {
        Self { x, y }
    }

    /// The tile `dx`, `dy` away, if it has non-negative coordinates.
    pub fn offset(self, dx: i32, dy: i32) -> Option<Self> {
        Some(Self {
            x: self.x.checked_add_signed(dx)?,
            y: self.y.checked_add_signed(dy)?,
        })
    }

    /// Whether `other` is one of the eight tiles around this one.
    pub fn is_adjacent(self, other: Self) -> bool {
        self != other && self.x.abs_diff(other.x) <= 1 && self.y.abs_diff(other.y) <= 1
    }
}

impl std::fmt::Display for Tile {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "({}, {})", self.x, self.y)
    }
}

/// A map as its file is written: a legend of characters and rows of them.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename = "map")]
pub struct MapFile {
    pub name: String,
    #[serde(default)]
    pub description: String,
    pub legend: BTreeMap<char, LegendEntry>,
    pub rows: Vec<String>,
}

/// A loaded, checked map.
#[derive(Debug, Clone)]
pub struct GridMap {
    pub name: String,
    pub description: String,
    width: u32,
    height: u32,
    /// The map's terrains, one per legend symbol used.
    terrains: Vec<Terrain>,
    /// Per tile, row by row from the top: an index into `terrains`.
    tiles: Vec<u16>,
    /// The map's own art, drawn in place of Gridkeeper's tiles (a Tiled map's, where its
    /// tileset images are at hand); not part of the ground, so not of what makes two maps one.
    pub art: Option<std::sync::Arc<tiled_map::TileArt>>,
}

impl GridMap {
    pub fn width(&self) -> u32 {
        self.width
    }

    pub fn height(&self) -> u32 {
        self.height
    }

    pub fn contains(&self, tile: Tile) -> bool {
        tile.x < self.width && tile.y < self.height
    }

    /// The index of a tile in row-major order, or `None` off the map.
    pub fn index(&self, tile: Tile) -> Option<usize> {
        self.contains(tile)
            .then(|| tile.y as usize * self.width as usize + tile.x as usize)
    }

    /// The tile at a row-major index.
    pub fn tile_at(&self, index: usize) -> Tile {
        let width = self.width as usize;
        Tile::new(
            u32::try_from(index % width).unwrap_or(u32::MAX),
            u32::try_from(index / width).unwrap_or(u32::MAX),
        )
    }

    /// How many tiles the map has.
    pub fn area(&self) -> usize {
        self.tiles.len()
    }

    /// The terrain at a tile, or `None` off the map.
    pub fn terrain(&self, tile: Tile) -> Option<&Terrain> {
        self.index(tile)
            .map(|index| &self.terrains[usize::from(self.tiles[index])])
    }

    /// Whether a unit could stand on this tile (on the map, and not blocked).
    pub fn walkable(&self, tile: Tile) -> bool {
        self.terrain(tile)
            .is_some_and(|terrain| !terrain.blocks_movement)
    }

    /// Every tile with its terrain, row by row from the top.
    pub fn tiles(&self) -> impl Iterator<Item = (Tile, &Terrain)> + '_ {
        self.tiles
            .iter()
            .enumerate()
            .map(|(index, &terrain)| (self.tile_at(index), &self.terrains[usize::from(terrain)]))
    }

    /// How many tiles of each named terrain the map has, most common first.
    pub fn terrain_counts(&self) -> Vec<(&Terrain, usize)> {
        let mut counts = vec![0usize; self.terrains.len()];
        for &terrain in &self.tiles {
            counts[usize::from(terrain)] += 1;
        }
        let mut listed: Vec<(&Terrain, usize)> = self
            .terrains
            .iter()
            .zip(counts)
            .filter(|(_, count)| *count > 0)
            .collect();
        listed.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.name.cmp(&b.0.name)));
        listed
    }

    /// Build a map with every tile of one terrain, for tests and benchmarks.
    pub fn filled(name: &str, width: u32, height: u32, terrain: Terrain) -> Self {
        Self {
            name: name.to_string(),
            description: String::new(),
            width,
            height,
            terrains: vec![terrain],
            tiles: vec![0; width as usize * height as usize],
            art: None,
        }
    }

    /// Change one tile's terrain (building maps in code: tests, benchmarks, the editor).
    pub fn set_terrain(&mut self, tile: Tile, terrain: Terrain) {
        let Some(index) = self.index(tile) else {
            return;
        };
        let palette = match self.terrains.iter().position(|known| *known == terrain) {
            Some(existing) => existing,
            None => {
                self.terrains.push(terrain);
                self.terrains.len() - 1
            }
        };
        // Past what a tile can number, the tile keeps its terrain.
        if let Ok(palette) = u16::try_from(palette) {
            self.tiles[index] = palette;
        }
    }

    /// Parse and check a map file's text. `file` names it in errors.
    pub fn parse(file: &str, text: &str) -> Result<Self, FileError> {
        let map: MapFile = parse_ron(file, text)?;
        Self::from_file(file, text, 0, map)
    }

    /// Read and check a map file.
    pub fn load(path: &Path) -> Result<Self, FileError> {
        Self::parse(&path.display().to_string(), &read_text(path)?)
    }

    /// Check a parsed map written in `text` starting at byte `map_at` (a map file, or a map
    /// inline in a scenario), locating errors in `text`.
    pub fn from_file(
        file: &str,
        text: &str,
        map_at: usize,
        map: MapFile,
    ) -> Result<Self, FileError> {
        let rows_at = field_value_offset(text, map_at, "rows").unwrap_or(map_at);
        let row_starts = list_items(text, rows_at);
        let at_row = |row: usize, column: usize, message: String| {
            let start = row_starts.get(row).copied().unwrap_or(rows_at);
            FileError::at_offset(file, text, string_char_offset(text, start, column), message)
        };
        let Some(first) = map.rows.first() else {
            return Err(FileError::at_field(
                file,
                text,
                map_at,
                "rows",
                "a map needs at least one row",
            ));
        };
        let width = first.chars().count();
        if width == 0 {
            return Err(at_row(0, 0, "a map row cannot be empty".to_string()));
        }
        if width > MAX_MAP_SIDE || map.rows.len() > MAX_MAP_SIDE {
            return Err(FileError::at_field(
                file,
                text,
                map_at,
                "rows",
                format!(
                    "the map is {width}x{} tiles; the most is {MAX_MAP_SIDE}x{MAX_MAP_SIDE}",
                    map.rows.len()
                ),
            ));
        }
        let legend_at = field_value_offset(text, map_at, "legend").unwrap_or(map_at);
        if map.legend.len() > MAX_LEGEND {
            return Err(FileError::at_offset(
                file,
                text,
                legend_at,
                format!(
                    "the legend has {} symbols; the most is {MAX_LEGEND}",
                    map.legend.len()
                ),
            ));
        }
        let mut terrains = Vec::new();
        let mut palette = BTreeMap::new();
        for (symbol, entry) in &map.legend {
            let terrain = entry.terrain();
            if terrain.move_cost == 0 || terrain.move_cost > MAX_MOVE_COST {
                return Err(FileError::at_text(
                    file,
                    text,
                    legend_at,
                    &format!("'{symbol}'"),
                    format!(
                        "`{symbol}`: move_cost {} is not from 1 to {MAX_MOVE_COST}",
                        terrain.move_cost
                    ),
                ));
            }
            palette.insert(*symbol, u16::try_from(terrains.len()).unwrap_or_default());
            terrains.push(terrain);
        }
        let mut tiles = Vec::with_capacity(width * map.rows.len());
        for (row_index, row) in map.rows.iter().enumerate() {
            let row_width = row.chars().count();
            if row_width != width {
                return Err(at_row(
                    row_index,
                    row_width.min(width),
                    format!(
                        "row {} is {row_width} tiles wide but the first row is {width}",
                        row_index + 1
                    ),
                ));
            }
            for (column, symbol) in row.chars().enumerate() {
                let Some(&terrain) = palette.get(&symbol) else {
                    return Err(at_row(
                        row_index,
                        column,
                        format!("`{symbol}` is not in the legend"),
                    ));
                };
                tiles.push(terrain);
            }
        }
        Ok(Self {
            name: map.name,
            description: map.description,
            width: u32::try_from(width).unwrap_or(u32::MAX),
            height: u32::try_from(map.rows.len()).unwrap_or(u32::MAX),
            terrains,
            tiles,
            art: None,
        })
    }
}

/// Two maps are the same where they are the same ground: name, description, size and each
/// tile's terrain, in whatever order their terrains were first met.
impl PartialEq for GridMap {
    fn eq(&self, other: &Self) -> bool {
        self.name == other.name
            && self.description == other.description
            && (self.width, self.height) == (other.width, other.height)
            && self
                .tiles()
                .map(|(_, terrain)| terrain)
                .eq(other.tiles().map(|(_, terrain)| terrain))
    }
}

/// A file that is either a scenario or a bare map.
#[derive(Debug, Clone)]
pub enum Loaded {
    Map(GridMap),
    Scenario(Box<scenario::Scenario>),
}

impl Loaded {
    /// Parse and check a scenario (a file with `units`) or a map. `folder` is where a scenario
    /// looks for the map it names, and `reach` how far from it that map may be.
    pub fn parse(
        file: &str,
        text: &str,
        folder: Option<&Path>,
        reach: map_path::MapReach,
    ) -> Result<Self, FileError> {
        if field_value_offset(text, 0, "units").is_some() {
            scenario::Scenario::parse_reaching(file, text, folder, reach)
                .map(|scenario| Self::Scenario(Box::new(scenario)))
        } else {
            GridMap::parse(file, text).map(Self::Map)
        }
    }

    /// Read and check a scenario or map file (a map from Tiled too).
    pub fn load(path: &Path) -> Result<Self, FileError> {
        Self::read(path, read_text(path)?, map_path::MapReach::InsideTheFolder)
    }

    /// Check the scenario or map read from `path` as `text`: a Tiled map by its extension (its
    /// tilesets read from its folder), else as [`Loaded::parse`] tells them apart.
    pub fn read(path: &Path, text: String, reach: map_path::MapReach) -> Result<Self, FileError> {
        if tiled_map::is_tiled(path) {
            return tiled_map::TiledMap::parse(path, text, reach).map(|tiled| Self::Map(tiled.map));
        }
        Self::parse(&path.display().to_string(), &text, path.parent(), reach)
    }

    /// The map, whichever was loaded.
    pub fn map(&self) -> &GridMap {
        match self {
            Self::Map(map) => map,
            Self::Scenario(scenario) => &scenario.map,
        }
    }

    /// One line saying what the file holds.
    pub fn summary(&self) -> String {
        match self {
            Self::Map(map) => format!(
                "map `{}`: {} x {} tiles",
                map.name,
                map.width(),
                map.height()
            ),
            Self::Scenario(scenario) => format!(
                "scenario `{}`: {} x {} map `{}`, {} sides, {} units",
                scenario.name,
                scenario.map.width(),
                scenario.map.height(),
                scenario.map.name,
                scenario.sides.len(),
                scenario.units.len()
            ),
        }
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    const SMALL: &str = r#"(
    name: "Small",
    legend: { '.': Floor, 'X': Wall, 'c': (kind: LowCover, name: "crates", armor: 4) },
    rows: [
        "XXXXX",
        "X.c.X",
        "XXXXX",
    ],
)"#;

    /// A map drawn in rows for tests: `#` wall, `.` floor, `c` low cover, `H` high cover,
    /// `,` difficult ground, `/` open door, `+` closed door, `w` window, `~` water.
    pub(crate) fn sketch(rows: &[&str]) -> GridMap {
        let quoted: Vec<String> = rows.iter().map(|row| format!("{row:?}")).collect();
        let text = format!(
            "(name: \"sketch\", legend: {{ '.': Floor, '#': Wall, 'c': LowCover, 'H': HighCover, \
             ',': Difficult, '/': DoorOpen, '+': DoorClosed, 'w': Window, '~': Water }}, rows: [{}])",
            quoted.join(", ")
        );
        GridMap::parse("sketch", &text).unwrap_or_else(|error| panic!("{error}"))
    }

    #[test]
    fn a_small_map_loads() {
        let map = GridMap::parse("small.ron", SMALL).expect("valid map");
        assert_eq!((map.width(), map.height()), (5, 3));
        let crates = map.terrain(Tile::new(2, 1)).expect("on the map");
        assert_eq!(
            (crates.kind, crates.name.as_str(), crates.armor),
            (TerrainKind::LowCover, "crates", 4)
        );
        assert_eq!(
            map.terrain(Tile::new(0, 0)).map(|t| t.kind),
            Some(TerrainKind::Wall)
        );
        assert_eq!(map.terrain(Tile::new(5, 0)), None);
        assert!(map.walkable(Tile::new(1, 1)));
        assert!(!map.walkable(Tile::new(2, 1)));
        let counts: Vec<(&str, usize)> = map
            .terrain_counts()
            .into_iter()
            .map(|(terrain, count)| (terrain.name.as_str(), count))
            .collect();
        assert_eq!(counts, [("wall", 12), ("floor", 2), ("crates", 1)]);
        assert_eq!(map.tiles().count(), 15);
    }

    #[test]
    fn errors_point_at_the_character() {
        let unknown = SMALL.replace("X.c.X", "X.c?X");
        let error = GridMap::parse("small.ron", &unknown).expect_err("unknown symbol");
        assert_eq!(
            error.to_string(),
            "small.ron:6:13: in `rows`: `?` is not in the legend"
        );
        let ragged = SMALL.replace("X.c.X", "X.c.");
        let error = GridMap::parse("small.ron", &ragged).expect_err("ragged row");
        assert!(error.to_string().starts_with("small.ron:6:14: "), "{error}");
        assert!(
            error.to_string().contains("row 2 is 4 tiles wide"),
            "{error}"
        );
        let bad_cost = SMALL.replace("armor: 4", "armor: 4, move_cost: 0");
        let error = GridMap::parse("small.ron", &bad_cost).expect_err("zero cost");
        assert!(
            error
                .to_string()
                .contains("move_cost 0 is not from 1 to 10"),
            "{error}"
        );
    }

    /// Symbols that are brackets or quotes in RON are only characters in a legend: places after
    /// them are still found.
    #[test]
    fn brackets_and_quotes_as_symbols_keep_errors_in_place() {
        let text = r#"(
    name: "Odd",
    legend: { '"': Floor, '(': Wall, '[': Wall, '{': Wall, '\'': Floor },
    rows: [
        "(\"[{'",
        "(\"[?'",
    ],
)"#;
        let error = GridMap::parse("odd.ron", text).expect_err("unknown symbol");
        assert_eq!(
            error.to_string(),
            "odd.ron:6:14: in `rows`: `?` is not in the legend"
        );
        let hex = text.replace("(\\\"[?'", "\\x28\\\"[?'");
        let error = GridMap::parse("odd.ron", &hex).expect_err("unknown symbol");
        assert!(error.to_string().starts_with("odd.ron:6:17: "), "{error}");
        let fixed = text.replace('?', "{");
        assert_eq!(
            GridMap::parse("odd.ron", &fixed).map(|map| map.width()),
            Ok(5)
        );
    }

    #[test]
    fn a_legend_past_its_limit_is_refused() {
        let symbols: String = (0..=MAX_LEGEND)
            .filter_map(|code| char::from_u32(0x4E00 + u32::try_from(code).unwrap_or(0)))
            .map(|symbol| format!("'{symbol}': Floor, "))
            .collect();
        let text = format!("(name: \"Big\", legend: {{ {symbols} }}, rows: [\"\u{4E00}\"])");
        let error = GridMap::parse("big.ron", &text).expect_err("too many symbols");
        assert!(
            error.to_string().starts_with(
                "big.ron:1:23: in `legend`: the legend has 1025 symbols; the most is 1024"
            ),
            "{error}"
        );
    }

    #[test]
    fn tiles_know_their_neighbours() {
        let centre = Tile::new(5, 5);
        assert!(centre.is_adjacent(Tile::new(6, 6)));
        assert!(centre.is_adjacent(Tile::new(4, 5)));
        assert!(!centre.is_adjacent(centre));
        assert!(!centre.is_adjacent(Tile::new(7, 5)));
        assert_eq!(Tile::new(0, 3).offset(-1, 0), None);
        assert_eq!(Tile::new(0, 3).offset(2, -3), Some(Tile::new(2, 0)));
    }
}
