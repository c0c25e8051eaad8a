//! Lengths held exactly whatever they were given in: feet, yards and metres are all whole
//! numbers of tenths of a millimetre (a foot is 3,048, a yard 9,144, a metre 10,000), so a range
//! of 30 metres is compared with a distance in yards without rounding either.

use serde::{Deserialize, Serialize};

/// Tenths of a millimetre in a foot.
const PER_FOOT: u64 = 3_048;

/// Tenths of a millimetre in a yard.
const PER_YARD: u64 = 3 * PER_FOOT;

/// Tenths of a millimetre in a metre.
const PER_METRE: u64 = 10_000;

/// A length, in tenths of a millimetre.
#[derive(
    Debug, Clone, Copy, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
#[serde(transparent)]
pub struct Length(u64);

/// Tenths of a yard (a path's cost) a move of so many feet is (a yard is three feet), rounded
/// down.
pub fn feet_in_tenths(feet: u32) -> u32 {
    feet.saturating_mul(10) / 3
}

impl Length {
    pub const fn feet(feet: u32) -> Self {
        Self(feet as u64 * PER_FOOT)
    }

    pub const fn yards(yards: u32) -> Self {
        Self(yards as u64 * PER_YARD)
    }

    pub const fn metres(metres: u32) -> Self {
        Self(metres as u64 * PER_METRE)
    }

    /// The length times a fraction, `[numerator, denominator]`, rounded down.
    pub fn times(self, [numerator, denominator]: [u32; 2]) -> Self {
        Self(self.0.saturating_mul(u64::from(numerator)) / u64::from(denominator.max(1)))
    }

    /// Whether a distance of `squared_yards` (the square of a distance in yards) is at most
    /// this long: compared squared, in whole numbers, so a boundary holds to the tenth of a
    /// millimetre.
    pub fn reaches(self, squared_yards: u64) -> bool {
        let yard = u128::from(PER_YARD);
        u128::from(squared_yards) * yard * yard <= u128::from(self.0) * u128::from(self.0)
    }

    /// The longest distance it reaches, as the square of whole yards: a squared distance `d`
    /// [`reaches`](Self::reaches) exactly when `d` is at most this.
    pub fn farthest_squared_yards(self) -> u64 {
        let yard = u128::from(PER_YARD);
        let farthest = u128::from(self.0) * u128::from(self.0) / (yard * yard);
        u64::try_from(farthest).unwrap_or(u64::MAX)
    }

    /// The length in yards, for drawing.
    pub fn in_yards(self) -> f32 {
        self.0 as f32 / PER_YARD as f32
    }

    /// The length in whole feet, rounded up.
    pub fn whole_feet(self) -> u32 {
        u32::try_from(self.0.div_ceil(PER_FOOT)).unwrap_or(u32::MAX)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn units_meet_exactly() {
        assert_eq!(Length::yards(5), Length::feet(15));
        assert_eq!(Length::metres(3).whole_feet(), 10, "3 m is 9.84 feet");
        assert_eq!(Length::feet(7).whole_feet(), 7);
        assert_eq!(Length::metres(30).times([3, 2]), Length::metres(45));
    }

    /// (length, squared yards, reached): a handgun's 30 m is 32.81 yards, so 32 yards straight
    /// and (23, 23) at 32.53 are within it, 33 yards and (24, 23) at 33.24 are not; 2 m is 2.19
    /// yards, so the next tile diagonally (2.83 yards off at (2, 2)) is not.
    #[test]
    fn a_length_reaches_to_the_tenth_of_a_millimetre() {
        let table = [
            (Length::metres(30), 32 * 32, true),
            (Length::metres(30), 23 * 23 + 23 * 23, true),
            (Length::metres(30), 33 * 33, false),
            (Length::metres(30), 24 * 24 + 23 * 23, false),
            (Length::metres(2), 2 * 2, true),
            (Length::metres(2), 1 + 2 * 2, false),
            (Length::feet(12), 4 * 4, true),
            (Length::feet(11), 4 * 4, false),
            (Length::yards(15), 9 * 9 + 12 * 12, true),
        ];
        for (length, squared_yards, reached) in table {
            assert_eq!(
                length.reaches(squared_yards),
                reached,
                "{length:?} {squared_yards}"
            );
            assert_eq!(
                squared_yards <= length.farthest_squared_yards(),
                reached,
                "{length:?} {squared_yards}, worked out once"
            );
        }
        // 30 m is 32.81 yards, whose square is 1,076.4: 1,076 is reached, 1,077 is not.
        assert_eq!(Length::metres(30).farthest_squared_yards(), 1_076);
        assert!(Length::metres(30).reaches(1_076) && !Length::metres(30).reaches(1_077));
        assert_eq!(Length::yards(15).farthest_squared_yards(), 225, "exactly");
    }
}
