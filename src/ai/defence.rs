//! How the units the AI plays answer attacks: by weighing each answer's odds against what rides
//! on it, or plainly (the baseline's way: dodge every blow, take every shot).

use bevy::prelude::*;

use crate::battle::answer::{AiAnswer, DefencePolicy, blow_answers_open, threat};
use crate::battle::command::Answer;
use crate::battle::ranged::shot_answer;
use crate::battle::threat::{AnswerOdds, Stakes, Threat};
use crate::battle::{AttackKind, PendingAttack, UnitId};
use crate::rules::budget::PlannedAction;
use crate::rules::melee::ExchangeOdds;
use crate::rules::situation::ShotDefence;

/// AI units that answer attacks plainly rather than by weighing the odds: the baseline
/// opponent's way.
#[derive(Resource, Debug, Clone, Default)]
pub struct PlainDefenders(pub Vec<UnitId>);

/// How the battle asks the AI for the answers of the units it plays: the game and headless
/// apps insert it.
pub fn policy() -> DefencePolicy {
    DefencePolicy(answer)
}

/// The answer of an AI defender to the attack waiting for it.
fn answer(world: &mut World, pending: &PendingAttack) -> AiAnswer {
    let plain = world
        .get_resource::<PlainDefenders>()
        .is_some_and(|plain| plain.0.contains(&pending.target));
    if plain {
        return plain_answer(world, pending).into();
    }
    match threat(world) {
        Some(threat) => match kept_dice_answer(&threat) {
            Some(answer) => answer,
            None => weighed_answer(&threat).into(),
        },
        None => plain_answer(world, pending).into(),
    }
}

/// Where a defence now would spend the dice of the defender's turn still to come (a dice
/// budget with nothing planned), the weighed answer over every number of dice it might keep:
/// each defence's worth as `weighed_answer` counts it, less the share of its own blow it gives
/// up (half its blow's harm, as a dodge that costs the attack counts it, for the whole pool;
/// less as it keeps more of its attack pool), against taking the blow and keeping everything.
/// `None` where nothing is to be kept.
fn kept_dice_answer(threat: &Threat) -> Option<AiAnswer> {
    let keeping = threat.keeping.as_ref()?;
    let (Stakes::Blow { theirs, mine }, Some(AnswerOdds::Exchange { take_it, .. })) =
        (threat.stakes, &threat.odds)
    else {
        return None;
    };
    let worth = |odds: &ExchangeOdds| {
        (odds.defender_strikes + odds.both_strike) * mine
            - 1.5 * (odds.attacker_wins + odds.both_strike) * theirs
    };
    let pools = keeping.pools;
    let pool = f64::from(pools.attack.max(1));
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
    let defence = match answer {
        Answer::Dodge => PlannedAction::Dodge,
        _ => PlannedAction::WeaponDefence,
    };
    Some(AiAnswer {
        answer,
        plan: pools.keeping(defence, keep).filter(|_| keep > 0),
    })
}

/// The plain answer of a defender that does not weigh its chances: dodge every blow or throw
/// (with its weapon where its rulebook allows no dodge now), take every shot.
fn plain_answer(world: &mut World, pending: &PendingAttack) -> Answer {
    if let AttackKind::Fire(_) = pending.kind {
        return Answer::Nothing;
    }
    match blow_answers_open(world) {
        Some((false, true)) => Answer::FightBack,
        Some((false, false)) => Answer::Nothing,
        Some((true, _)) | None => Answer::Dodge,
    }
}

/// The weighed answer. To shots: dive when already committed to a dive (it costs nothing more),
/// or when the first shot is likely to hit and a hit could be a major wound; where a dodge would
/// cost the round's attack (BRP), only when the shot would likely drop it. To a blow: weigh
/// each answer by the harm it is likely to do and to take, a point taken counting half as much
/// again as a point dealt (fighting back may land a blow but lets more of the attacker's
/// through, and a defender would rather stay on its feet); a dodge that costs the round's attack
/// also costs the blow it would have struck.
fn weighed_answer(threat: &Threat) -> Answer {
    let costly = threat.dodge_costs_the_attack;
    match (threat.stakes, &threat.odds) {
        (Stakes::Shots { dived: true, .. }, _) => Answer::DiveForCover,
        // A dodge behind cover costs nothing, nor one from dice kept for it.
        (
            Stakes::Shots { .. },
            Some(AnswerOdds::Shots {
                answer: ShotDefence::DodgeInCover,
                ..
            }),
        ) if !costly => Answer::Dodge,
        (
            Stakes::Shots {
                worst,
                max_hit_points,
                ..
            },
            Some(AnswerOdds::Shots {
                answer,
                hit_if_taken,
                ..
            }),
        ) if *hit_if_taken >= 0.4
            && worst.saturating_mul(if costly { 1 } else { 2 }) >= max_hit_points =>
        {
            shot_answer(Some(*answer))
        }
        (Stakes::Shots { .. }, _) => Answer::Nothing,
        (
            Stakes::Blow { theirs, mine },
            Some(AnswerOdds::Exchange {
                dodge,
                fight_back,
                take_it,
            }),
        ) => {
            let worth = |odds: &ExchangeOdds| {
                (odds.defender_strikes + odds.both_strike) * mine
                    - 1.5 * (odds.attacker_wins + odds.both_strike) * theirs
            };
            // The blow given up by dodging, at even odds.
            let given_up = if costly { 0.5 * mine } else { 0.0 };
            match (dodge, fight_back) {
                (Some(dodge), Some(fight_back)) if worth(fight_back) < worth(dodge) - given_up => {
                    Answer::Dodge
                }
                (_, Some(_)) => Answer::FightBack,
                (Some(dodge), None) if worth(dodge) - given_up > worth(take_it) => Answer::Dodge,
                (Some(_) | None, None) => Answer::Nothing,
            }
        }
        (Stakes::Blow { .. }, _) => Answer::Dodge,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::battle::threat::Keeping;
    use crate::rules::budget::PlanPart;
    use crate::rules::budget::PlanPools;

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
    fn threat(theirs: f64, kept: &[(u32, f64)]) -> Threat {
        let exchange = |dodge_hit: f64| AnswerOdds::Exchange {
            dodge: Some(odds(dodge_hit, 0.0)),
            fight_back: None,
            take_it: odds(0.7, 0.0),
        };
        Threat {
            odds: Some(exchange(0.1)),
            stakes: Stakes::Blow { theirs, mine: 4.0 },
            dodge_costs_the_attack: false,
            keeping: Some(Keeping {
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
            }),
        }
    }

    #[test]
    fn a_defender_keeps_dice_for_its_turn_when_the_dodge_loses_little() {
        // Whole pool: 6·(−1.5·0.1) − 2 = −2.9; keep 3: −1.5·0.3·6 − 2·(5/8) = −3.95; taking it:
        // −1.5·0.7·6 = −6.3. Against a heavy blow the whole-pool dodge wins.
        assert_eq!(
            kept_dice_answer(&threat(6.0, &[(3, 0.3)])),
            Some(Answer::Dodge.into())
        );
        // Against a light blow, keeping 3 (dodge 2 of the budget of 5) is worth more:
        // whole: −1.5·0.1·1 − 2 = −2.15; keep 3: −1.5·0.3·1 − 1.25 = −1.7; taking it: −1.05.
        // Taking it is best of all.
        assert_eq!(
            kept_dice_answer(&threat(1.0, &[(3, 0.3)])),
            Some(Answer::Nothing.into())
        );
        // A blow between, where the dodge on 2 dice lets 20% through: keep 3 beats both (whole
        // −0.45 − 2 = −2.45, keep 3 −0.9 − 1.25 = −2.15, taking it −3.15).
        assert_eq!(
            kept_dice_answer(&threat(3.0, &[(3, 0.2)])),
            Some(AiAnswer {
                answer: Answer::Dodge,
                plan: Some(vec![
                    PlanPart::new(PlannedAction::Dodge, 2),
                    PlanPart::new(PlannedAction::Attack, 3),
                ]),
            })
        );
    }
}
