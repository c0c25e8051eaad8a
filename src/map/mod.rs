//! The tactical map: terrain kinds, the grid, and reading map files.

pub mod terrain;

use std::collections::BTreeMap;
use std::path::Path;

use serde::Deserialize;

use crate::files::{FileError, field_value_offset, parse_ron, read_text, strings_in_value};
pub use terrain::Terrain;

/// The largest map we accept on either side, in tiles.
pub const MAX_MAP_SIDE: usize = 512;

/// A tile position: `x` to the right, `y` downwards, (0, 0) the top-left tile as the file is
/// written.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Tile {
    pub x: u32,
    pub y: u32,
}

/// A map as its file is written: a legend of characters and rows of them.
#[derive(Debug, Clone, Deserialize)]
struct MapFile {
    name: String,
    #[serde(default)]
    description: String,
    legend: BTreeMap<char, Terrain>,
    rows: Vec<String>,
}

/// A loaded, checked map.
#[derive(Debug, Clone, PartialEq)]
pub struct GridMap {
    pub name: String,
    pub description: String,
    width: u32,
    height: u32,
    tiles: Vec<Terrain>,
}

impl GridMap {
    pub fn width(&self) -> u32 {
        self.width
    }

    pub fn height(&self) -> u32 {
        self.height
    }

    /// The terrain at a tile, or `None` off the map.
    pub fn terrain(&self, tile: Tile) -> Option<Terrain> {
        (tile.x < self.width && tile.y < self.height)
            .then(|| self.tiles[(tile.y * self.width + tile.x) as usize])
    }

    /// Every tile with its terrain, row by row from the top.
    pub fn tiles(&self) -> impl Iterator<Item = (Tile, Terrain)> + '_ {
        self.tiles.iter().enumerate().map(|(index, &terrain)| {
            let index = u32::try_from(index).unwrap_or(u32::MAX);
            (
                Tile {
                    x: index % self.width,
                    y: index / self.width,
                },
                terrain,
            )
        })
    }

    /// How many tiles of each terrain the map has.
    pub fn terrain_counts(&self) -> BTreeMap<Terrain, usize> {
        let mut counts = BTreeMap::new();
        for &terrain in &self.tiles {
            *counts.entry(terrain).or_default() += 1;
        }
        counts
    }

    /// Parse and check a map file's text. `file` names it in errors.
    pub fn parse(file: &str, text: &str) -> Result<Self, FileError> {
        let map: MapFile = parse_ron(file, text)?;
        let rows_at = field_value_offset(text, 0, "rows").unwrap_or_default();
        let quoted_rows = strings_in_value(text, rows_at);
        let at_row = |row: usize, column: usize, message: String| {
            let start = quoted_rows.get(row).copied().unwrap_or(rows_at);
            let offset = map.rows[row]
                .char_indices()
                .nth(column)
                .map_or(start + map.rows[row].len(), |(byte, _)| start + byte);
            FileError::at_offset(file, text, offset, message)
        };
        let Some(first) = map.rows.first() else {
            return Err(FileError::at_field(
                file,
                text,
                0,
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
                0,
                "rows",
                format!(
                    "the map is {width}x{} tiles; the most is {MAX_MAP_SIDE}x{MAX_MAP_SIDE}",
                    map.rows.len()
                ),
            ));
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
                let Some(&terrain) = map.legend.get(&symbol) else {
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
            tiles,
        })
    }

    /// Read and check a map file.
    pub fn load(path: &Path) -> Result<Self, FileError> {
        Self::parse(&path.display().to_string(), &read_text(path)?)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SMALL: &str = r#"(
    name: "Small",
    legend: { '.': Floor, 'X': Wall, 'c': LowCover },
    rows: [
        "XXXXX",
        "X.c.X",
        "XXXXX",
    ],
)"#;

    #[test]
    fn a_small_map_loads() {
        let map = GridMap::parse("small.ron", SMALL).expect("valid map");
        assert_eq!((map.width(), map.height()), (5, 3));
        assert_eq!(map.terrain(Tile { x: 2, y: 1 }), Some(Terrain::LowCover));
        assert_eq!(map.terrain(Tile { x: 0, y: 0 }), Some(Terrain::Wall));
        assert_eq!(map.terrain(Tile { x: 5, y: 0 }), None);
        assert_eq!(map.terrain_counts().get(&Terrain::Wall), Some(&12));
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
    }
}
