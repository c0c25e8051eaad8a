//! Key map files as a player hands them to the game: a good one rebinds what it names and keeps
//! the defaults for the rest; a broken, clashing or missing one falls back to the defaults with
//! a message that names the file, line, column and field.
// Plays the shipped files of every rulebook: built with all five.
#![cfg(all_rulebooks)]

use std::path::{Path, PathBuf};

use gridkeeper::input::keymap::{ACTIONS, USER_KEY_MAP_FILE};
use gridkeeper::input::{KeyMap, MapAction};

/// A key map file in a folder of its own, removed when the test ends.
struct KeyMapFile {
    _folder: tempfile::TempDir,
    path: PathBuf,
}

impl KeyMapFile {
    fn new(text: &str) -> Self {
        let folder = tempfile::tempdir().expect("make the test folder");
        let path = folder.path().join("keys.ron");
        std::fs::write(&path, text).expect("write the key map");
        Self {
            _folder: folder,
            path,
        }
    }
}

/// Load a key map file that must be refused; return its message, checking that the defaults
/// came back in its place.
fn refused(name: &str, text: &str) -> String {
    let file = KeyMapFile::new(text);
    let (map, message) = KeyMap::load(Some(&file.path));
    assert_eq!(map, KeyMap::defaults(), "{name}: the defaults stand in");
    let message = message.unwrap_or_else(|| panic!("{name}: the file should be refused"));
    assert!(
        message.starts_with(&file.path.display().to_string()),
        "{name}: the message names the file: {message}"
    );
    assert!(
        message.ends_with("using the default keys"),
        "{name}: the message says what happens instead: {message}"
    );
    message
}

#[test]
fn a_good_file_rebinds_what_it_names() {
    let file = KeyMapFile::new(
        r#"(
    bindings: {
        "end_turn": ["Space", "Ctrl+Enter"],
        "select": ["MouseLeft"],
        "aim": ["Shift+A"],
    },
)"#,
    );
    let (map, message) = KeyMap::load(Some(&file.path));
    assert_eq!(message, None);
    assert_eq!(map.words(MapAction::EndTurn), "Space, Ctrl+Enter");
    assert_eq!(map.words(MapAction::Aim), "Shift+A");
    // Left out: the defaults.
    assert_eq!(map.words(MapAction::Reload), "L");
    assert_eq!(map.words(MapAction::PanLeft), "A, Left");
    assert_eq!(map.words(MapAction::ToggleHelp), "F1, Slash");
}

#[test]
fn the_shipped_file_binds_every_action_once() {
    let text =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/keys.ron"))
            .expect("the shipped key map");
    let map = KeyMap::parse("assets/keys.ron", &text).expect("the shipped key map reads");
    assert_eq!(map, KeyMap::defaults());
    for (action, name, _) in ACTIONS {
        assert!(
            !map.bindings_of(*action).is_empty() || *action == MapAction::Zoom,
            "`{name}` has a key"
        );
    }
}

#[test]
fn broken_ron_is_refused_at_its_place() {
    let message = refused(
        "syntax",
        "(\n    bindings: {\n        \"end_turn\": [\"Space\"\n    },\n)",
    );
    assert!(message.contains(":4:5:"), "line 4, column 5: {message}");
}

#[test]
fn an_unknown_action_is_refused_by_name() {
    let message = refused(
        "action",
        "(\n    bindings: {\n        \"jump\": [\"Space\"],\n    },\n)",
    );
    assert!(message.contains(":3:9:"), "{message}");
    assert!(message.contains("`jump` is not an action"), "{message}");
}

#[test]
fn an_unknown_key_is_refused_at_the_binding() {
    let message = refused(
        "key",
        "(\n    bindings: {\n        \"reload\": [\"L\", \"Hyper+Q\"],\n    },\n)",
    );
    assert!(message.contains(":3:25:"), "{message}");
    assert!(message.contains("in `bindings.reload`"), "{message}");
    assert!(message.contains("Hyper"), "{message}");
}

#[test]
fn a_key_bound_twice_is_refused() {
    // "E" ends the turn by default; giving it to reloading too would make one key do two things.
    let message = refused(
        "twice",
        "(\n    bindings: {\n        \"reload\": [\"E\"],\n    },\n)",
    );
    assert!(
        message.contains("E is bound to both `end_turn` and `reload`"),
        "{message}"
    );
}

#[test]
fn a_key_may_order_in_battle_and_steer_a_replay_but_not_both_in_one() {
    // Space plays a replay by default: it may also end a turn, which is never wanted while a
    // replay is watched, but not also step a replay back.
    let file = KeyMapFile::new("(\n    bindings: {\n        \"end_turn\": [\"Space\"],\n    },\n)");
    let (map, message) = KeyMap::load(Some(&file.path));
    assert_eq!(message, None);
    assert_eq!(map.words(MapAction::EndTurn), "Space");
    assert_eq!(map.words(MapAction::ReplayPlayPause), "Space");
    let message = refused(
        "replay-twice",
        "(\n    bindings: {\n        \"replay_step_back\": [\"Space\"],\n    },\n)",
    );
    assert!(
        message.contains("Space is bound to both `replay_play_pause` and `replay_step_back`"),
        "{message}"
    );
    let message = refused(
        "map-twice",
        "(\n    bindings: {\n        \"toggle_grid\": [\"Space\"],\n    },\n)",
    );
    assert!(message.contains("Space is bound to both"), "{message}");
}

#[test]
fn an_unknown_field_is_refused_by_name() {
    let message = refused("field", "(\n    keys: {},\n)");
    assert!(message.contains(":2:5:"), "{message}");
    assert!(message.contains("keys"), "{message}");
}

#[test]
fn a_named_file_that_is_missing_says_so() {
    let folder = std::env::temp_dir().join(format!("gridkeeper-keys-none-{}", std::process::id()));
    let path = folder.join("no-such-keys.ron");
    let (map, message) = KeyMap::load(Some(&path));
    assert_eq!(map, KeyMap::defaults());
    let message = message.expect("a named file that is missing is worth a message");
    assert!(message.contains("no-such-keys.ron"), "{message}");
}

#[test]
fn no_file_at_all_means_the_defaults_quietly() {
    // The tests run in the crate's folder, which ships no user key map.
    assert!(!Path::new(USER_KEY_MAP_FILE).exists());
    let (map, message) = KeyMap::load(None);
    assert_eq!(map, KeyMap::defaults());
    assert_eq!(message, None);
}

#[test]
fn the_format_document_lists_every_action_with_its_default_keys() {
    let document =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/FORMATS.md"))
            .expect("docs/FORMATS.md");
    let defaults = KeyMap::defaults();
    for (action, name, words) in ACTIONS {
        let keys = defaults
            .bindings_of(*action)
            .iter()
            .map(|binding| format!("`{binding}`"))
            .collect::<Vec<_>>()
            .join(", ");
        let row = format!("| `{name}` | {keys} | {words} |");
        assert!(
            document.contains(&row),
            "docs/FORMATS.md lacks the row {row}"
        );
    }
}

/// A key name a megabyte long is not said whole on screen: its first words, then "…".
#[test]
fn a_huge_key_name_is_cut_short_in_the_message() {
    let huge = "Q".repeat(1_000_000);
    let message = refused(
        "huge-key",
        &format!("(bindings: {{ \"end_turn\": [\"{huge}\"] }})"),
    );
    assert!(
        message.len() < 300,
        "{} bytes: {}…",
        message.len(),
        &message[..200]
    );
    assert!(
        message.contains("is not a key or mouse button this game knows"),
        "{message}"
    );
}
