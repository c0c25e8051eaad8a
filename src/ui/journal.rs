//! The combat log along the bottom: every event in plain words, each line marked with its round
//! and coloured by the side of the unit it is about, filtered by unit and by kind, scrolled to
//! the newest, and saved as a Markdown file on request.

use std::collections::BTreeSet;
use std::path::PathBuf;

use bevy::prelude::Resource;
use bevy_egui::egui;

use super::view::BattleView;
use super::{Notices, side_colour};
use crate::battle::UnitId;
use crate::battle::event::Event;
use crate::log::{self, LogKind, Reader};
use crate::map::scenario::Scenario;

/// What the log shows: one unit or all, and which kinds of event.
#[derive(Resource, Debug, Clone, Default, PartialEq, Eq)]
pub struct LogFilter {
    pub unit: Option<UnitId>,
    pub hidden: BTreeSet<LogKind>,
}

impl LogFilter {
    /// Whether an event passes the filter.
    fn shows(&self, event: &Event) -> bool {
        !self.hidden.contains(&log::kind_of(&event.kind))
            && self
                .unit
                .is_none_or(|unit| log::units_of(&event.kind).contains(&unit))
    }
}

/// The file a log is saved to: the scenario's name, the seed and whose copy it is, in the
/// working directory.
fn export_path(scenario: &Scenario, seed: u64, reader: Reader) -> PathBuf {
    let whose = match reader {
        Reader::Keeper => "-keeper",
        Reader::Players => "",
    };
    PathBuf::from(format!(
        "gridkeeper-log-{}-seed-{seed}{whose}.md",
        scenario.slug()
    ))
}

/// Save the whole log as Markdown, the players' copy and the keeper's (each written
/// atomically); the words for the notice.
pub(super) fn export(events: &[Event], scenario: &Scenario, seed: u64) -> String {
    let mut saved = Vec::new();
    for reader in [Reader::Players, Reader::Keeper] {
        let path = export_path(scenario, seed, reader);
        let text = log::markdown(events, scenario, seed, reader);
        if let Err(error) = crate::files::write_atomically(&path, &text) {
            return format!("Could not save the log to {}: {error}", path.display());
        }
        saved.push(path.display().to_string());
    }
    format!("Saved the log to {}", saved.join(" (players) and "))
}

/// The log panel: the filters and the save button, then the lines.
pub(super) fn log_panel(
    ui: &mut egui::Ui,
    scenario: &Scenario,
    view: &BattleView,
    filter: &mut LogFilter,
    notices: &mut Notices,
    seed: u64,
) {
    ui.vertical(|ui| {
        // Wide enough for a row of checkboxes (at scale 1 beside the rolls): shown inline;
        // narrower (a larger scale), they fold into a menu and leave the room to the lines.
        let inline_kinds = ui.available_width() > 640.0;
        ui.horizontal_wrapped(|ui| {
            ui.strong("Log");
            let chosen = filter.unit.map_or("everyone".to_string(), |unit| {
                scenario.units[unit.index()].name.clone()
            });
            egui::ComboBox::from_id_salt("log-unit")
                .selected_text(chosen)
                .show_ui(ui, |ui| {
                    ui.selectable_value(&mut filter.unit, None, "everyone");
                    for (index, unit) in scenario.units.iter().enumerate() {
                        ui.selectable_value(
                            &mut filter.unit,
                            Some(UnitId::of_index(index)),
                            &unit.name,
                        );
                    }
                });
            if inline_kinds {
                kind_checkboxes(ui, filter);
            } else {
                let shown = LogKind::ALL.len() - filter.hidden.len();
                let label = if filter.hidden.is_empty() {
                    "all kinds".to_string()
                } else {
                    format!("{shown} of {} kinds", LogKind::ALL.len())
                };
                ui.menu_button(label, |ui| kind_checkboxes(ui, filter));
            }
            if ui
                .button("Save as Markdown")
                .on_hover_text("The whole log, round by round, in a file beside the game")
                .clicked()
            {
                notices.0.push(export(view.events(), scenario, seed));
            }
        });
        egui::ScrollArea::vertical()
            .stick_to_bottom(true)
            .auto_shrink([false, false])
            .show(ui, |ui| {
                // Read as the players, the log holds what they may read, in their words.
                let events = view.events();
                let lines: Vec<(&Event, String)> = if view.reads_as_keeper() {
                    events
                        .iter()
                        .map(|event| (event, log::describe(event, scenario)))
                        .collect()
                } else {
                    log::visibility::players_lines(scenario, events)
                        .into_iter()
                        .map(|(index, words)| (&events[index], words))
                        .collect()
                };
                for (event, words) in lines.iter().filter(|(event, _)| filter.shows(event)) {
                    let colour = log::units_of(&event.kind)
                        .first()
                        .map_or(ui.visuals().text_color(), |unit| {
                            side_colour(scenario, &scenario.units[unit.index()])
                        });
                    ui.horizontal_wrapped(|ui| {
                        ui.label(
                            egui::RichText::new(format!("R{}", event.round))
                                .small()
                                .weak(),
                        );
                        ui.label(egui::RichText::new(words).color(colour));
                    });
                }
            });
    });
}

/// A checkbox for each kind of event, ticked when the log shows it.
fn kind_checkboxes(ui: &mut egui::Ui, filter: &mut LogFilter) {
    for kind in LogKind::ALL {
        let mut shown = !filter.hidden.contains(&kind);
        if ui.checkbox(&mut shown, kind.label()).changed() {
            if shown {
                filter.hidden.remove(&kind);
            } else {
                filter.hidden.insert(kind);
            }
        }
    }
}

/// On Call of Cthulhu 7e's shipped scenes.
#[cfg(all(test, feature = "coc7e"))]
mod tests {
    use super::*;

    #[test]
    fn logs_are_saved_under_the_scenarios_name_and_seed() {
        let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/maps/cellar.ron"))
            .expect("the cellar");
        let maps = std::path::Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/maps"));
        let scenario = Scenario::parse("cellar.ron", &text, Some(maps)).expect("it loads");
        assert_eq!(
            export_path(&scenario, 42, Reader::Players),
            PathBuf::from("gridkeeper-log-cellar-melee-seed-42.md")
        );
        assert_eq!(
            export_path(&scenario, 42, Reader::Keeper),
            PathBuf::from("gridkeeper-log-cellar-melee-seed-42-keeper.md")
        );
    }
}
