//! Where a unit can move: the cheapest path to every tile within a movement budget.
//!
//! Costs are in tenths of a yard: 10 for an orthogonal step and 14 for a diagonal one, times the
//! cost multiple of the tile stepped onto (2 for difficult ground). A diagonal step may not cut
//! the corner of a tile that blocks movement, and tiles holding another unit cannot be entered.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use super::{GridMap, Tile};

/// Cost in tenths of a yard of an orthogonal and a diagonal step on plain ground.
pub const ORTHOGONAL_STEP: u32 = 10;
pub const DIAGONAL_STEP: u32 = 14;

/// Tenths of a yard in a movement rate of `mov` yards.
pub fn budget_for(mov: u32) -> u32 {
    mov.saturating_mul(ORTHOGONAL_STEP)
}

/// The cheapest cost to every tile reachable within a budget, and the way there.
#[derive(Debug, Clone)]
pub struct ReachMap {
    origin: Tile,
    /// The window of the map searched (the budget cannot reach past it): its top-left corner
    /// and size.
    corner: Tile,
    width: u32,
    height: u32,
    /// Per window tile: the cheapest cost, or `u32::MAX` if not reached.
    costs: Vec<u32>,
    /// Per window tile: the window index of the tile it was reached from.
    came_from: Vec<u32>,
}

const UNREACHED: u32 = u32::MAX;

impl ReachMap {
    fn window_index(&self, tile: Tile) -> Option<usize> {
        let x = tile.x.checked_sub(self.corner.x)?;
        let y = tile.y.checked_sub(self.corner.y)?;
        (x < self.width && y < self.height).then(|| (y * self.width + x) as usize)
    }

    fn window_tile(&self, index: usize) -> Tile {
        let index = u32::try_from(index).unwrap_or(u32::MAX);
        Tile::new(
            self.corner.x + index % self.width,
            self.corner.y + index / self.width,
        )
    }

    /// The cheapest cost to reach `tile`, in tenths of a yard, if it is within the budget.
    pub fn cost(&self, tile: Tile) -> Option<u32> {
        self.window_index(tile)
            .map(|index| self.costs[index])
            .filter(|&cost| cost != UNREACHED)
    }

    /// The steps from the origin to `tile` (both included), if it is reachable.
    pub fn path(&self, tile: Tile) -> Option<Vec<Tile>> {
        self.cost(tile)?;
        let mut index = self.window_index(tile)?;
        let mut steps = vec![tile];
        while self.window_tile(index) != self.origin {
            index = self.came_from[index] as usize;
            steps.push(self.window_tile(index));
        }
        steps.reverse();
        Some(steps)
    }

    /// Every reachable tile with its cost (the origin included, at 0).
    pub fn tiles(&self) -> impl Iterator<Item = (Tile, u32)> + '_ {
        self.costs
            .iter()
            .enumerate()
            .filter(|(_, cost)| **cost != UNREACHED)
            .map(|(index, &cost)| (self.window_tile(index), cost))
    }
}

/// The tiles a unit at `origin` can reach spending at most `budget` tenths of a yard, never
/// entering a tile for which `occupied` says true (other units).
pub fn reachable(
    map: &GridMap,
    origin: Tile,
    budget: u32,
    occupied: impl Fn(Tile) -> bool,
) -> ReachMap {
    // No step costs less than a tenth-yard per tenth, so nothing past budget/10 tiles away
    // can be reached: search only that window.
    let radius = budget / ORTHOGONAL_STEP;
    let corner = Tile::new(
        origin.x.saturating_sub(radius),
        origin.y.saturating_sub(radius),
    );
    let far_x = origin
        .x
        .saturating_add(radius)
        .min(map.width().saturating_sub(1));
    let far_y = origin
        .y
        .saturating_add(radius)
        .min(map.height().saturating_sub(1));
    let width = (far_x + 1).saturating_sub(corner.x);
    let height = (far_y + 1).saturating_sub(corner.y);
    let mut reach = ReachMap {
        origin,
        corner,
        width,
        height,
        costs: vec![UNREACHED; width as usize * height as usize],
        came_from: vec![UNREACHED; width as usize * height as usize],
    };
    let Some(start) = reach.window_index(origin).filter(|_| map.contains(origin)) else {
        return reach;
    };
    reach.costs[start] = 0;
    let mut frontier = BinaryHeap::from([Reverse((0u32, start))]);
    while let Some(Reverse((cost, index))) = frontier.pop() {
        if cost > reach.costs[index] {
            continue;
        }
        let here = reach.window_tile(index);
        for (dx, dy) in NEIGHBOURS {
            let Some(next) = here.offset(dx, dy) else {
                continue;
            };
            let Some(next_index) = reach.window_index(next) else {
                continue;
            };
            let Some(terrain) = map.terrain(next).filter(|terrain| !terrain.blocks_movement) else {
                continue;
            };
            if occupied(next) {
                continue;
            }
            let diagonal = dx != 0 && dy != 0;
            if diagonal && cuts_a_corner(map, here, dx, dy) {
                continue;
            }
            let step = if diagonal {
                DIAGONAL_STEP
            } else {
                ORTHOGONAL_STEP
            };
            let next_cost = cost.saturating_add(step.saturating_mul(terrain.move_cost));
            if next_cost <= budget && next_cost < reach.costs[next_index] {
                reach.costs[next_index] = next_cost;
                reach.came_from[next_index] = u32::try_from(index).unwrap_or(UNREACHED);
                frontier.push(Reverse((next_cost, next_index)));
            }
        }
    }
    reach
}

/// The eight steps, orthogonal first so equal-cost paths prefer straight lines.
pub const NEIGHBOURS: [(i32, i32); 8] = [
    (1, 0),
    (-1, 0),
    (0, 1),
    (0, -1),
    (1, 1),
    (1, -1),
    (-1, 1),
    (-1, -1),
];

/// Whether one step takes a unit from `from` to `to`: a tile beside it, not past a corner that
/// blocks movement.
pub fn one_step_apart(map: &GridMap, from: Tile, to: Tile) -> bool {
    let dx = i32::try_from(i64::from(to.x) - i64::from(from.x)).unwrap_or(i32::MAX);
    let dy = i32::try_from(i64::from(to.y) - i64::from(from.y)).unwrap_or(i32::MAX);
    from.is_adjacent(to) && !(dx != 0 && dy != 0 && cuts_a_corner(map, from, dx, dy))
}

/// Whether a diagonal step from `here` by (`dx`, `dy`) squeezes past the corner of a tile that
/// blocks movement (either of the two tiles it passes between).
fn cuts_a_corner(map: &GridMap, here: Tile, dx: i32, dy: i32) -> bool {
    let blocked = |tile: Option<Tile>| tile.is_none_or(|tile| !map.walkable(tile));
    blocked(here.offset(dx, 0)) || blocked(here.offset(0, dy))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::map::tests::sketch;

    fn nobody(_: Tile) -> bool {
        false
    }

    #[test]
    fn one_step_is_to_a_tile_beside_and_not_past_a_corner() {
        let map = sketch(&[
            "..#", //
            "...", "...",
        ]);
        let at = |x, y| Tile::new(x, y);
        assert!(one_step_apart(&map, at(1, 1), at(2, 2)));
        assert!(one_step_apart(&map, at(1, 1), at(1, 0)));
        assert!(!one_step_apart(&map, at(1, 1), at(1, 1)), "no step at all");
        assert!(!one_step_apart(&map, at(0, 0), at(2, 0)), "two tiles off");
        assert!(
            !one_step_apart(&map, at(1, 0), at(2, 1)),
            "past the wall's corner"
        );
        assert!(!one_step_apart(&map, at(2, 1), at(1, 0)), "the other way");
    }

    #[test]
    fn straight_and_diagonal_costs() {
        let map = sketch(&[
            ".......", //
            ".......", ".......", ".......",
        ]);
        let reach = reachable(&map, Tile::new(0, 0), 80, nobody);
        assert_eq!(reach.cost(Tile::new(0, 0)), Some(0));
        assert_eq!(reach.cost(Tile::new(3, 0)), Some(30));
        assert_eq!(reach.cost(Tile::new(1, 1)), Some(14));
        assert_eq!(reach.cost(Tile::new(3, 3)), Some(42));
        assert_eq!(
            reach.cost(Tile::new(5, 2)),
            Some(58),
            "two diagonals and three straight"
        );
        assert_eq!(
            reach.cost(Tile::new(6, 3)),
            Some(72),
            "three diagonals and three straight"
        );
        let exact = reachable(&map, Tile::new(0, 0), 72, nobody);
        assert_eq!(exact.cost(Tile::new(6, 3)), Some(72));
        assert_eq!(
            reachable(&map, Tile::new(0, 0), 71, nobody).cost(Tile::new(6, 3)),
            None
        );
    }

    #[test]
    fn the_budget_is_a_hard_limit() {
        let map = sketch(&["..........."]);
        let reach = reachable(&map, Tile::new(0, 0), budget_for(8), nobody);
        assert_eq!(reach.cost(Tile::new(8, 0)), Some(80));
        assert_eq!(reach.cost(Tile::new(9, 0)), None);
        assert_eq!(reach.tiles().count(), 9);
    }

    #[test]
    fn no_cutting_corners_past_walls() {
        let map = sketch(&[
            "...", //
            ".#.", "...",
        ]);
        let reach = reachable(&map, Tile::new(0, 0), 100, nobody);
        // (0,0) to (1,0) is fine; (1,0) to (2,1) would cut the wall's corner.
        assert_eq!(reach.cost(Tile::new(2, 1)), Some(30), "around, not across");
        assert_eq!(reach.cost(Tile::new(2, 2)), Some(40));
        assert_eq!(
            reach.path(Tile::new(2, 2)).map(|path| path.len()),
            Some(5),
            "four straight steps round the pillar"
        );
    }

    #[test]
    fn diagonal_gaps_between_walls_are_closed() {
        let map = sketch(&[
            ".#", //
            "#.",
        ]);
        let reach = reachable(&map, Tile::new(0, 0), 100, nobody);
        assert_eq!(reach.cost(Tile::new(1, 1)), None);
    }

    #[test]
    fn doorways_let_units_through_one_at_a_time() {
        let map = sketch(&[
            "#####", //
            "..../", "##/##", ".....", "##+##", ".....",
        ]);
        let reach = reachable(&map, Tile::new(0, 1), 200, nobody);
        // Through the open door at (2, 2): straight down, no diagonal into or out of it.
        assert_eq!(
            reach.cost(Tile::new(2, 3)),
            Some(40),
            "(0,1) (1,1) (2,1) (2,2) (2,3)"
        );
        assert_eq!(reach.cost(Tile::new(1, 3)), Some(50));
        assert_eq!(
            reach.cost(Tile::new(4, 1)),
            Some(40),
            "an open door is walkable"
        );
        // The closed door at (2, 4) stops everyone.
        assert_eq!(reach.cost(Tile::new(2, 5)), None);
        // A unit standing in the doorway blocks it.
        let blocked = reachable(&map, Tile::new(0, 1), 200, |tile| tile == Tile::new(2, 2));
        assert_eq!(blocked.cost(Tile::new(2, 3)), None);
    }

    #[test]
    fn difficult_ground_and_water_cost_double() {
        let map = sketch(&[
            ".,,.", //
            ".~..",
        ]);
        let reach = reachable(&map, Tile::new(0, 0), 100, nobody);
        assert_eq!(reach.cost(Tile::new(1, 0)), Some(20));
        assert_eq!(reach.cost(Tile::new(2, 0)), Some(40));
        assert_eq!(
            reach.cost(Tile::new(1, 1)),
            Some(28),
            "a diagonal into water: 14 twice"
        );
        // (1,0) rubble 20, diagonal to (2,1) 14, diagonal to (3,0) 14.
        assert_eq!(reach.cost(Tile::new(3, 0)), Some(48));
    }

    #[test]
    fn occupied_tiles_cannot_be_entered_or_passed() {
        let map = sketch(&[
            "#####", //
            ".....", "#####",
        ]);
        let reach = reachable(&map, Tile::new(0, 1), 200, |tile| tile == Tile::new(2, 1));
        assert_eq!(reach.cost(Tile::new(1, 1)), Some(10));
        assert_eq!(reach.cost(Tile::new(2, 1)), None);
        assert_eq!(reach.cost(Tile::new(3, 1)), None);
    }

    #[test]
    fn pillars_and_low_cover_are_walked_around() {
        let map = sketch(&[
            ".....", //
            ".HcH.", ".....",
        ]);
        let reach = reachable(&map, Tile::new(2, 0), 100, nobody);
        assert_eq!(
            reach.cost(Tile::new(2, 1)),
            None,
            "crates cannot be entered"
        );
        // Round the end, never diagonally past a pillar: (1,0) (0,0) (0,1) (0,2) (1,2) (2,2).
        assert_eq!(reach.cost(Tile::new(2, 2)), Some(60));
        let path = reach.path(Tile::new(2, 2)).expect("a way round");
        assert_eq!(path.first(), Some(&Tile::new(2, 0)));
        assert_eq!(path.last(), Some(&Tile::new(2, 2)));
        for pair in path.windows(2) {
            assert!(pair[0].is_adjacent(pair[1]));
            assert!(map.walkable(pair[1]));
        }
    }

    #[test]
    fn the_edge_of_the_map_and_the_window() {
        let map = sketch(&["...", "...", "..."]);
        let reach = reachable(&map, Tile::new(2, 2), 1000, nobody);
        assert_eq!(reach.tiles().count(), 9);
        assert_eq!(reach.cost(Tile::new(5, 5)), None);
        let outside = reachable(&map, Tile::new(7, 7), 50, nobody);
        assert_eq!(outside.tiles().count(), 0);
    }
}
