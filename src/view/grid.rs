//! The grid lines over the map, toggled with a key.

use bevy::prelude::*;
use bevy_egui::input::egui_wants_any_keyboard_input;
use leafwing_input_manager::prelude::ActionState;

use super::{MapGeometry, ShownMap, TILE_SIZE};
use crate::input::MapAction;
use crate::schedule::AppSystems;

/// Whether the grid is drawn.
#[derive(Resource, Debug, Clone, Copy, PartialEq, Eq)]
pub struct GridShown(pub bool);

pub(super) fn plugin(app: &mut App) {
    app.insert_resource(GridShown(true)).add_systems(
        Update,
        (
            toggle_grid
                .run_if(not(egui_wants_any_keyboard_input))
                .in_set(AppSystems::Interact),
            draw_grid
                .run_if(|shown: Res<GridShown>| shown.0)
                .in_set(AppSystems::Present),
        ),
    );
}

fn toggle_grid(controls: Single<&ActionState<MapAction>>, mut shown: ResMut<GridShown>) {
    if controls.just_pressed(&MapAction::ToggleGrid) {
        shown.0 = !shown.0;
    }
}

fn draw_grid(map: Res<ShownMap>, mut gizmos: Gizmos) {
    let geometry = MapGeometry::of(&map.0);
    gizmos.grid_2d(
        Isometry2d::IDENTITY,
        UVec2::new(geometry.width, geometry.height),
        Vec2::splat(TILE_SIZE),
        Color::srgba(0.0, 0.0, 0.0, 0.35),
    );
}
