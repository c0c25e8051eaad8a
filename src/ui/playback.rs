//! The replay viewer's controls in the side panel: where the replay stands (step, round),
//! play and pause, a step back or on, the start and the end, a slider over the whole battle, a
//! round to jump to, the speed.

use bevy_egui::egui;

use crate::replay::Playback;
use crate::replay::playback::SPEEDS;

/// The controls, acting on the playback (steps are taken on the next frame).
pub(super) fn controls(ui: &mut egui::Ui, playback: &mut Playback) {
    ui.strong(format!(
        "Replay · step {} of {} · round {} of {}",
        playback.at,
        playback.len(),
        playback.round(),
        playback.last_round()
    ));
    ui.horizontal_wrapped(|ui| {
        let at_start = playback.at == 0;
        let at_end = playback.at >= playback.len();
        if ui
            .add_enabled(!at_start, egui::Button::new("⏮"))
            .on_hover_text("Back to the start (Home)")
            .clicked()
        {
            playback.pause_at(0);
        }
        if ui
            .add_enabled(!at_start, egui::Button::new("◀ step"))
            .on_hover_text("One step back (,)")
            .clicked()
        {
            playback.pause_at(playback.heading().saturating_sub(1));
        }
        let play = if playback.playing {
            "⏸ pause"
        } else {
            "▶ play"
        };
        if ui
            .button(play)
            .on_hover_text("Play or pause (Space)")
            .clicked()
        {
            playback.toggle_playing();
        }
        if ui
            .add_enabled(!at_end, egui::Button::new("step ▶"))
            .on_hover_text("One step on (.)")
            .clicked()
        {
            playback.pause_at(playback.heading() + 1);
        }
        if ui
            .add_enabled(!at_end, egui::Button::new("⏭"))
            .on_hover_text("On to the end (End)")
            .clicked()
        {
            playback.pause_at(playback.len());
        }
    });
    let mut step = playback.heading();
    let slider = egui::Slider::new(&mut step, 0..=playback.len())
        .show_value(false)
        .clamping(egui::SliderClamping::Always);
    if ui
        .add(slider)
        .on_hover_text("Drag to any step of the battle")
        .changed()
    {
        playback.pause_at(step);
    }
    ui.horizontal_wrapped(|ui| {
        ui.label("Round");
        let current = playback.round();
        egui::ComboBox::from_id_salt("replay-round")
            .selected_text(if current == 0 {
                "set-up".to_string()
            } else {
                current.to_string()
            })
            .show_ui(ui, |ui| {
                for round in 1..=playback.last_round() {
                    if ui
                        .selectable_label(round == current, round.to_string())
                        .clicked()
                        && let Some(step) = playback.step_of_round(round)
                    {
                        playback.pause_at(step);
                    }
                }
            });
        ui.label("Speed");
        egui::ComboBox::from_id_salt("replay-speed")
            .selected_text(format!("{} a second", playback.speed))
            .show_ui(ui, |ui| {
                for speed in SPEEDS {
                    ui.selectable_value(&mut playback.speed, speed, format!("{speed} a second"));
                }
            });
    });
    ui.small(
        "Each step is one command: an order, an answer. The map, the rolls and the log follow.",
    );
}
