//! A battle set up, begun again and taken off the board: its units spawned as the scenario sets
//! them, under one root.

use std::sync::Arc;

use bevy::ecs::system::RunSystemOnce;
use bevy::prelude::*;

use super::command::WeaponChoice;
use super::scope::InBattle;
use super::*;
use crate::map::scenario::UnitSpec;
use crate::rules::explosions::Burning;
use crate::rules::firearms::Ammunition;

/// Put the battle back to its start under `seed`: the units as the scenario sets them, no
/// command given, no event, fresh dice. Who plays each unit stays as it is.
pub fn restart(world: &mut World, seed: u64) {
    clear(world);
    world.insert_resource(BattleDice::new(seed));
    // Units the keeper brought in from a roster go: the orders that brought them are gone too.
    let scenario = world.resource::<ActiveScenario>().0.clone();
    if scenario.units.len() > scenario.units_as_begun() {
        world.insert_resource(ActiveScenario(Arc::new(scenario.as_begun())));
    }
    if let Some(mut controllers) = world.get_resource_mut::<Controllers>() {
        controllers.0.truncate(scenario.units_as_begun());
    }
    // The scenario is there: a battle is only restarted once it has begun.
    if let Err(error) = world.run_system_once(spawn_units) {
        error!("the battle could not be set up again: {error}");
    }
}

/// Take the battle off the board: its units gone, no command given, no event, the flow at its
/// set-up (every resource registered as the battle's record, [`scope::BattleScoped`]). The
/// scenario, the dice and who plays each unit stay where they are.
pub fn clear(world: &mut World) {
    scope::clear(world);
}

/// Whether no unit is on the board yet: a battle the window began as it opened (entering its
/// battle screen comes before `Startup`) already has its units, and spawning them again left a
/// second, stale set that the map named and the AI read.
pub(super) fn no_units_yet(roster: Res<Roster>) -> bool {
    roster.0.is_empty()
}

pub(super) fn spawn_units(
    mut commands: Commands,
    scenario: Res<ActiveScenario>,
    mut roster: ResMut<Roster>,
    controllers: Option<Res<Controllers>>,
) {
    let scenario = &scenario.0;
    let root = commands.spawn(super::scope::new_root()).id();
    roster.0.clear();
    for (index, unit) in scenario.units.iter().enumerate() {
        roster.0.push(spawn_unit(&mut commands, root, index, unit));
    }
    if controllers.is_none() {
        commands.insert_resource(Controllers(
            scenario.units.iter().map(|unit| unit.control).collect(),
        ));
    }
}

/// A unit's entity as the scenario sets it at the start (or as it joins, brought in by the
/// keeper), in the battle of `root`: its id, vitals, condition and weapons, and its tile if it
/// is on the map.
pub(crate) fn spawn_unit(
    commands: &mut Commands,
    root: Entity,
    index: usize,
    unit: &UnitSpec,
) -> Entity {
    let presence = match unit.arrives {
        _ if unit.reserve => Presence::Reserve,
        Some(round) if round > 1 => Presence::Arriving(round),
        _ => Presence::Present,
    };
    let opening = unit.opening;
    let mut vitals = Vitals::new(unit.derived.hit_points);
    vitals.hit_points = opening.hit_points.unwrap_or(vitals.hit_points);
    vitals.major_wound = opening.major_wound;
    vitals.vital = match (vitals.hit_points, opening.major_wound) {
        (0, true) => Vital::Dying,
        (0, false) => Vital::Unconscious,
        _ => Vital::Conscious,
    };
    let mut entity = commands.spawn((
        InBattle(root),
        Name::new(unit.name.clone()),
        UnitId::of_index(index),
        vitals,
        Condition {
            presence,
            prone: opening.prone || vitals.hit_points == 0,
            aim: opening.aiming_at.map(|target| AimTaken {
                target: UnitId::of_index(target),
                round: 0,
                rounds: 1,
            }),
            burning: opening.burning.map(|damage| Burning {
                rounds_burnt: 0,
                since_round: 0,
                minimum: damage,
            }),
            hidden: unit.hidden,
            held_fast: opening.held_fast,
            ..default()
        },
        Arsenal {
            in_hand: if opening.holstered {
                WeaponChoice::Unarmed
            } else {
                unit.default_weapon()
            },
            lost: Vec::new(),
            stuck: Vec::new(),
            dropped: None,
            weapons: unit
                .weapons
                .iter()
                .map(|carried| WeaponState {
                    ammunition: Ammunition {
                        loaded: carried.loaded,
                        spare: carried.spare,
                        belt_half_changed: false,
                    },
                    ..WeaponState::default()
                })
                .collect(),
        },
    ));
    if presence == Presence::Present {
        entity.insert(TilePosition(unit.start));
    }
    entity.id()
}
