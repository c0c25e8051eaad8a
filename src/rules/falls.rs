//! Falls, where the rulebook has them (the d100 house sheet): a die for each whole step of
//! height fallen, a controlled fall dropping the highest die.

/// How a fall hurts: `die` sides for each `per_feet` feet fallen, and whether a controlled
/// fall drops the highest die.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Falling {
    pub die: u32,
    pub per_feet: u32,
    pub controlled_drops_highest: bool,
}

impl Falling {
    /// How many dice a fall of `feet` rolls: one for each whole step.
    pub fn dice(&self, feet: u32) -> u32 {
        feet / self.per_feet.max(1)
    }

    /// Which of the faces rolled a fall drops: for a `controlled` one the highest (the first
    /// of equals), where the rulebook says so; `None`, all are kept.
    pub fn dropped(&self, faces: &[u32], controlled: bool) -> Option<usize> {
        if !(controlled && self.controlled_drops_highest) {
            return None;
        }
        let highest = faces.iter().max()?;
        faces.iter().position(|face| face == highest)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const D100_FALLS: Falling = Falling {
        die: 10,
        per_feet: 10,
        controlled_drops_highest: true,
    };

    /// A die each 10 feet: 9 feet none, 25 feet 2, 30 feet 3. A controlled fall of 30 feet
    /// rolling 7, 9, 2 drops the 9; an uncontrolled one keeps all.
    #[test]
    fn a_die_for_each_ten_feet_and_a_controlled_fall_drops_the_highest() {
        assert_eq!(
            [9, 10, 25, 30].map(|feet| D100_FALLS.dice(feet)),
            [0, 1, 2, 3]
        );
        assert_eq!(D100_FALLS.dropped(&[7, 9, 2], true), Some(1));
        assert_eq!(D100_FALLS.dropped(&[7, 9, 9], true), Some(1));
        assert_eq!(D100_FALLS.dropped(&[7, 9, 2], false), None);
        assert_eq!(D100_FALLS.dropped(&[], true), None);
    }
}
