//! Words on the map itself: unit names by their tokens (never covering each other), the hovered
//! tile, and the aim or blast label by its target. Painted behind the panels.

use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use bevy_egui::{EguiContexts, egui};

use super::side_colour;
use crate::battle::{ActiveScenario, TilePosition, UnitId};
use crate::view::camera::MapCamera;
use crate::view::hover::HoveredTile;
use crate::view::motion::{Motion, Pace};
use crate::view::overlay::Selection;
use crate::view::preview::{AimReadout, BlastReadout};
use crate::view::{MapGeometry, ShownMap, TILE_SIZE};

/// `rect` slid sideways and down as little as keeps it inside `area` (a long aim label by a
/// target near the panel's edge is read whole, not cut off by it).
fn within(rect: egui::Rect, area: egui::Rect) -> egui::Rect {
    let left = (area.left() - rect.left()).max(0.0);
    let right = (rect.right() - area.right()).max(0.0);
    let down = (area.top() - rect.top()).max(0.0);
    let across = if left > 0.0 {
        left
    } else {
        -right.min(rect.left() - area.left())
    };
    rect.translate(egui::vec2(across, down))
}

/// Names by the tokens, the hovered tile's coordinates and terrain, and the aim label by the
/// target, painted behind the panel.
///
/// Labels never cover each other or another token: each goes below its token, else above,
/// right or left, else as initials in the same places; a name that still does not fit is left to the panel and the pointer.
/// The selected unit and the one under the pointer are placed first.
pub(super) fn map_labels(
    mut contexts: EguiContexts,
    scenario: Option<Res<ActiveScenario>>,
    map: Res<ShownMap>,
    units: Query<(&UnitId, &TilePosition), Without<crate::view::Unseen>>,
    camera: Single<(&Camera, &GlobalTransform), With<MapCamera>>,
    window: Single<&Window, With<PrimaryWindow>>,
    selection: Res<Selection>,
    hovered: Res<HoveredTile>,
    aim: Res<AimReadout>,
    blast: Res<BlastReadout>,
    shown: (Res<Motion>, Res<Pace>, Res<Time>),
) -> Result {
    let Some(scenario) = scenario else {
        return Ok(());
    };
    let context = contexts.ctx_mut()?;
    let (camera, transform) = *camera;
    // Window logical pixels to egui points.
    let to_points = window.scale_factor() / context.pixels_per_point();
    // Keep labels to the map's part of the window, off the panel.
    let map_area = camera
        .logical_viewport_rect()
        .map_or(context.viewport_rect(), |area| {
            egui::Rect::from_min_max(
                egui::pos2(area.min.x * to_points, area.min.y * to_points),
                egui::pos2(area.max.x * to_points, area.max.y * to_points),
            )
        });
    let painter = context
        .layer_painter(egui::LayerId::new(
            egui::Order::Background,
            egui::Id::new("map-labels"),
        ))
        .with_clip_rect(map_area);
    let geometry = MapGeometry::of(&map.0);
    let screen = |world: Vec2| {
        camera
            .world_to_viewport(transform, world.extend(0.0))
            .ok()
            .map(|at| egui::pos2(at.x * to_points, at.y * to_points))
    };
    let token_half = screen(Vec2::ZERO)
        .zip(screen(Vec2::new(TILE_SIZE * 0.43, 0.0)))
        .map_or(0.0, |(origin, edge)| (edge.x - origin.x).abs());
    let mut tokens: Vec<(UnitId, egui::Pos2)> = units
        .iter()
        .filter_map(|(id, position)| screen(geometry.centre(position.0)).map(|at| (*id, at)))
        .collect();
    let wanted = |id: &UnitId| {
        let pointed = hovered.tile.is_some_and(|tile| {
            units
                .iter()
                .any(|(unit, position)| unit == id && position.0 == tile)
        });
        selection.0 == Some(*id) || pointed
    };
    tokens.sort_by(|a, b| {
        wanted(&b.0)
            .cmp(&wanted(&a.0))
            .then(a.1.y.total_cmp(&b.1.y))
    });
    let token_rects: Vec<(UnitId, egui::Rect)> = tokens
        .iter()
        .map(|(id, at)| {
            (
                *id,
                egui::Rect::from_center_size(*at, egui::vec2(2.0 * token_half, 2.0 * token_half)),
            )
        })
        .collect();
    let font = egui::FontId::proportional(13.0);
    let mut placed: Vec<egui::Rect> = Vec::new();
    for (id, at) in &tokens {
        let unit = &scenario.0.units[id.index()];
        let places = [
            (egui::vec2(0.0, token_half + 2.0), egui::Align2::CENTER_TOP),
            (
                egui::vec2(0.0, -token_half - 2.0),
                egui::Align2::CENTER_BOTTOM,
            ),
            (egui::vec2(token_half + 4.0, 0.0), egui::Align2::LEFT_CENTER),
            (
                egui::vec2(-token_half - 4.0, 0.0),
                egui::Align2::RIGHT_CENTER,
            ),
        ];
        let candidates: Vec<(egui::Pos2, String, egui::Align2)> =
            [unit.name.clone(), initials(&unit.name)]
                .iter()
                .flat_map(|text| {
                    places
                        .iter()
                        .map(move |(offset, anchor)| (*at + *offset, text.clone(), *anchor))
                })
                .collect();
        // The selected unit and the one pointed at are named even over other tokens, but only
        // where no place leaves the tokens clear.
        let passes: &[bool] = if wanted(id) { &[true, false] } else { &[true] };
        let chosen = passes.iter().find_map(|keep_tokens_clear| {
            candidates.iter().find_map(|(anchor_at, text, anchor)| {
                let galley =
                    painter.layout_no_wrap(text.clone(), font.clone(), egui::Color32::WHITE);
                let rect = plate(*anchor_at, galley.size(), *anchor);
                // A name cut by the map's edge reads as another name: try another place.
                let clashes = !map_area.contains_rect(rect)
                    || placed.iter().any(|other| other.intersects(rect))
                    || (*keep_tokens_clear
                        && token_rects
                            .iter()
                            .any(|(other, token)| other != id && token.intersects(rect)));
                (!clashes).then_some((rect, galley))
            })
        });
        if let Some((rect, galley)) = chosen {
            label(&painter, rect, galley, side_colour(&scenario.0, unit));
            placed.push(rect);
        }
    }
    let aimed_at = aim
        .0
        .as_ref()
        .and_then(|aim| {
            tokens
                .iter()
                .find(|(id, _)| *id == aim.target)
                .map(|(_, at)| (aim.label(), *at))
        })
        .or_else(|| {
            blast.0.as_ref().and_then(|sketch| {
                screen(geometry.centre(sketch.centre)).map(|at| (sketch.headline.clone(), at))
            })
        });
    if let Some((text, at)) = aimed_at {
        let galley =
            painter.layout_no_wrap(text, egui::FontId::proportional(16.0), egui::Color32::WHITE);
        let rect = within(
            plate(
                at - egui::vec2(0.0, token_half + 4.0),
                galley.size(),
                egui::Align2::CENTER_BOTTOM,
            ),
            map_area,
        );
        label(
            &painter,
            rect,
            galley,
            egui::Color32::from_rgb(255, 225, 120),
        );
        placed.push(rect);
    }
    if let Some(tile) = hovered.tile
        && let Some(terrain) = map.0.terrain(tile)
    {
        let galley = painter.layout_no_wrap(
            format!("{tile} {}", terrain.name),
            egui::FontId::proportional(12.0),
            egui::Color32::WHITE,
        );
        // Beside a corner of the tile, the first corner inside the map where no other label is
        // in the way; where every corner is taken the panel still names the tile.
        let centre = geometry.centre(tile);
        let half = TILE_SIZE * 0.5;
        let corners = [
            (Vec2::new(half, -half), egui::Align2::LEFT_TOP),
            (Vec2::new(half, half), egui::Align2::LEFT_BOTTOM),
            (Vec2::new(-half, -half), egui::Align2::RIGHT_TOP),
            (Vec2::new(-half, half), egui::Align2::RIGHT_BOTTOM),
        ];
        let rects: Vec<egui::Rect> = corners
            .iter()
            .filter_map(|(offset, anchor)| {
                screen(centre + *offset).map(|at| plate(at, galley.size(), *anchor))
            })
            .collect();
        if let Some(rect) = rects.iter().find(|rect| {
            map_area.contains_rect(**rect) && !placed.iter().any(|other| other.intersects(**rect))
        }) {
            label(
                &painter,
                *rect,
                galley,
                egui::Color32::from_rgb(255, 240, 100),
            );
        }
    }
    let (motion, pace, time) = shown;
    super::effects::floating_damage(
        &painter,
        &screen,
        &motion,
        *pace,
        time.elapsed_secs(),
        20.0,
        &|floating| Some(format!("−{}", floating.taken)),
    );
    Ok(())
}

/// A unit's initials, as the table view's tokens carry them and a name with no room to
/// stand falls back to: the first letters of its first two words.
pub(super) fn initials(name: &str) -> String {
    name.split_whitespace()
        .filter_map(|word| word.chars().find(|letter| letter.is_alphanumeric()))
        .take(2)
        .collect::<String>()
        .to_uppercase()
}

/// The rect of a label plate for text of `size` anchored at `at`.
fn plate(at: egui::Pos2, size: egui::Vec2, anchor: egui::Align2) -> egui::Rect {
    anchor.anchor_size(at, size).expand2(egui::vec2(5.0, 2.0))
}

/// Text on a dark rounded plate with a coloured edge, readable over any terrain.
fn label(
    painter: &egui::Painter,
    rect: egui::Rect,
    galley: std::sync::Arc<egui::Galley>,
    edge: egui::Color32,
) {
    painter.rect(
        rect,
        4.0,
        egui::Color32::from_black_alpha(200),
        egui::Stroke::new(1.5, edge),
        egui::StrokeKind::Outside,
    );
    painter.galley(
        rect.min + egui::vec2(5.0, 2.0),
        galley,
        egui::Color32::WHITE,
    );
}

#[cfg(test)]
mod tests {
    use super::initials;

    #[test]
    fn initials_are_the_first_letters_of_two_words() {
        assert_eq!(initials("Harvey Walters"), "HW");
        assert_eq!(initials("Ghoul of the Corbitt house"), "GO");
        assert_eq!(initials("\"Doc\" Stanton"), "DS");
        assert_eq!(initials("Mercy"), "M");
    }
}
