//! A grid written back as a map file: a legend of one symbol a terrain and rows of them, the way
//! a person would write it. The editor saves with it, and a map read from Tiled is kept in a
//! replay with it; the file reads back to the same map.

use std::collections::{BTreeMap, HashSet};

use super::terrain::{CustomTerrain, LegendEntry};
use super::{GridMap, MapFile, Terrain, TerrainKind};

impl Terrain {
    /// This terrain as a legend writes it: its bare kind where nothing differs from the kind's
    /// defaults, else the kind with only what differs.
    pub fn legend_entry(&self) -> LegendEntry {
        let base = self.kind.terrain();
        if *self == base {
            return LegendEntry::Kind(self.kind);
        }
        LegendEntry::Custom(CustomTerrain {
            kind: self.kind,
            name: (self.name != base.name).then(|| self.name.clone()),
            blocks_movement: (self.blocks_movement != base.blocks_movement)
                .then_some(self.blocks_movement),
            blocks_sight: (self.blocks_sight != base.blocks_sight).then_some(self.blocks_sight),
            cover: (self.cover != base.cover).then_some(self.cover),
            armor: (self.armor != base.armor).then_some(self.armor),
            move_cost: (self.move_cost != base.move_cost).then_some(self.move_cost),
            dark: self.dark,
            material: self.material,
            stops_bullets: self.stops_bullets,
        })
    }
}

impl TerrainKind {
    /// The symbol a map writes this kind with when it can: a wall `#`, a floor `.`.
    fn symbol(self) -> char {
        match self {
            Self::Floor => '.',
            Self::Wall => '#',
            Self::LowCover => 'c',
            Self::HighCover => 'H',
            Self::DoorOpen => '/',
            Self::DoorClosed => '+',
            Self::Window => 'w',
            Self::Difficult => ',',
            Self::Water => '~',
            Self::Grass => '"',
            Self::Fence => '=',
            Self::Tree => 'T',
        }
    }
}

/// Symbols for terrains whose own are taken: printable ASCII first, then as many CJK
/// characters as a legend may hold.
fn spare_symbols() -> impl Iterator<Item = char> {
    ('!'..='~')
        .filter(|symbol| !matches!(symbol, '\\' | '\''))
        .chain(
            (0x4E00u32..)
                .take(super::MAX_LEGEND)
                .filter_map(char::from_u32),
        )
}

impl MapFile {
    /// `map` written out: each terrain it uses, in the order first met row by row, under its
    /// kind's symbol (a plain kind) or its name's first letter (a changed one), else the other
    /// of the two, else the first spare symbol.
    pub fn from_grid(map: &GridMap) -> Self {
        let mut symbols: Vec<(&Terrain, char)> = Vec::new();
        let mut taken = HashSet::new();
        let mut rows = Vec::with_capacity(map.height() as usize);
        let mut row = String::new();
        for (tile, terrain) in map.tiles() {
            let symbol = match symbols.iter().find(|(known, _)| *known == terrain) {
                Some((_, symbol)) => *symbol,
                None => {
                    let initial = terrain
                        .name
                        .chars()
                        .next()
                        .filter(|letter| letter.is_alphanumeric());
                    let own = Some(terrain.kind.symbol());
                    // A plain kind keeps its own symbol; a changed one is known by its name.
                    let plain = *terrain == terrain.kind.terrain();
                    let preferred = if plain {
                        [own, initial]
                    } else {
                        [initial, own]
                    };
                    let symbol = preferred
                        .into_iter()
                        .flatten()
                        .chain(spare_symbols())
                        .find(|symbol| !taken.contains(symbol))
                        .unwrap_or(' ');
                    taken.insert(symbol);
                    symbols.push((terrain, symbol));
                    symbol
                }
            };
            row.push(symbol);
            if tile.x + 1 == map.width() {
                rows.push(std::mem::take(&mut row));
            }
        }
        let legend: BTreeMap<char, LegendEntry> = symbols
            .into_iter()
            .map(|(terrain, symbol)| (symbol, terrain.legend_entry()))
            .collect();
        Self {
            name: map.name.clone(),
            description: map.description.clone(),
            legend,
            rows,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::map::Tile;
    use crate::rules::situation::Material;

    /// Every shipped map, written back out and read again, is the same map.
    #[test]
    fn every_shipped_map_reads_back_the_same() {
        let folder = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("maps");
        let mut maps = 0;
        for entry in std::fs::read_dir(&folder).expect("the maps folder") {
            let path = entry.expect("an entry").path();
            if !path.to_string_lossy().ends_with(".map.ron") {
                continue;
            }
            let map = GridMap::load(&path).unwrap_or_else(|error| panic!("{error}"));
            let written = MapFile::from_grid(&map);
            let text = ron::ser::to_string_pretty(&written, ron::ser::PrettyConfig::default())
                .expect("a map writes");
            let read = GridMap::parse("written", &text).unwrap_or_else(|error| panic!("{error}"));
            assert_eq!(read, map, "{}", path.display());
            maps += 1;
        }
        assert!(maps >= 7, "only {maps} maps");
    }

    /// Plain kinds keep their own symbols and bare entries; a changed terrain is written with
    /// only what changed, under its name's initial, or its kind's symbol where that is taken.
    #[test]
    fn symbols_and_entries_as_a_person_writes_them() {
        let mut map = GridMap::filled("yard", 4, 2, TerrainKind::Grass.terrain());
        map.set_terrain(Tile::new(0, 0), TerrainKind::Wall.terrain());
        let sandbags = Terrain {
            name: "sandbags".to_string(),
            armor: 20,
            ..TerrainKind::LowCover.terrain()
        };
        map.set_terrain(Tile::new(1, 0), sandbags.clone());
        let steel = Terrain {
            name: "steel sheet".to_string(),
            material: Some(Material::Steel),
            ..TerrainKind::LowCover.terrain()
        };
        map.set_terrain(Tile::new(2, 1), steel);
        let written = MapFile::from_grid(&map);
        assert_eq!(written.rows, ["#s\"\"", "\"\"c\""]);
        assert_eq!(written.legend[&'#'], LegendEntry::Kind(TerrainKind::Wall));
        assert_eq!(written.legend[&'"'], LegendEntry::Kind(TerrainKind::Grass));
        let LegendEntry::Custom(custom) = &written.legend[&'s'] else {
            panic!("sandbags are custom");
        };
        assert_eq!(
            (custom.name.as_deref(), custom.armor, custom.cover),
            (Some("sandbags"), Some(20), None)
        );
        assert_eq!(
            written.legend[&'c'].terrain().material,
            Some(Material::Steel)
        );
        assert_eq!(written.legend[&'s'].terrain(), sandbags);
    }
}
