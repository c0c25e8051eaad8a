//! A defender's answer: the command that answers the attack waiting for it (a blow, a maneuver,
//! a throw or shots), the odds and stakes of each answer it may give, and the hook through which
//! the units the AI plays answer at once.

use bevy::prelude::*;

use super::command::{Answer, Command, Rejection};
use super::exchange::{answer_blow, answers_open, blow_stakes, exchange_odds_of};
use super::state::Battle;
use super::threat::{AnswerOdds, Threat};
use super::{AttackKind, CommandQueue, Controllers, PendingAttack, UnitId, ranged};
use crate::map::scenario::Control;

/// How the units the AI plays choose their answers: set by the AI. Without it, an attack on
/// such a unit waits for an answer like any other (a replay's answers come from its file).
#[derive(Resource, Clone, Copy, Debug)]
pub struct DefencePolicy(pub fn(&mut World, &PendingAttack) -> Answer);

/// `unit` answers the attack waiting for it.
pub(super) fn answer(battle: &mut Battle, unit: UnitId, answer: Answer) -> Result<(), Rejection> {
    let pending = battle
        .flow()
        .pending()
        .cloned()
        .ok_or(Rejection::NotDefending)?;
    if pending.target != unit {
        return Err(Rejection::NotDefending);
    }
    match pending.kind {
        AttackKind::Fire(fire) => ranged::answer_fire(battle, pending.attacker, unit, fire, answer),
        AttackKind::Strike(_) | AttackKind::Maneuver(_) => answer_blow(battle, &pending, answer),
    }
}

/// After a command, an attack waiting on a defender the AI plays is answered at once by the
/// [`DefencePolicy`]; the answer is a command like any other, so replays hold it.
pub(super) fn answer_for_the_ai(battle: &mut Battle) {
    let Some(pending) = battle.flow().pending().cloned() else {
        return;
    };
    let controlled_by_ai = battle
        .world
        .get_resource::<Controllers>()
        .and_then(|controllers| controllers.0.get(pending.target.index()).copied())
        == Some(Control::Ai);
    let queued =
        battle.world.resource::<CommandQueue>().0.iter().any(
            |command| matches!(command, Command::Answer { unit, .. } if *unit == pending.target),
        );
    if !controlled_by_ai || queued {
        return;
    }
    let Some(policy) = battle.world.get_resource::<DefencePolicy>().copied() else {
        return;
    };
    let answer = (policy.0)(battle.world, &pending);
    battle
        .world
        .resource_mut::<CommandQueue>()
        .0
        .push_front(Command::Answer {
            unit: pending.target,
            answer,
        });
}

/// The odds of each answer to the attack waiting for one, for the defender's window. Nothing in
/// the battle changes.
pub fn answer_odds(world: &mut World) -> Option<AnswerOdds> {
    let battle = Battle::new(world);
    let pending = battle.flow().pending()?.clone();
    odds_of(&battle, &pending)
}

/// The odds of each answer to `pending`: the dive against shots, every answer to a blow.
fn odds_of(battle: &Battle, pending: &PendingAttack) -> Option<AnswerOdds> {
    match &pending.kind {
        AttackKind::Fire(fire) => ranged::dive_odds(battle, pending.attacker, fire, pending.target),
        AttackKind::Strike(_) | AttackKind::Maneuver(_) => {
            Some(exchange_odds_of(battle, pending).1)
        }
    }
}

/// Whether the defender of the blow waiting for an answer may dodge it, and may defend with its
/// weapon; `None` when no blow waits (shots, or nothing). Nothing in the battle changes.
pub fn blow_answers_open(world: &mut World) -> Option<(bool, bool)> {
    let battle = Battle::new(world);
    let pending = battle.flow().pending()?.clone();
    match pending.kind {
        AttackKind::Fire(_) => None,
        AttackKind::Strike(_) | AttackKind::Maneuver(_) => Some(answers_open(&battle, &pending)),
    }
}

/// The attack waiting for an answer as its defender weighs it: the odds of each answer and
/// what rides on it. Nothing in the battle changes.
pub fn threat(world: &mut World) -> Option<Threat> {
    let battle = Battle::new(world);
    let pending = battle.flow().pending()?.clone();
    let stakes = match &pending.kind {
        AttackKind::Fire(fire) => {
            ranged::volley_stakes(&battle, pending.attacker, fire, pending.target)
        }
        AttackKind::Strike(_) | AttackKind::Maneuver(_) => blow_stakes(&battle, &pending),
    };
    let defender = battle.condition(pending.target);
    Some(Threat {
        odds: odds_of(&battle, &pending),
        stakes,
        dodge_costs_the_attack: battle.scenario.ruleset.dodge_costs_the_attack()
            && !defender.acted_this_round
            && !pending.during_setup,
    })
}
