//! What a unit sees: every tile within a radius whose line of sight from it is open, by the
//! same rule as the line of fire, found by casting shadows rather than tracing each line.
//!
//! Each of the eight octants is walked column by column outward. A tile that blocks sight casts
//! a shadow over the open range of slopes whose lines pass through its inside; a corner between
//! two blocking tiles shadows the one slope whose line passes exactly through it. A tile is seen
//! when the slope of the line to its centre is in no shadow cast nearer. Slopes are exact
//! fractions, so the answer is always the line of fire's (the line of fire's (`line_of_fire`)).

use super::{GridMap, Tile};

/// A slope `rise / run` in an octant, `run` above zero: compared exactly.
#[derive(Debug, Clone, Copy)]
struct Slope {
    rise: i64,
    run: i64,
}

impl Slope {
    const fn new(rise: i64, run: i64) -> Self {
        Self { rise, run }
    }

    fn below(self, other: Self) -> bool {
        self.rise * other.run < other.rise * self.run
    }

    fn same(self, other: Self) -> bool {
        self.rise * other.run == other.rise * self.run
    }

    fn order(self, other: Self) -> std::cmp::Ordering {
        (self.rise * other.run).cmp(&(other.rise * self.run))
    }
}

/// A range of slopes in shadow; each end in it or not.
#[derive(Debug, Clone, Copy)]
struct Shadow {
    low: Slope,
    high: Slope,
    low_shut: bool,
    high_shut: bool,
}

impl Shadow {
    /// Whether this shadow and `other`, sorted after it or overlapping it, make one range.
    fn joins(self, other: Self) -> bool {
        other.low.below(self.high)
            || (other.low.same(self.high) && (self.high_shut || other.low_shut))
    }

    /// The one range this shadow and `other`, which it joins, make together.
    fn union(self, other: Self) -> Self {
        let (low, low_shut) = lower((self.low, self.low_shut), (other.low, other.low_shut));
        let (high, high_shut) = higher((self.high, self.high_shut), (other.high, other.high_shut));
        Self {
            low,
            high,
            low_shut,
            high_shut,
        }
    }

    fn covers(self, slope: Slope) -> bool {
        (self.low.below(slope) || (self.low_shut && self.low.same(slope)))
            && (slope.below(self.high) || (self.high_shut && self.high.same(slope)))
    }
}

/// The shadows of one octant, sorted and apart.
#[derive(Debug, Default)]
struct Shadows {
    ranges: Vec<Shadow>,
    merged: Vec<Shadow>,
}

const LEVEL: Slope = Slope::new(0, 1);
const DIAGONAL: Slope = Slope::new(1, 1);

/// The lower of two ends, shut where either is that is at that slope.
fn lower((slope, shut): (Slope, bool), (other, other_shut): (Slope, bool)) -> (Slope, bool) {
    if slope.below(other) {
        (slope, shut)
    } else if other.below(slope) {
        (other, other_shut)
    } else {
        (slope, shut || other_shut)
    }
}

/// The higher of two ends, likewise.
fn higher((slope, shut): (Slope, bool), (other, other_shut): (Slope, bool)) -> (Slope, bool) {
    if other.below(slope) {
        (slope, shut)
    } else if slope.below(other) {
        (other, other_shut)
    } else {
        (slope, shut || other_shut)
    }
}

impl Shadows {
    fn clear(&mut self) {
        self.ranges.clear();
    }

    /// Cast every shadow of `cast` too (emptying it), joining each with every range it
    /// overlaps or meets: one sweep over both, sorted by their low ends.
    fn add_all(&mut self, cast: &mut Vec<Shadow>) {
        if cast.is_empty() {
            return;
        }
        cast.sort_unstable_by(|one, other| one.low.order(other.low));
        self.merged.clear();
        let (mut old, mut new) = (self.ranges.iter().peekable(), cast.iter().peekable());
        let mut current: Option<Shadow> = None;
        while let Some(&next) = match (old.peek(), new.peek()) {
            (Some(range), Some(shadow)) if shadow.low.below(range.low) => new.next(),
            (Some(_), _) => old.next(),
            (None, _) => new.next(),
        } {
            current = Some(match current {
                Some(shadow) if shadow.joins(next) => shadow.union(next),
                Some(shadow) => {
                    self.merged.push(shadow);
                    next
                }
                None => next,
            });
        }
        self.merged.extend(current);
        std::mem::swap(&mut self.ranges, &mut self.merged);
        cast.clear();
    }

    /// Whether every slope of the octant, level to diagonal, is in shadow.
    fn covers_all(&self) -> bool {
        self.ranges
            .iter()
            .any(|range| range.covers(LEVEL) && range.covers(DIAGONAL))
    }
}

/// How each octant's (column, row) turns into a step from the viewer: every reflection of the
/// octant from the viewer rightward and down to the diagonal.
const OCTANTS: [[i64; 4]; 8] = [
    [1, 0, 0, 1],
    [0, 1, 1, 0],
    [0, -1, 1, 0],
    [-1, 0, 0, 1],
    [-1, 0, 0, -1],
    [0, -1, -1, 0],
    [0, 1, -1, 0],
    [1, 0, 0, -1],
];

/// The ground of the map as sight sees it, and the viewer.
struct Ground<'map> {
    map: &'map GridMap,
    /// Per terrain of the map: whether it blocks sight.
    blocks: Vec<bool>,
    from: (i64, i64),
}

impl Ground<'_> {
    /// The tile at (`column`, `row`) of an octant, if on the map.
    fn tile(&self, octant: [i64; 4], column: i64, row: i64) -> Option<Tile> {
        let x = self.from.0 + octant[0] * column + octant[1] * row;
        let y = self.from.1 + octant[2] * column + octant[3] * row;
        let tile = Tile::new(u32::try_from(x).ok()?, u32::try_from(y).ok()?);
        self.map.contains(tile).then_some(tile)
    }

    /// Whether the tile at (`column`, `row`) of an octant blocks sight (off the map does).
    fn blocks(&self, octant: [i64; 4], column: i64, row: i64) -> bool {
        self.tile(octant, column, row)
            .is_none_or(|tile| self.blocks_at(tile))
    }

    /// Whether a tile on the map blocks sight.
    fn blocks_at(&self, tile: Tile) -> bool {
        let index = tile.y as usize * self.map.width() as usize + tile.x as usize;
        self.blocks[usize::from(self.map.tiles[index])]
    }
}

/// Every tile within `radius` yards of `from` (by the straight distance between centres) that
/// a unit at `from` sees, each given to `seen` once or more: those whose line of sight is
/// open by the line of fire's (`line_of_fire`)'s rule, walls and all. Nothing if `from` is off the
/// map.
pub fn field_of_view(map: &GridMap, from: Tile, radius: u32, mut seen: impl FnMut(Tile)) {
    if !map.contains(from) {
        return;
    }
    let ground = Ground {
        map,
        blocks: map
            .terrains
            .iter()
            .map(|terrain| terrain.blocks_sight)
            .collect(),
        from: (i64::from(from.x), i64::from(from.y)),
    };
    seen(from);
    SHADOWS.with(|shadows| {
        let mut shadows = shadows.borrow_mut();
        for octant in OCTANTS {
            shadows.clear();
            cast_octant(&ground, octant, i64::from(radius), &mut shadows, &mut seen);
        }
    });
}

thread_local! {
    static SHADOWS: std::cell::RefCell<Shadows> = std::cell::RefCell::default();
}

/// Walk one octant outward, column by column, giving `seen` each tile in no shadow.
fn cast_octant(
    ground: &Ground,
    octant: [i64; 4],
    radius: i64,
    shadows: &mut Shadows,
    seen: &mut impl FnMut(Tile),
) {
    let mut cast = Vec::new();
    for column in 1..=radius {
        let reach = (radius * radius - column * column).isqrt();
        // Blocking tiles a row past the radius shadow nothing within it; counted all the same.
        let last = column.min(reach + 1);
        let mut row = 0;
        let mut range = 0;
        while row <= last {
            let slope = Slope::new(row, column);
            while shadows.ranges.get(range).is_some_and(|shadow| {
                shadow.high.below(slope) || (shadow.high.same(slope) && !shadow.high_shut)
            }) {
                range += 1;
            }
            let shade = shadows
                .ranges
                .get(range)
                .filter(|shadow| shadow.covers(slope));
            let tile = ground.tile(octant, column, row);
            let corner_shut = row == column
                && ground.blocks(octant, column, column - 1)
                && ground.blocks(octant, column - 1, column);
            if shade.is_none()
                && !corner_shut
                && row <= reach
                && let Some(tile) = tile
            {
                seen(tile);
            }
            if tile.is_none_or(|tile| ground.blocks_at(tile)) {
                cast.push(Shadow {
                    low: Slope::new(2 * row - 1, 2 * column + 1),
                    high: Slope::new(2 * row + 1, 2 * column - 1),
                    low_shut: false,
                    high_shut: false,
                });
                if row < column && ground.blocks(octant, column - 1, row + 1) {
                    let corner = Slope::new(2 * row + 1, 2 * column - 1);
                    cast.push(Shadow {
                        low: corner,
                        high: corner,
                        low_shut: true,
                        high_shut: true,
                    });
                }
            }
            row = match shade {
                // Rows whose own slope and whole shadow lie inside this shadow: nothing to see
                // or cast there.
                Some(shadow) => {
                    let high = shadow.high;
                    let past = high.rise * (2 * column - 1) - high.run;
                    let inside = if past > 0 {
                        (past - 1).div_euclid(2 * high.run)
                    } else {
                        -1
                    };
                    (row + 1).max(inside + 1)
                }
                None => row + 1,
            };
        }
        shadows.add_all(&mut cast);
        if shadows.covers_all() {
            return;
        }
    }
}
