//! A card of two sides in the roll panel, for a rulebook's own contest (the western's quick
//! draw): both sides side by side, each with its die, its total and what made it up, under who
//! came first.

use bevy_egui::egui;

use super::dice::die;
use super::side_colour;
use crate::battle::own::{ContestCard, ContestSide};
use crate::map::scenario::Scenario;
use crate::rules::roll::SketchedDie;

/// The card: "Quick draw: Marshal Wes Cole fires first", then each side.
pub(super) fn contest_card(ui: &mut egui::Ui, scenario: &Scenario, card: &ContestCard) {
    let result = match card.first {
        Some(first) => format!(
            "{}: {} {}",
            card.title,
            scenario.units[first.index()].name,
            card.won
        ),
        None => format!("{}: {}", card.title, card.even),
    };
    headline(ui, result);
    ui.columns(2, |columns| {
        for (column, contest_side) in columns.iter_mut().zip(&card.sides) {
            side(column, scenario, contest_side);
        }
    });
}

/// What came of a card of two sides (a contest, a melee exchange), over them in gold.
pub(super) fn headline(ui: &mut egui::Ui, words: String) {
    ui.label(
        egui::RichText::new(words)
            .size(16.0)
            .strong()
            .color(egui::Color32::from_rgb(255, 225, 120)),
    );
}

/// One side: the name, the die and the total, then what made it up.
fn side(ui: &mut egui::Ui, scenario: &Scenario, contest_side: &ContestSide) {
    let spec = &scenario.units[contest_side.unit.index()];
    ui.label(
        egui::RichText::new(&spec.name)
            .strong()
            .color(side_colour(scenario, spec)),
    );
    ui.horizontal_wrapped(|ui| {
        die(ui, &SketchedDie::plain(contest_side.die.clone()));
        ui.label(
            egui::RichText::new(format!("= {}", contest_side.total))
                .size(20.0)
                .strong(),
        );
    });
    ui.small(contest_side.parts.join(" · "));
}
