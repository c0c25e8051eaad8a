//! The headless commands as a user runs them (`roll` is in cli_rolls.rs): output,
//! reproducibility, saves, errors.
// Plays the shipped files of every rulebook: built with all five.
#![cfg(all_rulebooks)]

mod command;

use std::path::Path;
use std::process::Command;

use command::{gridkeeper, json_lines};

use serde_json::Value;

#[test]
fn damage_json_lists_the_total_and_every_die() {
    let lines = json_lines(&gridkeeper(&[
        "damage", "1D6+DB", "--db", "1D4", "--seed", "5", "--count", "20", "--json",
    ]));
    assert_eq!(lines.len(), 20);
    for line in &lines {
        let dice = line["dice"].as_array().expect("dice");
        assert_eq!(dice.len(), 2);
        let sum: u64 = dice.iter().filter_map(|die| die["face"].as_u64()).sum();
        assert_eq!(line["total"].as_u64(), Some(sum));
        assert_eq!(dice[0]["sides"], 6);
        assert_eq!(dice[0]["source"], "weapon");
        assert_eq!(dice[1]["sides"], 4);
        assert_eq!(dice[1]["source"], "damage_bonus");
    }
}

#[test]
fn damage_extreme_impale_bands_and_blasts() {
    let extreme = json_lines(&gridkeeper(&[
        "damage",
        "1D8+DB",
        "--db",
        "1D6",
        "--extreme",
        "--seed",
        "1",
        "--json",
    ]));
    assert_eq!(extreme[0]["total"], 14);
    let impale = json_lines(&gridkeeper(&[
        "damage", "1D4+DB", "--db", "1D4", "--impale", "--seed", "1", "--count", "200", "--json",
    ]));
    assert!(
        impale
            .iter()
            .all(|line| (9..=12).contains(&line["total"].as_u64().unwrap_or(0)))
    );
    let band = json_lines(&gridkeeper(&[
        "damage",
        "4D6/2D6/1D6",
        "--band",
        "3",
        "--seed",
        "1",
        "--json",
    ]));
    assert_eq!(band[0]["dice"].as_array().map(Vec::len), Some(1));
    let far = json_lines(&gridkeeper(&[
        "damage",
        "4D10/3 yards",
        "--distance",
        "7",
        "--seed",
        "1",
        "--json",
    ]));
    assert_eq!(
        far[0]["dice"].as_array().map(Vec::len),
        Some(1),
        "a quarter of 4D10 is 1D10"
    );
    let beyond = json_lines(&gridkeeper(&[
        "damage",
        "4D10/3 yards",
        "--distance",
        "10",
        "--seed",
        "1",
        "--json",
    ]));
    assert_eq!(
        (beyond[0]["total"].as_u64(), beyond[0]["in_reach"].as_bool()),
        (Some(0), Some(false))
    );
}

/// Bad arguments: exit code 2 and one line on stderr, never a panic.
#[test]
fn bad_arguments_exit_2_with_one_line() {
    let cases: &[&[&str]] = &[
        &["roll"],
        &["roll", "--skill", "abc"],
        &["roll", "--skill", "50", "--difficulty", "heroic"],
        &["roll", "--skill", "5000"],
        &["roll", "--skill", "50", "--count", "0"],
        &["roll", "--skill", "50", "--bonus", "-1"],
        &["damage", "1D"],
        &["damage", "2D6+Q"],
        &["damage", "1D6", "--db", "1D4+DB"],
        &["damage", "1D6", "--db", "banana"],
        &["damage", "1D6", "--extreme", "--impale"],
        &["damage", "1D6", "--band", "2"],
        &["damage", "4D6/2D6/1D6", "--band", "4"],
        &["damage", "1D6", "--distance", "3"],
        &["damage", "4D10/3 yards", "--distance", "-3"],
        &["frobnicate"],
        &["simulat", "maps/cellar.ron"],
        &["--frames", "10"],
        &["maps/no-such-map.map.ron"],
        &["--ui-scale", "9"],
        &["--ui-scale", "big"],
    ];
    for args in cases {
        let output = gridkeeper(args);
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{args:?}: {stderr}");
        assert_eq!(stderr.lines().count(), 1, "{args:?}: {stderr}");
        assert!(stderr.starts_with("gridkeeper: "), "{args:?}: {stderr}");
        assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
    }
    // Each says what is wrong and what would be right, in full.
    let said = |args: &[&str]| String::from_utf8_lossy(&gridkeeper(args).stderr).into_owned();
    for (args, expected) in [
        (&["roll"][..], "say the skill rolled against: --skill N"),
        (
            &["roll", "--skill", "50", "--difficulty", "impossible"],
            "`impossible` is no difficulty: regular, hard, extreme or critical, or a d10 pool's \
             2 to 10",
        ),
        (
            &["simulat", "maps/cellar.ron"],
            "`simulat` is neither a command nor a file: did you mean `gridkeeper simulate`?",
        ),
        (
            &["damage", "4D6/2D6/1D6", "--band", "4"],
            "this damage has 3 bands, 1 to 3; there is no band 4",
        ),
        (
            &["odds", "maps/kingsport.ron"],
            "not provided: --attacker <NAME>, --target <NAME>",
        ),
        (
            &["edit", "maps/cellar.map.ron"],
            "maps/cellar.map.ron is not a scenario: the editor opens scenarios",
        ),
        (
            &["edit", "maps/no-such-scenario.ron"],
            "maps/no-such-scenario.ron: ",
        ),
        (
            &["edti", "maps/cellar.ron"],
            "did you mean `gridkeeper edit`?",
        ),
        (
            &["edit", "maps/tiled/no-such-tileset.tsx"],
            "maps/tiled/no-such-tileset.tsx: ",
        ),
    ] {
        let stderr = said(args);
        assert!(stderr.contains(expected), "{args:?}: {stderr}");
    }
}

#[test]
fn a_broken_map_names_file_line_and_column() {
    let folder_dir = tempfile::tempdir().expect("a scratch folder");
    let folder = folder_dir.path();
    let path = folder.join("broken.map.ron");
    std::fs::write(
        &path,
        "(\n  name: \"Broken\",\n  legend: { '.': Floor },\n  rows: [\n    \"..x.\",\n  ],\n)\n",
    )
    .expect("write the map");
    let output = gridkeeper(&[path.to_str().expect("utf-8 path")]);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr.contains("broken.map.ron:5:8: in `rows`: `x` is not in the legend"),
        "{stderr}"
    );
}

#[test]
fn help_exits_cleanly() {
    let output = gridkeeper(&["roll", "--help"]);
    assert!(output.status.success());
    assert!(String::from_utf8_lossy(&output.stdout).contains("--skill"));
}

// ---- Replays and saves ------------------------------------------------------------------------

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

#[test]
fn simulate_runs_sums_up_many_battles_the_same_way_each_time() {
    let cellar = concat!(env!("CARGO_MANIFEST_DIR"), "/maps/cellar.ron");
    let args = [
        "simulate", cellar, "--runs", "24", "--seed", "100", "--rounds", "6", "--json",
    ];
    let lines = json_lines(&gridkeeper(&args));
    let (summary, battles) = lines.split_last().expect("lines");
    assert_eq!(battles.len(), 24);
    for (line, seed) in battles.iter().zip(100..) {
        assert_eq!(line["line"], "battle");
        assert_eq!(line["battle"]["seed"].as_u64(), Some(seed));
        assert_eq!(line["battle"]["refused"].as_u64(), Some(0), "{line}");
        assert_eq!(line["battle"]["wounds"].as_array().map(Vec::len), Some(4));
        assert!(
            line["battle"]["rounds"]
                .as_u64()
                .is_some_and(|rounds| rounds <= 7)
        );
    }
    assert_eq!(summary["line"], "summary");
    let summary = &summary["summary"];
    assert_eq!(summary["runs"].as_u64(), Some(24));
    let wins: u64 = summary["sides"]
        .as_array()
        .expect("sides")
        .iter()
        .map(|side| {
            let share = side["share"].as_f64().expect("share");
            let (low, high) = (
                side["low"].as_f64().expect("low"),
                side["high"].as_f64().expect("high"),
            );
            assert!(low <= share && share <= high, "{side}");
            side["wins"].as_u64().expect("wins")
        })
        .sum();
    assert_eq!(wins + summary["nobody"].as_u64().expect("nobody"), 24);
    let lengths: u64 = summary["lengths"]
        .as_array()
        .expect("lengths")
        .iter()
        .map(|pair| pair[1].as_u64().expect("a count"))
        .sum();
    assert_eq!(lengths, 24);
    let again = json_lines(&gridkeeper(&args));
    assert_eq!(&again[..24], battles, "the same seeds, the same battles");
    assert_eq!(again[24]["summary"], *summary);

    let mut versus = args.to_vec();
    versus.extend(["--baseline", "monster"]);
    let against = json_lines(&gridkeeper(&versus));
    assert_eq!(against.len(), 25);
    assert!(
        against[..24]
            .iter()
            .all(|line| line["battle"]["refused"] == 0),
        "the baseline gives no refused commands either"
    );
    let wrong = gridkeeper(&["simulate", cellar, "--runs", "2", "--baseline", "cultists"]);
    assert_eq!(wrong.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&wrong.stderr).contains("no side `cultists`"));

    let words = gridkeeper(&["simulate", cellar, "--runs", "8", "--seed", "3"]);
    assert!(words.status.success());
    let said = String::from_utf8_lossy(&words.stdout);
    assert!(
        said.starts_with("Cellar melee · 8 battles from seed 3"),
        "{said}"
    );
    assert!(said.contains("(95%: "), "{said}");
    assert!(said.contains("Rounds: "), "{said}");
    assert_eq!(
        String::from_utf8_lossy(&words.stderr),
        "",
        "no progress bar flooding a pipe or a log"
    );
}

/// `check`, `replay --verify` and `replay --headless` on `replay` (saved to a scratch file):
/// each fails with the file, the number of its last command (refused) and `why`.
fn refused_at_its_last_command(replay: &gridkeeper::replay::Replay, why: &str) {
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

fn shipped_scenario(name: &str) -> gridkeeper::map::scenario::Scenario {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("maps")
        .join(name);
    gridkeeper::map::scenario::Scenario::load(&path).unwrap_or_else(|error| panic!("{error}"))
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

/// With no display to open a window on (a server, an SSH session), `play` and `replay` say so
/// and exit 2 (as any input they cannot use) instead of panicking inside winit.
#[cfg(all(unix, not(target_os = "macos")))]
#[test]
fn without_a_display_the_window_commands_say_so() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    for args in [
        vec![],
        vec!["maps/spin-cycle.ron"],
        vec!["replay", "replays/farmstead-night.ron"],
        vec!["edit"],
        vec!["edit", "maps/cellar.ron"],
        vec!["edit", "maps/tiled/crypt-tiles.tsx"],
    ] {
        let output = Command::new(env!("CARGO_BIN_EXE_gridkeeper"))
            .args(&args)
            .current_dir(root)
            .env_remove("DISPLAY")
            .env_remove("WAYLAND_DISPLAY")
            .env_remove("WAYLAND_SOCKET")
            .output()
            .expect("the binary runs");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(
            stderr.starts_with("gridkeeper: no display to open the window on"),
            "{args:?}: {stderr}"
        );
        assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
    }
}

/// From a folder that is not the repository's, the shipped scenarios are still there: read
/// from the checkout where the program was built inside it (its target folder there), else
/// compiled in and written out once to the cache folder, a scenario's map and a Tiled map's
/// tilesets and images with them (an installed program, or a target folder outside, as CI
/// has).
#[test]
fn the_shipped_scenarios_play_from_any_folder() {
    let scratch = tempfile::tempdir().expect("a scratch folder");
    let folder = scratch.path();
    let cache = folder.join("cache");
    let run = |args: &[&str]| {
        let output = Command::new(env!("CARGO_BIN_EXE_gridkeeper"))
            .args(args)
            .current_dir(folder)
            .env("XDG_CACHE_HOME", &cache)
            .output()
            .expect("the binary runs");
        let stderr = String::from_utf8_lossy(&output.stderr).into_owned();
        assert!(output.status.success(), "{args:?}: {stderr}");
        String::from_utf8_lossy(&output.stdout).into_owned()
    };
    assert_eq!(
        run(&["check", "maps/cellar.ron"]),
        "ok: scenario `Cellar melee`: 20 x 20 map `Corbitt cellar`, 2 sides, 4 units\n"
    );
    assert!(run(&["check", "maps/tiled/boathouse.ron"]).contains("5 units"));
    let summary = run(&[
        "simulate",
        "maps/tiled/boathouse.ron",
        "--runs",
        "2",
        "--seed",
        "3",
    ]);
    assert!(summary.contains("2 battles"), "{summary}");
    // Where the program looks beside itself first: up to four folders above it.
    let beside_the_program = Path::new(env!("CARGO_BIN_EXE_gridkeeper"))
        .ancestors()
        .skip(1)
        .take(4)
        .any(|above| above.join("maps/cellar.ron").is_file());
    assert_eq!(
        cache.join("gridkeeper").is_dir(),
        !beside_the_program,
        "the copies are in the cache folder unless the maps are beside the program"
    );
}
