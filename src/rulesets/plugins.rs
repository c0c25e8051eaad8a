//! Every rulebook's battle plugin, the one list an app that plays battles adds: a rulebook with
//! no code of its own at the engine's stages is hooked as `Unhooked`.

use bevy::prelude::*;

use super::d100_house;
use crate::battle::hooks::{HookRulebook, Unhooked};
use crate::rules::ruleset::RulesetId;

/// The rulebooks' code in the battle.
pub fn plugin(app: &mut App) {
    app.hook_rulebook(RulesetId::Coc7e, Unhooked)
        .hook_rulebook(RulesetId::BrpClassic, Unhooked)
        .hook_rulebook(RulesetId::D10Pool, Unhooked)
        .hook_rulebook(RulesetId::Frontier, Unhooked)
        .add_plugins(d100_house::battle::plugin);
}
