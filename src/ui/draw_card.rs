//! The quick-draw card in the roll panel (the western): both draws side by side, each with its
//! d100, its bonus and its total, under who fires first.

use bevy_egui::egui;

use super::dice::die;
use super::side_colour;
use crate::battle::UnitId;
use crate::map::scenario::Scenario;
use crate::rules::modifiers::Effect;
use crate::rules::quick_draw::DrawTotal;
use crate::rules::roll::SketchedDie;

/// A quick draw as the panel keeps it.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct DrawCard {
    pub unit: UnitId,
    pub rival: UnitId,
    pub shooter: DrawTotal,
    pub answer: DrawTotal,
    pub first: Option<UnitId>,
}

/// The card: "Quick draw: Marshal Wes Cole fires first", then each side's draw.
pub(super) fn draw_card(ui: &mut egui::Ui, scenario: &Scenario, card: &DrawCard) {
    let name = |unit: UnitId| scenario.units[unit.index()].name.clone();
    let result = match card.first {
        Some(first) => format!("Quick draw: {} fires first", name(first)),
        None => "Quick draw: both fire at once".to_string(),
    };
    headline(ui, result);
    ui.columns(2, |columns| {
        side(&mut columns[0], scenario, card.unit, &card.shooter);
        side(&mut columns[1], scenario, card.rival, &card.answer);
    });
}

/// What came of a card of two sides (a quick draw, a melee exchange), over them in gold.
pub(super) fn headline(ui: &mut egui::Ui, words: String) {
    ui.label(
        egui::RichText::new(words)
            .size(16.0)
            .strong()
            .color(egui::Color32::from_rgb(255, 225, 120)),
    );
}

/// One side's draw: the name, the d100 and the total, then what made up the bonus.
fn side(ui: &mut egui::Ui, scenario: &Scenario, unit: UnitId, draw: &DrawTotal) {
    let spec = &scenario.units[unit.index()];
    ui.label(
        egui::RichText::new(&spec.name)
            .strong()
            .color(side_colour(scenario, spec)),
    );
    ui.horizontal_wrapped(|ui| {
        die(ui, &SketchedDie::plain(format!("{:02}", draw.die % 100)));
        ui.label(
            egui::RichText::new(format!("= {}", draw.total))
                .size(20.0)
                .strong(),
        );
    });
    let mut parts = vec![format!("+{} skill", draw.skill_points)];
    parts.extend(
        draw.modifiers
            .iter()
            .filter_map(|modifier| match modifier.effect {
                Effect::Add(points) => Some(format!(
                    "{}{} {}",
                    if points < 0 { "−" } else { "+" },
                    points.unsigned_abs(),
                    modifier.reason.words()
                )),
                _ => None,
            }),
    );
    ui.small(parts.join(" · "));
}
