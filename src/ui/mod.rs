//! The egui overlay: panels only, reading the game's resources and holding no rules.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPlugin, EguiPrimaryContextPass, egui};

use crate::ActiveRuleset;
use crate::view::ShownMap;

pub(super) fn plugin(app: &mut App) {
    app.add_plugins(EguiPlugin::default())
        .add_systems(EguiPrimaryContextPass, side_panel);
}

/// The right-hand panel: the map's name, size and legend, and the rulebook in play.
fn side_panel(
    mut contexts: EguiContexts,
    map: Res<ShownMap>,
    ruleset: Res<ActiveRuleset>,
) -> Result {
    let context = contexts.ctx_mut()?;
    let mut root = egui::Ui::new(
        context.clone(),
        "gridkeeper-root".into(),
        egui::UiBuilder::new()
            .layer_id(egui::LayerId::background())
            .max_rect(context.viewport_rect()),
    );
    let map = &map.0;
    egui::Panel::right("side-panel")
        .resizable(false)
        .exact_size(300.0)
        .show(&mut root, |ui| {
            ui.add_space(8.0);
            ui.heading("Gridkeeper");
            ui.label(ruleset.0.name());
            ui.separator();
            ui.strong(&map.name);
            if !map.description.is_empty() {
                ui.label(&map.description);
            }
            ui.label(format!(
                "{} × {} tiles (one yard each)",
                map.width(),
                map.height()
            ));
            ui.separator();
            egui::Grid::new("legend").striped(true).show(ui, |ui| {
                for (terrain, count) in map.terrain_counts() {
                    ui.label(terrain.label());
                    ui.label(count.to_string());
                    ui.end_row();
                }
            });
        });
    Ok(())
}
