//! `replay` and `simulate --save` as a user runs them: the shipped replay verified, a replay's
//! events as JSON, its commands under other seeds, saves that verify and play on, and broken
//! saves refused by place or command number.

use super::command::{gridkeeper, json_lines};
use serde_json::Value;
use std::path::Path;
use std::process::Command;

const SHIPPED_REPLAY: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/replays/farmstead-night.ron");

/// The shipped replay's recorded event count and digest, read from its last lines.
fn recorded_digest() -> (u64, String) {
    let replay = gridkeeper::replay::Replay::load(Path::new(SHIPPED_REPLAY))
        .unwrap_or_else(|error| panic!("{error}"));
    (replay.events.count as u64, replay.events.digest)
}

#[test]
fn replay_verify_checks_the_shipped_replay() {
    let output = gridkeeper(&["replay", SHIPPED_REPLAY, "--verify"]);
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let (count, digest) = recorded_digest();
    let said = String::from_utf8_lossy(&output.stdout);
    assert!(said.starts_with("ok: 240 commands"), "{said}");
    assert!(
        said.contains(&format!("the {count} events recorded (digest {digest})")),
        "{said}"
    );
}

#[test]
fn replay_json_is_every_event_then_a_summary() {
    let lines = json_lines(&gridkeeper(&[
        "replay",
        SHIPPED_REPLAY,
        "--headless",
        "--json",
    ]));
    let (summary, events) = lines.split_last().expect("lines");
    let (count, digest) = recorded_digest();
    assert_eq!(events.len() as u64, count);
    let mut last_step = 0;
    for (index, line) in events.iter().enumerate() {
        assert_eq!(line["line"], "event");
        assert_eq!(line["index"].as_u64(), Some(index as u64));
        let step = line["step"].as_u64().expect("step");
        assert!(step >= last_step, "steps only go on");
        last_step = step;
        assert!(line["event"]["kind"].is_string(), "{line}");
        assert!(line["event"]["round"].is_u64(), "{line}");
        assert!(
            line["acting"].is_null() || line["acting"].is_u64(),
            "{line}"
        );
        assert!(!line["text"].as_str().unwrap_or_default().is_empty());
    }
    let first_roll = events
        .iter()
        .find(|line| line["event"]["kind"] == "rolled")
        .expect("a roll");
    assert!(first_roll["event"]["roll"]["dice"].is_array());
    assert!(first_roll["event"]["roll"]["verdict"]["kind"].is_string());
    assert!(first_roll["event"]["roll"]["modifiers"].is_array());
    assert_eq!(summary["line"], "summary");
    assert_eq!(summary["seed"].as_u64(), Some(13));
    assert_eq!(summary["commands"].as_u64(), Some(240));
    assert_eq!(summary["rounds"].as_u64(), Some(8));
    assert_eq!(summary["events"].as_u64(), Some(count));
    assert_eq!(summary["digest"].as_str(), Some(digest.as_str()));
    assert_eq!(summary["as_recorded"], true);
    assert_eq!(summary["outcome"]["winner"], "Ghouls");
}

#[test]
fn replay_runs_give_the_commands_under_each_seed() {
    let args = [
        "replay",
        SHIPPED_REPLAY,
        "--headless",
        "--runs",
        "4",
        "--first-seed",
        "40",
    ];
    let output = gridkeeper(&args);
    let lines = json_lines(&output);
    let (summary, runs) = lines.split_last().expect("runs and a summary");
    assert_eq!(runs.len(), 4);
    let mut played_through = 0;
    for (run, seed) in runs.iter().zip(40..) {
        assert_eq!(run["line"], "run");
        assert_eq!(run["seed"].as_u64(), Some(seed));
        assert_eq!(run["events"][0]["kind"], "battle_began");
        assert_eq!(run["events"][0]["seed"].as_u64(), Some(seed));
        let given = run["commands"].as_u64().expect("commands");
        match &run["stopped"] {
            Value::Null => {
                assert_eq!(given, 240);
                played_through += 1;
            }
            stopped => {
                assert_eq!(stopped["step"].as_u64(), Some(given));
                assert!(!stopped["reason"].as_str().unwrap_or_default().is_empty());
            }
        }
    }
    assert_eq!(summary["line"], "summary");
    assert_eq!(summary["runs"].as_u64(), Some(4));
    assert_eq!(summary["played_through"].as_u64(), Some(played_through));
    assert_eq!(
        summary["stopped"].as_u64(),
        Some(4 - played_through),
        "{summary}"
    );
    let decided: u64 = summary["wins"]
        .as_object()
        .expect("wins by side")
        .values()
        .filter_map(Value::as_u64)
        .sum();
    assert_eq!(
        decided + summary["undecided"].as_u64().unwrap_or_default(),
        4
    );
    assert_eq!(
        gridkeeper(&args).stdout,
        output.stdout,
        "the same seeds, the same runs"
    );
    // Skipping instead of stopping: every run gives every command; those refused are listed.
    let skip: Vec<&str> = args.into_iter().chain(["--on-refused", "skip"]).collect();
    let skipping = json_lines(&gridkeeper(&skip));
    let (summary, runs) = skipping.split_last().expect("runs and a summary");
    let mut skipped = 0;
    for run in runs {
        assert!(run["stopped"].is_null());
        assert_eq!(run["commands"].as_u64(), Some(240));
        skipped += run["skipped"].as_array().map_or(0, Vec::len) as u64;
    }
    assert_eq!(summary["stopped"].as_u64(), Some(0));
    assert_eq!(summary["skipped_commands"].as_u64(), Some(skipped));
    assert_eq!(summary["played_through"].as_u64(), Some(played_through));
    // Letting the AI play the turn of a unit whose command is refused: every run still gives
    // every command, and the turns the AI took over are listed and counted.
    let ai: Vec<&str> = args.into_iter().chain(["--on-refused", "ai"]).collect();
    let taking_over = json_lines(&gridkeeper(&ai));
    let (summary, runs) = taking_over.split_last().expect("runs and a summary");
    let mut taken = 0;
    for run in runs {
        assert!(run["stopped"].is_null());
        assert_eq!(run["commands"].as_u64(), Some(240));
        for turn in run["taken_over"].as_array().into_iter().flatten() {
            assert!(
                turn["command"].is_object() && turn["reason"].is_string(),
                "{turn}"
            );
            taken += 1;
        }
    }
    assert!(
        taken > 0,
        "a refused command on its unit's turn hands the turn to the AI"
    );
    assert_eq!(summary["turns_taken_over"].as_u64(), Some(taken));
}

#[test]
fn simulate_saves_a_battle_that_verifies_and_plays_on() {
    let scratch = tempfile::tempdir().expect("a scratch folder");
    let folder = scratch.path();
    let first = folder.join("first.ron");
    let whole = folder.join("whole.ron");
    let first_arg = first.to_string_lossy().to_string();
    let whole_arg = whole.to_string_lossy().to_string();
    let output = gridkeeper(&[
        "simulate",
        "../maps/cellar.ron",
        "--seed",
        "5",
        "--rounds",
        "1",
        "--save",
        &first_arg,
    ]);
    assert_eq!(
        output.status.code(),
        Some(2),
        "a missing scenario is refused"
    );
    let cellar = concat!(env!("CARGO_MANIFEST_DIR"), "/maps/cellar.ron");
    let output = gridkeeper(&[
        "simulate", cellar, "--seed", "8", "--rounds", "1", "--save", &first_arg,
    ]);
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    assert!(
        gridkeeper(&["replay", &first_arg, "--verify"])
            .status
            .success()
    );
    let output = gridkeeper(&["simulate", &first_arg, "--save", &whole_arg]);
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    assert!(
        gridkeeper(&["replay", &whole_arg, "--verify"])
            .status
            .success()
    );
    let commands = |path: &std::path::Path| {
        gridkeeper::replay::Replay::load(path)
            .unwrap_or_else(|error| panic!("{error}"))
            .commands
    };
    let (first_commands, whole_commands) = (commands(&first), commands(&whole));
    assert!(whole_commands.len() > first_commands.len());
    assert!(
        whole_commands.starts_with(&first_commands),
        "played on from the save"
    );
    let said = String::from_utf8_lossy(&gridkeeper(&["check", &whole_arg]).stdout).to_string();
    assert!(said.starts_with("ok: a replay of Cellar melee"), "{said}");
    let output = gridkeeper(&["simulate", &first_arg, "--seed", "6", "--save", &whole_arg]);
    assert_eq!(output.status.code(), Some(2), "a save keeps its seed");
}

#[test]
fn a_broken_save_is_refused_by_place_and_nothing_is_written() {
    let scratch = tempfile::tempdir().expect("a scratch folder");
    let folder = scratch.path();
    let text = std::fs::read_to_string(SHIPPED_REPLAY).expect("the shipped replay");
    let cut = &text[..text.len() / 2];
    let save = folder.join("saves").join("farmstead.ron");
    std::fs::create_dir_all(save.parent().expect("a folder")).expect("saves/");
    std::fs::write(&save, cut).expect("a cut-short save");
    let output = Command::new(env!("CARGO_BIN_EXE_gridkeeper"))
        .arg("saves/farmstead.ron")
        .current_dir(folder)
        .output()
        .expect("the binary runs");
    assert_eq!(output.status.code(), Some(2));
    let said = String::from_utf8_lossy(&output.stderr);
    let last_line = cut.trim_end().lines().count();
    assert!(
        said.starts_with(&format!("gridkeeper: saves/farmstead.ron:{last_line}:")),
        "{said}"
    );
    assert!(said.contains("cut short"), "{said}");
    assert_eq!(std::fs::read_to_string(&save).expect("still there"), cut);
    let files: Vec<_> = std::fs::read_dir(save.parent().expect("a folder"))
        .expect("saves/")
        .collect();
    assert_eq!(files.len(), 1, "nothing else was written");

    let current = gridkeeper::replay::REPLAY_FORMAT;
    let newer = text.replace(
        &format!("format: {current},"),
        &format!("format: {},", current + 1),
    );
    assert_ne!(newer, text, "the shipped replay is of the current format");
    std::fs::write(&save, &newer).expect("a newer save");
    let output = gridkeeper(&["replay", &save.to_string_lossy(), "--headless"]);
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).contains(&format!(
        ":4:13: in `format`: replay format {} is newer",
        current + 1
    )));
    let output = gridkeeper(&["replay", SHIPPED_REPLAY, "--round", "11"]);
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).contains("does not reach round 11"));
}

/// `check`, `replay --verify` and `replay --headless` on `replay` (saved to a scratch file):
/// each fails with the file, the number of its last command (refused) and `why`.
pub(super) fn refused_at_its_last_command(replay: &gridkeeper::replay::Replay, why: &str) {
    let scratch = tempfile::tempdir().expect("a scratch folder");
    let path = scratch.path().join("edited.ron");
    replay.save(&path).expect("it saves");
    let file = path.display().to_string();
    let number = replay.commands.len();
    for args in [
        vec!["check", &file],
        vec!["replay", &file, "--verify"],
        vec!["replay", &file, "--headless"],
    ] {
        let output = gridkeeper(&args);
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(1), "{args:?}: {stderr}");
        let expected = format!("gridkeeper: {file}: command {number} of {number} (`");
        assert!(stderr.starts_with(&expected), "{args:?}: {stderr}");
        assert!(stderr.contains(why), "{args:?}: {stderr}");
    }
}

/// A save whose first answer was taken out (cut after the command refused for want of it).
#[test]
fn a_save_that_lost_a_command_is_refused_by_command_number() {
    use gridkeeper::battle::command::Command;
    let mut replay = gridkeeper::replay::simulate(shipped_scenario("cellar.ron"), 3, None);
    let answer = replay
        .commands
        .iter()
        .position(|command| matches!(command, Command::Answer { .. }))
        .expect("someone answers");
    replay.commands.remove(answer);
    replay.commands.truncate(answer + 1);
    refused_at_its_last_command(
        &replay,
        "was refused: an attack is waiting for the defender's answer",
    );
}

/// A save with a burst edited to 4,294,967,295 bullets: refused at once, before any volley is
/// planned (it once allocated gigabytes), and named by number.
#[test]
fn a_save_with_a_burst_of_four_billion_bullets_is_refused_by_command_number() {
    use gridkeeper::battle::command::{Command, FireMode};
    let mut replay = gridkeeper::replay::simulate(shipped_scenario("kingsport.ron"), 1, None);
    let fire = replay
        .commands
        .iter()
        .position(|command| matches!(command, Command::Fire { unit, .. } if unit.index() == 2))
        .expect("Tommy fires his Thompson");
    if let Command::Fire { mode, .. } = &mut replay.commands[fire] {
        let target = mode.targets()[0];
        *mode = FireMode::FullAuto(vec![(target, u32::MAX)]);
    }
    replay.commands.truncate(fire + 1);
    refused_at_its_last_command(&replay, "4294967295 needed");
}

fn shipped_scenario(name: &str) -> gridkeeper::map::scenario::Scenario {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("maps")
        .join(name);
    gridkeeper::map::scenario::Scenario::load(&path).unwrap_or_else(|error| panic!("{error}"))
}
