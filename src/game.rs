//! The game window: what it opens with, and the app that plays a scenario, watches a replay or
//! takes a screenshot, built from every feature's plugin.

use std::sync::Arc;

use bevy::prelude::*;
use bevy::window::WindowResolution;

use crate::battle::ActiveRuleset;
use crate::map;
use crate::rules::ruleset::Ruleset;
use crate::schedule::{AppSystems, Screen};
use crate::session::BattleSetup;
use crate::{ai, battle, editor, input, menu, replay, session, ui, view};

/// What the game window opens with.
#[derive(Debug, Clone)]
pub struct PlayOptions {
    pub opening: Opening,
    /// The rulebook the menu and a bare map are read under (a battle brings its own).
    pub default_ruleset: Arc<dyn Ruleset>,
    pub screenshot: Option<view::screenshot::ScreenshotRequest>,
    pub window_size: (u32, u32),
    /// A key map file to read (else `gridkeeper-keys.ron` in the working directory, if any).
    pub keys: Option<std::path::PathBuf>,
    /// How the overlay starts: its scale, colours, and whether the key list is open.
    pub ui: ui::UiSettings,
}

/// What the window shows first.
#[derive(Debug, Clone)]
pub enum Opening {
    /// The start menu, on the default scenario.
    Menu,
    /// A bare map to look over, under the default rulebook.
    Map(Box<map::GridMap>),
    /// A battle: a scenario to play, a save to play on, a replay to watch.
    Battle(Box<BattleSetup>),
    /// The scenario editor on a scene.
    Editor(Box<editor::Editor>),
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
    .insert_resource(view::motion::Pace::at(options.ui.pace))
    .insert_resource(view::table::TableViewWanted {
        open: options.ui.table_view,
        size: UVec2::new(width, height),
    })
    .insert_resource(options.ui);
    let (keys, notice) = input::KeyMap::load(options.keys.as_deref());
    app.insert_resource(keys)
        .insert_resource(input::KeyMapNotice(notice));
    let screen = match options.opening {
        Opening::Menu => {
            app.insert_resource(ActiveRuleset(options.default_ruleset));
            menu::open(&mut app);
            Screen::Menu
        }
        Opening::Map(shown) => {
            app.insert_resource(ActiveRuleset(options.default_ruleset))
                .insert_resource(view::ShownMap(*shown));
            Screen::Battle
        }
        Opening::Editor(editing) => {
            // The editor shows its scene's map and rulebook from its first frame.
            app.insert_resource(ActiveRuleset(options.default_ruleset))
                .insert_resource(view::ShownMap(editing.draft().grid().unwrap_or_else(
                    |_| map::GridMap::filled("", 3, 3, map::terrain::TerrainKind::Floor.terrain()),
                )))
                .insert_resource(*editing);
            Screen::Editor
        }
        Opening::Battle(setup) => {
            app.insert_resource(ActiveRuleset(setup.scenario.ruleset.clone()))
                .insert_resource(view::ShownMap(setup.scenario.map.clone()))
                .insert_resource(*setup);
            Screen::Battle
        }
    };
    if let Some(request) = options.screenshot {
        app.insert_resource(request);
    }
    app.insert_state(screen).add_plugins((
        input::plugin,
        battle::plugin,
        crate::rulesets::plugins::plugin,
        view::plugin,
        ui::plugin,
        crate::rulesets::panels::plugin,
        replay::plugin,
        ai::plugin,
        session::plugin,
        editor::plugin,
        menu::plugin,
    ));
    app.run()
}
