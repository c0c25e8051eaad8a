//! The attack menus of the d100 house sheet's kind, where the rulebook has them: a called
//! shot's part, and the cherry a matched blow is traded for.

use bevy_egui::egui;

use super::view::BattleView;
use crate::battle::command::Command;
use crate::battle::{Condition, UnitId};
use crate::map::scenario::Scenario;
use crate::rules::ruleset::Ruleset;

/// Where the rulebook has called shots (the d100 house sheet), a menu of the parts to call the
/// turn's next attack at, open while an attack is still to come and none is called.
pub(super) fn call_shot_menu(
    ui: &mut egui::Ui,
    view: &mut BattleView,
    ruleset: &dyn Ruleset,
    unit: UnitId,
    condition: &Condition,
) {
    let Some(called) = ruleset.called_shot() else {
        return;
    };
    let Some(turn) = view.flow.as_ref().and_then(|flow| flow.turn) else {
        return;
    };
    let open = condition.called_shot.is_none() && turn.attack_to_come(condition);
    let text = match condition.called_shot {
        Some(part) => format!("Called: {}", part.words()),
        None => "Call shot".to_string(),
    };
    let hint = format!(
        "Call your next attack at a part, at {}: its hits land there whatever the roll's digits \
         say (cover still hides what it hides)",
        crate::rules::modifiers::signed(called.shift)
    );
    ui.add_enabled_ui(open, |ui| {
        egui::ComboBox::from_id_salt("call shot")
            .selected_text(text)
            .show_ui(ui, |ui| {
                for part in called.parts {
                    if ui.selectable_label(false, part.words()).clicked() {
                        view.order(Command::CallShot { unit, part: *part });
                    }
                }
            })
            .response
            .on_hover_text(hint);
    });
}

/// Where the rulebook has cherries and the unit's obsession earns them, a menu of those the
/// scenario allows it, to take on its next matched blow in place of the damage; open on its
/// turn, the pick kept until changed.
pub(super) fn cherry_menu(
    ui: &mut egui::Ui,
    view: &mut BattleView,
    scenario: &Scenario,
    unit: UnitId,
    condition: &Condition,
) {
    let Some(terms) = scenario.ruleset.cherries() else {
        return;
    };
    let allowed = scenario.units[unit.index()].cherries_earned(scenario.ruleset.as_ref());
    if allowed.is_empty() {
        return;
    }
    let words = |cherry: Option<crate::rules::cherries::Cherry>| {
        cherry.map_or("the damage", |cherry| cherry.words())
    };
    ui.horizontal(|ui| {
        ui.label("On a match:");
        egui::ComboBox::from_id_salt("cherry")
            .selected_text(words(condition.cherry))
            .show_ui(ui, |ui| {
                let choices = std::iter::once(None).chain(allowed.iter().copied().map(Some));
                for cherry in choices {
                    if ui
                        .selectable_label(condition.cherry == cherry, words(cherry))
                        .clicked()
                        && condition.cherry != cherry
                    {
                        view.order(Command::PickCherry { unit, cherry });
                    }
                }
            })
            .response
            .on_hover_text(format!(
                "{} is your obsession: a matched blow may take a cherry in place of its \
                 damage. Big Hurt: the roll as damage; More Hurt: a d{} more; New Damage: read \
                 again off a fresh roll; Blind: {} for {} rounds; Dazed: a daze; Disarm; Knock \
                 Down; Kung Fu Grip: hold at once; Monkey Dodge: the next attack at you goes \
                 to another; Second Helping: one more blow at your whole skill",
                terms.obsession,
                terms.more_hurt_die,
                crate::rules::modifiers::signed(terms.blind_shift),
                terms.blind_rounds
            ));
    });
}
