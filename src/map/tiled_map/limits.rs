//! The most a Tiled map may hold, counted over every file one map reads (the map, its tilesets
//! and templates), so that reading it is bounded before anything is allocated for it. Each is
//! far past what a battle map drawn in Tiled needs; docs/RELIABILITY.md lists them.

/// Elements (or JSON arrays and objects) nested inside one another.
pub(super) const MAX_DEPTH: usize = 64;
/// Layers of every kind (tile, object, image layers and groups).
pub const MAX_LAYERS: usize = 256;
/// Tilesets, written in the map or named by it.
pub const MAX_TILESETS: usize = 256;
/// Tiles of one tileset (its `tilecount`, or its `<tile>` elements).
pub const MAX_TILESET_TILES: u32 = 65_536;
/// Tiles of all the tilesets together.
pub const MAX_TILES: u64 = 262_144;
/// Cells of all the tile layers together (eight layers of the largest map).
pub const MAX_CELLS: usize = 8 * crate::map::MAX_MAP_SIDE * crate::map::MAX_MAP_SIDE;
/// Objects, in object layers and tiles' shapes.
pub const MAX_OBJECTS: usize = 16_384;
/// Custom properties of the map, its layers, tilesets, tiles and objects.
pub const MAX_PROPERTIES: usize = 65_536;

/// A tileset's image and how its tiles are cut from it, to weigh its `tilecount` against.
#[derive(Debug, Clone, Copy)]
pub(super) struct TilesetImage {
    pub width: u64,
    pub height: u64,
    pub tile_width: u64,
    pub tile_height: u64,
    pub spacing: u64,
    pub margin: u64,
}

impl TilesetImage {
    /// Whether the image holds `tile_count` tiles, as Tiled counts them (a margin each side, a
    /// spacing between two tiles); else why not.
    pub fn holds(&self, tile_count: u64) -> Result<(), String> {
        let fits = |pixels: u64, tile: u64| {
            (pixels + self.spacing).saturating_sub(2 * self.margin) / (tile + self.spacing).max(1)
        };
        let holds = fits(self.width, self.tile_width) * fits(self.height, self.tile_height);
        if tile_count > holds {
            return Err(format!(
                "the tileset says it has {tile_count} tiles, but its {} x {} image holds \
                 {holds} of {} x {} pixels",
                self.width, self.height, self.tile_width, self.tile_height
            ));
        }
        Ok(())
    }
}

/// What one map has read so far, against the limits.
#[derive(Debug, Clone, Default)]
pub(super) struct Budget {
    layers: usize,
    tilesets: usize,
    tiles: u64,
    cells: usize,
    objects: usize,
    properties: usize,
}

/// `count` more of `what`, or why not.
fn more<T: PartialOrd + std::fmt::Display + Copy>(
    total: &mut T,
    count: T,
    most: T,
    add: impl Fn(T, T) -> Option<T>,
    what: &str,
) -> Result<(), String> {
    match add(*total, count) {
        Some(sum) if sum <= most => {
            *total = sum;
            Ok(())
        }
        _ => Err(format!("a map may hold at most {most} {what}")),
    }
}

impl Budget {
    pub fn count_layer(&mut self) -> Result<(), String> {
        more(
            &mut self.layers,
            1,
            MAX_LAYERS,
            usize::checked_add,
            "layers",
        )
    }

    pub fn count_tileset(&mut self) -> Result<(), String> {
        more(
            &mut self.tilesets,
            1,
            MAX_TILESETS,
            usize::checked_add,
            "tilesets",
        )
    }

    /// A tileset of `count` tiles.
    pub fn count_tiles(&mut self, count: u64) -> Result<(), String> {
        if count > u64::from(MAX_TILESET_TILES) {
            return Err(format!(
                "a tileset may have at most {MAX_TILESET_TILES} tiles; this one says {count}"
            ));
        }
        more(
            &mut self.tiles,
            count,
            MAX_TILES,
            u64::checked_add,
            "tiles in all its tilesets",
        )
    }

    /// A tile layer of `count` cells.
    pub fn count_cells(&mut self, count: usize) -> Result<(), String> {
        more(
            &mut self.cells,
            count,
            MAX_CELLS,
            usize::checked_add,
            "cells in all its tile layers",
        )
    }

    pub fn count_object(&mut self) -> Result<(), String> {
        more(
            &mut self.objects,
            1,
            MAX_OBJECTS,
            usize::checked_add,
            "objects",
        )
    }

    pub fn count_property(&mut self) -> Result<(), String> {
        more(
            &mut self.properties,
            1,
            MAX_PROPERTIES,
            usize::checked_add,
            "custom properties",
        )
    }
}
