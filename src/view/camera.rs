//! The map camera: it keeps to the part of the window the overlay's panels leave free, fits the
//! map at start, pans (keys, mouse drag) and zooms (wheel, keys) through the input actions, and
//! centres on a unit when asked.

use bevy::camera::visibility::RenderLayers;
use bevy::camera::{CameraOutputMode, ScalingMode, Viewport};
use bevy::prelude::*;
use bevy::render::render_resource::BlendState;
use bevy::window::PrimaryWindow;
use bevy_egui::input::{egui_wants_any_keyboard_input, egui_wants_any_pointer_input};
use leafwing_input_manager::prelude::ActionState;

use super::{MapGeometry, ShownMap, TILE_SIZE};
use crate::battle::UnitId;
use crate::battle::scope::BattleScoped;
use crate::input::MapAction;
use crate::schedule::AppSystems;

/// The camera that looks at the map (the overlay has its own).
#[derive(Component, Debug)]
pub struct MapCamera;

/// How much of the window the overlay's panels take on each side, in logical pixels: the map
/// is drawn in what is left. The overlay sets it as it opens and measures its panels every frame;
/// without an overlay the map has the whole window.
#[derive(Resource, Debug, Clone, Copy, Default, PartialEq)]
pub struct MapInsets {
    pub left: f32,
    pub right: f32,
    pub top: f32,
    pub bottom: f32,
}

/// A request to centre the view on a unit (from the turn order, or the centre key).
#[derive(Resource, Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct CentreOn(pub Option<UnitId>);

/// How far the view may zoom, as a multiple of the scale that fits the whole map.
const MOST_ZOOMED_IN: f32 = 0.15;
const MOST_ZOOMED_OUT: f32 = 1.6;
/// Wheel notches and key presses zoom by this factor.
const ZOOM_STEP: f32 = 1.15;
/// A camera for an egui overlay over a whole window, drawn after the map's (`order` 1) and
/// drawing nothing of the world itself: egui sizes its context to its camera's viewport, so the
/// overlay cannot share the map camera, which keeps to the room the panels leave.
pub fn overlay_camera() -> impl Bundle {
    (
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
    )
}

/// Keyboard panning speed in tiles a second at the fitted scale.
const PAN_TILES_PER_SECOND: f32 = 18.0;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<MapInsets>()
        .battle_view::<CentreOn>()
        .add_systems(Startup, spawn_camera)
        .add_systems(
            Update,
            (
                fit_the_map.run_if(resource_changed::<ShownMap>),
                keep_the_map_between_the_panels,
                pan_with_keys.run_if(not(egui_wants_any_keyboard_input)),
                (drag_and_wheel).run_if(not(egui_wants_any_pointer_input)),
                zoom_with_keys.run_if(not(egui_wants_any_keyboard_input)),
                centre_on_a_unit,
                keep_the_map_in_view,
            )
                .chain()
                .in_set(AppSystems::Interact),
        );
}

fn spawn_camera(mut commands: Commands) {
    commands.spawn((
        Name::new("Map camera"),
        MapCamera,
        Camera2d,
        bevy::camera::visibility::RenderLayers::from_layers(&[0, super::KEEPER_LAYER]),
    ));
}

/// Whenever another map is shown (or the map grows or shrinks): the whole of it in view, with a
/// tile's margin, centred and unzoomed. A map painted in the editor keeps the view.
fn fit_the_map(
    map: Res<ShownMap>,
    camera: Single<(&mut Transform, &mut Projection), With<MapCamera>>,
    mut fitted: Local<Option<(String, u32, u32)>>,
) {
    let shown = (map.0.name.clone(), map.0.width(), map.0.height());
    if fitted.as_ref() == Some(&shown) {
        return;
    }
    *fitted = Some(shown);
    let size = MapGeometry::of(&map.0).size() + Vec2::splat(2.0 * TILE_SIZE);
    let (mut transform, mut projection) = camera.into_inner();
    transform.translation.x = 0.0;
    transform.translation.y = 0.0;
    *projection = Projection::Orthographic(OrthographicProjection {
        scaling_mode: ScalingMode::AutoMin {
            min_width: size.x,
            min_height: size.y,
        },
        ..OrthographicProjection::default_2d()
    });
}

/// Draw the map only in the part of the window the panels leave free, so the whole map fits
/// between them at any window size and any size of text.
fn keep_the_map_between_the_panels(
    window: Single<&Window, With<PrimaryWindow>>,
    insets: Res<MapInsets>,
    mut camera: Single<&mut Camera, With<MapCamera>>,
) {
    keep_to(
        &mut camera,
        &window,
        insets.left,
        insets.top,
        insets.right,
        insets.bottom,
    );
}

/// Keep a camera's viewport to its window less these margins (logical pixels), touching it
/// only when it changes.
pub fn keep_to(camera: &mut Camera, window: &Window, left: f32, top: f32, right: f32, bottom: f32) {
    let scale = window.scale_factor();
    #[expect(
        clippy::cast_possible_truncation,
        clippy::cast_sign_loss,
        reason = "panels are a few hundred logical pixels: positive and far below u32::MAX"
    )]
    let physical = |logical: f32| (logical.max(0.0) * scale).round() as u32;
    let (left, right, top, bottom) = (
        physical(left),
        physical(right),
        physical(top),
        physical(bottom),
    );
    let position = UVec2::new(
        left.min(window.physical_width().saturating_sub(1)),
        top.min(window.physical_height().saturating_sub(1)),
    );
    let size = UVec2::new(
        window.physical_width().saturating_sub(left + right).max(1),
        window.physical_height().saturating_sub(top + bottom).max(1),
    );
    let unchanged = camera.viewport.as_ref().is_some_and(|viewport| {
        viewport.physical_size == size && viewport.physical_position == position
    });
    if !unchanged {
        camera.viewport = Some(Viewport {
            physical_position: position,
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
    let held = |action: MapAction| if controls.pressed(&action) { 1.0 } else { 0.0 };
    let direction = Vec2::new(
        held(MapAction::PanRight) - held(MapAction::PanLeft),
        held(MapAction::PanUp) - held(MapAction::PanDown),
    );
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

/// Whether the pointer is over the map's part of the window (between the panels). The wheel
/// and dragging belong to the map only there: over a panel the wheel scrolls the panel.
pub fn pointer_over_map(window: &Window, camera: &Camera) -> bool {
    window.cursor_position().is_some_and(|cursor| {
        camera
            .logical_viewport_rect()
            .is_none_or(|area| area.contains(cursor))
    })
}

fn drag_and_wheel(
    controls: Single<&ActionState<MapAction>>,
    camera: Single<(&mut Transform, &mut Projection, &Camera), With<MapCamera>>,
    window: Single<&Window, With<PrimaryWindow>>,
) {
    let (mut transform, mut projection, camera) = camera.into_inner();
    if !pointer_over_map(&window, camera) {
        return;
    }
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

/// Centre the view on a unit when asked (the turn order's names, or the centre key for the
/// unit whose turn it is).
fn centre_on_a_unit(
    controls: Single<&ActionState<MapAction>>,
    flow: Option<Res<crate::battle::Flow>>,
    units: Query<(&UnitId, &crate::battle::TilePosition), Without<super::Unseen>>,
    map: Res<ShownMap>,
    mut request: ResMut<CentreOn>,
    mut transform: Single<&mut Transform, With<MapCamera>>,
) {
    let asked = if request.0.is_some() {
        request.0.take()
    } else {
        None
    };
    let wanted = asked.or_else(|| {
        controls
            .just_pressed(&MapAction::CentreOnActing)
            .then(|| flow.and_then(|flow| flow.acting()))
            .flatten()
    });
    let Some(unit) = wanted else {
        return;
    };
    if let Some((_, at)) = units.iter().find(|(id, _)| **id == unit) {
        let centre = MapGeometry::of(&map.0).centre(at.0);
        transform.translation.x = centre.x;
        transform.translation.y = centre.y;
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
