//! Saving the battle being played: an autosave after every turn (and at the end), a save on
//! request, and playing a saved battle's commands again when it is opened to play on. Every
//! save is a replay written atomically, so a crash at any moment loses at most the turn under
//! way and never an earlier save. One battle, one file: a window holds its autosave by a lock
//! beside it, so a second window on the same battle (or the same seed) saves to a file of its
//! own, and a save on request never replaces a file already there.

use std::path::{Path, PathBuf};

use bevy::prelude::*;
use leafwing_input_manager::prelude::ActionState;

use super::Replay;
use crate::battle::command::Command;
use crate::battle::event::EventKind;
use crate::battle::scope::BattleEpoch;
use crate::battle::{ActiveScenario, BattleDice, EventLog, Flow};
use crate::files::{first_free, numbered};
use crate::input::MapAction;
use crate::map::scenario::Scenario;

/// The folder saves go to, under the folder the game is started in.
pub const SAVES_FOLDER: &str = "saves";

/// Where the battle being played is autosaved, held by this window while it plays: a lock on a
/// file beside it (`NAME.ron.lock`) keeps any other window to a file of its own. The lock is let
/// go when the window closes, or with the process however it ends; the lock file stays (removing
/// it could let two windows lock two different files of one name) and is free to the next.
#[derive(Resource, Debug)]
pub struct Autosave {
    pub path: PathBuf,
    /// The open lock file holding the lock; `None` where none could be had anywhere (a folder
    /// that cannot be written, which saving then says).
    _lock: Option<std::fs::File>,
    /// The file is this window's to replace: the battle was played on from it, or this window
    /// has written it. Before that, a file that appears at the path is left alone.
    written: bool,
}

/// Whether the battle is saved, for the overlay and the end window: its autosave's path, and
/// whether the last autosave failed and why (a notice that stays while it does).
#[derive(Resource, Debug, Clone, Default, PartialEq, Eq)]
pub struct SaveState {
    /// The autosave; `None` where the battle is not saved (watching a replay, a screenshot).
    pub path: Option<PathBuf>,
    /// Written at least once, the last time without a failure.
    pub saved: bool,
    /// Why the last autosave failed, and the round it was in.
    pub failure: Option<(u32, String)>,
}

/// The commands of a saved battle, to be given again before play goes on.
#[derive(Resource, Debug, Clone)]
pub struct SavedCommands(pub Vec<Command>);

/// A save asked for (a button); taken on the next frame.
#[derive(Resource, Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct SaveRequest(pub bool);

/// What saving had to say, for the overlay to show: where a save went, or why it failed.
#[derive(Resource, Debug, Clone, Default, PartialEq, Eq)]
pub struct SaveNotices(pub Vec<String>);

impl Autosave {
    /// Claim the file a battle autosaves to: played on from an autosave no other window holds,
    /// that same file (which only grows); else a new file named after the scenario and seed,
    /// never one already there or held.
    pub fn claim(scenario: &Scenario, seed: u64, opened_from: Option<&Path>) -> Self {
        Self::claim_in(Path::new(SAVES_FOLDER), scenario, seed, opened_from)
    }

    /// As [`Autosave::claim`], new files going to `folder`.
    fn claim_in(folder: &Path, scenario: &Scenario, seed: u64, opened_from: Option<&Path>) -> Self {
        let stem = format!("{}-seed-{seed}", scenario.slug());
        if let Some(opened) = opened_from.filter(|opened| is_numbered(opened, &stem))
            && let Some(claimed) = Self::try_claim(opened, true)
        {
            return claimed;
        }
        std::fs::create_dir_all(folder).ok();
        numbered(folder, &stem)
            .filter(|path| path.symlink_metadata().is_err())
            .find_map(|path| Self::try_claim(&path, false))
            .unwrap_or_else(|| Self {
                path: folder.join(format!("{stem}.ron")),
                _lock: None,
                written: false,
            })
    }

    /// After a first save found a file already at the path (one that appeared since the claim):
    /// the next free name in the same folder, for the battle of `scenario` under `seed`.
    fn claim_another(&self, scenario: &Scenario, seed: u64) -> Self {
        let folder = self
            .path
            .parent()
            .filter(|folder| !folder.as_os_str().is_empty())
            .unwrap_or(Path::new("."));
        Self::claim_in(folder, scenario, seed, None)
    }

    /// Hold `path` (the battle's own file already where `written`), unless another window
    /// holds it or no lock can be had on it.
    fn try_claim(path: &Path, written: bool) -> Option<Self> {
        let mut lock_path = path.as_os_str().to_owned();
        lock_path.push(".lock");
        let lock_path = PathBuf::from(lock_path);
        // A new lock file is made only where nothing is (never through a planted link); one
        // already there is opened only if it is a plain file.
        let mut options = std::fs::OpenOptions::new();
        options.read(true).write(true);
        let lock = match options.clone().create_new(true).open(&lock_path) {
            Ok(file) => file,
            Err(error) if error.kind() == std::io::ErrorKind::AlreadyExists => {
                let plain = lock_path
                    .symlink_metadata()
                    .is_ok_and(|metadata| metadata.file_type().is_file());
                if !plain {
                    return None;
                }
                options.open(&lock_path).ok()?
            }
            Err(_) => return None,
        };
        lock.try_lock().ok()?;
        crate::files::remove_stale_temporaries(path);
        Some(Self {
            path: path.to_path_buf(),
            _lock: Some(lock),
            written,
        })
    }
}

/// A save kept apart from the autosave, the round it was made in in its name; never one
/// already there.
pub fn snapshot_path(scenario: &Scenario, seed: u64, round: u32) -> PathBuf {
    first_free(
        Path::new(SAVES_FOLDER),
        &format!("{}-seed-{seed}-round-{round}", scenario.slug()),
    )
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
        crate::battle::answer::ask_the_ai_what_waits(world);
    }
}

/// After every turn, and when the battle ends, write the battle so far to its autosave.
pub(super) fn autosave(world: &mut World, mut checked: Local<(BattleEpoch, usize)>) {
    let Some((path, written)) = world
        .get_resource::<Autosave>()
        .map(|save| (save.path.clone(), save.written))
    else {
        return;
    };
    let Some(events) = world.get_resource::<EventLog>() else {
        return;
    };
    let epoch = world
        .get_resource::<BattleEpoch>()
        .copied()
        .unwrap_or_default();
    // A battle begun again or another battle is read from its start.
    let from = if checked.0 == epoch {
        checked.1.min(events.0.len())
    } else {
        0
    };
    let turn_over = events.0[from..].iter().any(|event| {
        matches!(
            event.kind,
            EventKind::TurnBegan { .. } | EventKind::BattleEnded { .. }
        )
    });
    *checked = (epoch, events.0.len());
    if !turn_over {
        return;
    }
    let Some(replay) = Replay::of_battle(world) else {
        return;
    };
    let mut outcome = if written {
        replay.save(&path)
    } else {
        replay.save_new(&path)
    };
    // A file appeared at the path since it was claimed: another name, once.
    let mut path = path;
    if outcome
        .as_ref()
        .is_err_and(|error| error.kind() == std::io::ErrorKind::AlreadyExists)
        && let (Some(scenario), Some(dice)) = (
            world.get_resource::<ActiveScenario>(),
            world.get_resource::<BattleDice>(),
        )
    {
        let another = world
            .resource::<Autosave>()
            .claim_another(&scenario.0, dice.seed);
        path = another.path.clone();
        outcome = replay.save_new(&path);
        world.insert_resource(another);
    }
    let round = world.get_resource::<Flow>().map_or(0, |flow| flow.round);
    let mut state = world.get_resource_or_init::<SaveState>();
    state.path = Some(path.clone());
    match outcome {
        Ok(()) => {
            state.saved = true;
            state.failure = None;
            world.resource_mut::<Autosave>().written = true;
        }
        Err(error) => {
            state.saved = false;
            // The round the failures began in is kept while they go on.
            let since = state.failure.as_ref().map_or(round, |(since, _)| *since);
            state.failure = Some((since, error.to_string()));
        }
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
    let Some(replay) = Replay::of_battle(world) else {
        return;
    };
    let words = match replay.save_new(&path) {
        Ok(()) => format!(
            "Saved the battle to {0}: `gridkeeper {0}` plays on from here",
            path.display()
        ),
        Err(error) => format!("Could not save the battle to {}: {error}", path.display()),
    };
    world.get_resource_or_init::<SaveNotices>().0.push(words);
}

/// On Call of Cthulhu 7e's shipped scenes.
#[cfg(all(test, feature = "coc7e"))]
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
        let scratch = tempfile::tempdir().expect("a scratch folder");
        let folder = scratch.path();
        let opened = folder.join("cellar-melee-seed-7-2.ron");
        let claim = |opened: Option<&Path>| Autosave::claim_in(folder, &cellar(), 7, opened);
        assert_eq!(claim(Some(&opened)).path, opened);
        let snapshot = folder.join("cellar-melee-seed-7-round-3.ron");
        assert_eq!(
            claim(Some(&snapshot)).path,
            folder.join("cellar-melee-seed-7.ron")
        );
    }

    /// Two windows on one battle (the same scenario and seed, or the same save played on) save
    /// to files of their own; a file held by a window that has closed is free again.
    #[test]
    fn two_windows_on_one_battle_save_to_two_files() {
        let scratch = tempfile::tempdir().expect("a scratch folder");
        let folder = scratch.path();
        let claim = |opened: Option<&Path>| Autosave::claim_in(folder, &cellar(), 7, opened);
        let first = claim(None);
        let second = claim(None);
        assert_eq!(first.path, folder.join("cellar-melee-seed-7.ron"));
        assert_eq!(second.path, folder.join("cellar-melee-seed-7-2.ron"));
        let playing_on = claim(Some(&first.path));
        assert_eq!(playing_on.path, folder.join("cellar-melee-seed-7-3.ron"));
        drop(first);
        let after = claim(Some(&folder.join("cellar-melee-seed-7.ron")));
        assert_eq!(after.path, folder.join("cellar-melee-seed-7.ron"));
        drop((second, playing_on, after));
    }

    /// The cellar battle under seed 3, begun, the AI playing every unit, autosaving to a file it
    /// claims in `folder`: the app and that file's path.
    fn autosaving_cellar(folder: &Path) -> (App, PathBuf) {
        let scenario = cellar();
        let claimed = Autosave::claim_in(folder, &scenario, 3, None);
        let path = claimed.path.clone();
        let units = scenario.units.len();
        let mut app = crate::headless::headless_app(scenario, 3);
        app.insert_resource(Controllers(vec![Control::Ai; units]))
            .insert_resource(claimed)
            .add_plugins(crate::ai::plugin)
            .add_systems(Update, autosave.after(BattleSystems));
        app.update();
        app.world_mut()
            .resource_mut::<CommandQueue>()
            .0
            .push_back(Command::Begin);
        (app, path)
    }

    #[test]
    fn every_turn_is_autosaved_as_the_battle_so_far() {
        let scratch = tempfile::tempdir().expect("a scratch folder");
        let folder = scratch.path();
        let (mut app, path) = autosaving_cellar(folder);
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
    }

    /// A link planted at a save's lock file name is never opened or created through: that name
    /// is passed over.
    #[cfg(unix)]
    #[test]
    fn a_planted_lock_link_is_passed_over() {
        let scratch = tempfile::tempdir().expect("a scratch folder");
        let folder = scratch.path();
        let target = folder.join("not-here-yet.txt");
        std::os::unix::fs::symlink(&target, folder.join("cellar-melee-seed-7.ron.lock"))
            .expect("a link");
        let claimed = Autosave::claim_in(folder, &cellar(), 7, None);
        assert_eq!(claimed.path, folder.join("cellar-melee-seed-7-2.ron"));
        assert!(!target.exists(), "nothing made through the link");
        drop(claimed);
    }

    /// A file that appears at the autosave's name after it was claimed (another program, a
    /// copy) is left alone: the battle saves to the next free name instead.
    #[test]
    fn a_file_that_appears_at_the_autosave_is_left_alone() {
        let scratch = tempfile::tempdir().expect("a scratch folder");
        let folder = scratch.path();
        let (mut app, path) = autosaving_cellar(folder);
        std::fs::write(&path, "not ours").expect("a file appears");
        while !matches!(app.world().resource::<Flow>().phase, Phase::Over(_)) {
            app.update();
        }
        assert_eq!(
            std::fs::read_to_string(&path).ok().as_deref(),
            Some("not ours")
        );
        let state = app.world().resource::<SaveState>().clone();
        assert!(state.saved, "{state:?}");
        let saved_to = state.path.expect("a path");
        assert_eq!(saved_to, folder.join("cellar-melee-seed-3-2.ron"));
        assert!(Replay::load(&saved_to).is_ok());
    }

    /// A folder that cannot be written (here a file stands where it should be): the failure is
    /// one state that stays current, never a notice a turn, and nothing says the battle is saved.
    #[test]
    fn a_failing_autosave_is_one_standing_failure() {
        let scratch = tempfile::tempdir().expect("a scratch folder");
        let folder = scratch.path();
        let blocked = folder.join("saves");
        std::fs::write(&blocked, "a file, not a folder").expect("a file");
        let (mut app, _) = autosaving_cellar(&blocked);
        while !matches!(app.world().resource::<Flow>().phase, Phase::Over(_)) {
            app.update();
        }
        let state = app.world().resource::<SaveState>();
        assert!(!state.saved);
        let (since, why) = state.failure.clone().expect("it failed");
        assert_eq!(since, 1, "failing since the first round");
        assert!(!why.is_empty());
        assert!(
            app.world()
                .get_resource::<SaveNotices>()
                .is_none_or(|notices| notices.0.is_empty()),
            "no notice a turn"
        );
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
