//! A unit held by an enemy, at every level: it cannot move, flee or shoot, so it tries to break
//! free where the maneuver is open to it, else strikes its holder, else waits.

use bevy::prelude::*;

use super::{Seen, melee_choice};
use crate::battle::command::{Command, ManeuverGoal};
use crate::battle::melee::{at_once_chance, strike_odds};
use crate::battle::{Arsenal, AttackKind, TurnState};
use crate::map::scenario::Scenario;

/// The held unit's command: break free of its holder, or strike it, or end the turn; `None`
/// where the unit is not held.
pub(super) fn held_command(
    world: &mut World,
    scenario: &Scenario,
    seen: &[Seen],
    turn: &TurnState,
    arsenal: &Arsenal,
) -> Option<Command> {
    let unit = turn.unit;
    let holder = seen.iter().find(|me| me.unit == unit)?.held_by?;
    let end = Command::EndTurn { unit };
    let attacks = scenario.units[unit.index()].attacks_per_round;
    if turn.limits.fire_only || !turn.attack_left(attacks) {
        return Some(end);
    }
    let goal = ManeuverGoal::BreakHold;
    let breaks_free = match at_once_chance(world, unit, holder, goal) {
        Some(chance) => chance.is_ok_and(|chance| chance > 0.0),
        None => strike_odds(world, unit, holder, AttackKind::Maneuver(goal)).is_ok(),
    };
    if breaks_free {
        return Some(Command::Maneuver {
            unit,
            target: holder,
            goal,
        });
    }
    let weapon = melee_choice(scenario, unit, arsenal, turn.attacks_made);
    if strike_odds(world, unit, holder, AttackKind::Strike(weapon)).is_ok() {
        return Some(Command::Attack {
            unit,
            target: holder,
            weapon,
        });
    }
    Some(end)
}
