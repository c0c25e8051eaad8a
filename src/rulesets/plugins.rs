//! Every rulebook's battle and AI plugins, the one list an app that plays battles adds: a
//! rulebook with no code of its own at the engine's stages is hooked as `Unhooked`; one with no
//! choices of its own for the AI plays by the planner alone.

use bevy::prelude::*;

use super::{coc7e, d10_pool, d100_house, frontier};
use crate::battle::hooks::{HookRulebook, Unhooked};
use crate::rules::ruleset::RulesetId;

/// The rulebooks' code in the battle and the AI.
pub fn plugin(app: &mut App) {
    register_commands();
    app.hook_rulebook(RulesetId::BrpClassic, Unhooked)
        .add_plugins((
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
