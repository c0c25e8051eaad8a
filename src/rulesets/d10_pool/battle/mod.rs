//! The d10 pool in the battle: its own code at the engine's stages (injuries in place of hit
//! points, a blast's bands and the dodge of it, and a surprise weighed as a contest). Its dice budget and plan, evading and sweeps still live in the engine until they
//! move here (docs/plans/rulebook-rooms.md).

mod blasts;
pub mod events;
mod injuries;
mod surprise;

use bevy::prelude::*;

use crate::battle::UnitId;
use crate::battle::hooks::{
    AttackHooks, ChoiceHooks, FireHooks, HarmHooks, HookRulebook, Surprise, TurnHooks,
};
use crate::battle::state::Battle;
use crate::map::Tile;
use crate::rules::explosions::BlastRing;
use crate::rulesets::d10_pool::ID;

/// The pool's battle plugin: its hooks.
pub fn plugin(app: &mut App) {
    app.hook_rulebook(ID, PoolHooks);
}

/// The pool's code at the engine's stages.
struct PoolHooks;

impl TurnHooks for PoolHooks {
    fn surprise_seen(&self, battle: &mut Battle, attack: (UnitId, UnitId)) -> Option<bool> {
        Some(surprise::seen(battle, attack))
    }

    /// Caught unawares by a surprise attack before round 1: after everyone else in its order.
    fn surprise(&self, battle: &Battle, unit: UnitId) -> Surprise {
        if surprise::ambushed(battle, unit) {
            Surprise::Surprised
        } else {
            Surprise::Unsurprised
        }
    }
}

impl ChoiceHooks for PoolHooks {}

impl FireHooks for PoolHooks {}

impl AttackHooks for PoolHooks {}

impl HarmHooks for PoolHooks {
    fn injury(
        &self,
        battle: &mut Battle,
        hit: (UnitId, Option<UnitId>),
        net: i32,
        weapon: (u32, bool),
        skill: &str,
    ) -> bool {
        injuries::injure(battle, hit, net, weapon, skill);
        true
    }

    fn blast_injury(
        &self,
        battle: &mut Battle,
        caught: (UnitId, UnitId),
        net: i32,
        ring: (Option<&BlastRing>, Tile),
        skill: &str,
    ) -> bool {
        blasts::caught(battle, caught, net, ring, skill)
    }
}
