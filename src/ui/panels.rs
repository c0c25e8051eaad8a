//! A rulebook's own controls in the overlay's panels (the d10 pool's split of its dice on the
//! action bar, and the dice a defender keeps for its turn in the defence window): its UI plugin
//! (in its own folder, `rulesets/<rulebook>/ui/`) puts its [`RulebookPanel`] in the app and
//! reads the battle into a state of its own, kept in the one [`PanelState`]; the panels call it
//! at their places, never naming the rulebook.

use std::any::Any;
use std::sync::Arc;

use bevy::prelude::*;
use bevy_egui::egui;

use crate::battle::by_rulebook::ByRulebook;
use crate::battle::command::{Answer, Command};
use crate::battle::threat::AnswerOdds;
use crate::battle::{ActiveScenario, TurnState, UnitId};
use crate::map::scenario::Scenario;
use crate::rules::ruleset_id::RulesetId;

/// A rulebook's own controls at the panels' places; each draws nothing by default.
pub trait RulebookPanel: Send + Sync + 'static {
    /// On the action bar, below the engine's buttons, for `unit`, whose turn (`turn`) it is
    /// (in a declaration slot, in their place, where it `declares_the_round`): the rulebook's
    /// controls, and the command one of them gives.
    fn turn_controls(
        &self,
        _ui: &mut egui::Ui,
        _state: &mut PanelState,
        _unit: UnitId,
        _turn: &TurnState,
    ) -> Option<Command> {
        None
    }

    /// Whether its `turn_controls` draw the unit's declaration in a declaration slot (the
    /// western's form for the round); no by default, and the slot shows the rulebook's offers.
    fn declares_the_round(&self) -> bool {
        false
    }

    /// In the defence window, above the answers to a blow waiting for `defender`'s answer.
    fn defence_controls(&self, _ui: &mut egui::Ui, _state: &mut PanelState, _defender: UnitId) {}

    /// The odds of `defender`'s answers as the rulebook's controls have them now (the dice it
    /// keeps for its turn); `None`: the battle's own.
    fn answer_odds(&self, _state: &PanelState, _defender: UnitId) -> Option<AnswerOdds> {
        None
    }

    /// The value `defender` rolls `answer` at as the rulebook's controls have it (the dice a
    /// defence keeping some for the turn rolls); `None`: its skill.
    fn answer_value(&self, _state: &PanelState, _defender: UnitId, _answer: Answer) -> Option<u32> {
        None
    }

    /// As `defender` gives `answer`: the rulebook's own command to give first (the plan that
    /// keeps dice for its turn), its controls reset.
    fn before_answer(
        &self,
        _state: &mut PanelState,
        _defender: UnitId,
        _answer: Answer,
    ) -> Option<Command> {
        None
    }
}

/// The battle's scenario, where its rulebook is `id`: what a rulebook's system reading the
/// battle for its controls reads first.
pub fn scenario_of(world: &World, id: RulesetId) -> Option<Arc<Scenario>> {
    world
        .get_resource::<ActiveScenario>()
        .map(|active| active.0.clone())
        .filter(|scenario| scenario.ruleset.id() == id)
}

/// Each rulebook's panel controls, by the rulebook, as their UI plugins put them in.
pub type RulebookPanels = ByRulebook<dyn RulebookPanel>;

/// Putting a rulebook's panel controls in the app, from its UI plugin.
pub trait HookPanel {
    fn hook_panel(&mut self, id: RulesetId, panel: impl RulebookPanel) -> &mut Self;
}

impl HookPanel for App {
    fn hook_panel(&mut self, id: RulesetId, panel: impl RulebookPanel) -> &mut Self {
        RulebookPanels::put_in(self, id, Arc::new(panel));
        self
    }
}

/// The state of the battle's rulebook's own controls, as its systems read it from the battle
/// and its controls change it: one slot, of the rulebook's own type.
#[derive(Resource, Default)]
pub struct PanelState(Option<Box<dyn Any + Send + Sync>>);

impl PanelState {
    /// The state, where it is of type `T`.
    pub fn get<T: Any>(&self) -> Option<&T> {
        self.0.as_ref()?.downcast_ref()
    }

    /// The state to change, where it is of type `T`.
    pub fn get_mut<T: Any>(&mut self) -> Option<&mut T> {
        self.0.as_mut()?.downcast_mut()
    }

    /// The state of type `T`, put in (as `T`'s default) where the slot held another.
    pub fn of<T: Any + Send + Sync + Default>(&mut self) -> &mut T {
        if self.get::<T>().is_none() {
            self.0 = Some(Box::new(T::default()));
        }
        self.get_mut::<T>()
            .unwrap_or_else(|| unreachable!("the slot was just filled with a T"))
    }
}
