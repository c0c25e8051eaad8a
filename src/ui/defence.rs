//! The defence window: while an attack waits for a defender played here, the answers its
//! rulebook allows (dodge, fight back or parry, dive or dodge the first bullet, a maneuver) with
//! the odds of each.

use bevy_egui::egui;

use super::actions::maneuver_label;
use super::view::BattleView;
use crate::battle::command::{Answer, Command};
use crate::battle::event::{DefenceKind, EventKind};
use crate::battle::ranged::shot_answer;
use crate::battle::threat::AnswerOdds;
use crate::battle::{AttackKind, UnitId};
use crate::rules::situation::ShotAnswerEffect;
use crate::words::capitalised;

/// What the defender waiting now was asked (melee, a thrown weapon, or shots).
fn asked(view: &BattleView, defender: UnitId) -> DefenceKind {
    view.events
        .as_ref()
        .and_then(|events| {
            events.0.iter().rev().find_map(|event| match event.kind {
                EventKind::DefenceAsked { unit, asked, .. } if unit == defender => Some(asked),
                _ => None,
            })
        })
        .unwrap_or(DefenceKind::Melee)
}

/// The defender's answer, asked in a window over the map.
pub(super) fn defence_prompt(
    context: &egui::Context,
    view: &mut BattleView,
    odds: Option<&AnswerOdds>,
) {
    let (Some(scenario), Some(pending)) = (
        view.scenario.as_ref().map(|scenario| scenario.0.clone()),
        view.flow.as_ref().and_then(|flow| flow.pending().cloned()),
    ) else {
        return;
    };
    let defender = pending.target;
    if !view.played_here(defender) {
        return;
    }
    // The rulebook's own controls (the dice kept for the defender's turn) and the odds as
    // they have them.
    let panel = view.rulebook_panel();
    let own_odds = panel
        .as_ref()
        .and_then(|panel| panel.answer_odds(&view.panel_state, defender));
    let odds = own_odds.as_ref().or(odds);
    let spec = &scenario.units[defender.index()];
    let attacker = &scenario.units[pending.attacker.index()];
    let ruleset = scenario.ruleset.clone();
    let weapon_defence = ruleset.words().weapon_defence();
    let maneuvers = ruleset.mechanisms().maneuvers_answer();
    let asked = asked(view, defender);
    let dived = view
        .unit(defender)
        .is_some_and(|state| state.condition.dived_for_cover);
    egui::Window::new(format!("{} is attacked", spec.name))
        .collapsible(false)
        .resizable(false)
        .anchor(egui::Align2::CENTER_TOP, egui::vec2(0.0, 24.0))
        .show(context, |ui| {
            let what = match &pending.kind {
                AttackKind::Strike(choice) => format!(
                    "comes at {} with {}",
                    spec.name,
                    attacker.attack_name(*choice)
                ),
                AttackKind::Maneuver(goal) => {
                    format!("tries to {} {}", goal.words(), spec.name)
                }
                AttackKind::Fire(fire) if !fire.plan.drawn_from().is_empty() => {
                    let group: Vec<&str> = fire
                        .plan
                        .drawn_from()
                        .iter()
                        .map(|unit| scenario.units[unit.index()].name.as_str())
                        .collect();
                    format!(
                        "fires the {} on {}: a die draws each shot's target from them, so the \
                         odds below are for a shot that comes at {}",
                        fire.plan.weapon().name,
                        group.join(", "),
                        spec.name
                    )
                }
                AttackKind::Fire(fire) => format!(
                    "opens fire on {} with the {}",
                    spec.name,
                    fire.plan.weapon().name
                ),
            };
            ui.label(format!("{} {what}.", attacker.name));
            let dodge = ruleset.words().value_words(
                panel
                    .as_ref()
                    .and_then(|panel| {
                        panel.answer_value(&view.panel_state, defender, Answer::Dodge)
                    })
                    .unwrap_or_else(|| spec.skill(ruleset.as_ref(), crate::rules::skills::DODGE)),
            );
            let may_fight_back = !dived
                && asked
                    != (DefenceKind::Thrown {
                        may_fight_back: false,
                    });
            let percent = |chance: f64| format!("{:.0}%", chance * 100.0);
            if let (Some(panel), Some(AnswerOdds::Exchange { .. })) = (&panel, odds) {
                panel.defence_controls(ui, &mut view.panel_state, defender);
            }
            egui::Grid::new("answers")
                .num_columns(2)
                .spacing([12.0, 6.0])
                .show(ui, |ui| {
                    let mut answer =
                        |ui: &mut egui::Ui, label: String, odds: String, given: Answer| {
                            if ui.button(label).clicked() {
                                let first = panel.as_ref().and_then(|panel| {
                                    panel.before_answer(&mut view.panel_state, defender, given)
                                });
                                if let Some(first) = first {
                                    view.order(first);
                                }
                                view.order(Command::Answer {
                                    unit: defender,
                                    answer: given,
                                });
                            }
                            ui.label(odds);
                            ui.end_row();
                        };
                    match odds {
                        Some(AnswerOdds::Shots {
                            answer: defence,
                            made,
                            hit_if_taken,
                            hit_if_made,
                        }) => {
                            let (label, cost) = (defence.label, defence.cost);
                            // A dodge whose net comes off the shot's has no chance of its own
                            // to make it.
                            let odds = if defence.effect == ShotAnswerEffect::NetOff {
                                format!(
                                    "{} to be hit, not {}; {cost}",
                                    percent(*hit_if_made),
                                    percent(*hit_if_taken)
                                )
                            } else {
                                format!(
                                    "{} to make it: then {} to be hit, not {}; {cost}",
                                    percent(*made),
                                    percent(*hit_if_made),
                                    percent(*hit_if_taken)
                                )
                            };
                            answer(
                                ui,
                                format!("{label} (Dodge {dodge}) [1]"),
                                odds,
                                shot_answer(Some(*defence)),
                            );
                            answer(
                                ui,
                                "Take it [3]".to_string(),
                                format!("{} to be hit", percent(*hit_if_taken)),
                                Answer::Nothing,
                            );
                        }
                        Some(AnswerOdds::Exchange {
                            dodge: dodging,
                            fight_back,
                            take_it,
                        }) => {
                            if let Some(dodging) = dodging {
                                answer(
                                    ui,
                                    format!("Dodge ({dodge}) [1]"),
                                    format!("{} unhurt", percent(dodging.no_harm)),
                                    Answer::Dodge,
                                );
                            }
                            if let Some(fighting) = fight_back.filter(|_| may_fight_back) {
                                answer(
                                    ui,
                                    format!("{} [2]", capitalised(weapon_defence.answer)),
                                    format!(
                                        "{} unhurt, {} of it your blow{}",
                                        percent(fighting.no_harm + fighting.defender_strikes),
                                        percent(fighting.defender_strikes),
                                        if fighting.both_strike > 0.0 {
                                            format!("; {} both hit", percent(fighting.both_strike))
                                        } else {
                                            String::new()
                                        }
                                    ),
                                    Answer::FightBack,
                                );
                            }
                            answer(
                                ui,
                                "Take it [3]".to_string(),
                                format!("{} to be hit", percent(take_it.attacker_wins)),
                                Answer::Nothing,
                            );
                        }
                        None => {}
                    }
                });
            if maneuvers
                && may_fight_back
                && !matches!(asked, DefenceKind::Shots | DefenceKind::OwnShots(_))
            {
                egui::ComboBox::from_id_salt("answer-maneuver")
                    .selected_text("Answer with a maneuver…")
                    .show_ui(ui, |ui| {
                        for &goal in scenario.ruleset.grappling().maneuver_goals(false) {
                            let label = maneuver_label(goal, false);
                            if ui.selectable_label(false, label).clicked() {
                                view.order(Command::Answer {
                                    unit: defender,
                                    answer: Answer::Maneuver(goal),
                                });
                            }
                        }
                    });
            }
        });
}
