//! A rulebook's roster: ready-made units (investigators, cultists, creatures) the keeper brings
//! into a fight, each written as a scenario writes a unit, and made ready to join one battle.

use super::Tile;
use super::scenario::{Scenario, UnitFile};
use crate::files::{FileError, parse_ron};
use crate::rules::ruleset::Ruleset;

/// The rulebook's roster, read from its file.
pub fn roster(ruleset: &dyn Ruleset) -> Result<Vec<UnitFile>, FileError> {
    let (file, text) = ruleset.roster();
    parse_ron(file, text)
}

/// A roster unit made ready to join `scenario`'s battle: on the side at `side` in the list, at
/// `at`, under a name no unit there has yet ("Ghoul", else "Ghoul 2", "Ghoul 3"...).
pub fn recruit(entry: &UnitFile, scenario: &Scenario, side: usize, at: Tile) -> UnitFile {
    let names: Vec<&str> = scenario
        .units
        .iter()
        .map(|unit| unit.name.as_str())
        .collect();
    let side = scenario.sides.get(side).map(|side| side.id.as_str());
    recruit_among(entry, &names, side, at)
}

/// A roster unit made ready to join units already `named`: on the side with id `side` (else
/// the roster's own), at `at`, under a name none of them has.
pub fn recruit_among(entry: &UnitFile, named: &[&str], side: Option<&str>, at: Tile) -> UnitFile {
    let taken = |name: &str| named.contains(&name);
    let name = std::iter::once(entry.name.clone())
        .chain((2..).map(|count| format!("{} {count}", entry.name)))
        .find(|name| !taken(name))
        .unwrap_or_else(|| entry.name.clone());
    UnitFile {
        name,
        side: side.map_or_else(|| entry.side.clone(), str::to_string),
        at: (at.x, at.y),
        ..entry.clone()
    }
}
