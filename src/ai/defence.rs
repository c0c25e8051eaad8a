//! How the units the AI plays answer attacks: by weighing each answer's odds against what rides
//! on it, or plainly (the baseline's way: dodge every blow, take every shot).

use bevy::prelude::*;

use crate::battle::answer::{AiAnswer, DefencePolicy, blow_answers_open, threat};
use crate::battle::command::Answer;
use crate::battle::ranged::shot_answer;
use crate::battle::threat::{AnswerOdds, Stakes, Threat};
use crate::battle::{ActiveScenario, AttackKind, PendingAttack, UnitId};
use crate::rules::melee::ExchangeOdds;

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
    let Some(threat) = threat(world) else {
        return plain_answer(world, pending).into();
    };
    let scenario = world
        .get_resource::<ActiveScenario>()
        .map(|active| active.0.clone());
    let own = scenario
        .as_ref()
        .and_then(|scenario| Some((super::hooks::of(world, scenario)?, scenario)));
    own.and_then(|(own, scenario)| own.weighed_answer(world, scenario, pending, &threat))
        .unwrap_or_else(|| weighed_answer(&threat).into())
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

/// What an exchange with these odds is worth to the defender, its blow worth `mine` and the
/// attacker's `theirs`: a point taken counts half as much again as a point dealt.
pub fn exchange_worth(odds: &ExchangeOdds, theirs: f64, mine: f64) -> f64 {
    (odds.defender_strikes + odds.both_strike) * mine
        - 1.5 * (odds.attacker_wins + odds.both_strike) * theirs
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
        (Stakes::Shots { .. }, Some(AnswerOdds::Shots { answer, .. }))
            if answer.free && !costly =>
        {
            Answer::Dodge
        }
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
            let worth = |odds: &ExchangeOdds| exchange_worth(odds, theirs, mine);
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
