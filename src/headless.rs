//! The battle without a window: the app that tests, `simulate` and `replay` run, with exactly
//! the battle systems a player plays.

use std::sync::Arc;

use bevy::ecs::schedule::SingleThreadedExecutor;
use bevy::prelude::*;

use crate::ai;
use crate::battle::{self, ActiveRuleset};
use crate::map::scenario::Scenario;

/// The battle without a window: minimal plugins and the battle's own, no rendering and no
/// overlay, its dice seeded with `seed`. Tests, and later `simulate` and `replay`, run exactly
/// these systems.
pub fn headless_app(scenario: Scenario, seed: u64) -> App {
    let mut app = App::new();
    app.add_plugins((
        MinimalPlugins,
        bevy::state::app::StatesPlugin,
        bevy::input::InputPlugin,
    ))
    .insert_resource(ActiveRuleset(scenario.ruleset.clone()))
    .insert_resource(battle::ActiveScenario(Arc::new(scenario)))
    .insert_resource(battle::BattleDice::new(seed))
    .insert_resource(ai::defence::policy())
    .add_plugins((battle::plugin, crate::rulesets::plugins::plugin));
    // The battle's few systems run one after another anyway: on the thread that plays it they
    // skip the hand-offs to the task pool a multi-threaded executor makes every frame (and
    // `simulate` already gives each core battles of its own).
    for (_, schedule) in app.world_mut().resource_mut::<Schedules>().iter_mut() {
        schedule.set_executor(SingleThreadedExecutor::new());
    }
    app
}
