//! Where the acting unit can go this turn, and which of those tiles is best for what it means
//! to do there.

use bevy::prelude::*;

use super::Planner;
use crate::ai::passage_among;
use crate::battle::Footing;
use crate::battle::moves::crawl;
use crate::map::Tile;
use crate::map::reach::{ReachMap, reachable};

impl<'a> Planner<'a> {
    /// Where this unit can go keeping its action (`dash`: using it up), its own tile included.
    pub(super) fn reach_map(&self, here: Tile, dash: bool) -> ReachMap {
        let footing = self.me().map_or(Footing::Free, |me| me.footing);
        let moves = crawl(self.scenario, footing).unwrap_or(self.spec().derived.moves);
        let budget = if dash { moves.most } else { moves.free };
        reachable(
            &self.scenario.map,
            here,
            budget.saturating_sub(self.turn.spent),
            passage_among(self.seen, self.unit()),
        )
    }

    /// The spot among `tiles` that scores best, ties to the cheapest then the first.
    pub(super) fn best_spot(
        &mut self,
        tiles: Vec<(Tile, u32)>,
        mut score: impl FnMut(&mut Self, Tile) -> f64,
    ) -> Option<(Tile, f64)> {
        let mut best: Option<(Tile, f64, u32)> = None;
        for (tile, cost) in tiles {
            let value = score(self, tile) - f64::from(cost) * 1e-4;
            if best.is_none_or(|(_, most, _)| value > most) {
                best = Some((tile, value, cost));
            }
        }
        best.map(|(tile, value, _)| (tile, value))
    }

    /// Tiles worth thinking about: the unit's own, any beside something that blocks a line of
    /// fire, and (`every`) all the others.
    pub(super) fn spots(&self, reach: &ReachMap, here: Tile, every: bool) -> Vec<(Tile, u32)> {
        let map = &self.scenario.map;
        let sheltered = |tile: Tile| {
            (-1..=1).any(|dx: i32| {
                (-1..=1).any(|dy: i32| {
                    let x = i64::from(tile.x) + i64::from(dx);
                    let y = i64::from(tile.y) + i64::from(dy);
                    match (u32::try_from(x), u32::try_from(y)) {
                        (Ok(x), Ok(y)) => map
                            .terrain(Tile::new(x, y))
                            .is_some_and(|terrain| terrain.blocks_sight || terrain.armor > 0),
                        _ => false,
                    }
                })
            })
        };
        reach
            .tiles()
            .filter(|(tile, _)| every || *tile == here || sheltered(*tile))
            .collect()
    }
}
