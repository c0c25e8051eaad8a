//! A tileset written in JSON: inline in a `.tmj` map, or in a `.tsj` file beside it (or a `.tsx`
//! file the `tiled` crate reads), each tile's image and properties read as written, within the
//! map's budget.

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use serde::Deserialize;

use super::json_parts::Json;
use super::json_parts::{Capped, PropertiesCap, Raw, TilesCap, key_in, offset_in, parse_whole};
use super::limits::{Budget, TilesetImage};
use super::tmx;
use super::{Place, SceneTile, SceneTileset, Source, TileImage};
use crate::files::{FileError, read_text};
use crate::map::map_path::{MapReach, map_path};

/// A tileset as a map names it (`firstgid`, and a `source` file or the tileset written out) or
/// as a `.tsj` file writes it.
#[derive(Deserialize)]
pub(super) struct JsonTileset<'text> {
    #[serde(default)]
    pub(super) firstgid: Option<u32>,
    #[serde(default)]
    pub(super) source: Option<String>,
    #[serde(default)]
    name: String,
    #[serde(default)]
    tilecount: u32,
    #[serde(default)]
    image: Option<String>,
    #[serde(default)]
    imagewidth: Option<u64>,
    #[serde(default)]
    imageheight: Option<u64>,
    #[serde(default)]
    tilewidth: u32,
    #[serde(default)]
    tileheight: u32,
    #[serde(default)]
    columns: u32,
    #[serde(default)]
    spacing: u32,
    #[serde(default)]
    margin: u32,
    #[serde(default, borrow)]
    tiles: Capped<Raw<'text>, TilesCap>,
}

#[derive(Deserialize)]
pub(super) struct JsonTile<'text> {
    id: u32,
    #[serde(default, rename = "type", alias = "class")]
    class: String,
    #[serde(default, borrow)]
    properties: Capped<Raw<'text>, PropertiesCap>,
}

/// A tileset written out in JSON (in the map, or in a `.tsj` file: `sources[source]`).
pub(super) fn tileset_written<'text>(
    json: Json<'text>,
    tileset: &JsonTileset<'text>,
    part: Raw<'text>,
    source: usize,
    folder: &Path,
    budget: &mut Budget,
) -> Result<SceneTileset, FileError> {
    let start = offset_in(json.text, part);
    let count_at = key_in(json.text, part, "tilecount");
    budget
        .count_tiles(u64::from(tileset.tilecount))
        .map_err(|why| json.error(count_at, "tilecount", why))?;
    if let (Some(width), Some(height)) = (tileset.imagewidth, tileset.imageheight) {
        let image = TilesetImage {
            width,
            height,
            tile_width: u64::from(tileset.tilewidth),
            tile_height: u64::from(tileset.tileheight),
            spacing: u64::from(tileset.spacing),
            margin: u64::from(tileset.margin),
        };
        image
            .holds(u64::from(tileset.tilecount))
            .map_err(|why| json.error(count_at, "tilecount", why))?;
    }
    let mut tiles = HashMap::with_capacity(tileset.tiles.0.len());
    for part in &tileset.tiles.0 {
        let at = key_in(json.text, part, "id");
        let tile: JsonTile = json.part(part)?;
        let scene_tile = SceneTile {
            class: tile.class,
            properties: json.properties(&tile.properties.0, source, budget)?,
            place: Place { source, offset: at },
        };
        tiles.insert(tile.id, scene_tile);
    }
    Ok(SceneTileset {
        name: tileset.name.clone(),
        tiles,
        folder: folder.to_path_buf(),
        tile_count: tileset.tilecount,
        image: tileset.image.as_ref().map(|image| TileImage {
            path: folder.join(image),
            tile_width: tileset.tilewidth,
            tile_height: tileset.tileheight,
            columns: tileset.columns,
            spacing: tileset.spacing,
            margin: tileset.margin,
        }),
        place: Place {
            source,
            offset: start,
        },
    })
}

/// Where a map names a tileset file: the map, and where in it.
#[derive(Clone, Copy)]
pub(super) struct Named<'text> {
    pub(super) json: Json<'text>,
    pub(super) at: usize,
    /// The index the file's text will have among the map's sources.
    pub(super) source: usize,
}

impl Named<'_> {
    /// The tileset file `name`, beside the map: `.tsj` (JSON) or `.tsx` (read by the crate);
    /// a file named again is read once. `others` are the sources after the map's.
    pub(super) fn tileset(
        self,
        name: &str,
        folder: &Path,
        reach: MapReach,
        others: &mut Vec<Source>,
        budget: &mut Budget,
        read_files: &mut HashMap<PathBuf, SceneTileset>,
    ) -> Result<SceneTileset, FileError> {
        let path = map_path(folder, name, reach).map_err(|why| {
            self.json
                .error(self.at, "source", format!("the tileset `{name}` {why}"))
        })?;
        if let Some(read) = read_files.get(&path) {
            budget
                .count_tiles(u64::from(read.tile_count))
                .map_err(|why| self.json.error(self.at, "tilecount", why))?;
            return Ok(read.clone());
        }
        let mut read = Vec::new();
        let tileset = tileset_file(&path, reach, self.source, &mut read, budget);
        others.append(&mut read);
        let tileset = tileset.map_err(|failure| match failure {
            TilesetFailure::Located(error) => error,
            TilesetFailure::Words(words) => {
                self.json
                    .error(self.at, "source", format!("the tileset `{name}`: {words}"))
            }
        })?;
        read_files.insert(path, tileset.clone());
        Ok(tileset)
    }
}

/// Why a tileset file could not be read: located in it, or words to say where it was named.
pub(super) enum TilesetFailure {
    Located(FileError),
    Words(String),
}

/// The tileset file at `path`, its text (and any file it names) pushed onto `read`, each
/// place in it counted from `source`, the index its text has among the sources.
pub(super) fn tileset_file(
    path: &Path,
    reach: MapReach,
    source: usize,
    read: &mut Vec<Source>,
    budget: &mut Budget,
) -> Result<SceneTileset, TilesetFailure> {
    let tileset_folder = path.parent().map(Path::to_path_buf).unwrap_or_default();
    if path
        .extension()
        .is_some_and(|extension| extension.eq_ignore_ascii_case("tsx"))
    {
        return tmx::external_tileset(path, reach, source, read, budget).map_err(|why| match why {
            tmx::TilesetError::File(error) => TilesetFailure::Located(error),
            tmx::TilesetError::Crate(message) => TilesetFailure::Words(message),
        });
    }
    let text = read_text(path).map_err(|error| TilesetFailure::Words(error.problem()))?;
    let file = path.display().to_string();
    let tileset = {
        let json = Json {
            file: &file,
            text: &text,
        };
        parse_whole::<Raw>(&file, &text).and_then(|part| {
            let written: JsonTileset = json.part(part)?;
            tileset_written(json, &written, part, source, &tileset_folder, budget)
        })
    };
    read.push(Source { file, text });
    tileset.map_err(TilesetFailure::Located)
}
