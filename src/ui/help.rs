//! Windows over the map: the list of keys and mouse buttons (from the key map in use), and short
//! notices (a key map that could not be read, a log saved).

use bevy_egui::egui;

use super::{Notices, UiSettings};
use crate::input::KeyMap;
use crate::input::keymap::ACTIONS;
use crate::replay::SaveState;

/// The help window: every action and its bindings, from the key map in use.
pub(super) fn help_window(context: &egui::Context, settings: &mut UiSettings, keys: &KeyMap) {
    if !settings.help_shown {
        return;
    }
    let mut open = true;
    // However large the text, the list fits the window and scrolls; its close button stays in
    // sight.
    let room = context.content_rect();
    egui::Window::new("Keys and mouse")
        .open(&mut open)
        .collapsible(false)
        .resizable(false)
        .constrain(true)
        .max_width(room.width() * 0.9)
        .default_width((room.width() * 0.9).min(620.0))
        .anchor(egui::Align2::CENTER_CENTER, egui::vec2(0.0, 0.0))
        .show(context, |ui| {
            egui::ScrollArea::vertical()
                .max_height(room.height() * 0.7)
                .show(ui, |ui| key_grid(ui, keys));
            ui.separator();
            ui.small(format!(
                "Change the keys in `{}` (a copy of assets/keys.ron) or with --keys FILE. Scale {:.2}.",
                crate::input::keymap::USER_KEY_MAP_FILE,
                settings.scale
            ));
        });
    if !open {
        settings.help_shown = false;
    }
}

/// Every action and its keys, a row each: the keys, then what they do, wrapping onto a second
/// line where the window is narrow.
fn key_grid(ui: &mut egui::Ui, keys: &KeyMap) {
    let rows = ACTIONS
        .iter()
        .map(|(action, _, words)| (keys.words(*action), *words))
        .chain(std::iter::once((
            "Wheel".to_string(),
            "zoom the map (over a panel it scrolls the panel)",
        )));
    for (keys, words) in rows {
        ui.horizontal_wrapped(|ui| {
            ui.strong(keys);
            ui.label(words);
        });
    }
}

/// Notices along the top of the map, each with a button to dismiss it; first, while the
/// autosave fails, one that says so and stays (it changes as the failure does, and goes once a
/// save works again).
pub(super) fn notices(context: &egui::Context, notices: &mut Notices, saved: &SaveState) {
    let failing = autosave_failure_words(saved);
    if notices.0.is_empty() && failing.is_none() {
        return;
    }
    let mut dismissed = None;
    egui::Window::new("Notices")
        .title_bar(false)
        .resizable(false)
        .anchor(egui::Align2::CENTER_TOP, egui::vec2(0.0, 8.0))
        .show(context, |ui| {
            if let Some(failing) = &failing {
                ui.label(
                    egui::RichText::new(failing).color(egui::Color32::from_rgb(255, 140, 120)),
                );
            }
            for (index, notice) in notices.0.iter().enumerate() {
                ui.horizontal(|ui| {
                    ui.label(
                        egui::RichText::new(notice).color(egui::Color32::from_rgb(255, 225, 120)),
                    );
                    if ui.small_button("✖").clicked() {
                        dismissed = Some(index);
                    }
                });
            }
        });
    if let Some(index) = dismissed {
        notices.0.remove(index);
    }
}

/// "The battle is not being saved: cannot write saves/x.ron (Permission denied), since round
/// 2", while the autosave fails.
pub(super) fn autosave_failure_words(saved: &SaveState) -> Option<String> {
    let ((since, why), path) = (saved.failure.as_ref()?, saved.path.as_ref()?);
    Some(format!(
        "The battle is not being saved: {} cannot be written ({why}), since round {since}. \
         Free the folder (or its disk) and the next turn saves it all.",
        path.display()
    ))
}
