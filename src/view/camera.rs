//! The map camera: it keeps to the window beside the side panel, fits the map at start, and
//! pans (keys, mouse drag) and zooms (wheel, keys) through the input actions.

use bevy::camera::{ScalingMode, Viewport};
use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use bevy_egui::input::{egui_wants_any_keyboard_input, egui_wants_any_pointer_input};
use leafwing_input_manager::prelude::ActionState;

use super::{MapGeometry, ShownMap, TILE_SIZE};
use crate::AppSystems;
use crate::input::MapAction;
use crate::ui::SIDE_PANEL_WIDTH;

/// The camera that looks at the map (the overlay has its own).
#[derive(Component, Debug)]
pub struct MapCamera;

/// How far the view may zoom, as a multiple of the scale that fits the whole map.
const MOST_ZOOMED_IN: f32 = 0.15;
const MOST_ZOOMED_OUT: f32 = 1.6;
/// Wheel notches and key presses zoom by this factor.
const ZOOM_STEP: f32 = 1.15;
/// Keyboard panning speed in tiles a second at the fitted scale.
const PAN_TILES_PER_SECOND: f32 = 18.0;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Startup, spawn_camera).add_systems(
        Update,
        (
            keep_the_map_left_of_the_panel,
            pan_with_keys.run_if(not(egui_wants_any_keyboard_input)),
            (drag_and_wheel).run_if(not(egui_wants_any_pointer_input)),
            zoom_with_keys.run_if(not(egui_wants_any_keyboard_input)),
            keep_the_map_in_view,
        )
            .chain()
            .in_set(AppSystems::Interact),
    );
}

fn spawn_camera(mut commands: Commands, map: Res<ShownMap>) {
    let size = MapGeometry::of(&map.0).size() + Vec2::splat(2.0 * TILE_SIZE);
    commands.spawn((
        Name::new("Map camera"),
        MapCamera,
        Camera2d,
        Projection::Orthographic(OrthographicProjection {
            scaling_mode: ScalingMode::AutoMin {
                min_width: size.x,
                min_height: size.y,
            },
            ..OrthographicProjection::default_2d()
        }),
    ));
}

/// Draw the map only in the part of the window the side panel leaves free, so the whole map
/// fits beside the panel at any window size.
fn keep_the_map_left_of_the_panel(
    window: Single<&Window, With<PrimaryWindow>>,
    mut camera: Single<&mut Camera, With<MapCamera>>,
) {
    #[expect(
        clippy::cast_possible_truncation,
        clippy::cast_sign_loss,
        reason = "the panel is a few hundred pixels wide: positive and far below u32::MAX"
    )]
    let panel = (SIDE_PANEL_WIDTH * window.scale_factor()).round() as u32;
    let size = UVec2::new(
        window.physical_width().saturating_sub(panel).max(1),
        window.physical_height().max(1),
    );
    let unchanged = camera
        .viewport
        .as_ref()
        .is_some_and(|viewport| viewport.physical_size == size);
    if !unchanged {
        camera.viewport = Some(Viewport {
            physical_position: UVec2::ZERO,
            physical_size: size,
            ..default()
        });
    }
}

fn orthographic(projection: &mut Projection) -> Option<&mut OrthographicProjection> {
    match projection {
        Projection::Orthographic(orthographic) => Some(orthographic),
        _ => None,
    }
}

fn zoom_by(projection: &mut Projection, factor: f32) {
    if let Some(orthographic) = orthographic(projection) {
        orthographic.scale = (orthographic.scale * factor).clamp(MOST_ZOOMED_IN, MOST_ZOOMED_OUT);
    }
}

fn pan_with_keys(
    controls: Single<&ActionState<MapAction>>,
    camera: Single<(&mut Transform, &Projection), With<MapCamera>>,
    time: Res<Time>,
) {
    let direction = controls.clamped_axis_pair(&MapAction::Pan);
    if direction == Vec2::ZERO {
        return;
    }
    let (mut transform, projection) = camera.into_inner();
    let scale = match projection {
        Projection::Orthographic(orthographic) => orthographic.scale,
        _ => 1.0,
    };
    let step = direction * PAN_TILES_PER_SECOND * TILE_SIZE * scale * time.delta_secs();
    transform.translation += step.extend(0.0);
}

fn drag_and_wheel(
    controls: Single<&ActionState<MapAction>>,
    camera: Single<(&mut Transform, &mut Projection, &Camera), With<MapCamera>>,
) {
    let (mut transform, mut projection, camera) = camera.into_inner();
    let notches = controls.value(&MapAction::Zoom);
    if notches != 0.0 {
        zoom_by(&mut projection, ZOOM_STEP.powf(-notches.signum()));
    }
    let drag = controls.axis_pair(&MapAction::DragPan);
    if drag != Vec2::ZERO
        && let (Some(orthographic), Some(viewport)) = (
            orthographic(&mut projection),
            camera.logical_viewport_size(),
        )
        && viewport.x > 0.0
    {
        // World units per logical pixel: the visible area over the viewport's size.
        let per_pixel = orthographic.area.width() / viewport.x;
        transform.translation.x -= drag.x * per_pixel;
        transform.translation.y += drag.y * per_pixel;
    }
}

fn zoom_with_keys(
    controls: Single<&ActionState<MapAction>>,
    mut projection: Single<&mut Projection, With<MapCamera>>,
) {
    if controls.just_pressed(&MapAction::ZoomIn) {
        zoom_by(&mut projection, 1.0 / ZOOM_STEP);
    }
    if controls.just_pressed(&MapAction::ZoomOut) {
        zoom_by(&mut projection, ZOOM_STEP);
    }
}

/// Never let the view wander so far that the map leaves it entirely.
fn keep_the_map_in_view(
    map: Res<ShownMap>,
    mut transform: Single<&mut Transform, With<MapCamera>>,
) {
    let half = MapGeometry::of(&map.0).size() / 2.0;
    transform.translation.x = transform.translation.x.clamp(-half.x, half.x);
    transform.translation.y = transform.translation.y.clamp(-half.y, half.y);
}
