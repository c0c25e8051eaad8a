//! The menu's panel on the left of the window, the chosen scenario's map beside it: the lists,
//! the choices, and the buttons that begin a battle or quit, kept in sight at the foot.

use std::time::SystemTime;

use bevy::prelude::*;
use bevy_egui::egui;

use super::catalogue::{Origin, SaveEntry, ScenarioEntry};
use super::odds;
use super::{ChosenScenario, Menu, PlayAs, REVEAL_FRAMES, Tab, saved_battle, show_chosen};
use crate::ai::Style;
use crate::editor::Editor;
use crate::editor::draft::Draft;
use crate::rules::ruleset_id::RulesetId;
use crate::schedule::Screen;
use crate::session::BattleSetup;
use crate::ui::UiSettings;
use crate::ui::layout::{body_above_foot, left_screen_panel, overlay_context};

/// The colour of what went wrong.
const PROBLEM: egui::Color32 = egui::Color32::from_rgb(240, 120, 100);

/// A new scene's size, in tiles: room for two sides to close in from cover.
const NEW_SIZE: (u32, u32) = (24, 16);

/// What choosing in the panel asks of the world.
enum Asked {
    Nothing,
    /// Show the newly chosen scenario's map.
    Show,
    /// Begin this battle, the keeper's tools out or not.
    Begin(Box<BattleSetup>, bool),
    /// Open the editor on this scene.
    Edit(Box<Editor>),
    /// Go back to the scene open in the editor.
    ResumeEditing,
    /// Say what went wrong, at the foot.
    Trouble(String),
    Quit,
}

/// Draw the menu, and act on what was chosen.
pub(super) fn menu_panel(world: &mut World) {
    let Some(context) = overlay_context(world) else {
        return;
    };
    let editing = world
        .get_resource::<Editor>()
        .map(|editor| editor.draft().file().name.clone());
    let asked = world.resource_scope(|world, mut menu: Mut<Menu>| {
        draw(world, &context, &mut menu, editing.as_deref())
    });
    match asked {
        Asked::Nothing => {}
        Asked::Show => {
            world.resource_scope(|world, menu: Mut<Menu>| show_chosen(world, &menu));
        }
        Asked::Begin(setup, keeper) => {
            world.resource_mut::<UiSettings>().keeper_shown = keeper;
            world.insert_resource(*setup);
            world
                .resource_mut::<NextState<Screen>>()
                .set(Screen::Battle);
        }
        Asked::Edit(editor) => {
            world.insert_resource(*editor);
            world
                .resource_mut::<NextState<Screen>>()
                .set(Screen::Editor);
        }
        Asked::Trouble(why) => {
            world.resource_mut::<Menu>().trouble = Some(why);
        }
        Asked::ResumeEditing => {
            world
                .resource_mut::<NextState<Screen>>()
                .set(Screen::Editor);
        }
        Asked::Quit => {
            world.write_message(AppExit::Success);
        }
    }
}

/// The panel, and what was asked in it; the map keeps the rest of the window.
fn draw(
    world: &mut World,
    context: &egui::Context,
    menu: &mut Menu,
    editing: Option<&str>,
) -> Asked {
    let mut asked = Asked::Nothing;
    let mut asked_at_foot = None;
    left_screen_panel(world, context, ("menu", 0.42, 560.0), |ui| {
        ui.add_space(6.0);
        ui.heading("Gridkeeper");
        ui.horizontal_wrapped(|ui| {
            let saves = format!("Saves and replays ({})", menu.catalogue.saves.len());
            ui.selectable_value(&mut menu.tab, Tab::Scenarios, "Scenarios");
            ui.selectable_value(&mut menu.tab, Tab::Saves, saves);
        });
        ui.separator();
        let mut foot_height = menu.foot_height;
        body_above_foot(
            ui,
            (&mut foot_height, menu),
            |ui, menu| lists(ui, menu, &mut asked),
            |ui, menu| asked_at_foot = foot(ui, menu, editing),
        );
        menu.foot_height = foot_height;
    });
    if let Some(at_foot) = asked_at_foot {
        asked = at_foot;
    }
    if matches!(asked, Asked::Nothing) && menu.tab == Tab::Scenarios {
        asked = keys(context, menu);
    }
    asked
}

/// The scenarios and the choices, or the saves, in the room above the foot.
fn lists(ui: &mut egui::Ui, menu: &mut Menu, asked: &mut Asked) {
    match menu.tab {
        // The list and the choices scroll apart, so the choices are in sight however long
        // the list.
        Tab::Scenarios => {
            egui::ScrollArea::vertical()
                .id_salt("menu-scenarios")
                .max_height(ui.available_height() * 0.5)
                .auto_shrink([false, true])
                .show(ui, |ui| {
                    if let Some(choice) = scenario_list(ui, menu) {
                        menu.choose(choice);
                        menu.trouble = None;
                        menu.play_as = PlayAs::AsTheScenarioSays;
                        *asked = Asked::Show;
                    }
                });
            ui.separator();
            egui::ScrollArea::vertical()
                .id_salt("menu-choices")
                .auto_shrink([false, false])
                .show(ui, |ui| choices(ui, menu));
        }
        Tab::Saves => {
            egui::ScrollArea::vertical()
                .id_salt("menu-saves")
                .auto_shrink([false, false])
                .show(ui, |ui| {
                    if let Some(opened) = save_list(ui, menu) {
                        *asked = opened;
                    }
                });
        }
    }
}

/// The buttons (play, edit, a new scenario, back to the editor, quit) and what went wrong,
/// laid from the bottom up; what was asked there.
fn foot(ui: &mut egui::Ui, menu: &mut Menu, editing: Option<&str>) -> Option<Asked> {
    let mut asked = None;
    if let Some(trouble) = &menu.trouble {
        ui.colored_label(PROBLEM, trouble);
    }
    ui.horizontal_wrapped(|ui| {
        let play = egui::Button::new(egui::RichText::new("Play").strong().size(18.0));
        let can_play = menu.tab == Tab::Scenarios && menu.chosen_scenario().is_ok();
        let enter = ui.input(|input| input.key_pressed(egui::Key::Enter))
            && !ui.ctx().egui_wants_keyboard_input();
        if ui
            .add_enabled(can_play, play)
            .on_hover_text("Begin the chosen scenario (Enter)")
            .clicked()
            || (can_play && enter)
        {
            match menu.battle() {
                Ok((setup, keeper)) => asked = Some(Asked::Begin(Box::new(setup), keeper)),
                Err(why) => menu.trouble = Some(why),
            }
        }
        if let Some(entry) = menu.chosen().filter(|_| menu.tab == Tab::Scenarios)
            && let Ok(chosen) = menu.chosen_scenario()
            && ui
                .button("Edit")
                .on_hover_text(match entry.origin {
                    Origin::Own => "Change the chosen scenario in the editor".to_string(),
                    Origin::Shipped => format!(
                        "Make a scenario of your own from it in the editor (saved in {}/)",
                        crate::editor::SCENARIOS_FOLDER
                    ),
                })
                .clicked()
        {
            let path = (entry.origin == Origin::Own).then(|| entry.path.clone());
            asked = Some(Asked::Edit(Box::new(Editor::new(
                Draft::of(&chosen.scenario),
                path,
            ))));
        }
        if ui
            .button("New scenario")
            .on_hover_text("Draw a new scene in the editor")
            .clicked()
        {
            match Draft::blank(RulesetId::default(), NEW_SIZE.0, NEW_SIZE.1) {
                Ok(draft) => asked = Some(Asked::Edit(Box::new(Editor::new(draft, None)))),
                Err(why) => menu.trouble = Some(why),
            }
        }
        if let Some(name) = editing
            && ui
                .button("Back to the editor")
                .on_hover_text(format!("Go on with {name}"))
                .clicked()
        {
            asked = Some(Asked::ResumeEditing);
        }
        if ui.button("Quit").clicked() {
            asked = Some(Asked::Quit);
        }
    });
    asked
}

/// Up and Down move through the scenarios (while no field takes the keys).
fn keys(context: &egui::Context, menu: &mut Menu) -> Asked {
    if context.egui_wants_keyboard_input() {
        return Asked::Nothing;
    }
    let (up, down) = context.input(|input| {
        (
            input.key_pressed(egui::Key::ArrowUp),
            input.key_pressed(egui::Key::ArrowDown),
        )
    });
    let last = menu.catalogue.scenarios.len().saturating_sub(1);
    let chosen = menu.chosen_index();
    let wanted = match (up, down) {
        (true, false) => chosen.saturating_sub(1),
        (false, true) => (chosen + 1).min(last),
        _ => return Asked::Nothing,
    };
    if wanted == chosen {
        return Asked::Nothing;
    }
    menu.choose(wanted);
    menu.trouble = None;
    menu.play_as = PlayAs::AsTheScenarioSays;
    menu.reveal_chosen = REVEAL_FRAMES;
    Asked::Show
}

/// The scenarios, shipped first, then the keeper's own, then the files that could not be read;
/// the one clicked.
fn scenario_list(ui: &mut egui::Ui, menu: &mut Menu) -> Option<usize> {
    let mut clicked = None;
    for (origin, heading) in [
        (Origin::Shipped, "Shipped"),
        (Origin::Own, "Your own (scenarios/)"),
    ] {
        ui.strong(heading);
        let mut any = false;
        for (index, entry) in menu.catalogue.scenarios.iter().enumerate() {
            if entry.origin != origin {
                continue;
            }
            any = true;
            let name = egui::RichText::new(&entry.name).strong();
            let chosen = index == menu.chosen_index();
            let response = ui.selectable_label(chosen, name);
            if response.clicked() {
                clicked = Some(index);
            }
            if chosen && menu.reveal_chosen > 0 {
                menu.reveal_chosen -= 1;
                response.scroll_to_me(Some(egui::Align::Center));
            }
            ui.small(entry.summary());
            ui.add_space(2.0);
        }
        if !any {
            ui.small("None yet: scenario files put in scenarios/ are listed here.");
        }
        ui.add_space(4.0);
    }
    problems(ui, menu);
    clicked
}

/// The files that could not be read, each with where and why.
fn problems(ui: &mut egui::Ui, menu: &Menu) {
    if menu.catalogue.problems.is_empty() {
        return;
    }
    ui.strong("Could not be read");
    for problem in &menu.catalogue.problems {
        ui.colored_label(PROBLEM, egui::RichText::new(problem).small());
    }
}

/// The chosen scenario: what it is about, who plays it, how well the AI plays, the dice.
fn choices(ui: &mut egui::Ui, menu: &mut Menu) {
    let Some(entry) = menu.chosen().cloned() else {
        return;
    };
    ui.heading(&entry.name);
    if !entry.description.is_empty() {
        ui.label(&entry.description);
    }
    let chosen = match menu.chosen_scenario() {
        Ok(chosen) => chosen.clone(),
        Err(why) => {
            ui.add_space(4.0);
            ui.colored_label(
                PROBLEM,
                format!("This scenario cannot be played as it is: {why}"),
            );
            return;
        }
    };
    let scenario = &chosen.scenario;
    ui.small(format!(
        "{} · a map of {} × {} tiles",
        entry.rulebook,
        scenario.map.width(),
        scenario.map.height()
    ));
    ui.add_space(4.0);
    odds_line(ui, menu, &entry, &chosen);
    ui.add_space(4.0);
    ui.strong("Who plays");
    let mut options = vec![PlayAs::AsTheScenarioSays];
    options.extend((0..scenario.sides.len()).map(PlayAs::Solo));
    options.extend([PlayAs::Hotseat, PlayAs::Keeper, PlayAs::AiAgainstAi]);
    for option in options {
        let words = match option {
            PlayAs::AsTheScenarioSays => {
                format!("{}: {}", option.words(scenario), as_set(scenario))
            }
            _ => option.words(scenario),
        };
        ui.radio_value(&mut menu.play_as, option, words);
    }
    ui.add_space(4.0);
    ui.horizontal_wrapped(|ui| {
        ui.label("The AI plays");
        egui::ComboBox::from_id_salt("menu-ai-level")
            .selected_text(style_name(menu.ai_level))
            .show_ui(ui, |ui| {
                for style in [
                    Style::Baseline,
                    Style::Reckless,
                    Style::Careful,
                    Style::Ruthless,
                ] {
                    ui.selectable_value(&mut menu.ai_level, style, style_name(style))
                        .on_hover_text(style_words(style));
                }
            });
    });
    ui.horizontal_wrapped(|ui| {
        ui.label("Dice seed");
        ui.add(
            egui::TextEdit::singleline(&mut menu.seed)
                .hint_text("fresh dice")
                .desired_width(120.0),
        );
    });
}

/// How often each side wins with the careful AI on every side: reckoned ahead for a shipped
/// scenario, on request for another (a bar while the battles are played).
fn odds_line(ui: &mut egui::Ui, menu: &mut Menu, entry: &ScenarioEntry, chosen: &ChosenScenario) {
    let scenario = &chosen.scenario;
    if let Some(reckoning) = &menu.reckoning
        && let Some(finished) = reckoning.finished()
    {
        match finished {
            Ok(odds) => {
                menu.reckoned.insert(reckoning.path.clone(), odds);
            }
            Err(panic) => menu.trouble = Some(format!("The odds were not reckoned: {panic}")),
        }
        menu.reckoning = None;
    }
    let known = odds::shipped(&entry.path, &chosen.fingerprint).or_else(|| {
        menu.reckoned
            .get(&entry.path)
            .filter(|odds| odds.scenario == chosen.fingerprint)
            .cloned()
    });
    if let Some(odds) = known {
        ui.label(format!(
            "Who wins, careful AI against careful AI over {} battles:",
            crate::words::thousands(odds.runs)
        ));
        ui.small(odds.words(scenario));
        return;
    }
    match &menu.reckoning {
        Some(reckoning) if reckoning.path == entry.path => {
            let done = reckoning.done();
            ui.add(
                egui::ProgressBar::new(done as f32 / reckoning.runs.max(1) as f32).text(format!(
                    "Reckoning the odds: {done} of {} battles",
                    reckoning.runs
                )),
            );
            ui.ctx().request_repaint();
        }
        busy => {
            if ui
                .add_enabled(busy.is_none(), egui::Button::new("Reckon the odds"))
                .on_hover_text(format!(
                    "Play {} battles, the careful AI on every side, to see how often each side \
                     wins",
                    odds::ASKED_RUNS
                ))
                .clicked()
            {
                menu.reckoning = Some(odds::Reckoning::begin(entry.path.clone(), scenario.clone()));
            }
        }
    }
}

/// Who plays each side as the scenario sets it, in a few words.
fn as_set(scenario: &crate::map::scenario::Scenario) -> String {
    let sides: Vec<String> = scenario
        .sides
        .iter()
        .map(|side| {
            let who = match side.control {
                crate::map::scenario::Control::Person => "you",
                crate::map::scenario::Control::Ai => "the AI",
            };
            format!("{} {who}", crate::words::the(&side.name))
        })
        .collect();
    sides.join(", ")
}

fn style_name(style: Style) -> &'static str {
    match style {
        Style::Baseline => "plainly",
        Style::Reckless => "recklessly",
        Style::Careful => "carefully",
        Style::Ruthless => "ruthlessly",
    }
}

fn style_words(style: Style) -> &'static str {
    match style {
        Style::Baseline => "Walks at the nearest enemy and attacks it; dodges every blow",
        Style::Reckless => "Charges and shoots at whatever does most harm now, never minds cover",
        Style::Careful => {
            "Fights from cover, aims when it pays, finishes the wounded, reloads early"
        }
        Style::Ruthless => {
            "Careful, and hunts the weakest, finishes the fallen, throws blasts near friends"
        }
    }
}

/// The saved battles and replays, newest first, each to play on or watch; what was asked.
fn save_list(ui: &mut egui::Ui, menu: &Menu) -> Option<Asked> {
    let mut asked = None;
    if menu.catalogue.saves.is_empty() {
        ui.label("No saved battles yet: every battle saves itself into saves/ as it is played.");
    }
    let now = SystemTime::now();
    for entry in &menu.catalogue.saves {
        ui.group(|ui| {
            ui.set_min_width(ui.available_width());
            ui.strong(entry.path.display().to_string());
            ui.small(entry.summary());
            if let Some(when) = saved_when(entry, now) {
                ui.small(when);
            }
            ui.horizontal_wrapped(|ui| {
                if ui
                    .button("Play on")
                    .on_hover_text("Go on playing from where it stopped")
                    .clicked()
                {
                    asked = Some(begin_saved(entry, false));
                }
                if ui
                    .button("Watch")
                    .on_hover_text("Watch it from the start, step by step")
                    .clicked()
                {
                    asked = Some(begin_saved(entry, true));
                }
            });
        });
    }
    problems(ui, menu);
    asked
}

/// Begin the saved battle, played on or watched; or say why it cannot be.
fn begin_saved(entry: &SaveEntry, watch: bool) -> Asked {
    match saved_battle(entry, watch) {
        Ok(setup) => Asked::Begin(Box::new(setup), false),
        Err(why) => Asked::Trouble(why),
    }
}

/// How long ago the file was written, in the largest whole unit.
fn saved_when(entry: &SaveEntry, now: SystemTime) -> Option<String> {
    let seconds = now.duration_since(entry.modified?).ok()?.as_secs();
    let (count, unit) = match seconds {
        0..60 => return Some("saved just now".to_string()),
        60..3_600 => (seconds / 60, "minute"),
        3_600..86_400 => (seconds / 3_600, "hour"),
        _ => (seconds / 86_400, "day"),
    };
    Some(format!(
        "saved {count} {unit}{} ago",
        if count == 1 { "" } else { "s" }
    ))
}
