//! The d100 house sheet in the battle: its own code at the engine's stages (the bolt action,
//! its own commands, the turn's stance, shares and called shot, missed blows, the quick
//! put-out, and what it offers a unit on its turn). Its harm read off the roll, cherries,
//! knock-down, pinning fire and wrestling still live in the engine until they move here
//! (docs/plans/rulebook-rooms.md).

mod bolt;
mod called;
pub mod commands;
pub mod events;
mod missed_blow;
mod offers;
pub mod shares;
mod stance;
pub mod turn;

use bevy::prelude::*;

use crate::battle::UnitId;
use crate::battle::choices::Offers;
use crate::battle::command::Rejection;
use crate::battle::hooks::{BattleHooks, HookRulebook};
use crate::battle::melee_weapon::MeleeWeapon;
use crate::battle::own::OwnCommand;
use crate::battle::state::Battle;
use crate::rules::roll::{Demand, Verdict};
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

    /// A stance taken first, then the share of a divided skill, then a called shot.
    fn attack_demand(&self, battle: &Battle, unit: UnitId, demand: Demand) -> Demand {
        let demand = stance::on_attack(battle, unit, demand);
        let demand = shares::on_attack(battle, unit, demand);
        called::on_attack(battle, unit, demand)
    }

    /// The next share of a divided skill taken, and a call spent.
    fn attack_made(&self, battle: &mut Battle, unit: UnitId) {
        shares::attack_made(battle, unit);
        called::attack_made(battle, unit);
    }

    fn attack_follows_action(&self, battle: &Battle, unit: UnitId) -> bool {
        stance::attack_follows_stance(battle, unit)
    }

    fn attack_left_over(&self, battle: &Battle, unit: UnitId) -> bool {
        shares::share_left(battle, unit)
    }

    fn attacks_this_turn(&self, battle: &Battle, unit: UnitId) -> Option<u32> {
        battle
            .condition(unit)
            .skill_shares
            .map(|shares| shares.count())
    }

    fn blow_missed(
        &self,
        battle: &mut Battle,
        fighters: (UnitId, UnitId),
        weapon: &MeleeWeapon,
        roll: &Verdict,
    ) {
        missed_blow::missed_blow(battle, fighters, weapon, roll);
    }

    /// The stance, the shares and the call end as the unit's next turn comes.
    fn turn_comes(&self, battle: &mut Battle, unit: UnitId) {
        battle.change_condition(unit, |condition| {
            condition.dodge_stance = None;
            condition.skill_shares = None;
            condition.called_shot = None;
        });
    }

    fn offers(&self, battle: &Battle, unit: UnitId) -> Offers {
        offers::offers(battle, unit)
    }
}
