//! Wounds: what one blow of damage does to hit points, the roll against a wound's pain where
//! the rulebook asks one, and what First Aid can do.

use serde::{Deserialize, Serialize};

/// How serious one blow is, against the target's maximum hit points.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum BlowSeverity {
    /// Less than half the maximum.
    Regular,
    /// Half the maximum or more: a major wound.
    Major,
    /// More than the maximum: death.
    Killing,
}

/// Classify one blow of `damage` (after armor) against `max_hit_points`.
pub fn blow_severity(damage: u32, max_hit_points: u32) -> BlowSeverity {
    if damage > max_hit_points {
        BlowSeverity::Killing
    } else if damage > 0 && damage.saturating_mul(2) >= max_hit_points {
        BlowSeverity::Major
    } else {
        BlowSeverity::Regular
    }
}

/// Damage left after armor; never below zero.
pub fn after_armor(damage: u32, armor: u32) -> u32 {
    damage.saturating_sub(armor)
}

/// One blow on its way into a unit's hit points, after armor.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct WoundBlow {
    pub damage: u32,
    pub hit_points: u32,
    /// Hit points already below zero, where the rulebook lets them go there (BRP).
    pub below_zero: u32,
    pub max_hit_points: u32,
    /// The unit's major wound box is already ticked.
    pub major_wound: bool,
    /// Struck at a unit still alive on purpose (a blow, a shot aimed at it), not caught by it.
    pub deliberate: bool,
}

/// A patient as First Aid finds it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Patient {
    pub hit_points: u32,
    /// Hit points below zero, healed first.
    pub below_zero: u32,
    pub max_hit_points: u32,
    pub dying: bool,
    pub major_wound: bool,
}

/// What successful First Aid does to a patient.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Aftercare {
    pub hit_points: u32,
    /// Hit points still below zero.
    pub below_zero: u32,
    /// Hit points it gave back.
    pub healed: u32,
    /// The dying patient is stabilised (CoC), rather than healed out of danger.
    pub stabilised: bool,
    /// Awake (`Some(true)`), unconscious (`Some(false)`), or as it was (`None`: a dying patient
    /// not healed above zero is still dying).
    pub awake: Option<bool>,
}

impl Aftercare {
    /// Care that changes nothing: the patient as it was (where First Aid heals nothing in a
    /// fight: the d10 pool, the western).
    pub fn nothing(patient: &Patient) -> Self {
        Self {
            hit_points: patient.hit_points,
            below_zero: patient.below_zero,
            healed: 0,
            stabilised: false,
            awake: None,
        }
    }
}

/// What a blow leaves behind.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct BlowResult {
    pub severity: BlowSeverity,
    /// Hit points after the blow (never below zero).
    pub hit_points: u32,
    /// How far below zero the blow left them, where the rulebook lets them go there (BRP).
    pub below_zero: u32,
    /// The major wound box is ticked (by this blow or an earlier one).
    pub major_wound: bool,
    /// The blow kills outright.
    pub dead: bool,
    /// Zero hit points with a major wound ticked: dying.
    pub dying: bool,
    /// Zero hit points without a major wound: unconscious but in no danger.
    pub knocked_out: bool,
    /// This blow is a major wound: the target falls prone and must roll CON to stay conscious.
    pub needs_con_roll: bool,
}

/// Apply one blow of `damage` (after armor) to a target with `hit_points` of `max_hit_points`,
/// whose major wound box is already `major_wound`.
pub fn take_blow(
    damage: u32,
    hit_points: u32,
    max_hit_points: u32,
    major_wound: bool,
) -> BlowResult {
    let severity = blow_severity(damage, max_hit_points);
    let remaining = hit_points.saturating_sub(damage);
    let major = major_wound || severity == BlowSeverity::Major;
    let dead = severity == BlowSeverity::Killing;
    BlowResult {
        severity,
        hit_points: if dead { 0 } else { remaining },
        below_zero: 0,
        major_wound: major,
        dead,
        dying: !dead && remaining == 0 && major,
        knocked_out: !dead && remaining == 0 && !major,
        needs_con_roll: !dead && remaining > 0 && severity == BlowSeverity::Major,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn severity_against_maximum_hit_points() {
        assert_eq!(blow_severity(7, 15), BlowSeverity::Regular);
        assert_eq!(
            blow_severity(8, 15),
            BlowSeverity::Major,
            "8 is half of 15 or more"
        );
        assert_eq!(
            blow_severity(15, 15),
            BlowSeverity::Major,
            "equal to the maximum"
        );
        assert_eq!(blow_severity(16, 15), BlowSeverity::Killing);
        assert_eq!(blow_severity(6, 12), BlowSeverity::Major, "exactly half");
        assert_eq!(blow_severity(5, 12), BlowSeverity::Regular);
        assert_eq!(blow_severity(0, 1), BlowSeverity::Regular);
    }

    /// Harvey has 15 hit points and takes 3, then 8 (a major wound: prone and a CON roll),
    /// leaving 4; then 5 more: zero with the major wound ticked, so he is dying.
    #[test]
    fn harvey_takes_three_then_eight_then_five() {
        let first = take_blow(3, 15, 15, false);
        assert_eq!(
            (first.hit_points, first.severity, first.needs_con_roll),
            (12, BlowSeverity::Regular, false)
        );
        let second = take_blow(8, first.hit_points, 15, first.major_wound);
        assert_eq!(second.hit_points, 4);
        assert_eq!(second.severity, BlowSeverity::Major);
        assert!(second.major_wound && second.needs_con_roll && !second.dying);
        let third = take_blow(5, second.hit_points, 15, second.major_wound);
        assert_eq!(third.hit_points, 0);
        assert!(third.dying && !third.dead && !third.knocked_out);
    }

    /// Harvey takes 4, 6 and 7: 17 in all, none of them a major wound, so he is at zero hit
    /// points, unconscious, and not dying.
    #[test]
    fn regular_damage_to_zero_only_knocks_out() {
        let mut hit_points = 15;
        for damage in [4, 6, 7] {
            let blow = take_blow(damage, hit_points, 15, false);
            assert_eq!(blow.severity, BlowSeverity::Regular);
            hit_points = blow.hit_points;
            if hit_points == 0 {
                assert!(blow.knocked_out && !blow.dying);
            }
        }
        assert_eq!(hit_points, 0);
    }

    #[test]
    fn a_blow_over_maximum_kills_and_a_major_blow_to_zero_is_dying() {
        let killed = take_blow(16, 15, 15, false);
        assert!(killed.dead && killed.hit_points == 0);
        let felled = take_blow(12, 10, 15, false);
        assert!(felled.dying && felled.major_wound && !felled.needs_con_roll);
    }

    /// The deep one's tough hide: 5 damage less 1 point of armor is 4.
    #[test]
    fn armor_comes_off_each_blow() {
        assert_eq!(after_armor(5, 1), 4);
        assert_eq!(after_armor(2, 3), 0);
    }
}
