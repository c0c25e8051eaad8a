//! The stages of a battle a rulebook may hook with code of its own. The engine calls each stage
//! at its place in a turn; a rulebook's battle plugin (in its own folder) puts its
//! [`BattleHooks`] in the app, and every stage it leaves alone does nothing. So the engine never
//! names a rulebook, and a mechanism of one rulebook lives in that rulebook's room.

use std::sync::Arc;

use bevy::prelude::*;

use super::UnitId;
use super::choices::{Offers, TurnChoices};
use super::command::Rejection;
use super::melee_weapon::MeleeWeapon;
use super::own::OwnCommand;
use super::state::Battle;
use crate::rules::roll::{Demand, Verdict};
use crate::rules::ruleset::RulesetId;
use crate::rules::weapons::Weapon;

/// A rulebook's own code at the battle's stages; each stage's default does nothing.
pub trait BattleHooks: Send + Sync + 'static {
    /// Before any shot is planned: whether `unit` may fire `shots` more from `weapon` this
    /// round (the d100 house sheet's bolt action: at most two a round).
    fn may_fire(
        &self,
        _battle: &Battle,
        _unit: UnitId,
        _weapon: &Weapon,
        _shots: u32,
    ) -> Result<(), Rejection> {
        Ok(())
    }

    /// As `shots` go off from `weapon`, `before` having gone off this round: whether they do
    /// (the house's bolt worked in time); `false` loses them, the attack spent, after the
    /// rulebook has said why in an event.
    fn shots_go_off(
        &self,
        _battle: &mut Battle,
        _unit: UnitId,
        _weapon: &Weapon,
        (_before, _shots): (u32, u32),
    ) -> bool {
        true
    }

    /// An attack's demand (a blow's, or each roll of a trigger pull), with what the rulebook's
    /// own state of `unit` puts on it (the house sheet: a stance taken first, the share of a
    /// divided skill, a called shot).
    fn attack_demand(&self, _battle: &Battle, _unit: UnitId, demand: Demand) -> Demand {
        demand
    }

    /// `unit`'s attack (a blow, a pull of the trigger, a maneuver) has made its rolls.
    fn attack_made(&self, _battle: &mut Battle, _unit: UnitId) {}

    /// Whether `unit`'s action, spent this turn, went on something an attack may still follow
    /// (the house sheet's stance taken first).
    fn attack_follows_action(&self, _battle: &Battle, _unit: UnitId) -> bool {
        false
    }

    /// Whether `unit` has an attack of the rulebook's own left this turn beyond its action
    /// (a share of the house sheet's divided skill).
    fn attack_left_over(&self, _battle: &Battle, _unit: UnitId) -> bool {
        false
    }

    /// How many attacks `unit`'s turn allows, where the rulebook's own state says (as many as
    /// the house sheet's shares); `None` leaves the count to the engine.
    fn attacks_this_turn(&self, _battle: &Battle, _unit: UnitId) -> Option<u32> {
        None
    }

    /// `attacker`'s blow at `defender` with `weapon` (struck, not thrown) failed with `roll`,
    /// nobody harmed: what it still does (the house sheet's graze, backlash and fumble).
    fn blow_missed(
        &self,
        _battle: &mut Battle,
        _fighters: (UnitId, UnitId),
        _weapon: &MeleeWeapon,
        _roll: &Verdict,
    ) {
    }

    /// As `unit`'s turn comes, what of the rulebook's own lasted until then ends.
    fn turn_comes(&self, _battle: &mut Battle, _unit: UnitId) {}

    /// What the rulebook offers `unit`, whose turn it is, beyond the engine's own actions
    /// (`choices.rs`): none by default.
    fn offers(&self, _battle: &Battle, _unit: UnitId) -> Offers {
        Offers::default()
    }

    /// A command of the rulebook's own (`own`, which it reads as its own type): carried out,
    /// or refused with the battle as it was. One it does not know is refused.
    fn command(&self, _battle: &mut Battle, own: &dyn OwnCommand) -> Result<(), Rejection> {
        Err(Rejection::NoSuchCommand(format!("{own:?}")))
    }
}

/// The code the battle's rulebook runs at the engine's stages.
pub fn of(battle: &Battle) -> Arc<dyn BattleHooks> {
    battle
        .world
        .resource::<RulebookHooks>()
        .of(battle.scenario.ruleset.id())
}

/// What the battle's rulebook lets `unit`, whose turn it is, do now beyond the engine's own
/// actions.
pub fn offered(world: &mut World, unit: UnitId) -> TurnChoices {
    let battle = Battle::new(world);
    let hooks = of(&battle);
    TurnChoices {
        offers: hooks.offers(&battle, unit),
        attack_follows_action: hooks.attack_follows_action(&battle, unit),
    }
}

/// A rulebook with no code of its own at any stage.
#[derive(Debug, Clone, Copy, Default)]
pub struct Unhooked;

impl BattleHooks for Unhooked {}

/// Each rulebook's code of one kind (`T`: its battle hooks, its AI's), by the rulebook, as
/// their plugins put it in.
#[derive(Resource)]
pub struct ByRulebook<T: ?Sized + Send + Sync + 'static>(Vec<(RulesetId, Arc<T>)>);

impl<T: ?Sized + Send + Sync + 'static> Default for ByRulebook<T> {
    fn default() -> Self {
        Self(Vec::new())
    }
}

impl<T: ?Sized + Send + Sync + 'static> Clone for ByRulebook<T> {
    fn clone(&self) -> Self {
        Self(self.0.clone())
    }
}

impl<T: ?Sized + Send + Sync + 'static> ByRulebook<T> {
    /// Rulebook `id`'s, where its plugin put one in.
    pub fn get(&self, id: RulesetId) -> Option<Arc<T>> {
        self.0
            .iter()
            .find(|(rulebook, _)| *rulebook == id)
            .map(|(_, code)| code.clone())
    }

    /// Puts in rulebook `id`'s, in place of any it had.
    pub fn put(&mut self, id: RulesetId, code: Arc<T>) {
        self.0.retain(|(rulebook, _)| *rulebook != id);
        self.0.push((id, code));
    }

    /// Puts rulebook `id`'s in `app`, from its plugin.
    pub fn put_in(app: &mut App, id: RulesetId, code: Arc<T>) {
        app.world_mut().get_resource_or_init::<Self>().put(id, code);
    }
}

/// Each rulebook's hooks, by the rulebook, as their plugins put them in.
pub type RulebookHooks = ByRulebook<dyn BattleHooks>;

impl RulebookHooks {
    /// The hooks of rulebook `id`. A battle of a rulebook whose plugin is not in the app is a
    /// mistake in building the app, never in a file: it stops here, as a missing resource does.
    pub fn of(&self, id: RulesetId) -> Arc<dyn BattleHooks> {
        self.get(id)
            .unwrap_or_else(|| panic!("no battle plugin of the {id:?} rulebook in this app"))
    }
}

/// Putting a rulebook's hooks in the app, from its battle plugin.
pub trait HookRulebook {
    fn hook_rulebook(&mut self, id: RulesetId, hooks: impl BattleHooks) -> &mut Self;
}

impl HookRulebook for App {
    fn hook_rulebook(&mut self, id: RulesetId, hooks: impl BattleHooks) -> &mut Self {
        RulebookHooks::put_in(self, id, Arc::new(hooks));
        self
    }
}
