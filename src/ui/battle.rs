//! The battle in the overlay: whose turn it is and what they may do, the defender's answer,
//! and the log. Buttons only queue commands; the battle decides.

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_egui::egui;

use crate::battle::command::{Answer, Command, ManeuverGoal, SurpriseAttack, WeaponChoice};
use crate::battle::event::{DefenceKind, EventKind, WoundState};
use crate::battle::{
    ActiveScenario, Arsenal, AttackKind, CommandQueue, Condition, Controllers, EventLog, Flow,
    Phase, TilePosition, UnitId, Vitals, log,
};
use crate::map::reach::budget_for;
use crate::map::scenario::{Control, Scenario};
use crate::view::orders::Intent;
use crate::view::overlay::Selection;

/// Everything the battle panels read, and the queue their buttons write to.
#[derive(SystemParam)]
pub(super) struct BattleView<'w, 's> {
    scenario: Option<Res<'w, ActiveScenario>>,
    flow: Option<Res<'w, Flow>>,
    events: Option<Res<'w, EventLog>>,
    controllers: Option<Res<'w, Controllers>>,
    queue: Option<ResMut<'w, CommandQueue>>,
    intent: ResMut<'w, Intent>,
    selection: Res<'w, Selection>,
    units: Query<
        'w,
        's,
        (
            &'static UnitId,
            &'static Vitals,
            &'static Condition,
            &'static Arsenal,
            Option<&'static TilePosition>,
        ),
    >,
}

/// A unit's state as the panels show it.
struct UnitState {
    vitals: Vitals,
    condition: Condition,
    arsenal: Arsenal,
    on_map: bool,
}

impl BattleView<'_, '_> {
    pub(super) fn scenario(&self) -> Option<&std::sync::Arc<Scenario>> {
        self.scenario.as_ref().map(|scenario| &scenario.0)
    }

    pub(super) fn selected(&self) -> Option<UnitId> {
        self.selection.0
    }

    pub(super) fn in_hand(&self, unit: UnitId) -> Option<WeaponChoice> {
        self.unit(unit).map(|state| state.arsenal.in_hand)
    }

    fn unit(&self, unit: UnitId) -> Option<UnitState> {
        self.units.iter().find(|(id, ..)| **id == unit).map(
            |(_, vitals, condition, arsenal, position)| UnitState {
                vitals: *vitals,
                condition: *condition,
                arsenal: arsenal.clone(),
                on_map: position.is_some(),
            },
        )
    }

    pub(super) fn played_here(&self, unit: UnitId) -> bool {
        self.controllers
            .as_ref()
            .is_none_or(|controllers| controllers.0.get(unit.index()) != Some(&Control::Ai))
    }

    fn order(&mut self, command: Command) {
        if let Some(queue) = self.queue.as_mut() {
            queue.0.push_back(command);
        }
        *self.intent = Intent::Default;
    }
}

/// The wound state in words, with the prone and held flags.
pub(super) fn state_words(vitals: &Vitals, condition: &Condition) -> String {
    let mut words = vec![match vitals.wound_state() {
        WoundState::Unhurt => "unhurt",
        WoundState::Hurt => "hurt",
        WoundState::MajorWound => "major wound",
        WoundState::Unconscious => "unconscious",
        WoundState::Stabilised => "stabilised",
        WoundState::Dying => "dying",
        WoundState::Dead => "dead",
    }];
    if condition.prone && vitals.conscious() {
        words.push("prone");
    }
    if condition.held_by.is_some() {
        words.push("held");
    }
    if condition.hindered {
        words.push("hampered");
    }
    words.join(", ")
}

/// The round, whose turn it is, and the buttons for what the unit may do.
pub(super) fn turn_controls(ui: &mut egui::Ui, view: &mut BattleView) {
    let (Some(scenario), Some(flow)) = (
        view.scenario.as_ref().map(|scenario| scenario.0.clone()),
        view.flow.as_ref().map(|flow| (**flow).clone()),
    ) else {
        return;
    };
    match &flow.phase {
        Phase::Setup => setup_controls(ui, view, &scenario),
        Phase::Over(outcome) => {
            let result = match outcome.winner.and_then(|side| scenario.sides.get(side)) {
                Some(side) => format!("{} win: {}", side.name, outcome.reason),
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
            let spec = &scenario.units[unit.index()];
            ui.strong(format!("Round {} · {}'s turn", flow.round, spec.name));
            let movement = budget_for(spec.derived.movement);
            let left = if turn.action_used {
                movement
            } else {
                2 * movement
            }
            .saturating_sub(turn.spent);
            let action = if turn.action_forfeited {
                "no action (ran past MOV)"
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
            ui.label(format!(
                "{}.{} yards of movement left · {action}",
                left / 10,
                left % 10
            ));
            if !view.played_here(unit) {
                ui.label("Played by the AI.");
                return;
            }
            let Some(state) = view.unit(unit) else {
                return;
            };
            unit_buttons(ui, view, &scenario, unit, &state);
        }
    }
    if let Some(prompt) = view.intent.prompt() {
        ui.colored_label(
            egui::Color32::from_rgb(255, 225, 120),
            format!("{prompt} (Esc cancels)"),
        );
    }
}

fn setup_controls(ui: &mut egui::Ui, view: &mut BattleView, scenario: &Scenario) {
    ui.strong("Before the fight");
    ui.label("Set up surprise attacks, or begin round 1.");
    if ui.button("Begin the fight").clicked() {
        view.order(Command::Begin);
    }
    let Some(unit) = view.selection.0 else {
        ui.small("Select a unit to make a surprise attack with it.");
        return;
    };
    let spec = &scenario.units[unit.index()];
    ui.horizontal_wrapped(|ui| {
        let weapon = spec.default_weapon();
        if ui.button(format!("{}: surprise blow", spec.name)).clicked() {
            *view.intent = Intent::Surprise(SurpriseAttack::Strike(weapon));
        }
        if ui.button("surprise grab").clicked() {
            *view.intent = Intent::Surprise(SurpriseAttack::Maneuver(ManeuverGoal::Hold));
        }
    });
}

const GOALS: [(ManeuverGoal, &str); 6] = [
    (ManeuverGoal::KnockProne, "Knock down"),
    (ManeuverGoal::Disarm, "Disarm"),
    (ManeuverGoal::Hold, "Hold"),
    (ManeuverGoal::BreakHold, "Break free"),
    (ManeuverGoal::Hinder, "Hamper"),
    (ManeuverGoal::Expose, "Leave open"),
];

fn unit_buttons(
    ui: &mut egui::Ui,
    view: &mut BattleView,
    scenario: &Scenario,
    unit: UnitId,
    state: &UnitState,
) {
    let spec = &scenario.units[unit.index()];
    ui.horizontal_wrapped(|ui| {
        if state.condition.prone && ui.button("Stand up").clicked() {
            view.order(Command::StandUp { unit });
        }
        if state.condition.holding.is_some() && ui.button("Let go").clicked() {
            view.order(Command::Release { unit });
        }
        egui::ComboBox::from_id_salt("weapon-in-hand")
            .selected_text(spec.attack_reach(state.arsenal.in_hand).0)
            .show_ui(ui, |ui| {
                let mut choices: Vec<WeaponChoice> = (0..spec.weapons.len())
                    .filter(|index| !state.arsenal.lost.contains(index))
                    .map(WeaponChoice::Carried)
                    .collect();
                choices.extend((0..spec.natural_attacks.len()).map(WeaponChoice::Natural));
                choices.push(WeaponChoice::Unarmed);
                for choice in choices {
                    let name = spec.attack_reach(choice).0;
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
        egui::ComboBox::from_id_salt("maneuver")
            .selected_text("Maneuver…")
            .show_ui(ui, |ui| {
                for (goal, label) in GOALS {
                    if ui.selectable_label(false, label).clicked() {
                        *view.intent = Intent::Maneuver(goal);
                    }
                }
            });
        if ui.button("First aid").clicked() {
            *view.intent = Intent::FirstAid;
        }
        if ui
            .button("Delay…")
            .on_hover_text("Wait until a unit you click has acted")
            .clicked()
        {
            *view.intent = Intent::DelayUntil;
        }
        if ui.button("Delay to the end").clicked() {
            view.order(Command::Delay { unit, until: None });
        }
        if ui
            .button("Flee")
            .on_hover_text("Leave from a map edge or an exit")
            .clicked()
        {
            view.order(Command::Flee { unit });
        }
        if ui.button("End turn").clicked() {
            view.order(Command::EndTurn { unit });
        }
    });
    ui.small("Click an empty tile to move, an enemy beside you to attack it.");
}

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
pub(super) fn defence_prompt(context: &egui::Context, view: &mut BattleView) {
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
    let spec = &scenario.units[defender.index()];
    let attacker = &scenario.units[pending.attacker.index()];
    let ruleset = scenario.ruleset.clone();
    let asked = asked(view, defender);
    let dived = view
        .unit(defender)
        .is_some_and(|state| state.condition.dived_for_cover);
    egui::Window::new(format!("{} is attacked", spec.name))
        .collapsible(false)
        .resizable(false)
        .anchor(egui::Align2::CENTER_TOP, egui::vec2(-160.0, 24.0))
        .show(context, |ui| {
            let what = match &pending.kind {
                AttackKind::Strike(choice) => format!("comes at {} with {}", spec.name, attacker.attack_reach(*choice).0),
                AttackKind::Maneuver(goal) => format!(
                    "tries to {} {}",
                    GOALS
                        .iter()
                        .find(|(known, _)| known == goal)
                        .map_or("maneuver", |(_, label)| label)
                        .to_lowercase(),
                    spec.name
                ),
                AttackKind::Fire(fire) => format!(
                    "opens fire on {} with the {}",
                    spec.name,
                    attacker.attack_reach(fire.weapon).0
                ),
            };
            ui.label(format!("{} {what}.", attacker.name));
            let dodge = spec.skill(ruleset.as_ref(), crate::rules::skills::DODGE);
            let may_fight_back = !dived
                && asked
                    != (DefenceKind::Thrown {
                        may_fight_back: false,
                    });
            ui.horizontal_wrapped(|ui| {
                let mut answer_with = |answer: Answer| {
                    view.order(Command::Answer {
                        unit: defender,
                        answer,
                    });
                };
                if asked == DefenceKind::Shots {
                    if ui
                        .button(format!("Dive for cover (Dodge {dodge}%) [1]"))
                        .on_hover_text("A penalty die on the shots if the Dodge roll succeeds; the next action is lost either way")
                        .clicked()
                    {
                        answer_with(Answer::DiveForCover);
                    }
                } else {
                    if ui.button(format!("Dodge ({dodge}%) [1]")).clicked() {
                        answer_with(Answer::Dodge);
                    }
                    if may_fight_back {
                        if ui.button("Fight back [2]").clicked() {
                            answer_with(Answer::FightBack);
                        }
                        egui::ComboBox::from_id_salt("answer-maneuver")
                            .selected_text("Maneuver…")
                            .show_ui(ui, |ui| {
                                for (goal, label) in GOALS {
                                    if ui.selectable_label(false, label).clicked() {
                                        answer_with(Answer::Maneuver(goal));
                                    }
                                }
                            });
                    }
                }
                if ui.button("Take it [3]").clicked() {
                    answer_with(Answer::Nothing);
                }
            });
        });
}

/// The latest events in plain words, newest last.
pub(super) fn event_log(ui: &mut egui::Ui, view: &BattleView) {
    let (Some(scenario), Some(events)) = (view.scenario.as_ref(), view.events.as_ref()) else {
        return;
    };
    egui::ScrollArea::vertical()
        .stick_to_bottom(true)
        .max_height(ui.available_height() - 24.0)
        .show(ui, |ui| {
            for event in events
                .0
                .iter()
                .rev()
                .take(200)
                .collect::<Vec<_>>()
                .into_iter()
                .rev()
            {
                ui.small(log::describe(event, &scenario.0));
            }
        });
}

/// A unit's wound state for the card, or `None` outside a battle.
pub(super) fn unit_status(view: &BattleView, unit: UnitId) -> Option<String> {
    let state = view.unit(unit)?;
    let place = if state.on_map { "" } else { " · off the map" };
    Some(format!(
        "{} of {} hit points · {}{place}",
        state.vitals.hit_points,
        state.vitals.max_hit_points,
        state_words(&state.vitals, &state.condition)
    ))
}
