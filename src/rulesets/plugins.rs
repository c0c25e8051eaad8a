//! Every rulebook's battle and AI plugins, the one list an app that plays battles adds: a
//! rulebook with no choices of its own for the AI plays by the planner alone.

use bevy::prelude::*;

use super::{brp_classic, coc7e, d10_pool, d100_house, frontier};

/// The rulebooks' code in the battle and the AI.
pub fn plugin(app: &mut App) {
    register_commands();
    app.add_plugins((
        brp_classic::battle::plugin,
        coc7e::battle::plugin,
        d100_house::battle::plugin,
        d100_house::ai::plugin,
        frontier::battle::plugin,
        d10_pool::battle::plugin,
    ));
}

/// Every rulebook's commands made readable from a replay by their names (again: no change).
/// Whatever reads a replay calls it first, app or none.
pub fn register_commands() {
    d100_house::battle::commands::register();
}
