//! The d100 house sheet in the battle: its own code at the engine's stages (the bolt action and
//! what it offers a unit on its turn so far; its other mechanisms still live in the engine, docs/plans/rulebook-rooms.md).

mod bolt;
pub mod commands;
pub mod events;
mod offers;

use bevy::prelude::*;

use crate::battle::UnitId;
use crate::battle::choices::Offers;
use crate::battle::command::Rejection;
use crate::battle::hooks::{BattleHooks, HookRulebook};
use crate::battle::own::OwnCommand;
use crate::battle::state::Battle;
use crate::rules::ruleset::RulesetId;
use crate::rules::weapons::Weapon;
use commands::HouseCommand;

/// The house sheet's battle plugin: its hooks.
pub fn plugin(app: &mut App) {
    app.hook_rulebook(RulesetId::D100House, HouseHooks);
}

/// The house sheet's code at the engine's stages.
struct HouseHooks;

impl BattleHooks for HouseHooks {
    fn may_fire(
        &self,
        battle: &Battle,
        unit: UnitId,
        weapon: &Weapon,
        shots: u32,
    ) -> Result<(), Rejection> {
        bolt::within_the_round(battle, unit, weapon, shots)
    }

    fn shots_go_off(
        &self,
        battle: &mut Battle,
        unit: UnitId,
        weapon: &Weapon,
        fired: (u32, u32),
    ) -> bool {
        bolt::worked(battle, unit, weapon, fired)
    }

    fn command(&self, battle: &mut Battle, own: &dyn OwnCommand) -> Result<(), Rejection> {
        let Some(command) = own.as_any().downcast_ref::<HouseCommand>() else {
            return Err(Rejection::NoSuchCommand(format!("{own:?}")));
        };
        commands::carry_out(battle, command)
    }

    fn offers(&self, battle: &Battle, unit: UnitId) -> Offers {
        offers::offers(battle, unit)
    }
}
