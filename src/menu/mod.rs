//! The start menu: a scenario chosen from the shipped ones and the keeper's own (its map shown
//! beside the list, its units marked), who plays it (solo as a side, hotseat, the keeper with
//! the tools out, or the AI against itself), how well the AI plays and with what dice; or a saved
//! battle to play on or watch. Choosing begins the battle; the battle's "Menu" comes back here.

pub mod catalogue;
pub mod odds;
mod panel;

use bevy::prelude::*;
use bevy_egui::EguiPrimaryContextPass;

use crate::ai::Style;
use crate::battle::ActiveRuleset;
use crate::files::shipped::DEFAULT_SCENARIO;
use crate::map::scenario::{Control, Scenario};
use crate::replay::Playback;
use crate::schedule::Screen;
use crate::session::{BattleSetup, SavedBattle};
use crate::view::{MapGeometry, ShownMap, TILE_SIZE};
use catalogue::{Catalogue, SaveEntry, ScenarioEntry};

/// The frames the list scrolls to a scenario chosen by a key or opened on.
const REVEAL_FRAMES: u8 = 3;

/// Who plays the chosen scenario.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PlayAs {
    /// As each side of the scenario says.
    AsTheScenarioSays,
    /// One side at this screen (its index), the AI every other.
    Solo(usize),
    /// Every side at this screen.
    Hotseat,
    /// Every side at this screen, the keeper's tools out: the keeper runs the fight.
    Keeper,
    /// The AI plays every side; the window watches.
    AiAgainstAi,
}

impl PlayAs {
    /// Who plays each unit of `scenario`; `None` where the scenario's sides say.
    pub fn control(self, scenario: &Scenario) -> Option<Vec<Control>> {
        let each = |control: &dyn Fn(usize) -> Control| -> Vec<Control> {
            scenario
                .units
                .iter()
                .map(|unit| control(unit.side))
                .collect()
        };
        match self {
            Self::AsTheScenarioSays => None,
            Self::Solo(side) => Some(each(&|unit_side| {
                if unit_side == side {
                    Control::Person
                } else {
                    Control::Ai
                }
            })),
            Self::Hotseat | Self::Keeper => Some(each(&|_| Control::Person)),
            Self::AiAgainstAi => Some(each(&|_| Control::Ai)),
        }
    }

    /// The choice in words, for `scenario`.
    pub fn words(self, scenario: &Scenario) -> String {
        match self {
            Self::AsTheScenarioSays => "As the scenario says".to_string(),
            Self::Solo(side) => scenario.sides.get(side).map_or_else(
                || "Solo".to_string(),
                |side| format!("Solo: {}", crate::words::the(&side.name)),
            ),
            Self::Hotseat => "Hotseat: every side at this screen".to_string(),
            Self::Keeper => "Keeper: every side, the keeper's tools out".to_string(),
            Self::AiAgainstAi => "Watch the AI fight itself".to_string(),
        }
    }
}

/// The two lists of the menu.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum Tab {
    #[default]
    Scenarios,
    Saves,
}

/// The chosen scenario, read whole when it was chosen, and its fingerprint.
#[derive(Debug, Clone)]
pub struct ChosenScenario {
    pub scenario: Scenario,
    pub fingerprint: String,
}

/// The menu's lists and what is chosen in them.
#[derive(Resource, Debug, Clone)]
pub struct Menu {
    pub catalogue: Catalogue,
    /// The scenario chosen (an index into the catalogue's scenarios): set by
    /// [`Menu::choose`], which reads it.
    chosen: usize,
    /// The chosen scenario read whole, or why it cannot be played.
    read: Option<Result<ChosenScenario, String>>,
    pub play_as: PlayAs,
    pub ai_level: Style,
    /// The dice seed typed in; empty for fresh dice.
    pub seed: String,
    pub tab: Tab,
    /// Why the last choice could not begin.
    pub trouble: Option<String>,
    /// For this many frames more the list scrolls to the chosen scenario (chosen by a key, or
    /// the menu opened on it): a few, as the first frames' layout settles.
    pub reveal_chosen: u8,
    /// The panel's foot's height last frame, in points: the room the lists leave it.
    pub(crate) foot_height: f32,
    /// Odds reckoned on request, by scenario path.
    pub reckoned: std::collections::BTreeMap<std::path::PathBuf, odds::Odds>,
    /// Odds being reckoned.
    pub reckoning: Option<odds::Reckoning>,
}

impl Menu {
    /// The menu on `catalogue`, the default scenario chosen where it is listed.
    pub fn on(catalogue: Catalogue) -> Self {
        let chosen = catalogue
            .scenario_at(std::path::Path::new(DEFAULT_SCENARIO))
            .unwrap_or(0);
        let mut menu = Self {
            catalogue,
            chosen,
            read: None,
            play_as: PlayAs::AsTheScenarioSays,
            ai_level: Style::default(),
            seed: String::new(),
            tab: Tab::default(),
            trouble: None,
            reveal_chosen: REVEAL_FRAMES,
            foot_height: 48.0,
            reckoned: std::collections::BTreeMap::new(),
            reckoning: None,
        };
        menu.choose(chosen);
        menu
    }

    /// Choose the scenario at `index` in the list, and read it whole (its map with it).
    pub fn choose(&mut self, index: usize) {
        self.chosen = index;
        self.read = self.chosen().map(|entry| {
            entry.read().map(|scenario| ChosenScenario {
                fingerprint: catalogue::fingerprint(&scenario),
                scenario,
            })
        });
    }

    /// Where the chosen scenario is in the list.
    pub fn chosen_index(&self) -> usize {
        self.chosen
    }

    /// The scenario chosen, if any is listed.
    pub fn chosen(&self) -> Option<&ScenarioEntry> {
        self.catalogue.scenarios.get(self.chosen)
    }

    /// The chosen scenario as read, or why it cannot be played.
    pub fn chosen_scenario(&self) -> Result<&ChosenScenario, &str> {
        match &self.read {
            Some(Ok(chosen)) => Ok(chosen),
            Some(Err(why)) => Err(why),
            None => Err("no scenario to play"),
        }
    }

    /// The battle the choices make, and whether the keeper's tools are to be out; or why
    /// there is none.
    pub fn battle(&self) -> Result<(BattleSetup, bool), String> {
        let scenario = &self.chosen_scenario().map_err(str::to_string)?.scenario;
        let seed = match self.seed.trim() {
            "" => crate::rules::dice::fresh_seed(),
            typed => typed
                .parse()
                .map_err(|_| format!("the dice seed `{typed}` is not a whole number"))?,
        };
        let setup = BattleSetup {
            control: self.play_as.control(scenario),
            ai_level: self.ai_level,
            ..BattleSetup::new(scenario.clone(), seed)
        };
        Ok((setup, self.play_as == PlayAs::Keeper))
    }
}

/// The battle of a saved file, read whole now: played on from its end, or watched from its
/// start; or why it cannot be.
pub fn saved_battle(entry: &SaveEntry, watch: bool) -> Result<BattleSetup, String> {
    let replay = entry.read()?;
    let scenario = replay.scenario.clone();
    let seed = replay.seed;
    Ok(BattleSetup {
        saved: Some(SavedBattle {
            watching: watch.then(|| Playback::of(&replay)),
            replay,
            file: entry.path.clone(),
        }),
        ..BattleSetup::new(scenario, seed)
    })
}

/// The menu in the game window; it gathers its lists again each time the window comes back
/// to it from a battle.
pub fn plugin(app: &mut App) {
    app.add_systems(OnExit(Screen::Battle), come_back)
        .add_systems(
            Update,
            mark_the_units.run_if(in_state(Screen::Menu).and_then(resource_exists::<Menu>)),
        )
        .add_systems(
            EguiPrimaryContextPass,
            panel::menu_panel.run_if(in_state(Screen::Menu).and_then(resource_exists::<Menu>)),
        );
}

/// Open the window on the menu: its lists gathered, the default scenario's map shown.
pub fn open(app: &mut App) {
    let menu = Menu::on(Catalogue::gather());
    show_chosen(app.world_mut(), &menu);
    app.insert_resource(menu);
}

/// Back from a battle: the lists gathered again (a new save, a scenario just made), the
/// choices kept, the chosen scenario's map shown again.
fn come_back(world: &mut World) {
    let catalogue = Catalogue::gather();
    let menu = match world.remove_resource::<Menu>() {
        Some(mut menu) => {
            let chosen = menu.chosen().map(|entry| entry.path.clone());
            let index = chosen
                .and_then(|path| catalogue.scenario_at(&path))
                .unwrap_or(0);
            menu.catalogue = catalogue;
            menu.choose(index);
            menu.trouble = None;
            menu.reveal_chosen = REVEAL_FRAMES;
            menu
        }
        None => Menu::on(catalogue),
    };
    show_chosen(world, &menu);
    world.insert_resource(menu);
}

/// The chosen scenario's map and rulebook in the window.
fn show_chosen(world: &mut World, menu: &Menu) {
    if let Ok(chosen) = menu.chosen_scenario() {
        world.insert_resource(ShownMap(chosen.scenario.map.clone()));
        world.insert_resource(ActiveRuleset(chosen.scenario.ruleset.clone()));
    }
}

/// Where the chosen scenario's units start, a ring in their side's colour each.
fn mark_the_units(menu: Res<Menu>, map: Res<ShownMap>, mut gizmos: Gizmos) {
    let Ok(chosen) = menu.chosen_scenario() else {
        return;
    };
    let geometry = MapGeometry::of(&map.0);
    // Those on the board as it opens and in plain sight: no spoilers.
    for unit in &chosen.scenario.units {
        let on_the_board =
            !unit.hidden && !unit.reserve && unit.arrives.is_none_or(|round| round <= 1);
        let Some(side) = chosen
            .scenario
            .sides
            .get(unit.side)
            .filter(|_| on_the_board)
        else {
            continue;
        };
        let (red, green, blue) = side.colour;
        gizmos.circle_2d(
            geometry.centre(unit.start),
            TILE_SIZE * 0.38,
            Color::srgb_u8(red, green, blue),
        );
    }
}

/// On the default scenario, Call of Cthulhu 7e's.
#[cfg(all(test, feature = "coc7e"))]
mod tests {
    use super::*;

    fn menu() -> Menu {
        Menu::on(Catalogue::gather_from(
            std::path::Path::new("no-such-folder"),
            &[],
        ))
    }

    #[test]
    fn the_menu_opens_on_the_default_scenario() {
        let menu = menu();
        let chosen = menu.chosen().map(|entry| entry.path.clone());
        assert_eq!(
            chosen.as_deref(),
            Some(std::path::Path::new(DEFAULT_SCENARIO))
        );
    }

    #[test]
    fn who_plays_each_unit_follows_the_choice() {
        let mut menu = menu();
        let scenario = menu.chosen_scenario().expect("read").scenario.clone();
        let sides: Vec<usize> = scenario.units.iter().map(|unit| unit.side).collect();
        let person_where = |control: &[Control], side: usize| -> Vec<bool> {
            control
                .iter()
                .map(|control| *control == Control::Person)
                .zip(&sides)
                .map(|(person, unit_side)| person == (*unit_side == side))
                .collect()
        };
        for side in 0..scenario.sides.len() {
            let control = PlayAs::Solo(side).control(&scenario).expect("listed");
            assert!(
                person_where(&control, side).iter().all(|matches| *matches),
                "solo {side}"
            );
        }
        assert!(
            PlayAs::Hotseat
                .control(&scenario)
                .expect("listed")
                .iter()
                .all(|control| *control == Control::Person)
        );
        assert!(
            PlayAs::AiAgainstAi
                .control(&scenario)
                .expect("listed")
                .iter()
                .all(|control| *control == Control::Ai)
        );
        assert_eq!(PlayAs::AsTheScenarioSays.control(&scenario), None);

        menu.play_as = PlayAs::Keeper;
        menu.ai_level = Style::Ruthless;
        menu.seed = " 42 ".to_string();
        let (setup, keeper) = menu.battle().expect("listed");
        assert!(keeper);
        assert_eq!(setup.seed, 42);
        assert_eq!(setup.ai_level, Style::Ruthless);
        assert_eq!(
            setup.control,
            Some(vec![Control::Person; scenario.units.len()])
        );
        assert_eq!(setup.scenario.name, scenario.name);

        menu.seed = "forty-two".to_string();
        assert_eq!(
            menu.battle().err().as_deref(),
            Some("the dice seed `forty-two` is not a whole number")
        );
    }
}
