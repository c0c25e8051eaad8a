//! The key map: which keys and mouse buttons do what, read from a RON file a person can edit
//! (the defaults are `assets/keys.ron`, compiled in). A broken file is never fatal: the game
//! falls back to the defaults and says why on screen.

use std::collections::{BTreeMap, HashMap};
use std::path::Path;

use bevy::prelude::*;
use leafwing_input_manager::prelude::*;
use serde::Deserialize;

use super::MapAction;
use crate::files::{FileError, parse_ron, read_text};

/// The shipped key map, which is also the default.
pub const DEFAULT_KEY_MAP_FILE: &str = "assets/keys.ron";
const DEFAULT_KEY_MAP: &str = include_str!("../../assets/keys.ron");

/// The key map the game looks for in the working directory when none is named.
pub const USER_KEY_MAP_FILE: &str = "gridkeeper-keys.ron";

/// Every rebindable action: its name in the file, and what it does in words (for the help).
pub const ACTIONS: &[(MapAction, &str, &str)] = &[
    (
        MapAction::Select,
        "select",
        "select a unit, or give the order for the tile",
    ),
    (
        MapAction::Cancel,
        "cancel",
        "drop the chosen order, let go of the selected unit",
    ),
    (MapAction::PanUp, "pan_up", "move the view up"),
    (MapAction::PanDown, "pan_down", "move the view down"),
    (MapAction::PanLeft, "pan_left", "move the view left"),
    (MapAction::PanRight, "pan_right", "move the view right"),
    (
        MapAction::DragPan,
        "drag_pan",
        "hold and move the mouse to drag the view",
    ),
    (
        MapAction::ZoomIn,
        "zoom_in",
        "zoom in (the wheel zooms too)",
    ),
    (MapAction::ZoomOut, "zoom_out", "zoom out"),
    (
        MapAction::CentreOnActing,
        "centre_on_acting",
        "centre the view on the unit whose turn it is",
    ),
    (MapAction::ToggleGrid, "toggle_grid", "grid on or off"),
    (
        MapAction::ToggleRangeOverlay,
        "toggle_range_overlay",
        "range bands of the selected unit's weapon",
    ),
    (
        MapAction::EndTurn,
        "end_turn",
        "end the turn (before the fight: begin it)",
    ),
    (
        MapAction::AnswerDodge,
        "answer_dodge",
        "answer an attack: dodge (against shots: dive for cover; in BRP, dodge the first bullet)",
    ),
    (
        MapAction::AnswerFightBack,
        "answer_fight_back",
        "answer an attack: fight back",
    ),
    (
        MapAction::AnswerNothing,
        "answer_nothing",
        "answer an attack: take it",
    ),
    (MapAction::Aim, "aim", "take aim: then click the target"),
    (MapAction::Reload, "reload", "reload the weapon in hand"),
    (
        MapAction::ThrowAtTile,
        "throw_at_tile",
        "throw the explosive in hand: then click the tile",
    ),
    (
        MapAction::CycleFireMode,
        "cycle_fire_mode",
        "next way to fire: one shot, several, burst, full auto",
    ),
    (
        MapAction::OpenFire,
        "open_fire",
        "open fire on the full-auto targets picked",
    ),
    (
        MapAction::FirstAid,
        "first_aid",
        "first aid: then click the patient",
    ),
    (
        MapAction::Delay,
        "delay",
        "delay: then click the unit to wait for",
    ),
    (MapAction::StandUp, "stand_up", "get up from prone"),
    (
        MapAction::ToggleHelp,
        "toggle_help",
        "show or hide the list of keys",
    ),
    (MapAction::UiLarger, "ui_larger", "larger text and panels"),
    (
        MapAction::UiSmaller,
        "ui_smaller",
        "smaller text and panels",
    ),
    (
        MapAction::ToggleFullscreen,
        "toggle_fullscreen",
        "fullscreen on or off",
    ),
    (
        MapAction::ToggleHighContrast,
        "toggle_high_contrast",
        "high-contrast colours on or off",
    ),
    (
        MapAction::ExportLog,
        "export_log",
        "save the combat log as a Markdown file",
    ),
    (
        MapAction::KeeperDrag,
        "keeper_drag",
        "the keeper's tools out: drag a token to another tile, whoever's turn it is",
    ),
    (
        MapAction::SaveBattle,
        "save_battle",
        "save the battle to play on later (it autosaves every turn too)",
    ),
    (
        MapAction::ReplayPlayPause,
        "replay_play_pause",
        "watching a replay: play or pause",
    ),
    (
        MapAction::ReplayStepBack,
        "replay_step_back",
        "watching a replay: one step back",
    ),
    (
        MapAction::ReplayStepForward,
        "replay_step_forward",
        "watching a replay: one step on",
    ),
    (
        MapAction::ReplayStart,
        "replay_start",
        "watching a replay: back to the start",
    ),
    (
        MapAction::ReplayEnd,
        "replay_end",
        "watching a replay: on to the end",
    ),
];

/// Whether two actions can be wanted at the same time, so one key cannot do both: the replay
/// viewer's controls are never wanted while a battle is played, nor the orders while a replay
/// is watched (`Space` may end a turn and also play a replay).
fn used_together(one: MapAction, other: MapAction) -> bool {
    let watching = |action: MapAction| {
        matches!(
            action,
            MapAction::ReplayPlayPause
                | MapAction::ReplayStepBack
                | MapAction::ReplayStepForward
                | MapAction::ReplayStart
                | MapAction::ReplayEnd
        )
    };
    let playing = |action: MapAction| {
        matches!(
            action,
            MapAction::EndTurn
                | MapAction::AnswerDodge
                | MapAction::AnswerFightBack
                | MapAction::AnswerNothing
                | MapAction::Aim
                | MapAction::Reload
                | MapAction::ThrowAtTile
                | MapAction::CycleFireMode
                | MapAction::OpenFire
                | MapAction::FirstAid
                | MapAction::Delay
                | MapAction::StandUp
                | MapAction::KeeperDrag
                | MapAction::SaveBattle
        )
    };
    !(watching(one) && playing(other) || playing(one) && watching(other))
}

/// Keys by the names the file uses.
const KEYS: &[(&str, KeyCode)] = &[
    ("A", KeyCode::KeyA),
    ("B", KeyCode::KeyB),
    ("C", KeyCode::KeyC),
    ("D", KeyCode::KeyD),
    ("E", KeyCode::KeyE),
    ("F", KeyCode::KeyF),
    ("G", KeyCode::KeyG),
    ("H", KeyCode::KeyH),
    ("I", KeyCode::KeyI),
    ("J", KeyCode::KeyJ),
    ("K", KeyCode::KeyK),
    ("L", KeyCode::KeyL),
    ("M", KeyCode::KeyM),
    ("N", KeyCode::KeyN),
    ("O", KeyCode::KeyO),
    ("P", KeyCode::KeyP),
    ("Q", KeyCode::KeyQ),
    ("R", KeyCode::KeyR),
    ("S", KeyCode::KeyS),
    ("T", KeyCode::KeyT),
    ("U", KeyCode::KeyU),
    ("V", KeyCode::KeyV),
    ("W", KeyCode::KeyW),
    ("X", KeyCode::KeyX),
    ("Y", KeyCode::KeyY),
    ("Z", KeyCode::KeyZ),
    ("0", KeyCode::Digit0),
    ("1", KeyCode::Digit1),
    ("2", KeyCode::Digit2),
    ("3", KeyCode::Digit3),
    ("4", KeyCode::Digit4),
    ("5", KeyCode::Digit5),
    ("6", KeyCode::Digit6),
    ("7", KeyCode::Digit7),
    ("8", KeyCode::Digit8),
    ("9", KeyCode::Digit9),
    ("F1", KeyCode::F1),
    ("F2", KeyCode::F2),
    ("F3", KeyCode::F3),
    ("F4", KeyCode::F4),
    ("F5", KeyCode::F5),
    ("F6", KeyCode::F6),
    ("F7", KeyCode::F7),
    ("F8", KeyCode::F8),
    ("F9", KeyCode::F9),
    ("F10", KeyCode::F10),
    ("F11", KeyCode::F11),
    ("F12", KeyCode::F12),
    ("Enter", KeyCode::Enter),
    ("Escape", KeyCode::Escape),
    ("Space", KeyCode::Space),
    ("Tab", KeyCode::Tab),
    ("Backspace", KeyCode::Backspace),
    ("Delete", KeyCode::Delete),
    ("Insert", KeyCode::Insert),
    ("Home", KeyCode::Home),
    ("End", KeyCode::End),
    ("PageUp", KeyCode::PageUp),
    ("PageDown", KeyCode::PageDown),
    ("Up", KeyCode::ArrowUp),
    ("Down", KeyCode::ArrowDown),
    ("Left", KeyCode::ArrowLeft),
    ("Right", KeyCode::ArrowRight),
    ("Equal", KeyCode::Equal),
    ("Minus", KeyCode::Minus),
    ("Comma", KeyCode::Comma),
    ("Period", KeyCode::Period),
    ("Slash", KeyCode::Slash),
    ("Semicolon", KeyCode::Semicolon),
    ("Quote", KeyCode::Quote),
    ("BracketLeft", KeyCode::BracketLeft),
    ("BracketRight", KeyCode::BracketRight),
    ("Backslash", KeyCode::Backslash),
    ("Backquote", KeyCode::Backquote),
    ("NumpadAdd", KeyCode::NumpadAdd),
    ("NumpadSubtract", KeyCode::NumpadSubtract),
    ("NumpadEnter", KeyCode::NumpadEnter),
];

/// Mouse buttons by the names the file uses.
const MOUSE_BUTTONS: &[(&str, MouseButton)] = &[
    ("MouseLeft", MouseButton::Left),
    ("MouseRight", MouseButton::Right),
    ("MouseMiddle", MouseButton::Middle),
];

/// Modifier keys, written before a key with a `+`: `Ctrl+S`.
const MODIFIERS: &[(&str, ModifierKey)] = &[
    ("Ctrl", ModifierKey::Control),
    ("Shift", ModifierKey::Shift),
    ("Alt", ModifierKey::Alt),
];

/// A key or a mouse button.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Button {
    Key(KeyCode),
    Mouse(MouseButton),
}

/// One binding: a key or mouse button, perhaps with a modifier key held.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Binding {
    pub modifier: Option<ModifierKey>,
    pub button: Button,
}

impl Binding {
    /// Read a binding as the file writes it: `E`, `Enter`, `MouseLeft`, `Ctrl+S`.
    pub fn parse(text: &str) -> Result<Self, String> {
        let (modifier, name) = match text.split_once('+') {
            Some((modifier, name)) => {
                let Some((_, modifier)) = MODIFIERS.iter().find(|(known, _)| *known == modifier)
                else {
                    return Err(format!(
                        "`{modifier}` is not a modifier key (Ctrl, Shift or Alt)"
                    ));
                };
                (Some(*modifier), name)
            }
            None => (None, text),
        };
        let button = KEYS
            .iter()
            .find(|(known, _)| *known == name)
            .map(|(_, key)| Button::Key(*key))
            .or_else(|| {
                MOUSE_BUTTONS
                    .iter()
                    .find(|(known, _)| *known == name)
                    .map(|(_, button)| Button::Mouse(*button))
            })
            .ok_or_else(|| {
                format!("`{name}` is not a key or mouse button this game knows (docs/FORMATS.md lists them)")
            })?;
        Ok(Self { modifier, button })
    }
}

impl std::fmt::Display for Binding {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if let Some(modifier) = self.modifier
            && let Some((name, _)) = MODIFIERS.iter().find(|(_, known)| *known == modifier)
        {
            write!(f, "{name}+")?;
        }
        let name = match self.button {
            Button::Key(key) => KEYS
                .iter()
                .find(|(_, known)| *known == key)
                .map_or("?", |(name, _)| name),
            Button::Mouse(button) => MOUSE_BUTTONS
                .iter()
                .find(|(_, known)| *known == button)
                .map_or("?", |(name, _)| name),
        };
        f.write_str(name)
    }
}

/// The key map file as written.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, rename = "key_map")]
struct KeyMapFile {
    bindings: BTreeMap<String, Vec<String>>,
}

/// Which bindings each action has, in the order of [`ACTIONS`].
#[derive(Resource, Debug, Clone, PartialEq, Eq)]
pub struct KeyMap {
    bindings: Vec<(MapAction, Vec<Binding>)>,
}

/// A message about the key map to show on screen (a file that could not be used).
#[derive(Resource, Debug, Clone, Default, PartialEq, Eq)]
pub struct KeyMapNotice(pub Option<String>);

impl KeyMap {
    /// The shipped defaults.
    pub fn defaults() -> Self {
        // The shipped file is checked by a test; should it ever be broken, no keys at all is
        // still better than a crash.
        Self::parse(DEFAULT_KEY_MAP_FILE, DEFAULT_KEY_MAP).unwrap_or(Self {
            bindings: Vec::new(),
        })
    }

    /// Read and check a key map. Every action named must be known, every binding readable,
    /// and no binding may do two things; actions the file leaves out keep their defaults.
    pub fn parse(file: &str, text: &str) -> Result<Self, FileError> {
        let source: KeyMapFile = parse_ron(file, text)?;
        let defaults = (file != DEFAULT_KEY_MAP_FILE)
            .then(|| Self::parse(DEFAULT_KEY_MAP_FILE, DEFAULT_KEY_MAP).ok())
            .flatten();
        let mut named: BTreeMap<MapAction, Vec<Binding>> = BTreeMap::new();
        for (name, written) in &source.bindings {
            let quoted = format!("{name:?}");
            let entry_at = text.find(&quoted).unwrap_or_default();
            let Some((action, _, _)) = ACTIONS.iter().find(|(_, known, _)| known == name) else {
                return Err(FileError::at_offset(
                    file,
                    text,
                    entry_at,
                    format!("`{name}` is not an action (docs/FORMATS.md lists them)"),
                ));
            };
            let bindings = written
                .iter()
                .map(|binding| {
                    Binding::parse(binding).map_err(|message| {
                        FileError::at_text(file, text, entry_at, &format!("{binding:?}"), message)
                    })
                })
                .collect::<Result<Vec<_>, _>>()?;
            named.insert(*action, bindings);
        }
        let mut seen: HashMap<Binding, Vec<&str>> = HashMap::new();
        let mut bindings = Vec::with_capacity(ACTIONS.len());
        for (action, name, _) in ACTIONS {
            let chosen = match (named.remove(action), &defaults) {
                (Some(chosen), _) => chosen,
                (None, Some(defaults)) => defaults.bindings_of(*action).to_vec(),
                (None, None) => Vec::new(),
            };
            for binding in &chosen {
                let sharing = seen.entry(*binding).or_default();
                let clash = sharing.iter().find(|other| {
                    let other = ACTIONS.iter().find(|(_, named, _)| named == *other);
                    other.is_some_and(|(other, _, _)| used_together(*other, *action))
                });
                if let Some(other) = clash {
                    let entry_at = text.find(&format!("{name:?}")).unwrap_or_default();
                    return Err(FileError::at_text(
                        file,
                        text,
                        entry_at,
                        &format!("{:?}", binding.to_string()),
                        format!("{binding} is bound to both `{other}` and `{name}`"),
                    ));
                }
                sharing.push(name);
            }
            bindings.push((*action, chosen));
        }
        Ok(Self { bindings })
    }

    /// Read the key map at `path` (or `gridkeeper-keys.ron` in the working directory when none
    /// is named). A file that is missing (and was not named) gives the defaults quietly; one that
    /// cannot be used gives the defaults and a message saying why.
    pub fn load(path: Option<&Path>) -> (Self, Option<String>) {
        let (path, named) = match path {
            Some(path) => (path.to_path_buf(), true),
            None => (Path::new(USER_KEY_MAP_FILE).to_path_buf(), false),
        };
        if !named && !path.exists() {
            return (Self::defaults(), None);
        }
        let loaded =
            read_text(&path).and_then(|text| Self::parse(&path.display().to_string(), &text));
        match loaded {
            Ok(map) => (map, None),
            Err(error) => (
                Self::defaults(),
                Some(format!("{error} — using the default keys")),
            ),
        }
    }

    /// The bindings of one action.
    pub fn bindings_of(&self, action: MapAction) -> &[Binding] {
        self.bindings
            .iter()
            .find(|(bound, _)| *bound == action)
            .map_or(&[], |(_, bindings)| bindings.as_slice())
    }

    /// The bindings of one action in words: "Enter, E".
    pub fn words(&self, action: MapAction) -> String {
        self.bindings_of(action)
            .iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join(", ")
    }

    /// The leafwing input map these bindings make (with the wheel always zooming).
    pub fn input_map(&self) -> InputMap<MapAction> {
        let mut map = InputMap::default().with_axis(MapAction::Zoom, MouseScrollAxis::Y);
        for (action, bindings) in &self.bindings {
            for binding in bindings {
                // A plain button is bound as itself, not as a chord of one: leafwing only sees
                // that `Ctrl+S` overrules `S` when `S` is a plain button.
                match (binding.modifier, binding.button) {
                    (None, Button::Key(key)) => bind(&mut map, *action, key),
                    (None, Button::Mouse(button)) => bind(&mut map, *action, button),
                    (Some(modifier), Button::Key(key)) => {
                        bind(&mut map, *action, ButtonlikeChord::modified(modifier, key));
                    }
                    (Some(modifier), Button::Mouse(button)) => {
                        bind(
                            &mut map,
                            *action,
                            ButtonlikeChord::modified(modifier, button),
                        );
                    }
                }
            }
        }
        map
    }
}

/// Bind a button to an action: dragging the view moves with the mouse while it is held.
fn bind(map: &mut InputMap<MapAction>, action: MapAction, button: impl Buttonlike) {
    if action == MapAction::DragPan {
        map.insert_dual_axis(action, DualAxislikeChord::new(button, MouseMove::default()));
    } else {
        map.insert(action, button);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bindings_read_and_write_back() {
        for text in [
            "E",
            "Enter",
            "MouseLeft",
            "Ctrl+S",
            "Shift+F1",
            "Up",
            "Equal",
        ] {
            let binding = Binding::parse(text).unwrap_or_else(|error| panic!("{text}: {error}"));
            assert_eq!(binding.to_string(), text);
        }
        assert_eq!(
            Binding::parse("Ctrl+S"),
            Ok(Binding {
                modifier: Some(ModifierKey::Control),
                button: Button::Key(KeyCode::KeyS)
            })
        );
        assert!(Binding::parse("Hyper+S").is_err());
        assert!(Binding::parse("Kbd").is_err());
    }

    #[test]
    fn the_defaults_bind_every_action() {
        let defaults = KeyMap::defaults();
        for (action, name, _) in ACTIONS {
            assert!(
                !defaults.bindings_of(*action).is_empty(),
                "{name} has no default binding"
            );
        }
        assert_eq!(defaults.words(MapAction::EndTurn), "Enter, E");
        assert_eq!(defaults.words(MapAction::UiLarger), "Ctrl+Equal");
    }
}
