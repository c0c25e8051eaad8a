//! The table view: a second window for the players' screen (a TV, a projector). Its camera
//! sees only the terrain; the overlay paints the tokens the players may see over it
//! (`ui::table`). Everything drawn for the keeper (token sprites, reach and range overlays,
//! previews, rings, the hovered tile, hidden units) is on the keeper's render layer, which only
//! the keeper's map camera looks at. On a map too large to fill the window with readable
//! tiles, the table's camera follows the acting unit.

use bevy::camera::visibility::RenderLayers;
use bevy::camera::{RenderTarget, ScalingMode};
use bevy::ecs::schedule::ScheduleLabel;
use bevy::gizmos::config::{DefaultGizmoConfigGroup, GizmoConfigStore};
use bevy::prelude::*;
use bevy::window::{
    Monitor, MonitorSelection, PrimaryMonitor, WindowMode, WindowPosition, WindowRef,
    WindowResolution,
};
use bevy_egui::EguiSchedule;

use super::{KEEPER_LAYER, MapGeometry, ShownMap, TILE_SIZE};
use crate::battle::{Condition, Flow, TilePosition, UnitId};
use crate::schedule::AppSystems;

/// The smallest a tile may be drawn on the table at overlay scale 1, in logical pixels, before
/// the camera stops fitting the whole map and follows the action instead.
pub const SMALLEST_TABLE_TILE: f32 = 24.0;

/// How quickly the table's camera glides to the acting unit (a fraction of the way a second).
const FOLLOW_RATE: f32 = 4.0;

/// The table view is wanted (from `--table-view` or the menu): it opens, or opens again once
/// closed and asked for anew, at this size (the keeper's window's, to begin with).
#[derive(Resource, Debug, Clone, Copy, PartialEq, Eq)]
pub struct TableViewWanted {
    pub open: bool,
    pub size: UVec2,
}

impl Default for TableViewWanted {
    fn default() -> Self {
        Self {
            open: false,
            size: UVec2::new(1280, 720),
        }
    }
}

/// The smallest a tile may be drawn on the table, in logical pixels: the overlay sets it from
/// its scale, so a larger scale for a TV across the room draws larger tiles and tokens.
#[derive(Resource, Debug, Clone, Copy, PartialEq)]
pub struct TableTileFloor(pub f32);

impl Default for TableTileFloor {
    fn default() -> Self {
        Self(SMALLEST_TABLE_TILE)
    }
}

/// The open table view: its window and camera.
#[derive(Resource, Debug, Clone, Copy)]
pub struct TableView {
    pub window: Entity,
    pub cameras: [Entity; 2],
}

/// The table view's map camera: it keeps to the part of the window the overlay leaves free.
#[derive(Component, Debug)]
pub struct TableCamera;

/// The table view's overlay camera, over its whole window (egui sizes its context to its
/// camera's viewport, so the overlay cannot share the map camera's).
#[derive(Component, Debug)]
pub struct TableOverlayCamera;

/// The schedule in which the overlay paints the table view's window.
#[derive(ScheduleLabel, Debug, Clone, PartialEq, Eq, Hash)]
pub struct TableContextPass;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<TableViewWanted>()
        .init_resource::<TableTileFloor>()
        .add_systems(Startup, (keep_gizmos_for_the_keeper, open_when_wanted))
        .add_systems(
            Update,
            (open_when_wanted, forget_when_closed, frame_the_table)
                .chain()
                .in_set(AppSystems::Present),
        );
}

/// Every gizmo (rings, previews, the grid, the hovered tile) is the keeper's.
fn keep_gizmos_for_the_keeper(mut store: ResMut<GizmoConfigStore>) {
    store
        .config_mut::<DefaultGizmoConfigGroup>()
        .0
        .render_layers = RenderLayers::layer(KEEPER_LAYER);
}

/// The table's window: fullscreen on the first screen that is not the laptop's when one is
/// connected (the TV, the projector), else a window of the wanted size that the keeper drags
/// there.
fn table_window(
    size: UVec2,
    monitors: &Query<(Entity, Has<PrimaryMonitor>), With<Monitor>>,
) -> Window {
    let mut window = Window {
        title: "Gridkeeper: table view".to_string(),
        resolution: WindowResolution::new(size.x, size.y),
        ..default()
    };
    if let Some((screen, _)) = monitors.iter().find(|(_, primary)| !primary) {
        let screen = MonitorSelection::Entity(screen);
        window.position = WindowPosition::Centered(screen);
        window.mode = WindowMode::BorderlessFullscreen(screen);
    }
    window
}

fn open_when_wanted(
    mut commands: Commands,
    wanted: Res<TableViewWanted>,
    open: Option<Res<TableView>>,
    map: Res<ShownMap>,
    monitors: Query<(Entity, Has<PrimaryMonitor>), With<Monitor>>,
) {
    if !wanted.open || open.is_some() {
        return;
    }
    let window = commands.spawn(table_window(wanted.size, &monitors)).id();
    let size = MapGeometry::of(&map.0).size() + Vec2::splat(TILE_SIZE);
    let camera = commands
        .spawn((
            Name::new("Table camera"),
            TableCamera,
            Camera2d,
            RenderTarget::Window(WindowRef::Entity(window)),
            RenderLayers::layer(0),
            Projection::Orthographic(OrthographicProjection {
                scaling_mode: ScalingMode::AutoMin {
                    min_width: size.x,
                    min_height: size.y,
                },
                ..OrthographicProjection::default_2d()
            }),
        ))
        .id();
    let overlay = commands
        .spawn((
            Name::new("Table overlay camera"),
            TableOverlayCamera,
            super::camera::overlay_camera(),
            RenderTarget::Window(WindowRef::Entity(window)),
            EguiSchedule::new(TableContextPass),
        ))
        .id();
    commands.insert_resource(TableView {
        window,
        cameras: [camera, overlay],
    });
}

/// Once its window is closed, the table view is gone until asked for again.
fn forget_when_closed(
    mut commands: Commands,
    open: Option<Res<TableView>>,
    windows: Query<(), With<Window>>,
    mut wanted: ResMut<TableViewWanted>,
) {
    let Some(open) = open else {
        return;
    };
    if windows.get(open.window).is_err() {
        for camera in open.cameras {
            if let Ok(mut camera) = commands.get_entity(camera) {
                camera.despawn();
            }
        }
        commands.remove_resource::<TableView>();
        wanted.open = false;
    }
}

/// Fit the whole map where its tiles stay readable; else show them at the smallest readable
/// size and glide to the acting unit.
fn frame_the_table(
    map: Res<ShownMap>,
    flow: Option<Res<Flow>>,
    units: Query<(&UnitId, &TilePosition, &Condition)>,
    time: Res<Time>,
    open: Option<Res<TableView>>,
    floor: Res<TableTileFloor>,
    mut camera: Query<(&mut Transform, &mut Projection, &Camera), With<TableCamera>>,
    mut followed: Local<Option<Entity>>,
) {
    let (Some(open), Ok((mut transform, mut projection, camera))) = (open, camera.single_mut())
    else {
        return;
    };
    // A camera just opened snaps to the action; after that it glides.
    let first_look = *followed != Some(open.cameras[0]);
    *followed = Some(open.cameras[0]);
    let Some(room) = camera.logical_viewport_size() else {
        return;
    };
    let geometry = MapGeometry::of(&map.0);
    let size = geometry.size() + Vec2::splat(TILE_SIZE);
    let fitted_tile = (room.x / size.x).min(room.y / size.y) * TILE_SIZE;
    let Projection::Orthographic(orthographic) = &mut *projection else {
        return;
    };
    if fitted_tile >= floor.0 {
        orthographic.scaling_mode = ScalingMode::AutoMin {
            min_width: size.x,
            min_height: size.y,
        };
        transform.translation = Vec3::ZERO.with_z(transform.translation.z);
        return;
    }
    orthographic.scaling_mode = ScalingMode::WindowSize;
    orthographic.scale = TILE_SIZE / floor.0;
    // Never to a hidden unit: the players' screen would show where the ambush waits.
    let acting = flow.and_then(|flow| flow.acting());
    let Some((_, at, _)) = units
        .iter()
        .find(|(id, _, condition)| Some(**id) == acting && !condition.hidden)
    else {
        return;
    };
    // Never past the map's edge where the map is larger than the view.
    let half_view = room * orthographic.scale / 2.0;
    let half_map = geometry.size() / 2.0;
    let reach = (half_map - half_view).max(Vec2::ZERO);
    let goal = geometry.centre(at.0).clamp(-reach, reach);
    let step = if first_look {
        1.0
    } else {
        (FOLLOW_RATE * time.delta_secs()).min(1.0)
    };
    let now = transform.translation.truncate();
    let next = now + (goal - now) * step;
    transform.translation = next.extend(transform.translation.z);
}
