//! The game window: what it opens with, and the app that plays a scenario, watches a replay or
//! takes a screenshot, built from every feature's plugin.

use std::sync::Arc;

use bevy::prelude::*;
use bevy::window::WindowResolution;

use crate::battle::ActiveRuleset;
use crate::map::{self, Loaded};
use crate::rules::ruleset::Ruleset;
use crate::schedule::AppSystems;
use crate::{ai, battle, input, replay, ui, view};

/// What the game window opens with.
#[derive(Debug, Clone)]
pub struct PlayOptions {
    pub loaded: Loaded,
    pub ruleset: Arc<dyn Ruleset>,
    pub screenshot: Option<view::screenshot::ScreenshotRequest>,
    pub startup_view: view::StartupView,
    pub window_size: (u32, u32),
    /// The seed of the battle's dice.
    pub seed: u64,
    /// Who plays each unit, where the command line says (hotseat, solo); else the scenario's
    /// sides say.
    pub control: Option<Vec<map::scenario::Control>>,
    /// How well the AI plays the units it plays.
    pub ai_level: ai::Style,
    /// A key map file to read (else `gridkeeper-keys.ron` in the working directory, if any).
    pub keys: Option<std::path::PathBuf>,
    /// How the overlay starts: its scale, colours, and whether the key list is open.
    pub ui: ui::UiSettings,
    /// A saved battle (a replay) to play on from its end, or to watch.
    pub saved: Option<SavedBattle>,
}

/// A saved battle opened in the window. Its scenario and seed are the options' own.
#[derive(Debug, Clone)]
pub struct SavedBattle {
    pub replay: replay::Replay,
    /// The file it was read from: playing on from an autosave goes on writing to it.
    pub file: std::path::PathBuf,
    /// Watch it step by step with this viewer (set to the step to open on), rather than play
    /// on from its end.
    pub watching: Option<replay::Playback>,
}

/// The scenario shipped as the default.
pub fn default_scenario_path() -> std::path::PathBuf {
    std::path::PathBuf::from("maps/warehouse.ron")
}

/// Build and run the game window until it closes.
pub fn run_game(options: PlayOptions) -> AppExit {
    let mut app = App::new();
    let (width, height) = options.window_size;
    app.add_plugins(DefaultPlugins.set(WindowPlugin {
        primary_window: Some(Window {
            title: "Gridkeeper".to_string(),
            resolution: WindowResolution::new(width, height),
            ..default()
        }),
        // Closing the keeper's window ends the game, the table view with it.
        exit_condition: bevy::window::ExitCondition::OnPrimaryClosed,
        ..default()
    }))
    .configure_sets(
        Update,
        (
            AppSystems::ReadInput,
            AppSystems::Interact,
            battle::BattleSystems,
            AppSystems::Present,
        )
            .chain(),
    )
    .insert_resource(ActiveRuleset(options.ruleset))
    .insert_resource(view::ShownMap(options.loaded.map().clone()))
    .insert_resource(options.startup_view)
    .insert_resource(view::motion::Pace::at(options.ui.pace))
    .insert_resource(view::table::TableViewWanted {
        open: options.ui.table_view,
        size: UVec2::new(width, height),
    })
    .insert_resource(options.ui);
    let (keys, notice) = input::KeyMap::load(options.keys.as_deref());
    app.insert_resource(keys)
        .insert_resource(input::KeyMapNotice(notice));
    let watching = options
        .saved
        .as_ref()
        .is_some_and(|saved| saved.watching.is_some());
    let units = match &options.loaded {
        Loaded::Scenario(scenario) => scenario.units.len(),
        Loaded::Map(_) => 0,
    };
    if let Loaded::Scenario(scenario) = options.loaded {
        let controllers = match &options.saved {
            Some(saved) => Some(saved.replay.control.clone()),
            None => options.control.clone(),
        };
        if let Some(controllers) = controllers {
            app.insert_resource(battle::Controllers(controllers));
        }
        if !watching && options.screenshot.is_none() {
            let opened = options.saved.as_ref().map(|saved| saved.file.as_path());
            let autosave = replay::Autosave::claim(&scenario, options.seed, opened);
            app.insert_resource(replay::SaveState {
                path: Some(autosave.path.clone()),
                ..default()
            })
            .insert_resource(autosave);
        }
        app.insert_resource(battle::ActiveScenario(Arc::new(*scenario)))
            .insert_resource(battle::BattleDice::new(options.seed));
    }
    match options.saved {
        Some(SavedBattle {
            watching: Some(playback),
            ..
        }) => {
            app.insert_resource(playback);
        }
        Some(SavedBattle {
            replay,
            watching: None,
            ..
        }) => {
            app.insert_resource(replay::SavedCommands(replay.commands));
        }
        None => {}
    }
    if let Some(request) = options.screenshot {
        app.insert_resource(request);
    }
    app.add_plugins((
        input::plugin,
        battle::plugin,
        view::plugin,
        ui::plugin,
        replay::plugin,
    ));
    if !watching {
        // A replay's commands are all in the file: the AI gives none while it is watched.
        app.add_plugins(ai::plugin)
            .insert_resource(ai::AiStyles(vec![options.ai_level; units]));
    }
    app.run()
}
