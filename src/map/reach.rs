//! Where a unit can move: the cheapest path to every tile within a movement budget.
//!
//! Costs are in tenths of a yard: 10 for an orthogonal step and 14 for a diagonal one, times the
//! cost multiple of the tile stepped onto (2 for difficult ground). A diagonal step may not cut
//! the corner of a tile that blocks movement, and tiles holding another unit cannot be entered.

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
    /// and size. The window's arrays have a border one tile wide all round, never reached, so
    /// that a step from any window tile lands in them.
    corner: Tile,
    width: u32,
    height: u32,
    /// Per bordered window tile: the cheapest cost, or `u32::MAX` if not reached.
    costs: Vec<u32>,
    /// Per bordered window tile: the index of the tile it was reached from.
    came_from: Vec<u32>,
}

const UNREACHED: u32 = u32::MAX;

impl ReachMap {
    /// Tiles a row of the bordered window.
    fn stride(&self) -> u32 {
        self.width + 2
    }

    fn window_index(&self, tile: Tile) -> Option<usize> {
        let x = tile.x.checked_sub(self.corner.x)?;
        let y = tile.y.checked_sub(self.corner.y)?;
        (x < self.width && y < self.height).then(|| ((y + 1) * self.stride() + x + 1) as usize)
    }

    fn window_tile(&self, index: usize) -> Tile {
        let index = u32::try_from(index).unwrap_or(u32::MAX);
        Tile::new(
            (self.corner.x + index % self.stride()).saturating_sub(1),
            (self.corner.y + index / self.stride()).saturating_sub(1),
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
///
/// Dijkstra's search over a bucket queue (costs are small whole numbers), taking tiles in order
/// of cost and, at one cost, of row then column; a tile keeps the first way found to its
/// cheapest cost. The ground of the window is read once into a flat array with a blocked border,
/// so a step needs no bounds check.
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
    let bordered = (width as usize + 2) * (height as usize + 2);
    let mut reach = ReachMap {
        origin,
        corner,
        width,
        height,
        costs: vec![UNREACHED; bordered],
        came_from: vec![UNREACHED; bordered],
    };
    let Some(start) = reach.window_index(origin).filter(|_| map.contains(origin)) else {
        return reach;
    };
    SCRATCH.with(|scratch| match scratch.try_borrow_mut() {
        Ok(mut scratch) => scratch.search(map, &mut reach, start, budget, &occupied),
        // Asked again from inside `occupied`: a fresh scratch.
        Err(_) => Scratch::default().search(map, &mut reach, start, budget, &occupied),
    });
    reach
}

/// What a bordered window tile holds for the search: its terrain's cost multiple, or one of
/// these.
const BLOCKS_MOVEMENT: u32 = 0;
const HOLDS_A_UNIT: u32 = u32::MAX;

/// Buckets in the queue's ring: a step dearer than this waits in `later` (none on a checked
/// map, whose dearest diagonal step is 14 x 10).
const RING: usize = 256;

/// The search's working arrays, kept between searches on one thread.
#[derive(Default)]
struct Scratch {
    /// Per bordered window tile: its terrain's cost multiple, `BLOCKS_MOVEMENT` (also the
    /// border) or `HOLDS_A_UNIT`.
    ground: Vec<u32>,
    /// The window tiles waiting at each cost, by cost modulo `RING`.
    ring: Vec<Vec<usize>>,
    /// Waiting tiles whose cost is a ring or more ahead, with that cost.
    later: Vec<(u32, usize)>,
}

thread_local! {
    static SCRATCH: std::cell::RefCell<Scratch> = std::cell::RefCell::default();
}

impl Scratch {
    /// Read the window's ground: every tile's cost multiple, what blocks and who stands where.
    fn read_ground(&mut self, map: &GridMap, reach: &ReachMap, occupied: &impl Fn(Tile) -> bool) {
        let multiples: Vec<u32> = map
            .terrains
            .iter()
            .map(|terrain| {
                if terrain.blocks_movement {
                    BLOCKS_MOVEMENT
                } else {
                    terrain.move_cost.clamp(1, HOLDS_A_UNIT - 1)
                }
            })
            .collect();
        let stride = reach.stride() as usize;
        self.ground.clear();
        self.ground
            .resize(stride * (reach.height as usize + 2), BLOCKS_MOVEMENT);
        let map_width = map.width() as usize;
        for row in 0..reach.height {
            let y = reach.corner.y + row;
            let from = y as usize * map_width + reach.corner.x as usize;
            let palette = &map.tiles[from..from + reach.width as usize];
            let line = (row as usize + 1) * stride + 1;
            for (x, (&terrain, ground)) in (reach.corner.x..).zip(
                palette
                    .iter()
                    .zip(&mut self.ground[line..line + reach.width as usize]),
            ) {
                let multiple = multiples[usize::from(terrain)];
                *ground = if multiple != BLOCKS_MOVEMENT && occupied(Tile::new(x, y)) {
                    HOLDS_A_UNIT
                } else {
                    multiple
                };
            }
        }
    }

    fn search(
        &mut self,
        map: &GridMap,
        reach: &mut ReachMap,
        start: usize,
        budget: u32,
        occupied: &impl Fn(Tile) -> bool,
    ) {
        self.read_ground(map, reach, occupied);
        self.ring.resize_with(RING, Vec::new);
        self.ring.iter_mut().for_each(Vec::clear);
        self.later.clear();
        let stride = reach.stride() as usize;
        reach.costs[start] = 0;
        self.ring[0].push(start);
        let mut waiting = 1usize;
        let mut at_cost = Vec::new();
        let mut cost = 0u32;
        while waiting > 0 && cost <= budget {
            let slot = cost as usize % RING;
            if slot == 0 && !self.later.is_empty() {
                let ring = &mut self.ring;
                self.later.retain(|&(due, index)| {
                    let now = ((due - cost) as usize) < RING;
                    if now {
                        ring[due as usize % RING].push(index);
                    }
                    !now
                });
            }
            if self.ring[slot].is_empty() {
                cost += 1;
                continue;
            }
            std::mem::swap(&mut at_cost, &mut self.ring[slot]);
            at_cost.sort_unstable();
            waiting -= at_cost.len();
            for &here in &at_cost {
                if reach.costs[here] != cost {
                    continue;
                }
                let ground = &self.ground;
                let mut step_to = |next: usize, plain: u32| {
                    let multiple = ground[next];
                    // Neither blocked nor held (the two ends of the range).
                    if multiple.wrapping_sub(1) >= HOLDS_A_UNIT - 1 {
                        return;
                    }
                    let step = plain.saturating_mul(multiple);
                    let next_cost = cost.saturating_add(step);
                    if next_cost <= budget && next_cost < reach.costs[next] {
                        reach.costs[next] = next_cost;
                        reach.came_from[next] = u32::try_from(here).unwrap_or(UNREACHED);
                        if (step as usize) < RING {
                            self.ring[next_cost as usize % RING].push(next);
                        } else {
                            self.later.push((next_cost, next));
                        }
                        waiting += 1;
                    }
                };
                let (east, west) = (here + 1, here - 1);
                let (south, north) = (here + stride, here - stride);
                for next in [east, west, south, north] {
                    step_to(next, ORTHOGONAL_STEP);
                }
                // A diagonal step passes between the two straight ones beside it: neither may
                // block movement.
                let open = |next: usize| ground[next] != BLOCKS_MOVEMENT;
                let (east_open, west_open) = (open(east), open(west));
                let (south_open, north_open) = (open(south), open(north));
                for (next, beside) in [
                    (south + 1, east_open && south_open),
                    (north + 1, east_open && north_open),
                    (south - 1, west_open && south_open),
                    (north - 1, west_open && north_open),
                ] {
                    if beside {
                        step_to(next, DIAGONAL_STEP);
                    }
                }
            }
            at_cost.clear();
            std::mem::swap(&mut at_cost, &mut self.ring[slot]);
            cost += 1;
        }
    }
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
    use crate::map::{Terrain, TerrainKind};

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

    /// Dijkstra's search the plain way, over the whole map with a binary heap, taking tiles in
    /// order of cost then row-major index: what `reachable` must give, cost and way alike.
    fn plain_search(
        map: &GridMap,
        origin: Tile,
        budget: u32,
        occupied: impl Fn(Tile) -> bool,
    ) -> Vec<(u32, Option<usize>)> {
        use std::cmp::Reverse;
        use std::collections::BinaryHeap;
        let mut best = vec![(UNREACHED, None); map.area()];
        let start = map.index(origin).expect("on the map");
        best[start].0 = 0;
        let mut frontier = BinaryHeap::from([Reverse((0, start))]);
        while let Some(Reverse((cost, index))) = frontier.pop() {
            if cost > best[index].0 {
                continue;
            }
            let here = map.tile_at(index);
            for (dx, dy) in NEIGHBOURS {
                let Some(next) = here.offset(dx, dy) else {
                    continue;
                };
                let Some(terrain) = map.terrain(next) else {
                    continue;
                };
                if terrain.blocks_movement || occupied(next) || !one_step_apart(map, here, next) {
                    continue;
                }
                let plain = if dx != 0 && dy != 0 {
                    DIAGONAL_STEP
                } else {
                    ORTHOGONAL_STEP
                };
                let next_cost = cost + plain * terrain.move_cost;
                let next_index = map.index(next).expect("on the map");
                if next_cost <= budget && next_cost < best[next_index].0 {
                    best[next_index] = (next_cost, Some(index));
                    frontier.push(Reverse((next_cost, next_index)));
                }
            }
        }
        best
    }

    #[test]
    fn the_same_costs_and_ways_as_a_plain_search() {
        use rand::{Rng, SeedableRng};
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(22);
        let symbols = ['.', '.', '.', '.', '#', ',', 'c', '~', '/'];
        for trial in 0..60 {
            let (width, height) = (rng.random_range(3..40), rng.random_range(3..30));
            let rows: Vec<String> = (0..height)
                .map(|_| {
                    (0..width)
                        .map(|_| symbols[rng.random_range(0..symbols.len())])
                        .collect()
                })
                .collect();
            let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
            let map = sketch(&rows);
            let origin = Tile::new(rng.random_range(0..width), rng.random_range(0..height));
            let units: Vec<Tile> = (0..rng.random_range(0..6))
                .map(|_| Tile::new(rng.random_range(0..width), rng.random_range(0..height)))
                .filter(|&unit| unit != origin)
                .collect();
            let occupied = |tile: Tile| units.contains(&tile);
            let budget = [40, 80, 160, 333, 5_000][trial % 5];
            let reach = reachable(&map, origin, budget, occupied);
            let plain = plain_search(&map, origin, budget, occupied);
            for (index, &(cost, from)) in plain.iter().enumerate() {
                let tile = map.tile_at(index);
                let way = (cost != UNREACHED).then(|| {
                    let mut way = vec![tile];
                    let mut from = from;
                    while let Some(step) = from {
                        way.push(map.tile_at(step));
                        from = plain[step].1;
                    }
                    way.reverse();
                    way
                });
                assert_eq!(
                    reach.cost(tile),
                    (cost != UNREACHED).then_some(cost),
                    "{tile}"
                );
                assert_eq!(reach.path(tile), way, "trial {trial}: the way to {tile}");
            }
            assert_eq!(
                reach.tiles().count(),
                plain.iter().filter(|(cost, _)| *cost != UNREACHED).count()
            );
        }
    }

    #[test]
    fn steps_dearer_than_the_queue_ring_wait_their_turn() {
        let mut map = sketch(&["......", "......"]);
        let bog = Terrain {
            name: "bog".to_string(),
            move_cost: 30,
            ..TerrainKind::Difficult.terrain()
        };
        map.set_terrain(Tile::new(2, 0), bog.clone());
        map.set_terrain(Tile::new(2, 1), bog);
        let reach = reachable(&map, Tile::new(0, 0), 2_000, nobody);
        // Into the bog 300, out of it 10: nothing past it is nearer than across it.
        assert_eq!(reach.cost(Tile::new(2, 0)), Some(310));
        assert_eq!(reach.cost(Tile::new(3, 0)), Some(320));
        assert_eq!(reach.cost(Tile::new(5, 1)), Some(344));
        assert_eq!(
            reachable(&map, Tile::new(0, 0), 309, nobody)
                .tiles()
                .count(),
            4
        );
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
