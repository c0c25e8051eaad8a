//! The scenario editor: a scene drawn and peopled in the game window (terrain painted with a
//! brush, a line or a rectangle; units placed from the rulebook's roster; sides, ways out and
//! victory set), every change undone and redone, saved as a scenario file that `check` accepts,
//! and played at once.

pub mod draft;
pub mod history;
mod panel;
mod pointer;
mod saving;
mod sections;
mod sheet;
pub mod tileset;
mod tileset_panel;
mod units;

#[cfg(test)]
mod tests;

use std::path::PathBuf;
use std::sync::Arc;

use bevy::prelude::*;
use bevy_egui::EguiPrimaryContextPass;

use crate::battle::ActiveRuleset;
use crate::files::FileError;
use crate::map::Tile;
use crate::map::roster::roster;
use crate::map::scenario::{Scenario, UnitFile};
use crate::map::terrain::{CustomTerrain, TerrainKind};
use crate::rules::ruleset::Ruleset;
use crate::schedule::{AppSystems, Screen};
use crate::view::{MapGeometry, ShownMap, TILE_SIZE};
use draft::{Draft, Edit};
use history::Editing;

/// The folder the editor saves new scenarios to (the menu lists them).
pub const SCENARIOS_FOLDER: &str = "scenarios";

/// What a click on the map does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Tool {
    /// Paint each tile the pointer is dragged over.
    Brush,
    /// Paint a straight line from where the button went down to where it came up.
    Line,
    /// Fill the rectangle between where the button went down and where it came up.
    Rectangle,
    /// Put the chosen roster unit on a tile; a click on a unit takes it off.
    Units,
    /// Make a tile a way out, or no longer one.
    Exits,
}

/// The scene being made, and the editor's tools.
#[derive(Resource, Debug, Clone)]
pub struct Editor {
    pub editing: Editing,
    /// Where it saves to: its own file, once it has one.
    pub path: Option<PathBuf>,
    /// What it last wrote and where, so that saving again there asks nothing unless the file
    /// has changed since.
    wrote: Option<(PathBuf, String)>,
    /// The question asked before a file already there is replaced, or the name being typed
    /// to save as.
    pub(crate) saving: Option<saving::SaveQuestion>,
    /// The folder new scenes are saved to ([`SCENARIOS_FOLDER`]).
    pub scenarios_folder: PathBuf,
    pub tool: Tool,
    /// The legend symbol painted.
    pub symbol: char,
    /// The draft's rulebook, read again when the draft names another.
    book: Option<Arc<dyn Ruleset>>,
    /// The rulebook's ready-made units.
    pub roster: Vec<UnitFile>,
    /// The roster unit placed next; one past the roster, a new unit made from scratch.
    pub recruit: usize,
    /// The side units are placed on.
    pub side: usize,
    /// The tileset being mapped, where one is open.
    pub tileset: Option<tileset::TilesetMapper>,
    /// The tileset file named in the terrain section.
    pub tileset_typed: String,
    /// The tileset files found where a keeper keeps them.
    pub tilesets_found: Vec<PathBuf>,
    /// The terrain being made for the legend.
    pub new_terrain: CustomTerrain,
    /// The size the map is to be made.
    pub size: (u32, u32),
    /// What the last thing done had to say, and whether it went wrong.
    pub said: Option<(String, bool)>,
    /// The draft's changes so far: the map is drawn again when it moves.
    pub version: u64,
    /// Where the button went down for a line or a rectangle, or a stroke is being painted.
    pub(crate) pressed_at: Option<Tile>,
    /// The text field being typed in: its letters are one change until another is made.
    typing: Option<String>,
    /// The panel's foot's height last frame, in points: the room the sections leave it.
    foot_height: f32,
    /// The check's verdict on the draft at a version: checked again only when it changes.
    verdict: Option<Verdict>,
}

/// The check's verdict on the draft at a version, and the unit its problem is in, if any.
#[derive(Debug, Clone)]
struct Verdict {
    version: u64,
    checked: Result<Scenario, FileError>,
    unit: Option<usize>,
}

/// What the check finds wrong with a unit: its place in the list, the field of the unit it is
/// in (`characteristics.STR`, `skills`, `at`) and the check's own words.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnitProblem {
    pub index: usize,
    pub field: String,
    pub message: String,
}

impl Editor {
    /// The editor on `draft`, saving to `path` where it has one.
    pub fn new(draft: Draft, path: Option<PathBuf>) -> Self {
        let size = draft.size();
        let mut editor = Self {
            editing: Editing::new(draft),
            path,
            wrote: None,
            saving: None,
            scenarios_folder: PathBuf::from(SCENARIOS_FOLDER),
            tool: Tool::Brush,
            symbol: draft::WALL,
            book: None,
            roster: Vec::new(),
            recruit: 0,
            side: 0,
            new_terrain: CustomTerrain::of(TerrainKind::LowCover),
            tileset: None,
            tileset_typed: String::new(),
            tilesets_found: Vec::new(),
            size,
            said: None,
            version: 0,
            pressed_at: None,
            typing: None,
            foot_height: 80.0,
            verdict: None,
        };
        editor.read_rulebook();
        editor.tilesets_found = tileset_panel::tilesets_in(editor.path.as_deref());
        editor
    }

    /// Open the tileset at `path` to map it; said in the panel where it cannot be read.
    pub fn open_tileset(&mut self, path: &std::path::Path) {
        match tileset::TilesetMapper::open(path) {
            Ok(mapper) => {
                self.tileset = Some(mapper);
                self.said = None;
            }
            Err(error) => self.said = Some((error.to_string(), true)),
        }
    }

    pub fn draft(&self) -> &Draft {
        self.editing.draft()
    }

    /// Make `edit` (a change of its own, or part of a stroke), saying why not where it cannot be
    /// made.
    pub fn edit(&mut self, edit: Edit, stroke: Option<bool>) {
        let made = match stroke {
            Some(first) => self.editing.stroke(edit, first),
            None => self.editing.apply(edit),
        };
        self.typing = None;
        match made {
            Ok(()) => {
                self.version += 1;
                self.said = None;
                self.read_rulebook();
            }
            Err(why) => self.said = Some((why, true)),
        }
    }

    /// Make `edit`, typed into the text field `field`: the letters typed there one after
    /// another are one change.
    pub fn type_in(&mut self, field: String, edit: Edit) {
        let first = self.typing.as_ref() != Some(&field);
        self.edit(edit, Some(first));
        self.editing.end_stroke();
        self.typing = Some(field);
    }

    pub fn undo(&mut self) {
        if self.editing.undo() {
            self.after_history();
        }
    }

    pub fn redo(&mut self) {
        if self.editing.redo() {
            self.after_history();
        }
    }

    fn after_history(&mut self) {
        self.typing = None;
        self.version += 1;
        self.said = None;
        self.size = self.draft().size();
        self.read_rulebook();
    }

    /// The draft checked as `check` checks a scenario file, once a version.
    pub fn checked(&mut self) -> &Result<Scenario, FileError> {
        &self.verdict().checked
    }

    /// The draft's verdict, checked again where the draft changed since.
    fn verdict(&mut self) -> &Verdict {
        let version = self.version;
        let verdict = match self.verdict.take() {
            Some(verdict) if verdict.version == version => verdict,
            _ => {
                let checked = self.draft().check();
                let unit = match &checked {
                    Err(FileError::Content {
                        line,
                        field: Some(field),
                        ..
                    }) if field == "units" || field.starts_with("units.") => {
                        self.draft().unit_at_line(*line)
                    }
                    _ => None,
                };
                Verdict {
                    version,
                    checked,
                    unit,
                }
            }
        };
        self.verdict.insert(verdict)
    }

    /// What the check finds wrong with a unit of the draft, where its problem is in one.
    pub fn unit_problem(&mut self) -> Option<UnitProblem> {
        let verdict = self.verdict();
        let index = verdict.unit?;
        let Err(FileError::Content { field, message, .. }) = &verdict.checked else {
            return None;
        };
        let field = field.as_deref().unwrap_or_default();
        Some(UnitProblem {
            index,
            field: field
                .strip_prefix("units")
                .unwrap_or(field)
                .trim_start_matches('.')
                .to_string(),
            message: message.clone(),
        })
    }

    /// The rulebook of the draft as it stands.
    pub fn book(&self) -> Option<&dyn Ruleset> {
        self.book.as_deref()
    }

    /// The draft's rulebook and its ready-made units, read again where the draft names
    /// another rulebook than the one read.
    fn read_rulebook(&mut self) {
        let wanted = self.draft().file().rules.ruleset;
        if self.book.as_ref().is_some_and(|book| book.id() == wanted) {
            return;
        }
        self.book = crate::rulesets::ruleset(&self.draft().file().rules)
            .ok()
            .map(Arc::from);
        self.roster = self
            .book()
            .and_then(|book| roster(book).ok())
            .unwrap_or_default();
        self.recruit = self.recruit.min(self.roster.len());
    }

    /// The unit a click with the units tool places, before it is named and put on its side
    /// and tile: the chosen roster unit, or one made from scratch.
    pub fn recruit_entry(&self) -> Option<UnitFile> {
        if let Some(entry) = self.roster.get(self.recruit) {
            return Some(entry.clone());
        }
        // From scratch: the roster's first unit's characteristics (an everyday person on the
        // rulebook's scale), and nothing else of its.
        let first = self.roster.first()?;
        Some(UnitFile {
            name: "New unit".to_string(),
            skills: Default::default(),
            weapons: Vec::new(),
            natural_attacks: Vec::new(),
            attacks_per_round: 1,
            armor: None,
            immune_to_impale: false,
            cannot_be_knocked_out: false,
            movement: None,
            hit_points: None,
            secondary: Vec::new(),
            obsession: None,
            cherries: Vec::new(),
            ..first.clone()
        })
    }
}

/// The editor in the game window, while the window shows it.
pub fn plugin(app: &mut App) {
    let editing = in_state(Screen::Editor).and_then(resource_exists::<Editor>);
    app.add_systems(
        Update,
        (
            show_the_draft.before(AppSystems::ReadInput),
            pointer::paint_with_the_pointer.in_set(AppSystems::Interact),
            pointer::mark_the_scene.in_set(AppSystems::Present),
        )
            .run_if(editing.clone()),
    )
    .add_systems(EguiPrimaryContextPass, panel::editor_panel.run_if(editing));
}

/// The draft's map and rulebook in the window whenever the draft changes.
fn show_the_draft(
    editor: Res<Editor>,
    mut shown: Local<Option<u64>>,
    mut map: ResMut<ShownMap>,
    mut ruleset: ResMut<ActiveRuleset>,
) {
    if *shown == Some(editor.version) {
        return;
    }
    *shown = Some(editor.version);
    if let Ok(mut grid) = editor.draft().grid() {
        // One name while it is edited, so that renaming the scene keeps the view where it is
        // (the view fits itself to each other map shown).
        grid.name = "the scene being edited".to_string();
        if grid != map.0 {
            map.0 = grid;
        }
    }
    if let Some(book) = &editor.book
        && book.id() != ruleset.0.id()
    {
        ruleset.0 = Arc::clone(book);
    }
}

/// A tile's centre in the world, for marks drawn on the map.
fn centre(map: &ShownMap, at: (u32, u32)) -> Vec2 {
    MapGeometry::of(&map.0).centre(Tile::new(at.0, at.1))
}

/// The radius of a unit's ring.
const RING: f32 = TILE_SIZE * 0.38;
