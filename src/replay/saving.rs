//! Saving the battle being played: an autosave after every turn (and at the end), a save on
//! request, and playing a saved battle's commands again when it is opened to play on. Every
//! save is a replay written atomically, so a crash at any moment loses at most the turn under
//! way and never an earlier save.

use std::path::{Path, PathBuf};

use bevy::prelude::*;
use leafwing_input_manager::prelude::ActionState;

use super::Replay;
use crate::battle::command::Command;
use crate::battle::event::EventKind;
use crate::battle::{ActiveScenario, BattleDice, EventLog, Flow};
use crate::input::MapAction;
use crate::map::scenario::Scenario;

/// The folder saves go to, under the folder the game is started in.
pub const SAVES_FOLDER: &str = "saves";

/// Where the battle being played is autosaved.
#[derive(Resource, Debug, Clone, PartialEq, Eq)]
pub struct Autosave(pub PathBuf);

/// The commands of a saved battle, to be given again before play goes on.
#[derive(Resource, Debug, Clone)]
pub struct SavedCommands(pub Vec<Command>);

/// A save asked for (a button); taken on the next frame.
#[derive(Resource, Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct SaveRequest(pub bool);

/// What saving had to say, for the overlay to show: where a save went, or why it failed.
#[derive(Resource, Debug, Clone, Default, PartialEq, Eq)]
pub struct SaveNotices(pub Vec<String>);

/// Where a battle autosaves: played on from an autosave, that same file (which only grows);
/// else a new file named after the scenario and seed, never one already there.
pub fn autosave_path(scenario: &Scenario, seed: u64, opened_from: Option<&Path>) -> PathBuf {
    let stem = format!("{}-seed-{seed}", scenario.slug());
    match opened_from {
        Some(opened) if is_numbered(opened, &stem) => opened.to_path_buf(),
        _ => first_free(&stem),
    }
}

/// A save kept apart from the autosave, the round it was made in in its name; never one
/// already there.
pub fn snapshot_path(scenario: &Scenario, seed: u64, round: u32) -> PathBuf {
    first_free(&format!("{}-seed-{seed}-round-{round}", scenario.slug()))
}

/// The first of `STEM.ron`, `STEM-2.ron`, `STEM-3.ron`… in the saves folder that is not there.
fn first_free(stem: &str) -> PathBuf {
    let folder = Path::new(SAVES_FOLDER);
    std::iter::once(folder.join(format!("{stem}.ron")))
        .chain((2..).map(|number| folder.join(format!("{stem}-{number}.ron"))))
        .find(|path| !path.exists())
        .unwrap_or_else(|| folder.join(format!("{stem}.ron")))
}

/// Whether `path` is named `STEM.ron` or `STEM-N.ron`.
fn is_numbered(path: &Path, stem: &str) -> bool {
    let Some(name) = path.file_name().and_then(|name| name.to_str()) else {
        return false;
    };
    let Some(rest) = name
        .strip_prefix(stem)
        .and_then(|rest| rest.strip_suffix(".ron"))
    else {
        return false;
    };
    rest.is_empty()
        || rest
            .strip_prefix('-')
            .is_some_and(|number| !number.is_empty() && number.bytes().all(|b| b.is_ascii_digit()))
}

/// Give a saved battle's commands again, once, before anything else is ordered.
pub(super) fn play_saved_commands(world: &mut World) {
    if let Some(saved) = world.remove_resource::<SavedCommands>() {
        for command in saved.0 {
            super::give(world, command);
        }
    }
}

/// After every turn, and when the battle ends, write the battle so far to its autosave.
pub(super) fn autosave(world: &mut World, mut checked: Local<usize>) {
    let Some(path) = world.get_resource::<Autosave>().map(|save| save.0.clone()) else {
        return;
    };
    let Some(events) = world.get_resource::<EventLog>() else {
        return;
    };
    let from = (*checked).min(events.0.len());
    let turn_over = events.0[from..].iter().any(|event| {
        matches!(
            event.kind,
            EventKind::TurnBegan { .. } | EventKind::BattleEnded { .. }
        )
    });
    *checked = events.0.len();
    if turn_over {
        save_to(world, &path, false);
    }
}

/// Save when asked: the key, or the button.
pub(super) fn save_on_request(world: &mut World) {
    let keyed = world
        .query::<&ActionState<MapAction>>()
        .iter(world)
        .any(|state| state.just_pressed(&MapAction::SaveBattle));
    let asked = world
        .get_resource_mut::<SaveRequest>()
        .is_some_and(|mut request| std::mem::take(&mut request.0));
    if !(keyed || asked) {
        return;
    }
    let (Some(scenario), Some(dice), Some(flow)) = (
        world.get_resource::<ActiveScenario>(),
        world.get_resource::<BattleDice>(),
        world.get_resource::<Flow>(),
    ) else {
        return;
    };
    let path = snapshot_path(&scenario.0, dice.seed, flow.round);
    save_to(world, &path, true);
}

/// Write the battle to `path`; say where it went (when `announce`) or why it failed.
fn save_to(world: &mut World, path: &std::path::Path, announce: bool) {
    let Some(replay) = Replay::of_battle(world) else {
        return;
    };
    let words = match replay.save(path) {
        Ok(()) if announce => Some(format!(
            "Saved the battle to {0}: `gridkeeper {0}` plays on from here",
            path.display()
        )),
        Ok(()) => None,
        Err(error) => Some(format!(
            "Could not save the battle to {}: {error}",
            path.display()
        )),
    };
    if let Some(words) = words {
        world.get_resource_or_init::<SaveNotices>().0.push(words);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::battle::{BattleSystems, CommandLog, CommandQueue, Controllers, Phase};
    use crate::map::scenario::Control;

    fn cellar() -> Scenario {
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("maps/cellar.ron");
        Scenario::load(&path).unwrap_or_else(|error| panic!("{error}"))
    }

    #[test]
    fn only_an_autosave_of_the_same_battle_is_written_on() {
        let stem = "cellar-melee-seed-7";
        for (name, same) in [
            ("cellar-melee-seed-7.ron", true),
            ("cellar-melee-seed-7-2.ron", true),
            ("cellar-melee-seed-7-12.ron", true),
            ("cellar-melee-seed-7-round-3.ron", false),
            ("cellar-melee-seed-72.ron", false),
            ("cellar-melee-seed-7-.ron", false),
            ("cellar-melee-seed-7.ron.tmp", false),
            ("warehouse-seed-7.ron", false),
        ] {
            assert_eq!(
                is_numbered(&Path::new("saves").join(name), stem),
                same,
                "{name}"
            );
        }
        let opened = Path::new("elsewhere/cellar-melee-seed-7-2.ron");
        assert_eq!(autosave_path(&cellar(), 7, Some(opened)), opened);
        let snapshot = Path::new("saves/cellar-melee-seed-7-round-3.ron");
        assert_ne!(autosave_path(&cellar(), 7, Some(snapshot)), snapshot);
    }

    #[test]
    fn every_turn_is_autosaved_as_the_battle_so_far() {
        let folder =
            std::env::temp_dir().join(format!("gridkeeper-autosave-{}", std::process::id()));
        let path = folder.join("cellar.ron");
        let scenario = cellar();
        let units = scenario.units.len();
        let mut app = crate::headless::headless_app(scenario, 3);
        app.insert_resource(Controllers(vec![Control::Ai; units]))
            .insert_resource(Autosave(path.clone()))
            .add_plugins(crate::ai::plugin)
            .add_systems(Update, autosave.after(BattleSystems));
        app.update();
        app.world_mut()
            .resource_mut::<CommandQueue>()
            .0
            .push_back(Command::Begin);
        let mut saves = 0;
        let mut seen = 0;
        while !matches!(app.world().resource::<Flow>().phase, Phase::Over(_)) {
            app.update();
            let events = &app.world().resource::<EventLog>().0;
            let turned = events[seen..].iter().any(|event| {
                matches!(
                    event.kind,
                    EventKind::TurnBegan { .. } | EventKind::BattleEnded { .. }
                )
            });
            seen = events.len();
            if turned {
                let saved = Replay::load(&path).unwrap_or_else(|error| panic!("{error}"));
                assert_eq!(saved.commands, app.world().resource::<CommandLog>().0);
                saves += 1;
            }
        }
        assert!(saves > 4, "a save a turn ({saves})");
        std::fs::remove_dir_all(&folder).ok();
    }

    #[test]
    fn a_saved_battle_is_given_its_commands_before_anything_else() {
        let whole = crate::replay::simulate(cellar(), 4, Some(1));
        let mut app = crate::headless::headless_app(whole.scenario.clone(), whole.seed);
        app.insert_resource(SavedCommands(whole.commands.clone()))
            .add_systems(Update, play_saved_commands.before(BattleSystems));
        app.update();
        assert!(!app.world().contains_resource::<SavedCommands>());
        assert_eq!(app.world().resource::<CommandLog>().0, whole.commands);
        let events = &app.world().resource::<EventLog>().0;
        assert_eq!(crate::replay::EventDigest::of(events), whole.events);
    }
}
