//! `play` (the default) and `edit`: the game window opened on a scenario, a save or the menu,
//! who plays each unit (`--solo`, `--hotseat`), and the window's size, scale and pace.

use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;

use clap::Args;

use super::{MapAccess, Opened, by_side, fail, open, parse_tile, side_named};
use crate::ai::Style;
use crate::battle::UnitId;
use crate::editor::Editor;
use crate::editor::draft::Draft;
use crate::game::Opening;
use crate::map::Loaded;
use crate::map::scenario::Control;
use crate::rules::ruleset::{RuleOptions, Ruleset};
use crate::rulesets::ruleset;
use crate::session::{BattleSetup, SavedBattle};
use crate::view::StartupView;
use crate::view::screenshot::ScreenshotRequest;

#[derive(Debug, Args)]
pub(super) struct EditArgs {
    /// The scenario to change; without one, a new scene. A tileset (`.tsx`, `.tsj`) opens a new
    /// scene with the tileset open, to say what its tiles are.
    scenario: Option<PathBuf>,
    #[command(flatten)]
    maps: MapAccess,
    #[command(flatten)]
    window: WindowArgs,
}

#[derive(Debug, Args)]
pub(super) struct PlayArgs {
    /// The scenario, bare map or saved battle to open [default: maps/warehouse.ron]. A saved
    /// battle (a replay) plays on from where it ends.
    scenario: Option<PathBuf>,
    /// Start with this unit selected (its name in the scenario).
    #[arg(long, value_name = "UNIT")]
    select: Option<String>,
    /// Start pointing at this unit, showing the line of fire to it from the selected unit.
    #[arg(long, value_name = "UNIT", requires = "select")]
    aim: Option<String>,
    /// Start with the range-band overlay of the selected unit's weapon shown.
    #[arg(long, requires = "select")]
    range_overlay: bool,
    /// Start pointing at this tile (COLUMN,ROW) with the selected unit's explosive, showing
    /// its blast rings and whom they would catch.
    #[arg(long, value_name = "COLUMN,ROW", requires = "select", conflicts_with = "aim", value_parser = parse_tile)]
    blast_at: Option<crate::map::Tile>,
    /// Seed for the battle's dice; without one, a seed is chosen and shown in the log.
    #[arg(long)]
    seed: Option<u64>,
    /// Play every unit yourself, both sides, at one keyboard.
    #[arg(long)]
    hotseat: bool,
    /// Play one side yourself and let the AI play every other: the side named (its id or
    /// name), or without one the first side (the investigators in the shipped scenarios).
    #[arg(long, value_name = "SIDE", num_args = 0..=1, default_missing_value = "", conflicts_with = "hotseat")]
    solo: Option<String>,
    /// How well the AI plays: reckless (charges, never minds cover), careful (fights from
    /// cover, aims, reloads early, tends the fallen) or ruthless (careful, but hunts the
    /// weakest and throws dynamite even with a friend near).
    #[arg(long, value_enum, default_value_t = Style::Careful, value_name = "LEVEL")]
    ai: Style,
    #[command(flatten)]
    maps: MapAccess,
    #[command(flatten)]
    window: WindowArgs,
}

/// How the game window opens: its size, a screenshot, keys, the overlay's look.
#[derive(Debug, Args)]
pub(super) struct WindowArgs {
    /// Save a PNG screenshot of the window to this path after `--frames` frames, then exit.
    #[arg(long, value_name = "PATH")]
    screenshot: Option<PathBuf>,
    /// Frames to draw before the screenshot.
    #[arg(long, default_value_t = 60, requires = "screenshot", value_parser = clap::value_parser!(u32).range(1..=100_000))]
    frames: u32,
    /// Window size in logical pixels, as WIDTHxHEIGHT.
    #[arg(long, default_value = "1600x900", value_parser = parse_window_size)]
    window: (u32, u32),
    /// The key map to use [default: gridkeeper-keys.ron in this folder, if there is one].
    #[arg(long, value_name = "FILE")]
    keys: Option<PathBuf>,
    /// Start with the overlay this much larger: 0.75 to 2.5 (1.5 for a TV across the room).
    #[arg(long, value_name = "SCALE", value_parser = parse_ui_scale)]
    ui_scale: Option<f32>,
    /// Start with high-contrast colours.
    #[arg(long)]
    high_contrast: bool,
    /// Start with the list of keys open.
    #[arg(long)]
    show_keys: bool,
    /// Start with the keeper's window open: dice typed in from the table, undo, the AI held,
    /// corrections to units.
    #[arg(long)]
    keeper: bool,
    /// Open a second window for the players' screen (a TV, a projector): the map, the tokens
    /// they may see, whose turn it is, the latest roll and what just happened; nothing the
    /// keeper keeps to himself. A screenshot of it is saved beside `--screenshot`'s, as
    /// NAME-table.png.
    #[arg(long)]
    table_view: bool,
    /// How fast moves, shots and wounds are shown (and the AI's turn with them): 1 the table's
    /// pace, 2 twice as fast, 0 at once.
    #[arg(long, default_value_t = 1.0, value_name = "SPEED", value_parser = parse_pace)]
    pace: f32,
}

pub(super) fn parse_pace(text: &str) -> Result<f32, String> {
    match text.trim().parse::<f32>() {
        Ok(speed) if (0.0..=10.0).contains(&speed) => Ok(speed),
        _ => Err(format!("`{text}` is no pace: 0 (at once) to 10")),
    }
}

pub(super) fn parse_ui_scale(text: &str) -> Result<f32, String> {
    text.parse::<f32>()
        .ok()
        .filter(|scale| (0.75..=2.5).contains(scale))
        .ok_or_else(|| format!("`{text}` is not a scale from 0.75 to 2.5"))
}

pub(super) fn parse_window_size(text: &str) -> Result<(u32, u32), String> {
    let (width, height) = text
        .split_once(['x', 'X'])
        .ok_or_else(|| format!("`{text}` is not WIDTHxHEIGHT, such as 1920x1080"))?;
    let side = |value: &str| {
        value
            .trim()
            .parse::<u32>()
            .ok()
            .filter(|side| (200..=16_384).contains(side))
            .ok_or_else(|| format!("`{value}` is not a window side from 200 to 16384 pixels"))
    };
    Ok((side(width)?, side(height)?))
}

/// Why no window can be opened here, where that is plain before trying (a Linux or BSD session
/// with no display: winit would panic); `None` where one may be.
pub(super) fn no_display() -> Option<String> {
    let unix_desktop = cfg!(all(unix, not(target_os = "macos"), not(target_os = "ios")));
    let set = |name: &str| std::env::var_os(name).is_some_and(|value| !value.is_empty());
    let none = !set("DISPLAY") && !set("WAYLAND_DISPLAY") && !set("WAYLAND_SOCKET");
    (unix_desktop && none).then(|| {
        "no display to open the window on (DISPLAY and WAYLAND_DISPLAY are not set): run it in \
         a desktop session, or watch a replay with `replay FILE --headless`, or play it out with \
         `simulate`"
            .to_string()
    })
}

pub(super) fn play(args: PlayArgs) -> ExitCode {
    // Nothing to open and nothing asked of a battle: the start menu.
    let battle_asked = args.seed.is_some() || args.hotseat || args.solo.is_some();
    if args.scenario.is_none() && !battle_asked && args.select.is_none() {
        return open_window(Opening::Menu, args.window);
    }
    let path = args
        .scenario
        .unwrap_or_else(|| PathBuf::from(crate::files::shipped::DEFAULT_SCENARIO));
    let (loaded, saved) = match open(&path, args.maps) {
        Ok(Opened::Loaded(loaded)) => (loaded, None),
        Ok(Opened::Saved(replay)) => {
            if args.seed.is_some() || args.hotseat || args.solo.is_some() {
                return fail(&format!(
                    "{} is a saved battle: it keeps its seed and who plays each unit",
                    path.display()
                ));
            }
            let loaded = Loaded::Scenario(Box::new(replay.scenario.clone()));
            (loaded, Some(*replay))
        }
        Err(error) => return fail(&error.to_string()),
    };
    let unit_named = |name: &Option<String>| -> Result<Option<UnitId>, String> {
        let Some(name) = name else {
            return Ok(None);
        };
        let Loaded::Scenario(scenario) = &loaded else {
            return Err(format!(
                "{} is a bare map: it has no unit `{name}`",
                path.display()
            ));
        };
        scenario
            .units
            .iter()
            .position(|unit| unit.name.eq_ignore_ascii_case(name))
            .map(|index| Some(UnitId(u16::try_from(index).unwrap_or(u16::MAX))))
            .ok_or_else(|| format!("{} has no unit called `{name}`", path.display()))
    };
    let startup_view = match (unit_named(&args.select), unit_named(&args.aim)) {
        (Ok(select), Ok(aim_at)) => StartupView {
            select,
            aim_at,
            range_overlay: args.range_overlay,
            blast_at: args.blast_at,
        },
        (Err(error), _) | (_, Err(error)) => return fail(&error),
    };
    let seed = match &saved {
        Some(replay) => replay.seed,
        None => args.seed.unwrap_or_else(crate::rules::dice::fresh_seed),
    };
    let control = match players(&loaded, args.hotseat, args.solo.as_deref()) {
        Ok(control) => control,
        Err(error) => return fail(&format!("{}: {error}", path.display())),
    };
    let scenario = match loaded {
        Loaded::Scenario(scenario) => *scenario,
        Loaded::Map(map) => return open_window(Opening::Map(Box::new(map)), args.window),
    };
    let setup = BattleSetup {
        control,
        ai_level: args.ai,
        saved: saved.map(|replay| SavedBattle {
            replay,
            file: path.clone(),
            watching: None,
        }),
        startup_view,
        autosave: args.window.screenshot.is_none(),
        ..BattleSetup::new(scenario, seed)
    };
    open_window(Opening::Battle(Box::new(setup)), args.window)
}

/// Open the editor on the scenario named (a shipped one to be saved as the keeper's own), on
/// a new scene, or on a new scene with a tileset open to map it.
pub(super) fn edit(args: EditArgs) -> ExitCode {
    let blank = || Draft::blank(crate::rules::ruleset_id::RulesetId::default(), 24, 16);
    let editor = match &args.scenario {
        None => match blank() {
            Ok(draft) => Editor::new(draft, None),
            Err(why) => return fail(&why),
        },
        Some(path) if crate::map::tiled_map::is_tileset(path) => {
            let mapper = match crate::editor::tileset::TilesetMapper::open(path) {
                Ok(mapper) => mapper,
                Err(error) => return fail(&error.to_string()),
            };
            match blank() {
                Ok(draft) => {
                    let mut editor = Editor::new(draft, None);
                    editor.tileset = Some(mapper);
                    editor
                }
                Err(why) => return fail(&why),
            }
        }
        Some(path) => match open(path, args.maps) {
            Ok(Opened::Loaded(Loaded::Scenario(scenario))) => {
                // A shipped scenario is never written over, however it is named: it is saved
                // as the keeper's own.
                let shipped = crate::files::shipped::is_shipped(path);
                Editor::new(Draft::of(&scenario), (!shipped).then(|| path.clone()))
            }
            Ok(_) => {
                return fail(&format!(
                    "{} is not a scenario: the editor opens scenarios",
                    path.display()
                ));
            }
            Err(error) => return fail(&error.to_string()),
        },
    };
    open_window(Opening::Editor(Box::new(editor)), args.window)
}

/// Who plays each unit when the command line says (`--hotseat`: the person at the keyboard
/// plays them all; `--solo SIDE`: that side, the AI every other); `None`: as the scenario says.
pub(super) fn players(
    loaded: &Loaded,
    hotseat: bool,
    solo: Option<&str>,
) -> Result<Option<Vec<Control>>, String> {
    let Loaded::Scenario(scenario) = loaded else {
        return Ok(None);
    };
    if hotseat {
        return Ok(Some(vec![Control::Person; scenario.units.len()]));
    }
    let Some(wanted) = solo else {
        return Ok(None);
    };
    let side = if wanted.is_empty() {
        0
    } else {
        side_named(scenario, wanted)?
    };
    Ok(Some(by_side(scenario, side, Control::Person, Control::Ai)))
}

/// Open the game window on `opening`; its exit status.
pub(super) fn open_window(opening: Opening, window: WindowArgs) -> ExitCode {
    if let Some(why) = no_display() {
        return fail(&why);
    }
    let default_ruleset: Arc<dyn Ruleset> = match ruleset(&RuleOptions::default()) {
        Ok(ruleset) => Arc::from(ruleset),
        Err(error) => return fail(&error.to_string()),
    };
    let exit = crate::game::run_game(crate::game::PlayOptions {
        opening,
        default_ruleset,
        screenshot: window.screenshot.map(|path| ScreenshotRequest {
            path,
            frames: window.frames,
        }),
        window_size: window.window,
        keys: window.keys,
        ui: crate::ui::UiSettings {
            scale: window.ui_scale.unwrap_or(1.0),
            high_contrast: window.high_contrast,
            help_shown: window.show_keys,
            keeper_shown: window.keeper,
            table_view: window.table_view,
            pace: window.pace,
            ..crate::ui::UiSettings::default()
        },
    });
    match exit {
        bevy::app::AppExit::Success => ExitCode::SUCCESS,
        bevy::app::AppExit::Error(code) => ExitCode::from(code.get()),
    }
}

/// On Call of Cthulhu 7e's shipped scenes.
#[cfg(all(test, feature = "coc7e"))]
mod tests {
    use std::path::Path;

    use super::*;

    fn cellar() -> Loaded {
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("maps/cellar.ron");
        let scenario =
            crate::map::scenario::Scenario::load(&path).unwrap_or_else(|error| panic!("{error}"));
        Loaded::Scenario(Box::new(scenario))
    }

    #[test]
    fn solo_puts_the_person_on_one_side_and_the_ai_on_the_others() {
        use Control::{Ai, Person};
        // The cellar: three investigators (side 0), then the ghoul (side 1).
        let investigators = Some(vec![Person, Person, Person, Ai]);
        assert_eq!(
            players(&cellar(), false, Some("")),
            Ok(investigators.clone())
        );
        assert_eq!(
            players(&cellar(), false, Some("Investigators")),
            Ok(investigators)
        );
        assert_eq!(
            players(&cellar(), false, Some("monster")),
            Ok(Some(vec![Ai, Ai, Ai, Person]))
        );
        assert_eq!(players(&cellar(), true, None), Ok(Some(vec![Person; 4])));
        assert_eq!(
            players(&cellar(), false, None),
            Ok(None),
            "as the scenario says"
        );
        assert_eq!(
            players(&cellar(), false, Some("cultists")),
            Err("no side `cultists` to play (the sides: investigators, monster)".to_string())
        );
    }
}
