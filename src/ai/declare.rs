//! The AI in a declared round (the western): in its declaration slot a unit plans its turn as
//! if it acted now and declares that; in its act slot it plays its turn as usual, and what the
//! declaration does not allow is turned into what it does (the declared number of shots at the
//! declared target, the bead, the reload) or else ends the turn, so the battle refuses nothing.

use bevy::prelude::*;

use super::Seen;
use crate::battle::TurnState;
use crate::battle::command::{Command, FireMode, WeaponChoice};
use crate::battle::declaration::{Declaration, DeclaredAct, DeclaredMove};
use crate::battle::declaring::{allows, declared};
use crate::battle::ranged;
use crate::battle::{Arsenal, Flow};
use crate::map::range::distance_squared;
use crate::map::scenario::Scenario;
use crate::rules::firearms::reload;
use crate::rules::weapons::AttackForm;

/// The declaration for a unit whose plan for a fresh turn begins with `first`.
pub(super) fn declaration_for(
    scenario: &Scenario,
    seen: &[Seen],
    unit: crate::battle::UnitId,
    arsenal: &Arsenal,
    first: &Command,
) -> Declaration {
    let moving = |act| Declaration {
        movement: DeclaredMove::Move,
        act,
    };
    match first {
        Command::Fire {
            mode: FireMode::Shots(at),
            ..
        } if !at.is_empty() => {
            let target = at[0];
            let shots = at.iter().filter(|aimed| **aimed == target).count();
            moving(DeclaredAct::Fire {
                target,
                shots: u32::try_from(shots).unwrap_or(1),
            })
        }
        Command::Fire { mode, .. } => {
            mode.targets()
                .first()
                .map_or_else(Declaration::default, |target| {
                    moving(DeclaredAct::Fire {
                        target: *target,
                        shots: 1,
                    })
                })
        }
        Command::Aim { target, .. } => Declaration {
            movement: DeclaredMove::Stay,
            act: DeclaredAct::Bead { target: *target },
        },
        Command::Attack { target, .. }
        | Command::KnockOut { target, .. }
        | Command::Maneuver { target, .. } => moving(DeclaredAct::Strike { target: *target }),
        Command::Blast { at, .. } => moving(DeclaredAct::Throw { at: *at }),
        Command::Reload { .. } => moving(DeclaredAct::Reload),
        Command::FirstAid { patient, .. } => moving(DeclaredAct::FirstAid { patient: *patient }),
        Command::Move { .. } | Command::StandUp { .. } | Command::Ready { .. } => {
            moving(nearest_attack(scenario, seen, unit, arsenal))
        }
        _ => Declaration::default(),
    }
}

/// What a unit on its way somewhere declares: a shot at the nearest standing enemy if it has a
/// gun (in hand or to draw), else a blow at it.
fn nearest_attack(
    scenario: &Scenario,
    seen: &[Seen],
    unit: crate::battle::UnitId,
    arsenal: &Arsenal,
) -> DeclaredAct {
    let spec = &scenario.units[unit.index()];
    let Some(me) = seen.iter().find(|other| other.unit == unit) else {
        return DeclaredAct::Nothing;
    };
    let Some(enemy) = seen
        .iter()
        .filter(|other| other.standing && other.side != spec.side)
        .min_by_key(|other| (distance_squared(me.at, other.at), other.unit))
    else {
        return DeclaredAct::Nothing;
    };
    let has_gun = spec.weapons.iter().enumerate().any(|(index, carried)| {
        carried.weapon.attack_form() == AttackForm::Shot && !arsenal.lost.contains(&index)
    });
    if has_gun {
        DeclaredAct::Fire {
            target: enemy.unit,
            shots: 1,
        }
    } else {
        DeclaredAct::Strike { target: enemy.unit }
    }
}

/// On its act turn, `planned` as the declaration allows it: as it is where it may; a shot at
/// the declared target as the declared number of shots left; the declared bead or reload;
/// else the end of the turn.
pub(super) fn keep_to_declaration(
    world: &mut World,
    scenario: &Scenario,
    turn: &TurnState,
    arsenal: &Arsenal,
    planned: Command,
) -> Command {
    let unit = turn.unit;
    let end = Command::EndTurn { unit };
    let Some(flow) = world.get_resource::<Flow>() else {
        return end;
    };
    let declaration = declared(&flow.declarations, unit);
    let fired = world
        .query::<(&crate::battle::UnitId, &crate::battle::Condition)>()
        .iter(world)
        .find(|(id, _)| **id == unit)
        .map_or(0, |(_, condition)| condition.shots_this_round);
    if let (Command::Fire { weapon, .. }, DeclaredAct::Fire { target, shots }) =
        (&planned, declaration.act)
    {
        let left = usize::try_from(shots.saturating_sub(fired)).unwrap_or(0);
        let mode = FireMode::Shots(vec![target; left]);
        if left > 0 && ranged::preview(world, unit, *weapon, &mode).is_ok() {
            return Command::Fire {
                unit,
                weapon: *weapon,
                mode,
            };
        }
    }
    if allows(&declaration, &planned, fired) {
        return planned;
    }
    let can_act = !turn.action_used && !turn.action_forfeited();
    let act = match declaration.act {
        DeclaredAct::Bead { target } => Command::Aim { unit, target },
        DeclaredAct::Reload => Command::Reload {
            unit,
            weapon: arsenal.in_hand,
        },
        DeclaredAct::Fire { target, shots } => Command::Fire {
            unit,
            weapon: arsenal.in_hand,
            mode: FireMode::Shots(vec![
                target;
                usize::try_from(shots.saturating_sub(fired))
                    .unwrap_or(0)
            ]),
        },
        _ => return end,
    };
    let possible = match &act {
        Command::Fire { weapon, mode, .. } => {
            !mode.targets().is_empty() && ranged::preview(world, unit, *weapon, mode).is_ok()
        }
        // A bead needs the shot it would take.
        Command::Aim { target, .. } => {
            ranged::preview(world, unit, arsenal.in_hand, &FireMode::single(*target)).is_ok()
        }
        _ => reloadable(scenario, arsenal, unit),
    };
    if can_act && possible { act } else { end }
}

/// Whether the weapon in hand can be loaded now.
fn reloadable(scenario: &Scenario, arsenal: &Arsenal, unit: crate::battle::UnitId) -> bool {
    let WeaponChoice::Carried(index) = arsenal.in_hand else {
        return false;
    };
    scenario.units[unit.index()]
        .weapons
        .get(index)
        .is_some_and(|carried| {
            let weapon = &carried.weapon;
            reload(
                weapon.feed(),
                weapon.capacity(),
                arsenal.state(index).ammunition,
            )
            .is_ok()
        })
}
