//! Hidden units (an ambush): the keeper's alone until they attack, are hurt, an enemy has a
//! line of sight to them, or the keeper shows them. Each reveal is an event; what the players
//! may read of the stream follows from those events (`log::visibility`).

use super::UnitId;
use super::command::{Answer, Command};
use super::event::{EventKind, Reveal};
use super::state::Battle;
use crate::map::sight::line_of_fire;

/// After a command is carried out: reveal every hidden unit that it showed (`from` is the first
/// event the command made).
pub(super) fn reveal_the_exposed(battle: &mut Battle, command: &Command, from: usize) {
    let hidden: Vec<UnitId> = battle
        .unit_ids()
        .into_iter()
        .filter(|unit| battle.condition(*unit).hidden)
        .collect();
    if hidden.is_empty() {
        return;
    }
    for unit in hidden {
        if let Some(how) = what_shows(battle, unit, command, from) {
            reveal(battle, unit, how);
        }
    }
}

/// Show a hidden unit to the players.
pub(super) fn reveal(battle: &mut Battle, unit: UnitId, how: Reveal) {
    battle.change_condition(unit, |condition| condition.hidden = false);
    battle.emit(EventKind::Revealed { unit, how });
}

/// Why a hidden unit can no longer stay hidden, if it cannot.
fn what_shows(battle: &Battle, unit: UnitId, command: &Command, from: usize) -> Option<Reveal> {
    let attacked = command.unit() == Some(unit)
        && matches!(
            command,
            Command::Surprise { .. }
                | Command::Attack { .. }
                | Command::Fire { .. }
                | Command::Blast { .. }
                | Command::Maneuver { .. }
                | Command::KnockOut { .. }
                | Command::Answer {
                    answer: Answer::FightBack | Answer::Maneuver(_),
                    ..
                }
        );
    // A blow struck back in an exchange (the AI's answer, inside the attacker's command).
    let struck = battle.events()[from..]
        .iter()
        .any(|event| event.kind.harm().is_some_and(|harm| harm.by == Some(unit)));
    if attacked || struck {
        return Some(Reveal::Attacked);
    }
    let hurt = battle.events()[from..].iter().any(|event| {
        event
            .kind
            .harm()
            .is_some_and(|harm| harm.unit == unit && harm.taken > 0)
    });
    if hurt {
        return Some(Reveal::Hurt);
    }
    let at = battle.position(unit)?;
    let side = battle.spec(unit).side;
    battle
        .unit_ids()
        .into_iter()
        // A spotter the players cannot see themselves shows them nothing.
        .filter(|other| {
            battle.spec(*other).side != side
                && battle.standing(*other)
                && !battle.condition(*other).hidden
        })
        .find(|other| {
            battle
                .position(*other)
                .is_some_and(|from| !line_of_fire(&battle.scenario.map, from, at).is_blocked())
        })
        .map(Reveal::SeenBy)
}
