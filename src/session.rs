//! A battle begun and left inside one window: what a battle is set up from (a scenario, its
//! dice, who plays each unit, a save to play on or a replay to watch), setting it up on entering
//! the battle screen, and clearing it away on going back to the menu.

use std::sync::Arc;

use bevy::prelude::*;

use crate::ai::{AiPause, AiStyles, AiTurns, Style};
use crate::battle::scope::BattleScoped;
use crate::battle::{self, ActiveRuleset, ActiveScenario, Controllers};
use crate::map::scenario::{Control, Scenario};
use crate::replay::{Autosave, Playback, Replay, SaveState, SavedCommands};
use crate::schedule::Screen;
use crate::view::{ShownMap, StartupView};

/// A battle to begin as the window enters [`Screen::Battle`]: put in as a resource by the
/// command line or the menu, taken by the set-up.
#[derive(Resource, Debug, Clone)]
pub struct BattleSetup {
    pub scenario: Scenario,
    /// The seed of the battle's dice (a saved battle's own).
    pub seed: u64,
    /// Who plays each unit, where chosen (hotseat, solo, keeper); else the scenario's sides
    /// say. A saved battle keeps its own.
    pub control: Option<Vec<Control>>,
    /// How well the AI plays the units it plays.
    pub ai_level: Style,
    /// A saved battle (a replay) to play on from its end, or to watch.
    pub saved: Option<SavedBattle>,
    /// The unit selected and the tile pointed at as it opens (the command line's).
    pub startup_view: StartupView,
    /// Whether the battle saves itself as it goes (not while taking a screenshot).
    pub autosave: bool,
}

/// A saved battle opened in the window. Its scenario and seed are the set-up's own.
#[derive(Debug, Clone)]
pub struct SavedBattle {
    pub replay: Replay,
    /// The file it was read from: playing on from an autosave goes on writing to it.
    pub file: std::path::PathBuf,
    /// Watch it step by step with this viewer (set to the step to open on), rather than play
    /// on from its end.
    pub watching: Option<Playback>,
}

impl BattleSetup {
    /// A fresh battle of `scenario` under `seed`, played as its sides say by the careful AI.
    pub fn new(scenario: Scenario, seed: u64) -> Self {
        Self {
            scenario,
            seed,
            control: None,
            ai_level: Style::default(),
            saved: None,
            startup_view: StartupView::default(),
            autosave: true,
        }
    }

    /// Whether the battle is a replay being watched, not played.
    pub fn watching(&self) -> bool {
        self.saved
            .as_ref()
            .is_some_and(|saved| saved.watching.is_some())
    }
}

/// Battles begun and left in the game window; the AI holds while a replay is watched.
pub fn plugin(app: &mut App) {
    app.battle_only::<StartupView>()
        .add_systems(OnEnter(Screen::Battle), begin_the_battle_set_up)
        .add_systems(OnExit(Screen::Battle), leave)
        .configure_sets(Update, AiTurns.run_if(not(resource_exists::<Playback>)));
}

/// Begin the battle put in as a [`BattleSetup`], if one was (a bare map has none).
fn begin_the_battle_set_up(world: &mut World) {
    if let Some(setup) = world.remove_resource::<BattleSetup>() {
        begin(world, setup);
    }
}

/// Set up the battle of `setup` in the window: its rulebook and map, who plays and how well,
/// its autosave, its units on the board, a save's commands given again or its viewer ready.
pub fn begin(world: &mut World, setup: BattleSetup) {
    let watching = setup.watching();
    let BattleSetup {
        scenario,
        seed,
        control,
        ai_level,
        saved,
        startup_view,
        autosave,
    } = setup;
    world.insert_resource(ActiveRuleset(scenario.ruleset.clone()));
    world.insert_resource(ShownMap(scenario.map.clone()));
    match saved
        .as_ref()
        .map(|saved| saved.replay.control.clone())
        .or(control)
    {
        Some(controllers) => world.insert_resource(Controllers(controllers)),
        // The scenario's sides say, once its units are on the board.
        None => {
            world.remove_resource::<Controllers>();
        }
    }
    if autosave && !watching {
        let opened = saved.as_ref().map(|saved| saved.file.as_path());
        let claimed = Autosave::claim(&scenario, seed, opened);
        world.insert_resource(SaveState {
            path: Some(claimed.path.clone()),
            ..default()
        });
        world.insert_resource(claimed);
    }
    world.insert_resource(AiStyles(vec![ai_level; scenario.units.len()]));
    world.insert_resource(AiPause::default());
    world.insert_resource(ActiveScenario(Arc::new(scenario)));
    match saved {
        Some(SavedBattle {
            watching: Some(playback),
            ..
        }) => world.insert_resource(playback),
        Some(SavedBattle {
            replay,
            watching: None,
            ..
        }) => world.insert_resource(SavedCommands(replay.commands)),
        None => {}
    }
    battle::restart(world, seed);
    world.insert_resource(startup_view);
    if let Err(error) = world.run_system_cached(crate::view::apply_startup_view) {
        error!("the battle's opening view could not be set: {error}");
    }
}

/// Clear the battle away (for the menu): its units, its log, its dice, its save (the autosave's
/// claim and its lock with it) and viewer, and the window's view of it (every resource its
/// plugins registered as the battle's, [`battle::scope::BattleScoped`]). What it saved stays
/// saved; the map stays shown until another is chosen.
fn leave(world: &mut World) {
    battle::scope::leave(world);
}

/// On Call of Cthulhu 7e's shipped scenes.
#[cfg(all(test, feature = "coc7e"))]
mod tests {
    use std::path::Path;

    use bevy::state::app::StatesPlugin;

    use super::*;
    use crate::battle::command::Command;
    #[cfg(feature = "frontier")]
    use crate::battle::scope::BattleEpoch;
    #[cfg(feature = "frontier")]
    use crate::battle::{BattleDice, EventLog};
    use crate::battle::{CommandLog, CommandQueue, Flow, RefusedCommands, UnitId};
    use crate::map::Loaded;
    use crate::view::hover::HoveredTile;
    use crate::view::orders::Intent;
    use crate::view::overlay::{RangeOverlayShown, Selection};

    fn scenario(name: &str) -> Scenario {
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(name);
        match Loaded::load(&path) {
            Ok(Loaded::Scenario(scenario)) => *scenario,
            other => panic!("{name} is a scenario: {other:?}"),
        }
    }

    /// The window's battle without drawing anything, opening on `screen` with `setup` waiting
    /// for it (if any), before its first update.
    fn window_app_opening(screen: Screen, setup: Option<BattleSetup>) -> App {
        let ruleset = setup.as_ref().map_or_else(
            || scenario("maps/cellar.ron").ruleset,
            |setup| setup.scenario.ruleset.clone(),
        );
        let mut app = App::new();
        app.add_plugins((MinimalPlugins, StatesPlugin, bevy::input::InputPlugin))
            .insert_state(screen)
            .insert_resource(ActiveRuleset(ruleset))
            .init_resource::<Selection>()
            .init_resource::<RangeOverlayShown>()
            .init_resource::<HoveredTile>()
            .init_resource::<Intent>()
            .add_plugins((
                battle::plugin,
                crate::rulesets::plugins::plugin,
                crate::ai::plugin,
                plugin,
            ));
        if let Some(setup) = setup {
            app.insert_resource(setup);
        }
        app
    }

    /// The window's battle, set up and left as the menu does it, without drawing anything.
    fn window_app() -> App {
        let mut app = window_app_opening(Screen::Menu, None);
        app.update();
        app
    }

    fn enter(app: &mut App, setup: BattleSetup, screen: Screen) {
        app.insert_resource(setup);
        app.world_mut()
            .resource_mut::<NextState<Screen>>()
            .set(screen);
        app.update();
    }

    #[cfg(feature = "frontier")]
    fn units_on_the_board(app: &mut App) -> usize {
        app.world_mut().query::<&UnitId>().iter(app.world()).count()
    }

    /// The window opened straight on a battle (a scenario on the command line): its units are
    /// on the board once each.
    #[test]
    fn a_battle_the_window_opens_on_has_each_unit_once() {
        let warehouse = scenario("maps/warehouse.ron");
        let setup = BattleSetup {
            autosave: false,
            ..BattleSetup::new(warehouse.clone(), 3)
        };
        let mut app = window_app_opening(Screen::Battle, Some(setup));
        app.update();
        app.update();
        let mut ids: Vec<usize> = app
            .world_mut()
            .query::<&UnitId>()
            .iter(app.world())
            .map(|id| id.index())
            .collect();
        ids.sort_unstable();
        let each_once: Vec<usize> = (0..warehouse.units.len()).collect();
        assert_eq!(ids, each_once);
    }

    /// The AI playing a battle the window opened on reads the board as it is: none of its
    /// commands is refused.
    #[test]
    fn the_ai_plays_a_battle_the_window_opens_on_with_no_command_refused() {
        let warehouse = scenario("maps/warehouse.ron");
        let setup = BattleSetup {
            autosave: false,
            control: Some(vec![Control::Ai; warehouse.units.len()]),
            ..BattleSetup::new(warehouse, 5)
        };
        let mut app = window_app_opening(Screen::Battle, Some(setup));
        app.update();
        // The fight begun as the keeper's button begins it.
        app.world_mut()
            .resource_mut::<CommandQueue>()
            .0
            .push_back(Command::Begin);
        for _ in 0..300 {
            app.update();
        }
        let world = app.world();
        let flow = world.resource::<Flow>();
        assert!(flow.round >= 2, "the battle went on");
        assert!(world.resource::<CommandLog>().0.len() > 20);
        assert_eq!(world.resource::<RefusedCommands>().0, Vec::<usize>::new());
    }

    #[cfg(feature = "frontier")]
    #[test]
    fn a_battle_begun_from_the_menu_is_set_up_and_left_whole() {
        let mut app = window_app();
        let cellar = scenario("maps/cellar.ron");
        let solo = vec![
            Control::Person,
            Control::Person,
            Control::Person,
            Control::Ai,
        ];
        let setup = BattleSetup {
            control: Some(solo.clone()),
            autosave: false,
            startup_view: StartupView {
                select: Some(UnitId(1)),
                ..StartupView::default()
            },
            ..BattleSetup::new(cellar.clone(), 7)
        };
        enter(&mut app, setup, Screen::Battle);
        let world = app.world();
        assert_eq!(world.resource::<ActiveScenario>().0.name, cellar.name);
        assert_eq!(world.resource::<BattleDice>().seed, 7);
        assert_eq!(world.resource::<Controllers>().0, solo);
        assert_eq!(world.resource::<ShownMap>().0, cellar.map);
        assert_eq!(world.resource::<Selection>().0, Some(UnitId(1)));
        assert!(world.get_resource::<Autosave>().is_none());
        assert_eq!(units_on_the_board(&mut app), cellar.units.len());
        crate::replay::give(app.world_mut(), Command::Begin);
        app.world_mut().resource_mut::<AiPause>().paused = true;
        let epoch = *app.world().resource::<BattleEpoch>();
        assert!(!app.world().resource::<EventLog>().0.is_empty());

        // Back to the menu: nothing of the battle is left, and nothing of how it was shown.
        app.world_mut()
            .resource_mut::<NextState<Screen>>()
            .set(Screen::Menu);
        app.update();
        let world = app.world();
        assert!(world.get_resource::<ActiveScenario>().is_none());
        assert!(world.get_resource::<BattleDice>().is_none());
        assert!(world.get_resource::<Controllers>().is_none());
        assert!(world.get_resource::<AiStyles>().is_none());
        assert!(world.get_resource::<StartupView>().is_none());
        assert!(!world.resource::<AiPause>().paused);
        assert_ne!(*world.resource::<BattleEpoch>(), epoch);
        assert!(world.resource::<EventLog>().0.is_empty());
        assert!(world.resource::<CommandLog>().0.is_empty());
        assert_eq!(world.resource::<Flow>().phase, Flow::default().phase);
        assert_eq!(units_on_the_board(&mut app), 0);
        let roots = app
            .world_mut()
            .query::<&crate::battle::scope::BattleRoot>()
            .iter(app.world())
            .count();
        assert_eq!(roots, 0, "the battle's root went with its units");

        // Another scenario, of another rulebook, played as its sides say.
        let gulch = scenario("maps/dry-gulch.ron");
        let setup = BattleSetup {
            autosave: false,
            ..BattleSetup::new(gulch.clone(), 11)
        };
        enter(&mut app, setup, Screen::Battle);
        let world = app.world();
        assert_eq!(
            world.resource::<ActiveRuleset>().0.name(),
            gulch.ruleset.name()
        );
        assert_eq!(world.resource::<ShownMap>().0, gulch.map);
        let as_set: Vec<Control> = gulch.units.iter().map(|unit| unit.control).collect();
        assert_eq!(world.resource::<Controllers>().0, as_set);
        assert_eq!(world.resource::<Selection>().0, None);
        assert_eq!(units_on_the_board(&mut app), gulch.units.len());
    }

    #[test]
    fn a_replay_watched_from_the_menu_gets_no_command_from_the_ai() {
        let mut app = window_app();
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("replays/farmstead-night.ron");
        let replay = Replay::load(&path).unwrap_or_else(|error| panic!("{error}"));
        // A step of the replay at which an AI unit is to act: played, the AI would give a
        // command there at once.
        let mut headless = replay.headless(replay.seed);
        let mut step = 0;
        loop {
            let world = headless.world();
            let flow = world.resource::<crate::battle::Flow>();
            let ai_acts = flow.phase == crate::battle::Phase::Turn
                && flow
                    .acting()
                    .is_some_and(|unit| replay.control[unit.index()] == Control::Ai);
            if ai_acts || step == replay.commands.len() {
                break;
            }
            crate::replay::give(headless.world_mut(), replay.commands[step].clone());
            step += 1;
        }
        assert!(
            step < replay.commands.len(),
            "an AI unit acts in the replay"
        );
        let setup = BattleSetup {
            saved: Some(SavedBattle {
                watching: Some(Playback::of(&replay)),
                replay: replay.clone(),
                file: path,
            }),
            ..BattleSetup::new(replay.scenario.clone(), replay.seed)
        };
        enter(&mut app, setup, Screen::Battle);
        // Taken to that step as the viewer takes it.
        for command in &replay.commands[..step] {
            crate::replay::give(app.world_mut(), command.clone());
        }
        app.world_mut()
            .resource_mut::<crate::battle::CommandQueue>()
            .0
            .clear();
        app.world_mut().resource_mut::<Playback>().at = step;
        for _ in 0..20 {
            app.update();
        }
        let world = app.world();
        // Watched, never saved over, and paused there: nothing given but the replay's own.
        assert!(world.get_resource::<Autosave>().is_none());
        assert_eq!(world.resource::<CommandLog>().0, replay.commands[..step]);
        assert_eq!(world.resource::<Controllers>().0, replay.control);
    }
}
