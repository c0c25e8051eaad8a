//! The d100 house sheet's suppressive fire (SPECS.md 4.1, Firearms): several attacks of fire
//! laid on a group shift the rolls of everyone in it by the bullets fired at it this turn (4 to
//! 10 −10, 11 to 20 −20, 21 or more −30) until the shooter's next turn; a bullet hurts only on
//! a matched or critical success, one of the group drawn by a die taking hand-to-hand damage.

use super::D100House;
use crate::rules::class_rolls::class_of;
use crate::rules::mechanisms::Pinning;
use crate::rules::roll::Verdict;
use crate::rules::roll_class::RollClass;

/// The shift on a group's rolls for the bullets fired at it this turn, by the least bullets of
/// each step: none below 4.
const STEPS: [(u32, i32); 3] = [(21, -30), (11, -20), (4, -10)];

/// The shift `bullets` fired at a group this turn put on its rolls (0: too few yet).
pub fn shift(bullets: u32) -> i32 {
    STEPS
        .iter()
        .find(|(least, _)| bullets >= *least)
        .map_or(0, |(_, shift)| *shift)
}

/// Whether a suppressing bullet rolled so hurts one of the group: a matched or critical success.
pub fn hurts(roll: &Verdict) -> bool {
    roll.success
        && matches!(
            class_of(roll),
            RollClass::MatchedSuccess | RollClass::Critical
        )
}

/// Suppressive fire pins the group: 4-10 bullets −10, 11-20 −20, 21+ −30.
impl Pinning for D100House {
    fn shift(&self, bullets: u32) -> i32 {
        shift(bullets)
    }

    fn bullet_hurts(&self, roll: &Verdict) -> bool {
        hurts(roll)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rulesets::d100_house::damage::tests::verdict;

    /// Each step's edges: 3 bullets (one attack of full auto) shift nothing, 4 to 10 (two or
    /// three attacks) −10, 11 to 20 −20, 21 and more −30.
    #[test]
    fn the_shift_by_bullets_fired() {
        for (bullets, wanted) in [
            (0, 0),
            (3, 0),
            (4, -10),
            (6, -10),
            (9, -10),
            (10, -10),
            (11, -20),
            (20, -20),
            (21, -30),
            (90, -30),
        ] {
            assert_eq!(shift(bullets), wanted, "{bullets} bullets");
        }
    }

    /// At Firearms 20 (Nico's 40 in two shares): 01 and 11 hurt; a plain 15, a failed 33 or 44
    /// and the fumble do not.
    #[test]
    fn only_a_matched_or_critical_bullet_hurts() {
        for (roll, wanted) in [
            (1, true),
            (11, true),
            (15, false),
            (33, false),
            (44, false),
            (100, false),
        ] {
            assert_eq!(hurts(&verdict(roll, 20)), wanted, "{roll}");
        }
    }
}
