//! The editor panel's sections: the scene, the terrain and its legend, the units, the sides,
//! the victory and the optional rules; each draws from the draft and asks for its changes as
//! edits.

use bevy_egui::egui;

use crate::ui::layout::row;

use super::draft::{Draft, Edit};
use super::{Editor, Tool};
use crate::map::scenario::{Control, SideFile, Victory};
use crate::map::terrain::{Cover, CustomTerrain, LegendEntry, TerrainKind};
use crate::rules::bare_name::BareName;
use crate::rules::ruleset::RuleOptions;
use crate::rules::ruleset_id::RulesetId;
use crate::rules::situation::Material;

/// The symbols a new legend entry takes, the first free one.
const SYMBOLS: &str = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";

/// A change typed into a text field, with the field's name.
pub(super) type Typed = Option<(String, Edit)>;

/// The scene's name, description, rulebook and size.
pub(super) fn scene_section(
    ui: &mut egui::Ui,
    editor: &mut Editor,
    (edits, typed): (&mut Vec<Edit>, &mut Typed),
) {
    let file = editor.draft().file().clone();
    ui.strong("The scene");
    let mut name = file.name.clone();
    let mut description = file.description.clone();
    let named = ui
        .add(egui::TextEdit::singleline(&mut name).hint_text("its name"))
        .changed();
    let described = ui
        .add(
            egui::TextEdit::multiline(&mut description)
                .desired_rows(2)
                .hint_text("what it is about"),
        )
        .changed();
    if named || described {
        let field = if named { "name" } else { "description" };
        *typed = Some((field.to_string(), Edit::Describe { name, description }));
    }
    row(ui, |ui| {
        ui.label("Rulebook");
        let current = file.rules.ruleset;
        egui::ComboBox::from_id_salt("editor-rulebook")
            .width((ui.available_width() - 40.0).clamp(80.0, 240.0))
            .truncate()
            .selected_text(rulebook_name(current))
            .show_ui(ui, |ui| {
                for ruleset in crate::rulesets::ids() {
                    if ui
                        .selectable_label(ruleset == current, rulebook_name(ruleset))
                        .clicked()
                        && ruleset != current
                    {
                        edits.push(Edit::SetRules(RuleOptions {
                            ruleset,
                            ..RuleOptions::default()
                        }));
                    }
                }
            });
    });
    row(ui, |ui| {
        ui.label("Size");
        ui.add(egui::DragValue::new(&mut editor.size.0).range(3..=super::draft::LARGEST_SIDE));
        ui.label("×");
        ui.add(egui::DragValue::new(&mut editor.size.1).range(3..=super::draft::LARGEST_SIDE));
        let (width, height) = editor.size;
        if ui
            .add_enabled(
                editor.draft().size() != editor.size,
                egui::Button::new("Resize"),
            )
            .on_hover_text("Grow or shrink the map from its right and bottom edges")
            .clicked()
        {
            edits.push(Edit::Resize { width, height });
        }
    });
}

/// The name a rulebook is shown by.
fn rulebook_name(ruleset: RulesetId) -> &'static str {
    crate::rulesets::ruleset(&RuleOptions {
        ruleset,
        ..RuleOptions::default()
    })
    .map_or("?", |book| book.name())
}

/// The painting tools, the legend to paint with, and a new legend entry.
pub(super) fn terrain_section(ui: &mut egui::Ui, editor: &mut Editor, edits: &mut Vec<Edit>) {
    ui.separator();
    ui.strong("Terrain");
    row(ui, |ui| {
        for (tool, words, hint) in [
            (Tool::Brush, "Brush", "Paint each tile dragged over"),
            (
                Tool::Line,
                "Line",
                "Paint a line from where you press to where you let go",
            ),
            (
                Tool::Rectangle,
                "Rectangle",
                "Fill the rectangle between press and let go",
            ),
        ] {
            ui.selectable_value(&mut editor.tool, tool, words)
                .on_hover_text(hint);
        }
    });
    let legend = editor.draft().map().legend.clone();
    for (symbol, entry) in &legend {
        let words = format!("{symbol}  {}", entry_words(entry));
        if ui
            .selectable_label(editor.symbol == *symbol && painting(editor.tool), words)
            .clicked()
        {
            editor.symbol = *symbol;
            if !painting(editor.tool) {
                editor.tool = Tool::Brush;
            }
        }
    }
    egui::CollapsingHeader::new("New terrain")
        .id_salt("editor-new-terrain")
        .show(ui, |ui| new_terrain(ui, editor, edits));
    let unused = !editor
        .draft()
        .map()
        .rows
        .iter()
        .any(|row| row.contains(editor.symbol));
    if ui
        .add_enabled(
            unused,
            egui::Button::new(format!("Remove `{}`", editor.symbol)),
        )
        .on_hover_text("Take the chosen terrain out of the legend (once no tile uses it)")
        .clicked()
    {
        edits.push(Edit::RemoveLegend {
            symbol: editor.symbol,
        });
    }
}

fn painting(tool: Tool) -> bool {
    matches!(tool, Tool::Brush | Tool::Line | Tool::Rectangle)
}

/// A legend entry in a few words: its name, and what it changes from its kind.
pub(super) fn entry_words(entry: &LegendEntry) -> String {
    let terrain = entry.terrain();
    let mut words = vec![terrain.name.clone()];
    if terrain.name != terrain.kind.label() {
        words.push(terrain.kind.label().to_string());
    }
    if let LegendEntry::Custom(custom) = entry {
        if let Some(cover) = custom.cover {
            words.push(format!("{} cover", cover_words(cover)));
        }
        if let Some(armor) = custom.armor {
            words.push(format!("armor {armor}"));
        }
        if custom.dark {
            words.push("unlit".to_string());
        }
        if let Some(material) = custom.material {
            words.push(format!("{material:?}").to_lowercase());
        }
        for (set, blocks, what) in [
            (custom.blocks_movement, terrain.blocks_movement, "movement"),
            (custom.blocks_sight, terrain.blocks_sight, "sight"),
        ] {
            if set.is_some() {
                let verb = if blocks { "blocks" } else { "lets through" };
                words.push(format!("{verb} {what}"));
            }
        }
    }
    words.join(" · ")
}

fn cover_words(cover: Cover) -> &'static str {
    match cover {
        Cover::None => "no",
        Cover::Half => "half",
        Cover::Full => "full",
    }
}

/// The form for a legend entry of the keeper's own: a kind, a name, its cover, armor, light,
/// what it blocks and what it is made of.
fn new_terrain(ui: &mut egui::Ui, editor: &mut Editor, edits: &mut Vec<Edit>) {
    let free = SYMBOLS
        .chars()
        .find(|symbol| !editor.draft().map().legend.contains_key(symbol));
    let made = &mut editor.new_terrain;
    egui::ComboBox::from_id_salt("editor-new-kind")
        .selected_text(made.kind.label())
        .show_ui(ui, |ui| {
            for kind in TerrainKind::ALL {
                ui.selectable_value(&mut made.kind, kind, kind.label());
            }
        });
    let mut name = made.name.clone().unwrap_or_default();
    if ui
        .add(egui::TextEdit::singleline(&mut name).hint_text("its name (the kind's if empty)"))
        .changed()
    {
        made.name = Some(name).filter(|name| !name.trim().is_empty());
    }
    row(ui, |ui| {
        ui.label("Cover");
        let mut cover = made.cover;
        for (choice, words) in [
            (None, "as its kind"),
            (Some(Cover::None), "none"),
            (Some(Cover::Half), "half"),
            (Some(Cover::Full), "full"),
        ] {
            ui.radio_value(&mut cover, choice, words);
        }
        made.cover = cover;
    });
    row(ui, |ui| {
        let mut armored = made.armor.is_some();
        ui.checkbox(&mut armored, "Armor");
        let mut armor = made.armor.unwrap_or(made.kind.terrain().armor);
        if armored {
            ui.add(egui::DragValue::new(&mut armor).range(0..=40));
        }
        made.armor = armored.then_some(armor);
        ui.checkbox(&mut made.dark, "Unlit");
    });
    row(ui, |ui| {
        // Set only where it differs from its kind: a plain kind stays a plain entry.
        let base = made.kind.terrain();
        let mut stops = made.blocks_movement.unwrap_or(base.blocks_movement);
        let mut hides = made.blocks_sight.unwrap_or(base.blocks_sight);
        ui.checkbox(&mut stops, "Blocks movement");
        ui.checkbox(&mut hides, "Blocks sight");
        made.blocks_movement = (stops != base.blocks_movement).then_some(stops);
        made.blocks_sight = (hides != base.blocks_sight).then_some(hides);
    });
    row(ui, |ui| {
        ui.label("Material").on_hover_text(
            "What a bullet shot through it loses, where the rulebook says (the frontier \
             western's wood, iron and steel)",
        );
        for (choice, words) in [
            (None, "not said"),
            (Some(Material::Wood), "wood"),
            (Some(Material::Iron), "iron"),
            (Some(Material::Steel), "steel"),
        ] {
            ui.radio_value(&mut made.material, choice, words);
        }
    });
    if ui
        .add_enabled(free.is_some(), egui::Button::new("Add to the legend"))
        .clicked()
        && let Some(symbol) = free
    {
        let plain = *made == CustomTerrain::of(made.kind);
        let entry = if plain {
            LegendEntry::Kind(made.kind)
        } else {
            LegendEntry::Custom(made.clone())
        };
        edits.push(Edit::SetLegend { symbol, entry });
        editor.symbol = symbol;
        editor.tool = Tool::Brush;
    }
}

/// The width, in points, a side's name, who plays it and its × take on one line.
const ROOM_FOR_A_SIDE: f32 = 360.0;

/// Each side's name and who plays it; a side added or taken off.
pub(super) fn sides_section(
    ui: &mut egui::Ui,
    editor: &mut Editor,
    (edits, typed): (&mut Vec<Edit>, &mut Typed),
) {
    ui.separator();
    ui.strong("Sides");
    let file = editor.draft().file().clone();
    for (index, side) in file.sides.iter().enumerate() {
        row(ui, |ui| {
            let mut name = side.name.clone();
            let narrow = ui.available_width() < ROOM_FOR_A_SIDE;
            let renamed = ui
                .add(egui::TextEdit::singleline(&mut name).desired_width(140.0))
                .changed();
            if narrow {
                ui.end_row();
            }
            let mut control = side.control;
            ui.radio_value(&mut control, Control::Person, "a person");
            ui.radio_value(&mut control, Control::Ai, "the AI");
            let changed = Edit::ChangeSide {
                index,
                side: SideFile {
                    name,
                    control,
                    ..side.clone()
                },
            };
            if renamed {
                *typed = Some((format!("side {index}"), changed));
            } else if control != side.control {
                edits.push(changed);
            }
            let empty = !file.units.iter().any(|unit| unit.side == side.id);
            if ui
                .add_enabled(
                    empty && file.sides.len() > 1,
                    egui::Button::new("×").small(),
                )
                .on_hover_text("Take the side off (once it has no units)")
                .clicked()
            {
                edits.push(Edit::RemoveSide { index });
            }
        });
    }
    if ui.button("Add a side").clicked() {
        let id = (file.sides.len() + 1..)
            .map(|number| format!("side-{number}"))
            .find(|id| !file.sides.iter().any(|side| side.id == *id))
            .unwrap_or_default();
        edits.push(Edit::AddSide(SideFile {
            name: format!("Side {}", file.sides.len() + 1),
            id,
            colour: None,
            control: Control::Ai,
            secret: None,
        }));
    }
    editor.side = editor.side.min(file.sides.len().saturating_sub(1));
}

/// How the fight is won.
pub(super) fn victory_section(ui: &mut egui::Ui, draft: &Draft, edits: &mut Vec<Edit>) {
    ui.separator();
    ui.strong("Victory");
    let file = draft.file();
    let first_side = file
        .sides
        .first()
        .map(|side| side.id.clone())
        .unwrap_or_default();
    let mut victory = file.victory.clone();
    let kinds = [
        ("The last side standing wins", Victory::LastSideStanding),
        (
            "A side survives some rounds",
            Victory::Survive {
                side: first_side.clone(),
                rounds: 10,
            },
        ),
        (
            "A side gets out",
            Victory::ReachExit {
                side: first_side.clone(),
                count: 1,
                by_round: None,
            },
        ),
        (
            "A side keeps a unit alive",
            Victory::Protect {
                side: first_side,
                unit: file
                    .units
                    .first()
                    .map(|unit| unit.name.clone())
                    .unwrap_or_default(),
                rounds: 10,
            },
        ),
    ];
    let current = kinds
        .iter()
        .position(|(_, kind)| std::mem::discriminant(kind) == std::mem::discriminant(&victory))
        .unwrap_or(0);
    egui::ComboBox::from_id_salt("editor-victory")
        .selected_text(kinds[current].0)
        .show_ui(ui, |ui| {
            for (index, (words, kind)) in kinds.iter().enumerate() {
                if ui.selectable_label(index == current, *words).clicked() && index != current {
                    victory = kind.clone();
                }
            }
        });
    let side_ids: Vec<String> = file.sides.iter().map(|side| side.id.clone()).collect();
    match &mut victory {
        Victory::LastSideStanding => {}
        Victory::Survive { side, rounds } => {
            choose(ui, "Side", side, &side_ids, "editor-victory-side");
            rounds_field(ui, "Rounds", rounds);
        }
        Victory::ReachExit {
            side,
            count,
            by_round,
        } => {
            choose(ui, "Side", side, &side_ids, "editor-victory-side");
            rounds_field(ui, "How many", count);
            let mut limited = by_round.is_some();
            let mut round = by_round.unwrap_or(10);
            row(ui, |ui| {
                ui.checkbox(&mut limited, "By round");
                if limited {
                    ui.add(egui::DragValue::new(&mut round).range(1..=99));
                }
            });
            *by_round = limited.then_some(round);
        }
        Victory::Protect { side, unit, rounds } => {
            choose(ui, "Side", side, &side_ids, "editor-victory-side");
            let names: Vec<String> = file.units.iter().map(|unit| unit.name.clone()).collect();
            choose(ui, "Unit", unit, &names, "editor-victory-unit");
            rounds_field(ui, "Rounds", rounds);
        }
    }
    if victory != file.victory {
        edits.push(Edit::SetVictory(victory));
    }
}

/// The optional rules, on or off: those every rulebook reads, then the rulebook's own.
pub(super) fn rules_section(ui: &mut egui::Ui, draft: &Draft, edits: &mut Vec<Edit>) {
    ui.separator();
    ui.strong("Optional rules");
    let mut rules = draft.file().rules.clone();
    let shared: [(&str, fn(&mut RuleOptions) -> &mut bool); 4] = [
        ("Initiative by a DEX roll", |rules| {
            &mut rules.dex_roll_initiative
        }),
        ("Damage described, not numbered", |rules| {
            &mut rules.concealed_damage
        }),
        ("Shooting through cover", |rules| {
            &mut rules.shooting_through_cover
        }),
        ("Blows at the rulebook's reach", |rules| {
            &mut rules.hand_to_hand_at_reach
        }),
    ];
    for (words, option) in shared {
        ui.checkbox(option(&mut rules), words);
    }
    let own = crate::rulesets::find(rules.ruleset).map_or(&[][..], |rulebook| rulebook.options);
    for option in own {
        let mut on = option.on(&rules);
        if ui.checkbox(&mut on, option.words).changed() {
            rules.set_own(BareName::named(option.name), on);
        }
    }
    if rules != draft.file().rules {
        edits.push(Edit::SetRules(rules));
    }
}

/// A choice among `options`, labelled; `salt` tells it from other choices.
pub(super) fn choose(
    ui: &mut egui::Ui,
    label: &str,
    value: &mut String,
    options: &[String],
    salt: impl std::hash::Hash + std::fmt::Debug,
) {
    row(ui, |ui| {
        ui.label(label);
        egui::ComboBox::from_id_salt(salt)
            .selected_text(value.as_str())
            .show_ui(ui, |ui| {
                for option in options {
                    ui.selectable_value(value, option.clone(), option);
                }
            });
    });
}

fn rounds_field(ui: &mut egui::Ui, label: &str, value: &mut u32) {
    row(ui, |ui| {
        ui.label(label);
        ui.add(egui::DragValue::new(value).range(1..=99));
    });
}

/// What the last thing done had to say: in red where it went wrong, else in blue.
pub(super) fn said_line(ui: &mut egui::Ui, said: Option<&(String, bool)>) {
    if let Some((words, trouble)) = said {
        let colour = if *trouble {
            egui::Color32::from_rgb(240, 120, 100)
        } else {
            egui::Color32::from_rgb(160, 200, 240)
        };
        ui.colored_label(colour, words);
    }
}

/// The Undo and Redo buttons, each enabled where there is something to take back or make
/// again (`can`); whether each was clicked.
pub(super) fn undo_and_redo(ui: &mut egui::Ui, can: (bool, bool)) -> (bool, bool) {
    let undo = ui
        .add_enabled(can.0, egui::Button::new("Undo"))
        .on_hover_text("Take back the last change (Ctrl+Z)")
        .clicked();
    let redo = ui
        .add_enabled(can.1, egui::Button::new("Redo"))
        .on_hover_text("Make the change taken back again (Ctrl+Y)")
        .clicked();
    (undo, redo)
}
