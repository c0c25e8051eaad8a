//! Gridkeeper: a tactical map client for percentile horror-RPG combat.
//!
//! The crate is one library with a thin binary. `rules` is pure Rust; the rest are bevy plugins,
//! each a `plugin(app)` function added by the app builder here.

pub mod cli;
pub mod files;
pub mod map;
pub mod rules;
pub mod ui;
pub mod view;

use std::path::PathBuf;
use std::sync::Arc;

use bevy::prelude::*;
use bevy::window::WindowResolution;

use map::GridMap;
use rules::ruleset::Ruleset;

/// The rulebook the battle plays by, shared by every system that asks a rules question.
#[derive(Resource, Clone, Debug)]
pub struct ActiveRuleset(pub Arc<dyn Ruleset>);

/// What the game window opens with.
#[derive(Debug, Clone)]
pub struct PlayOptions {
    pub map: GridMap,
    pub ruleset: Arc<dyn Ruleset>,
    pub screenshot: Option<view::screenshot::ScreenshotRequest>,
    pub window_size: (u32, u32),
}

/// The map shipped as the default.
pub fn default_map_path() -> PathBuf {
    PathBuf::from("maps/warehouse.map.ron")
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
    .insert_resource(ActiveRuleset(options.ruleset))
    .insert_resource(view::ShownMap(options.map));
    if let Some(request) = options.screenshot {
        app.insert_resource(request);
    }
    app.add_plugins((view::plugin, ui::plugin));
    app.run()
}
