//! The editor's units: the roster unit (or a new one, from scratch) placed next and the side it
//! goes on, and each unit placed, opened to change its name, side, who plays it, when it comes
//! in and its sheet, with the check's word on it beside it.

use bevy_egui::egui;

use crate::ui::layout::row;

use super::Editor;
use super::draft::Edit;
use super::sections::{Typed, choose};
use super::sheet::{PROBLEM_COLOUR, on_the_sheet, unit_sheet};
use crate::map::scenario::{Control, ScenarioFile};

/// The roster to place from, the side placed on, and the units placed.
pub(super) fn units_section(
    ui: &mut egui::Ui,
    editor: &mut Editor,
    (edits, typed): (&mut Vec<Edit>, &mut Typed),
) {
    ui.separator();
    ui.strong("Units");
    row(ui, |ui| {
        ui.selectable_value(&mut editor.tool, super::Tool::Units, "Place units")
            .on_hover_text("Click a tile to put the unit there; click a unit to take it off");
        ui.selectable_value(&mut editor.tool, super::Tool::Exits, "Ways out")
            .on_hover_text("Click a tile to make it a way out of the fight, or no longer one");
    });
    let file = editor.draft().file().clone();
    let problem = editor.unit_problem();
    recruit_choice(ui, editor, &file);
    for (index, unit) in file.units.iter().enumerate() {
        let said = problem
            .as_ref()
            .filter(|problem| problem.index == index)
            .map(|problem| (problem.field.as_str(), problem.message.as_str()));
        // The side too where the panel has room: a header wider than the panel would widen
        // every row after it past what is shown.
        let side = if ui.available_width() > ROOM_FOR_THE_SIDE {
            format!(" · {}", side_name(&file, &unit.side))
        } else {
            String::new()
        };
        let mut title = egui::RichText::new(format!(
            "{}{side} · ({}, {})",
            unit.name, unit.at.0, unit.at.1
        ));
        if said.is_some() {
            title = title.color(PROBLEM_COLOUR);
        }
        // The header a row of its own (the arrow, the title that opens it too, and ×); the
        // unit's details below it, as wide as the panel.
        let id = ui.make_persistent_id(("editor-unit", index));
        let mut opened = false;
        let mut header =
            egui::collapsing_header::CollapsingState::load_with_default_open(ui.ctx(), id, false)
                .show_header(ui, |ui| {
                    opened = ui
                        .add(egui::Label::new(title).sense(egui::Sense::click()))
                        .clicked();
                    if ui.small_button("×").on_hover_text("Take it off").clicked() {
                        edits.push(Edit::RemoveUnit { index });
                    }
                });
        if opened {
            header.toggle();
        }
        header.body(|ui| unit_details(ui, editor, (&file, index), said, (edits, typed)));
    }
    ui.small(format!("{} ways out marked", file.exits.len()));
}

/// What a click with the units tool places (a roster unit, or a new one from scratch), and on
/// which side.
fn recruit_choice(ui: &mut egui::Ui, editor: &mut Editor, file: &ScenarioFile) {
    let chosen = editor
        .roster
        .get(editor.recruit)
        .map_or(FROM_SCRATCH, |unit| unit.name.as_str())
        .to_string();
    row(ui, |ui| {
        ui.label("Place");
        egui::ComboBox::from_id_salt("editor-roster")
            .selected_text(chosen)
            .show_ui(ui, |ui| {
                for (index, unit) in editor.roster.iter().enumerate() {
                    ui.selectable_value(&mut editor.recruit, index, &unit.name);
                }
                ui.selectable_value(&mut editor.recruit, editor.roster.len(), FROM_SCRATCH)
                    .on_hover_text(
                        "A unit with the rulebook's everyday characteristics and nothing else: \
                         open it to give it skills, weapons and armor",
                    );
            });
        ui.label("for");
        let side_name = file
            .sides
            .get(editor.side)
            .map_or("no side", |side| side.name.as_str());
        egui::ComboBox::from_id_salt("editor-side")
            .selected_text(side_name)
            .show_ui(ui, |ui| {
                for (index, side) in file.sides.iter().enumerate() {
                    ui.selectable_value(&mut editor.side, index, &side.name);
                }
            });
    });
}

/// The width, in points, a unit's header needs to name its side as well.
const ROOM_FOR_THE_SIDE: f32 = 380.0;

/// The roster's last choice: a unit made from scratch.
const FROM_SCRATCH: &str = "a new unit, from scratch";

/// The name of the side with id `id` (the id itself where no side has it yet).
fn side_name<'a>(file: &'a ScenarioFile, id: &'a str) -> &'a str {
    file.sides
        .iter()
        .find(|side| side.id == id)
        .map_or(id, |side| side.name.as_str())
}

/// A placed unit's name, side, who plays it, when it comes in, whether it starts hidden or in
/// reserve, and its sheet; `said` is the check's word on it, with the field it is in.
fn unit_details(
    ui: &mut egui::Ui,
    editor: &Editor,
    (file, index): (&ScenarioFile, usize),
    said: Option<(&str, &str)>,
    (edits, typed): (&mut Vec<Edit>, &mut Typed),
) {
    let unit = &file.units[index];
    let mut changed = unit.clone();
    let mut typing = ui
        .add(egui::TextEdit::singleline(&mut changed.name).desired_width(160.0))
        .changed()
        .then(|| format!("unit {index}"));
    if let Some((field, message)) = said
        && !on_the_sheet(field)
    {
        ui.colored_label(PROBLEM_COLOUR, message);
    }
    let sides: Vec<String> = file.sides.iter().map(|side| side.id.clone()).collect();
    choose(
        ui,
        "Side",
        &mut changed.side,
        &sides,
        ("editor-unit-side", index),
    );
    row(ui, |ui| {
        ui.label("Played by");
        for (choice, words) in [
            (None, "its side's player"),
            (Some(Control::Person), "a person"),
            (Some(Control::Ai), "the AI"),
        ] {
            ui.radio_value(&mut changed.control, choice, words);
        }
    });
    row(ui, |ui| {
        let mut late = changed.arrives.is_some();
        ui.checkbox(&mut late, "Comes in at round");
        let mut round = changed.arrives.unwrap_or(2);
        if late {
            ui.add(egui::DragValue::new(&mut round).range(2..=99));
        }
        changed.arrives = late.then_some(round);
    });
    // Each on its own line, its words wrapped in a narrow panel.
    ui.checkbox(&mut changed.hidden, "Hidden from the players");
    ui.checkbox(&mut changed.reserve, "In reserve (the keeper brings it in)");
    if let Some(book) = editor.book() {
        egui::CollapsingHeader::new("Sheet")
            .id_salt(("editor-unit-sheet", index))
            .default_open(said.is_some_and(|(field, _)| on_the_sheet(field)))
            .show(ui, |ui| {
                let problem = said.filter(|(field, _)| on_the_sheet(field));
                if let Some(field) = unit_sheet(ui, book, (&mut changed, index), problem) {
                    typing = Some(field);
                }
            });
    }
    let edit = Edit::ChangeUnit {
        index,
        unit: Box::new(changed.clone()),
    };
    match typing {
        Some(field) if changed != *unit => *typed = Some((field, edit)),
        _ if changed != *unit => edits.push(edit),
        _ => {}
    }
}
