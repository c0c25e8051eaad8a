//! The headless commands as a user runs them (`roll` is in cli_rolls.rs; `replay` and saves in
//! cli/replays.rs): output, reproducibility, errors.
// Plays the shipped files of every rulebook: built with all five.
#![cfg(all_rulebooks)]

mod command;
#[path = "cli/replays.rs"]
mod replays;

use std::path::Path;
use std::process::Command;

use command::{gridkeeper, json_lines};

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
