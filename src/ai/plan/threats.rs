//! The harm an enemy's missile weapon threatens, tile by tile: a flat grid for each enemy and
//! each hand a target may hold its weapon in, filled as tiles are asked and kept while the
//! enemy stands where it is holding what it holds. A tile's danger is then read from an array
//! around the shooter, where a table keyed by both tiles missed the cache on almost every
//! look-up once a large map had filled it.

use crate::battle::command::WeaponChoice;
use crate::map::{GridMap, Tile};

/// How many tiles a grid reaches from its shooter each way: a tile farther off (a long gun on
/// a map far larger than a tabletop's) is reckoned afresh each time it is asked, so no grid
/// holds more than 129 x 129 harms.
const GRID_REACH: u32 = 64;

/// The harms one enemy's missile threatens at the tiles around it.
#[derive(Debug, Default)]
pub(super) struct ThreatGrid {
    /// What the harms were reckoned for: the weapon held and the tile it is shot from.
    reckoned_for: Option<(WeaponChoice, Tile)>,
    /// The grid's first column and row, its width and its height.
    left: u32,
    top: u32,
    width: u32,
    height: u32,
    /// Each tile's harm, row by row; NaN where it is not yet reckoned.
    harms: Vec<f64>,
}

impl ThreatGrid {
    /// Make the grid hold harms from a shooter holding `holding` at `from` on `map`: as it is,
    /// where they were reckoned for just that, else emptied and laid around `from`.
    pub(super) fn aim(&mut self, holding: WeaponChoice, from: Tile, map: &GridMap) {
        if self.reckoned_for == Some((holding, from)) {
            return;
        }
        self.reckoned_for = Some((holding, from));
        let left = from.x.saturating_sub(GRID_REACH);
        let top = from.y.saturating_sub(GRID_REACH);
        let right = from
            .x
            .saturating_add(GRID_REACH)
            .min(map.width().saturating_sub(1));
        let bottom = from
            .y
            .saturating_add(GRID_REACH)
            .min(map.height().saturating_sub(1));
        (self.left, self.top) = (left, top);
        self.width = (right + 1).saturating_sub(left);
        self.height = (bottom + 1).saturating_sub(top);
        self.harms.clear();
        self.harms
            .resize(self.width as usize * self.height as usize, f64::NAN);
    }

    /// Where the grid holds `tile`'s harm, if it covers `tile`.
    pub(super) fn slot(&self, tile: Tile) -> Option<usize> {
        let x = tile.x.checked_sub(self.left)?;
        let y = tile.y.checked_sub(self.top)?;
        (x < self.width && y < self.height).then(|| y as usize * self.width as usize + x as usize)
    }

    /// The harm held at `slot`, if it has been reckoned.
    pub(super) fn harm(&self, slot: usize) -> Option<f64> {
        self.harms.get(slot).copied().filter(|harm| !harm.is_nan())
    }

    /// Hold `harm` at `slot`.
    pub(super) fn keep(&mut self, slot: usize, harm: f64) {
        if let Some(held) = self.harms.get_mut(slot) {
            *held = harm;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::map::TerrainKind;

    fn open_map(width: u32, height: u32) -> GridMap {
        GridMap::filled("open", width, height, TerrainKind::Floor.terrain())
    }

    #[test]
    fn a_grid_covers_the_tiles_within_its_reach_on_the_map_and_no_others() {
        let map = open_map(200, 10);
        let mut grid = ThreatGrid::default();
        grid.aim(WeaponChoice::Carried(0), Tile::new(100, 5), &map);
        assert!(grid.slot(Tile::new(36, 0)).is_some());
        assert!(grid.slot(Tile::new(164, 9)).is_some());
        assert_eq!(grid.slot(Tile::new(35, 5)), None, "65 tiles west");
        assert_eq!(grid.slot(Tile::new(165, 5)), None, "65 tiles east");
        // Laid at the map's corner, it starts there.
        grid.aim(WeaponChoice::Carried(0), Tile::new(0, 0), &map);
        assert_eq!(grid.slot(Tile::new(0, 0)), Some(0));
        assert_eq!(grid.slot(Tile::new(1, 1)), Some(66));
    }

    #[test]
    fn a_harm_is_held_until_the_shooter_moves_or_changes_weapon() {
        let map = open_map(20, 20);
        let mut grid = ThreatGrid::default();
        let (from, at) = (Tile::new(3, 3), Tile::new(10, 12));
        grid.aim(WeaponChoice::Carried(0), from, &map);
        let slot = grid.slot(at).expect("within reach");
        assert_eq!(grid.harm(slot), None, "nothing reckoned yet");
        grid.keep(slot, 0.25);
        grid.aim(WeaponChoice::Carried(0), from, &map);
        assert_eq!(grid.harm(slot), Some(0.25), "the same shooter, still there");
        grid.aim(WeaponChoice::Unarmed, from, &map);
        assert_eq!(grid.harm(slot), None, "another weapon");
        grid.keep(slot, 0.5);
        grid.aim(WeaponChoice::Unarmed, Tile::new(3, 4), &map);
        let moved = grid.slot(at).expect("still within reach");
        assert_eq!(grid.harm(moved), None, "the shooter moved");
    }
}
