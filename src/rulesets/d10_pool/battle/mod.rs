//! The d10 pool in the battle: its own code at the engine's stages (injuries in place of hit
//! points, a blast's bands and the dodge of it, a surprise weighed as a contest, evading, the
//! dice budget each roll is made from, its plan of the dice, its sweep of automatic fire, and
//! its dodges of gunfire behind cover and in a sweep).

mod blasts;
pub mod budget;
pub mod commands;
mod dodging_fire;
pub mod evade;
pub mod events;
mod injuries;
pub mod planning;
mod surprise;
pub mod sweep;

use bevy::prelude::*;

use crate::battle::choices::{Offers, OwnFireStyle, UnitFlag};
use crate::battle::command::FireMode;
use crate::battle::command::Rejection;
use crate::battle::fire_plan::FirePlan;
use crate::battle::hooks::{
    AttackHooks, ChoiceHooks, DiceHooks, FireHooks, HarmHooks, HookRulebook, RollFor, Surprise,
    TurnHooks, no_such_fire, own_command,
};
use crate::battle::melee_weapon::MeleeWeapon;
use crate::battle::own::{OwnCommand, OwnFireMode};
use crate::battle::state::Battle;
use crate::battle::{ActionLost, PendingAttack, PendingFire, TurnState, UnitId};
use crate::map::Tile;
use crate::rules::explosions::BlastRing;
use crate::rules::modifiers::Modifier;
use crate::rules::roll::Demand;
use crate::rules::situation::ShotDefence;
use crate::rules::weapons::Weapon;
use crate::rulesets::d10_pool::ID;
use crate::rulesets::d10_pool::budget::PlannedAction;
use commands::PoolCommand;
use sweep::PoolFireMode;

/// The pool's battle plugin: its hooks.
pub fn plugin(app: &mut App) {
    app.hook_rulebook(ID, PoolHooks);
}

/// The pool's code at the engine's stages.
struct PoolHooks;

impl TurnHooks for PoolHooks {
    /// Its whole pool again, nothing planned.
    fn round_begins(&self, battle: &mut Battle, unit: UnitId) {
        budget::round_begins(battle, unit);
    }

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
    /// Once its dice are planned or spent: those made, and one for each part kept for attacks.
    fn attacks_this_turn(&self, battle: &Battle, unit: UnitId) -> Option<u32> {
        budget::attacks_allowed(battle, unit)
    }

    /// Evading, while its pool lasts.
    fn flags(&self, battle: &Battle, unit: UnitId) -> Vec<UnitFlag> {
        evade::flag(battle, unit).into_iter().collect()
    }

    /// Its dice left this round.
    fn card_notes(&self, battle: &Battle, unit: UnitId) -> Vec<String> {
        vec![budget::dice_left_words(battle, unit)]
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
            PoolCommand::PlanDice { unit, ref parts } => planning::plan(battle, unit, parts),
        }
    }
}

impl FireHooks for PoolHooks {
    fn shot_answer(
        &self,
        battle: &Battle,
        fighters: (UnitId, UnitId),
        pending: &PendingFire,
    ) -> Option<ShotDefence> {
        dodging_fire::answer(battle, fighters, pending)
    }

    fn shots_answered(
        &self,
        battle: &mut Battle,
        unit: UnitId,
        defence: ShotDefence,
        made_it: bool,
    ) {
        dodging_fire::answered(battle, unit, defence, made_it);
    }

    fn plan_own_fire(
        &self,
        battle: &Battle,
        unit: UnitId,
        (index, weapon, ready): (usize, Weapon, u32),
        own: &dyn OwnFireMode,
    ) -> Result<FirePlan, Rejection> {
        match own.as_any().downcast_ref::<PoolFireMode>() {
            Some(mode) => sweep::plan(battle, unit, (index, weapon, ready), mode),
            None => Err(no_such_fire(&weapon, own)),
        }
    }

    /// Full auto is swept across an area.
    fn full_auto_refused(&self, weapon: &Weapon) -> Option<Rejection> {
        Some(Rejection::WrongWeapon(format!(
            "the {} fires full auto as a sweep across an area",
            weapon.name
        )))
    }

    fn fire_opened(&self, battle: &mut Battle, unit: UnitId, plan: &FirePlan, asked: &[UnitId]) {
        sweep::opened(battle, unit, plan, asked);
    }

    /// A sweep, for a gun that fires full auto.
    fn fire_styles(&self, weapon: &Weapon) -> Vec<OwnFireStyle> {
        sweep::style(weapon).into_iter().collect()
    }

    fn style_words(&self, style: OwnFireStyle) -> Option<String> {
        sweep::style_words(style)
    }

    fn styled_fire(&self, style: OwnFireStyle, target: UnitId) -> Option<FireMode> {
        PoolFireMode::styled(style, target).map(FireMode::from)
    }
}

impl DiceHooks for PoolHooks {
    fn dice_left(&self, battle: &Battle, unit: UnitId, roll: RollFor) -> Result<(), Rejection> {
        budget::dice_for(battle, unit, budget::planned(roll))
    }

    fn dice_share(&self, battle: &Battle, unit: UnitId, roll: RollFor, demand: Demand) -> Demand {
        budget::with_share(battle, unit, budget::planned(roll), demand)
    }

    fn dice_spent(&self, battle: &mut Battle, unit: UnitId, roll: RollFor) {
        budget::spend(battle, unit, budget::planned(roll));
    }

    fn may_attack(&self, battle: &Battle, unit: UnitId, target: UnitId) -> Result<(), Rejection> {
        budget::dice_for(battle, unit, PlannedAction::Attack)?;
        budget::one_attack_a_target(battle, unit, target)
    }

    /// With its dice planned and no attack kept: what the plan has left.
    fn no_attack_left(&self, battle: &Battle, unit: UnitId, allowed: u32) -> Option<Rejection> {
        let plan = planning::dice_plan(battle, unit).filter(|_| allowed == 0)?;
        Some(budget::no_dice_left(battle, plan))
    }

    fn fire_turn(
        &self,
        battle: &Battle,
        unit: UnitId,
        mode: &FireMode,
    ) -> Result<Option<TurnState>, Rejection> {
        budget::ready_to_fire(battle, unit, mode)
    }

    fn action_lost(&self, battle: &Battle, unit: UnitId) -> Option<ActionLost> {
        budget::action_lost(battle, unit)
    }

    fn rolls_the_whole_pool(&self, battle: &Battle, unit: UnitId) -> bool {
        budget::nothing_planned(battle, unit)
    }
}

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
