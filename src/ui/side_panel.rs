//! The side panel: the scenario and its sides, the action bar, the selected unit's card, the
//! tile under the pointer and the aim or blast readout.

use bevy_egui::egui;

use super::view::BattleView;
use super::{PanelInputs, UiSettings, WaysOut, actions, cards, playback};
use crate::battle::UnitId;
use crate::map::scenario::Scenario;
use crate::rules::body::Hand;
use crate::rules::roll_harm::LocationTally;
use crate::rules::ruleset::Ruleset;
use crate::schedule::Screen;
use crate::view::table::TableViewWanted;

/// The right-hand panel: the scenario, the sides, the action bar, the selected unit's card,
/// the tile under the pointer and the aim or blast readout.
pub(super) fn side_panel(
    ui: &mut egui::Ui,
    inputs: &PanelInputs,
    view: &mut BattleView,
    (settings, table_wanted): (&mut UiSettings, &mut TableViewWanted),
    ways_out: &mut WaysOut,
) {
    let map = &inputs.map.0;
    let scenario = view.scenario().cloned();
    egui::ScrollArea::vertical().show(ui, |ui| {
        ui.add_space(6.0);
        // The buttons on a row of their own, so a long name never runs under them.
        ui.horizontal_wrapped(|ui| {
            let playing = scenario.is_some() && !view.watching();
            if playing
                && ui
                    .button("Save")
                    .on_hover_text(
                        "Save the battle to play on later (F5); it also saves itself after \
                         every turn",
                    )
                    .clicked()
            {
                view.ask_to_save();
            }
            if playing
                && ui
                    .button("Keeper")
                    .on_hover_text(
                        "The keeper's hand: dice from the table, undo, hold the AI, correct a \
                         unit",
                    )
                    .clicked()
            {
                settings.keeper_shown = !settings.keeper_shown;
            }
            if scenario.is_some()
                && ui
                    .add_enabled(!table_wanted.open, egui::Button::new("Table view"))
                    .on_hover_text(
                        "A second window for the players' screen (a TV, a projector): the map \
                         and what they may see",
                    )
                    .clicked()
            {
                table_wanted.open = true;
            }
            if ui.button("?").on_hover_text("Keys and mouse").clicked() {
                settings.help_shown = !settings.help_shown;
            }
            if playing
                && ui
                    .button("Restart")
                    .on_hover_text(
                        "The same fight from its start, with fresh dice (the fight so far \
                         stays saved)",
                    )
                    .clicked()
            {
                ways_out.restart.0 = Some(crate::rules::dice::fresh_seed());
            }
            if ui
                .button("Menu")
                .on_hover_text("Back to the start menu (the fight so far stays saved)")
                .clicked()
            {
                ways_out.screen.set(Screen::Menu);
            }
        });
        match &scenario {
            Some(scenario) => ui.heading(&scenario.name),
            None => ui.heading(&map.name),
        };
        match &scenario {
            Some(scenario) => ui.label(&scenario.description),
            None => ui.label(&map.description),
        };
        ui.small(format!(
            "{} · {} × {} yards",
            inputs.ruleset.0.name(),
            map.width(),
            map.height()
        ));
        ui.separator();
        if let Some(scenario) = &scenario {
            sides(ui, scenario, view);
            ui.separator();
            if let Some(playback) = view.playback.as_mut() {
                playback::controls(ui, playback);
                ui.separator();
            }
            actions::turn_controls(ui, view);
            ui.separator();
            match view.selected() {
                Some(id) => cards::unit_card(ui, scenario, id, inputs.range_shown.0, view),
                None => {
                    ui.label("Click a unit to see where it can move and shoot.");
                }
            }
            ui.separator();
        }
        tile_notes(ui, inputs, view, scenario.as_deref());
        readouts(ui, inputs, scenario.as_deref());
    });
}

/// The tile under the pointer: its terrain, cover, who stands there and what is set on it.
fn tile_notes(
    ui: &mut egui::Ui,
    inputs: &PanelInputs,
    view: &BattleView,
    scenario: Option<&Scenario>,
) {
    let map = &inputs.map.0;
    let Some(tile) = inputs.hovered.tile else {
        return;
    };
    let Some(terrain) = map.terrain(tile) else {
        return;
    };
    ui.strong(format!("Tile {tile}: {}", terrain.name));
    let mut notes = Vec::new();
    if terrain.blocks_movement {
        notes.push("impassable".to_string());
    } else if terrain.move_cost > 1 {
        notes.push(format!("costs ×{} to cross", terrain.move_cost));
    }
    if terrain.blocks_sight {
        notes.push("blocks sight".to_string());
    }
    // A rulebook whose cover hides body parts says which, not an armor.
    let by_part = scenario
        .map(|scenario| scenario.ruleset.as_ref())
        .filter(|ruleset| ruleset.mechanisms().part_cover.is_some());
    if let (true, Some(ruleset)) = (terrain.cover != crate::map::Cover::None, by_part) {
        notes.push(part_cover_words(ruleset, terrain.stops_bullets()));
    } else if terrain.cover != crate::map::Cover::None {
        notes.push(format!("cover, armor {}", terrain.armor));
    }
    if terrain.dark {
        notes.push("unlit".to_string());
    }
    if let Some(scenario) = scenario
        && let Some((id, _)) = inputs
            .positions
            .iter()
            .find(|(_, position)| position.0 == tile)
    {
        notes.push(format!("{} stands here", scenario.units[id.index()].name));
    }
    notes.extend(view.charges_at(tile));
    if !notes.is_empty() {
        ui.label(notes.join(" · "));
    }
}

/// Cover that hides body parts (the d100 house sheet), in words: whether it stops bullets, and
/// the parts it hides of a right-handed unit in each stance the rulebook offers.
fn part_cover_words(ruleset: &dyn Ruleset, stops: bool) -> String {
    let mut words = vec![if stops {
        "stops bullets".to_string()
    } else {
        "does not stop bullets (digit sum)".to_string()
    }];
    let mechanisms = ruleset.mechanisms();
    for &posture in mechanisms.posture_choices() {
        let parts = mechanisms
            .covered_parts(posture, Hand::Right)
            .unwrap_or_default();
        let parts = if parts.len() >= LocationTally::PARTS.len() {
            "all".to_string()
        } else {
            parts
                .iter()
                .map(|part| part.words())
                .collect::<Vec<_>>()
                .join(", ")
        };
        words.push(format!(
            "{}: {parts}",
            mechanisms.posture_words(posture).state
        ));
    }
    words.join(" · ")
}

/// The aim at the enemy under the pointer, or the blast an explosive would make there.
fn readouts(ui: &mut egui::Ui, inputs: &PanelInputs, scenario: Option<&Scenario>) {
    let highlight = egui::Color32::from_rgb(255, 225, 120);
    if let Some(aim) = &inputs.aim.0 {
        ui.separator();
        ui.strong(format!("{} at the target", aim.weapon));
        ui.label(egui::RichText::new(aim.label()).size(17.0).color(highlight));
        for roll in &aim.rolls {
            ui.small(roll);
        }
    } else if let Some(sketch) = &inputs.blast.0 {
        ui.separator();
        ui.strong(format!("Blast at {}", sketch.centre));
        ui.label(
            egui::RichText::new(&sketch.headline)
                .size(16.0)
                .color(highlight),
        );
        if let Some(scenario) = scenario {
            for (unit, ring) in &sketch.caught {
                let share = sketch
                    .rings
                    .get(*ring)
                    .map_or("full damage", |ring| ring.words.as_str());
                ui.small(format!("{}: {share}", scenario.units[unit.index()].name));
            }
            for unit in &sketch.shielded {
                ui.small(format!(
                    "{}: behind cover",
                    scenario.units[unit.index()].name
                ));
            }
        }
    }
}

fn sides(ui: &mut egui::Ui, scenario: &Scenario, view: &BattleView) {
    for (index, side) in scenario.sides.iter().enumerate() {
        let (red, green, blue) = side.colour;
        let members: Vec<UnitId> = (0..scenario.units.len())
            .filter(|unit| scenario.units[*unit].side == index)
            .map(UnitId::of_index)
            .filter(|unit| !view.unseen(*unit))
            .collect();
        let player = if members.iter().all(|unit| view.played_here(*unit)) {
            "played here"
        } else {
            "played by the AI"
        };
        ui.horizontal_wrapped(|ui| {
            ui.colored_label(egui::Color32::from_rgb(red, green, blue), "⏺");
            ui.label(format!("{} · {} · {player}", side.name, members.len()));
        });
    }
}
