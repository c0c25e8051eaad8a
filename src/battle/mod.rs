//! The battle in the ECS: units as entities with stable ids, placed from the scenario.

use std::sync::Arc;

use bevy::prelude::*;
use serde::{Deserialize, Serialize};

use crate::map::Tile;
use crate::map::scenario::Scenario;

/// A unit's stable id: its index in the scenario, the same in every replay of it.
#[derive(
    Component, Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize,
)]
pub struct UnitId(pub u16);

impl UnitId {
    /// The unit's index in the scenario's list.
    pub fn index(self) -> usize {
        usize::from(self.0)
    }
}

/// Where a unit stands.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub struct TilePosition(pub Tile);

/// The scenario being played.
#[derive(Resource, Debug, Clone)]
pub struct ActiveScenario(pub Arc<Scenario>);

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Startup,
        spawn_units.run_if(resource_exists::<ActiveScenario>),
    );
}

fn spawn_units(mut commands: Commands, scenario: Res<ActiveScenario>) {
    for (index, unit) in scenario.0.units.iter().enumerate() {
        let id = UnitId(u16::try_from(index).unwrap_or(u16::MAX));
        commands.spawn((Name::new(unit.name.clone()), id, TilePosition(unit.start)));
    }
}
