//! The AI's stages a rulebook may hook with choices of its own: its plugin puts its
//! [`AiHooks`] in the app, and the AI weighs the rulebook's own commands (the house sheet's
//! divided skill, pinning fire, stance, cherries and called shots) there, never naming the
//! rulebook. A rulebook with none plays by the planner alone.

use std::sync::Arc;

use bevy::prelude::*;

use super::Seen;
use super::Style;
use crate::battle::answer::AiAnswer;
use crate::battle::by_rulebook::ByRulebook;
use crate::battle::command::{Command, FireMode};
use crate::battle::own::OwnFireMode;
use crate::battle::ranged::RollPreview;
use crate::battle::threat::Threat;
use crate::battle::{Arsenal, Flow, PendingAttack, TurnState, UnitId};
use crate::map::scenario::Scenario;
use crate::rules::ruleset_id::RulesetId;
use crate::rules::weapons::Weapon;

/// A rulebook's own choices at the AI's stages, made for the levels (never the baseline, but
/// where a stage says); each stage's default keeps what the planner chose.
pub trait AiHooks: Send + Sync + 'static {
    /// In place of `planned`, the planner's command for `turn`: a command of the rulebook's
    /// own mechanisms, where one is worth more; `None` keeps the plan.
    fn instead(
        &self,
        _world: &mut World,
        _scenario: &Scenario,
        (_seen, _turn): (&[Seen], &TurnState),
        _planned: &Command,
    ) -> Option<Command> {
        None
    }

    /// Before `command` is given: a command of the rulebook's own to give first, where it
    /// pays; `None` gives `command` as it is.
    fn first(
        &self,
        _world: &mut World,
        _scenario: &Scenario,
        _command: &Command,
    ) -> Option<Command> {
        None
    }

    /// With its action still to take, before the planner weighs its blows: a command of the
    /// rulebook's own for a unit the enemies can reach hand to hand (the d10 pool's evade);
    /// `None` leaves it to the planner.
    fn outnumbered(
        &self,
        _world: &mut World,
        _scenario: &Scenario,
        _outnumbered: &Outnumbered<'_>,
    ) -> Option<Command> {
        None
    }

    /// The answer of a defender that weighs its odds (never the baseline's) to `pending`, as
    /// `threat` has it, where the rulebook weighs a choice of its own beside (the d10 pool's
    /// dice kept for the defender's turn); `None` leaves it to the AI's weighing.
    fn weighed_answer(
        &self,
        _world: &mut World,
        _scenario: &Scenario,
        _pending: &PendingAttack,
        _threat: &Threat,
    ) -> Option<AiAnswer> {
        None
    }

    /// The rulebook's own ways of `unit` firing `weapon` at `enemy` (wearing `armor`) worth
    /// weighing beside the engine's (BRP's both barrels, where together they would drop it and
    /// one would not), for the levels that weigh volleys: none by default.
    fn fire_modes(
        &self,
        _scenario: &Scenario,
        (_unit, _weapon): (UnitId, &Weapon),
        (_enemy, _armor): (&Seen, u32),
    ) -> Vec<OwnFireChoice> {
        Vec::new()
    }

    /// What fire of the rulebook's own (`mode`, one of its `fire_modes`; `rolls` its preview)
    /// is worth to `side`: the bullets it counts as spending and the harm it does by `harm` (of
    /// the rolls' chances and bullets, a unit's hit points and armor); `None` weighs it as any
    /// fire (its bullets, its harm to the target) (the d10 pool's sweep harms everyone in it).
    fn fire_worth(
        &self,
        _scenario: &Scenario,
        (_seen, _side): (&[Seen], usize),
        _mode: &dyn OwnFireMode,
        _rolls: &[RollPreview],
        _harm: &dyn Fn(&[(f64, u32)], u32, u32) -> f64,
    ) -> Option<(u32, f64)> {
        None
    }

    /// In a unit's declaration slot (`slot`): what it declares there (BRP's parry named, the
    /// western's whole round), for every AI, the baseline too; `None` lets the slot go by.
    fn declaration_slot(&self, _world: &mut World, _slot: &DeclarationSlot<'_>) -> Option<Command> {
        None
    }

    /// On a whole turn (`turn`, with `arsenal`), `planned` as the rulebook's own state binds the
    /// unit (the western's declaration: what it allows, or what it declared in its place), for
    /// every AI, the baseline too; `None` keeps the plan.
    fn bound_turn(
        &self,
        _world: &mut World,
        _scenario: &Scenario,
        (_seen, _turn, _arsenal): (&[Seen], &TurnState, &Arsenal),
        _planned: &Command,
    ) -> Option<Command> {
        None
    }
}

/// A way of firing of the rulebook's own for the AI to weigh: the fire, and whether it is
/// weighed only where every roll of it is near (within the weapon's base range).
pub struct OwnFireChoice {
    pub mode: FireMode,
    pub near_only: bool,
}

/// A unit's declaration slot as the AI's door shows it to a rulebook: the scenario, what the
/// unit sees, the unit, its arsenal and style, and (`fresh_plan`, `planned_throw`) its turn
/// planned as if it acted now.
pub struct DeclarationSlot<'a> {
    pub scenario: &'a Scenario,
    pub seen: &'a [Seen],
    pub unit: UnitId,
    pub arsenal: &'a Arsenal,
    pub style: Style,
    /// Whether the unit has taken no harm (an unhurt unit waiting in ambush stays hidden).
    pub(super) unhurt: bool,
    pub(super) round: u32,
}

/// A unit with its action still to take, as the planner sees it before it weighs its blows:
/// how careful it is, whether its turn is untouched (nothing moved, no action), and how many
/// enemies can strike it hand to hand this round, only those still to act where the round's
/// flow is given (counted only when asked: most rulebooks never ask).
pub struct Outnumbered<'a> {
    pub unit: UnitId,
    pub caution: f64,
    pub untouched: bool,
    pub strikers: &'a dyn Fn(Option<&Flow>) -> usize,
}

/// Each rulebook's AI choices, by the rulebook, as their plugins put them in.
pub type RulebookAi = ByRulebook<dyn AiHooks>;

/// The AI choices of `scenario`'s rulebook, where it has any.
pub(super) fn of(world: &World, scenario: &Scenario) -> Option<Arc<dyn AiHooks>> {
    world
        .get_resource::<RulebookAi>()?
        .get(scenario.ruleset.id())
}

/// Putting a rulebook's AI choices in the app, from its plugin.
pub trait HookAi {
    fn hook_ai(&mut self, id: RulesetId, hooks: impl AiHooks) -> &mut Self;
}

impl HookAi for App {
    fn hook_ai(&mut self, id: RulesetId, hooks: impl AiHooks) -> &mut Self {
        RulebookAi::put_in(self, id, Arc::new(hooks));
        self
    }
}
