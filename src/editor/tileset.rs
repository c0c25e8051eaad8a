//! A tileset's mapping made in the editor: a tileset drawn for another game opened with its
//! tiles, each tile or each class given a kind of terrain (or every other tile one), every
//! change taken back and made again, and the mapping saved atomically beside the tileset as
//! `NAME.gridkeeper.ron`, where every map drawn with the tileset finds it.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use crate::files::{FileError, write_atomically};
use crate::map::Terrain;
use crate::map::map_path::MapReach;
use crate::map::terrain::{LegendEntry, TerrainKind};
use crate::map::tiled_map::{TilesetAlone, TilesetMapping, mapping_file_name, tile_pictures};

/// What a mapping entry is for: one tile, every tile of a class, or every tile nothing else
/// maps.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Mapped {
    Tile(u32),
    Class(String),
    Otherwise,
}

/// A tileset being mapped.
#[derive(Debug, Clone)]
pub struct TilesetMapper {
    /// The tileset's file (`.tsx` or `.tsj`).
    pub path: PathBuf,
    alone: TilesetAlone,
    mapping: TilesetMapping,
    /// The mappings before each change, the latest last.
    undo: Vec<TilesetMapping>,
    /// The mappings taken back, the latest last.
    redo: Vec<TilesetMapping>,
    /// Each tile's art, where the tileset's image is at hand.
    pub pictures: Option<Vec<Vec<u8>>>,
    /// What the last save had to say, and whether it went wrong.
    pub said: Option<(String, bool)>,
}

impl TilesetMapper {
    /// Open the tileset at `path`, with the mapping already beside it where there is one.
    pub fn open(path: &Path) -> Result<Self, FileError> {
        let alone = TilesetAlone::read(path)?;
        let mapping = alone.mapping.clone().unwrap_or_else(|| TilesetMapping {
            tileset: alone.tileset().name.clone(),
            ..TilesetMapping::default()
        });
        let pictures = tile_pictures(alone.tileset(), MapReach::InsideTheFolder);
        Ok(Self {
            path: path.to_path_buf(),
            alone,
            mapping,
            undo: Vec::new(),
            redo: Vec::new(),
            pictures,
            said: None,
        })
    }

    /// The tileset's name, as Tiled shows it.
    pub fn name(&self) -> &str {
        &self.alone.tileset().name
    }

    /// How many tiles the tileset has.
    pub fn tile_count(&self) -> u32 {
        self.alone.tileset().tile_count
    }

    /// Tile `id`'s class, where it has one.
    pub fn class_of(&self, id: u32) -> Option<&str> {
        self.alone
            .tileset()
            .tiles
            .get(&id)
            .map(|tile| tile.class.as_str())
            .filter(|class| !class.is_empty())
    }

    /// Tile `id`'s own properties in words ("liquid = true"), where it has any.
    pub fn properties_of(&self, id: u32) -> Option<String> {
        let tile = self.alone.tileset().tiles.get(&id)?;
        let words: Vec<String> = tile
            .properties
            .iter()
            .map(|property| format!("{} = {}", property.name, property.value.as_text()))
            .collect();
        (!words.is_empty()).then(|| words.join(", "))
    }

    /// The classes the tileset's tiles have, each once, in order.
    pub fn classes(&self) -> Vec<String> {
        let classes: BTreeSet<&str> = (0..self.tile_count())
            .filter_map(|id| self.class_of(id))
            .collect();
        classes.into_iter().map(str::to_string).collect()
    }

    /// The mapping as it stands.
    pub fn mapping(&self) -> &TilesetMapping {
        &self.mapping
    }

    /// The entry the mapping has for `what`, where it has one.
    pub fn entry(&self, what: &Mapped) -> Option<&LegendEntry> {
        match what {
            Mapped::Tile(id) => self.mapping.tiles.get(id),
            Mapped::Class(class) => self.mapping.classes.get(class),
            Mapped::Otherwise => self.mapping.otherwise.as_ref(),
        }
    }

    /// The terrain tile `id` is as the mapping stands (by the mapping, else its own
    /// properties), as a map drawn with the tileset would have it; `None` where nothing maps
    /// it, or why it cannot be made terrain.
    pub fn terrain(&self, id: u32) -> Result<Option<Terrain>, String> {
        self.alone
            .terrain(id, Some(&self.mapping))
            .map_err(|error| error.problem())
    }

    /// Make `what` the kind `kind` (a custom entry keeps its name and properties), or take its
    /// entry away.
    pub fn set(&mut self, what: &Mapped, kind: Option<TerrainKind>) {
        let entry = kind.map(|kind| match self.entry(what) {
            Some(LegendEntry::Custom(custom)) => {
                let mut custom = custom.clone();
                custom.kind = kind;
                LegendEntry::Custom(custom)
            }
            _ => LegendEntry::Kind(kind),
        });
        if self.entry(what) == entry.as_ref() {
            return;
        }
        self.undo.push(self.mapping.clone());
        self.redo.clear();
        self.said = None;
        let mapping = &mut self.mapping;
        match (what, entry) {
            (Mapped::Tile(id), Some(entry)) => {
                mapping.tiles.insert(*id, entry);
            }
            (Mapped::Tile(id), None) => {
                mapping.tiles.remove(id);
            }
            (Mapped::Class(class), Some(entry)) => {
                mapping.classes.insert(class.clone(), entry);
            }
            (Mapped::Class(class), None) => {
                mapping.classes.remove(class);
            }
            (Mapped::Otherwise, entry) => mapping.otherwise = entry,
        }
    }

    pub fn can_undo(&self) -> bool {
        !self.undo.is_empty()
    }

    pub fn can_redo(&self) -> bool {
        !self.redo.is_empty()
    }

    /// Take back the last change.
    pub fn undo(&mut self) {
        if let Some(before) = self.undo.pop() {
            self.redo.push(std::mem::replace(&mut self.mapping, before));
            self.said = None;
        }
    }

    /// Make the last change taken back again.
    pub fn redo(&mut self) {
        if let Some(after) = self.redo.pop() {
            self.undo.push(std::mem::replace(&mut self.mapping, after));
            self.said = None;
        }
    }

    /// Where the mapping is saved: beside the tileset, named after it.
    pub fn mapping_path(&self) -> PathBuf {
        self.path
            .parent()
            .unwrap_or(Path::new(""))
            .join(mapping_file_name(self.name()))
    }

    /// Save the mapping beside the tileset (atomically), and read it back as `check` does;
    /// said either way.
    pub fn save(&mut self) {
        let path = self.mapping_path();
        self.said = Some(match self.write(&path) {
            Ok(()) => (format!("Saved to {}", path.display()), false),
            Err(why) => (format!("Not saved: {why}"), true),
        });
    }

    fn write(&self, path: &Path) -> Result<(), String> {
        let body = ron::ser::to_string_pretty(&self.mapping, ron::ser::PrettyConfig::default())
            .map_err(|error| error.to_string())?;
        let text = format!(
            "// What the tiles of \"{}\" are in a battle, made in Gridkeeper's editor.\n\
             // Format: docs/FORMATS.md, \"Maps from Tiled\".\n{body}\n",
            self.name().replace(['\n', '\r'], " ")
        );
        write_atomically(path, &text).map_err(|error| format!("{}: {error}", path.display()))?;
        let read = TilesetMapping::load(path).map_err(|error| error.to_string())?;
        if read == self.mapping {
            Ok(())
        } else {
            Err(format!(
                "{} reads back otherwise than written",
                path.display()
            ))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::map::map_path::MapReach;
    use crate::map::tiled_map::{TiledMap, tileset_summary};

    /// A scratch folder holding the shipped crypt (a map drawn for another game) and its
    /// tileset, with the tileset's mapping only where `with_mapping`.
    fn crypt(with_mapping: bool) -> tempfile::TempDir {
        let shipped = Path::new(env!("CARGO_MANIFEST_DIR")).join("maps/tiled");
        let folder = tempfile::tempdir().expect("a scratch folder");
        let mut files = vec!["crypt.tmx", "crypt-tiles.tsx", "crypt-tiles.png"];
        if with_mapping {
            files.push("crypt-tiles.gridkeeper.ron");
        }
        for file in files {
            std::fs::copy(shipped.join(file), folder.path().join(file)).expect("copied");
        }
        folder
    }

    /// A keeper maps a tileset made for another game from nothing: each tile and class is
    /// nothing at first and the crypt drawn with it is refused; a kind picked for a tile, a
    /// class and every other tile makes it terrain, each change taken back and made again; the
    /// mapping saved beside the tileset reads back as made, and the crypt then plays.
    #[test]
    fn a_tileset_mapped_from_nothing_makes_its_maps_play() {
        let crypt_folder = crypt(false);
        let folder = crypt_folder.path();
        let mut mapper = TilesetMapper::open(&folder.join("crypt-tiles.tsx")).expect("opened");
        assert_eq!((mapper.name(), mapper.tile_count()), ("Crypt Tiles", 8));
        assert_eq!(mapper.classes(), ["coffin"]);
        assert_eq!(mapper.properties_of(4).as_deref(), Some("liquid = true"));
        assert_eq!(mapper.properties_of(0), None);
        assert_eq!(mapper.terrain(0), Ok(None));
        assert!(TiledMap::load(&folder.join("crypt.tmx"), MapReach::InsideTheFolder).is_err());

        mapper.set(&Mapped::Tile(1), Some(TerrainKind::Wall));
        mapper.set(
            &Mapped::Class("coffin".to_string()),
            Some(TerrainKind::LowCover),
        );
        mapper.set(&Mapped::Otherwise, Some(TerrainKind::Floor));
        let kind = |mapper: &TilesetMapper, id| mapper.terrain(id).expect("read").map(|t| t.kind);
        assert_eq!(kind(&mapper, 1), Some(TerrainKind::Wall));
        assert_eq!(
            kind(&mapper, 2),
            Some(TerrainKind::LowCover),
            "by its class"
        );
        assert_eq!(
            kind(&mapper, 7),
            Some(TerrainKind::Floor),
            "every other tile"
        );
        // The liquid tile says nothing of its own kind: every other tile's entry takes it.
        assert_eq!(kind(&mapper, 4), Some(TerrainKind::Floor));

        mapper.undo();
        assert_eq!(kind(&mapper, 7), None);
        mapper.redo();
        assert_eq!(kind(&mapper, 7), Some(TerrainKind::Floor));
        // A change to what it already is changes nothing, and leaves nothing to take back.
        let before = mapper.can_redo();
        mapper.set(&Mapped::Tile(1), Some(TerrainKind::Wall));
        assert!(!before && !mapper.can_redo());

        mapper.save();
        let path = folder.join("crypt-tiles.gridkeeper.ron");
        assert_eq!(
            mapper.said,
            Some((format!("Saved to {}", path.display()), false))
        );
        assert_eq!(
            &TilesetMapping::load(&path).expect("read back"),
            mapper.mapping()
        );
        let summary = tileset_summary(&folder.join("crypt-tiles.tsx")).expect("checked");
        assert!(
            summary.starts_with("tileset `Crypt Tiles`: 8 tiles, 8 with a terrain"),
            "{summary}"
        );
        let map = TiledMap::load(&folder.join("crypt.tmx"), MapReach::InsideTheFolder)
            .unwrap_or_else(|error| panic!("{error}"));
        assert_eq!((map.map.width(), map.map.height()), (12, 10));
    }

    /// Opened with its mapping, a tile's own entry shows; a kind picked for a custom entry
    /// keeps its name and properties; taking an entry away leaves the tile to the rest of the
    /// mapping; and each tile's art is at hand.
    #[test]
    fn a_mapping_already_made_is_changed_and_the_art_is_shown() {
        let crypt_folder = crypt(true);
        let folder = crypt_folder.path();
        let mut mapper = TilesetMapper::open(&folder.join("crypt-tiles.tsx")).expect("opened");
        let flagstones = mapper.terrain(0).expect("read").expect("mapped");
        assert_eq!(
            (flagstones.name.as_str(), flagstones.dark),
            ("flagstones", true)
        );
        mapper.set(&Mapped::Tile(0), Some(TerrainKind::Difficult));
        let changed = mapper.terrain(0).expect("read").expect("mapped");
        assert_eq!(
            (changed.kind, changed.name.as_str(), changed.dark),
            (TerrainKind::Difficult, "flagstones", true)
        );
        mapper.set(&Mapped::Tile(0), None);
        assert_eq!(mapper.terrain(0), Ok(None));
        let pictures = mapper.pictures.as_ref().expect("the tileset's image");
        assert_eq!(pictures.len(), 8);
        assert!(pictures.iter().all(|picture| picture.len() == 32 * 32 * 4));
        assert_ne!(pictures[0], pictures[1], "each tile its own art");
    }

    /// A broken tileset is refused with its file, line and column.
    #[test]
    fn a_broken_tileset_names_its_file_and_place() {
        let crypt_folder = crypt(false);
        let folder = crypt_folder.path();
        let path = folder.join("crypt-tiles.tsx");
        let text = std::fs::read_to_string(&path).expect("read");
        std::fs::write(
            &path,
            text.replace("<tile id=\"2\" type=\"coffin\"/>", "<tile id=\"2\""),
        )
        .expect("written");
        let error = TilesetMapper::open(&path).expect_err("broken").to_string();
        assert!(
            error.starts_with(&format!("{}:", path.display())),
            "{error}"
        );
        assert!(
            error
                .split(':')
                .nth(1)
                .is_some_and(|line| line.parse::<u32>().is_ok()),
            "{error}"
        );
    }
}
