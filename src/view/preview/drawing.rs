//! The preview drawn on the map: the line of fire to the enemy under the pointer (green clear,
//! amber through cover, red blocked or impossible), a sweep's tiles, and an explosive's rings
//! with every unit they would catch.

use bevy::prelude::*;

use super::{AimReadout, BlastReadout};
use crate::battle::{TilePosition, UnitId};
use crate::map::sight::ShotLine;
use crate::rules::explosions::BlastRing;
use crate::view::{MapGeometry, ShownMap, TILE_SIZE};

pub(super) fn draw_line_of_fire(
    readout: Res<AimReadout>,
    map: Res<ShownMap>,
    units: Query<(&UnitId, &TilePosition)>,
    mut gizmos: Gizmos,
) {
    let Some(aim) = &readout.0 else {
        return;
    };
    let geometry = MapGeometry::of(&map.0);
    let position = |id: UnitId| {
        units
            .iter()
            .find(|(unit, _)| **unit == id)
            .map(|(_, at)| at.0)
    };
    let (Some(from), Some(to)) = (position(aim.shooter), position(aim.target)) else {
        return;
    };
    let colour = match (aim.line, aim.possible) {
        (ShotLine::Blocked { .. }, _) | (_, false) => Color::srgb(0.95, 0.25, 0.2),
        (ShotLine::HalfConcealed { .. } | ShotLine::ThroughCover { .. }, _) => {
            Color::srgb(1.0, 0.8, 0.2)
        }
        (ShotLine::Clear, true) => Color::srgb(0.35, 1.0, 0.45),
    };
    let (start, end) = (geometry.centre(from), geometry.centre(to));
    gizmos.line_2d(start, end, colour);
    // Thicken the line a little so it reads on a projector.
    let across = (end - start).perp().normalize_or_zero() * 1.5;
    gizmos.line_2d(start + across, end + across, colour);
    gizmos.line_2d(start - across, end - across, colour);
    // A sweep's tiles, each a square in the line's colour.
    for tile in &aim.area {
        for inset in [3.0, 6.0] {
            gizmos.rect_2d(
                Isometry2d::from_translation(geometry.centre(*tile)),
                Vec2::splat(TILE_SIZE - inset),
                colour,
            );
        }
    }
    if let Some(tile) = aim.line.marked_tile() {
        gizmos.rect_2d(
            Isometry2d::from_translation(geometry.centre(tile)),
            Vec2::splat(TILE_SIZE - 4.0),
            colour,
        );
    }
}

/// A ring's colour by its place, nearest first: red, orange, then yellow (full damage, half,
/// a quarter); a ring that stuns rather than harms pale blue.
fn ring_colour(rings: &[BlastRing], ring: usize) -> Color {
    if rings.get(ring).is_some_and(|ring| ring.stun.is_some()) {
        return Color::srgb(0.55, 0.75, 1.0);
    }
    match ring {
        0 => Color::srgb(1.0, 0.2, 0.15),
        1 => Color::srgb(1.0, 0.55, 0.1),
        _ => Color::srgb(1.0, 0.9, 0.25),
    }
}

pub(super) fn draw_blast(
    readout: Res<BlastReadout>,
    map: Res<ShownMap>,
    units: Query<(&UnitId, &TilePosition)>,
    mut gizmos: Gizmos,
) {
    let Some(sketch) = &readout.0 else {
        return;
    };
    let geometry = MapGeometry::of(&map.0);
    let centre = geometry.centre(sketch.centre);
    gizmos.rect_2d(
        Isometry2d::from_translation(centre),
        Vec2::splat(TILE_SIZE - 2.0),
        ring_colour(&sketch.rings, 0),
    );
    for (index, ring) in sketch.rings.iter().enumerate() {
        // Rings are measured from tile centre to tile centre, one tile a yard.
        gizmos
            .circle_2d(
                Isometry2d::from_translation(centre),
                ring.outer.in_yards() * TILE_SIZE,
                ring_colour(&sketch.rings, index),
            )
            .resolution(96);
    }
    let position = |id: UnitId| {
        units
            .iter()
            .find(|(unit, _)| **unit == id)
            .map(|(_, at)| geometry.centre(at.0))
    };
    for (unit, ring) in &sketch.caught {
        if let Some(at) = position(*unit) {
            for inset in [2.0, 5.0] {
                gizmos.rect_2d(
                    Isometry2d::from_translation(at),
                    Vec2::splat(TILE_SIZE - inset),
                    ring_colour(&sketch.rings, *ring),
                );
            }
        }
    }
    for unit in &sketch.shielded {
        if let Some(at) = position(*unit) {
            gizmos.rect_2d(
                Isometry2d::from_translation(at),
                Vec2::splat(TILE_SIZE - 3.0),
                Color::srgb(0.6, 0.6, 0.65),
            );
        }
    }
}
