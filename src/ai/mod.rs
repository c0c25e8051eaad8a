//! The opponent: units the scenario gives to the AI take their turns by issuing the same
//! commands a person does, so the log and replays hold them like any other.
//!
//! For now every AI unit plays the baseline, one command at a time: close with the nearest
//! standing enemy and attack it.

use bevy::prelude::*;

use crate::battle::command::{Command, WeaponChoice};
use crate::battle::{
    ActiveScenario, Arsenal, BattleSystems, CommandQueue, Condition, Controllers, Flow, Phase,
    TilePosition, TurnState, UnitId, Vitals,
};
use crate::map::Tile;
use crate::map::range::distance_squared;
use crate::map::reach::{budget_for, reachable};
use crate::map::scenario::{Control, Scenario};

/// What the planner needs to know of a unit.
#[derive(Debug, Clone, Copy)]
pub struct Seen {
    pub unit: UnitId,
    pub at: Tile,
    pub standing: bool,
}

/// AI units take their turns (public so headless apps and tests can add it).
pub fn plugin(app: &mut App) {
    app.add_systems(Update, take_ai_turns.before(BattleSystems));
}

/// Commands an AI unit may give in one turn before it is made to end it (so a refused command
/// can never hold the battle up).
const MOST_COMMANDS_A_TURN: u32 = 16;

/// On an AI unit's turn, with nothing queued and no answer awaited, queue its next command.
fn take_ai_turns(
    flow: Option<Res<Flow>>,
    scenario: Option<Res<ActiveScenario>>,
    controllers: Option<Res<Controllers>>,
    units: Query<(&UnitId, &TilePosition, &Vitals, &Condition, &Arsenal)>,
    mut queue: Option<ResMut<CommandQueue>>,
    mut given: Local<(u32, Option<UnitId>, u32)>,
) {
    let (Some(flow), Some(scenario), Some(controllers), Some(queue)) =
        (flow, scenario, controllers, queue.as_mut())
    else {
        return;
    };
    let (Some(turn), Phase::Turn) = (flow.turn, &flow.phase) else {
        return;
    };
    let unit = turn.unit;
    if controllers.0.get(unit.index()) != Some(&Control::Ai) || !queue.0.is_empty() {
        return;
    }
    if (given.0, given.1) != (flow.round, Some(unit)) {
        *given = (flow.round, Some(unit), 0);
    }
    given.2 += 1;
    if given.2 > MOST_COMMANDS_A_TURN {
        queue.0.push_back(Command::EndTurn { unit });
        return;
    }
    let seen: Vec<Seen> = units
        .iter()
        .map(|(id, at, vitals, _, _)| Seen {
            unit: *id,
            at: at.0,
            standing: vitals.conscious(),
        })
        .collect();
    let command = units.iter().find(|(id, ..)| **id == unit).map_or(
        Command::EndTurn { unit },
        |(_, _, _, condition, arsenal)| {
            baseline_command(&scenario.0, &seen, &turn, condition.prone, arsenal.in_hand)
        },
    );
    queue.0.push_back(command);
}

/// The baseline's next command: get up, walk (keeping the action) towards the nearest standing
/// enemy, attack it as often as the unit may once beside it, then end the turn.
pub fn baseline_command(
    scenario: &Scenario,
    seen: &[Seen],
    turn: &TurnState,
    prone: bool,
    in_hand: WeaponChoice,
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
        .filter(|other| other.standing && scenario.units[other.unit.index()].side != spec.side)
        .min_by_key(|other| (distance_squared(here, other.at), other.unit))
    else {
        return end;
    };
    let can_attack = !turn.action_forfeited
        && turn.attacks_made < spec.attacks_per_round
        && (!turn.action_used || turn.attacks_made > 0);
    if here.is_adjacent(enemy.at) {
        return if can_attack {
            Command::Attack {
                unit,
                target: enemy.unit,
                weapon: melee_choice(scenario, unit, in_hand, turn.attacks_made),
            }
        } else {
            end
        };
    }
    if turn.spent > 0 || turn.action_used {
        return end;
    }
    let occupied: Vec<Tile> = seen
        .iter()
        .map(|other| other.at)
        .filter(|tile| *tile != here)
        .collect();
    let reach = reachable(
        &scenario.map,
        here,
        budget_for(spec.derived.movement),
        |tile| occupied.contains(&tile),
    );
    reach
        .tiles()
        .min_by_key(|(tile, cost)| (distance_squared(*tile, enemy.at), *cost, *tile))
        .filter(|(to, _)| *to != here)
        .map_or(end, |(to, _)| Command::Move { unit, to })
}

/// A hand-to-hand attack for the `attack`-th blow of the turn: natural attacks in turn, the
/// weapon in hand if it is a hand-to-hand one, else fists.
fn melee_choice(
    scenario: &Scenario,
    unit: UnitId,
    in_hand: WeaponChoice,
    attack: u32,
) -> WeaponChoice {
    let spec = &scenario.units[unit.index()];
    if !spec.natural_attacks.is_empty() {
        let count = u32::try_from(spec.natural_attacks.len()).unwrap_or(1);
        return WeaponChoice::Natural(usize::try_from(attack % count).unwrap_or(0));
    }
    match in_hand {
        WeaponChoice::Carried(index)
            if spec
                .weapons
                .get(index)
                .is_some_and(|carried| carried.weapon.skill.starts_with("Fighting")) =>
        {
            in_hand
        }
        WeaponChoice::Natural(_) => in_hand,
        _ => WeaponChoice::Unarmed,
    }
}
