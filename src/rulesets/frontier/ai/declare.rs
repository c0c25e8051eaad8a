//! The AI in a declared round (the western): in its declaration slot a unit plans its turn as
//! if it acted now and declares that; in its act slot it plays its turn as usual, and what the
//! declaration does not allow is turned into what it does (the declared number of shots at the
//! declared target, the bead, the reload) or else ends the turn, so the battle refuses nothing.

use std::cmp::Reverse;

use bevy::prelude::*;

use super::draw_mean_of;
use crate::ai::hooks::DeclarationSlot;
use crate::ai::{Seen, passage_among};
use crate::battle::command::{Command, FireMode, ManeuverGoal, WeaponChoice};
use crate::battle::moves::own_moves;
use crate::battle::{Arsenal, Condition, Flow, Footing, TurnState, UnitId};
use crate::battle::{blast, ranged};
use crate::map::Tile;
use crate::map::range::distance_squared;
use crate::map::reach::reachable;
use crate::map::scenario::Scenario;
use crate::rules::firearms::reload;
use crate::rules::weapons::AttackForm;
use crate::rulesets::frontier::battle::commands::FrontierCommand;
use crate::rulesets::frontier::battle::declaration::{Declaration, DeclaredAct, DeclaredMove};
use crate::rulesets::frontier::battle::declaring::{allowance, allows, declarations_of, declared};

/// In the unit's declaration slot: its plan for a fresh turn as if it acted now, declared. The
/// baseline declares its plan as it stands; the levels read the declarations made, and name the
/// tile an explosive they are taking up will be thrown at.
pub(super) fn declare(world: &mut World, slot: &DeclarationSlot<'_>) -> Command {
    let first = slot.fresh_plan(world);
    let declaration = if slot.baseline() {
        declaration_for(slot, (&first, None))
    } else {
        let throw = slot.planned_throw(world, &first);
        declaration(world, slot, (&first, throw))
    };
    FrontierCommand::Declare {
        unit: slot.unit,
        declaration,
    }
    .into()
}

/// The declaration for a unit whose plan for a fresh turn begins with `first`, with the sense
/// the declarations made before it give: an enemy who declared a shot at it is drawn on (shot
/// back at, where its draw is likely the quicker and the shot can be made from here), and a
/// unit on its way somewhere under such a threat zigzags rather than walk into it.
fn declaration(
    world: &mut World,
    slot: &DeclarationSlot<'_>,
    (first, throw): (&Command, Option<Tile>),
) -> Declaration {
    let (scenario, seen, unit, arsenal) = (slot.scenario, slot.seen, slot.unit, slot.arsenal);
    let planned = declaration_for(slot, (first, throw));
    let round = world.get_resource::<Flow>().map_or(0, |flow| flow.round);
    let threats: Vec<UnitId> = declarations_of(world, round)
        .iter()
        .filter(|(declarer, declared)| {
            matches!(declared.act, DeclaredAct::Fire { target, .. } if target == unit)
                && scenario.units[declarer.index()].side != scenario.units[unit.index()].side
        })
        .map(|(declarer, _)| *declarer)
        .collect();
    if threats.is_empty() || matches!(planned.act, DeclaredAct::Bead { .. }) {
        return planned;
    }
    let gun = arsenal.gun_to_fire(&scenario.units[unit.index()].weapons);
    // Draw on the threat it is quickest against, if it can shoot it from here.
    let draw_mean = |world: &mut World, of: UnitId| draw_mean_of(world, scenario, seen, of);
    let mine = draw_mean(world, unit);
    let answer = threats
        .iter()
        .filter_map(|threat| {
            let their = draw_mean(world, *threat)?;
            let quicker = mine.is_some_and(|mine| mine > their);
            let shot = gun.is_some_and(|gun| {
                ranged::preview(world, unit, gun, &FireMode::single(*threat)).is_ok()
            });
            (quicker && shot).then_some((*threat, mine.unwrap_or(0.0) - their))
        })
        .max_by(|a, b| a.1.total_cmp(&b.1));
    if let Some((threat, _)) = answer {
        let shots = match planned.act {
            DeclaredAct::Fire { target, shots } if target == threat => shots,
            _ => 1,
        };
        return Declaration {
            movement: DeclaredMove::Move,
            act: DeclaredAct::Fire {
                target: threat,
                shots,
            },
            ..Declaration::default()
        };
    }
    // On its way somewhere with no shot of its own this round: zigzag.
    let moving_on = planned.movement == DeclaredMove::Move
        && throw.is_none()
        && !matches!(first, Command::Fire { .. } | Command::Attack { .. });
    if moving_on {
        return Declaration {
            movement: DeclaredMove::Zigzag,
            act: DeclaredAct::Nothing,
            ..Declaration::default()
        };
    }
    planned
}

/// The declaration for a unit whose plan for a fresh turn begins with `first` (and which, where
/// it takes up an explosive or walks to throw it, throws it at `throw`).
fn declaration_for(
    slot: &DeclarationSlot<'_>,
    (first, throw): (&Command, Option<Tile>),
) -> Declaration {
    let moving = |act| Declaration {
        movement: DeclaredMove::Move,
        act,
        ..Declaration::default()
    };
    if let Some(at) = throw {
        return moving(DeclaredAct::Throw { at });
    }
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
            ..Declaration::default()
        },
        Command::Attack { target, .. }
        | Command::KnockOut { target, .. }
        | Command::Maneuver { target, .. } => moving(DeclaredAct::Strike { target: *target }),
        Command::Blast { at, .. } => moving(DeclaredAct::Throw { at: *at }),
        Command::Reload { .. } => moving(DeclaredAct::Reload),
        Command::FirstAid { patient, .. } => moving(DeclaredAct::FirstAid { patient: *patient }),
        Command::Move { .. } | Command::StandUp { .. } | Command::Ready { .. } => {
            moving(nearest_attack(slot))
        }
        _ => Declaration::default(),
    }
}

/// What a unit on its way somewhere declares: a shot at the nearest standing enemy if it has a
/// gun (in hand or to draw), else a blow at it.
fn nearest_attack(slot: &DeclarationSlot<'_>) -> DeclaredAct {
    let (scenario, seen, unit, arsenal) = (slot.scenario, slot.seen, slot.unit, slot.arsenal);
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
    seen: &[Seen],
    turn: &TurnState,
    arsenal: &Arsenal,
    planned: Command,
) -> Command {
    let unit = turn.unit;
    let end = Command::EndTurn { unit };
    // Restrained, it tries to break free, declared or not.
    if matches!(
        planned,
        Command::Maneuver {
            goal: ManeuverGoal::BreakHold,
            ..
        }
    ) {
        return planned;
    }
    let Some(round) = world.get_resource::<Flow>().map(|flow| flow.round) else {
        return end;
    };
    let declarations = declarations_of(world, round);
    let declaration = declared(&declarations, unit);
    let (fired, footing) = world
        .query::<(&UnitId, &Condition)>()
        .iter(world)
        .find(|(id, _)| **id == unit)
        .map_or((0, Footing::Free), |(_, condition)| {
            (condition.shots_this_round, condition.footing())
        });
    // The declared shots still to fire, with `weapon`, where the preview says they can be.
    let declared_shots =
        |world: &mut World, weapon: WeaponChoice| {
            let DeclaredAct::Fire { target, shots } = declaration.act else {
                return None;
            };
            let left = usize::try_from(shots.saturating_sub(fired)).unwrap_or(0);
            let mode = FireMode::Shots(vec![target; left]);
            (left > 0 && ranged::preview(world, unit, weapon, &mode).is_ok())
                .then_some(Command::Fire { unit, weapon, mode })
        };
    if let Command::Fire { weapon, .. } = &planned
        && let Some(shots) = declared_shots(world, *weapon)
    {
        return shots;
    }
    let own = own_moves(scenario, (unit, footing));
    let left = turn
        .movement_left(allowance(scenario, &declarations, (unit, footing), own))
        .unwrap_or(0);
    // An enemy declared a throw near it: it first walks as far from the burst as it can (on its
    // feet: a prone unit stands first, as planned).
    let on_its_feet = seen.iter().any(|me| me.unit == unit && !me.prone);
    if turn.spent == 0
        && on_its_feet
        && declaration.movement != DeclaredMove::Stay
        && let Some(at) = throw_near(scenario, &declarations, seen, unit)
        && let Some(away) = step_by(scenario, seen, unit, left, |tile| {
            Reverse(distance_squared(tile, at))
        })
    {
        return away;
    }
    // A zigzag (or a lamed unit's walk) goes as far towards the planned tile as its shorter
    // allowance reaches.
    if let Command::Move { to, .. } = &planned
        && (declaration.movement == DeclaredMove::Zigzag || footing == Footing::Lamed)
    {
        return step_by(scenario, seen, unit, left, |tile| {
            distance_squared(tile, *to)
        })
        .unwrap_or(end);
    }
    let spec = &scenario.units[unit.index()];
    let lobbed = |weapon: WeaponChoice| spec.lobs(weapon);
    // Declared to throw, it takes up nothing but the explosive.
    let off_the_throw = matches!(
        (&planned, declaration.act),
        (Command::Ready { weapon, .. }, DeclaredAct::Throw { .. }) if !lobbed(*weapon)
    );
    if allows(&declaration, &planned, fired) && !off_the_throw {
        return planned;
    }
    if turn.action_used || turn.action_forfeited() {
        return end;
    }
    let act = match declaration.act {
        DeclaredAct::Fire { .. } => declared_shots(world, arsenal.in_hand),
        // A bead needs the shot it would take.
        DeclaredAct::Bead { target } => {
            ranged::preview(world, unit, arsenal.in_hand, &FireMode::single(target))
                .is_ok()
                .then_some(Command::Aim { unit, target })
        }
        DeclaredAct::Reload => reloadable(scenario, arsenal, unit).then_some(Command::Reload {
            unit,
            weapon: arsenal.in_hand,
        }),
        // The explosive thrown at the declared tile, taken in hand first.
        DeclaredAct::Throw { at } if lobbed(arsenal.in_hand) => {
            blast::preview(world, unit, arsenal.in_hand, at)
                .is_ok()
                .then_some(Command::Blast {
                    unit,
                    weapon: arsenal.in_hand,
                    at,
                })
        }
        DeclaredAct::Throw { .. } => (0..spec.weapons.len())
            .map(WeaponChoice::Carried)
            .find(|weapon| {
                lobbed(*weapon)
                    && !matches!(weapon, WeaponChoice::Carried(index) if arsenal.lost.contains(index))
            })
            .map(|weapon| Command::Ready { unit, weapon }),
        _ => None,
    };
    act.unwrap_or(end)
}

/// Whether the weapon in hand can be loaded now.
fn reloadable(scenario: &Scenario, arsenal: &Arsenal, unit: UnitId) -> bool {
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

/// How near (in square yards) a declared throw's tile is a danger: the damage rings' 30 ft.
const BURST_DANGER: u64 = 100;

/// The tile an enemy declared it will throw an explosive at, where that is near `unit`.
fn throw_near(
    scenario: &Scenario,
    declarations: &[(UnitId, Declaration)],
    seen: &[Seen],
    unit: UnitId,
) -> Option<Tile> {
    let here = seen.iter().find(|other| other.unit == unit)?.at;
    let side = scenario.units[unit.index()].side;
    declarations
        .iter()
        .filter(|(thrower, _)| scenario.units[thrower.index()].side != side)
        .find_map(|(_, declared)| match declared.act {
            DeclaredAct::Throw { at } if distance_squared(here, at) <= BURST_DANGER => Some(at),
            _ => None,
        })
}

/// A move within `left` tenths of a yard to the reachable tile `rank` puts first (the lowest
/// rank, then the cheapest, then the lowest tile); none where that is where the unit stands.
fn step_by<K: Ord>(
    scenario: &Scenario,
    seen: &[Seen],
    unit: UnitId,
    left: u32,
    rank: impl Fn(Tile) -> K,
) -> Option<Command> {
    let here = seen.iter().find(|other| other.unit == unit)?.at;
    reachable(&scenario.map, here, left, passage_among(seen, unit))
        .tiles()
        .min_by_key(|(tile, cost)| (rank(*tile), *cost, *tile))
        .filter(|(tile, _)| *tile != here)
        .map(|(tile, _)| Command::Move { unit, to: tile })
}
