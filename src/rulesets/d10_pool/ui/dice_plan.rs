//! The pool's dice budget on the screen: the split drawn up on a unit's turn, and the dice a
//! defender keeps for its turn when it is attacked before it, drawn from the panel's state
//! (`mod.rs`).

use bevy_egui::egui;

use super::DicePanel;
use crate::battle::command::Command;
use crate::battle::{TurnState, UnitId};
use crate::rulesets::d10_pool::battle::commands::PoolCommand;
use crate::rulesets::d10_pool::budget::PlanPools;
use crate::rulesets::d10_pool::budget::{DicePlan, LEAST_PART, PlanPart, PlannedAction};

/// The colour of a plan that cannot be made, and why.
const PROBLEM: egui::Color32 = egui::Color32::from_rgb(240, 150, 120);

/// The pools of `unit`, where the rulebook keeps a dice budget, the unit is the one deciding
/// and it has yet to plan or roll its dice this round.
fn pools_of(panel: &DicePanel, unit: UnitId) -> Option<PlanPools> {
    panel
        .pools
        .filter(|(deciding, _)| *deciding == unit)
        .map(|(_, pools)| pools)
}

/// The actions a part may be kept for, as the unit's pools allow.
fn actions(pools: &PlanPools) -> Vec<PlannedAction> {
    let mut actions = vec![
        PlannedAction::Attack,
        PlannedAction::Dodge,
        PlannedAction::WeaponDefence,
    ];
    if pools.evade.is_some() {
        actions.push(PlannedAction::Evade);
    }
    actions
}

/// On the unit's turn, before it has rolled anything this round: split its dice among the
/// actions it plans (each part a row: what it is for and its dice), or roll the whole pool on
/// one action by doing nothing here. The plan, once asked for.
pub(super) fn split_controls(
    ui: &mut egui::Ui,
    panel: &mut DicePanel,
    unit: UnitId,
    turn: &TurnState,
) -> Option<Command> {
    let pools = pools_of(panel, unit)?;
    if turn.action_used || turn.action_forfeited() {
        return None;
    }
    let weapon_defence = panel.weapon_defence;
    if panel.draft.is_empty() {
        let budget = pools.keeping_budget(PlannedAction::Dodge);
        panel.draft = vec![
            PlanPart::new(PlannedAction::Attack, budget.div_ceil(2).max(LEAST_PART)),
            PlanPart::new(PlannedAction::Dodge, (budget / 2).max(LEAST_PART)),
        ];
    }
    let mut planned = None;
    egui::CollapsingHeader::new("Split the dice…")
        .id_salt("split-dice")
        .show(ui, |ui| {
            ui.small(
                "Without a split, the first roll of the round takes the whole pool and \
                 leaves nothing to defend with.",
            );
            let mut draft = panel.draft.clone();
            let mut removed = None;
            for (index, part) in draft.iter_mut().enumerate() {
                ui.horizontal(|ui| {
                    egui::ComboBox::from_id_salt(("plan-part", index))
                        .selected_text(part.action.words(weapon_defence))
                        .show_ui(ui, |ui| {
                            for action in actions(&pools) {
                                ui.selectable_value(
                                    &mut part.action,
                                    action,
                                    format!(
                                        "{} (pool {})",
                                        action.words(weapon_defence),
                                        pools.of(action)
                                    ),
                                );
                            }
                        });
                    if ui.small_button("−").clicked() {
                        part.dice = part.dice.saturating_sub(1).max(LEAST_PART);
                    }
                    ui.monospace(format!("{:>2}", part.dice));
                    if ui.small_button("+").clicked() {
                        part.dice += 1;
                    }
                    if ui
                        .small_button("drop")
                        .on_hover_text("Drop this part")
                        .clicked()
                    {
                        removed = Some(index);
                    }
                });
            }
            if let Some(index) = removed {
                draft.remove(index);
            }
            if ui.small_button("+ part").clicked() {
                draft.push(PlanPart::new(PlannedAction::Dodge, LEAST_PART));
            }
            let budget = pools.budget(&draft);
            ui.small(format!(
                "Budget {budget}: the smallest pool among the actions named"
            ));
            let committed = pools.committed
                && draft
                    .iter()
                    .any(|part| part.action == PlannedAction::Attack);
            match DicePlan::split(&draft, budget) {
                _ if committed => {
                    ui.colored_label(
                        PROBLEM,
                        "The weapon in hand is committed: it takes the whole budget",
                    );
                }
                Ok(_) => {
                    if ui.button("Plan these dice").clicked() {
                        planned = Some(
                            PoolCommand::PlanDice {
                                unit,
                                parts: draft.clone(),
                            }
                            .into(),
                        );
                    }
                }
                Err(problem) => {
                    ui.colored_label(PROBLEM, problem.to_string());
                }
            }
            panel.draft = draft;
        });
    planned
}

/// The dice a defender attacked before its turn may keep for it: none (the defence rolls the
/// whole pool) or a part of at least two, as the budget of the defence and its attack allows.
/// Picking one recomputes the odds shown.
pub(super) fn keep_choice(ui: &mut egui::Ui, panel: &mut DicePanel, defender: UnitId) {
    let Some(pools) = pools_of(panel, defender) else {
        return;
    };
    if !panel.turn_to_come || pools.committed {
        return;
    }
    // The most a defence open to it can spare: its budget with the attack, less a part.
    let (may_dodge, may_fight) = panel.defences_open;
    let budget = [
        (may_dodge, PlannedAction::Dodge),
        (may_fight, PlannedAction::WeaponDefence),
    ]
    .into_iter()
    .filter(|(open, _)| *open)
    .map(|(_, defence)| pools.keeping_budget(defence))
    .max()
    .unwrap_or(0);
    if !DicePlan::splits(budget) {
        return;
    }
    ui.horizontal_wrapped(|ui| {
        ui.label("Keep for your turn:");
        let keep = panel.keep;
        if ui.selectable_label(keep == 0, "nothing").clicked() {
            panel.keep = 0;
        }
        for dice in LEAST_PART..=budget - LEAST_PART {
            if ui
                .selectable_label(keep == dice, format!("{dice} dice"))
                .clicked()
            {
                panel.keep = dice;
            }
        }
    });
}

/// The dice a defence rolls where the defender keeps some for its turn: its budget less
/// those kept; `None` where it keeps none.
pub(super) fn defence_dice(
    panel: &DicePanel,
    defender: UnitId,
    defence: PlannedAction,
) -> Option<u32> {
    let pools = pools_of(panel, defender)?;
    let keep = panel.keep;
    (keep > 0).then(|| pools.keeping_budget(defence).saturating_sub(keep))
}

/// The plan to make before answering with a defence, where the defender keeps dice for its
/// turn.
pub(super) fn defend(
    panel: &DicePanel,
    defender: UnitId,
    defence: PlannedAction,
) -> Option<Command> {
    let keep = panel.keep;
    let parts = pools_of(panel, defender)
        .filter(|_| keep > 0)?
        .keeping(defence, keep)?;
    Some(
        PoolCommand::PlanDice {
            unit: defender,
            parts,
        }
        .into(),
    )
}
