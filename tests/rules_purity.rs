//! The rules are pure Rust: no file under `src/rules/` may import bevy.

use std::path::{Path, PathBuf};

fn rust_files(folder: &Path) -> Vec<PathBuf> {
    let mut found = Vec::new();
    for entry in std::fs::read_dir(folder).expect("src/rules is readable") {
        let path = entry.expect("a directory entry").path();
        if path.is_dir() {
            found.extend(rust_files(&path));
        } else if path.extension().is_some_and(|extension| extension == "rs") {
            found.push(path);
        }
    }
    found
}

/// Whether a line of Rust names a bevy crate as a path (`use bevy::`, `bevy_ecs::`, `::bevy`).
fn names_bevy(line: &str) -> bool {
    let code = line.split("//").next().unwrap_or_default();
    code.split(|c: char| !(c.is_alphanumeric() || c == '_' || c == ':'))
        .any(|word| {
            let word = word.trim_start_matches(':');
            word.starts_with("bevy::")
                || (word.starts_with("bevy_") && word.contains("::"))
                || word == "bevy"
        })
}

#[test]
fn no_rules_file_imports_bevy() {
    let rules = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/rules");
    let files = rust_files(&rules);
    assert!(files.len() >= 8, "found only {} rules files", files.len());
    let offenders: Vec<String> = files
        .iter()
        .flat_map(|file| {
            let text = std::fs::read_to_string(file).expect("readable source");
            text.lines()
                .enumerate()
                .filter(|(_, line)| names_bevy(line))
                .map(|(number, line)| format!("{}:{}: {line}", file.display(), number + 1))
                .collect::<Vec<_>>()
        })
        .collect();
    assert!(
        offenders.is_empty(),
        "bevy in the rules:\n{}",
        offenders.join("\n")
    );
}

#[test]
fn the_check_catches_every_way_of_naming_bevy() {
    for line in [
        "use bevy::prelude::*;",
        "use bevy_ecs::system::Resource;",
        "    let x = ::bevy::math::Vec2::ZERO;",
        "extern crate bevy;",
        "#[derive(bevy_ecs::component::Component)]",
    ] {
        assert!(names_bevy(line), "{line}");
    }
    for line in [
        "// bevy is not used here",
        "let bevy_count = 3;",
        "/// The battle (in bevy) calls these.",
    ] {
        assert!(!names_bevy(line), "{line}");
    }
}
