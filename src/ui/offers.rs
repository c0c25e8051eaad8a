//! The rulebook's own offers to the unit whose turn it is (`battle::choices`), drawn as the
//! action bar draws its own: its menus as drop-downs, its buttons greyed while closed.

use bevy_egui::egui;

use super::view::BattleView;
use crate::battle::UnitId;
use crate::battle::choices::{Offer, OfferMenu, Offers};

/// Each menu, shown with its caption, the choice standing, and its hint; picking an item that
/// changes something gives its command.
pub(super) fn offer_menus<'a>(
    ui: &mut egui::Ui,
    view: &mut BattleView,
    menus: impl IntoIterator<Item = &'a OfferMenu>,
) {
    for menu in menus {
        ui.add_enabled_ui(menu.open, |ui| {
            if let Some(caption) = &menu.caption {
                ui.label(caption);
            }
            egui::ComboBox::from_id_salt(menu.id)
                .selected_text(&menu.shown)
                .show_ui(ui, |ui| {
                    for item in &menu.items {
                        if ui.selectable_label(item.chosen, &item.label).clicked()
                            && let Some(command) = &item.command
                        {
                            view.order(command.clone());
                        }
                    }
                })
                .response
                .on_hover_text(&menu.hint);
        });
    }
}

/// Each button, with its hint; clicked while open, it gives its command.
pub(super) fn offer_buttons(ui: &mut egui::Ui, view: &mut BattleView, buttons: &[Offer]) {
    for offer in buttons {
        if ui
            .add_enabled(offer.open, egui::Button::new(&offer.label))
            .on_hover_text(&offer.hint)
            .clicked()
        {
            view.order(offer.command.clone());
        }
    }
}

/// All the rulebook offers `unit` in a slot where its offers are all the unit may do (BRP's
/// declaration slot): what it asks, then its menus and buttons.
pub(super) fn all_offers(ui: &mut egui::Ui, view: &mut BattleView, unit: UnitId) {
    let offers = offers_to(view, unit);
    if let Some(prompt) = &offers.prompt {
        ui.label(prompt);
    }
    offer_menus(ui, view, &offers.menus);
    ui.horizontal_wrapped(|ui| offer_buttons(ui, view, &offers.buttons));
}

/// What the rulebook offers `unit`, where it is the one whose turn it is (nothing else).
pub(super) fn offers_to(view: &BattleView, unit: UnitId) -> Offers {
    view.offers
        .as_ref()
        .and_then(|offers| offers.to(unit).cloned())
        .unwrap_or_default()
}
