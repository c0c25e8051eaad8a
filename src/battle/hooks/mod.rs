//! The stages of a battle a rulebook may hook with code of its own. The engine calls each stage
//! at its place in a turn; a rulebook's battle plugin (in its own folder) puts its
//! [`BattleHooks`] in the app, and every stage it leaves alone does nothing. So the engine never
//! names a rulebook, and a mechanism of one rulebook lives in that rulebook's room.

use std::sync::Arc;

use bevy::prelude::*;

use super::UnitId;
use super::by_rulebook::ByRulebook;
use super::choices::{TurnChoices, UnitFlag};
use super::state::Battle;
use crate::rules::ruleset_id::RulesetId;

mod attack;
mod choices;
mod dice;
mod fire;
mod harm;
mod turn;

pub use attack::AttackHooks;
pub use choices::{ChoiceHooks, own_command};
pub use dice::{DiceHooks, RollFor};
pub use fire::{FireHooks, no_such_fire};
pub use harm::HarmHooks;
pub use turn::{Surprise, TurnCost, TurnHooks};

/// A rulebook's own code at the battle's stages, in six families; each stage's default
/// does nothing, so a rulebook implements the families it hooks and leaves the rest empty.
pub trait BattleHooks:
    TurnHooks + ChoiceHooks + FireHooks + AttackHooks + HarmHooks + DiceHooks + Send + Sync + 'static
{
}

impl<T> BattleHooks for T where
    T: TurnHooks
        + ChoiceHooks
        + FireHooks
        + AttackHooks
        + HarmHooks
        + DiceHooks
        + Send
        + Sync
        + 'static
{
}

/// The code the battle's rulebook runs at the engine's stages.
pub fn of(battle: &Battle) -> Arc<dyn BattleHooks> {
    battle
        .world
        .resource::<RulebookHooks>()
        .of(battle.scenario.ruleset.id())
}

/// The code the battle's rulebook runs at the engine's stages, where a battle is on, for a
/// reader with no `Battle` (the action bar's styles of firing).
pub fn of_world(world: &World) -> Option<Arc<dyn BattleHooks>> {
    let id = world
        .get_resource::<super::ActiveScenario>()?
        .0
        .ruleset
        .id();
    world.get_resource::<RulebookHooks>()?.get(id)
}

/// What the battle's rulebook lets `unit`, whose turn it is, do now beyond the engine's own
/// actions.
pub fn offered(world: &mut World, unit: UnitId) -> TurnChoices {
    let battle = Battle::new(world);
    let hooks = of(&battle);
    TurnChoices {
        offers: hooks.offers(&battle, unit),
        attack_follows_action: hooks.attack_follows_action(&battle, unit),
        second_guns: hooks.second_guns(&battle, unit),
    }
}

/// The flags the battle's rulebook puts on each unit, in the roster's order.
pub fn flagged(world: &mut World) -> Vec<(UnitId, Vec<UnitFlag>)> {
    per_unit(world, |hooks, battle, unit| hooks.flags(battle, unit))
}

/// The lines the battle's rulebook writes on each unit's card, in the roster's order.
pub fn noted(world: &mut World) -> Vec<(UnitId, Vec<String>)> {
    per_unit(world, |hooks, battle, unit| hooks.card_notes(battle, unit))
}

/// What the battle's rulebook says of each unit, asked with `ask`, in the roster's order: the
/// units it says something of.
fn per_unit<T>(
    world: &mut World,
    ask: impl Fn(&dyn BattleHooks, &Battle, UnitId) -> Vec<T>,
) -> Vec<(UnitId, Vec<T>)> {
    let battle = Battle::new(world);
    let hooks = of(&battle);
    battle
        .unit_ids()
        .into_iter()
        .map(|unit| (unit, ask(hooks.as_ref(), &battle, unit)))
        .filter(|(_, said)| !said.is_empty())
        .collect()
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
