//! The baseline AI, the plainest opponent the careful one is measured against: the nearest
//! enemy in reach shot or struck, else approached, with no cover sought and no odds weighed.

use bevy::prelude::*;

use super::shot_choice::best_shot;
use super::{Seen, melee_choice, passage_among, step_along, walks_to_strike};
use crate::battle::command::{Command, WeaponChoice};
use crate::battle::{Arsenal, Footing, TurnState, hand_reaches};
use crate::map::range::distance_squared;
use crate::map::reach::reachable;
use crate::map::scenario::Scenario;
use crate::rules::firearms::reload;
use crate::rules::weapons::{AttackForm, WeaponRange};

/// The baseline with a gun, bow or thrown weapon in hand: clear a jam, shoot the nearest enemy
/// it can hit, or reload once empty; `None` when none of that is possible.
pub(super) fn baseline_ranged(
    world: &mut World,
    scenario: &Scenario,
    seen: &[Seen],
    turn: &TurnState,
    arsenal: &Arsenal,
) -> Option<Command> {
    let unit = turn.unit;
    let WeaponChoice::Carried(index) = arsenal.in_hand else {
        return None;
    };
    let weapon = &scenario.units[unit.index()].weapons.get(index)?.weapon;
    if !matches!(weapon.attack_form(), AttackForm::Shot | AttackForm::Thrown)
        || turn.action_used
        || turn.action_forfeited()
    {
        return None;
    }
    let state = arsenal.state(index);
    if state.jam.is_some() {
        return Some(Command::ClearJam {
            unit,
            weapon: arsenal.in_hand,
        });
    }
    // Every shot the same worth: the nearest that can be made is taken.
    if let Some((_, command)) = best_shot(world, scenario, seen, turn, arsenal, None, |_, _, _| 0.0)
    {
        return Some(command);
    }
    (state.ammunition.loaded == 0
        && reload(weapon.feed(), weapon.capacity(), state.ammunition).is_ok())
    .then_some(Command::Reload {
        unit,
        weapon: arsenal.in_hand,
    })
}

/// The baseline's next command: get up, walk (keeping the action) towards the nearest standing
/// enemy, attack it as often as the unit may once within reach of its hands (beside it, or as
/// far as the rulebook's hand-to-hand reach: the western's 10 feet), then end the turn.
pub fn baseline_command(
    scenario: &Scenario,
    seen: &[Seen],
    turn: &TurnState,
    prone: bool,
    arsenal: &Arsenal,
) -> Command {
    let unit = turn.unit;
    let spec = &scenario.units[unit.index()];
    let end = Command::EndTurn { unit };
    let Some(here) = seen.iter().find(|other| other.unit == unit).map(|me| me.at) else {
        return end;
    };
    if prone {
        return Command::StandUp { unit };
    }
    let Some(enemy) = seen
        .iter()
        .filter(|other| other.standing && other.side != spec.side)
        .min_by_key(|other| (distance_squared(here, other.at), other.unit))
    else {
        return end;
    };
    let can_attack = turn.attack_left(spec.attacks_per_round);
    let weapon = melee_choice(scenario, unit, arsenal, turn.attacks_made);
    let held_in_hand = match weapon {
        WeaponChoice::Carried(index) => spec
            .weapons
            .get(index)
            .is_some_and(|carried| carried.weapon.range == WeaponRange::Touch),
        _ => true,
    };
    if here.is_adjacent(enemy.at) || (held_in_hand && hand_reaches(scenario, here, enemy.at)) {
        return if can_attack {
            Command::Attack {
                unit,
                target: enemy.unit,
                weapon,
            }
        } else {
            end
        };
    }
    if turn.spent > 0 || turn.action_used {
        return end;
    }
    let footing = seen
        .iter()
        .find(|other| other.unit == unit)
        .map_or(Footing::Free, |me| me.footing);
    let moves = crate::battle::moves::crawl(scenario, footing).unwrap_or(spec.derived.moves);
    let reach = reachable(&scenario.map, here, moves.free, passage_among(seen, unit));
    let straight = reach
        .tiles()
        .min_by_key(|(tile, cost)| (distance_squared(*tile, enemy.at), *cost, *tile))
        .filter(|(to, _)| *to != here);
    // Nothing nearer as the crow flies (a wall between): the way round.
    let round_about = || step_along(&walks_to_strike(scenario, seen, &[enemy.at]), &reach, here);
    straight
        .map(|(to, _)| to)
        .or_else(round_about)
        .map_or(end, |to| Command::Move { unit, to })
}
