//! The d100 house sheet's core roll (SPECS.md 4.1): a d100 at or under the skill with its
//! shifts, judged by class (`rules::class_rolls`): 01 a critical, 00 a fumble, doubles matched,
//! and a minimum roll where the demand asks one. A fumble with a firearm jams or misfires.

use crate::rules::class_rolls::{self, Window};
use crate::rules::dice::Dice;
use crate::rules::percentile::{NetDice, PercentileRoll};
use crate::rules::roll::{Checked, Demand, RollPurpose};
use crate::rules::vocabulary::DemandWords;

/// The most shares a skill may be divided into for a turn's attacks ([house]: the parent
/// game's cap).
pub const MOST_SHARES: u32 = 3;

/// The whole a skill's shares divide: the chance of a roll against `demand` (the skill with the
/// unit's standing shifts), each share at least 1.
pub fn share_whole(demand: &Demand) -> u32 {
    class_rolls::chance(demand.value, &demand.modifiers)
}

/// The bullets one attack of full auto fires, each rolled to hit and for damage.
pub const FULL_AUTO_BULLETS: u32 = 3;

/// What a demand's roll must land in besides its chance.
pub fn window(demand: &Demand) -> Window {
    Window {
        minimum: demand.minimum,
        hail_mary: demand.hail_mary,
    }
}

/// Roll a demand: one d100 against its value with its shifts, from its minimum where it has
/// one.
pub fn check(dice: &mut Dice, purpose: RollPurpose, demand: &Demand) -> Checked {
    let roll = PercentileRoll::roll(dice, NetDice::PLAIN);
    class_rolls::checked(
        purpose,
        &roll,
        (demand.value, window(demand)),
        demand.modifiers.clone(),
        demand.malfunction.is_some(),
    )
}

/// The exact chance a demand succeeds.
pub fn chance(demand: &Demand) -> f64 {
    class_rolls::success_chance(
        class_rolls::chance(demand.value, &demand.modifiers),
        window(demand),
    )
}

/// "Firearms 55 · −10 wounded = 45%", with the minimum where there is one.
pub fn demand_words(demand: &Demand) -> DemandWords {
    let chance = class_rolls::chance(demand.value, &demand.modifiers);
    let window = crate::rules::chance_rolls::chance_words(demand.value, chance, &demand.modifiers);
    let hail_mary = if demand.hail_mary {
        " · a Hail Mary (01 or doubles)"
    } else {
        ""
    };
    DemandWords {
        head: match demand.minimum {
            Some(minimum) => format!("{window}%, at least {minimum}{hail_mary}"),
            None => format!("{window}%{hail_mary}"),
        },
        modifiers: String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::modifiers::{Effect, Modifier, ModifierReason};
    use crate::rules::roll::RollVerdict;

    /// Every roll's verdict agrees with its record, matched exactly on doubles, and over many
    /// rolls it succeeds as often as the exact chance says.
    #[test]
    fn rolls_agree_with_their_record_and_their_odds() {
        let shifted = Demand::new(
            55,
            vec![Modifier {
                reason: ModifierReason::Wounded,
                effect: Effect::Add(-10),
            }],
        );
        let mut dice = Dice::from_seed(23);
        let mut hits = 0;
        for _ in 0..10_000 {
            let checked = check(&mut dice, RollPurpose::Skill("Firearms".into()), &shifted);
            let RollVerdict::Classes(recorded) = checked.record.verdict else {
                panic!("the core roll records a class verdict");
            };
            let value = checked.verdict.value;
            assert_eq!(recorded.value, value);
            assert_eq!(recorded.chance, 45);
            assert_eq!(checked.verdict.success, value <= 45);
            assert_eq!(checked.verdict.matched, class_rolls::is_double(value));
            assert_eq!(
                checked.verdict.special,
                value == 1 || value <= 45 && class_rolls::is_double(value)
            );
            assert!(!checked.verdict.malfunction, "no firearm, no jam");
            hits += u32::from(checked.verdict.success);
        }
        let rate = f64::from(hits) / 10_000.0;
        assert!((rate - chance(&shifted)).abs() < 0.02, "{rate}");
        assert_eq!(demand_words(&shifted).head, "55 · −10 wounded = 45%");
    }

    /// Struggle at a minimum of 20 reads so, and its odds count 20 to the skill and the 01.
    #[test]
    fn a_minimum_roll_shows_in_the_words_and_the_odds() {
        let grapple = Demand {
            minimum: Some(20),
            ..Demand::new(60, Vec::new())
        };
        assert_eq!(demand_words(&grapple).head, "60%, at least 20");
        assert!((chance(&grapple) - 0.42).abs() < 1e-12);
    }

    /// A fumble with a firearm is its malfunction.
    #[test]
    fn a_fumbled_shot_malfunctions() {
        let shot = Demand::new(55, Vec::new()).with_weapon(Some(100), true);
        let mut dice = Dice::from_seed(5);
        let fumbled = (0..2_000)
            .map(|_| check(&mut dice, RollPurpose::Skill("Firearms".into()), &shot))
            .find(|checked| checked.verdict.value == 100)
            .expect("a 00 in 2,000 rolls");
        assert!(fumbled.verdict.malfunction && !fumbled.verdict.success);
    }
}
