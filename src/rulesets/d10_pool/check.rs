//! The d10 pool's roll behind the seam: a demand's dice (its value, with dice added or lost,
//! never below one) and its difficulty (its base, moved by its modifiers' steps, held within 2
//! to 10), the pool rolled into a record, its exact odds, and how a demand reads.

use crate::rules::dice::Dice;
use crate::rules::pool::{EASIEST, HARDEST, MOST_DICE, NetOdds, PoolRoll};
use crate::rules::pool_rolls;
use crate::rules::roll::{Checked, Demand, RollPurpose, Verdict};
use crate::rules::vocabulary::DemandWords;

/// The difficulty a roll is made at when nothing names another (defences, initiative).
pub const USUAL_DIFFICULTY: u32 = 6;

/// What a demand comes to: so many dice at a difficulty.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Pool {
    pub dice: u32,
    pub difficulty: u32,
    /// The difficulty before the modifiers moved it.
    pub base: u32,
    /// Successes its net will gain or lose once rolled (a target's evading), for its odds.
    pub net_shift: i32,
}

impl Pool {
    /// The pool a demand asks for: its dice never below one (a unit that can act rolls at
    /// least a die) nor past the most a pool holds, its difficulty within 2 to 10.
    pub fn of(demand: &Demand) -> Self {
        let added: i64 = demand
            .modifiers
            .iter()
            .map(|modifier| i64::from(modifier.dice()))
            .sum();
        let dice = (i64::from(demand.value) + added).clamp(1, i64::from(MOST_DICE));
        let base = demand.difficulty.unwrap_or(USUAL_DIFFICULTY);
        let steps: i64 = demand
            .modifiers
            .iter()
            .map(|modifier| i64::from(modifier.difficulty_steps()))
            .sum();
        let difficulty = (i64::from(base) + steps).clamp(i64::from(EASIEST), i64::from(HARDEST));
        Self {
            dice: u32::try_from(dice).unwrap_or(1),
            difficulty: u32::try_from(difficulty).unwrap_or(HARDEST),
            base,
            net_shift: demand
                .modifiers
                .iter()
                .map(|modifier| i32::from(modifier.successes()))
                .sum(),
        }
    }

    /// The exact odds of every net it can make.
    pub fn odds(self) -> NetOdds {
        NetOdds::of(self.dice, self.difficulty)
    }
}

/// Roll a demand's pool. A net of one or more succeeds; a botch is logged in the record and is
/// otherwise a failure, never a fumble, so nothing a percentile fumble sets off follows it.
pub fn check(dice: &mut Dice, purpose: RollPurpose, demand: &Demand) -> Checked {
    let pool = Pool::of(demand);
    let roll = PoolRoll::roll(dice, pool.dice, pool.difficulty);
    let net = roll.net();
    let success = net >= 1;
    Checked {
        record: pool_rolls::record(purpose, &roll, pool.base, demand.modifiers.clone()),
        verdict: Verdict::pass_or_fail(u32::try_from(net).unwrap_or(0), success, net),
    }
}

/// The exact chance of a net of one or more, once any successes it gains or loses are counted.
pub fn chance(demand: &Demand) -> f64 {
    let pool = Pool::of(demand);
    pool.odds().at_least(1 - pool.net_shift)
}

/// The mean net of a roll against `demand` that lands (a net of one or more, once what the
/// demand shifts it by is counted); nothing where none can.
pub fn mean_landed_net(demand: &Demand) -> f64 {
    let pool = Pool::of(demand);
    pool.odds().mean_at_least(1 - pool.net_shift) + f64::from(pool.net_shift)
}

/// A demand before any die falls: "7 dice at 7", with its modifiers in the pool's currency.
pub fn demand_words(demand: &Demand) -> DemandWords {
    let pool = Pool::of(demand);
    DemandWords {
        head: format!("{} dice at {}", pool.dice, pool.difficulty),
        modifiers: pool_rolls::modifier_words(&demand.modifiers),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::modifiers::{Modifier, ModifierReason};
    use crate::rules::percentile::SuccessLevel;
    use crate::rules::roll::RollVerdict;

    /// Mara's handgun at a target in cover, with a wound's die off: 7 dice at 7, +2 cover.
    fn covered_shot() -> Demand {
        Demand::new(
            7,
            vec![
                Modifier::new(ModifierReason::Wounded, -1),
                Modifier::steps(ModifierReason::HalfCover, 2),
            ],
        )
        .at_difficulty(7)
    }

    #[test]
    fn a_demand_comes_to_dice_at_a_difficulty_within_bounds() {
        assert_eq!(
            Pool::of(&covered_shot()),
            Pool {
                dice: 6,
                difficulty: 9,
                base: 7,
                net_shift: 0,
            }
        );
        // (value, dice added, steps, base) → (dice, difficulty)
        let table = [
            ((7, 0, 0, None), (7, USUAL_DIFFICULTY)),
            ((3, -5, 0, Some(6)), (1, 6)),
            ((5, 0, 6, Some(8)), (5, HARDEST)),
            ((5, 0, -9, Some(5)), (5, EASIEST)),
            ((28, 6, 0, Some(6)), (MOST_DICE, 6)),
        ];
        for ((value, added, steps, base), (dice, difficulty)) in table {
            let mut demand = Demand::new(
                value,
                vec![
                    Modifier::new(ModifierReason::Wounded, added),
                    Modifier::steps(ModifierReason::HalfCover, steps),
                ],
            );
            demand.difficulty = base;
            let pool = Pool::of(&demand);
            assert_eq!((pool.dice, pool.difficulty), (dice, difficulty), "{value}");
        }
    }

    #[test]
    fn a_check_rolls_the_pool_and_a_botch_is_a_plain_failure() {
        let demand = covered_shot();
        let odds = Pool::of(&demand).odds();
        assert!((chance(&demand) - odds.at_least(1)).abs() < 1e-15);
        let mut dice = Dice::from_seed(11);
        let (mut botches, mut hits) = (0, 0);
        for _ in 0..2_000 {
            let checked = check(&mut dice, RollPurpose::Skill("Firearms".into()), &demand);
            let RollVerdict::Pool(verdict) = checked.record.verdict else {
                panic!("a pool roll");
            };
            assert_eq!((verdict.pool, verdict.difficulty), (6, 9));
            assert_eq!(checked.verdict.net, verdict.net);
            assert_eq!(checked.verdict.success, verdict.net >= 1);
            assert_ne!(checked.verdict.level, SuccessLevel::Fumble);
            botches += i32::from(verdict.net < 0);
            hits += i32::from(checked.verdict.success);
        }
        // Six dice at 9: a net up about 53% of the time, a botch about 19%.
        assert!((f64::from(hits) / 2_000.0 - odds.at_least(1)).abs() < 0.04);
        assert!((f64::from(botches) / 2_000.0 - odds.botch()).abs() < 0.04);
        assert_eq!(
            demand_words(&demand),
            DemandWords {
                head: "6 dice at 9".to_string(),
                modifiers: "−1 die wounded, +2 difficulty half cover".to_string(),
            }
        );
    }
}
