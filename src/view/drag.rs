//! The keeper drags a token: with the keeper's tools out, hold the drag button (Shift and the
//! left button) on a token and let go over another tile, and the token is set down there (a
//! keeper's Place order, whoever's turn it is). A line and a ring show where it will land.

use bevy::prelude::*;
use bevy_egui::input::egui_wants_any_pointer_input;
use leafwing_input_manager::prelude::ActionState;

use super::hover::HoveredTile;
use super::overlay::unit_at;
use super::{KeeperEyes, MapGeometry, ShownMap, TILE_SIZE, Unseen};
use crate::battle::command::{Adjustment, Command, KeeperOrder};
use crate::battle::scope::BattleScoped;
use crate::battle::{CommandQueue, TilePosition, UnitId};
use crate::input::MapAction;
use crate::replay::Playback;
use crate::schedule::AppSystems;

/// The token being dragged, while the drag button is held.
#[derive(Resource, Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct DraggedToken(pub Option<UnitId>);

pub(super) fn plugin(app: &mut App) {
    app.battle_view::<DraggedToken>().add_systems(
        Update,
        (
            drag_a_token
                .run_if(not(egui_wants_any_pointer_input))
                .in_set(AppSystems::Interact),
            draw_the_drag.in_set(AppSystems::Present),
        ),
    );
}

fn drag_a_token(
    controls: Single<&ActionState<MapAction>>,
    hovered: Res<HoveredTile>,
    eyes: Res<KeeperEyes>,
    units: Query<(&UnitId, &TilePosition), Without<Unseen>>,
    queue: Option<ResMut<CommandQueue>>,
    watching: Option<Res<Playback>>,
    mut dragged: ResMut<DraggedToken>,
) {
    let Some(mut queue) = queue.filter(|_| eyes.0 && watching.is_none()) else {
        dragged.set_if_neq(DraggedToken(None));
        return;
    };
    if controls.just_pressed(&MapAction::KeeperDrag) {
        dragged.set_if_neq(DraggedToken(
            hovered.tile.and_then(|tile| unit_at(&units, tile)),
        ));
    }
    if !controls.just_released(&MapAction::KeeperDrag) {
        return;
    }
    let Some(unit) = dragged.0.take() else {
        return;
    };
    let from = units
        .iter()
        .find(|(id, _)| **id == unit)
        .map(|(_, at)| at.0);
    if let Some(tile) = hovered.tile
        && from.is_some_and(|from| from != tile)
    {
        queue.0.push_back(Command::Keeper(KeeperOrder::Adjust {
            unit,
            change: Adjustment::Place(tile),
        }));
    }
}

/// A line from the dragged token to the tile under the pointer, and a ring there.
fn draw_the_drag(
    dragged: Res<DraggedToken>,
    hovered: Res<HoveredTile>,
    units: Query<(&UnitId, &TilePosition)>,
    map: Res<ShownMap>,
    mut gizmos: Gizmos,
) {
    let (Some(unit), Some(tile)) = (dragged.0, hovered.tile) else {
        return;
    };
    let Some((_, from)) = units.iter().find(|(id, _)| **id == unit) else {
        return;
    };
    let geometry = MapGeometry::of(&map.0);
    let colour = Color::srgb(1.0, 0.85, 0.2);
    gizmos.line_2d(geometry.centre(from.0), geometry.centre(tile), colour);
    gizmos.circle_2d(
        Isometry2d::from_translation(geometry.centre(tile)),
        TILE_SIZE * 0.5,
        colour,
    );
}
