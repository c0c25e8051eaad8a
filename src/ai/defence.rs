//! How the units the AI plays answer attacks: by weighing each answer's odds against what rides
//! on it, or plainly (the baseline's way: dodge every blow, take every shot).

use bevy::prelude::*;

use super::{Seen, Style};
use crate::battle::answer::{DefencePolicy, blow_answers_open, threat};
use crate::battle::command::{Answer, Command, WeaponChoice};
use crate::battle::ranged::shot_answer;
use crate::battle::threat::{AnswerOdds, Stakes, Threat};
use crate::battle::{AttackKind, PendingAttack, UnitId};
use crate::map::range::distance_squared;
use crate::map::scenario::Scenario;
use crate::rules::melee::ExchangeOdds;
use crate::rules::weapons::AttackForm;

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
fn answer(world: &mut World, pending: &PendingAttack) -> Answer {
    let plain = world
        .get_resource::<PlainDefenders>()
        .is_some_and(|plain| plain.0.contains(&pending.target));
    if plain {
        return plain_answer(world, pending);
    }
    match threat(world) {
        Some(threat) => weighed_answer(&threat),
        None => plain_answer(world, pending),
    }
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

/// At the start of a round where the rulebook asks: the opponent to parry. The baseline names
/// the nearest; the others the nearest that fights hand to hand (a gun is not parried), or the
/// nearest where none does.
pub(super) fn parry_to_name(
    scenario: &Scenario,
    seen: &[Seen],
    unit: UnitId,
    style: Style,
) -> Command {
    let spec = &scenario.units[unit.index()];
    let Some(here) = seen.iter().find(|other| other.unit == unit).map(|me| me.at) else {
        return Command::DeclareParry {
            unit,
            against: None,
        };
    };
    let hand_to_hand = |foe: &Seen| match foe.holding {
        WeaponChoice::Carried(index) => scenario.units[foe.unit.index()]
            .weapons
            .get(index)
            .is_some_and(|carried| carried.weapon.attack_form() == AttackForm::Melee),
        WeaponChoice::Natural(_) | WeaponChoice::Unarmed => true,
    };
    let nearest = |only_blows: bool| {
        seen.iter()
            .filter(|foe| foe.standing && foe.side != spec.side)
            .filter(|foe| !only_blows || hand_to_hand(foe))
            .min_by_key(|foe| (distance_squared(here, foe.at), foe.unit))
            .map(|foe| foe.unit)
    };
    let against = if style == Style::Baseline {
        nearest(false)
    } else {
        nearest(true).or_else(|| nearest(false))
    };
    Command::DeclareParry { unit, against }
}
