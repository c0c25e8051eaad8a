//! The d10 pool in the battle: its own code at the engine's stages (injuries in place of hit
//! points, a blast's bands and the dodge of it, a surprise weighed as a contest, and evading).
//! Its dice budget and plan and its sweeps still live in the engine until they move here
//! (docs/plans/rulebook-rooms.md).

mod blasts;
pub mod commands;
pub mod evade;
pub mod events;
mod injuries;
mod surprise;

use bevy::prelude::*;

use crate::battle::choices::{Offers, UnitFlag};
use crate::battle::command::Rejection;
use crate::battle::hooks::{
    AttackHooks, ChoiceHooks, FireHooks, HarmHooks, HookRulebook, Surprise, TurnHooks, own_command,
};
use crate::battle::melee_weapon::MeleeWeapon;
use crate::battle::own::OwnCommand;
use crate::battle::state::Battle;
use crate::battle::{PendingAttack, UnitId};
use crate::map::Tile;
use crate::rules::explosions::BlastRing;
use crate::rules::modifiers::Modifier;
use crate::rulesets::d10_pool::ID;
use commands::PoolCommand;

/// The pool's battle plugin: its hooks.
pub fn plugin(app: &mut App) {
    app.hook_rulebook(ID, PoolHooks);
}

/// The pool's code at the engine's stages.
struct PoolHooks;

impl TurnHooks for PoolHooks {
    /// Its evade pool is gone.
    fn turn_comes(&self, battle: &mut Battle, unit: UnitId) {
        evade::turn_comes(battle, unit);
    }

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

impl ChoiceHooks for PoolHooks {
    /// Evading, while its pool lasts.
    fn flags(&self, battle: &Battle, unit: UnitId) -> Vec<UnitFlag> {
        evade::flag(battle, unit).into_iter().collect()
    }

    /// The evade button.
    fn offers(&self, battle: &Battle, unit: UnitId) -> Offers {
        Offers {
            buttons: vec![evade::offer(battle, unit)],
            ..Offers::default()
        }
    }

    fn command(&self, battle: &mut Battle, own: &dyn OwnCommand) -> Result<(), Rejection> {
        let command = own_command::<PoolCommand>(own)?;
        match *command {
            PoolCommand::Evade { unit } => evade::evade(battle, unit),
        }
    }
}

impl FireHooks for PoolHooks {}

impl AttackHooks for PoolHooks {
    fn blow_will_lose(
        &self,
        battle: &Battle,
        pending: &PendingAttack,
        weapon: &MeleeWeapon,
    ) -> Option<Modifier> {
        evade::will_lose(battle, pending, weapon)
    }

    fn blow_arrives(
        &self,
        battle: &mut Battle,
        pending: &PendingAttack,
        weapon: &MeleeWeapon,
        net: i32,
    ) -> i32 {
        evade::arrives(battle, pending, weapon, net)
    }
}

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
