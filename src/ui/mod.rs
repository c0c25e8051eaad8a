//! The egui overlay: panels only, reading the game's resources and holding no rules.

use bevy::camera::CameraOutputMode;
use bevy::camera::visibility::RenderLayers;
use bevy::prelude::*;
use bevy::render::render_resource::BlendState;
use bevy_egui::{
    EguiContexts, EguiGlobalSettings, EguiPlugin, EguiPrimaryContextPass, PrimaryEguiContext, egui,
};

use crate::ActiveRuleset;
use crate::view::ShownMap;

/// The width of the side panel in logical pixels; the map is drawn beside it.
pub const SIDE_PANEL_WIDTH: f32 = 300.0;

pub(super) fn plugin(app: &mut App) {
    app.add_plugins(EguiPlugin::default())
        .add_systems(Startup, spawn_overlay_camera)
        .add_systems(EguiPrimaryContextPass, side_panel);
}

/// The overlay gets a camera of its own over the whole window, drawn after the map camera, so
/// the map camera can keep to the area beside the panel.
fn spawn_overlay_camera(mut commands: Commands, mut settings: ResMut<EguiGlobalSettings>) {
    settings.auto_create_primary_context = false;
    commands.spawn((
        Name::new("Overlay camera"),
        PrimaryEguiContext,
        Camera2d,
        RenderLayers::none(),
        Camera {
            order: 1,
            output_mode: CameraOutputMode::Write {
                blend_state: Some(BlendState::ALPHA_BLENDING),
                clear_color: ClearColorConfig::None,
            },
            clear_color: ClearColorConfig::Custom(Color::NONE),
            ..default()
        },
    ));
}

/// The right-hand panel: the map's name, size and legend, and the rulebook in play.
fn side_panel(
    mut contexts: EguiContexts,
    map: Res<ShownMap>,
    ruleset: Res<ActiveRuleset>,
    mut legend: Local<Vec<(String, usize)>>,
) -> Result {
    if map.is_changed() || legend.is_empty() {
        *legend = map
            .0
            .terrain_counts()
            .into_iter()
            .map(|(terrain, count)| (terrain.name.clone(), count))
            .collect();
    }
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
        .exact_size(SIDE_PANEL_WIDTH)
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
                for (terrain, count) in legend.iter() {
                    ui.label(terrain);
                    ui.label(count.to_string());
                    ui.end_row();
                }
            });
        });
    Ok(())
}
