//! The buttons for the weapon in hand: how to fire it (the styles a gun allows, the shots a
//! pull), aim, reload, clear a jam, throw or set an explosive, and a full-auto plan.

use bevy_egui::egui;

use super::view::{BattleView, UnitState};
use crate::battle::command::{Command, FireMode, WeaponChoice};
use crate::battle::{UnitId, WeaponState};
use crate::map::scenario::{Scenario, UnitSpec};
use crate::rules::firearms::reload;
use crate::rules::round::TurnLimits;
use crate::rules::weapons::{AttackForm, Weapon};
use crate::view::orders::{self, FireOrder, FireStyle, Intent};

/// The buttons for the weapon in hand: how to fire it, aim, reload, clear a jam, throw an
/// explosive at a tile or set a charge; as many shots a pull as the turn allows, and in a slot
/// kept for a shot only how to fire it.
pub(super) fn weapon_buttons(
    ui: &mut egui::Ui,
    view: &mut BattleView,
    spec: &UnitSpec,
    unit: UnitId,
    state: &UnitState,
    limits: &TurnLimits,
    can_act: bool,
) {
    let in_hand = state.arsenal.in_hand;
    let WeaponChoice::Carried(index) = in_hand else {
        return;
    };
    let Some(weapon) = spec.weapons.get(index).map(|carried| &carried.weapon) else {
        return;
    };
    let weapon_state = state.arsenal.state(index);
    if weapon.attack_form() == AttackForm::Shot {
        fire_styles(ui, view, weapon, limits.shots);
    }
    if !limits.fire_only {
        weapon_actions(ui, view, weapon, &weapon_state, unit, in_hand, can_act);
    }
}

/// The weapon's own actions: aim, throw, set, reload, clear a jam.
fn weapon_actions(
    ui: &mut egui::Ui,
    view: &mut BattleView,
    weapon: &Weapon,
    weapon_state: &WeaponState,
    unit: UnitId,
    in_hand: WeaponChoice,
    can_act: bool,
) {
    let button = |ui: &mut egui::Ui, text: &str| ui.add_enabled(can_act, egui::Button::new(text));
    match weapon.attack_form() {
        AttackForm::Shot => {
            if button(ui, "Aim…")
                .on_hover_text("Take aim now: a bonus die on the shot next turn")
                .clicked()
            {
                *view.intent = Intent::Aim;
            }
        }
        AttackForm::Thrown => {
            if button(ui, "Aim…").clicked() {
                *view.intent = Intent::Aim;
            }
        }
        AttackForm::Lobbed => {
            if ui
                .add_enabled(can_act, egui::Button::new("Throw at a tile…"))
                .on_hover_text(format!(
                    "Click a tile for the {}: the rings show who the blast would catch",
                    weapon.name
                ))
                .clicked()
            {
                *view.intent = Intent::Blast;
            }
        }
        AttackForm::Placed => {
            ui.add_enabled_ui(can_act, |ui| {
                egui::ComboBox::from_id_salt("set-charge")
                    .selected_text("Set it…")
                    .show_ui(ui, |ui| {
                        if ui.selectable_label(false, "as a mine").clicked() {
                            *view.intent = Intent::SetCharge(None);
                        }
                        for fuse in 0..=3 {
                            let when = match fuse {
                                0 => "to go off at the end of this round".to_string(),
                                1 => "with a fuse of 1 round".to_string(),
                                rounds => format!("with a fuse of {rounds} rounds"),
                            };
                            if ui.selectable_label(false, when).clicked() {
                                *view.intent = Intent::SetCharge(Some(fuse));
                            }
                        }
                    });
            });
        }
        AttackForm::Melee => {}
    }
    let reloadable = reload(weapon.feed(), weapon.capacity(), weapon_state.ammunition).is_ok();
    if weapon_state.jam.is_none() && reloadable && button(ui, "Reload").clicked() {
        view.order(Command::Reload {
            unit,
            weapon: in_hand,
        });
    }
    if weapon_state.jam.is_some() && button(ui, "Clear the jam").clicked() {
        view.order(Command::ClearJam {
            unit,
            weapon: in_hand,
        });
    }
}

/// How the gun in hand fires when an enemy is clicked: single shot, several shots (up to `most`
/// a pull where the round's slot says), a burst, or full auto with so many bullets a target.
fn fire_styles(ui: &mut egui::Ui, view: &mut BattleView, weapon: &Weapon, most: Option<u32>) {
    let Some(ruleset) = view
        .scenario
        .as_ref()
        .map(|scenario| scenario.0.ruleset.clone())
    else {
        return;
    };
    let own = view.rulebook_hooks();
    let styles: Vec<FireStyle> = orders::fire_styles(weapon, ruleset.as_ref(), own.as_deref())
        .into_iter()
        .filter(|style| !matches!((style, most), (FireStyle::Shots(shots), Some(most)) if *shots > most))
        .collect();
    let offered = styles
        .iter()
        .find(|style| orders::same_kind(**style, view.fire_order.style))
        .copied();
    if offered.is_none()
        && let Some(first) = styles.first()
    {
        view.fire_order.style = *first;
    }
    for style in styles {
        let label = match style {
            FireStyle::Single => "1 shot".to_string(),
            FireStyle::Shots(shots) => format!("{shots} shots"),
            FireStyle::Burst => format!("burst of {}", weapon.uses.burst.unwrap_or(3)),
            FireStyle::Rulebook(style) => style.words(),
            FireStyle::FullAuto(_) => "full auto".to_string(),
            FireStyle::Suppressing(_) => "suppressing fire".to_string(),
        };
        let chosen = orders::same_kind(style, view.fire_order.style);
        if ui.selectable_label(chosen, label).clicked() && !chosen {
            *view.fire_order = FireOrder {
                style,
                picked: Vec::new(),
            };
        }
    }
    // Where an attack of full auto is so many bullets (the d100 house sheet's 3), no more.
    let most_auto = weapon
        .capacity()
        .min(ruleset.firearm_rules().full_auto_attack.unwrap_or(u32::MAX))
        .max(1);
    if let FireStyle::FullAuto(mut bullets) = view.fire_order.style {
        ui.add(
            egui::DragValue::new(&mut bullets)
                .range(1..=most_auto)
                .suffix(" a target"),
        );
        view.fire_order.style = FireStyle::FullAuto(bullets);
    }
    if let FireStyle::Suppressing(mut bullets) = view.fire_order.style {
        let (most, unit) = if weapon.uses.full_auto {
            (most_auto, " bullets")
        } else {
            (weapon.most_shots().max(1), " shots")
        };
        ui.add(
            egui::DragValue::new(&mut bullets)
                .range(1..=most)
                .suffix(unit),
        );
        view.fire_order.style = FireStyle::Suppressing(bullets);
    }
    // A style of the rulebook's own whose count the player sets (the d10 pool's sweep), within
    // what this weapon allows.
    if let (Some(FireStyle::Rulebook(offered)), FireStyle::Rulebook(mut style)) =
        (offered, view.fire_order.style)
        && let (Some(set), Some(mut count)) = (offered.set, style.count)
    {
        ui.add(
            egui::DragValue::new(&mut count)
                .range(set.least..=set.most)
                .speed(1.0)
                .suffix(set.unit),
        );
        style.count = Some(count);
        if let Some(words) = own.as_deref().and_then(|own| own.style_words(style)) {
            ui.label(words);
        }
        view.fire_order.style = FireStyle::Rulebook(style);
    }
}

/// Full-auto targets picked so far, with the button that opens fire on them.
pub(super) fn full_auto_plan(
    ui: &mut egui::Ui,
    view: &mut BattleView,
    scenario: &Scenario,
    unit: UnitId,
) {
    if view.fire_order.picked.is_empty() {
        return;
    }
    let plan: Vec<String> = view
        .fire_order
        .picked
        .iter()
        .map(|(target, bullets)| format!("{} × {bullets}", scenario.units[target.index()].name))
        .collect();
    ui.label(format!("Full auto at {}", plan.join(", ")));
    ui.horizontal(|ui| {
        if ui.button("Open fire").clicked()
            && let Some(weapon) = view.in_hand(unit)
        {
            let targets = std::mem::take(&mut view.fire_order.picked);
            view.order(Command::Fire {
                unit,
                weapon,
                mode: FireMode::FullAuto(targets),
            });
        }
        if ui.button("Clear").clicked() {
            view.fire_order.picked.clear();
        }
    });
}
