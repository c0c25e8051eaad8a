//! How far a d10 pool unit moves and shoots (SPECS.md 2.1, "Movement" and the range steps):
//! past its free movement a unit's other actions lose a die for each 5 feet started; a shot
//! is a step harder past the weapon's listed range, two past half as far again, and none past
//! twice it (the bands `RangeScale` draws, in metres against yards, unrounded).

use crate::rules::modifiers::{Modifier, ModifierReason};
use crate::rules::situation::RangeBand;

/// A step of 5 feet, in tenths of a foot.
const STEP_IN_TENTHS_OF_A_FOOT: u32 = 50;

/// The dice a unit's other actions lose this round for moving `spent` tenths of a yard (a
/// path's cost) with `free` free: one for each 5 feet started past it. The free part is whole
/// feet (5 and 5 a Dexterity dot), kept in tenths of a yard rounded down, so it is read back
/// as whole feet rounded up.
pub fn movement_penalty(spent: u32, free: u32) -> u32 {
    let free_feet = free.saturating_mul(3).div_ceil(10);
    spent
        .saturating_mul(3)
        .saturating_sub(free_feet.saturating_mul(10))
        .div_ceil(STEP_IN_TENTHS_OF_A_FOOT)
}

/// What the range band is worth to a shot: +1 difficulty past the listed range, +2 past one
/// and a half times it; no shot past twice it.
pub fn range_value(band: RangeBand) -> Option<Vec<Modifier>> {
    let steps = match band {
        RangeBand::Touch | RangeBand::Base => return Some(Vec::new()),
        RangeBand::Long => 1,
        RangeBand::VeryLong => 2,
        RangeBand::OutOfRange => return None,
    };
    let reason = if steps == 1 {
        ModifierReason::LongRange
    } else {
        ModifierReason::VeryLongRange
    };
    Some(vec![Modifier::steps(reason, steps)])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn movement_is_free_to_five_feet_a_dexterity_dot_then_costs_a_die_each_five_feet() {
        // Dexterity 3: 20 feet, 66 tenths of a yard, free. (spent, dice lost)
        let free = 66;
        let table = [
            (60, 0),
            (66, 0),
            // 7 yards: 21 feet, one 5-foot step started.
            (70, 1),
            // 8.3 yards: 25 feet, one step (the tenth over is a hair of a foot).
            (83, 1),
            // 8.7 yards: 26 feet, a second step started.
            (87, 2),
        ];
        for (spent, lost) in table {
            assert_eq!(movement_penalty(spent, free), lost, "{spent} tenths");
        }
        // Dexterity 1 (10 feet free, kept as 33 tenths): 10 yards is 30 feet, 20 past, four
        // steps; 10.1 yards starts a fifth.
        assert_eq!(movement_penalty(100, 33), 4);
        assert_eq!(movement_penalty(101, 33), 5);
    }

    #[test]
    fn a_shot_is_a_step_harder_past_its_range_and_two_past_half_again() {
        let steps = |band| {
            range_value(band).map(|modifiers| {
                modifiers
                    .iter()
                    .map(|modifier| modifier.difficulty_steps())
                    .sum::<i8>()
            })
        };
        assert_eq!(steps(RangeBand::Base), Some(0));
        assert_eq!(steps(RangeBand::Long), Some(1));
        assert_eq!(steps(RangeBand::VeryLong), Some(2));
        assert_eq!(steps(RangeBand::OutOfRange), None);
    }
}
