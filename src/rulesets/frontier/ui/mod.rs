//! The western on the screen: its declaration form in each declaration slot, drawn through the
//! engine's door for a rulebook's panel (`ui::panels`) from what a system of its own reads of
//! the battle whenever it moves on.

mod declare;

use std::sync::Arc;

use bevy::prelude::*;
use bevy_egui::egui;

use crate::battle::command::{Command, WeaponChoice};
use crate::battle::scope::{BattleMoment, moment};
use crate::battle::{Arsenal, Flow, TilePosition, TurnState, UnitId, Vitals};
use crate::map::Tile;
use crate::map::scenario::Scenario;
use crate::rules::round::TurnKind;
use crate::rulesets::frontier::ID;
use crate::schedule::AppSystems;
use crate::ui::panels::{HookPanel, PanelState, RulebookPanel, scenario_of};

/// The western's UI plugin: its panel controls, and the system that reads the battle for them.
pub fn plugin(app: &mut App) {
    app.hook_panel(ID, FrontierPanel)
        .add_systems(Update, read_round.in_set(AppSystems::Present));
}

/// What the declaration form shows: the battle's scenario and round, the units on the map and
/// conscious (with their tiles) in the roster's order, and the acting unit's weapons lost and
/// the one in its hand.
#[derive(Debug, Clone, Default)]
struct RoundPanel {
    scenario: Option<Arc<Scenario>>,
    round: u32,
    standing: Vec<(UnitId, Tile)>,
    lost: Vec<usize>,
    in_hand: Option<WeaponChoice>,
}

/// The western's controls at the panels' places.
struct FrontierPanel;

impl RulebookPanel for FrontierPanel {
    fn declares_the_round(&self) -> bool {
        true
    }

    fn turn_controls(
        &self,
        ui: &mut egui::Ui,
        state: &mut PanelState,
        unit: UnitId,
        turn: &TurnState,
    ) -> Option<Command> {
        let panel = state.get::<RoundPanel>()?;
        let scenario = panel.scenario.clone()?;
        (turn.limits.kind == TurnKind::Declare)
            .then(|| declare::declaration_form(ui, panel, &scenario, unit))
            .flatten()
    }
}

/// Read the battle into the panel's state where the battle is the western's and has moved on.
fn read_round(world: &mut World, mut last: Local<Option<BattleMoment>>) {
    let Some(scenario) = scenario_of(world, ID) else {
        return;
    };
    let key = moment(world);
    if *last == Some(key) {
        return;
    }
    *last = Some(key);
    let (round, acting) = world
        .get_resource::<Flow>()
        .map_or((0, None), |flow| (flow.round, flow.acting()));
    let mut units = world.query::<(&UnitId, &Vitals, &Arsenal, Option<&TilePosition>)>();
    let mut standing: Vec<(UnitId, Tile)> = units
        .iter(world)
        .filter(|(_, vitals, ..)| vitals.conscious())
        .filter_map(|(id, _, _, at)| Some((*id, at?.0)))
        .collect();
    standing.sort_by_key(|(id, _)| *id);
    let arsenal = acting.and_then(|unit| {
        units
            .iter(world)
            .find(|(id, ..)| **id == unit)
            .map(|(_, _, arsenal, _)| arsenal.clone())
    });
    let Some(mut state) = world.get_resource_mut::<PanelState>() else {
        return;
    };
    *state.of::<RoundPanel>() = RoundPanel {
        scenario: Some(scenario),
        round,
        standing,
        lost: arsenal
            .as_ref()
            .map(|arsenal| arsenal.lost.clone())
            .unwrap_or_default(),
        in_hand: arsenal.map(|arsenal| arsenal.in_hand),
    };
}
