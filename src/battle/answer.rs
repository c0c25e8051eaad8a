//! A defender's answer: the command that answers the attack waiting for it (a blow, a maneuver,
//! a throw or shots), the odds and stakes of each answer it may give, and the hook through which
//! the units the AI plays answer at once.

use bevy::prelude::*;

use super::blow_odds::{answers_open, blow_stakes, exchange_odds_of};
use super::command::{Answer, Command, Rejection};
use super::exchange::answer_blow;
use super::state::Battle;
use super::threat::{AnswerOdds, Threat};
use super::{AttackKind, CommandQueue, Controllers, PendingAttack, UnitId, fire_odds, ranged};
use crate::map::scenario::Control;

/// How the units the AI plays choose their answers: set by the AI. Without it, an attack on
/// such a unit waits for an answer like any other (a replay's answers come from its file).
#[derive(Resource, Clone, Copy, Debug)]
pub struct DefencePolicy(pub fn(&mut World, &PendingAttack) -> AiAnswer);

/// An AI defender's answer, and a command of its rulebook's it gives first, where it has one
/// (the d10 pool's plan of its dice, keeping some for its turn).
#[derive(Debug, Clone, PartialEq)]
pub struct AiAnswer {
    pub answer: Answer,
    pub before: Option<Command>,
}

impl From<Answer> for AiAnswer {
    fn from(answer: Answer) -> Self {
        Self {
            answer,
            before: None,
        }
    }
}

/// Where the rulebook names the foe a unit answers with its weapon at the start of the round
/// (BRP's parry named), `unit` named `foe`: an odds reckoning's assumption (`gridkeeper odds`).
pub fn assume_named(world: &mut World, unit: UnitId, foe: UnitId) {
    let mut battle = Battle::new(world);
    super::hooks::of(&battle).name_foe(&mut battle, unit, foe);
}

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

/// The AI's last answer, and where in the [`CommandLog`](super::CommandLog) it was to go: a
/// question whose AI answer was refused is not asked of the AI again (it would give the same
/// answer for ever).
#[derive(Resource, Debug, Default)]
pub struct AiAnsweredAt(pub Option<(usize, Command)>);

/// Whether the command at `place` in the log is the answer the AI gave (or the very same
/// command, which the AI, asked again, would give again).
pub(super) fn answered_by_the_ai(world: &World, place: usize) -> bool {
    let given = world.resource::<super::CommandLog>().0.get(place);
    world
        .get_resource::<AiAnsweredAt>()
        .and_then(|at| at.0.as_ref())
        .is_some_and(|(at, answer)| *at == place && given == Some(answer))
}

/// With nothing queued, a question still waiting for a defender the AI plays is asked of it,
/// unless the last command was the AI's own answer to it, refused: called once a saved
/// battle's commands are given again to play on from them (the answer may have been lost, or
/// the defender played by a person when it was saved).
pub fn ask_the_ai_what_waits(world: &mut World) {
    if !world.resource::<CommandQueue>().0.is_empty() {
        return;
    }
    let last = world.resource::<super::CommandLog>().0.len().checked_sub(1);
    if last.is_some_and(|last| {
        answered_by_the_ai(world, last)
            && world.resource::<super::RefusedCommands>().0.last() == Some(&last)
    }) {
        return;
    }
    answer_for_the_ai(&mut Battle::new(world));
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
    let chosen = (policy.0)(battle.world, &pending);
    // The answer goes first, after the command before it where it has one.
    let place =
        battle.world.resource::<super::CommandLog>().0.len() + usize::from(chosen.before.is_some());
    let answer = Command::Answer {
        unit: pending.target,
        answer: chosen.answer,
    };
    if let Some(mut at) = battle.world.get_resource_mut::<AiAnsweredAt>() {
        at.0 = Some((place, answer.clone()));
    }
    let mut queue = battle.world.resource_mut::<CommandQueue>();
    queue.0.push_front(answer);
    if let Some(before) = chosen.before {
        queue.0.push_front(before);
    }
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
        AttackKind::Fire(fire) => {
            fire_odds::dive_odds(battle, pending.attacker, fire, pending.target)
        }
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
            fire_odds::volley_stakes(&battle, pending.attacker, fire, pending.target)
        }
        AttackKind::Strike(_) | AttackKind::Maneuver(_) => blow_stakes(&battle, &pending),
    };
    let defender = battle.condition(pending.target);
    let turn_to_come = battle.flow().turn_to_come(pending.target);
    let whole_pool = super::hooks::of(&battle).rolls_the_whole_pool(&battle, pending.target);
    // A dodge from the round's dice, with nothing planned, before the unit's turn: its turn's.
    let dice_take_the_turn = match &pending.kind {
        AttackKind::Fire(fire) => {
            fire_odds::answer_to_shots(&battle, pending.attacker, pending.target, fire)
                .is_some_and(|defence| defence.spends_dice)
                && whole_pool
                && turn_to_come
        }
        _ => false,
    };
    Some(Threat {
        odds: odds_of(&battle, &pending),
        stakes,
        dodge_costs_the_attack: (battle
            .scenario
            .ruleset
            .mechanisms()
            .dodge_costs_the_attack()
            || dice_take_the_turn)
            && !defender.acted_this_round
            && !pending.during_setup,
    })
}
