//! The d100 house sheet's explosions and fire (SPECS.md 4.1). A grenade ([house]: the sheet has
//! none) reads a fresh d100 for each unit it catches, bullet damage (the roll, capped at the
//! grenade's 70) within its radius and hand-to-hand damage (the digit sum) out to twice it;
//! a dodge brings a unit one band down, and cover works by location off the fresh roll's
//! digits swapped. A burning bottle ([house]) sets alight whoever its radius catches. Fire
//! reads a fresh d100 each round: its digit sum for 3 rounds, then the roll itself, uncapped;
//! each round burnt is −5 more on every roll. A fall is a d10 each 10 feet, a controlled fall
//! dropping the highest die.

use crate::rules::damage::DamageReach;
use crate::rules::explosions::BlastRing;
use crate::rules::falls::Falling;
use crate::rules::length::Length;
use crate::rules::roll_harm::HitForm;

/// The mean of the digit sum over the hundred faces (0 counting as 10).
const MEAN_DIGIT_SUM: f64 = 11.0;

/// The mean of a d100 capped at `cap`: 45.85 at 70.
pub fn capped_mean(cap: u32) -> f64 {
    f64::from((1..=100).map(|roll: u32| roll.min(cap)).sum::<u32>()) / 100.0
}

/// A fall: a d10 for each 10 feet, a controlled fall dropping the highest.
pub const FALLING: Falling = Falling {
    die: 10,
    per_feet: 10,
    controlled_drops_highest: true,
};

/// The rounds fire does hand-to-hand damage before it does bullet damage.
const FIRE_CREEPS: u32 = 3;

/// Above any roll: the fire's bullet damage has no cap.
const UNCAPPED: u32 = 100;

/// The shift each round burnt puts on every roll.
pub const BURNING: i32 = -5;

/// How a fire's fresh d100 is read in its `rounds_burnt`th round: the digit sum for the first
/// 3, the roll itself after.
pub fn burn_read(rounds_burnt: u32) -> (HitForm, u32) {
    if rounds_burnt <= FIRE_CREEPS {
        (HitForm::Fringe, 0)
    } else {
        (HitForm::Firearm, UNCAPPED)
    }
}

/// A blast of `radius` yards doing `points`: a grenade's rings, or where it does no damage of
/// its own (a burning bottle), one ring that only catches (its burn sets alight).
pub fn blast_rings(radius: u32, points: u32) -> Vec<BlastRing> {
    if points > 0 {
        return grenade_rings(radius, points);
    }
    vec![BlastRing {
        outer: Length::yards(radius),
        reach: DamageReach::Full,
        share: 0.0,
        severity: 0,
        stun: None,
        words: "sets alight".to_string(),
        read_off: None,
    }]
}

/// A grenade of `radius` yards and max damage `cap`: bullet damage to the radius, the digit
/// sum out to twice it; each ring's share the mean it does of the cap.
pub fn grenade_rings(radius: u32, cap: u32) -> Vec<BlastRing> {
    let whole = f64::from(cap.max(1));
    vec![
        BlastRing {
            outer: Length::yards(radius),
            reach: DamageReach::Full,
            share: capped_mean(cap) / whole,
            severity: 0,
            stun: None,
            words: format!("bullet damage, at most {cap}"),
            read_off: Some((HitForm::Firearm, cap)),
        },
        BlastRing {
            outer: Length::yards(radius.saturating_mul(2)),
            reach: DamageReach::Full,
            share: MEAN_DIGIT_SUM / whole,
            severity: 0,
            stun: None,
            words: "the digit sum".to_string(),
            read_off: Some((HitForm::Fringe, 0)),
        },
    ]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::roll_harm::RollHit;
    use crate::rulesets::d100_house::damage::damage_from_roll;

    /// SPECS.md's expected values: E[min(d100, 70)] = 45.85, E[digit sum] = 11, each read
    /// through the damage the battle reads off a fresh roll in each ring.
    #[test]
    fn the_rings_of_a_grenade_and_their_means() {
        let rings = grenade_rings(3, 70);
        assert_eq!(rings.len(), 2);
        assert_eq!(rings[0].outer, Length::yards(3));
        assert_eq!(rings[1].outer, Length::yards(6));
        let mean = |read: (HitForm, u32)| {
            f64::from(
                (1..=100)
                    .filter_map(|face| damage_from_roll(&RollHit::fresh(face, read)))
                    .map(|roll| roll.total)
                    .sum::<u32>(),
            ) / 100.0
        };
        let inner = rings[0].read_off.expect("read off the roll");
        let outer = rings[1].read_off.expect("read off the roll");
        assert!((mean(inner) - 45.85).abs() < 1e-9, "{}", mean(inner));
        assert!((mean(outer) - 11.0).abs() < 1e-9, "{}", mean(outer));
        assert!((capped_mean(70) - 45.85).abs() < 1e-9);
        assert!((rings[0].share * 70.0 - 45.85).abs() < 1e-9);
        assert!((rings[1].share * 70.0 - 11.0).abs() < 1e-9);
    }
}
