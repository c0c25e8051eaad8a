//! The frontier western in the battle: its own code at the engine's stages (getting over a
//! specific blow: rising from a trip, and breaking a restrain). Its declarations, quick draws,
//! pain and specific shots and blows still live in the engine until they move here
//! (docs/plans/rulebook-rooms.md).

mod recovering;

use bevy::prelude::*;

use crate::battle::UnitId;
use crate::battle::hooks::{BattleHooks, HookRulebook};
use crate::battle::state::Battle;
use crate::rules::ruleset::RulesetId;

/// The western's battle plugin: its hooks.
pub fn plugin(app: &mut App) {
    app.hook_rulebook(RulesetId::Frontier, FrontierHooks);
}

/// The western's code at the engine's stages.
struct FrontierHooks;

impl BattleHooks for FrontierHooks {
    fn rises(&self, battle: &mut Battle, unit: UnitId) -> bool {
        recovering::rise(battle, unit)
    }

    fn stumbled(&self, battle: &mut Battle, unit: UnitId) {
        recovering::free_blows(battle, unit);
    }

    fn break_free(&self, battle: &mut Battle, unit: UnitId, holder: UnitId) {
        recovering::try_to_break_free(battle, unit, holder);
    }

    fn break_free_chance(&self, battle: &Battle, unit: UnitId) -> f64 {
        recovering::break_free_chance(battle, unit)
    }
}
