//! The end-of-battle window: who won and why (victory or defeat for a solo player), how long it
//! took, and each side's units with their state at the end and their part in the fight.

use bevy_egui::egui;

use super::cards::{chip, wound_words};
use super::view::BattleView;
use super::{UiSettings, WaysOut};
use crate::battle::tally::{UnitTally, tally};
use crate::battle::{Phase, UnitId};
use crate::map::scenario::Scenario;
use crate::replay::SaveState;
use crate::schedule::Screen;

/// The end window's width, in points: its tables side by side with their six columns.
const OUTCOME_WIDTH: f32 = 520.0;

/// Over the map once the battle is over, until closed.
pub(super) fn outcome_window(
    context: &egui::Context,
    settings: &mut UiSettings,
    view: &BattleView,
    (saved, seed): (&SaveState, Option<u64>),
    ways_out: &mut WaysOut,
) {
    let (Some(scenario), Some(flow)) = (view.scenario(), view.flow.as_ref()) else {
        return;
    };
    let Phase::Over(outcome) = &flow.phase else {
        settings.outcome_closed = false;
        return;
    };
    if settings.outcome_closed {
        return;
    }
    // The sides someone at this screen plays: with one, the result is theirs to win or lose.
    let here: Vec<usize> =
        scenario
            .sides
            .iter()
            .enumerate()
            .filter(|(index, _)| {
                scenario.units.iter().enumerate().any(|(unit, spec)| {
                    spec.side == *index && view.played_here(UnitId::of_index(unit))
                })
            })
            .map(|(index, _)| index)
            .collect();
    let winner = outcome.winner.and_then(|side| scenario.sides.get(side));
    let headline = match (winner, here.as_slice()) {
        (Some(_), [mine]) if outcome.winner == Some(*mine) => "Victory".to_string(),
        (_, [_]) => "Defeat".to_string(),
        (Some(side), _) => format!("{} win", side.name),
        (None, _) => "Nobody wins".to_string(),
    };
    let colour = winner.map_or(egui::Color32::GRAY, |side| {
        egui::Color32::from_rgb(side.colour.0, side.colour.1, side.colour.2)
    });
    let tallies = tally(view.events(), scenario.units.len());
    let mut open = true;
    // Wide enough for the tables beside a long saved-file line (which would otherwise set the
    // width and clip them); on a screen too small for it, the tables scroll and the buttons
    // stay in sight.
    let room = context.content_rect();
    egui::Window::new("The fight is over")
        .collapsible(false)
        .resizable(false)
        .constrain(true)
        .max_width(room.width() * 0.9)
        .default_width((room.width() * 0.9).min(OUTCOME_WIDTH))
        .anchor(egui::Align2::CENTER_CENTER, egui::vec2(0.0, 0.0))
        .open(&mut open)
        .show(context, |ui| {
            ui.label(
                egui::RichText::new(&headline)
                    .size(30.0)
                    .strong()
                    .color(colour),
            );
            ui.label(&outcome.reason);
            ui.label(format!(
                "{} · {} round{}",
                scenario.name,
                flow.round,
                if flow.round == 1 { "" } else { "s" }
            ));
            ui.add_space(6.0);
            // The headline, the saved-file line and the buttons take about this many points.
            let tables = egui::ScrollArea::vertical().max_height((room.height() - 200.0).max(60.0));
            tables.show(ui, |ui| {
                for side_index in 0..scenario.sides.len() {
                    side_table(ui, (view, scenario), side_index, &tallies);
                }
            });
            ui.separator();
            ui.small(saved_words(saved));
            ui.horizontal_wrapped(|ui| {
                if let Some(seed) = seed
                    && !view.watching()
                {
                    if ui
                        .button("Play again")
                        .on_hover_text("The same fight from the start, with the same dice")
                        .clicked()
                    {
                        ways_out.restart.0 = Some(seed);
                    }
                    if ui
                        .button("Play again, new dice")
                        .on_hover_text("The same fight from the start, with fresh dice")
                        .clicked()
                    {
                        ways_out.restart.0 = Some(crate::rules::dice::fresh_seed());
                    }
                }
                if ui
                    .button("Menu")
                    .on_hover_text("Back to the start menu: another scenario, a save, a replay")
                    .clicked()
                {
                    ways_out.screen.set(Screen::Menu);
                }
                if ui.button("Close").clicked() {
                    settings.outcome_closed = true;
                }
            });
        });
    if !open {
        settings.outcome_closed = true;
    }
}

/// Whether and where the battle is saved, as the end window says it.
/// One side's table: each member's state at the end, its attacks, hits, harm dealt and taken,
/// and the enemies it downed; scrolled sideways where the window is too narrow for it.
fn side_table(
    ui: &mut egui::Ui,
    (view, scenario): (&BattleView, &Scenario),
    side_index: usize,
    tallies: &[UnitTally],
) {
    let side = &scenario.sides[side_index];
    let members: Vec<usize> = (0..scenario.units.len())
        .filter(|unit| scenario.units[*unit].side == side_index)
        .collect();
    let standing = members
        .iter()
        .filter(|unit| {
            view.unit(UnitId::of_index(**unit))
                .is_some_and(|state| state.at.is_some() && state.vitals.conscious())
        })
        .count();
    ui.separator();
    ui.strong(format!(
        "{} · {standing} of {} still standing",
        side.name,
        members.len()
    ));
    egui::ScrollArea::horizontal()
        .id_salt(format!("outcome-scroll-{side_index}"))
        .show(ui, |ui| {
            egui::Grid::new(format!("outcome-side-{side_index}"))
                .striped(true)
                .spacing(egui::vec2(12.0, 3.0))
                .show(ui, |ui| {
                    for heading in ["", "at the end", "attacks", "hits", "dealt", "taken"] {
                        ui.small(heading);
                    }
                    ui.small("downed");
                    ui.end_row();
                    for unit in members {
                        let id = UnitId::of_index(unit);
                        let spec = &scenario.units[unit];
                        ui.label(&spec.name);
                        match view.unit(id) {
                            Some(state) if state.at.is_none() && state.vitals.conscious() => {
                                chip(ui, "left the fight", egui::Color32::from_gray(120));
                            }
                            Some(state) => {
                                let (words, colour) = wound_words(state.vitals.wound_state());
                                chip(ui, words, colour);
                            }
                            None => {
                                ui.label("—");
                            }
                        }
                        let part = tallies.get(unit).copied().unwrap_or_default();
                        for figure in [part.attacks, part.hits, part.dealt, part.taken] {
                            ui.label(figure.to_string());
                        }
                        ui.label(part.downed.to_string());
                        ui.end_row();
                    }
                });
        });
}

fn saved_words(saved: &SaveState) -> String {
    let log = "Ctrl+S saves the log as Markdown.";
    match (&saved.path, &saved.failure) {
        (Some(path), None) if saved.saved => format!(
            "The battle is saved to {0}: watch it again with `gridkeeper replay {0}`. {log}",
            path.display()
        ),
        (Some(path), Some((_, why))) => format!(
            "The battle is NOT saved: {} could not be written ({why}). {log}",
            path.display()
        ),
        _ => format!("This battle is not saved. {log}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_end_window_says_truly_whether_the_battle_is_saved() {
        let path = Some(std::path::PathBuf::from("saves/cellar-seed-3.ron"));
        let saved = SaveState {
            path: path.clone(),
            saved: true,
            failure: None,
        };
        assert!(saved_words(&saved).starts_with(
            "The battle is saved to saves/cellar-seed-3.ron: watch it again with `gridkeeper \
             replay saves/cellar-seed-3.ron`."
        ));
        let failing = SaveState {
            path,
            saved: false,
            failure: Some((2, "Read-only file system".to_string())),
        };
        assert!(saved_words(&failing).starts_with(
            "The battle is NOT saved: saves/cellar-seed-3.ron could not be written \
             (Read-only file system)."
        ));
        assert!(saved_words(&SaveState::default()).starts_with("This battle is not saved."));
    }
}
