//! The units a Tiled map places, made the units of the scenario that fights on it: each the
//! rulebook's roster entry it names, on its side, under its own name.

use super::TiledMap;
use crate::files::FileError;
use crate::map::roster::roster;
use crate::map::scenario::{SideFile, UnitFile};
use crate::rules::ruleset::Ruleset;

impl TiledMap {
    /// The map's units as a scenario writes them, after `written` (the scenario's own): each
    /// named entry of `ruleset`'s roster, on a side of `sides`, on a tile nobody else has.
    pub fn unit_files(
        &self,
        sides: &[SideFile],
        written: &[UnitFile],
        ruleset: &dyn Ruleset,
    ) -> Result<Vec<UnitFile>, FileError> {
        if self.units.is_empty() {
            return Ok(Vec::new());
        }
        let entries = roster(ruleset)?;
        let mut placed: Vec<UnitFile> = Vec::with_capacity(self.units.len());
        for unit in &self.units {
            let field = "unit";
            let entry = entries
                .iter()
                .find(|entry| entry.name.eq_ignore_ascii_case(&unit.roster))
                .ok_or_else(|| {
                    let names: Vec<&str> =
                        entries.iter().map(|entry| entry.name.as_str()).collect();
                    self.error_at(
                        unit.roster_at,
                        field,
                        format!(
                            "`{}` is not in the roster of {} (it has {})",
                            unit.roster,
                            ruleset.name(),
                            names.join(", ")
                        ),
                    )
                })?;
            let ids = || {
                sides
                    .iter()
                    .map(|side| side.id.as_str())
                    .collect::<Vec<_>>()
                    .join(", ")
            };
            let side = match &unit.side {
                Some(side) if sides.iter().any(|known| known.id == *side) => side.clone(),
                Some(side) => {
                    return Err(self.error_at(
                        unit.side_at,
                        field,
                        format!("`{side}` is not a side here (sides: {})", ids()),
                    ));
                }
                None => {
                    return Err(self.error_at(
                        unit.place,
                        field,
                        format!("`{}` needs a `side` property: one of {}", unit.name, ids()),
                    ));
                }
            };
            let at = (unit.tile.x, unit.tile.y);
            let before = written.iter().chain(&placed);
            if let Some(other) = before.clone().find(|other| other.at == at) {
                return Err(self.error_at(
                    unit.place,
                    field,
                    format!(
                        "`{}` stands at {}, where {} already stands",
                        unit.name, unit.tile, other.name
                    ),
                ));
            }
            if before.clone().any(|other| other.name == unit.name) {
                return Err(self.error_at(
                    unit.place,
                    field,
                    format!("a unit is already called `{}`", unit.name),
                ));
            }
            placed.push(UnitFile {
                name: unit.name.clone(),
                side,
                at,
                ..entry.clone()
            });
        }
        Ok(placed)
    }
}
