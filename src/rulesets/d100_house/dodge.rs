//! The d100 house sheet's dodge stance (SPECS.md 4.1, Turn): taken on the unit's turn and held
//! to its next, rolled against each hit that reaches it, never compared with the attack. A
//! plain success leaves a blow nothing and a bullet its digit sum; a critical or matched dodge
//! leaves nothing at all; a matched attack is only brought down to hand-to-hand damage, and a
//! critical one is not dodged. Whichever of the turn's attack and dodge comes second takes −30.

use crate::rules::class_rolls::class_of;
use crate::rules::roll::Verdict;
use crate::rules::roll_class::RollClass;
use crate::rules::roll_harm::{DodgeOutcome, HitForm, RollHit};

/// The shift on whichever of the turn's attack and dodge comes second.
pub const DODGING_TOO: i32 = -30;

/// Whether a dodge may meet the hit: any but a critical.
pub fn dodgeable(hit: &RollHit) -> bool {
    class_of(&hit.verdict) != RollClass::Critical
}

/// What the `dodge` makes of the hit.
pub fn outcome(hit: &RollHit, dodge: &Verdict) -> DodgeOutcome {
    let attack = class_of(&hit.verdict);
    if attack == RollClass::Critical || !dodge.success {
        return DodgeOutcome::Missed;
    }
    let clean = matches!(
        class_of(dodge),
        RollClass::Critical | RollClass::MatchedSuccess
    );
    match (attack, hit.form) {
        (RollClass::MatchedSuccess, _) => DodgeOutcome::Downgraded,
        _ if clean => DodgeOutcome::Negated,
        (_, HitForm::Firearm | HitForm::Suppressing) => DodgeOutcome::Downgraded,
        (_, HitForm::HandToHand | HitForm::Thrown | HitForm::Fringe) => DodgeOutcome::Negated,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rulesets::d100_house::damage::damage_from_roll;
    use crate::rulesets::d100_house::damage::tests::verdict;

    fn hit(roll: u32, form: HitForm, weapon_value: u32) -> RollHit {
        RollHit {
            verdict: verdict(roll, 60),
            weapon_value,
            form,
            downgraded: false,
        }
    }

    /// Every pairing of a plain, matched and critical attack with a failed, plain, matched and
    /// critical dodge (Dodge 50: 70 fails, 37 succeeds, 33 is matched, 01 critical), for a
    /// bullet and a blow.
    #[test]
    fn each_attack_against_each_dodge() {
        use DodgeOutcome::{Downgraded, Missed, Negated};
        let dodges = [70, 37, 33, 1].map(|roll| verdict(roll, 50));
        let table = [
            // attack roll, form: against failed, plain, matched, critical dodges
            (37, HitForm::Firearm, [Missed, Downgraded, Negated, Negated]),
            (37, HitForm::HandToHand, [Missed, Negated, Negated, Negated]),
            (
                44,
                HitForm::Firearm,
                [Missed, Downgraded, Downgraded, Downgraded],
            ),
            (
                44,
                HitForm::HandToHand,
                [Missed, Downgraded, Downgraded, Downgraded],
            ),
            (1, HitForm::Firearm, [Missed; 4]),
            (1, HitForm::HandToHand, [Missed; 4]),
        ];
        for (roll, form, expected) in table {
            let hit = hit(roll, form, 6);
            assert_eq!(dodgeable(&hit), roll != 1, "{roll}");
            for (dodge, outcome_wanted) in dodges.iter().zip(expected) {
                assert_eq!(
                    outcome(&hit, dodge),
                    outcome_wanted,
                    "attack {roll} {form:?}, dodge {}",
                    dodge.value
                );
            }
        }
    }

    /// What a hit brought down does: Rico's 37 from the heavy pistol does 10 (the digit sum, not
    /// 37); Dee's matched 44 with the machete does 8 + 6 = 14, not the roll itself; Bruno's
    /// matched 44 with the bat 8 + 3 = 11, not 19.
    #[test]
    fn a_dodged_hit_does_hand_to_hand_damage() {
        let brought_down = |roll, form, value| {
            damage_from_roll(&RollHit {
                downgraded: true,
                ..hit(roll, form, value)
            })
            .map(|rolled| rolled.total)
        };
        assert_eq!(brought_down(37, HitForm::Firearm, 50), Some(10));
        assert_eq!(brought_down(44, HitForm::HandToHand, 6), Some(14));
        assert_eq!(brought_down(44, HitForm::HandToHand, 3), Some(11));
    }
}
