//! Resolving commands: the exclusive system that takes each queued command in turn, checks it
//! against the state, hands it to the procedure that carries it out and settles the round's
//! flow after it.

use bevy::prelude::*;

use super::command::{Command, ManeuverGoal, Rejection};
use super::event::EventKind;
use super::state::Battle;
use super::{
    CommandLog, CommandQueue, Phase, RefusedCommands, aim, answer, arms, blast, effects, flow,
    grapple, hiding, hooks, keeper, melee, movement, ranged, wounds,
};
use crate::rules::round::TurnKind;

/// Resolve every queued command, in order, with everything each one sets off.
pub(super) fn resolve_queued_commands(world: &mut World) {
    while let Some(command) = world.resource_mut::<CommandQueue>().0.pop_front() {
        resolve(world, command);
    }
}

/// Resolve one command now: refused with an event and no change, or carried out.
pub fn resolve(world: &mut World, command: Command) {
    let place = {
        let mut log = world.resource_mut::<CommandLog>();
        log.0.push(command.clone());
        log.0.len() - 1
    };
    let mut battle = Battle::new(world);
    let from = battle.events().len();
    let grip_before = command
        .unit()
        .filter(|unit| battle.known(*unit).is_ok())
        .map(|unit| (battle.condition(unit).grip, battle.condition(unit).holding));
    if let Err(reason) = carry_out(&mut battle, &command) {
        // A question left waiting (a save whose answer was lost) is still answered, unless the
        // answer refused was the AI's own (asking again would give it again, for ever).
        let the_ais_answer = answer::answered_by_the_ai(battle.world, place);
        battle.emit(EventKind::Rejected { command, reason });
        battle.world.resource_mut::<RefusedCommands>().0.push(place);
        if !the_ais_answer {
            answer::answer_for_the_ai(&mut battle);
        }
        return;
    }
    if let Command::Fire { unit, .. }
    | Command::Attack { unit, .. }
    | Command::KnockOut { unit, .. }
    | Command::Maneuver { unit, .. } = command
    {
        // Its rolls are made (the house sheet: a divided skill's next attack takes the next
        // share, and a call is spent).
        hooks::of(&battle).attack_made(&mut battle, unit);
    }
    aim::keep_or_spoil_aim(&mut battle, &command);
    grapple::keep_or_ease_grip(&mut battle, &command, grip_before);
    flow::settle(&mut battle);
    answer::answer_for_the_ai(&mut battle);
    hiding::reveal_the_exposed(&mut battle, &command, from);
}

/// What the round plan's slot lets the acting unit do: in a slot kept for a shot (BRP's first
/// cycle, its half-DEX shot) only fire or pass; in a declaration slot only name whom it will
/// parry (BRP) or declare the round (the western), which is done nowhere else; in an act slot
/// of a declared round only what was declared.
fn slot_allows(battle: &Battle, command: &Command) -> Result<(), Rejection> {
    let declaring = match command {
        Command::Rulebook(own) => own.command().declares(),
        _ => false,
    };
    let Some(turn) = battle
        .flow()
        .turn
        .filter(|turn| command.unit() == Some(turn.unit))
    else {
        return if declaring {
            Err(Rejection::NotItsTurn)
        } else {
            Ok(())
        };
    };
    let own_turn_command = !matches!(
        command,
        Command::Begin
            | Command::Surprise { .. }
            | Command::Answer { .. }
            | Command::Medicine { .. }
            | Command::EndTurn { .. }
    );
    if own_turn_command && let Some(idle) = battle.condition(turn.unit).idle_in(battle.round()) {
        return Err(Rejection::CannotAct(format!(
            "{}: nothing more this round",
            idle.words().to_lowercase()
        )));
    }
    // A restrained unit (the western) can only try to break free.
    let breaking_free = matches!(
        command,
        Command::Maneuver {
            goal: ManeuverGoal::BreakHold,
            ..
        }
    );
    if own_turn_command
        && turn.limits.kind == TurnKind::Whole
        && !breaking_free
        && battle.condition(turn.unit).restrained_by().is_some()
    {
        return Err(Rejection::CannotAct(
            "restrained: it can only try to break free".to_string(),
        ));
    }
    let words = battle.scenario.ruleset.words().declaration_words();
    let refused = if turn.limits.kind == TurnKind::Declare {
        (own_turn_command && !declaring).then_some(words.in_slot)
    } else if declaring {
        Some(words.out_of_slot)
    } else if turn.limits.fire_only && own_turn_command && !matches!(command, Command::Fire { .. })
    {
        Some("only a shot (or passing) in this slot of the round")
    } else {
        None
    };
    if let Some(why) = refused {
        return Err(Rejection::NotNow(why.to_string()));
    }
    // Breaking free is never declared: it is all a restrained unit can do.
    if turn.limits.kind == TurnKind::Whole && own_turn_command && !breaking_free {
        super::hooks::of(battle).command_bound(battle, &turn, command)?;
    }
    Ok(())
}

/// Check and carry out one command. Every check comes before any change.
fn carry_out(battle: &mut Battle, command: &Command) -> Result<(), Rejection> {
    if let Some(unit) = command.unit() {
        battle.known(unit)?;
    }
    if matches!(battle.flow().phase, Phase::Over(_)) && !matches!(command, Command::Medicine { .. })
    {
        return Err(Rejection::Over);
    }
    slot_allows(battle, command)?;
    match *command {
        Command::Begin => flow::begin(battle),
        Command::Surprise {
            unit,
            target,
            attack,
        } => melee::surprise(battle, unit, target, attack),
        Command::Move { unit, to } => movement::move_to(battle, unit, to),
        Command::StandUp { unit } => movement::stand_up(battle, unit),
        Command::TakePosture { unit, posture } => movement::take_posture(battle, unit, posture),
        Command::Attack {
            unit,
            target,
            weapon,
        } => melee::attack(battle, unit, target, weapon, false),
        Command::Fire {
            unit,
            weapon,
            ref mode,
        } => ranged::fire(battle, unit, weapon, mode.clone()),
        Command::Aim { unit, target } => aim::aim(battle, unit, target),
        Command::Reload { unit, weapon } => arms::reload(battle, unit, weapon),
        Command::ClearJam { unit, weapon } => arms::clear_jam(battle, unit, weapon),
        Command::Blast { unit, weapon, at } => blast::blast(battle, unit, weapon, at),
        Command::SetCharge {
            unit,
            weapon,
            at,
            fuse,
        } => blast::set_charge(battle, unit, weapon, at, fuse),
        Command::Extinguish { unit, patient } => effects::extinguish(battle, unit, patient),
        Command::Maneuver { unit, target, goal } => melee::maneuver(battle, unit, target, goal),
        Command::KnockOut {
            unit,
            target,
            weapon,
        } => melee::attack(battle, unit, target, weapon, true),
        Command::Answer { unit, answer } => answer::answer(battle, unit, answer),
        Command::Ready { unit, weapon } => arms::ready(battle, unit, weapon),
        Command::Release { unit } => melee::release(battle, unit),
        Command::FirstAid { unit, patient } => wounds::first_aid(battle, unit, patient),
        Command::Medicine { unit, patient } => wounds::medicine(battle, unit, patient),
        Command::Delay { unit, until } => flow::delay(battle, unit, until),
        Command::Flee { unit } => movement::flee(battle, unit),
        Command::Keeper(ref order) => keeper::carry_out(battle, order),
        Command::EndTurn { unit } => {
            battle.own_turn(unit)?;
            flow::end_turn(battle);
            Ok(())
        }
        Command::Rulebook(ref own) => super::hooks::of(battle).command(battle, own.command()),
    }
}
