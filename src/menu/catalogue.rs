//! What the start menu offers: the shipped scenarios (compiled in), the keeper's own from
//! `scenarios/`, and the saved battles and replays to play on or watch, each read once and
//! described in a line; a file that cannot be read is listed with why.

use std::path::{Path, PathBuf};
use std::time::SystemTime;

use crate::files::digest::Fnv1a;
use crate::files::read_text;
use crate::files::shipped::{SHIPPED, locate};
use crate::map::Loaded;
use crate::map::map_path::MapReach;
use crate::map::scenario::Scenario;
use crate::replay::Replay;
use crate::replay::saving::SAVES_FOLDER;

/// The folder of the keeper's own scenarios, beside the saves: where the editor saves.
pub const OWN_SCENARIOS_FOLDER: &str = "scenarios";

/// The folder of the replays kept to be shared and watched.
pub const REPLAYS_FOLDER: &str = "replays";

/// The most saved battles listed, newest first.
const SAVES_LISTED: usize = 40;

/// Where a scenario comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Origin {
    /// Shipped with the game.
    Shipped,
    /// The keeper's own, in `scenarios/`.
    Own,
}

/// A scenario to play.
#[derive(Debug, Clone)]
pub struct ScenarioEntry {
    /// Its path as the command line would name it (`maps/cellar.ron`).
    pub path: PathBuf,
    pub origin: Origin,
    pub scenario: Scenario,
    /// The scenario's [`fingerprint`], taken once as it is read.
    pub fingerprint: String,
}

impl ScenarioEntry {
    /// One line on it: its rulebook, its size, and its sides with how many each fields.
    pub fn summary(&self) -> String {
        let scenario = &self.scenario;
        let sides: Vec<String> = scenario
            .sides
            .iter()
            .enumerate()
            .map(|(index, side)| {
                let count = scenario
                    .units
                    .iter()
                    .filter(|unit| unit.side == index)
                    .count();
                format!("{} {count}", side.name)
            })
            .collect();
        format!(
            "{} · {} × {} · {}",
            scenario.ruleset.name(),
            scenario.map.width(),
            scenario.map.height(),
            sides.join(" v ")
        )
    }
}

/// A saved battle or a replay.
#[derive(Debug, Clone)]
pub struct SaveEntry {
    pub path: PathBuf,
    pub replay: Replay,
    /// When it was last written, where the system says.
    pub modified: Option<SystemTime>,
}

impl SaveEntry {
    /// One line on it: its scenario, its seed and how far it went.
    pub fn summary(&self) -> String {
        let commands = self.replay.commands.len();
        format!(
            "{} · dice seed {} · {commands} command{}",
            self.replay.scenario.name,
            self.replay.seed,
            if commands == 1 { "" } else { "s" }
        )
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
        for name in shipped_scenarios() {
            catalogue.read_scenario(Path::new(name), &locate(Path::new(name)), Origin::Shipped);
        }
        for path in files_in(own) {
            catalogue.read_scenario(&path, &path, Origin::Own);
        }
        let mut saves = Vec::new();
        for folder in save_folders {
            for path in files_in(folder) {
                match read_text(&path)
                    .and_then(|text| Replay::parse(&path.display().to_string(), &text))
                {
                    Ok(replay) => saves.push(SaveEntry {
                        modified: path.metadata().and_then(|data| data.modified()).ok(),
                        path,
                        replay,
                    }),
                    Err(error) => catalogue.problems.push(error.to_string()),
                }
            }
        }
        saves.sort_by(|one, other| {
            other
                .modified
                .cmp(&one.modified)
                .then(one.path.cmp(&other.path))
        });
        saves.truncate(SAVES_LISTED);
        catalogue.saves = saves;
        catalogue
    }

    /// The scenario at `path` (read from `read_from`), listed, or its problem noted. A bare
    /// map is not a scenario, and is passed over.
    fn read_scenario(&mut self, path: &Path, read_from: &Path, origin: Origin) {
        let loaded = read_text(read_from)
            .and_then(|text| Loaded::read(read_from, text, MapReach::InsideTheFolder));
        match loaded {
            Ok(Loaded::Scenario(scenario)) => self.scenarios.push(ScenarioEntry {
                path: path.to_path_buf(),
                origin,
                fingerprint: fingerprint(&scenario),
                scenario: *scenario,
            }),
            Ok(Loaded::Map(_)) => {}
            Err(error) => self.problems.push(error.to_string()),
        }
    }

    /// Where `path` is in the scenarios listed.
    pub fn scenario_at(&self, path: &Path) -> Option<usize> {
        self.scenarios.iter().position(|entry| entry.path == path)
    }
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

    #[test]
    fn the_menu_lists_every_shipped_scenario_and_the_keepers_own() {
        let scratch = std::env::temp_dir().join(format!("gridkeeper-menu-{}", std::process::id()));
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
        std::fs::copy(
            root.join("replays/farmstead-night.ron"),
            saves.join("night.ron"),
        )
        .expect("a scratch file");

        let catalogue = Catalogue::gather_from(&own, &[&saves, &scratch.join("none")]);
        let shipped: Vec<&Path> = catalogue
            .scenarios
            .iter()
            .filter(|entry| entry.origin == Origin::Shipped)
            .map(|entry| entry.path.as_path())
            .collect();
        assert_eq!(shipped.len(), shipped_scenarios().count());
        for name in [
            "maps/warehouse.ron",
            "maps/dry-gulch.ron",
            "maps/tiled/boathouse.ron",
        ] {
            assert!(shipped.contains(&Path::new(name)), "{name} in {shipped:?}");
        }
        // The keeper's scenario, whose map sits beside it; the bare map is passed over, the
        // broken file named with its place.
        let own_listed: Vec<&ScenarioEntry> = catalogue
            .scenarios
            .iter()
            .filter(|entry| entry.origin == Origin::Own)
            .collect();
        assert_eq!(own_listed.len(), 1);
        assert_eq!(own_listed[0].path, own.join("my-cellar.ron"));
        assert_eq!(catalogue.problems.len(), 1, "{:?}", catalogue.problems);
        assert!(
            catalogue.problems[0].contains("broken.ron:1:"),
            "{}",
            catalogue.problems[0]
        );
        // The replay, read whole.
        assert_eq!(catalogue.saves.len(), 1);
        assert_eq!(
            catalogue.saves[0].summary(),
            "Farmstead at night · dice seed 13 · 240 commands"
        );

        let warehouse = &catalogue.scenarios[catalogue
            .scenario_at(Path::new("maps/warehouse.ron"))
            .expect("listed")];
        assert_eq!(
            warehouse.summary(),
            "Call of Cthulhu 7th edition · 40 × 30 · Investigators 4 v Brotherhood of the Yellow Sign 8"
        );
        std::fs::remove_dir_all(&scratch).ok();
    }
}
