//! A declaration slot at the start of the round (BRP): the person names the one opponent the
//! unit will parry this round, or no one.

use bevy_egui::egui;

use super::view::BattleView;
use crate::battle::UnitId;
use crate::battle::command::Command;
use crate::map::scenario::Scenario;

/// One button for each standing opponent, and one for no one.
pub(super) fn parry_buttons(
    ui: &mut egui::Ui,
    view: &mut BattleView,
    scenario: &Scenario,
    unit: UnitId,
) {
    let parry = scenario.ruleset.weapon_defence().answer;
    ui.label(format!("Name the one opponent to {parry} this round:"));
    let side = scenario.units[unit.index()].side;
    let foes: Vec<UnitId> = (0..scenario.units.len())
        .map(UnitId::of_index)
        .filter(|other| scenario.units[other.index()].side != side)
        .filter(|other| {
            view.unit(*other)
                .is_some_and(|state| state.on_map && state.vitals.conscious())
        })
        .collect();
    ui.horizontal_wrapped(|ui| {
        for foe in foes {
            if ui.button(&scenario.units[foe.index()].name).clicked() {
                view.order(Command::DeclareParry {
                    unit,
                    against: Some(foe),
                });
            }
        }
        if ui.button("No one").clicked() {
            view.order(Command::DeclareParry {
                unit,
                against: None,
            });
        }
    });
}
