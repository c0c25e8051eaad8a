//! What the start menu offers: the shipped scenarios (compiled in), the keeper's own from
//! `scenarios/`, and the saved battles and replays to play on or watch. Each file is read once
//! for its summary (a scenario's name, rulebook and sides; a save's scenario, seed and length)
//! and let go: a scenario is read whole, map and all, only when it is chosen, and a save when it
//! is played on or watched. A file too large to be one is listed as refused, unread; a file
//! that cannot be summarised is listed with why.

use std::path::{Path, PathBuf};
use std::time::SystemTime;

use serde::Deserialize;
use serde::de::IgnoredAny;

use crate::files::digest::Fnv1a;
use crate::files::shipped::{SHIPPED, locate};
use crate::files::{FileError, field_value_offset, parse_ron, read_text};
use crate::map::Loaded;
use crate::map::map_path::MapReach;
use crate::map::scenario::{MAX_SCENARIO_IN_A_SAVE, Scenario};
use crate::map::tiled_map::is_tiled;
use crate::replay::Replay;
use crate::replay::saving::SAVES_FOLDER;
use crate::rules::ruleset::RuleOptions;
use crate::rules::ruleset_id::RulesetId;

/// The folder of the keeper's own scenarios, beside the saves: where the editor saves.
pub const OWN_SCENARIOS_FOLDER: &str = "scenarios";

/// The folder of the replays kept to be shared and watched.
pub const REPLAYS_FOLDER: &str = "replays";

/// The most saved battles listed, newest first.
const SAVES_LISTED: usize = 40;

/// The largest scenario file the menu reads: a scenario takes at most this as its saves write
/// it, so a larger file could never be played on, and is refused by its size, unread.
const MOST_SCENARIO_BYTES: u64 = MAX_SCENARIO_IN_A_SAVE as u64;

/// Where a scenario comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Origin {
    /// Shipped with the game.
    Shipped,
    /// The keeper's own, in `scenarios/`.
    Own,
}

/// A scenario to play, as the list shows it: read for its summary, not held.
#[derive(Debug, Clone)]
pub struct ScenarioEntry {
    /// Its path as the command line would name it (`maps/cellar.ron`).
    pub path: PathBuf,
    pub origin: Origin,
    pub name: String,
    pub description: String,
    /// Its rulebook's name.
    pub rulebook: &'static str,
    /// Each side's name, and how many units it fields where the scenario says (not where a
    /// Tiled map places units of its own: they are counted when it is chosen).
    pub sides: Vec<(String, Option<usize>)>,
}

impl ScenarioEntry {
    /// One line on it: its rulebook, and its sides with how many each fields.
    pub fn summary(&self) -> String {
        let sides: Vec<String> = self
            .sides
            .iter()
            .map(|(name, count)| match count {
                Some(count) => format!("{name} {count}"),
                None => name.clone(),
            })
            .collect();
        format!("{} · {}", self.rulebook, sides.join(" v "))
    }

    /// The scenario read whole and checked, its map with it: what choosing it shows and plays.
    pub fn read(&self) -> Result<Scenario, String> {
        let read_from = match self.origin {
            Origin::Shipped => locate(&self.path),
            Origin::Own => self.path.clone(),
        };
        let loaded = read_text(&read_from)
            .and_then(|text| Loaded::read(&read_from, text, MapReach::InsideTheFolder));
        match loaded {
            Ok(Loaded::Scenario(scenario)) => Ok(*scenario),
            Ok(Loaded::Map(_)) => Err(format!("{} is a map, not a scenario", self.path.display())),
            Err(error) => Err(error.to_string()),
        }
    }
}

/// A saved battle or a replay, as the list shows it: read for its summary, not held.
#[derive(Debug, Clone)]
pub struct SaveEntry {
    pub path: PathBuf,
    /// Its scenario's name, its dice seed and how many commands it holds.
    pub scenario: String,
    pub seed: u64,
    pub commands: usize,
    /// When it was last written, where the system says.
    pub modified: Option<SystemTime>,
}

impl SaveEntry {
    /// One line on it: its scenario, its seed and how far it went.
    pub fn summary(&self) -> String {
        let commands = self.commands;
        format!(
            "{} · dice seed {} · {commands} command{}",
            self.scenario,
            self.seed,
            if commands == 1 { "" } else { "s" }
        )
    }

    /// The battle read whole and checked: what playing it on or watching it needs.
    pub fn read(&self) -> Result<Replay, String> {
        read_text(&self.path)
            .and_then(|text| Replay::parse(&self.path.display().to_string(), &text))
            .map_err(|error| error.to_string())
    }
}

/// Everything the menu lists.
#[derive(Debug, Clone, Default)]
pub struct Catalogue {
    pub scenarios: Vec<ScenarioEntry>,
    pub saves: Vec<SaveEntry>,
    /// Files that could not be read, each with its message (file, line, column, field).
    pub problems: Vec<String>,
}

/// What a scenario's summary reads of its file; the rest is passed over unread.
#[derive(Deserialize)]
struct ScenarioHeads {
    name: String,
    #[serde(default)]
    description: String,
    map: MapSourceHeads,
    #[serde(default)]
    rules: RulesHeads,
    sides: Vec<SideHeads>,
    units: Vec<UnitHeads>,
}

/// Where a scenario's map is: a Tiled map may place units of its own.
#[derive(Deserialize)]
enum MapSourceHeads {
    File(PathBuf),
    Inline(IgnoredAny),
}

#[derive(Default, Deserialize)]
struct RulesHeads {
    #[serde(default)]
    ruleset: RulesetId,
}

#[derive(Deserialize)]
struct SideHeads {
    id: String,
    name: String,
}

#[derive(Deserialize)]
struct UnitHeads {
    side: String,
}

/// What tells a map file from a broken one, without reading it further.
#[derive(Deserialize)]
struct MapHeads {
    #[serde(rename = "rows")]
    _rows: Vec<IgnoredAny>,
}

/// What a save's summary reads of its file.
#[derive(Deserialize)]
struct SaveHeads {
    seed: u64,
    scenario: NameHeads,
    commands: Vec<IgnoredAny>,
}

#[derive(Deserialize)]
struct NameHeads {
    name: String,
}

impl Catalogue {
    /// The shipped scenarios, the keeper's own, the saves and replays, as found from the
    /// working folder.
    pub fn gather() -> Self {
        Self::gather_from(
            Path::new(OWN_SCENARIOS_FOLDER),
            &[Path::new(SAVES_FOLDER), Path::new(REPLAYS_FOLDER)],
        )
    }

    /// As [`Catalogue::gather`], the keeper's scenarios read from `own` and the saved battles
    /// from `save_folders`.
    pub fn gather_from(own: &Path, save_folders: &[&Path]) -> Self {
        let mut catalogue = Self::default();
        let rulebooks = rulebook_names();
        for name in shipped_scenarios() {
            let path = Path::new(name);
            catalogue.summarise_scenario(path, &locate(path), Origin::Shipped, &rulebooks);
        }
        for path in files_in(own) {
            catalogue.summarise_scenario(&path, &path, Origin::Own, &rulebooks);
        }
        // The newest saves, by when they were written, then read for their summaries.
        let mut saves: Vec<(Option<SystemTime>, PathBuf)> = save_folders
            .iter()
            .flat_map(|folder| files_in(folder))
            .map(|path| (path.metadata().and_then(|data| data.modified()).ok(), path))
            .collect();
        saves.sort_by(|(one, one_path), (other, other_path)| {
            other.cmp(one).then(one_path.cmp(other_path))
        });
        saves.truncate(SAVES_LISTED);
        for (modified, path) in saves {
            match summarise_save(&path) {
                Ok(heads) => catalogue.saves.push(SaveEntry {
                    path,
                    scenario: heads.scenario.name,
                    seed: heads.seed,
                    commands: heads.commands.len(),
                    modified,
                }),
                Err(error) => catalogue.problems.push(error.to_string()),
            }
        }
        catalogue
    }

    /// The scenario at `path` (read from `read_from`), listed by its summary, or its problem
    /// noted. A bare map is not a scenario, and is passed over.
    fn summarise_scenario(
        &mut self,
        path: &Path,
        read_from: &Path,
        origin: Origin,
        rulebooks: &[(RulesetId, &'static str)],
    ) {
        let file = read_from.display().to_string();
        let bytes = read_from.metadata().map_or(0, |data| data.len());
        if bytes > MOST_SCENARIO_BYTES {
            self.problems.push(format!(
                "{file}: {bytes} bytes, more than a scenario may be ({MOST_SCENARIO_BYTES}): not \
                 read"
            ));
            return;
        }
        // A file with units is a scenario; one without, a map (passed over) or broken.
        let heads = read_text(read_from).and_then(|text| {
            if field_value_offset(&text, 0, "units").is_none() {
                return parse_ron::<MapHeads>(&file, &text).map(|_| None);
            }
            parse_ron::<ScenarioHeads>(&file, &text).map(Some)
        });
        match heads {
            Ok(Some(heads)) => {
                let placed_by_the_map =
                    matches!(&heads.map, MapSourceHeads::File(file) if is_tiled(file));
                let sides = heads
                    .sides
                    .iter()
                    .map(|side| {
                        let count = heads
                            .units
                            .iter()
                            .filter(|unit| unit.side == side.id)
                            .count();
                        (side.name.clone(), (!placed_by_the_map).then_some(count))
                    })
                    .collect();
                let rulebook = rulebooks
                    .iter()
                    .find(|(id, _)| *id == heads.rules.ruleset)
                    .map(|(_, name)| *name);
                // A shipped scenario of a rulebook left out of this build is not offered; a
                // keeper's own is, and says why it cannot be played when chosen.
                if rulebook.is_none() && origin == Origin::Shipped {
                    return;
                }
                let rulebook = rulebook.unwrap_or("an unknown rulebook");
                self.scenarios.push(ScenarioEntry {
                    path: path.to_path_buf(),
                    origin,
                    name: heads.name,
                    description: heads.description,
                    rulebook,
                    sides,
                });
            }
            Ok(None) => {}
            Err(error) => self.problems.push(error.to_string()),
        }
    }

    /// Where `path` is in the scenarios listed.
    pub fn scenario_at(&self, path: &Path) -> Option<usize> {
        self.scenarios.iter().position(|entry| entry.path == path)
    }
}

/// A save's summary, read from its file.
fn summarise_save(path: &Path) -> Result<SaveHeads, FileError> {
    let text = read_text(path)?;
    parse_ron(&path.display().to_string(), &text)
}

/// Each rulebook's name, as its own data gives it.
fn rulebook_names() -> Vec<(RulesetId, &'static str)> {
    crate::rulesets::ids()
        .into_iter()
        .filter_map(|id| {
            let options = RuleOptions {
                ruleset: id,
                ..RuleOptions::default()
            };
            crate::rulesets::ruleset(&options)
                .ok()
                .map(|ruleset| (id, ruleset.name()))
        })
        .collect()
}

/// The fingerprint of a scenario as written, its map inline: what its odds hang on.
pub fn fingerprint(scenario: &Scenario) -> String {
    let mut hash = Fnv1a::default();
    hash.write(
        ron::to_string(&scenario.source)
            .unwrap_or_default()
            .as_bytes(),
    );
    hash.hex()
}

/// The shipped scenarios' paths: the compiled-in files that are neither maps nor tileset
/// mappings.
pub fn shipped_scenarios() -> impl Iterator<Item = &'static str> {
    SHIPPED.iter().map(|(name, _)| *name).filter(|name| {
        name.ends_with(".ron") && !name.ends_with(".map.ron") && !name.ends_with(".gridkeeper.ron")
    })
}

/// The `.ron` files in `folder` (none where it is missing), by name.
fn files_in(folder: &Path) -> Vec<PathBuf> {
    let Ok(entries) = std::fs::read_dir(folder) else {
        return Vec::new();
    };
    let mut files: Vec<PathBuf> = entries
        .filter_map(|entry| entry.ok().map(|entry| entry.path()))
        .filter(|path| {
            path.is_file() && path.extension().is_some_and(|extension| extension == "ron")
        })
        .collect();
    files.sort();
    files
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every shipped scenario is offered where its rulebook is built (all of them in the
    /// default build), and none of a rulebook left out.
    #[test]
    fn the_menu_lists_the_shipped_scenarios_of_the_rulebooks_built() {
        let catalogue = Catalogue::gather_from(Path::new("no-such-folder"), &[]);
        let built = rulebook_names();
        for name in shipped_scenarios() {
            let text = read_text(&locate(Path::new(name))).expect("a shipped scenario");
            let heads: ScenarioHeads = parse_ron(name, &text).expect("a shipped scenario");
            assert_eq!(
                catalogue.scenario_at(Path::new(name)).is_some(),
                built.iter().any(|(id, _)| *id == heads.rules.ruleset),
                "{name}"
            );
        }
    }

    /// The keeper's files are Call of Cthulhu 7e's cellar, copied and broken.
    #[cfg(feature = "coc7e")]
    #[test]
    fn the_menu_lists_every_shipped_scenario_and_the_keepers_own() {
        let scratch_dir = tempfile::tempdir().expect("a scratch folder");
        let scratch = scratch_dir.path();
        let own = scratch.join("scenarios");
        let saves = scratch.join("saves");
        std::fs::create_dir_all(&own).expect("a scratch folder");
        std::fs::create_dir_all(&saves).expect("a scratch folder");
        let root = Path::new(env!("CARGO_MANIFEST_DIR"));
        std::fs::copy(root.join("maps/cellar.ron"), own.join("my-cellar.ron"))
            .expect("a scratch file");
        std::fs::copy(root.join("maps/cellar.map.ron"), own.join("cellar.map.ron"))
            .expect("a scratch file");
        std::fs::write(own.join("broken.ron"), "(name: \"Half a scenario\",")
            .expect("a scratch file");
        // A scenario whose map is not there: listed by its summary, refused when chosen.
        let cellar = std::fs::read_to_string(root.join("maps/cellar.ron")).expect("shipped");
        std::fs::write(
            own.join("lost-map.ron"),
            cellar.replace("File(\"cellar.map.ron\")", "File(\"gone.map.ron\")"),
        )
        .expect("a scratch file");
        // A file past what a scenario may be, refused by its size alone (a sparse file: its
        // bytes are never read, nor written).
        std::fs::File::create(own.join("huge.ron"))
            .and_then(|file| file.set_len(MOST_SCENARIO_BYTES + 1))
            .expect("a scratch file");
        std::fs::copy(
            root.join("replays/farmstead-night.ron"),
            saves.join("night.ron"),
        )
        .expect("a scratch file");

        let catalogue = Catalogue::gather_from(&own, &[&saves, &scratch.join("none")]);
        // The keeper's scenario, whose map sits beside it; the bare map is passed over, the
        // broken file named with its place.
        let own_listed: Vec<&ScenarioEntry> = catalogue
            .scenarios
            .iter()
            .filter(|entry| entry.origin == Origin::Own)
            .collect();
        let own_paths: Vec<&Path> = own_listed
            .iter()
            .map(|entry| entry.path.as_path())
            .collect();
        assert_eq!(
            own_paths,
            [own.join("lost-map.ron"), own.join("my-cellar.ron")]
        );
        assert_eq!(
            own_listed[1].summary(),
            "Call of Cthulhu 7th edition · Investigators 3 v The thing in the cellar 1"
        );
        own_listed[1].read().expect("the keeper's cellar plays");
        let lost = own_listed[0].read().expect_err("its map is gone");
        assert!(lost.contains("gone.map.ron"), "{lost}");
        assert_eq!(catalogue.problems.len(), 2, "{:?}", catalogue.problems);
        assert!(
            catalogue.problems[0].contains("broken.ron:1:"),
            "{}",
            catalogue.problems[0]
        );
        assert_eq!(
            catalogue.problems[1],
            format!(
                "{}: 16777217 bytes, more than a scenario may be (16777216): not read",
                own.join("huge.ron").display()
            )
        );
        // The replay, by its summary; read whole when it is played on.
        assert_eq!(catalogue.saves.len(), 1);
        assert_eq!(
            catalogue.saves[0].summary(),
            "Farmstead at night · dice seed 13 · 240 commands"
        );
        assert_eq!(
            catalogue.saves[0].read().expect("plays").commands.len(),
            240
        );

        let warehouse = &catalogue.scenarios[catalogue
            .scenario_at(Path::new("maps/warehouse.ron"))
            .expect("listed")];
        assert_eq!(
            warehouse.summary(),
            "Call of Cthulhu 7th edition · Investigators 4 v Brotherhood of the Yellow Sign 8"
        );
        let read = warehouse.read().expect("shipped");
        assert_eq!((read.map.width(), read.map.height()), (40, 30));
        // The boathouse's Tiled map places its units: counted once it is read.
        let boathouse = &catalogue.scenarios[catalogue
            .scenario_at(Path::new("maps/tiled/boathouse.ron"))
            .expect("listed")];
        assert_eq!(
            boathouse.summary(),
            "Call of Cthulhu 7th edition · Investigators v The lake's people"
        );
        assert!(!boathouse.read().expect("shipped").units.is_empty());
    }
}
