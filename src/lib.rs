//! Gridkeeper: a tactical map client for percentile horror-RPG combat.
//!
//! The crate is one library with a thin binary. `rules` and the grid algorithms in `map` are
//! pure Rust; the rest are bevy plugins, each a `plugin(app)` function that slots its systems
//! into the ordered [`AppSystems`] sets.

pub mod ai;
pub mod battle;
pub mod cli;
pub mod files;
pub mod input;
pub mod map;
pub mod replay;
pub mod rules;
pub mod simulation;
pub mod ui;
pub mod view;

use std::sync::Arc;

use bevy::prelude::*;
use bevy::window::WindowResolution;

use map::Loaded;
use rules::ruleset::Ruleset;

/// The rulebook the battle plays by, shared by every system that asks a rules question.
#[derive(Resource, Clone, Debug)]
pub struct ActiveRuleset(pub Arc<dyn Ruleset>);

/// The order of each frame's work in `Update`; every feature says which set its systems join.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum AppSystems {
    /// Read the pointer and keys into state (the hovered tile).
    ReadInput,
    /// Act on the actions: select, pan, zoom, toggle.
    Interact,
    /// Make what is drawn follow the state: tokens, overlays, lines.
    Present,
}

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

/// The battle without a window: minimal plugins and the battle's own, no rendering and no
/// overlay, its dice seeded with `seed`. Tests, and later `simulate` and `replay`, run exactly
/// these systems.
pub fn headless_app(scenario: map::scenario::Scenario, seed: u64) -> App {
    let mut app = App::new();
    app.add_plugins((
        MinimalPlugins,
        bevy::state::app::StatesPlugin,
        bevy::input::InputPlugin,
    ))
    .insert_resource(ActiveRuleset(scenario.ruleset.clone()))
    .insert_resource(battle::ActiveScenario(Arc::new(scenario)))
    .insert_resource(battle::BattleDice::new(seed))
    .add_plugins(battle::plugin);
    app
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
            app.insert_resource(replay::Autosave(replay::saving::autosave_path(
                &scenario,
                options.seed,
                opened,
            )));
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
