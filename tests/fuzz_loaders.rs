//! Every loader of a file a user can hand us, fed mangled copies of the shipped files: replays
//! and saves (read, then played), key maps, and each rulebook's weapon and armor tables. Each
//! copy is accepted or refused with a message naming the file, never a panic or a hang. Maps and
//! scenarios get the same in `check_files.rs`.
//!
//! `GRIDKEEPER_FUZZ_COPIES=N` sets the copies a file (a short run by default; the long run in
//! docs/RELIABILITY.md).
// Plays the shipped files of every rulebook: built with all five.
#![cfg(all_rulebooks)]

mod common;

use std::path::{Path, PathBuf};

use common::{Mangler, copies};
use gridkeeper::files::FileError;
use gridkeeper::input::KeyMap;
use gridkeeper::replay::Replay;
use gridkeeper::rules::ruleset::RuleOptions;
use gridkeeper::rules::weapons::{ArmorTable, WeaponTable};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Feed `copies` mangled copies of `file` to `load`: every one loads or is refused naming the
/// file; a panic saves the copy and fails. Returns how many were refused.
fn fuzz(
    file: &Path,
    seed: u64,
    copies: usize,
    load: impl Fn(&str, &str) -> Result<(), FileError>,
) -> usize {
    let original = std::fs::read_to_string(file).expect("a shipped file");
    let name = file.display().to_string();
    let mut mangler = Mangler(seed);
    let mut refused = 0;
    for copy in 0..copies {
        let mut text = mangler.mangle(&original);
        for _ in 0..mangler.below(3) {
            text = mangler.mangle(&text);
        }
        match std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| load(&name, &text))) {
            Ok(Ok(())) => {}
            Ok(Err(error)) => {
                refused += 1;
                let shown = error.to_string();
                assert!(shown.starts_with(&name), "{shown}");
            }
            Err(_) => {
                let saved = std::env::temp_dir().join(format!("gridkeeper-fuzz-{seed}-{copy}.ron"));
                std::fs::write(&saved, &text).ok();
                panic!(
                    "copy {copy} of {name} panicked; saved to {}",
                    saved.display()
                );
            }
        }
    }
    refused
}

/// A mangled replay is read; one that reads is played to its end (as `check` and opening it
/// do), and one whose events differ says which command went astray.
#[test]
fn mangled_replays_are_refused_or_played_never_a_panic() {
    let file = root().join("replays/farmstead-night.ron");
    let copies = copies(300);
    let refused = fuzz(&file, 0xF00D_0001, copies, |name, text| {
        let replay = Replay::parse(name, text)?;
        // Played whole: bounded, whatever the commands ask; where its events differ, it says
        // which command went astray, or that they differ.
        if let Err(difference) = replay.verify() {
            assert!(
                difference.contains("the commands made") || difference.contains("replay format"),
                "{difference}"
            );
        }
        Ok(())
    });
    assert!(refused > copies / 4, "{refused} of {copies} refused");
}

#[test]
fn mangled_key_maps_are_refused_never_a_panic() {
    let file = root().join("assets/keys.ron");
    let copies = copies(2000);
    let refused = fuzz(&file, 0xF00D_0002, copies, |name, text| {
        KeyMap::parse(name, text).map(|_| ())
    });
    assert!(refused > copies / 4, "{refused} of {copies} refused");
}

/// Each rulebook's weapon table (checked against its own skills) and armor table.
#[test]
fn mangled_rules_tables_are_refused_never_a_panic() {
    for (ruleset, folder) in [
        (gridkeeper::rulesets::coc7e::ID, "coc7e"),
        (gridkeeper::rulesets::brp_classic::ID, "brp-classic"),
    ] {
        let options = RuleOptions {
            ruleset,
            ..RuleOptions::default()
        };
        let skills = gridkeeper::rulesets::ruleset(&options)
            .expect("the rulebook loads")
            .sheet()
            .skills()
            .to_vec();
        let tables = root().join("assets/rules").join(folder);
        let copies = copies(1000);
        let refused = fuzz(
            &tables.join("weapons.ron"),
            0xF00D_0003,
            copies,
            |name, text| WeaponTable::parse(name, text, &skills).map(|_| ()),
        );
        assert!(
            refused > copies / 4,
            "{folder}: {refused} of {copies} refused"
        );
        fuzz(
            &tables.join("armor.ron"),
            0xF00D_0004,
            copies,
            |name, text| ArmorTable::parse(name, text).map(|_| ()),
        );
    }
}
