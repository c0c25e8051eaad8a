//! The western's wounds (SPECS.md 3.1): Damage Points below zero (incapacitated at 0, dead at
//! −10), the roll against each wound's pain (Concentration at −1 a full 10 points of damage,
//! or Strength hand to hand), bleeding of 1 a round until First Aid, and the d100 table a
//! bullet or blade wound is located on at the end of the round, in words only.

use serde::{Deserialize, Serialize};

use super::check::CORE_ROLL;
use crate::rules::body::{BodyPart, HitLocations};
use crate::rules::damage::DamageNotation;
use crate::rules::modifiers::Modifier;
use crate::rules::situation::Material;
use crate::rules::wounds::{BlowResult, BlowSeverity, WoundBlow};
use crate::rulesets::frontier::reasons;

/// Damage Points a unit may fall below zero before it is dead (it is incapacitated at 0).
const DEAD_BELOW_ZERO: u32 = 10;

/// Damage Points lost a round to bleeding.
pub const BLEEDING: u32 = 1;

/// Each full this many points of a wound's damage is a step off the roll against its pain.
const DAMAGE_A_STEP: u32 = 10;

/// The d100 table of hit locations.
pub const LOCATIONS: HitLocations = HitLocations {
    sides: 100,
    bands: &[
        (12, BodyPart::Head),
        (23, BodyPart::Neck),
        (45, BodyPart::Chest),
        (66, BodyPart::Abdomen),
        (74, BodyPart::LeftArm),
        (85, BodyPart::RightArm),
        (93, BodyPart::LeftLeg),
        (100, BodyPart::RightLeg),
    ],
};

/// What failing the roll against a wound's pain does.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum PainFailure {
    /// The unit falls prone, drops what it holds and does nothing more this round; it rolls
    /// again at each later turn until it passes (a failure costs that turn).
    FallAndDrop,
    /// Hurt hand to hand: the unit's action is lost this round; it rolls again each round.
    NoAttacks,
}

/// The roll a wound calls for against its pain: the characteristic as the log names it
/// ("Conc") and its field in the sheet ("CON"), the roll's modifiers, and what a failure does.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WoundCheck {
    pub name: &'static str,
    pub field: &'static str,
    pub modifiers: Vec<Modifier>,
    pub on_failure: PainFailure,
}

/// Damage Points fall below zero: incapacitated at 0, dead at −10.
pub fn take_blow(blow: &WoundBlow) -> BlowResult {
    let remaining = blow.hit_points.saturating_sub(blow.damage);
    let below_zero = blow
        .below_zero
        .saturating_add(blow.damage.saturating_sub(blow.hit_points));
    let dead = below_zero >= DEAD_BELOW_ZERO;
    BlowResult {
        severity: BlowSeverity::Regular,
        hit_points: remaining,
        below_zero,
        major_wound: false,
        dead,
        dying: false,
        knocked_out: remaining == 0 && !dead,
        needs_con_roll: false,
    }
}

/// The roll against a wound's pain: Concentration (failed, the unit falls, drops its weapon and
/// does nothing more this round), or Strength for a wound taken hand to hand (failed, no more
/// attacks this round); a step off for each full 10 points of damage. The wound band is the
/// unit's own, on every roll.
pub fn wound_check(damage: u32, hand_to_hand: bool) -> WoundCheck {
    let steps = i32::try_from(damage / DAMAGE_A_STEP).unwrap_or(i32::MAX);
    let (name, field, on_failure) = if hand_to_hand {
        ("STR", "STR", PainFailure::NoAttacks)
    } else {
        ("Conc", "CON", PainFailure::FallAndDrop)
    };
    WoundCheck {
        name,
        field,
        modifiers: if steps == 0 {
            Vec::new()
        } else {
            vec![CORE_ROLL.step(reasons::HEAVY_WOUND, -steps)]
        },
        on_failure,
    }
}

/// What a bullet loses going through cover of `material` (the rulebook's table): wood 2, iron
/// 1D10, steel 2D10.
pub fn material_reduction(material: Material) -> Option<DamageNotation> {
    let code = match material {
        Material::Wood => "2",
        Material::Iron => "1D10",
        Material::Steel => "2D10",
    };
    code.parse().ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::modifiers::Effect;

    /// Every edge of the table: (d100, part).
    #[test]
    fn the_location_table() {
        let table = [
            (1, BodyPart::Head),
            (12, BodyPart::Head),
            (13, BodyPart::Neck),
            (23, BodyPart::Neck),
            (24, BodyPart::Chest),
            (45, BodyPart::Chest),
            (46, BodyPart::Abdomen),
            (66, BodyPart::Abdomen),
            (67, BodyPart::LeftArm),
            (74, BodyPart::LeftArm),
            (75, BodyPart::RightArm),
            (85, BodyPart::RightArm),
            (86, BodyPart::LeftLeg),
            (93, BodyPart::LeftLeg),
            (94, BodyPart::RightLeg),
            (100, BodyPart::RightLeg),
        ];
        for (face, part) in table {
            assert_eq!(LOCATIONS.part(face), part, "d100 {face}");
        }
    }

    /// Damage Points run to −10: 32 less 35 is incapacitated 3 below zero; 7 more is dead.
    #[test]
    fn damage_points_below_zero() {
        let blow = |damage, hit_points, below_zero| {
            take_blow(&WoundBlow {
                damage,
                hit_points,
                below_zero,
                max_hit_points: 32,
                major_wound: false,
                deliberate: true,
            })
        };
        let down = blow(35, 32, 0);
        assert_eq!((down.hit_points, down.below_zero), (0, 3));
        assert!(down.knocked_out && !down.dead);
        let dead = blow(7, 0, 3);
        assert!(dead.dead && !dead.knocked_out);
        let hurt = blow(11, 32, 0);
        assert_eq!((hurt.hit_points, hurt.knocked_out), (21, false));
    }

    /// A wound of 9 is no step; 10 to 19 one; 23 two; hand to hand it is Strength.
    #[test]
    fn the_roll_against_pain() {
        let steps = |check: &WoundCheck| -> i32 {
            check
                .modifiers
                .iter()
                .map(|modifier| match modifier.effect {
                    Effect::Add(points) => points / 10,
                    _ => 0,
                })
                .sum()
        };
        for (damage, expected) in [(9, 0), (10, -1), (19, -1), (23, -2)] {
            let check = wound_check(damage, false);
            assert_eq!(steps(&check), expected, "{damage}");
            assert_eq!(
                (check.name, check.on_failure),
                ("Conc", PainFailure::FallAndDrop)
            );
        }
        let brawl = wound_check(12, true);
        assert_eq!(
            (brawl.field, brawl.on_failure),
            ("STR", PainFailure::NoAttacks)
        );
        assert_eq!(steps(&brawl), -1);
    }
}
