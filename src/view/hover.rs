//! The tile under the pointer: found each frame, outlined on the map, named in the panel.

use bevy::prelude::*;
use bevy::window::PrimaryWindow;

use super::camera::{MapCamera, pointer_over_map};
use super::{MapGeometry, ShownMap, TILE_SIZE};
use crate::battle::scope::BattleScoped;
use crate::map::Tile;
use crate::schedule::AppSystems;

/// How far the pointer must travel to release a pinned tile, in logical pixels.
const PIN_RELEASE_PIXELS: f32 = 8.0;

/// The tile the pointer is over. A tile pinned from the command line (for screenshots) stays
/// until the pointer moves.
#[derive(Resource, Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct HoveredTile {
    pub tile: Option<Tile>,
    pub pinned: bool,
}

pub(super) fn plugin(app: &mut App) {
    app.battle_view::<HoveredTile>().add_systems(
        Update,
        (
            find_hovered_tile.in_set(AppSystems::ReadInput),
            outline_hovered_tile.in_set(AppSystems::Present),
        ),
    );
}

fn find_hovered_tile(
    window: Single<&Window, With<PrimaryWindow>>,
    camera: Single<(&Camera, &GlobalTransform), With<MapCamera>>,
    map: Res<ShownMap>,
    over_panel: Option<Res<bevy_egui::input::EguiWantsInput>>,
    mut hovered: ResMut<HoveredTile>,
    mut pinned_at: Local<Option<Vec2>>,
) {
    if hovered.pinned {
        // Hold a pinned tile until the pointer travels a few pixels from where it first was.
        let Some(cursor) = window.cursor_position() else {
            return;
        };
        let start = *pinned_at.get_or_insert(cursor);
        if cursor.distance(start) < PIN_RELEASE_PIXELS {
            return;
        }
    }
    let (camera, transform) = *camera;
    let pointer_on_panel = over_panel.is_some_and(|wants| wants.wants_any_pointer_input())
        || !pointer_over_map(&window, camera);
    let under_pointer = window
        .cursor_position()
        .filter(|_| !pointer_on_panel)
        .and_then(|cursor| camera.viewport_to_world_2d(transform, cursor).ok())
        .and_then(|world| MapGeometry::of(&map.0).tile_at(world));
    hovered.set_if_neq(HoveredTile {
        tile: under_pointer,
        pinned: false,
    });
}

fn outline_hovered_tile(hovered: Res<HoveredTile>, map: Res<ShownMap>, mut gizmos: Gizmos) {
    if let Some(tile) = hovered.tile {
        let centre = MapGeometry::of(&map.0).centre(tile);
        gizmos.rect_2d(
            Isometry2d::from_translation(centre),
            Vec2::splat(TILE_SIZE - 2.0),
            Color::srgb(1.0, 0.95, 0.4),
        );
    }
}
