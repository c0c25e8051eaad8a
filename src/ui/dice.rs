//! Dice as the overlay draws them: a rounded square with its face, ringed, faded or tinted
//! as its roll's sketch says, and the colour of a verdict.

use bevy_egui::egui;

use crate::rules::roll::{DieTint, SketchedDie, Tone};

/// A die as a rounded square with its face: gold-ringed when kept, faded when not, green when
/// it counted and red when it took away.
pub(super) fn die(ui: &mut egui::Ui, sketched: &SketchedDie) {
    die_sized(ui, sketched, 1.0);
}

/// A die drawn `scale` times the card's size (the table view's large card).
pub(super) fn die_sized(ui: &mut egui::Ui, sketched: &SketchedDie, scale: f32) {
    let size = egui::vec2(34.0, 26.0) * scale;
    let (rect, _) = ui.allocate_exact_size(size, egui::Sense::hover());
    let painter = ui.painter();
    let (fill, text) = match (sketched.tint, sketched.faded) {
        (DieTint::Counted, _) => (egui::Color32::from_rgb(70, 190, 100), egui::Color32::BLACK),
        (DieTint::Cancelling, _) => (egui::Color32::from_rgb(215, 60, 55), egui::Color32::WHITE),
        (DieTint::Plain, true) => (egui::Color32::from_gray(45), egui::Color32::from_gray(130)),
        (DieTint::Plain, false) => (egui::Color32::from_gray(230), egui::Color32::BLACK),
    };
    painter.rect_filled(rect, 5.0, fill);
    if sketched.ringed {
        painter.rect_stroke(
            rect,
            5.0,
            egui::Stroke::new(3.0, egui::Color32::from_rgb(255, 200, 40)),
            egui::StrokeKind::Inside,
        );
    }
    painter.text(
        rect.center(),
        egui::Align2::CENTER_CENTER,
        &sketched.face,
        egui::FontId::monospace(15.0 * scale),
        text,
    );
}

/// The colour of a verdict: green for successes, red for failures.
pub(super) fn tone_colour(tone: Tone) -> egui::Color32 {
    match tone {
        Tone::Dire => egui::Color32::from_rgb(220, 40, 40),
        Tone::Bad => egui::Color32::from_rgb(200, 90, 70),
        Tone::Great => egui::Color32::from_rgb(90, 220, 120),
        Tone::Good => egui::Color32::from_rgb(110, 190, 110),
    }
}
