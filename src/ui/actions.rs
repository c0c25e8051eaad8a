//! The action bar: whose turn it is and what they may do, as buttons that only queue commands
//! (the battle decides).

use bevy_egui::egui;

use super::offers::{offer_buttons, offer_menus, offers_to};
use super::view::{BattleView, UnitState};
use super::weapon_buttons::{full_auto_plan, weapon_buttons};
use crate::battle::choices::RoundBounds;
use crate::battle::command::{Command, ManeuverGoal, SurpriseAttack, WeaponChoice};
use crate::battle::{Condition, Footing, Phase, TurnState, UnitId};
use crate::map::scenario::Scenario;
use crate::rules::round::{TurnKind, TurnLimits};
use crate::rules::ruleset::Ruleset;
use crate::rules::weapons::AttackForm;
use crate::view::orders::Intent;
use crate::words::capitalised;

/// The round, whose turn it is, and the buttons for what the unit may do.
pub(super) fn turn_controls(ui: &mut egui::Ui, view: &mut BattleView) {
    let (Some(scenario), Some(flow)) = (
        view.scenario.as_ref().map(|scenario| scenario.0.clone()),
        view.flow.as_ref().map(|flow| (**flow).clone()),
    ) else {
        return;
    };
    match &flow.phase {
        Phase::Setup if view.watching() => {
            ui.strong("Before the fight");
        }
        Phase::Setup => setup_controls(ui, view, &scenario),
        Phase::Over(outcome) => {
            let result = match outcome.winner.and_then(|side| scenario.sides.get(side)) {
                Some(side) => format!("Won by {}: {}", side.name, outcome.reason),
                None => format!("Nobody wins: {}", outcome.reason),
            };
            ui.label(egui::RichText::new("The fight is over").size(18.0).strong());
            ui.label(result);
        }
        Phase::Defending(pending) => {
            ui.strong(format!("Round {}", flow.round));
            ui.label(format!(
                "{} must answer {}'s attack",
                scenario.units[pending.target.index()].name,
                scenario.units[pending.attacker.index()].name
            ));
        }
        Phase::Turn => {
            let Some(turn) = flow.turn else {
                return;
            };
            let unit = turn.unit;
            if view.unseen(unit) {
                ui.strong(format!("Round {} · the keeper moves", flow.round));
                return;
            }
            let spec = &scenario.units[unit.index()];
            ui.strong(format!("Round {} · {}'s turn", flow.round, spec.name));
            let lost = turn
                .action_lost
                .map(|lost| format!("no action this turn ({})", lost.words()));
            let action = if turn.limits.kind == TurnKind::Declare {
                scenario.ruleset.words().declaration_words().business
            } else if let Some(lost) = &lost {
                lost.as_str()
            } else if turn.limits.fire_only && !turn.action_used {
                "a shot now, or pass"
            } else if turn.action_used
                && turn.attacks_made < spec.attacks_per_round
                && turn.attacks_made > 0
            {
                "attacks left"
            } else if turn.action_used {
                "action used"
            } else {
                "action ready"
            };
            let slot = flow
                .order
                .get(flow.next_in_order.wrapping_sub(1))
                .filter(|slot| UnitId(slot.unit) == unit)
                .map(|slot| scenario.ruleset.words().slot_words(slot))
                .filter(|words| !words.is_empty());
            if let Some(slot) = slot {
                ui.label(slot);
            }
            let state = view.unit(unit);
            let footing = state
                .as_ref()
                .map_or(Footing::Free, |state| state.condition.footing());
            let moves = view.moves(&scenario, (unit, footing));
            let stays = view.bounds(unit).is_some_and(|bounds| bounds.stays);
            let held = state.as_ref().is_some_and(|state| {
                state.condition.held_by.is_some() || state.condition.held_fast
            });
            let idle = state.and_then(|state| state.condition.idle_in(flow.round));
            match turn.movement_left(moves) {
                Ok(_) if let Some(idle) = idle => {
                    ui.label(format!("{}: nothing more this round", idle.words()))
                }
                Ok(_) if stays => ui.label(format!("Stays this round · {action}")),
                Ok(_) if held => ui.label(format!("Held: no moving · {action}")),
                Ok(left) => ui.label(format!(
                    "{}.{} yards of movement left · {action}",
                    left / 10,
                    left % 10
                )),
                Err(why) => ui.label(format!("{} · {action}", capitalised(why))),
            };
            if view.watching() {
                return;
            }
            if !view.played_here(unit) {
                ui.label("Played by the AI.");
                return;
            }
            let Some(state) = view.unit(unit) else {
                return;
            };
            if turn.limits.kind == TurnKind::Declare {
                match view.rulebook_panel() {
                    Some(panel) if panel.declares_the_round() => {
                        if let Some(command) =
                            panel.turn_controls(ui, &mut view.panel_state, unit, &turn)
                        {
                            view.order(command);
                        }
                    }
                    _ => super::offers::all_offers(ui, view, unit),
                }
                return;
            }
            if let Some(binding) = view.bounds(unit).and_then(|bounds| bounds.binding.clone()) {
                ui.label(format!("Declared: {}", binding.words));
            }
            if state.condition.idle_in(flow.round).is_some() {
                if ui.button("End turn").clicked() {
                    view.order(Command::EndTurn { unit });
                }
                return;
            }
            if let Some(holder) = state.condition.restrained_by() {
                restrained_buttons(ui, view, &scenario, (unit, holder), &turn);
                return;
            }
            // An action only an attack may follow (the house sheet's stance taken first)
            // leaves the turn's attacks to come, and nothing else.
            let follows = view
                .offers
                .as_ref()
                .is_some_and(|offers| offers.attack_follows_action(unit));
            let can_attack = (!turn.action_used || follows) && !turn.action_forfeited();
            let can_act = can_attack && !follows;
            let can = (can_attack, can_act);
            unit_buttons(ui, view, &scenario, unit, &state, &turn.limits, can);
            if let Some(panel) = view.rulebook_panel()
                && let Some(command) = panel.turn_controls(ui, &mut view.panel_state, unit, &turn)
            {
                view.order(command);
            }
            second_gun_buttons(ui, view, &scenario, unit);
        }
    }
    if let Some(prompt) = view.intent.prompt() {
        ui.colored_label(
            egui::Color32::from_rgb(255, 225, 120),
            format!("{prompt} (Esc cancels)"),
        );
    }
}

/// The guns the rulebook lets the unit still fire this turn beyond its spent action (BRP's
/// handgun in the other hand, once the first has fired unaimed): click one, then the enemy.
fn second_gun_buttons(ui: &mut egui::Ui, view: &mut BattleView, scenario: &Scenario, unit: UnitId) {
    let guns = view
        .offers
        .as_ref()
        .map(|offers| offers.second_guns(unit).to_vec())
        .unwrap_or_default();
    let spec = &scenario.units[unit.index()];
    for (index, style) in guns {
        let Some(carried) = spec.weapons.get(index) else {
            continue;
        };
        if ui
            .button(format!(
                "Fire the {} too ({})…",
                carried.weapon.name,
                style.words()
            ))
            .clicked()
        {
            *view.intent = Intent::SecondGun(index, style);
        }
    }
}

fn setup_controls(ui: &mut egui::Ui, view: &mut BattleView, scenario: &Scenario) {
    ui.strong("Before the fight");
    ui.label("Set up surprise attacks, or begin round 1.");
    if ui.button("Begin the fight").clicked() {
        view.order(Command::Begin);
    }
    let Some(unit) = view.selected() else {
        ui.small("Select a unit to make a surprise attack with it.");
        return;
    };
    let spec = &scenario.units[unit.index()];
    ui.horizontal_wrapped(|ui| {
        let weapon = view.in_hand(unit).unwrap_or_else(|| spec.default_weapon());
        let shoots = matches!(weapon, WeaponChoice::Carried(index)
            if spec.weapons.get(index).is_some_and(|carried| carried.weapon.attack_form() == AttackForm::Shot));
        if shoots {
            if ui.button(format!("{}: surprise shot", spec.name)).clicked() {
                *view.intent = Intent::Surprise(SurpriseAttack::Shot(weapon));
            }
        } else if ui.button(format!("{}: surprise blow", spec.name)).clicked() {
            *view.intent = Intent::Surprise(SurpriseAttack::Strike(weapon));
        }
        if ui.button("surprise grab").clicked() {
            *view.intent = Intent::Surprise(SurpriseAttack::Maneuver(ManeuverGoal::Hold));
        }
    });
}

/// A restrained unit's turn (the western): a try to break free of its holder, at the restrain's
/// own modifiers, or the end of the turn.
fn restrained_buttons(
    ui: &mut egui::Ui,
    view: &mut BattleView,
    scenario: &Scenario,
    (unit, holder): (UnitId, UnitId),
    turn: &TurnState,
) {
    ui.label(format!(
        "Restrained by {}: it can only try to break free",
        scenario.units[holder.index()].name
    ));
    ui.horizontal_wrapped(|ui| {
        let can_act = !turn.action_used && !turn.action_forfeited();
        if ui
            .add_enabled(can_act, egui::Button::new("Break free"))
            .on_hover_text("Roll Hand-to-Hand at the restrain's own modifiers; made, it is free")
            .clicked()
        {
            view.order(Command::Maneuver {
                unit,
                target: holder,
                goal: ManeuverGoal::BreakHold,
            });
        }
        if ui.button("End turn").clicked() {
            view.order(Command::EndTurn { unit });
        }
    });
}

/// The maneuvers the rulebook offers the acting unit (its grapples, where maneuvers are
/// grapples), holding someone or not, in a menu; none where it has none.
fn maneuver_menu(ui: &mut egui::Ui, view: &mut BattleView, scenario: &Scenario, state: &UnitState) {
    // A monster with several attacks may still maneuver after its first: the battle says.
    let grapples = scenario.ruleset.sheet().grapple_skill().is_some()
        || scenario.ruleset.grappling().grapple_contest().is_some();
    let goals = scenario
        .ruleset
        .grappling()
        .maneuver_goals(state.condition.holding.is_some());
    // A rulebook with no maneuvers (the d10 pool) offers none.
    if !goals.is_empty() {
        egui::ComboBox::from_id_salt("maneuver")
            .selected_text(if grapples {
                "Grapple…"
            } else {
                "Maneuver…"
            })
            .show_ui(ui, |ui| {
                for &goal in goals {
                    let label = scenario
                        .ruleset
                        .words()
                        .maneuver_label(goal)
                        .unwrap_or_else(|| maneuver_label(goal, grapples));
                    if ui.selectable_label(false, label).clicked() {
                        *view.intent = Intent::Maneuver(goal);
                    }
                }
            });
    }
}

/// A maneuver's label on its button; where maneuvers are grapples (`grapples`), seizing is a
/// grapple.
pub(super) fn maneuver_label(goal: ManeuverGoal, grapples: bool) -> &'static str {
    match goal {
        ManeuverGoal::KnockProne => "Knock down",
        ManeuverGoal::Disarm => "Disarm",
        ManeuverGoal::Hold if grapples => "Grapple",
        ManeuverGoal::Hold => "Hold",
        ManeuverGoal::BreakHold => "Break free",
        ManeuverGoal::Hinder => "Hamper",
        ManeuverGoal::Expose => "Leave open",
        ManeuverGoal::Immobilise => "Pin",
        ManeuverGoal::Injure => "Hurt (1D6)",
        ManeuverGoal::Strangle => "Strangle",
        ManeuverGoal::KnockOut => "Knock out (1D6)",
        ManeuverGoal::BloodChoke => "Choke (blood)",
        ManeuverGoal::HumanShield => "Human shield",
        ManeuverGoal::Execute => "Execute",
    }
}

/// Where the rulebook lets a unit choose how it holds itself (the western, the d100 house
/// sheet), a button for each posture it offers and the unit is not in, in its words.
fn posture_buttons(
    ui: &mut egui::Ui,
    view: &mut BattleView,
    ruleset: &dyn Ruleset,
    unit: UnitId,
    condition: &Condition,
) {
    let now = condition.posture();
    for &posture in ruleset.mechanisms().posture_choices() {
        let words = ruleset.mechanisms().posture_words(posture);
        if posture != now && ui.button(words.button).on_hover_text(words.hint).clicked() {
            view.order(Command::TakePosture { unit, posture });
        }
    }
}

/// The orders of the unit whose turn it is: its attacks open while `can_attack`, its other
/// actions while `can_act`.
fn unit_buttons(
    ui: &mut egui::Ui,
    view: &mut BattleView,
    scenario: &Scenario,
    unit: UnitId,
    state: &UnitState,
    limits: &TurnLimits,
    (can_attack, can_act): (bool, bool),
) {
    let spec = &scenario.units[unit.index()];
    if limits.fire_only {
        // A slot the round plan keeps for a shot: fire (as many shots a pull as it allows), or
        // pass.
        ui.horizontal_wrapped(|ui| {
            weapon_buttons(ui, view, spec, unit, state, limits, can_attack);
            if ui.button("Pass").clicked() {
                view.order(Command::EndTurn { unit });
            }
        });
        full_auto_plan(ui, view, scenario, unit);
        ui.small("Click an enemy to fire at it, or pass and keep everything for later.");
        return;
    }
    ui.horizontal_wrapped(|ui| {
        if scenario.ruleset.mechanisms().postures.is_some() {
            posture_buttons(ui, view, scenario.ruleset.as_ref(), unit, &state.condition);
        } else if state.condition.prone && ui.button("Stand up").clicked() {
            view.order(Command::StandUp { unit });
        }
        if state.condition.holding.is_some() && ui.button("Let go").clicked() {
            view.order(Command::Release { unit });
        }
        for (index, target, _) in &state.arsenal.stuck {
            let label = format!(
                "Work the {} free of {}",
                spec.attack_name(WeaponChoice::Carried(*index)),
                scenario.units[target.index()].name
            );
            if ui
                .add_enabled(can_attack, egui::Button::new(label))
                .clicked()
            {
                view.order(Command::Ready {
                    unit,
                    weapon: WeaponChoice::Carried(*index),
                });
            }
        }
        egui::ComboBox::from_id_salt("weapon-in-hand")
            .selected_text(spec.attack_name(state.arsenal.in_hand))
            .show_ui(ui, |ui| {
                let held = |choice: &WeaponChoice| {
                    !matches!(choice, WeaponChoice::Carried(index)
                        if state.arsenal.lost.contains(index))
                };
                let choices = spec.attack_choices(scenario.ruleset.as_ref());
                for choice in choices.into_iter().filter(held) {
                    let name = spec.attack_name(choice);
                    if ui
                        .selectable_label(state.arsenal.in_hand == choice, name)
                        .clicked()
                        && state.arsenal.in_hand != choice
                    {
                        view.order(Command::Ready {
                            unit,
                            weapon: choice,
                        });
                    }
                }
            });
        weapon_buttons(ui, view, spec, unit, state, limits, can_attack);
    });
    // The rulebook's own offers (the house sheet's called shot, cherries, dodge stance and
    // divided skill).
    let offers = offers_to(view, unit);
    // Combo boxes do not wrap well in a row that also wraps: the menus get a row of their own
    // (one with a caption a row to itself), and the other orders another.
    ui.horizontal(|ui| {
        offer_menus(
            ui,
            view,
            offers.menus.iter().filter(|menu| menu.caption.is_none()),
        );
        maneuver_menu(ui, view, scenario, state);
    });
    for menu in offers.menus.iter().filter(|menu| menu.caption.is_some()) {
        ui.horizontal(|ui| offer_menus(ui, view, [menu]));
    }
    ui.horizontal_wrapped(|ui| {
        offer_buttons(ui, view, &offers.buttons);
        if scenario.ruleset.hand_to_hand().knock_out_blows()
            && spec.strikes_blunt(state.arsenal.in_hand)
            && ui
                .add_enabled(can_attack, egui::Button::new("Knock out"))
                .on_hover_text(
                    "A blow to knock out: where it lands, its damage against the target's hit \
                     points on the resistance table; won, a third of it and out cold for 2D6 \
                     rounds, else the whole blow",
                )
                .clicked()
        {
            *view.intent = Intent::KnockOut;
        }
        let bounds = view.bounds(unit).cloned();
        action_buttons(ui, view, unit, state, can_act, bounds);
        if ui.button("End turn").clicked() {
            view.order(Command::EndTurn { unit });
        }
    });
    full_auto_plan(ui, view, scenario, unit);
    ui.small("Click an empty tile to move, an enemy to attack it with the weapon in hand.");
}

/// The buttons for actions that are not the weapon's: putting out a fire, first aid, delaying
/// and fleeing; in a round its rulebook bounds (`bounds`: the western's declaration) only
/// those it leaves open.
fn action_buttons(
    ui: &mut egui::Ui,
    view: &mut BattleView,
    unit: UnitId,
    state: &UnitState,
    can_act: bool,
    bounds: Option<RoundBounds>,
) {
    let binding = bounds.as_ref().and_then(|bounds| bounds.binding.as_ref());
    let button = |ui: &mut egui::Ui, text: &str| ui.add_enabled(can_act, egui::Button::new(text));
    if state.condition.burning.is_some()
        && button(ui, "Put out the fire")
            .on_hover_text("Roll on the ground: the fire goes out and the unit is prone")
            .clicked()
    {
        view.order(Command::Extinguish {
            unit,
            patient: unit,
        });
    }
    let someone_burning = view
        .units
        .iter()
        .any(|(id, _, condition, ..)| *id != unit && condition.burning.is_some());
    if someone_burning
        && button(ui, "Beat out flames…")
            .on_hover_text("Put out the fire on a burning unit beside")
            .clicked()
    {
        *view.intent = Intent::Extinguish;
    }
    let tends = binding.is_none_or(|binding| binding.tends);
    if tends && button(ui, "First aid").clicked() {
        *view.intent = Intent::FirstAid;
    }
    // A bound turn keeps its place in the order: nobody waits.
    let waits = binding.is_none();
    if waits
        && button(ui, "Delay…")
            .on_hover_text("Wait until a unit you click has acted")
            .clicked()
    {
        *view.intent = Intent::DelayUntil;
    }
    if waits && button(ui, "Delay to the end").clicked() {
        view.order(Command::Delay { unit, until: None });
    }
    let flees = !bounds.as_ref().is_some_and(|bounds| bounds.stays);
    if flees
        && button(ui, "Flee")
            .on_hover_text("Leave from a map edge or an exit")
            .clicked()
    {
        view.order(Command::Flee { unit });
    }
}
