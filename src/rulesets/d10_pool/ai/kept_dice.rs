//! The d10 pool's dice kept by the AI: a careful unit that an enemy still to act could strike
//! hand to hand keeps a dodge from its dice at the start of its turn; and a defender attacked
//! before its turn, with nothing planned, weighs keeping dice for that turn against the whole
//! pool on the defence.

use bevy::prelude::*;

use crate::ai::defence::exchange_worth;
use crate::ai::hooks::Outnumbered;
use crate::battle::answer::AiAnswer;
use crate::battle::command::{Answer, Command};
use crate::battle::state::Battle;
use crate::battle::threat::{AnswerOdds, Stakes, Threat};
use crate::battle::{Flow, PendingAttack};
use crate::rulesets::d10_pool::battle::budget::{self, Keeping};
use crate::rulesets::d10_pool::battle::commands::PoolCommand;
use crate::rulesets::d10_pool::budget::{LEAST_PART, PlanPart, PlannedAction};

use super::CAREFUL;

/// At the start of its turn, with nothing planned, a careful unit that an enemy still to act
/// this round could strike hand to hand keeps a dodge from its dice, the attack the larger
/// part, so long as the attack keeps at least half its pool (a sword of 8 with a Dodge of 5
/// would keep 3, and does not split).
pub(super) fn keep_a_dodge(world: &mut World, outnumbered: &Outnumbered<'_>) -> Option<Command> {
    let unit = outnumbered.unit;
    if outnumbered.caution < CAREFUL || !outnumbered.untouched {
        return None;
    }
    if budget::plan_of(world, unit).is_some()
        || (outnumbered.strikers)(Some(world.get_resource::<Flow>()?)) == 0
    {
        return None;
    }
    let pools = budget::pools_of(world, unit)?;
    if pools.committed {
        return None;
    }
    let budget = pools.keeping_budget(PlannedAction::Dodge);
    let dodge = budget / 2;
    let attack = budget - dodge;
    (dodge >= LEAST_PART && 2 * attack >= pools.attack).then(|| {
        PoolCommand::PlanDice {
            unit,
            parts: vec![
                PlanPart::new(PlannedAction::Attack, attack),
                PlanPart::new(PlannedAction::Dodge, dodge),
            ],
        }
        .into()
    })
}

/// Where a defence against `pending` would spend the dice of the defender's turn still to come
/// (nothing planned), the weighed answer over every number of dice it might keep, with the
/// plan that keeps them given first; `None` where nothing is to be kept.
pub(super) fn answer(
    world: &mut World,
    pending: &PendingAttack,
    threat: &Threat,
) -> Option<AiAnswer> {
    let Some(AnswerOdds::Exchange { take_it, .. }) = threat.odds else {
        return None;
    };
    let keeping = budget::keeping(&mut Battle::new(world), pending, take_it)?;
    let (answer, keep) = weigh(threat, &keeping)?;
    let defence = match answer {
        Answer::Dodge => PlannedAction::Dodge,
        _ => PlannedAction::WeaponDefence,
    };
    let plan = keeping.pools.keeping(defence, keep).filter(|_| keep > 0);
    Some(AiAnswer {
        answer,
        before: plan.map(|parts| {
            PoolCommand::PlanDice {
                unit: pending.target,
                parts,
            }
            .into()
        }),
    })
}

/// The best answer over every number of dice the defender might keep, and how many: each
/// defence's worth as the AI's weighing counts it, less the share of its own blow it gives up
/// (half its blow's harm, as a dodge that costs the attack counts it, for the whole pool; less
/// as it keeps more of its attack pool), against taking the blow and keeping everything.
fn weigh(threat: &Threat, keeping: &Keeping) -> Option<(Answer, u32)> {
    let (Stakes::Blow { theirs, mine }, Some(AnswerOdds::Exchange { take_it, .. })) =
        (threat.stakes, &threat.odds)
    else {
        return None;
    };
    let worth = |odds: &_| exchange_worth(odds, theirs, mine);
    let pool = f64::from(keeping.pools.attack.max(1));
    let given_up = |keep: u32| 0.5 * mine * (1.0 - f64::from(keep) / pool).max(0.0);
    let options = std::iter::once((0, threat.odds.as_ref())).chain(
        keeping
            .options
            .iter()
            .map(|(keep, odds)| (*keep, Some(odds))),
    );
    let mut best = (worth(take_it), 0, Answer::Nothing);
    for (keep, odds) in options {
        let Some(AnswerOdds::Exchange {
            dodge, fight_back, ..
        }) = odds
        else {
            continue;
        };
        for (answer, odds) in [(Answer::Dodge, dodge), (Answer::FightBack, fight_back)] {
            if let Some(odds) = odds {
                let value = worth(odds) - given_up(keep);
                if value > best.0 {
                    best = (value, keep, answer);
                }
            }
        }
    }
    let (_, keep, answer) = best;
    Some((answer, keep))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::melee::ExchangeOdds;
    use crate::rulesets::d10_pool::budget::PlanPools;

    fn odds(attacker_wins: f64, defender_strikes: f64) -> ExchangeOdds {
        ExchangeOdds {
            attacker_wins,
            defender_strikes,
            no_harm: 1.0 - attacker_wins - defender_strikes,
            both_strike: 0.0,
        }
    }

    /// Tomas's pools (sword 8, Dodge 5, clash 8) under a blow of mean harm `theirs`, his own
    /// blow worth 4: the whole-pool dodge (hit 10%), or keeping `keep` dice with a dodge that
    /// lets `hit` through.
    fn threat(theirs: f64, kept: &[(u32, f64)]) -> (Threat, Keeping) {
        let exchange = |dodge_hit: f64| AnswerOdds::Exchange {
            dodge: Some(odds(dodge_hit, 0.0)),
            fight_back: None,
            take_it: odds(0.7, 0.0),
        };
        let threat = Threat {
            odds: Some(exchange(0.1)),
            stakes: Stakes::Blow { theirs, mine: 4.0 },
            dodge_costs_the_attack: false,
        };
        let keeping = Keeping {
            pools: PlanPools {
                attack: 8,
                dodge: 5,
                weapon_defence: 8,
                evade: Some(5),
                committed: false,
            },
            options: kept
                .iter()
                .map(|(keep, hit)| (*keep, exchange(*hit)))
                .collect(),
        };
        (threat, keeping)
    }

    fn weighed(theirs: f64, kept: &[(u32, f64)]) -> Option<(Answer, u32)> {
        let (threat, keeping) = threat(theirs, kept);
        weigh(&threat, &keeping)
    }

    #[test]
    fn a_defender_keeps_dice_for_its_turn_when_the_dodge_loses_little() {
        // Whole pool: 6·(−1.5·0.1) − 2 = −2.9; keep 3: −1.5·0.3·6 − 2·(5/8) = −3.95; taking it:
        // −1.5·0.7·6 = −6.3. Against a heavy blow the whole-pool dodge wins.
        assert_eq!(weighed(6.0, &[(3, 0.3)]), Some((Answer::Dodge, 0)));
        // Against a light blow, keeping 3 (dodge 2 of the budget of 5) is worth more:
        // whole: −1.5·0.1·1 − 2 = −2.15; keep 3: −1.5·0.3·1 − 1.25 = −1.7; taking it: −1.05.
        // Taking it is best of all.
        assert_eq!(weighed(1.0, &[(3, 0.3)]), Some((Answer::Nothing, 0)));
        // A blow between, where the dodge on 2 dice lets 20% through: keep 3 beats both (whole
        // −0.45 − 2 = −2.45, keep 3 −0.9 − 1.25 = −2.15, taking it −3.15), the dodge on the
        // 2 dice the budget of 5 leaves.
        assert_eq!(weighed(3.0, &[(3, 0.2)]), Some((Answer::Dodge, 3)));
        let (_, keeping) = threat(3.0, &[]);
        assert_eq!(
            keeping.pools.keeping(PlannedAction::Dodge, 3),
            Some(vec![
                PlanPart::new(PlannedAction::Dodge, 2),
                PlanPart::new(PlannedAction::Attack, 3),
            ])
        );
    }
}
