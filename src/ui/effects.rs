//! Effects painted over the map in either window as the battle is shown: damage floating up
//! from whoever took it, and (in the table view, whose camera draws no gizmos) each shot's
//! tracer. The keeper's window shows every number; the table's shows one only where the
//! players may know it.

use bevy::prelude::*;
use bevy_egui::egui;

use crate::battle::UnitId;
use crate::view::motion::{FloatingDamage, Motion, Pace};

/// Where a world position falls on the painter's screen, in points.
pub(super) type Screen<'a> = dyn Fn(Vec2) -> Option<egui::Pos2> + 'a;

/// Damage rising and fading above each unit that took it, in the words `say` gives (none: not
/// shown).
pub(super) fn floating_damage(
    painter: &egui::Painter,
    screen: &Screen,
    motion: &Motion,
    pace: Pace,
    now: f32,
    size: f32,
    say: &dyn Fn(&FloatingDamage) -> Option<String>,
) {
    for floating in &motion.floating {
        let (Some(at), Some(words)) = (screen(floating.at), say(floating)) else {
            continue;
        };
        let rise = Motion::progress(pace, floating.started, now);
        let at = at - egui::vec2(0.0, size * (0.8 + 1.6 * rise));
        let alpha = alpha(1.0 - rise);
        let font = egui::FontId::proportional(size);
        painter.text(
            at + egui::vec2(1.5, 1.5),
            egui::Align2::CENTER_CENTER,
            &words,
            font.clone(),
            egui::Color32::from_black_alpha(alpha),
        );
        painter.text(
            at,
            egui::Align2::CENTER_CENTER,
            &words,
            font,
            egui::Color32::from_rgba_unmultiplied(255, 80, 60, alpha),
        );
    }
}

/// Each shot's tracer, fading: between units the players may see both ends of.
pub(super) fn tracers(
    painter: &egui::Painter,
    screen: &Screen,
    motion: &Motion,
    pace: Pace,
    now: f32,
    width: f32,
    shown: &dyn Fn(UnitId) -> bool,
) {
    for tracer in &motion.tracers {
        if !shown(tracer.shooter) || !shown(tracer.target) {
            continue;
        }
        let (Some(from), Some(to)) = (screen(tracer.from), screen(tracer.to)) else {
            continue;
        };
        let alpha = alpha(1.0 - Motion::progress(pace, tracer.started, now));
        painter.line_segment(
            [from, to],
            egui::Stroke::new(
                width,
                egui::Color32::from_rgba_unmultiplied(255, 225, 110, alpha),
            ),
        );
        painter.circle_filled(
            from,
            width * 2.0,
            egui::Color32::from_rgba_unmultiplied(255, 240, 180, alpha),
        );
    }
}

/// An alpha from how much of an effect is left, 0 to 1.
fn alpha(left: f32) -> u8 {
    #[expect(
        clippy::cast_possible_truncation,
        clippy::cast_sign_loss,
        reason = "a fraction clamped to 0..=1, times 255"
    )]
    let alpha = (255.0 * left.clamp(0.0, 1.0)).round() as u8;
    alpha
}
