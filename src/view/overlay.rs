//! Overlays for the selected unit: the tiles it can reach, and the range band and line of fire
//! to every tile.

use bevy::prelude::*;
use bevy_ecs_tilemap::prelude::*;
use bevy_egui::input::egui_wants_any_keyboard_input;
use leafwing_input_manager::prelude::ActionState;

use super::{OVERLAY_Z, ShownMap, image_from_pixels, spawn_tile_layer};
use crate::battle::scope::BattleScoped;
use crate::battle::{
    ActiveScenario, Arsenal, Condition, Flow, Phase, TilePosition, UnitId, Vitals,
};
use crate::input::MapAction;
use crate::map::Tile;
use crate::map::range::RangeBand;
use crate::map::reach::{Passage, reachable};
use crate::map::sight::{FireCell, fire_overlay};
use crate::schedule::AppSystems;
use crate::view::offers::UnitBounds;

/// The unit whose reach and weapon the overlays show.
#[derive(Resource, Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Selection(pub Option<UnitId>);

/// Whether the range-band overlay replaces the reach overlay.
#[derive(Resource, Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct RangeOverlayShown(pub bool);

/// The overlay layer's tile entities, in the map's row-major order.
#[derive(Resource, Debug)]
struct OverlayLayer(Vec<Entity>);

pub(super) fn plugin(app: &mut App) {
    app.battle_view::<Selection>()
        .battle_view::<RangeOverlayShown>()
        .add_systems(
            Update,
            keys_for_selection
                .run_if(not(egui_wants_any_keyboard_input))
                .in_set(AppSystems::Interact),
        )
        .add_systems(
            Update,
            forget_a_gone_selection
                .after(crate::battle::BattleSystems)
                .before(AppSystems::Present),
        )
        .add_systems(Update, shade_tiles.in_set(AppSystems::Present));
}

/// A unit taken back by an undo (one the keeper brought in) or by a step back in a replay is
/// selected no more.
fn forget_a_gone_selection(mut selection: ResMut<Selection>, units: Query<&UnitId>) {
    if let Some(unit) = selection.0
        && !units.iter().any(|id| *id == unit)
    {
        selection.0 = None;
    }
}

/// The overlay's layer over `map`: a white tile on every cell, hidden until shaded.
pub(super) fn spawn_overlay_layer(
    commands: &mut Commands,
    map: &ShownMap,
    images: &mut Assets<Image>,
) {
    let side = super::tileset::TILE_PIXELS;
    let white = images.add(image_from_pixels(
        side,
        side,
        vec![255; (side * side * 4) as usize],
    ));
    let mut entities = Vec::with_capacity(map.0.area());
    let layer = spawn_tile_layer(
        commands,
        &map.0,
        white,
        OVERLAY_Z,
        "Overlay",
        |commands, _, bundle| {
            let entity = commands
                .spawn(TileBundle {
                    visible: TileVisible(false),
                    ..bundle
                })
                .id();
            entities.push(entity);
            entity
        },
    );
    // The overlays are the keeper's: the table view does not draw them.
    commands
        .entity(layer)
        .insert(bevy::camera::visibility::RenderLayers::layer(
            super::KEEPER_LAYER,
        ));
    commands.insert_resource(OverlayLayer(entities));
}

pub(super) fn unit_at(
    units: &Query<(&UnitId, &TilePosition), Without<super::Unseen>>,
    tile: Tile,
) -> Option<UnitId> {
    units
        .iter()
        .find(|(_, position)| position.0 == tile)
        .map(|(id, _)| *id)
}

fn keys_for_selection(
    controls: Single<&ActionState<MapAction>>,
    mut selection: ResMut<Selection>,
    mut range_shown: ResMut<RangeOverlayShown>,
) {
    if controls.just_pressed(&MapAction::Cancel) {
        selection.set_if_neq(Selection(None));
    }
    if controls.just_pressed(&MapAction::ToggleRangeOverlay) {
        range_shown.0 = !range_shown.0;
    }
}

// Tiles blend in linear light, where a little alpha goes a long way: these keep the terrain
// readable underneath.
const MOVE_AND_ACT: Color = Color::srgba(0.3, 0.65, 1.0, 0.2);
const DASH: Color = Color::srgba(1.0, 0.75, 0.2, 0.15);
const POINT_BLANK: Color = Color::srgba(0.3, 1.0, 0.95, 0.24);
const REGULAR: Color = Color::srgba(0.25, 0.9, 0.35, 0.18);
const HARD: Color = Color::srgba(1.0, 0.9, 0.2, 0.18);
const EXTREME: Color = Color::srgba(1.0, 0.4, 0.15, 0.2);
const UNSEEN: Color = Color::srgba(0.0, 0.0, 0.0, 0.55);

fn band_colour(cell: &FireCell) -> Option<Color> {
    if !cell.seen? {
        return Some(UNSEEN);
    }
    Some(match cell.reading.band {
        _ if cell.reading.point_blank => POINT_BLANK,
        RangeBand::Touch | RangeBand::Base => REGULAR,
        RangeBand::Long => HARD,
        RangeBand::VeryLong => EXTREME,
        RangeBand::OutOfRange => return Some(UNSEEN),
    })
}

/// Colour the overlay layer for the selected unit: its reach, or its weapon's range bands.
fn shade_tiles(
    selection: Res<Selection>,
    range_shown: Res<RangeOverlayShown>,
    scenario: Option<Res<ActiveScenario>>,
    flow: Option<Res<Flow>>,
    bounds: Res<UnitBounds>,
    map: Res<ShownMap>,
    units: Query<(&UnitId, &TilePosition, &Arsenal, &Condition, &Vitals)>,
    moved: Query<(), Or<(Changed<TilePosition>, Changed<Arsenal>, Changed<Vitals>)>>,
    layer: Res<OverlayLayer>,
    mut tiles: Query<(&mut TileColor, &mut TileVisible)>,
) {
    let flow_changed = flow.as_ref().is_some_and(|flow| flow.is_changed());
    let changed = selection.is_changed()
        || range_shown.is_changed()
        || flow_changed
        || bounds.is_changed()
        || !moved.is_empty();
    let (Some(scenario), true) = (scenario, changed) else {
        return;
    };
    let map = &map.0;
    let selected = selection.0.and_then(|id| {
        units
            .iter()
            .find(|(unit, ..)| **unit == id)
            .map(|(_, position, arsenal, condition, _)| {
                let spec = &scenario.0.units[id.index()];
                (id, spec, position.0, arsenal, condition)
            })
    });
    let mut shades: Vec<Option<Color>> = vec![None; map.area()];
    if let Some((id, unit, at, arsenal, condition)) = selected {
        if range_shown.0 {
            let scale = scenario.0.ruleset.range_scale();
            let reach = unit.attack_reach(arsenal.in_hand, &scale);
            let point_blank = scale.point_blank(unit.characteristics.dexterity);
            let cells = fire_overlay(map, at, &reach, point_blank);
            // Only tiles someone could stand on are targets worth shading.
            shades = cells
                .iter()
                .enumerate()
                .map(|(index, cell)| band_colour(cell).filter(|_| map.walkable(map.tile_at(index))))
                .collect();
        } else if !flow
            .as_ref()
            .is_some_and(|flow| matches!(flow.phase, Phase::Over(_)))
        {
            // Where the unit could go, while there is a fight to go on with (zigzagging, only
            // as far as that; nowhere where it declared it stays, or while it is held).
            let moves = bounds.moves(&scenario.0, (id, condition.footing()));
            let round = flow.as_ref().map_or(0, |flow| flow.round);
            let stays = bounds.stays(id)
                || condition.idle_in(round).is_some()
                || condition.held_by.is_some()
                || condition.held_fast;
            // The acting unit shows what is left of its turn; anyone else its whole reach.
            let turn = flow
                .as_ref()
                .and_then(|flow| flow.turn)
                .filter(|turn| turn.unit == id);
            let (act_within, dash_within) = match turn {
                // A slot kept for a shot or a declaration, a declared stay, held, or down in pain:
                // no moving.
                Some(turn) if !turn.limits.moves() || stays => (0, 0),
                Some(turn) => (
                    turn.free_movement_left(moves),
                    turn.movement_left(moves).unwrap_or(0),
                ),
                None => (moves.free, moves.most),
            };
            // The standing are gone round, the fallen stepped over.
            let others: Vec<(Tile, Passage)> = units
                .iter()
                .filter(|(other, ..)| **other != id)
                .map(|(_, position, .., vitals)| (position.0, Passage::past(vitals.conscious())))
                .collect();
            let reach = reachable(map, at, act_within.max(dash_within), |tile| {
                Passage::at(&others, tile)
            });
            for (tile, cost) in reach.tiles() {
                if let Some(index) = map.index(tile).filter(|_| cost > 0) {
                    shades[index] = Some(if cost <= act_within {
                        MOVE_AND_ACT
                    } else {
                        DASH
                    });
                }
            }
        }
    }
    for (entity, shade) in layer.0.iter().zip(shades) {
        if let Ok((mut colour, mut visible)) = tiles.get_mut(*entity) {
            visible.0 = shade.is_some();
            if let Some(shade) = shade {
                colour.0 = shade;
            }
        }
    }
}
