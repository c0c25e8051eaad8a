//! The d100 house sheet's wounds (SPECS.md 4.1, [house] from the parent game): a unit is out
//! at 5 hit points or fewer and dead at 0; First Aid heals the digit sum of a d100, 0 counting
//! as 10.

use crate::rules::wounds::{Aftercare, BlowResult, BlowSeverity, Patient, WoundBlow};

/// At this many hit points or fewer a unit is unconscious.
pub const OUT_AT: u32 = 5;

/// Hit points fall: out at 5 or fewer, dead at 0.
pub fn take_blow(blow: &WoundBlow) -> BlowResult {
    let remaining = blow.hit_points.saturating_sub(blow.damage);
    let dead = remaining == 0;
    BlowResult {
        severity: BlowSeverity::Regular,
        hit_points: remaining,
        below_zero: 0,
        major_wound: false,
        dead,
        dying: false,
        knocked_out: !dead && remaining <= OUT_AT,
        needs_con_roll: false,
    }
}

/// First Aid heals the digit sum of a d100 with 0 as 10: two d10s read 1 to 10, the same odds
/// (2 to 20, 11 on average). A patient brought above 5 wakes.
pub fn first_aid(patient: &Patient, die: &mut dyn FnMut(u32) -> u32) -> Aftercare {
    let healed = die(10).saturating_add(die(10));
    let hit_points = patient
        .hit_points
        .saturating_add(healed)
        .min(patient.max_hit_points);
    Aftercare {
        hit_points,
        below_zero: 0,
        healed: hit_points.saturating_sub(patient.hit_points),
        stabilised: false,
        awake: (hit_points > OUT_AT).then_some(true),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn blow(damage: u32, hit_points: u32) -> WoundBlow {
        WoundBlow {
            damage,
            hit_points,
            below_zero: 0,
            max_hit_points: 110,
            major_wound: false,
            deliberate: true,
        }
    }

    /// Rico at 40 takes 34: 6 left, awake; 35: 5 left, out; 40: dead.
    #[test]
    fn out_at_five_dead_at_zero() {
        let table = [
            (34, 6, false, false),
            (35, 5, true, false),
            (40, 0, false, true),
        ];
        for (damage, left, out, dead) in table {
            let result = take_blow(&blow(damage, 40));
            assert_eq!(
                (result.hit_points, result.knocked_out, result.dead),
                (left, out, dead),
                "{damage}"
            );
        }
    }

    /// Two d10s of 3 and 10 heal 13; a patient out at 4 wakes at 17; the most is the most.
    #[test]
    fn first_aid_heals_a_digit_sum() {
        let patient = Patient {
            hit_points: 4,
            below_zero: 0,
            max_hit_points: 110,
            dying: false,
            major_wound: false,
        };
        let mut faces = [3, 10].into_iter();
        let care = first_aid(&patient, &mut |_| faces.next().unwrap_or(1));
        assert_eq!(
            (care.hit_points, care.healed, care.awake),
            (17, 13, Some(true))
        );
        let nearly_whole = Patient {
            hit_points: 105,
            ..patient
        };
        let care = first_aid(&nearly_whole, &mut |_| 10);
        assert_eq!((care.hit_points, care.healed), (110, 5));
    }
}
