//! Every rulebook's battle and AI plugins, the one list an app that plays battles adds: a
//! rulebook with no choices of its own for the AI plays by the planner alone. A rulebook put in
//! the registry while running (`rulesets::register`, a test's) puts its plugin here too
//! (`register_plugin`), so every app made after (the window's, `simulate`'s, a replay's) has it.

use std::sync::RwLock;

use bevy::prelude::*;

use crate::rules::ruleset_id::RulesetId;

/// The rulebooks' code in the battle and the AI.
pub fn plugin(app: &mut App) {
    register_commands();
    #[cfg(feature = "brp_classic")]
    app.add_plugins((
        super::brp_classic::battle::plugin,
        super::brp_classic::ai::plugin,
    ));
    #[cfg(feature = "coc7e")]
    app.add_plugins(super::coc7e::battle::plugin);
    #[cfg(feature = "d100_house")]
    app.add_plugins((
        super::d100_house::battle::plugin,
        super::d100_house::ai::plugin,
    ));
    #[cfg(feature = "frontier")]
    app.add_plugins((super::frontier::battle::plugin, super::frontier::ai::plugin));
    #[cfg(feature = "d10_pool")]
    app.add_plugins((super::d10_pool::battle::plugin, super::d10_pool::ai::plugin));
    let registered = REGISTERED
        .read()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    for (_, plugin) in registered.iter() {
        plugin(app);
    }
}

/// The plugins of the rulebooks registered while running, in the order they came.
static REGISTERED: RwLock<Vec<(RulesetId, fn(&mut App))>> = RwLock::new(Vec::new());

/// Adds `plugin`, the battle plugin of rulebook `id` registered while running, to every app
/// that plays battles from now on, in place of any `id` had.
pub fn register_plugin(id: RulesetId, plugin: fn(&mut App)) {
    let mut registered = REGISTERED
        .write()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    registered.retain(|(known, _)| *known != id);
    registered.push((id, plugin));
}

/// Every rulebook's commands and fire modes made readable from a replay by their names (again:
/// no change).
/// Whatever reads a replay calls it first, app or none.
pub fn register_commands() {
    #[cfg(feature = "d100_house")]
    super::d100_house::battle::commands::register();
    #[cfg(feature = "d10_pool")]
    super::d10_pool::battle::commands::register();
    #[cfg(feature = "d10_pool")]
    super::d10_pool::battle::sweep::register();
    #[cfg(feature = "brp_classic")]
    super::brp_classic::battle::parry::register();
    #[cfg(feature = "brp_classic")]
    super::brp_classic::battle::fire_modes::register();
    #[cfg(feature = "frontier")]
    super::frontier::battle::commands::register();
}
