//! The rulebooks' rooms, read by module paths: every path a file names (`crate::…`, `super::…`
//! however many times, `self::…`, a child module's `name::…`, grouped imports opened) is resolved
//! to the module it reaches. The shared engine (every file but the rooms and the three that list
//! the rulebooks built) reaches no rulebook's room, no rulebook reaches another's, and no shared
//! module is reached by one rulebook alone (it would be that rulebook's, in its room).

#[path = "source/mod.rs"]
mod source;

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use source::{code_of, rust_files};

/// A module's path from the crate root (`["battle", "state"]`).
type ModulePath = Vec<String>;

/// The files that list the rulebooks built (each under its cargo feature): the registry, their
/// plugins, their UI plugins, and the `roll` command's flags.
const LISTS_OF_RULEBOOKS: [&[&str]; 4] = [
    &["rulesets"],
    &["rulesets", "plugins"],
    &["rulesets", "panels"],
    &["cli", "roll"],
];

fn source() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

/// The module a file under `src/` is (`src/battle/state/mod.rs` is `battle::state`).
fn module_path(file: &Path) -> ModulePath {
    let relative = file.strip_prefix(source()).expect("a file under src");
    let mut parts: ModulePath = relative
        .components()
        .filter_map(|part| part.as_os_str().to_str())
        .map(|part| part.trim_end_matches(".rs").to_string())
        .collect();
    if matches!(
        parts.last().map(String::as_str),
        Some("mod" | "lib" | "main")
    ) {
        parts.pop();
    }
    parts
}

/// A word of Rust at the start of `text`.
fn word(text: &str) -> &str {
    let end = text
        .find(|c: char| !(c.is_alphanumeric() || c == '_'))
        .unwrap_or(text.len());
    &text[..end]
}

/// The paths named by what follows a `::`: `a::b`, or a group `{a, b::{c, d}}` opened.
fn opened(text: &str) -> Vec<ModulePath> {
    let text = text.trim_start();
    if let Some(group) = text.strip_prefix('{') {
        let mut items = Vec::new();
        let mut item = String::new();
        let mut depth = 0;
        for c in group.chars() {
            match c {
                '{' => depth += 1,
                '}' if depth == 0 => break,
                '}' => depth -= 1,
                ',' if depth == 0 => {
                    items.push(std::mem::take(&mut item));
                    continue;
                }
                _ => {}
            }
            item.push(c);
        }
        items.push(item);
        return items.iter().flat_map(|item| opened(item)).collect();
    }
    let mut segments = ModulePath::new();
    let mut rest = text;
    loop {
        let segment = word(rest);
        if segment.is_empty() {
            break;
        }
        segments.push(segment.to_string());
        rest = &rest[segment.len()..];
        match rest.strip_prefix("::") {
            Some(after) if after.trim_start().starts_with('{') => {
                return opened(after)
                    .into_iter()
                    .map(|tail| segments.iter().cloned().chain(tail).collect())
                    .collect();
            }
            Some(after) => rest = after,
            None => break,
        }
    }
    if segments.is_empty() {
        Vec::new()
    } else {
        vec![segments]
    }
}

/// Where `text` has `prefix` as a path's start (not inside a longer name or path).
fn starts_of<'a>(text: &'a str, prefix: &'a str) -> impl Iterator<Item = usize> + 'a {
    text.match_indices(prefix)
        .map(|(at, _)| at)
        .filter(move |at| {
            !text[..*at]
                .chars()
                .next_back()
                .is_some_and(|c| c.is_alphanumeric() || c == '_' || c == ':')
        })
}

/// Every module path the Rust in `text`, the file of module `module`, names.
fn paths_named(text: &str, module: &[String]) -> Vec<ModulePath> {
    let code = code_of(text);
    let mut named = Vec::new();
    for (head, base) in [("crate::", Vec::new()), ("self::", module.to_vec())] {
        for at in starts_of(&code, head) {
            for path in opened(&code[at + head.len()..]) {
                named.push(base.iter().cloned().chain(path).collect());
            }
        }
    }
    for at in starts_of(&code, "super::") {
        let mut rest = &code[at + "super::".len()..];
        let mut up = 1;
        while let Some(further) = rest.strip_prefix("super::") {
            rest = further;
            up += 1;
        }
        let base = &module[..module.len().saturating_sub(up)];
        for path in opened(rest) {
            named.push(base.iter().cloned().chain(path).collect());
        }
    }
    let children: BTreeSet<&str> = code
        .lines()
        .filter_map(|line| {
            let line = line.trim_start();
            let line = line.strip_prefix("pub ").unwrap_or(line);
            let name = word(line.strip_prefix("mod ")?);
            line.ends_with(';').then_some(name)
        })
        .collect();
    for child in children {
        let head = format!("{child}::");
        for at in starts_of(&code, &head) {
            for path in opened(&code[at + head.len()..]) {
                named.push(
                    module
                        .iter()
                        .cloned()
                        .chain(std::iter::once(child.to_string()))
                        .chain(path)
                        .collect(),
                );
            }
        }
    }
    named
}

/// The rulebooks: the folders under `src/rulesets/`.
fn rulebooks() -> Vec<String> {
    std::fs::read_dir(source().join("rulesets"))
        .expect("src/rulesets is readable")
        .filter_map(|entry| {
            let path = entry.expect("a directory entry").path();
            path.is_dir()
                .then(|| path.file_name()?.to_str().map(String::from))
                .flatten()
        })
        .collect()
}

/// The rulebook whose room a module is in, if any.
fn room_of<'a>(module: &[String], rulebooks: &'a [String]) -> Option<&'a String> {
    match module {
        [top, rulebook, ..] if top == "rulesets" => {
            rulebooks.iter().find(|known| *known == rulebook)
        }
        _ => None,
    }
}

/// Every module of `src/` with the module paths its file names.
fn modules() -> BTreeMap<ModulePath, (PathBuf, Vec<ModulePath>)> {
    rust_files(&source())
        .into_iter()
        .map(|file| {
            let module = module_path(&file);
            let text = std::fs::read_to_string(&file).expect("readable source");
            let named = paths_named(&text, &module);
            (module, (file, named))
        })
        .collect()
}

#[test]
fn the_reader_resolves_every_way_of_naming_a_module() {
    let module: ModulePath = ["rulesets", "frontier", "battle", "pain"]
        .map(String::from)
        .into();
    let text = "use super::super::check::CORE;\n\
                use crate::{battle::{self, state::Battle}, rules::dice::Dice};\n\
                use self::inner::Thing; // crate::cli is only a comment\n\
                mod inner;\n\
                let x = inner::make(); let y = mycrate::replay::thing;";
    let named: BTreeSet<String> = paths_named(text, &module)
        .iter()
        .map(|path| path.join("::"))
        .collect();
    let expected: BTreeSet<String> = [
        "rulesets::frontier::check::CORE",
        "battle::self",
        "battle::state::Battle",
        "rules::dice::Dice",
        "rulesets::frontier::battle::pain::inner::Thing",
        "rulesets::frontier::battle::pain::inner::make",
    ]
    .map(String::from)
    .into();
    assert_eq!(named, expected);
}

#[test]
fn the_shared_engine_reaches_no_rulebooks_room_and_no_rulebook_another() {
    let rulebooks = rulebooks();
    assert!(rulebooks.len() >= 5, "{rulebooks:?}");
    let mut offences = Vec::new();
    for (module, (file, named)) in modules() {
        let own = room_of(&module, &rulebooks);
        let listing = LISTS_OF_RULEBOOKS.contains(
            &module
                .iter()
                .map(String::as_str)
                .collect::<Vec<_>>()
                .as_slice(),
        );
        for path in &named {
            let Some(reached) = room_of(path, &rulebooks) else {
                continue;
            };
            match own {
                Some(rulebook) if rulebook != reached => offences.push(format!(
                    "{} (the {rulebook} room) reaches {}",
                    file.display(),
                    path.join("::")
                )),
                None if !listing => offences.push(format!(
                    "{} (the shared engine) reaches {}",
                    file.display(),
                    path.join("::")
                )),
                _ => {}
            }
        }
    }
    assert!(offences.is_empty(), "{}", offences.join("\n"));
}

#[test]
fn no_shared_module_is_reached_by_one_rulebook_alone() {
    let rulebooks = rulebooks();
    let modules = modules();
    let mut offences = Vec::new();
    for (shared, (file, _)) in &modules {
        if shared.is_empty() || shared == &["rulesets"] || room_of(shared, &rulebooks).is_some() {
            continue;
        }
        let reached_by: BTreeSet<String> = modules
            .iter()
            .filter(|(other, (_, named))| {
                *other != shared && named.iter().any(|path| path.starts_with(shared))
            })
            .map(|(other, _)| {
                room_of(other, &rulebooks).map_or_else(|| "the engine".to_string(), String::clone)
            })
            .collect();
        if reached_by.len() == 1 && !reached_by.contains("the engine") {
            offences.push(format!(
                "{} is reached by {} alone",
                file.display(),
                reached_by.iter().next().map_or("", String::as_str)
            ));
        }
    }
    assert!(offences.is_empty(), "{}", offences.join("\n"));
}
