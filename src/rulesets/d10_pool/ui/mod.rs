//! The d10 pool on the screen: its dice budget's own controls in the panels (the split drawn up
//! on a unit's turn, the dice a defender keeps for its turn), read from the battle whenever it
//! moves on or the dice kept change, through the engine's door for a rulebook's panel
//! (`ui::panels`).

mod dice_plan;

use bevy::prelude::*;
use bevy_egui::egui;

use crate::battle::answer::blow_answers_open;
use crate::battle::command::{Answer, Command};
use crate::battle::hooks::RollFor;
use crate::battle::scope::{BattleMoment, moment};
use crate::battle::threat::AnswerOdds;
use crate::battle::{Flow, TurnState, UnitId};
use crate::rulesets::d10_pool::ID;
use crate::rulesets::d10_pool::battle::budget::{odds_keeping, plan_of, planned, pools_of};
use crate::rulesets::d10_pool::budget::{PlanPart, PlanPools, PlannedAction};
use crate::schedule::AppSystems;
use crate::ui::panels::{HookPanel, PanelState, RulebookPanel, scenario_of};

/// The pool's UI plugin: its panel controls, and the system that reads the battle for them.
pub fn plugin(app: &mut App) {
    app.hook_panel(ID, PoolPanel)
        .add_systems(Update, read_dice.in_set(AppSystems::Present));
}

/// What the pool's controls show and keep between frames: the pools of the unit whose decision
/// it is (the defender waiting, else the unit acting) while it has yet to plan or roll its
/// dice, whether that defender may dodge and defend with its weapon and has its turn still to
/// come, the dice it keeps for that turn and the odds so, and the split drawn up.
#[derive(Debug, Clone, PartialEq)]
struct DicePanel {
    pools: Option<(UnitId, PlanPools)>,
    defences_open: (bool, bool),
    turn_to_come: bool,
    keep: u32,
    kept_odds: Option<AnswerOdds>,
    draft: Vec<PlanPart>,
    /// The rulebook's word for a defence with the weapon ("clash").
    weapon_defence: &'static str,
}

impl Default for DicePanel {
    fn default() -> Self {
        Self {
            pools: None,
            defences_open: (false, false),
            turn_to_come: false,
            keep: 0,
            kept_odds: None,
            draft: Vec::new(),
            weapon_defence: "fight back",
        }
    }
}

/// The pool's controls at the panels' places.
struct PoolPanel;

impl RulebookPanel for PoolPanel {
    fn turn_controls(
        &self,
        ui: &mut egui::Ui,
        state: &mut PanelState,
        unit: UnitId,
        turn: &TurnState,
    ) -> Option<Command> {
        dice_plan::split_controls(ui, state.get_mut::<DicePanel>()?, unit, turn)
    }

    fn defence_controls(&self, ui: &mut egui::Ui, state: &mut PanelState, defender: UnitId) {
        if let Some(panel) = state.get_mut::<DicePanel>() {
            dice_plan::keep_choice(ui, panel, defender);
        }
    }

    fn answer_odds(&self, state: &PanelState, _defender: UnitId) -> Option<AnswerOdds> {
        state.get::<DicePanel>()?.kept_odds.clone()
    }

    fn answer_value(&self, state: &PanelState, defender: UnitId, answer: Answer) -> Option<u32> {
        dice_plan::defence_dice(state.get::<DicePanel>()?, defender, defence(answer)?)
    }

    fn before_answer(
        &self,
        state: &mut PanelState,
        defender: UnitId,
        answer: Answer,
    ) -> Option<Command> {
        let panel = state.get_mut::<DicePanel>()?;
        let plan = defence(answer).and_then(|defence| dice_plan::defend(panel, defender, defence));
        panel.keep = 0;
        panel.kept_odds = None;
        plan
    }
}

/// The part of a plan an answer is rolled with: a dodge's, or a defence with the weapon's.
fn defence(answer: Answer) -> Option<PlannedAction> {
    RollFor::answering(answer).map(planned)
}

/// Read the battle into the panel's state where the battle is the pool's and has moved on, or
/// the dice kept have changed: another unit deciding starts with nothing kept and no split
/// drawn up.
fn read_dice(world: &mut World, mut last: Local<Option<(BattleMoment, u32)>>) {
    let Some(scenario) = scenario_of(world, ID) else {
        return;
    };
    let keep = world
        .get_resource_mut::<PanelState>()
        .map_or(0, |mut state| state.of::<DicePanel>().keep);
    let key = (moment(world), keep);
    if *last == Some(key) {
        return;
    }
    *last = Some(key);
    // The unit deciding: the defender waiting (and whether its turn is still to come), else
    // the unit acting.
    let (deciding, turn_to_come) = world.get_resource::<Flow>().map_or((None, false), |flow| {
        match flow.pending().map(|pending| pending.target) {
            Some(defender) => (Some(defender), flow.turn_to_come(defender)),
            None => (flow.acting(), false),
        }
    });
    let pools = deciding
        .filter(|unit| plan_of(world, *unit).is_none())
        .and_then(|unit| Some((unit, pools_of(world, unit)?)));
    let defences_open = blow_answers_open(world).unwrap_or_default();
    let kept_odds = (keep > 0).then(|| odds_keeping(world, keep)).flatten();
    let weapon_defence = scenario.ruleset.words().weapon_defence().answer;
    let Some(mut state) = world.get_resource_mut::<PanelState>() else {
        return;
    };
    let panel = state.of::<DicePanel>();
    if panel.pools.map(|(unit, _)| unit) != pools.map(|(unit, _)| unit) {
        panel.keep = 0;
        panel.draft.clear();
    }
    *panel = DicePanel {
        pools,
        defences_open,
        turn_to_come,
        kept_odds: kept_odds.filter(|_| panel.keep > 0),
        weapon_defence,
        ..panel.clone()
    };
}
