//! The frontier western in the battle: its own code at the engine's stages (its declared round,
//! its quick draws and holding fire, its specific shots and blows, and getting over one: rising
//! from a trip, and breaking a restrain; the pain of a wound, bleeding and wounds located), with
//! its part of a unit's state (`FrontierCondition`) and the round's declarations
//! (`Declarations`).

pub mod commands;
pub mod condition;
pub mod declaration;
pub mod declaring;
pub mod events;
mod material;
mod pain;
pub mod quick_draw;
mod recovering;
mod specifics;

use bevy::prelude::*;

use crate::battle::choices::Binding;
use crate::battle::command::{Command, FireMode, Rejection, WeaponChoice};
use crate::battle::fire_plan::{FireOutOfTurn, FirePlan};
use crate::battle::hooks::{
    AttackHooks, ChoiceHooks, DiceHooks, FireHooks, HarmHooks, HookRulebook, TurnCost, TurnHooks,
    own_command,
};
use crate::battle::own::OwnCommand;
use crate::battle::scope::BattleScoped;
use crate::battle::state::Battle;
use crate::battle::{PendingAttack, TurnState, UnitId};
use crate::map::Tile;
use crate::rules::characteristics::MoveAllowance;
use crate::rules::melee::SpecificBlow;
use crate::rules::situation::ShotFacts;
use crate::rules::weapons::Weapon;
use crate::rulesets::frontier::ID;
use commands::FrontierCommand;

/// The western's battle plugin: its hooks.
pub fn plugin(app: &mut App) {
    app.hook_rulebook(ID, FrontierHooks)
        .battle_record::<declaring::Declarations>();
}

/// The western's code at the engine's stages.
struct FrontierHooks;

impl TurnHooks for FrontierHooks {
    fn weapon_readied(&self, battle: &mut Battle, unit: UnitId, weapon: WeaponChoice) {
        quick_draw::readied(battle, unit, weapon);
    }

    fn turn_begins(&self, battle: &mut Battle, unit: UnitId) -> TurnCost {
        pain::at_turn(battle, unit)
    }

    fn round_ends(&self, battle: &mut Battle) {
        pain::locate_and_bleed(battle);
    }

    fn rises(&self, battle: &mut Battle, unit: UnitId) -> bool {
        recovering::rise(battle, unit)
    }

    fn stumbled(&self, battle: &mut Battle, unit: UnitId) {
        recovering::free_blows(battle, unit);
    }

    fn turn_ends(&self, battle: &mut Battle, turn: &TurnState) {
        declaring::lose_undone(battle, turn);
    }
}

impl ChoiceHooks for FrontierHooks {
    fn binding(&self, battle: &Battle, unit: UnitId) -> Option<Binding> {
        Some(declaring::binding(battle, unit))
    }

    fn command_bound(
        &self,
        battle: &Battle,
        turn: &TurnState,
        command: &Command,
    ) -> Result<(), Rejection> {
        declaring::binds(battle, turn, command)
    }

    fn moves(&self, battle: &Battle, unit: UnitId, own: MoveAllowance) -> MoveAllowance {
        declaring::moves(battle, unit, own)
    }

    fn stays(&self, battle: &Battle, unit: UnitId) -> bool {
        declaring::stays(battle, unit)
    }

    fn command(&self, battle: &mut Battle, own: &dyn OwnCommand) -> Result<(), Rejection> {
        let FrontierCommand::Declare { unit, declaration } = *own_command(own)?;
        declaring::declare(battle, unit, declaration)
    }
}

impl FireHooks for FrontierHooks {
    fn fire_rival(&self, battle: &Battle, unit: UnitId, mode: &FireMode) -> Option<FireOutOfTurn> {
        quick_draw::rival(battle, unit, mode)
    }

    fn fire_contested(
        &self,
        battle: &mut Battle,
        shooter: (UnitId, WeaponChoice),
        mode: &FireMode,
        rival: &FireOutOfTurn,
        plan: FirePlan,
    ) -> Option<FirePlan> {
        quick_draw::draw_against(battle, shooter, mode, rival, plan)
    }

    fn fire_done(&self, battle: &mut Battle, unit: UnitId, (_, mode): (WeaponChoice, &FireMode)) {
        quick_draw::fire_back(battle, unit, mode);
    }

    fn fires_through_cover(&self, battle: &Battle, shooter: UnitId, target: UnitId) -> bool {
        declaring::through_cover(battle, shooter, target)
    }

    /// What its declaration makes of the shot, and a gun drawn this round.
    fn shot_facts(&self, battle: &Battle, fighters: (UnitId, UnitId), facts: &mut ShotFacts) {
        declaring::shot_facts(battle, fighters, facts);
        facts.drew_this_round = quick_draw::drew_this_round(battle, fighters.0);
    }

    fn hit_doubled(&self, battle: &Battle, fighters: (UnitId, UnitId)) -> bool {
        specifics::doubled(battle, fighters)
    }

    fn shot_landed(
        &self,
        battle: &mut Battle,
        fighters: (UnitId, UnitId),
        _weapon: &Weapon,
        deliberate: bool,
    ) {
        if deliberate {
            specifics::shot_landed(battle, fighters);
        }
    }
}

impl AttackHooks for FrontierHooks {
    fn specific_blow(&self, battle: &Battle, pending: &PendingAttack) -> Option<SpecificBlow> {
        declaring::declared_blow(battle, pending)
    }

    fn blow_instead(&self, battle: &mut Battle, pending: &PendingAttack) -> bool {
        specifics::blow_instead(battle, pending)
    }

    fn break_free(&self, battle: &mut Battle, unit: UnitId, holder: UnitId) {
        recovering::try_to_break_free(battle, unit, holder);
    }

    fn break_free_chance(&self, battle: &Battle, unit: UnitId) -> f64 {
        recovering::break_free_chance(battle, unit)
    }
}

impl DiceHooks for FrontierHooks {}

impl HarmHooks for FrontierHooks {
    fn wounded(
        &self,
        battle: &mut Battle,
        unit: UnitId,
        wound: (u32, bool),
        located: Option<&str>,
    ) {
        pain::wounded(battle, unit, wound, located);
    }

    fn tended(&self, battle: &mut Battle, by: UnitId, patient: UnitId) -> bool {
        pain::tended(battle, by, patient)
    }

    fn through_cover(&self, battle: &mut Battle, target: UnitId, cover: Tile) -> Option<u32> {
        material::stops(battle, target, cover)
    }
}
