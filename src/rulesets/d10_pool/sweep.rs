//! The d10 pool's sweep (SPECS.md section 2): automatic fire swept across an area, how wide a
//! sweep of so many rounds is, in feet and in tiles of the map, and the line of tiles across the
//! line of fire it covers.

/// A sweep: so many feet of width for every ten rounds spent, and the fewest rounds a sweep
/// spends.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SweepRule {
    pub feet_per_ten_rounds: u32,
    pub least_rounds: u32,
}

/// The pool's sweep: 5 feet of width for every 10 rounds spent, at least 10 rounds.
pub const SWEEP: SweepRule = SweepRule {
    feet_per_ten_rounds: 5,
    least_rounds: 10,
};

/// Feet in a tile's side (a tile is a yard).
const FEET_A_TILE: u32 = 3;

impl SweepRule {
    /// The width of a sweep of `rounds` in whole tiles: its feet over three, rounded half up,
    /// and at least one; `None` below the fewest rounds a sweep spends.
    pub fn width(self, rounds: u32) -> Option<u32> {
        if rounds < self.least_rounds {
            return None;
        }
        let feet = u64::from(rounds) * u64::from(self.feet_per_ten_rounds);
        // feet / 10 / 3, rounded half up, in whole numbers.
        let per_tile = 10 * u64::from(FEET_A_TILE);
        let tiles = (feet + per_tile / 2) / per_tile;
        Some(u32::try_from(tiles).unwrap_or(u32::MAX).max(1))
    }
}

/// The step along the line across a line of fire from `from` to `centre`: the direction at a
/// right angle to it, brought to the nearest of the eight a tile has neighbours in (ties go to
/// the diagonal). `(0, 0)` where the two are one tile.
pub fn across(from: (i64, i64), centre: (i64, i64)) -> (i32, i32) {
    let (dx, dy) = (centre.0 - from.0, centre.1 - from.1);
    // A right angle to (dx, dy).
    let (ax, ay) = (-dy, dx);
    let sign = |value: i64| i32::try_from(value.signum()).unwrap_or(0);
    // tan 22.5° is about 0.4142: past it the step leans onto the diagonal.
    let (wide, tall) = (ax.abs(), ay.abs());
    if tall * 10_000 < wide * 4_142 {
        (sign(ax), 0)
    } else if wide * 10_000 < tall * 4_142 {
        (0, sign(ay))
    } else {
        (sign(ax), sign(ay))
    }
}

/// The offsets along the line across, for a sweep `width` tiles wide centred on its tile: 0,
/// then one each way in turn, an even width's extra one on the positive side.
pub fn offsets(width: u32) -> Vec<i32> {
    let width = i32::try_from(width).unwrap_or(i32::MAX);
    let mut offsets = vec![0];
    for step in 1..width {
        let reach = (step + 1) / 2;
        offsets.push(if step % 2 == 1 { reach } else { -reach });
    }
    offsets
}

#[cfg(test)]
mod tests {
    use super::*;

    /// SPECS.md's worked widths: 10 rounds cover 5 ft (2 tiles), 20 cover 10 ft (3 tiles),
    /// 30 cover 15 ft (5 tiles); fewer than 10 is no sweep.
    #[test]
    fn a_sweep_is_five_feet_wide_for_every_ten_rounds_in_whole_tiles() {
        let table = [
            (9, None),
            (10, Some(2)),
            (15, Some(3)),
            (20, Some(3)),
            (25, Some(4)),
            (30, Some(5)),
            (60, Some(10)),
        ];
        for (rounds, width) in table {
            assert_eq!(SWEEP.width(rounds), width, "{rounds} rounds");
        }
    }

    /// Across a line of fire due east is north-south; across a diagonal is the other diagonal;
    /// 2 across and 1 down (27 degrees) leans onto a diagonal, 3 across and 1 down (18) does not.
    #[test]
    fn the_line_across_is_at_a_right_angle_to_the_line_of_fire() {
        let table = [
            ((5, 0), (0, 1)),
            ((0, 5), (-1, 0)),
            ((-5, 0), (0, -1)),
            ((4, 4), (-1, 1)),
            ((4, -4), (1, 1)),
            ((6, 3), (-1, 1)),
            ((6, 2), (0, 1)),
            ((0, 0), (0, 0)),
        ];
        for (towards, step) in table {
            assert_eq!(across((0, 0), towards), step, "towards {towards:?}");
        }
    }

    #[test]
    fn the_offsets_spread_from_the_centre_each_way_in_turn() {
        assert_eq!(offsets(1), vec![0]);
        assert_eq!(offsets(2), vec![0, 1]);
        assert_eq!(offsets(3), vec![0, 1, -1]);
        assert_eq!(offsets(5), vec![0, 1, -1, 2, -2]);
    }
}
