//! The shape of the code: every top-level module of `src/` sits on a layer, and a module may
//! use only modules on layers below its own, so no import circle joins two of them; inside a
//! folder no circle joins its files either (its `mod.rs` aside, which holds what they share);
//! the rules and the rulebooks' rules are pure Rust: no file under `src/rules/` or
//! `src/rulesets/` may import bevy, but a rulebook's code in the battle, the AI and the panels
//! (its folder's `battle/`, `ai/` and `ui/`, layers of their own above the engine's battle, AI
//! and overlay) and the lists of their plugins. Which module may reach a rulebook's room is `rooms.rs`'s test.

#[path = "source/mod.rs"]
mod source;

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use source::{code, code_of, rust_files};

/// The layers, lowest first; docs/ARCHITECTURE.md explains each.
const LAYERS: &[&[&str]] = &[
    &["files", "words", "schedule"],
    &["rules"],
    &["rulesets"],
    &["map", "input"],
    &["battle"],
    &[RULEBOOK_BATTLE],
    &["ai", "log"],
    &[RULEBOOK_AI],
    &[RULEBOOK_PLUGINS],
    &["headless"],
    &["replay"],
    &["simulation"],
    &["view"],
    &["ui", "session"],
    &[RULEBOOK_UI],
    &[RULEBOOK_PANELS],
    &["editor"],
    &["menu"],
    &["game"],
    &["cli"],
];

/// A rulebook's code in the battle: `src/rulesets/<rulebook>/battle/`, counted as a module of
/// its own, on the layer above the battle it hooks.
const RULEBOOK_BATTLE: &str = "rulesets/*/battle";

/// A rulebook's own choices for the AI: `src/rulesets/<rulebook>/ai/`, counted as a module of
/// its own, on the layer above the AI it hooks.
const RULEBOOK_AI: &str = "rulesets/*/ai";

/// The list of every rulebook's battle plugin, `src/rulesets/plugins.rs`.
const RULEBOOK_PLUGINS: &str = "rulesets/plugins";

/// A rulebook's own controls in the overlay's panels: `src/rulesets/<rulebook>/ui/`, counted as
/// a module of its own, on the layer above the overlay it draws in.
const RULEBOOK_UI: &str = "rulesets/*/ui";

/// The list of every rulebook's UI plugin, `src/rulesets/panels.rs`.
const RULEBOOK_PANELS: &str = "rulesets/panels";

/// The top-level module a file under `src/` belongs to; `None` for the crate root and binary.
fn module_of(source: &Path, file: &Path) -> Option<String> {
    let relative = file.strip_prefix(source).ok()?;
    let parts: Vec<&str> = relative
        .components()
        .filter_map(|part| part.as_os_str().to_str())
        .collect();
    match parts.as_slice() {
        ["rulesets", "plugins.rs"] => return Some(RULEBOOK_PLUGINS.to_string()),
        ["rulesets", "panels.rs"] => return Some(RULEBOOK_PANELS.to_string()),
        ["rulesets", _, "ui", ..] => return Some(RULEBOOK_UI.to_string()),
        ["rulesets", _, "battle", ..] => return Some(RULEBOOK_BATTLE.to_string()),
        ["rulesets", _, "ai", ..] => return Some(RULEBOOK_AI.to_string()),
        _ => {}
    }
    let first = relative.components().next()?.as_os_str().to_str()?;
    let name = first.strip_suffix(".rs").unwrap_or(first);
    (!matches!(name, "lib" | "main")).then(|| name.to_string())
}

/// The top-level modules a piece of Rust names through `crate::`, including grouped imports
/// (`use crate::{ai, battle::UnitId};`).
fn modules_named(text: &str) -> BTreeSet<String> {
    let code = code_of(text);
    let mut named = BTreeSet::new();
    let mut rest = code.as_str();
    while let Some(at) = rest.find("crate::") {
        let preceded_by_word = rest[..at]
            .chars()
            .next_back()
            .is_some_and(|c| c.is_alphanumeric() || c == '_');
        rest = &rest[at + "crate::".len()..];
        if preceded_by_word {
            continue;
        }
        if let Some(group) = rest.strip_prefix('{') {
            let mut depth = 1;
            let mut entry = String::new();
            for c in group.chars() {
                match c {
                    '{' => depth += 1,
                    '}' => depth -= 1,
                    ',' if depth == 1 => {
                        named.extend(first_segment(&entry));
                        entry.clear();
                        continue;
                    }
                    _ => {}
                }
                if depth == 0 {
                    break;
                }
                entry.push(c);
            }
            named.extend(first_segment(&entry));
        } else {
            named.extend(first_segment(rest));
        }
    }
    named
}

/// The first path segment of `text`, if it starts with one.
fn first_segment(text: &str) -> Option<String> {
    let word: String = text
        .trim_start()
        .chars()
        .take_while(|c| c.is_alphanumeric() || *c == '_')
        .collect();
    (!word.is_empty() && word.chars().next().is_some_and(char::is_lowercase)).then_some(word)
}

fn layer_of(module: &str) -> Option<usize> {
    LAYERS.iter().position(|layer| layer.contains(&module))
}

/// Every module of `src/` and the modules it names, by file.
fn imports() -> BTreeMap<String, BTreeMap<String, Vec<String>>> {
    let source = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut imports: BTreeMap<String, BTreeMap<String, Vec<String>>> = BTreeMap::new();
    for file in rust_files(&source) {
        let Some(module) = module_of(&source, &file) else {
            continue;
        };
        let text = std::fs::read_to_string(&file).expect("readable source");
        let entry = imports.entry(module.clone()).or_default();
        for named in modules_named(&text) {
            if named != module {
                entry
                    .entry(named)
                    .or_default()
                    .push(file.display().to_string());
            }
        }
    }
    imports
}

#[test]
fn every_module_sits_on_a_layer() {
    let modules: Vec<String> = imports().into_keys().collect();
    assert!(modules.len() >= 12, "found only {modules:?}");
    let unplaced: Vec<&String> = modules
        .iter()
        .filter(|module| layer_of(module).is_none())
        .collect();
    assert!(
        unplaced.is_empty(),
        "modules on no layer (add them to LAYERS and docs/ARCHITECTURE.md): {unplaced:?}"
    );
}

#[test]
fn no_module_uses_one_on_its_own_layer_or_above() {
    let mut offences = Vec::new();
    for (module, named) in imports() {
        let Some(own) = layer_of(&module) else {
            continue;
        };
        for (other, files) in named {
            match layer_of(&other) {
                Some(layer) if layer < own => {}
                _ => offences.push(format!("{module} uses {other} in {}", files.join(", "))),
            }
        }
    }
    assert!(offences.is_empty(), "{}", offences.join("\n"));
}

#[test]
fn the_reader_finds_every_way_of_naming_a_module() {
    let text = "use crate::battle::UnitId;\n\
                use crate::{ai, map::Tile, view::{self, camera}};\n\
                let x = crate::files::read_text(path); // crate::cli is only a comment\n\
                let y = mycrate::replay::thing;\n\
                use crate::AppSystems;";
    let named: Vec<String> = modules_named(text).into_iter().collect();
    assert_eq!(named, ["ai", "battle", "files", "map", "view"]);
}

/// The names of the sibling modules a piece of Rust inside `path` (such as `battle` or
/// `ai::plan`) uses: `super::name`, `crate::path::name`, or `name` in a `use super::{...}` group.
fn siblings_named(text: &str, path: &str, siblings: &BTreeSet<String>) -> BTreeSet<String> {
    let code = code_of(text);
    let mut named = BTreeSet::new();
    let mut rest = code.as_str();
    while let Some(at) = rest.find("super::") {
        rest = &rest[at + "super::".len()..];
        let words: Vec<String> = match rest.strip_prefix('{') {
            Some(group) => group
                .split('}')
                .next()
                .unwrap_or_default()
                .split(',')
                .filter_map(first_segment)
                .collect(),
            None => first_segment(rest).into_iter().collect(),
        };
        named.extend(words.into_iter().filter(|word| siblings.contains(word)));
    }
    let prefix = format!("crate::{path}::");
    for (at, _) in code.match_indices(&prefix) {
        named.extend(
            first_segment(&code[at + prefix.len()..]).filter(|word| siblings.contains(word)),
        );
    }
    named
}

/// A circle in a graph of names, if there is one.
fn circle(graph: &BTreeMap<String, BTreeSet<String>>) -> Option<Vec<String>> {
    fn visit(
        node: &str,
        graph: &BTreeMap<String, BTreeSet<String>>,
        done: &mut BTreeSet<String>,
        path: &mut Vec<String>,
    ) -> Option<Vec<String>> {
        if let Some(start) = path.iter().position(|seen| seen == node) {
            let mut found = path[start..].to_vec();
            found.push(node.to_string());
            return Some(found);
        }
        if !done.insert(node.to_string()) {
            return None;
        }
        path.push(node.to_string());
        for next in graph.get(node).into_iter().flatten() {
            if let Some(found) = visit(next, graph, done, path) {
                return Some(found);
            }
        }
        path.pop();
        None
    }
    let mut done = BTreeSet::new();
    graph
        .keys()
        .find_map(|node| visit(node, graph, &mut done, &mut Vec::new()))
}

/// Every folder under `src/` (as a module path) with the graph of its files' uses of each
/// other; a sub-folder counts as one file.
fn folder_graphs() -> BTreeMap<String, BTreeMap<String, BTreeSet<String>>> {
    let source = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut graphs = BTreeMap::new();
    let mut folders = vec![source.clone()];
    while let Some(folder) = folders.pop() {
        let mut members: BTreeMap<String, Vec<PathBuf>> = BTreeMap::new();
        for entry in std::fs::read_dir(&folder).expect("a source folder is readable") {
            let path = entry.expect("a directory entry").path();
            if path.is_dir() {
                folders.push(path.clone());
                let name = path
                    .file_name()
                    .and_then(|name| name.to_str())
                    .unwrap_or_default();
                members.insert(name.to_string(), rust_files(&path));
            } else if let Some(name) = path.file_stem().and_then(|stem| stem.to_str())
                && path.extension().is_some_and(|extension| extension == "rs")
                && !matches!(name, "mod" | "lib" | "main")
            {
                members.insert(name.to_string(), vec![path.clone()]);
            }
        }
        let Ok(relative) = folder.strip_prefix(&source) else {
            continue;
        };
        if relative.as_os_str().is_empty() {
            continue;
        }
        let path = relative
            .components()
            .filter_map(|part| part.as_os_str().to_str())
            .collect::<Vec<_>>()
            .join("::");
        let siblings: BTreeSet<String> = members.keys().cloned().collect();
        let graph = members
            .iter()
            .map(|(name, files)| {
                let mut uses = BTreeSet::new();
                for file in files {
                    let text = std::fs::read_to_string(file).expect("readable source");
                    uses.extend(siblings_named(&text, &path, &siblings));
                }
                uses.remove(name);
                (name.clone(), uses)
            })
            .collect();
        graphs.insert(path, graph);
    }
    graphs
}

#[test]
fn no_circle_joins_the_files_of_a_folder() {
    let graphs = folder_graphs();
    assert!(graphs.contains_key("battle") && graphs.contains_key("ai::plan"));
    assert!(
        graphs["battle"]["engine"].contains("ranged"),
        "the reader sees the dispatcher use the procedures"
    );
    let circles: Vec<String> = graphs
        .iter()
        .filter_map(|(folder, graph)| {
            circle(graph).map(|found| format!("in {folder}: {}", found.join(" -> ")))
        })
        .collect();
    assert!(circles.is_empty(), "{}", circles.join("\n"));
}

#[test]
fn a_circle_is_found() {
    let graph = |edges: &[(&str, &str)]| {
        let mut graph: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
        for (from, to) in edges {
            graph
                .entry(from.to_string())
                .or_default()
                .insert(to.to_string());
            graph.entry(to.to_string()).or_default();
        }
        graph
    };
    assert_eq!(circle(&graph(&[("a", "b"), ("b", "c"), ("a", "c")])), None);
    assert_eq!(
        circle(&graph(&[("a", "b"), ("b", "c"), ("c", "b")])),
        Some(vec!["b".to_string(), "c".to_string(), "b".to_string()])
    );
    let siblings: BTreeSet<String> = ["melee", "ranged", "wounds"].map(String::from).into();
    let text = "use super::{Vitals, melee};\nuse super::wounds::Blow;\n\
                let x = crate::battle::ranged::fire(); // super::aim";
    assert_eq!(
        siblings_named(text, "battle", &siblings),
        ["melee", "ranged", "wounds"].map(String::from).into()
    );
}

/// Whether a line of Rust names a bevy crate as a path (`use bevy::`, `bevy_ecs::`, `::bevy`).
fn names_bevy(line: &str) -> bool {
    code(line)
        .split(|c: char| !(c.is_alphanumeric() || c == '_' || c == ':'))
        .any(|word| {
            let word = word.trim_start_matches(':');
            word.starts_with("bevy::")
                || (word.starts_with("bevy_") && word.contains("::"))
                || word == "bevy"
        })
}

#[test]
fn no_rules_file_imports_bevy() {
    let source = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let files: Vec<PathBuf> = ["rules", "rulesets"]
        .iter()
        .flat_map(|folder| rust_files(&source.join(folder)))
        .filter(|file| {
            module_of(&source, file)
                .is_some_and(|module| matches!(module.as_str(), "rules" | "rulesets"))
        })
        .collect();
    assert!(files.len() >= 12, "found only {} rules files", files.len());
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
fn a_rulebooks_battle_and_ai_code_sit_above_the_engines() {
    let source = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let module = |path: &str| module_of(&source, &source.join(path));
    assert_eq!(
        module("rulesets/d100_house/battle/bolt.rs").as_deref(),
        Some(RULEBOOK_BATTLE)
    );
    assert_eq!(
        module("rulesets/d100_house/firearms.rs").as_deref(),
        Some("rulesets")
    );
    assert_eq!(
        module("rulesets/plugins.rs").as_deref(),
        Some(RULEBOOK_PLUGINS)
    );
    assert_eq!(
        module("rulesets/d100_house/ai/shares.rs").as_deref(),
        Some(RULEBOOK_AI)
    );
    assert!(layer_of(RULEBOOK_BATTLE) > layer_of("battle"));
    assert!(layer_of(RULEBOOK_AI) > layer_of("ai"));
    assert!(layer_of(RULEBOOK_AI) < layer_of(RULEBOOK_PLUGINS));
    assert!(layer_of(RULEBOOK_PLUGINS) < layer_of("headless"));
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
