//! The editor's panel on the left of the window, the scene's map beside it: the scene's name and
//! rulebook and size, the terrain tools and legend, the units, the sides, the victory, whether
//! it passes the checks, and undo, redo, save, play and back to the menu at its foot.

use bevy::prelude::*;
use bevy_egui::egui;

use super::Editor;
use super::saving::SaveQuestion;
use super::sections::{
    rules_section, said_line, scene_section, sides_section, terrain_section, undo_and_redo,
    victory_section,
};
use super::tileset_panel::{TileTextures, open_a_tileset, tileset_window};
use super::units::units_section;
use crate::schedule::Screen;
use crate::session::BattleSetup;
use crate::ui::layout::{body_above_foot, left_screen_panel, overlay_context, row};

/// Where the editor's buttons send the window.
enum Leaving {
    Stay,
    Play(Box<BattleSetup>),
    Menu,
}

/// Draw the editor's panel and act on it.
pub(super) fn editor_panel(world: &mut World, mut textures: Local<TileTextures>) {
    let Some(context) = overlay_context(world) else {
        return;
    };
    let leaving = world.resource_scope(|world, mut editor: Mut<Editor>| {
        let leaving = draw(world, &context, &mut editor);
        tileset_window(&context, &mut editor, &mut textures);
        leaving
    });
    match leaving {
        Leaving::Stay => {}
        Leaving::Play(setup) => {
            world.insert_resource(*setup);
            world
                .resource_mut::<NextState<Screen>>()
                .set(Screen::Battle);
        }
        Leaving::Menu => world.resource_mut::<NextState<Screen>>().set(Screen::Menu),
    }
}

/// The panel; where its buttons send the window, and its width in points.
fn draw(world: &mut World, context: &egui::Context, editor: &mut Editor) -> Leaving {
    let mut leaving = Leaving::Stay;
    let mut edits = Vec::new();
    let mut typed = None;
    left_screen_panel(world, context, ("editor", 0.38, 480.0), |ui| {
        ui.add_space(6.0);
        ui.heading("Scenario editor");
        let mut foot_height = editor.foot_height;
        body_above_foot(
            ui,
            (&mut foot_height, editor),
            |ui, editor| {
                egui::ScrollArea::vertical()
                    .auto_shrink([false, false])
                    .show(ui, |ui| {
                        // Keep the rows clear of the scroll bar, so that they wrap before it.
                        let bar = ui.spacing().scroll.allocated_width();
                        ui.set_max_width(ui.available_width() - bar);
                        scene_section(ui, editor, (&mut edits, &mut typed));
                        terrain_section(ui, editor, &mut edits);
                        open_a_tileset(ui, editor);
                        units_section(ui, editor, (&mut edits, &mut typed));
                        sides_section(ui, editor, (&mut edits, &mut typed));
                        victory_section(ui, editor.draft(), &mut edits);
                        rules_section(ui, editor.draft(), &mut edits);
                    });
            },
            |ui, editor| leaving = foot(ui, editor),
        );
        editor.foot_height = foot_height;
    });
    for edit in edits {
        editor.edit(edit, None);
    }
    if let Some((field, edit)) = typed {
        editor.type_in(field, edit);
    }
    keys(context, editor);
    leaving
}

/// Ctrl+Z takes back, Ctrl+Y (or Ctrl+Shift+Z) does again, while no field takes the keys.
fn keys(context: &egui::Context, editor: &mut Editor) {
    if context.egui_wants_keyboard_input() {
        return;
    }
    let (undo, redo) = context.input(|input| {
        let command = input.modifiers.command;
        let z = input.key_pressed(egui::Key::Z);
        (
            command && z && !input.modifiers.shift,
            command && (input.key_pressed(egui::Key::Y) || (z && input.modifiers.shift)),
        )
    });
    // While a tileset is open, the keys take back and make again its mapping's changes.
    match editor.tileset.as_mut() {
        Some(mapper) if undo => mapper.undo(),
        Some(mapper) if redo => mapper.redo(),
        Some(_) => {}
        None if undo => editor.undo(),
        None if redo => editor.redo(),
        None => {}
    }
}

/// The question asked before saving: replace a file already there (or save as another name,
/// or leave it), or the name to save as.
fn save_question(ui: &mut egui::Ui, editor: &mut Editor) {
    match editor.saving.clone() {
        Some(SaveQuestion::Replace(path)) => {
            row(ui, |ui| {
                if ui
                    .button("Replace it")
                    .on_hover_text(format!("Write the scene over {}", path.display()))
                    .clicked()
                {
                    editor.replace();
                }
                if ui.button("Save as…").clicked() {
                    editor.ask_save_as();
                }
                if ui
                    .button("Cancel")
                    .on_hover_text("Leave the file as it is")
                    .clicked()
                {
                    editor.saving = None;
                    editor.said = Some((format!("{} was left as it is", path.display()), false));
                }
            });
        }
        Some(SaveQuestion::SaveAs(mut typed)) => {
            row(ui, |ui| {
                ui.label("Save as");
                let field = ui.add(egui::TextEdit::singleline(&mut typed).desired_width(180.0));
                let entered =
                    field.lost_focus() && ui.input(|input| input.key_pressed(egui::Key::Enter));
                editor.saving = Some(SaveQuestion::SaveAs(typed.clone()));
                if ui.button("Save").clicked() || entered {
                    editor.save_as(&typed);
                }
                if ui.button("Cancel").clicked() {
                    editor.saving = None;
                }
            });
        }
        None => {}
    }
}

/// Whether the scene passes the checks, what the last thing done said, and the buttons.
fn foot(ui: &mut egui::Ui, editor: &mut Editor) -> Leaving {
    // Only whether it passes, and why not: the scenario itself is copied only to play it.
    let checked = editor
        .checked()
        .as_ref()
        .map(|_| ())
        .map_err(|problem| problem.problem());
    match &checked {
        Ok(()) => ui.colored_label(
            egui::Color32::from_rgb(120, 200, 120),
            "Ready to save and play",
        ),
        Err(problem) => ui.colored_label(
            egui::Color32::from_rgb(240, 170, 90),
            format!("Not ready: {problem}"),
        ),
    };
    said_line(ui, editor.said.as_ref());
    save_question(ui, editor);
    let mut leaving = Leaving::Stay;
    row(ui, |ui| {
        let (undo, redo) =
            undo_and_redo(ui, (editor.editing.can_undo(), editor.editing.can_redo()));
        if undo {
            editor.undo();
        }
        if redo {
            editor.redo();
        }
        let ready = checked.is_ok();
        if ui
            .add_enabled(ready, egui::Button::new("Save"))
            // Where it saves is looked for on disk (a free name) only while the pointer is on it.
            .on_hover_ui(|ui| {
                ui.set_max_width(ui.spacing().tooltip_width);
                ui.label(format!("Save to {}", editor.save_path().display()));
            })
            .clicked()
        {
            editor.save();
        }
        if ui
            .add_enabled(ready, egui::Button::new("Save as…"))
            .on_hover_text("Save under another name (in scenarios/, or a path)")
            .clicked()
        {
            editor.ask_save_as();
        }
        if ready
            && ui
                .button("Play")
                .on_hover_text("Play the scene now, as its sides say (the editor keeps it)")
                .clicked()
            && let Ok(scenario) = editor.checked()
        {
            let seed = crate::rules::dice::fresh_seed();
            leaving = Leaving::Play(Box::new(BattleSetup::new(scenario.clone(), seed)));
        }
        if ui
            .button("Menu")
            .on_hover_text("Back to the start menu (the scene stays open in the editor)")
            .clicked()
        {
            leaving = Leaving::Menu;
        }
    });
    leaving
}
