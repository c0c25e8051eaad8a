//! Where a unit can move: the cheapest path to every tile within a movement budget.
//!
//! Costs are in tenths of a yard: 10 for an orthogonal step and 14 for a diagonal one, times the
//! cost multiple of the tile stepped onto (2 for difficult ground). A diagonal step may not cut
//! the corner of a tile that blocks movement, and a tile holding another unit is gone round (a
//! standing one) or stepped over on the way and never stopped on (a fallen one).

use super::{GridMap, Tile};

/// Cost in tenths of a yard of an orthogonal and a diagonal step on plain ground.
pub const ORTHOGONAL_STEP: u32 = 10;
pub const DIAGONAL_STEP: u32 = 14;

#[cfg(test)]
#[path = "reach_tests.rs"]
mod tests;

/// Tenths of a yard in a movement rate of `mov` yards.
pub fn budget_for(mov: u32) -> u32 {
    mov.saturating_mul(ORTHOGONAL_STEP)
}

/// Who is in the way of a move onto or across a tile, from the most open to the most closed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Passage {
    /// Nobody: a move may cross it or stop on it.
    Free,
    /// Someone fallen (unconscious, dying or dead): a move may step over them on its way, never
    /// stop there.
    StepOver,
    /// Someone standing, or a mine the mover knows of: a move goes round.
    Shut,
}

impl Passage {
    /// Past a unit standing (`true`: round it) or fallen (over it).
    pub fn past(standing: bool) -> Self {
        if standing { Self::Shut } else { Self::StepOver }
    }

    /// The passage at `tile` among `others` (each one's tile and passage): the most closed of
    /// those there, free where there is nobody.
    pub fn at(others: &[(Tile, Self)], tile: Tile) -> Self {
        others
            .iter()
            .filter(|(at, _)| *at == tile)
            .map(|(_, passage)| *passage)
            .max()
            .unwrap_or(Self::Free)
    }
}

/// The cheapest cost to every tile reachable within a budget, and the way there.
#[derive(Debug, Clone)]
pub struct ReachMap {
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
    /// The bordered window tiles a way may cross but not end on (someone fallen lies there).
    stepped_over: Vec<usize>,
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

    /// The cheapest cost to reach `tile`, in tenths of a yard, if it is within the budget and
    /// a move may stop there.
    pub fn cost(&self, tile: Tile) -> Option<u32> {
        self.window_index(tile)
            .filter(|index| !self.stepped_over.contains(index))
            .map(|index| self.costs[index])
            .filter(|&cost| cost != UNREACHED)
    }

    /// The steps from the origin to `tile` (both included), if it is reachable. (From the
    /// nearest origin, where the search began at several.)
    pub fn path(&self, tile: Tile) -> Option<Vec<Tile>> {
        self.cost(tile)?;
        let mut index = self.window_index(tile)?;
        let mut steps = vec![tile];
        // Only an origin costs nothing: every step costs at least a yard.
        while self.costs[index] != 0 {
            index = self.came_from[index] as usize;
            steps.push(self.window_tile(index));
        }
        steps.reverse();
        Some(steps)
    }

    /// Every tile a move may reach and stop on, with its cost (the origin included, at 0).
    pub fn tiles(&self) -> impl Iterator<Item = (Tile, u32)> + '_ {
        self.costs
            .iter()
            .enumerate()
            .filter(|(index, cost)| **cost != UNREACHED && !self.stepped_over.contains(index))
            .map(|(index, &cost)| (self.window_tile(index), cost))
    }
}

/// The tiles a unit at `origin` can reach spending at most `budget` tenths of a yard, going
/// round and stepping over the others as `passage` says.
///
/// Dijkstra's search over a bucket queue (costs are small whole numbers), taking tiles in order
/// of cost and, at one cost, of row then column; a tile keeps the first way found to its
/// cheapest cost. The ground of the window is read once into a flat array with a blocked border,
/// so a step needs no bounds check.
pub fn reachable(
    map: &GridMap,
    origin: Tile,
    budget: u32,
    passage: impl Fn(Tile) -> Passage,
) -> ReachMap {
    reachable_from_any(map, std::slice::from_ref(&origin), budget, passage)
}

/// As [`reachable`], from whichever of `origins` is nearest: each tile's cost is the least of
/// its costs from each origin alone (one search instead of one an origin). Origins off the map
/// are left out.
pub fn reachable_from_any(
    map: &GridMap,
    origins: &[Tile],
    budget: u32,
    passage: impl Fn(Tile) -> Passage,
) -> ReachMap {
    let on_map = || {
        origins
            .iter()
            .copied()
            .filter(|origin| map.contains(*origin))
    };
    // No step costs less than a tenth-yard per tenth, so nothing past budget/10 tiles away
    // from every origin can be reached: search only that window.
    let radius = budget / ORTHOGONAL_STEP;
    let (mut corner, mut far) = (Tile::new(u32::MAX, u32::MAX), Tile::new(0, 0));
    for origin in on_map() {
        corner = Tile::new(
            corner.x.min(origin.x.saturating_sub(radius)),
            corner.y.min(origin.y.saturating_sub(radius)),
        );
        far = Tile::new(
            far.x.max(origin.x.saturating_add(radius)),
            far.y.max(origin.y.saturating_add(radius)),
        );
    }
    let far_x = far.x.min(map.width().saturating_sub(1));
    let far_y = far.y.min(map.height().saturating_sub(1));
    let width = (far_x + 1).saturating_sub(corner.x);
    let height = (far_y + 1).saturating_sub(corner.y);
    let bordered = (width as usize + 2) * (height as usize + 2);
    let mut reach = ReachMap {
        corner,
        width,
        height,
        costs: vec![UNREACHED; bordered],
        came_from: vec![UNREACHED; bordered],
        stepped_over: Vec::new(),
    };
    if on_map().next().is_none() {
        return reach;
    }
    SCRATCH.with(|scratch| match scratch.try_borrow_mut() {
        Ok(mut scratch) => scratch.search(map, &mut reach, on_map(), budget, &passage),
        // Asked again from inside `passage`: a fresh scratch.
        Err(_) => Scratch::default().search(map, &mut reach, on_map(), budget, &passage),
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
    /// Read the window's ground: every tile's cost multiple, what blocks, who stands where and
    /// who lies where (into `reach`'s tiles stepped over).
    fn read_ground(
        &mut self,
        map: &GridMap,
        reach: &mut ReachMap,
        passage: &impl Fn(Tile) -> Passage,
    ) {
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
            for (x, (&terrain, index)) in (reach.corner.x..).zip(palette.iter().zip(line..)) {
                let multiple = multiples[usize::from(terrain)];
                self.ground[index] = match passage(Tile::new(x, y)) {
                    _ if multiple == BLOCKS_MOVEMENT => multiple,
                    Passage::Free => multiple,
                    Passage::StepOver => {
                        reach.stepped_over.push(index);
                        multiple
                    }
                    Passage::Shut => HOLDS_A_UNIT,
                };
            }
        }
    }

    fn search(
        &mut self,
        map: &GridMap,
        reach: &mut ReachMap,
        origins: impl Iterator<Item = Tile>,
        budget: u32,
        passage: &impl Fn(Tile) -> Passage,
    ) {
        self.read_ground(map, reach, passage);
        self.ring.resize_with(RING, Vec::new);
        self.ring.iter_mut().for_each(Vec::clear);
        self.later.clear();
        let stride = reach.stride() as usize;
        let mut waiting = 0;
        for origin in origins {
            // An origin given twice starts once.
            if let Some(start) = reach.window_index(origin)
                && reach.costs[start] != 0
            {
                reach.costs[start] = 0;
                self.ring[0].push(start);
                waiting += 1;
            }
        }
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
