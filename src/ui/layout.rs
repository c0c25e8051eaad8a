//! How the overlay fits the window: three panels round the map where there is room (the turn
//! order, the side panel, the rolls and log along the bottom); where there is not (a large
//! scale on a small screen: 2.5 on 1280 x 720 leaves 512 x 288 points), one panel whose parts
//! are tabs, so nothing shrinks to a sliver and the map keeps half the window.

use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use bevy_egui::{EguiContexts, egui};

use crate::view::camera::MapInsets;

/// The room, in points, from which the three panels fit beside a map of a useful size.
const WIDE_FROM: egui::Vec2 = egui::vec2(1150.0, 620.0);

/// The share of the height the rolls and log may take.
pub(super) const BOTTOM_SHARE: f32 = 0.3;

/// The window's whole area to lay panels in, drawn under every window.
pub(crate) fn root_ui(context: &egui::Context, id: &'static str) -> egui::Ui {
    egui::Ui::new(
        context.clone(),
        id.into(),
        egui::UiBuilder::new()
            .layer_id(egui::LayerId::background())
            .max_rect(context.viewport_rect()),
    )
}

/// The game window's overlay context, for an exclusive system.
pub fn overlay_context(world: &mut World) -> Option<egui::Context> {
    world
        .run_system_cached(|mut contexts: EguiContexts| contexts.ctx_mut().cloned())
        .ok()?
        .ok()
}

/// A screen's panel down the left of the window (the menu's, the editor's), the map beside it
/// in the room it leaves: `share` of the window's width, from 260 points to `widest` and never
/// more than 70% of it. What `add` made of it.
pub fn left_screen_panel<R>(
    world: &mut World,
    context: &egui::Context,
    (id, share, widest): (&'static str, f32, f32),
    add: impl FnOnce(&mut egui::Ui) -> R,
) -> R {
    let mut root = root_ui(context, id);
    let room = context.viewport_rect().size();
    let width = (room.x * share).clamp(260.0, widest).min(room.x * 0.7);
    let shown = egui::Panel::left(id)
        .resizable(false)
        .exact_size(width)
        .show(&mut root, add);
    // Panels are measured in points; the map camera wants logical window pixels.
    let scale = world
        .query_filtered::<&Window, With<PrimaryWindow>>()
        .single(world)
        .map_or(1.0, Window::scale_factor);
    world.resource_mut::<MapInsets>().set_if_neq(MapInsets {
        left: shown.response.rect.width() * context.pixels_per_point() / scale,
        ..MapInsets::default()
    });
    shown.inner
}

/// A row of widgets that goes on to the next line where the panel is narrow: each keeps its
/// words on one line (a radio's or a label's words wrapped inside it would only overflow the
/// panel), and the row breaks between them.
pub fn row<R>(ui: &mut egui::Ui, add: impl FnOnce(&mut egui::Ui) -> R) -> egui::InnerResponse<R> {
    ui.horizontal_wrapped(|ui| {
        ui.style_mut().wrap_mode = Some(egui::TextWrapMode::Extend);
        add(ui)
    })
}

/// A body above a foot in the rest of `ui`, both drawing from `state`: the body gets the room
/// the foot leaves, however many lines the foot took last frame (`foot_height`, kept between
/// frames), so the foot's buttons stay in sight at every size.
pub fn body_above_foot<S>(
    ui: &mut egui::Ui,
    (foot_height, state): (&mut f32, &mut S),
    body: impl FnOnce(&mut egui::Ui, &mut S),
    foot: impl FnOnce(&mut egui::Ui, &mut S),
) {
    let room = (ui.available_height() - *foot_height).max(80.0);
    ui.allocate_ui(egui::vec2(ui.available_width(), room), |ui| body(ui, state));
    let top = ui.cursor().top();
    ui.separator();
    foot(ui, state);
    let height = ui.cursor().top() - top;
    if (height - *foot_height).abs() > 0.5 {
        *foot_height = height;
        ui.ctx().request_repaint();
    }
}

/// The parts of the compact overlay's one panel.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(super) enum Tab {
    /// The scenario, the sides, the action bar and the selected unit's card.
    #[default]
    Battle,
    Order,
    Rolls,
    Log,
    Keeper,
}

/// The tab shown in the compact overlay.
#[derive(Resource, Debug, Default)]
pub(super) struct CompactTab(Tab);

/// Whether the overlay must fold into one panel in a window this size (in points).
pub(super) fn compact(room: egui::Vec2) -> bool {
    room.x < WIDE_FROM.x || room.y < WIDE_FROM.y
}

/// The compact panel's width: under half the window, never so narrow a line of words cannot
/// fit.
pub(super) fn compact_panel_width(room: egui::Vec2) -> f32 {
    (room.x * 0.45).clamp(200.0, 420.0)
}

/// The tabs along the top of the compact panel (the keeper's only while the keeper's tools are
/// shown); the one chosen.
pub(super) fn tab_bar(ui: &mut egui::Ui, shown: &mut CompactTab, keeper: bool) -> Tab {
    if !keeper && shown.0 == Tab::Keeper {
        shown.0 = Tab::Battle;
    }
    ui.add_space(4.0);
    ui.horizontal_wrapped(|ui| {
        let mut tabs = vec![
            (Tab::Battle, "Battle"),
            (Tab::Order, "Order"),
            (Tab::Rolls, "Rolls"),
            (Tab::Log, "Log"),
        ];
        if keeper {
            tabs.push((Tab::Keeper, "Keeper"));
        }
        for (tab, words) in tabs {
            ui.selectable_value(&mut shown.0, tab, words);
        }
    });
    ui.separator();
    shown.0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_overlay_folds_where_three_panels_would_squeeze_the_map() {
        // 1920 x 1080 at scales 1 and 1.5: three panels; at 2 and 2.5: one.
        for (scale, folded) in [(1.0, false), (1.5, false), (2.0, true), (2.5, true)] {
            let room = egui::vec2(1920.0, 1080.0) / scale;
            assert_eq!(compact(room), folded, "scale {scale}");
        }
        // 1280 x 720 folds from 1.25; 3840 x 2160 never does.
        assert!(!compact(egui::vec2(1280.0, 720.0)));
        assert!(compact(egui::vec2(1280.0, 720.0) / 1.25));
        assert!(!compact(egui::vec2(3840.0, 2160.0) / 2.5));
        // The compact panel leaves the map at least half of any window.
        for width in [512.0, 768.0, 1100.0] {
            assert!(compact_panel_width(egui::vec2(width, 400.0)) <= width * 0.45 + 0.01);
        }
    }
}
