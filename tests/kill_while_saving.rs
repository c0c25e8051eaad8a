//! Killed at any moment while it saves, the game never leaves a save that does not load: a
//! child process writes battle after battle to one save as the autosave does, and is killed
//! (SIGKILL, no chance to tidy up) at moments drawn at random, most of them mid-write (the
//! child does nothing but write); each time, the save there loads whole.
// Plays the shipped files of every rulebook: built with all five.
#![cfg(all_rulebooks)]

mod shipped;

use std::path::PathBuf;
use std::process::Command;
use std::time::Duration;

use gridkeeper::replay::{Replay, simulate};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use shipped::shipped;

/// Set for the child: the save it writes, again and again, until killed.
const WRITER_ENV: &str = "GRIDKEEPER_KILL_TEST_SAVE";

/// Kills at random moments.
const KILLS: usize = 20;

/// The child's part (run only by the test below, through the environment): write ever longer
/// battles to the save, as turns of one battle are autosaved.
#[test]
#[ignore = "run by a_save_killed_mid_write_always_loads as its child"]
fn keep_saving_until_killed() {
    let Some(path) = std::env::var_os(WRITER_ENV).map(PathBuf::from) else {
        return;
    };
    // The battle at a few lengths, made first, so the loop does nothing but write.
    let whole = simulate(shipped("cellar.ron"), 11, None);
    let lengths = [1, whole.commands.len() / 2, whole.commands.len()];
    let saves: Vec<Replay> = lengths
        .iter()
        .map(|&length| {
            let mut part = whole.clone();
            part.commands.truncate(length);
            part.play_on(Some(0))
        })
        .collect();
    for save in saves.iter().cycle() {
        save.save(&path).expect("the save is written");
    }
}

#[test]
fn a_save_killed_mid_write_always_loads() {
    let folder_dir = tempfile::tempdir().expect("a scratch folder");
    let folder = folder_dir.path();
    let path = folder.join("cellar.ron");
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    let mut loaded = 0;
    for kill in 0..KILLS {
        // Each round starts with no save: what loads after the kill is this child's writing.
        std::fs::remove_file(&path).ok();
        let mut child = Command::new(std::env::current_exe().expect("this test binary"))
            .args([
                "--exact",
                "keep_saving_until_killed",
                "--ignored",
                "--quiet",
            ])
            .env(WRITER_ENV, &path)
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .spawn()
            .expect("the writer starts");
        std::thread::sleep(Duration::from_millis(rng.random_range(50..400)));
        child.kill().expect("killed");
        child.wait().expect("reaped");
        if path.exists() {
            let save = Replay::load(&path)
                .unwrap_or_else(|error| panic!("kill {kill}: the save does not load: {error}"));
            assert!(!save.commands.is_empty(), "kill {kill}");
            loaded += 1;
        }
    }
    assert!(
        loaded >= KILLS / 2,
        "a save was there to load after {loaded} of {KILLS} kills"
    );
}
