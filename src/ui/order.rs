//! The turn order down the left: this round's DEX order with the acting unit highlighted, who
//! has acted, who waits, and who is out of it; each with a small hit-point bar and badge.
//! Clicking a name selects the unit and centres the view on it.

use bevy_egui::egui;

use super::cards::{hit_point_bar, wound_badge};
use super::side_colour;
use super::view::BattleView;
use crate::battle::{Phase, Presence, UnitId};
use crate::map::scenario::Scenario;
use crate::rules::round::TurnKind;
use crate::view::camera::CentreOn;

/// Where a unit stands in the round.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Place {
    Acting,
    Acted,
    ToAct,
    Waiting,
}

pub(super) fn turn_order(
    ui: &mut egui::Ui,
    scenario: &Scenario,
    view: &mut BattleView,
    centre: &mut CentreOn,
) {
    let Some(flow) = view.flow.as_ref().map(|flow| (**flow).clone()) else {
        return;
    };
    egui::ScrollArea::vertical().show(ui, |ui| {
        ui.add_space(6.0);
        match &flow.phase {
            Phase::Setup => {
                ui.heading("Before the fight");
                ui.small(scenario.ruleset.words().round_words());
            }
            Phase::Over(_) => {
                ui.heading("The fight is over");
            }
            Phase::Turn | Phase::Defending(_) => {
                ui.heading(format!("Round {}", flow.round));
            }
        }
        ui.separator();
        let acting = flow.acting();
        let waiting: Vec<UnitId> = flow
            .delayed
            .iter()
            .map(|(unit, _)| *unit)
            .filter(|unit| !view.unseen(*unit))
            .collect();
        let mut shown: Vec<UnitId> = Vec::new();
        let mut listed: Vec<UnitId> = Vec::new();
        for (index, slot) in flow.order.iter().enumerate() {
            let unit = UnitId(slot.unit);
            let place = if Some(unit) == acting && index + 1 == flow.next_in_order {
                Place::Acting
            } else if waiting.contains(&unit) {
                Place::Waiting
            } else if index < flow.next_in_order && !flow.released.contains(&unit) {
                Place::Acted
            } else {
                Place::ToAct
            };
            // A unit with several slots is listed at each; one waiting, once, below; an unseen
            // one nowhere.
            if place != Place::Waiting && !view.unseen(unit) {
                row(ui, scenario, view, centre, unit, place);
                let words = scenario.ruleset.words().slot_words(slot);
                if !words.is_empty() {
                    ui.small(format!("      {words}"));
                }
                declared(ui, view, unit, slot.kind);
                listed.push(unit);
            }
        }
        shown.extend(listed);
        if !waiting.is_empty() {
            ui.add_space(4.0);
            ui.strong("Waiting");
            for unit in &waiting {
                let until = flow
                    .delayed
                    .iter()
                    .find(|(waiting, _)| waiting == unit)
                    .and_then(|(_, until)| *until);
                row(ui, scenario, view, centre, *unit, Place::Waiting);
                let reason = match until {
                    Some(other) => {
                        format!("until {} has acted", scenario.units[other.index()].name)
                    }
                    None => "until everyone has acted".to_string(),
                };
                ui.small(format!("      {reason}"));
                shown.push(*unit);
            }
        }
        let others: Vec<UnitId> = (0..scenario.units.len())
            .map(UnitId::of_index)
            .filter(|unit| !shown.contains(unit) && !view.unseen(*unit))
            .collect();
        if !others.is_empty() {
            ui.add_space(4.0);
            ui.strong(if flow.order.is_empty() {
                "Units"
            } else {
                "Not in this round"
            });
            for unit in others {
                row(ui, scenario, view, centre, unit, Place::ToAct);
            }
        }
    });
}

/// Under a declaration slot (the western), what binds the unit's turn there, once it has
/// declared it.
fn declared(ui: &mut egui::Ui, view: &BattleView, unit: UnitId, kind: TurnKind) {
    let Some(binding) = view
        .bounds(unit)
        .and_then(|bounds| bounds.binding.as_ref())
        .filter(|binding| binding.given && kind == TurnKind::Declare)
    else {
        return;
    };
    ui.horizontal_wrapped(|ui| {
        ui.add_space(18.0);
        ui.label(
            egui::RichText::new(&binding.words)
                .small()
                .color(egui::Color32::from_rgb(255, 225, 120)),
        );
    });
}

/// One unit's row: a marker for its place in the round, its name in its side's colour (click
/// to find it), its hit points and its badge.
fn row(
    ui: &mut egui::Ui,
    scenario: &Scenario,
    view: &mut BattleView,
    centre: &mut CentreOn,
    unit: UnitId,
    place: Place,
) {
    let spec = &scenario.units[unit.index()];
    let Some(state) = view.unit(unit) else {
        return;
    };
    let (marker, strength) = match place {
        Place::Acting => ("▶", 1.0),
        Place::Acted => ("✔", 0.55),
        Place::ToAct => ("  ", 1.0),
        Place::Waiting => ("⏸", 0.8),
    };
    let frame = if place == Place::Acting {
        egui::Frame::new()
            .fill(egui::Color32::from_rgba_unmultiplied(255, 200, 40, 40))
            .stroke(egui::Stroke::new(
                1.5,
                egui::Color32::from_rgb(255, 200, 40),
            ))
            .corner_radius(4.0)
            .inner_margin(3.0)
    } else {
        egui::Frame::new().inner_margin(3.0)
    };
    frame.show(ui, |ui| {
        ui.horizontal(|ui| {
            ui.label(marker);
            let colour = side_colour(scenario, spec).gamma_multiply(strength);
            let name = egui::RichText::new(&spec.name).color(colour).strong();
            if ui
                .add(egui::Label::new(name).sense(egui::Sense::click()))
                .on_hover_text("Select it and centre the view on it")
                .clicked()
            {
                view.select(unit);
                centre.0 = Some(unit);
            }
        });
        ui.horizontal(|ui| {
            ui.add_space(18.0);
            // Wrapped inside the indent, so chips that spill over stay under the name.
            ui.horizontal_wrapped(|ui| {
                let presence = match state.condition.presence {
                    Presence::Arriving(round) => Some(format!("arrives in round {round}")),
                    Presence::Fled => Some("fled".to_string()),
                    Presence::Reserve => Some("in reserve".to_string()),
                    Presence::Removed => Some("off the map".to_string()),
                    Presence::Present => None,
                };
                match presence {
                    Some(words) => {
                        ui.small(words);
                    }
                    None => {
                        hit_point_bar(ui, view.numbers_hidden(unit), &state.vitals, 90.0);
                        wound_badge(
                            ui,
                            scenario.ruleset.as_ref(),
                            (&state.vitals, &state.condition, view.own_flags(unit)),
                            true,
                        );
                    }
                }
            });
        });
    });
}
