//! `gridkeeper check` on shipped and broken files: every shipped scenario loads, every kind of
//! broken file gets its message at the right line and column, and mangled files never panic.
// Plays the shipped files of every rulebook: built with all five.
#![cfg(all_rulebooks)]

use std::path::{Path, PathBuf};
use std::process::Command;

mod common;

use common::{Mangler, copies};
use gridkeeper::map::Loaded;
use gridkeeper::map::map_path::MapReach;
use gridkeeper::map::scenario::Victory;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn check(path: &Path) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_gridkeeper"))
        .arg("check")
        .arg(path)
        .current_dir(root())
        .output()
        .expect("the binary runs")
}

/// Every file in `folder` and the folders in it, in order.
fn files_below(folder: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    let mut entries: Vec<PathBuf> = std::fs::read_dir(folder)
        .expect("a folder")
        .map(|entry| entry.expect("an entry").path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            files.extend(files_below(&path));
        } else {
            files.push(path);
        }
    }
    files
}

/// The 8-against-8 scenario the benchmarks play (benches/battles_per_second.rs).
#[test]
fn the_bench_scenario_passes_check() {
    let output = check(&root().join("benches/skirmish-8v8.ron"));
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    assert!(stdout.starts_with("ok: scenario"), "{stdout}");
    assert!(stdout.contains("16 units"), "{stdout}");
}

/// Every scenario, map, Tiled map, tileset and tileset mapping in `maps/` (a tileset's image is
/// read with the maps that use it).
#[test]
fn every_shipped_scenario_and_map_passes_check() {
    let mut scenarios = 0;
    let mut tiled = 0;
    for path in files_below(&root().join("maps")) {
        let extension = path.extension().and_then(|extension| extension.to_str());
        match extension {
            Some("png") => continue,
            Some("tmx" | "tmj") => tiled += 1,
            _ => {}
        }
        let output = check(&path);
        let stdout = String::from_utf8_lossy(&output.stdout);
        assert!(
            output.status.success(),
            "{}: {}",
            path.display(),
            String::from_utf8_lossy(&output.stderr)
        );
        assert!(stdout.starts_with("ok: "), "{stdout}");
        if stdout.contains("scenario") {
            scenarios += 1;
        }
    }
    assert!(scenarios >= 4, "four shipped scenarios, found {scenarios}");
    assert!(tiled >= 3, "three shipped Tiled maps, found {tiled}");
}

#[test]
fn the_shipped_scenarios_hold_what_they_promise() {
    let load = |name: &str| match Loaded::load(&root().join("maps").join(name)) {
        Ok(Loaded::Scenario(scenario)) => scenario,
        Ok(Loaded::Map(_)) => panic!("{name} is a scenario"),
        Err(error) => panic!("{error}"),
    };
    let warehouse = load("warehouse.ron");
    assert_eq!((warehouse.map.width(), warehouse.map.height()), (40, 30));
    assert!(warehouse.units.len() >= 8);
    let farmstead = load("farmstead.ron");
    assert_eq!((farmstead.map.width(), farmstead.map.height()), (64, 48));
    assert!(matches!(
        farmstead.victory,
        Victory::Survive { rounds: 10, .. }
    ));
    // The Kingsport Warehouse (SPECS.md 1.4) is BRP classic's: 3-18 sheets, HP (CON + SIZ) / 2
    // rounded up, the damage bonus from STR + SIZ, base skills from its own sheet.
    let kingsport = load("kingsport.ron");
    assert_eq!(
        kingsport.ruleset.id(),
        gridkeeper::rulesets::brp_classic::ID
    );
    assert_eq!((kingsport.map.width(), kingsport.map.height()), (26, 14));
    let sheet = |name: &str| {
        let unit = kingsport
            .units
            .iter()
            .find(|unit| unit.name == name)
            .unwrap_or_else(|| panic!("{name}"));
        (
            unit.derived.hit_points,
            unit.derived.damage_bonus.to_string(),
        )
    };
    assert_eq!(sheet("Harvey Walters"), (13, "0".to_string()));
    assert_eq!(sheet("Ida Marsh"), (13, "1D4".to_string()));
    assert_eq!(sheet("Ezra"), (11, "0".to_string()));
    assert_eq!(sheet("Silas"), (15, "1D4".to_string()));
    // Luck is POW x 5 (SPECS.md 1.1): Harvey's POW 13 and his stated 65 agree.
    let harvey = &kingsport.units[0];
    assert_eq!(
        (harvey.characteristics.power, harvey.characteristics.luck),
        (13, 65)
    );
    let mercy = &kingsport.units[4];
    assert_eq!(mercy.skill(kingsport.ruleset.as_ref(), "Dodge"), 26);
    assert_eq!(
        mercy.skill(kingsport.ruleset.as_ref(), "Fist/Punch"),
        50,
        "BRP's base value"
    );
    let cellar = load("cellar.ron");
    assert_eq!((cellar.map.width(), cellar.map.height()), (20, 20));
    let monster = cellar
        .units
        .iter()
        .find(|unit| unit.attacks_per_round > 1)
        .expect("a monster with several attacks");
    assert_eq!(monster.natural_attacks.len(), 2);
    assert_eq!(monster.armor.as_ref().map(|armor| armor.points), Some(2));
    assert_eq!(cellar.exits.len(), 2);
    // Derived values come from the rulebook: Harvey has (60 + 75) / 10 = 13 hit points.
    let harvey = warehouse
        .units
        .iter()
        .find(|unit| unit.name == "Harvey Walters")
        .expect("Harvey");
    assert_eq!(harvey.derived.hit_points, 13);
    assert_eq!(
        harvey.skill(warehouse.ruleset.as_ref(), "Firearms (HG)"),
        40
    );
    assert_eq!(harvey.skill(warehouse.ruleset.as_ref(), "Dodge"), 30);
    assert_eq!(
        harvey.skill(warehouse.ruleset.as_ref(), "Throw"),
        20,
        "base value"
    );
    assert_eq!(harvey.weapons[0].loaded, 6, "a full cylinder by default");
    // The warehouse has a Thompson for full auto; the farmstead a hired hand with dynamite.
    let thompson = warehouse
        .units
        .iter()
        .flat_map(|unit| &unit.weapons)
        .find(|carried| carried.weapon.uses.full_auto)
        .expect("an automatic weapon");
    assert_eq!(thompson.weapon.name, "Thompson");
    assert_eq!(thompson.loaded, 50, "the largest drum by default");
    let dynamite = farmstead
        .units
        .iter()
        .find(|unit| unit.name == "Eli Boone")
        .expect("Eli Boone");
    assert_eq!(dynamite.weapons[0].weapon.blast_radius_yards(), Some(3));
    assert_eq!(
        (dynamite.weapons[0].loaded, dynamite.weapons[0].spare),
        (1, 2)
    );
}

/// Each broken fixture, the place its message points at, and what the message says.
const BROKEN: &[(&str, &str, &str)] = &[
    (
        "unknown_legend_character.map.ron",
        "7:12",
        "in `rows`: `?` is not in the legend",
    ),
    (
        "ragged_rows.map.ron",
        "7:15",
        "row 2 is 6 tiles wide but the first row is 5",
    ),
    (
        "oversized.map.ron",
        "5:11",
        "the map is 513x1 tiles; the most is 512x512",
    ),
    ("empty_rows.map.ron", "5:11", "a map needs at least one row"),
    ("syntax_error.map.ron", "4:11", "Expected colon"),
    (
        "unit_on_a_wall.ron",
        "31:17",
        "Bob stands at (7, 3), on wall where nobody can stand",
    ),
    (
        "unit_on_low_cover.ron",
        "31:17",
        "Bob stands at (3, 2), on low cover",
    ),
    (
        "unit_off_the_map.ron",
        "31:17",
        "Bob stands at (9, 2), off the 8x5 map",
    ),
    (
        "two_units_on_one_tile.ron",
        "31:17",
        "Bob and Alice both stand at (1, 1)",
    ),
    (
        "unknown_weapon.ron",
        "26:32",
        "unknown weapon `.38 Special Blaster`",
    ),
    (
        "unknown_skill.ron",
        "25:23",
        "unknown skill `Firearms (Ray Gun)`",
    ),
    (
        "characteristic_out_of_range.ron",
        "32:63",
        "in `units.characteristics.DEX`: DEX 1200 is out of range",
    ),
    ("characteristic_zero.ron", "32:45", "CON 0 is out of range"),
    (
        "brp_percentile_strength.ron",
        "26:36",
        "in `units.characteristics.STR`: STR 65 is out of range: BRP classic characteristics run \
         from 3 to 18 (it looks like a CoC 7e percentile value: divide by 5)",
    ),
    (
        "brp_luck_not_pow_x5.ron",
        "26:109",
        "in `units.characteristics.LUCK`: LUCK 61 disagrees with the sheet: Basic Role Playing \
         (classic) works Luck out from the other characteristics, and here it is 60; leave LUCK \
         out, or write 60",
    ),
    (
        "unknown_side.ron",
        "30:19",
        "in `units.side`: `c` is not a side here (sides: a, b)",
    ),
    (
        "too_many_rounds_loaded.ron",
        "26:63",
        "in `units.weapons.loaded`: .38 or 9mm Revolver holds 6 rounds, not 9",
    ),
    (
        "slugs_in_a_revolver.ron",
        "26:32",
        ".38 or 9mm Revolver takes no slugs: only shotguns do",
    ),
    (
        "bad_damage_notation.ron",
        "33:67",
        "damage notation `1D6+QB` at column 5",
    ),
    (
        "missing_map_file.ron",
        "4:10",
        "cannot read the map `no-such-map.map.ron`",
    ),
    (
        "map_outside_the_folder.ron",
        "4:10",
        "the map `../../../Cargo.toml` may only be a file in the scenario's folder (or below it): \
         pass --maps-anywhere",
    ),
    (
        "map_by_absolute_path.ron",
        "4:10",
        "the map `/etc/passwd` may only be a file in the scenario's folder",
    ),
    (
        "map_not_a_map.ron",
        "4:10",
        "`missing_map_file.ron` is not a map file",
    ),
    (
        "unknown_field.ron",
        "31:13",
        "Unexpected field named `hitpoints` in `unit`",
    ),
    (
        "duplicate_unit_name.ron",
        "29:19",
        "two units are called `Alice`",
    ),
    (
        "protect_unknown_unit.ron",
        "36:14",
        "there is no unit called `Carol` to protect",
    ),
    (
        "escape_in_no_rounds.ron",
        "36:14",
        "`by_round` must give the escape at least one round",
    ),
    (
        "one_side_only.ron",
        "15:12",
        "a battle needs at least two sides",
    ),
    (
        "opening_aims_at_nobody.ron",
        "27:79",
        "in `units.opening.aiming_at`: Alice aims at `Carol`, who is not in the scenario",
    ),
    (
        "waits_for_nobody.ron",
        "27:33",
        "in `units.waits_until_within`: a unit waits until an enemy is from 1 to 1000 yards off, not Some(0)",
    ),
    (
        "cherries_in_coc.ron",
        "26:23",
        "in `units.cherries`: `cherries` is read only in d100 house sheet, not in Call of Cthulhu 7th edition: leave it out of Alice",
    ),
    (
        "obsession_in_coc.ron",
        "26:24",
        "in `units.obsession`: `obsession` is read only in d100 house sheet, not in Call of Cthulhu 7th edition: leave it out of Alice",
    ),
    (
        "secondary_in_coc.ron",
        "26:24",
        "in `units.secondary`: `secondary` is read only in d10 dice pool, not in Call of Cthulhu 7th edition: leave it out of Alice",
    ),
    (
        "cherries_without_the_obsession.ron",
        "28:23",
        "Alice earns cherries only with an obsession of Struggle",
    ),
    (
        "cherry_unknown.ron",
        "28:23",
        "in `units.cherries`: `Tickle` is no cherry: the cherries are BigHurt, Blind, Dazed, \
         Disarm, KnockDown",
    ),
    (
        "option_of_another_rulebook.ron",
        "16:49",
        "in `rules.hit_locations`: Basic Role Playing (classic) has no optional rule \
         `hit_locations` (it has none of its own)",
    ),
    (
        "unknown_rulebook.ron",
        "4:22",
        "in `rules.ruleset`: no rulebook named `Gurps4e` in this build (it has `Coc7e`, `BrpClassic`, `D10Pool`, `Frontier`, `D100House`)",
    ),
    (
        "rulebook_name_too_long.ron",
        "4:22",
        "in `rules.ruleset`: Expected a rulebook's name (an identifier of at most 32 letters and digits)",
    ),
    ("truncated.ron", "23:24", "Unexpected end of RON"),
    ("not_utf8.ron", "29:21", "the file is not UTF-8 text"),
];

#[test]
fn broken_files_are_rejected_with_their_place_and_reason() {
    let folder = root().join("tests/fixtures/broken");
    let fixtures = std::fs::read_dir(&folder).expect("fixtures").count();
    assert_eq!(fixtures, BROKEN.len(), "every fixture has an expectation");
    for (name, place, message) in BROKEN {
        let path = folder.join(name);
        let output = check(&path);
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(1), "{name}: {stderr}");
        let expected_start = format!("gridkeeper: {}:{place}: ", path.display());
        assert!(
            stderr.starts_with(&expected_start),
            "{name}: expected {expected_start}, got {stderr}"
        );
        assert!(
            stderr.contains(message),
            "{name}: expected `{message}`, got {stderr}"
        );
        assert_eq!(stderr.lines().count(), 1, "{name}: {stderr}");
    }
}

/// With `--maps-anywhere` a map may be read from outside the scenario's folder; a file there
/// that is not a map is refused without a word of it quoted back.
#[test]
fn a_map_from_anywhere_only_with_the_flag_and_never_quoted() {
    let scenario = root().join("tests/fixtures/broken/map_outside_the_folder.ron");
    let output = Command::new(env!("CARGO_BIN_EXE_gridkeeper"))
        .args(["check", "--maps-anywhere"])
        .arg(&scenario)
        .current_dir(root())
        .output()
        .expect("the binary runs");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(1), "{stderr}");
    assert!(
        stderr.contains("`../../../Cargo.toml` is not a map file"),
        "{stderr}"
    );
    assert!(
        !stderr.contains("gridkeeper\""),
        "nothing of Cargo.toml: {stderr}"
    );
}

/// Thousands of mangled copies of the shipped files: each is accepted or refused with a
/// located message, never a panic.
#[test]
fn mangled_files_never_panic() {
    let maps = root().join("maps");
    let mut originals: Vec<(String, String)> = std::fs::read_dir(&maps)
        .expect("maps/")
        .map(|entry| entry.expect("entry").path())
        .filter(|path| path.is_file())
        .map(|path| {
            (
                path.display().to_string(),
                std::fs::read_to_string(&path).expect("readable"),
            )
        })
        .collect();
    originals.sort();
    let mut mangler = Mangler(0x5EED_CAFE_F00D_1234);
    let mut refused = 0;
    let copies = copies(3000);
    for copy in 0..copies {
        let (file, original) = &originals[copy % originals.len()];
        let mut text = mangler.mangle(original);
        for _ in 0..mangler.below(3) {
            text = mangler.mangle(&text);
        }
        let outcome = std::panic::catch_unwind(|| {
            Loaded::parse(file, &text, Some(&maps), MapReach::InsideTheFolder)
        });
        match outcome {
            Ok(Ok(_)) => {}
            Ok(Err(error)) => {
                refused += 1;
                let shown = error.to_string();
                assert!(shown.starts_with(file.as_str()), "{shown}");
            }
            Err(_) => {
                let saved = std::env::temp_dir().join(format!("gridkeeper-panic-{copy}.ron"));
                std::fs::write(&saved, &text).ok();
                panic!(
                    "copy {copy} of {file} panicked; saved to {}",
                    saved.display()
                );
            }
        }
    }
    assert!(
        refused > copies / 2,
        "most mangled files should be refused: {refused} of {copies}"
    );
}

/// A scenario named bare from inside its own folder (`check scenario.ron`) still may not follow
/// a link out of that folder to its map.
#[cfg(unix)]
#[test]
fn a_bare_scenario_name_still_keeps_its_map_in_the_folder() {
    let folder_dir = tempfile::tempdir().expect("a scratch folder");
    let folder = folder_dir.path();
    let scenario =
        std::fs::read_to_string(root().join("tests/fixtures/broken/missing_map_file.ron"))
            .expect("a fixture")
            .replace("no-such-map.map.ron", "escape.map.ron");
    std::fs::write(folder.join("scenario.ron"), scenario).expect("the scenario");
    std::os::unix::fs::symlink(
        root().join("maps/cellar.map.ron"),
        folder.join("escape.map.ron"),
    )
    .expect("a link out");
    let output = Command::new(env!("CARGO_BIN_EXE_gridkeeper"))
        .args(["check", "scenario.ron"])
        .current_dir(folder)
        .output()
        .expect("the binary runs");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(1), "{stderr}");
    assert!(
        stderr.contains("leads out of the scenario's folder by a link"),
        "{stderr}"
    );
}
