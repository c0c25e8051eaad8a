//! A tileset checked on its own (`gridkeeper check crypt-tiles.tsx`): read as a map reads it,
//! with its mapping file, and each of its tiles said with the terrain it is, so that a keeper
//! writing a mapping sees what is left.

use std::path::Path;

use super::limits::Budget;
use super::{SceneTileset, TiledScene, TilesetMapping, tsj};
use crate::files::FileError;
use crate::map::Terrain;
use crate::map::map_path::MapReach;

/// Whether a path names a tileset file (`.tsx` or `.tsj`).
pub fn is_tileset(path: &Path) -> bool {
    path.extension()
        .and_then(|extension| extension.to_str())
        .is_some_and(|extension| {
            extension.eq_ignore_ascii_case("tsx") || extension.eq_ignore_ascii_case("tsj")
        })
}

/// A tileset read on its own, as a map reads it, with its mapping file where it has one.
#[derive(Debug, Clone)]
pub struct TilesetAlone {
    scene: TiledScene,
    /// Its mapping file as read, where it has one.
    pub mapping: Option<TilesetMapping>,
}

impl TilesetAlone {
    /// Read the tileset at `path` (`.tsx` or `.tsj`) and its mapping file beside it.
    pub fn read(path: &Path) -> Result<Self, FileError> {
        let mut sources = Vec::new();
        let reach = MapReach::InsideTheFolder;
        let tileset = tsj::tileset_file(path, reach, 0, &mut sources, &mut Budget::default())
            .map_err(|failure| match failure {
                tsj::TilesetFailure::Located(error) => error,
                tsj::TilesetFailure::Words(reason) => FileError::Unreadable {
                    file: path.display().to_string(),
                    reason,
                },
            })?;
        let mut scene = TiledScene {
            sources,
            name: tileset.name.clone(),
            description: String::new(),
            width: 0,
            height: 0,
            tile_width: 1,
            tile_height: 1,
            tilesets: vec![tileset],
            layers: Vec::new(),
            objects: Vec::new(),
        };
        let mapping = scene.read_mappings(reach)?.into_iter().next().flatten();
        Ok(Self { scene, mapping })
    }

    /// The tileset as read: its name, tiles, folder and image.
    pub fn tileset(&self) -> &SceneTileset {
        &self.scene.tilesets[0]
    }

    /// The terrain tile `id` is under `mapping` (the tileset's own, or one being made), as a
    /// map drawn with it would have it; `None` where nothing maps it.
    pub fn terrain(
        &self,
        id: u32,
        mapping: Option<&TilesetMapping>,
    ) -> Result<Option<Terrain>, FileError> {
        self.scene.tile_terrain(0, id, mapping)
    }
}

/// Read the tileset at `path` and its mapping, and say what each tile is: `0 flagstones
/// (Floor), 1 crypt wall (Wall), …; no terrain: 7`.
pub fn tileset_summary(path: &Path) -> Result<String, FileError> {
    let alone = TilesetAlone::read(path)?;
    let tileset = alone.tileset();
    let count = tileset.tile_count;
    let mapping = alone.mapping.as_ref();
    let mut mapped = Vec::new();
    let mut left = Vec::new();
    for id in 0..count {
        match alone.terrain(id, mapping)? {
            Some(terrain) => mapped.push(format!("{id} {} ({:?})", terrain.name, terrain.kind)),
            None => left.push(id.to_string()),
        }
    }
    let by = if mapping.is_some() {
        format!(" (mapped by {})", super::mapping_file_name(&tileset.name))
    } else {
        String::new()
    };
    let mut summary = format!(
        "tileset `{}`: {count} tiles, {} with a terrain{by}",
        tileset.name,
        mapped.len()
    );
    if !mapped.is_empty() {
        summary.push_str(&format!(": {}", mapped.join(", ")));
    }
    if !left.is_empty() {
        summary.push_str(&format!("; no terrain: {}", left.join(", ")));
    }
    Ok(summary)
}
