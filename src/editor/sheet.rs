//! A unit's sheet in the editor, in its rulebook's own terms: its age and characteristics, the
//! values the rulebook makes of them, its skills picked from the rulebook's list, its weapons
//! picked from the weapon table and its armor; the check's word on the unit beside the part of
//! the sheet it is about.

use bevy_egui::egui;

use crate::ui::layout::row;

use crate::map::scenario::{ArmorWorn, CarriedWeaponFile, UnitFile};
use crate::rules::ruleset::Ruleset;
use crate::rules::weapons::Magazine;

/// The parts of a sheet the check can find fault with, by the field the check names, and the
/// heading each is shown under.
const PARTS: [(&str, &str); 5] = [
    ("characteristics", "Characteristics"),
    ("skills", "Skills"),
    ("weapons", "Weapons"),
    ("armor", "Armor"),
    ("age", "Age"),
];

/// The largest value a sheet's field takes in the window: past any rulebook's, so that the
/// check, not the field, says what is too high.
const MOST_TYPED: u32 = 999;

/// Draw `unit`'s sheet and change it as the keeper does; `problem` is the check's word on the
/// unit, with the field it is in (`characteristics.STR`, `skills`, `weapons.weapon`). Returns the name of the
/// field being typed or dragged in, where one changed that way (its changes are one change).
pub(super) fn unit_sheet(
    ui: &mut egui::Ui,
    book: &dyn Ruleset,
    (unit, index): (&mut UnitFile, usize),
    problem: Option<(&str, &str)>,
) -> Option<String> {
    let mut typing = None;
    let said_under = |ui: &mut egui::Ui, part: &str| {
        if let Some((field, message)) = problem
            && part_of(field) == Some(part)
        {
            ui.colored_label(PROBLEM_COLOUR, message);
        }
    };
    row(ui, |ui| {
        ui.label("Age");
        if ui
            .add(egui::DragValue::new(&mut unit.age).range(0..=MOST_TYPED))
            .changed()
        {
            typing = Some(format!("unit {index} age"));
        }
    });
    said_under(ui, "age");
    ui.label(egui::RichText::new("Characteristics").strong());
    // Three to a row where there is room, fewer in a narrow panel.
    let width = ui.available_width();
    let per_row = if width >= 285.0 {
        3
    } else if width >= 190.0 {
        2
    } else {
        1
    };
    egui::Grid::new(("editor-characteristics", index))
        .num_columns(2 * per_row)
        .show(ui, |ui| {
            for (column, (own, field)) in book.sheet().characteristics().iter().enumerate() {
                let Some(value) = unit.characteristics.field_mut(field) else {
                    continue;
                };
                let faulted =
                    problem.is_some_and(|(at, _)| at == format!("characteristics.{field}"));
                ui.label(named(own, faulted));
                if ui
                    .add(egui::DragValue::new(value).range(0..=MOST_TYPED))
                    .changed()
                {
                    typing = Some(format!("unit {index} {field}"));
                }
                if column % per_row == per_row - 1 {
                    ui.end_row();
                }
            }
        });
    let derived = book.sheet().derive(&unit.characteristics, unit.age);
    ui.small(format!(
        "{} {} · moves {} yards · {}",
        book.words().hit_point_words(),
        unit.hit_points.unwrap_or(derived.hit_points),
        unit.movement.unwrap_or(derived.movement()),
        book.words().sheet_line(&unit.characteristics, &derived)
    ));
    said_under(ui, "characteristics");
    typing = skills(ui, book, (unit, index), problem).or(typing);
    said_under(ui, "skills");
    weapons(ui, book, (unit, index));
    said_under(ui, "weapons");
    armor(ui, book, (unit, index));
    said_under(ui, "armor");
    typing
}

/// The colour of the check's word on a part of the sheet.
pub(super) const PROBLEM_COLOUR: egui::Color32 = egui::Color32::from_rgb(240, 170, 90);

/// A field's name on the sheet, in the problem's colour where the check finds fault with it.
fn named(name: &str, faulted: bool) -> egui::RichText {
    let text = egui::RichText::new(name);
    if faulted {
        text.color(PROBLEM_COLOUR)
    } else {
        text
    }
}

/// The part of the sheet a field the check names is in: `characteristics.STR` is in the
/// characteristics.
fn part_of(field: &str) -> Option<&'static str> {
    let head = field.split('.').next().unwrap_or_default();
    PARTS
        .iter()
        .find(|(part, _)| *part == head)
        .map(|(part, _)| *part)
}

/// Whether the check's word on a unit belongs to a part of the sheet (else it is said with the
/// unit's name, side and place).
pub(super) fn on_the_sheet(field: &str) -> bool {
    part_of(field).is_some()
}

/// The unit's skills, each with its value and the rulebook's base beside it, taken off with ×;
/// a skill of the rulebook's list added.
fn skills(
    ui: &mut egui::Ui,
    book: &dyn Ruleset,
    (unit, index): (&mut UnitFile, usize),
    problem: Option<(&str, &str)>,
) -> Option<String> {
    let mut typing = None;
    ui.label(egui::RichText::new("Skills").strong());
    let mut gone = None;
    for (name, value) in &mut unit.skills {
        row(ui, |ui| {
            if ui.small_button("×").on_hover_text("Take it off").clicked() {
                gone = Some(name.clone());
            }
            // The check names the skill first: "Dodge 1000 is out of range".
            let faulted = problem.is_some_and(|(at, message)| {
                at == "skills" && message.starts_with(&format!("{name} "))
            });
            ui.label(named(name, faulted));
            if ui
                .add(egui::DragValue::new(value).range(0..=MOST_TYPED))
                .changed()
            {
                typing = Some(format!("unit {index} skill {name}"));
            }
            if let Some(base) = book.sheet().base_skill(name, &unit.characteristics) {
                ui.small(format!("base {base}"));
            }
        });
    }
    if let Some(name) = gone {
        unit.skills.remove(&name);
    }
    let missing: Vec<&str> = book
        .sheet()
        .skills()
        .iter()
        .map(|entry| entry.name)
        .filter(|name| !unit.skills.contains_key(*name))
        .collect();
    if !missing.is_empty() {
        let mut chosen = None;
        egui::ComboBox::from_id_salt(("editor-add-skill", index))
            .selected_text("Add a skill…")
            .show_ui(ui, |ui| {
                for name in missing {
                    if ui.selectable_label(false, name).clicked() {
                        chosen = Some(name);
                    }
                }
            });
        if let Some(name) = chosen {
            let base = book
                .sheet()
                .base_skill(name, &unit.characteristics)
                .unwrap_or(0);
            unit.skills.insert(name.to_string(), base);
        }
    }
    typing
}

/// The unit's weapons, with spare rounds for those that take them, taken off with ×; a weapon
/// of the rulebook's table added.
fn weapons(ui: &mut egui::Ui, book: &dyn Ruleset, (unit, index): (&mut UnitFile, usize)) {
    ui.label(egui::RichText::new("Weapons").strong());
    let table = book.weapons();
    let mut gone = None;
    for (at, carried) in unit.weapons.iter_mut().enumerate() {
        row(ui, |ui| {
            if ui.small_button("×").on_hover_text("Take it off").clicked() {
                gone = Some(at);
            }
            ui.label(carried.weapon.as_str());
            let takes_rounds = table
                .find(&carried.weapon)
                .is_some_and(|weapon| weapon.magazine != Magazine::Nothing);
            if takes_rounds {
                ui.label("spare");
                ui.add(egui::DragValue::new(&mut carried.spare).range(0..=MOST_TYPED));
            }
        });
    }
    if let Some(at) = gone {
        unit.weapons.remove(at);
    }
    let mut chosen = None;
    egui::ComboBox::from_id_salt(("editor-add-weapon", index))
        .selected_text("Add a weapon…")
        .height(320.0)
        .show_ui(ui, |ui| {
            for weapon in &table.weapons {
                if ui.selectable_label(false, &weapon.name).clicked() {
                    chosen = Some(weapon.name.clone());
                }
            }
        });
    if let Some(weapon) = chosen {
        unit.weapons.push(CarriedWeaponFile {
            weapon,
            loaded: None,
            spare: 0,
            slugs: false,
            mounted: false,
        });
    }
}

/// The armor the unit wears: none, or one of the rulebook's examples (its points can be
/// changed).
fn armor(ui: &mut egui::Ui, book: &dyn Ruleset, (unit, index): (&mut UnitFile, usize)) {
    row(ui, |ui| {
        ui.label(egui::RichText::new("Armor").strong());
        let worn = unit
            .armor
            .as_ref()
            .map_or("none".to_string(), |armor| armor.name.clone());
        egui::ComboBox::from_id_salt(("editor-armor", index))
            .selected_text(worn)
            .show_ui(ui, |ui| {
                if ui.selectable_label(unit.armor.is_none(), "none").clicked() {
                    unit.armor = None;
                }
                for example in &book.armor().armor {
                    let chosen = unit
                        .armor
                        .as_ref()
                        .is_some_and(|armor| armor.name == example.name);
                    if ui.selectable_label(chosen, &example.name).clicked() {
                        unit.armor = Some(ArmorWorn {
                            name: example.name.clone(),
                            points: example.points,
                            covers: None,
                        });
                    }
                }
            });
        if let Some(armor) = &mut unit.armor {
            ui.add(egui::DragValue::new(&mut armor.points).range(0..=MOST_TYPED));
            ui.label("points");
        }
    });
}
