//! What the facts of a shot are worth on the d100 house sheet (SPECS.md 4.1 [house]): no shift
//! to the weapon's base range, −10 to twice it, −20 to four times it, no shot beyond, and no
//! point-blank bonus. Cover is no shift here: it acts on the body part a hit lands on.

use crate::rules::modifiers::{Effect, Modifier, ModifierReason};
use crate::rules::situation::{RangeBand, ShotFacts, Worth};

/// The shift to twice the base range, and to four times it.
const LONG_RANGE: i32 = -10;
const VERY_LONG_RANGE: i32 = -20;

/// A shift of so many percent for a reason.
pub fn shift(reason: ModifierReason, points: i32) -> Modifier {
    Modifier {
        reason,
        effect: Effect::Add(points),
    }
}

/// What the range band is worth: nothing to the base range, −10 to twice it, −20 to four
/// times it, and no shot beyond.
pub fn range_value(band: RangeBand) -> Option<Vec<Modifier>> {
    match band {
        RangeBand::Touch | RangeBand::Base => Some(Vec::new()),
        RangeBand::Long => Some(vec![shift(ModifierReason::LongRange, LONG_RANGE)]),
        RangeBand::VeryLong => Some(vec![shift(ModifierReason::VeryLongRange, VERY_LONG_RANGE)]),
        RangeBand::OutOfRange => None,
    }
}

/// What a shot's facts are worth to the roll: its range band.
pub fn shot_value(facts: &ShotFacts) -> Worth {
    match range_value(facts.reading.band) {
        Some(modifiers) => Worth {
            modifiers,
            possible: true,
        },
        None => Worth {
            modifiers: Vec::new(),
            possible: false,
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Bands to 1, 2 and 4 times the base range: 0, −10, −20, then none.
    #[test]
    fn the_range_shifts() {
        let points = |band| {
            range_value(band).map(|modifiers| {
                modifiers
                    .iter()
                    .map(|modifier| match modifier.effect {
                        Effect::Add(points) => points,
                        _ => 0,
                    })
                    .sum::<i32>()
            })
        };
        assert_eq!(points(RangeBand::Base), Some(0));
        assert_eq!(points(RangeBand::Long), Some(-10));
        assert_eq!(points(RangeBand::VeryLong), Some(-20));
        assert_eq!(points(RangeBand::OutOfRange), None);
    }
}
