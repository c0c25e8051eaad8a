//! Reading a `.tmj` map (Tiled's JSON, which the `tiled` crate does not read) into a scene,
//! its tilesets written in it, in `.tsj` files beside it, or in `.tsx` files read by the crate.
//! Each part is read as written (`json_parts`), its lists no longer than the limits and the
//! whole map within one budget, and takes its place from where it is written.

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use serde::Deserialize;

use super::json_parts::{
    Capped, CellsCap, LayersCap, ObjectsCap, PropertiesCap, Raw, TilesCap, TilesetsCap, key_in,
    offset_in, parse_part, parse_whole,
};
use super::limits::{Budget, MAX_DEPTH, TilesetImage};
use super::tmx;
use super::{
    Place, Property, PropertyValue, SceneLayer, SceneObject, SceneTile, SceneTileset, Source,
    TileImage, TiledScene, map_name,
};
use crate::files::{FileError, read_text};
use crate::map::map_path::{MapReach, map_path};

#[derive(Deserialize)]
struct JsonMap<'text> {
    width: u32,
    height: u32,
    tilewidth: u32,
    tileheight: u32,
    #[serde(default)]
    orientation: Option<String>,
    #[serde(default)]
    infinite: bool,
    #[serde(default, borrow)]
    layers: Capped<Raw<'text>, LayersCap>,
    #[serde(default, borrow)]
    tilesets: Capped<Raw<'text>, TilesetsCap>,
    #[serde(default, borrow)]
    properties: Capped<Raw<'text>, PropertiesCap>,
}

#[derive(Deserialize)]
struct JsonLayer<'text> {
    #[serde(rename = "type")]
    kind: String,
    #[serde(default)]
    name: String,
    #[serde(default = "visible")]
    visible: bool,
    #[serde(default, borrow)]
    data: Option<Raw<'text>>,
    #[serde(default, borrow)]
    objects: Capped<Raw<'text>, ObjectsCap>,
    #[serde(default, borrow)]
    layers: Capped<Raw<'text>, LayersCap>,
}

fn visible() -> bool {
    true
}

/// A tileset as a map names it (`firstgid`, and a `source` file or the tileset written out) or
/// as a `.tsj` file writes it.
#[derive(Deserialize)]
struct JsonTileset<'text> {
    #[serde(default)]
    firstgid: Option<u32>,
    #[serde(default)]
    source: Option<String>,
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
struct JsonTile<'text> {
    id: u32,
    #[serde(default, rename = "type", alias = "class")]
    class: String,
    #[serde(default, borrow)]
    properties: Capped<Raw<'text>, PropertiesCap>,
}

#[derive(Deserialize)]
struct JsonProperty {
    name: String,
    value: serde_json::Value,
}

#[derive(Deserialize)]
struct JsonObject<'text> {
    id: u32,
    #[serde(default)]
    name: String,
    #[serde(default, rename = "type", alias = "class")]
    class: String,
    x: f32,
    y: f32,
    #[serde(default)]
    width: f32,
    #[serde(default)]
    height: f32,
    #[serde(default)]
    gid: Option<u32>,
    #[serde(default, borrow)]
    properties: Capped<Raw<'text>, PropertiesCap>,
}

/// The bits of a gid that flip and turn the tile rather than name it.
const FLIP_BITS: u32 = 0xF000_0000;

/// One JSON file being read: its name and text.
#[derive(Clone, Copy)]
struct Json<'text> {
    file: &'text str,
    text: &'text str,
}

impl<'text> Json<'text> {
    fn error(&self, at: usize, field: &str, message: impl Into<String>) -> FileError {
        FileError::in_field(
            self.file,
            self.text,
            at,
            (!field.is_empty()).then(|| field.to_string()),
            message,
        )
    }

    fn part<T: Deserialize<'text>>(&self, part: Raw<'text>) -> Result<T, FileError> {
        parse_part(self.file, self.text, part)
    }

    /// The properties we read (text, numbers, flags), each placed at its value, from `source`.
    fn properties(
        &self,
        written: &[Raw<'text>],
        source: usize,
        budget: &mut Budget,
    ) -> Result<Vec<Property>, FileError> {
        let mut read = Vec::with_capacity(written.len());
        for part in written {
            budget
                .count_property()
                .map_err(|why| self.error(offset_in(self.text, part), "properties", why))?;
            let property: JsonProperty = self.part(part)?;
            let value = match &property.value {
                serde_json::Value::Bool(flag) => PropertyValue::Flag(*flag),
                serde_json::Value::Number(number) => match number.as_f64() {
                    Some(number) => PropertyValue::Number(number),
                    None => continue,
                },
                serde_json::Value::String(text) => PropertyValue::Text(text.clone()),
                _ => continue,
            };
            let key = key_in(self.text, part, "value");
            let offset = self.text[key..]
                .find(':')
                .map_or(key, |colon| key + colon + 1);
            read.push(Property {
                name: property.name,
                value,
                place: Place { source, offset },
            });
        }
        Ok(read)
    }
}

/// Read the `.tmj` map at `path` (its text already read) into a scene.
pub(super) fn read(
    path: &Path,
    file: &str,
    text: String,
    reach: MapReach,
) -> Result<TiledScene, FileError> {
    let folder = path.parent().map(Path::to_path_buf).unwrap_or_default();
    let mut budget = Budget::default();
    let mut others = Vec::new();
    let read = {
        let json = Json { file, text: &text };
        read_map(json, &folder, reach, &mut budget, &mut others)
    };
    let parts = read?;
    let mut sources = vec![Source {
        file: file.to_string(),
        text,
    }];
    sources.append(&mut others);
    Ok(TiledScene {
        name: map_name(path, parts.name),
        description: parts.description.unwrap_or_default(),
        width: parts.width,
        height: parts.height,
        tile_width: parts.tile_width,
        tile_height: parts.tile_height,
        tilesets: parts.tilesets,
        layers: parts.layers,
        objects: parts.objects,
        sources,
    })
}

/// A map's parts, read.
struct MapParts {
    name: Option<String>,
    description: Option<String>,
    width: u32,
    height: u32,
    tile_width: u32,
    tile_height: u32,
    tilesets: Vec<SceneTileset>,
    layers: Vec<SceneLayer>,
    objects: Vec<SceneObject>,
}

fn read_map(
    json: Json<'_>,
    folder: &Path,
    reach: MapReach,
    budget: &mut Budget,
    others: &mut Vec<Source>,
) -> Result<MapParts, FileError> {
    let mut map: JsonMap = parse_whole(json.file, json.text)?;
    let at_key = |key: &str| json.text.find(&format!("\"{key}\"")).unwrap_or(0);
    if map
        .orientation
        .as_deref()
        .is_some_and(|orientation| orientation != "orthogonal")
    {
        return Err(json.error(
            at_key("orientation"),
            "orientation",
            "the map is not orthogonal: a battle is fought on square tiles",
        ));
    }
    if map.infinite {
        return Err(json.error(
            at_key("infinite"),
            "infinite",
            "the map is infinite: make it a fixed size (Map > Map Properties > Infinite)",
        ));
    }
    let area = map.width as usize * map.height as usize;
    if !(1..=crate::map::MAX_MAP_SIDE).contains(&(map.width as usize))
        || !(1..=crate::map::MAX_MAP_SIDE).contains(&(map.height as usize))
    {
        return Err(json.error(
            at_key("width"),
            "width",
            format!(
                "the map is {}x{} tiles; a map is 1 to {side} tiles each way",
                map.width,
                map.height,
                side = crate::map::MAX_MAP_SIDE
            ),
        ));
    }
    let mut tilesets = Vec::with_capacity(map.tilesets.0.len());
    let mut read_files: HashMap<PathBuf, SceneTileset> = HashMap::new();
    for part in &map.tilesets.0 {
        let start = key_in(json.text, part, "firstgid");
        budget
            .count_tileset()
            .map_err(|why| json.error(start, "tileset", why))?;
        let written: JsonTileset = json.part(part)?;
        let place = Place {
            source: 0,
            offset: start,
        };
        let Some(first) = written.firstgid else {
            return Err(json.error(start, "firstgid", "the tileset says no `firstgid`"));
        };
        let tileset = match &written.source {
            None => tileset_written(json, &written, part, 0, folder, budget)?,
            Some(name) => {
                let named = Named {
                    json,
                    at: start,
                    source: others.len() + 1,
                };
                named.tileset(name, folder, reach, others, budget, &mut read_files)?
            }
        };
        tilesets.push((first, SceneTileset { place, ..tileset }));
    }
    // A gid's tileset is the last one whose first gid is at most it.
    let mut firsts: Vec<(u32, usize, u32)> = tilesets
        .iter()
        .enumerate()
        .map(|(index, (first, tileset))| (*first, index, tileset.tile_count))
        .collect();
    firsts.sort_by_key(|(first, _, _)| *first);
    let mut layers = Vec::new();
    let mut objects = Vec::new();
    let mut walk = vec![std::mem::take(&mut map.layers.0).into_iter()];
    while let Some(list) = walk.last_mut() {
        let Some(part) = list.next() else {
            walk.pop();
            continue;
        };
        let start = offset_in(json.text, part);
        budget
            .count_layer()
            .map_err(|why| json.error(start, "layer", why))?;
        let layer: JsonLayer = json.part(part)?;
        match layer.kind.as_str() {
            "tilelayer" => {
                budget
                    .count_cells(area)
                    .map_err(|why| json.error(start, "layer", why))?;
                let data_at = data_place(json.text, &layer, start);
                if !layer.visible {
                    continue;
                }
                let cells = cells(json, &layer, &firsts, area, data_at)?;
                layers.push(SceneLayer {
                    name: layer.name,
                    cells,
                    data_at: Place {
                        source: 0,
                        offset: data_at,
                    },
                });
            }
            "objectgroup" => {
                for part in &layer.objects.0 {
                    let at = key_in(json.text, part, "id");
                    budget
                        .count_object()
                        .map_err(|why| json.error(at, "objects", why))?;
                    let object: JsonObject = json.part(part)?;
                    objects.push(SceneObject {
                        id: object.id,
                        name: object.name,
                        class: object.class,
                        x: object.x,
                        y: object.y,
                        width: object.width,
                        height: object.height,
                        is_tile: object.gid.is_some(),
                        properties: json.properties(&object.properties.0, 0, budget)?,
                        place: Place {
                            source: 0,
                            offset: at,
                        },
                    });
                }
            }
            "group" => {
                if walk.len() >= MAX_DEPTH {
                    return Err(json.error(
                        start,
                        "layers",
                        format!("groups are nested more than {MAX_DEPTH} deep"),
                    ));
                }
                walk.push(layer.layers.0.into_iter());
            }
            _ => {}
        }
    }
    let properties = json.properties(&map.properties.0, 0, budget)?;
    let text_property = |name: &str| {
        properties
            .iter()
            .find(|property| property.name == name)
            .and_then(|property| match &property.value {
                PropertyValue::Text(text) => Some(text.clone()),
                _ => None,
            })
    };
    Ok(MapParts {
        name: text_property("name"),
        description: text_property("description"),
        width: map.width,
        height: map.height,
        tile_width: map.tilewidth,
        tile_height: map.tileheight,
        tilesets: tilesets.into_iter().map(|(_, tileset)| tileset).collect(),
        layers,
        objects,
    })
}

/// Where a layer's `"data"` key is written (else where the layer begins).
fn data_place(text: &str, layer: &JsonLayer<'_>, start: usize) -> usize {
    layer.data.map_or(start, |data| {
        let value = offset_in(text, data);
        text[start..value]
            .rfind("\"data\"")
            .map_or(value, |key| start + key)
    })
}

/// A layer's cells, each gid made a tileset and tile id.
fn cells(
    json: Json<'_>,
    layer: &JsonLayer<'_>,
    firsts: &[(u32, usize, u32)],
    area: usize,
    data_at: usize,
) -> Result<Vec<Option<(usize, u32)>>, FileError> {
    let at_data = |message: String| json.error(data_at, "data", message);
    let written = layer.data.filter(|data| data.get().starts_with('['));
    let Some(written) = written else {
        return Err(at_data(format!(
            "the layer `{}` is not saved as CSV (Map > Map Properties > Tile Layer Format)",
            layer.name
        )));
    };
    let data: Capped<Raw, CellsCap> = json.part(written)?;
    if data.0.len() != area {
        return Err(at_data(format!(
            "the layer `{}` has {} cells; the map has {area}",
            layer.name,
            data.0.len()
        )));
    }
    data.0
        .iter()
        .enumerate()
        .map(|(cell, value)| {
            let gid = value.get().parse::<u32>().map_err(|_| {
                at_data(format!("cell {cell} holds `{}`, not a tile number", value))
            })? & !FLIP_BITS;
            if gid == 0 {
                return Ok(None);
            }
            let last = firsts.partition_point(|(first, _, _)| *first <= gid);
            last.checked_sub(1)
                .map(|found| firsts[found])
                .map(|(first, index, count)| (index, gid - first, count))
                .filter(|(_, id, count)| *count == 0 || id < count)
                .map(|(index, id, _)| Some((index, id)))
                .ok_or_else(|| {
                    at_data(format!(
                        "cell {cell} holds tile {gid}, which is in no tileset"
                    ))
                })
        })
        .collect()
}

/// A tileset written out in JSON (in the map, or in a `.tsj` file: `sources[source]`).
fn tileset_written<'text>(
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
struct Named<'text> {
    json: Json<'text>,
    at: usize,
    /// The index the file's text will have among the map's sources.
    source: usize,
}

impl Named<'_> {
    /// The tileset file `name`, beside the map: `.tsj` (JSON) or `.tsx` (read by the crate);
    /// a file named again is read once. `others` are the sources after the map's.
    fn tileset(
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
