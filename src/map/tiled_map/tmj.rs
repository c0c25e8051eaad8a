//! Reading a `.tmj` map (Tiled's JSON, which the `tiled` crate does not read) into a scene,
//! its tilesets written in it, in `.tsj` files beside it, or in `.tsx` files read by the crate.

use std::collections::HashMap;
use std::path::Path;

use serde::Deserialize;

use super::tmx;
use super::xml_check::{find_from, value_place};
use super::{
    Place, Property, PropertyValue, SceneLayer, SceneObject, SceneTile, SceneTileset, Source,
    TileImage, TiledScene, error_in, map_name,
};
use crate::files::{FileError, read_text};
use crate::map::map_path::{MapReach, map_path};

#[derive(Deserialize)]
struct JsonMap {
    width: u32,
    height: u32,
    tilewidth: u32,
    tileheight: u32,
    #[serde(default)]
    orientation: Option<String>,
    #[serde(default)]
    infinite: bool,
    #[serde(default)]
    layers: Vec<JsonLayer>,
    #[serde(default)]
    tilesets: Vec<JsonTilesetRef>,
    #[serde(default)]
    properties: Vec<JsonProperty>,
}

#[derive(Deserialize)]
struct JsonLayer {
    #[serde(rename = "type")]
    kind: String,
    #[serde(default)]
    name: String,
    #[serde(default = "visible")]
    visible: bool,
    #[serde(default)]
    data: Option<serde_json::Value>,
    #[serde(default)]
    objects: Vec<JsonObject>,
    #[serde(default)]
    layers: Vec<JsonLayer>,
}

fn visible() -> bool {
    true
}

#[derive(Deserialize)]
struct JsonTilesetRef {
    firstgid: u32,
    #[serde(default)]
    source: Option<String>,
    #[serde(flatten)]
    inline: JsonTileset,
}

#[derive(Deserialize, Default)]
struct JsonTileset {
    #[serde(default)]
    name: String,
    #[serde(default)]
    tilecount: u32,
    #[serde(default)]
    image: Option<String>,
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
    #[serde(default)]
    tiles: Vec<JsonTile>,
}

#[derive(Deserialize)]
struct JsonTile {
    id: u32,
    #[serde(default, rename = "type", alias = "class")]
    class: String,
    #[serde(default)]
    properties: Vec<JsonProperty>,
}

#[derive(Deserialize)]
struct JsonProperty {
    name: String,
    value: serde_json::Value,
}

#[derive(Deserialize)]
struct JsonObject {
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
    #[serde(default)]
    properties: Vec<JsonProperty>,
}

/// The bits of a gid that flip and turn the tile rather than name it.
const FLIP_BITS: u32 = 0xF000_0000;

/// JSON text parsed, an error put at its line and column.
fn parse<T: serde::de::DeserializeOwned>(file: &str, text: &str) -> Result<T, FileError> {
    serde_json::from_str(text).map_err(|error| FileError::Content {
        file: file.to_string(),
        line: error.line(),
        column: error.column(),
        field: None,
        // serde_json says the place again at the end.
        message: error
            .to_string()
            .split(" at line ")
            .next()
            .unwrap_or_default()
            .to_string(),
    })
}

/// The first `"id": N` at or after `from` (spaces allowed around the colon), else `from`.
fn find_id(text: &str, from: usize, id: u32) -> usize {
    let mut at = from;
    while let Some(found) = text.get(at..).and_then(|rest| rest.find("\"id\"")) {
        let key = at + found;
        let value = text[key + 4..]
            .trim_start()
            .strip_prefix(':')
            .map(str::trim_start);
        if let Some(value) = value {
            let digits: String = value.chars().take_while(char::is_ascii_digit).collect();
            if digits.parse() == Ok(id) {
                return key;
            }
        }
        at = key + 4;
    }
    from
}

/// Read the `.tmj` map at `path` (its text already read) into a scene.
pub(super) fn read(
    path: &Path,
    file: &str,
    text: String,
    reach: MapReach,
) -> Result<TiledScene, FileError> {
    let json: JsonMap = parse(file, &text)?;
    let folder = path.parent().map(Path::to_path_buf).unwrap_or_default();
    let mut sources = vec![Source {
        file: file.to_string(),
        text,
    }];
    let at_key = |sources: &[Source], key: &str| Place {
        source: 0,
        offset: find_from(&sources[0].text, 0, &format!("\"{key}\"")),
    };
    if json
        .orientation
        .as_deref()
        .is_some_and(|orientation| orientation != "orthogonal")
    {
        let place = at_key(&sources, "orientation");
        return Err(error_in(
            &sources,
            place,
            "orientation",
            "the map is not orthogonal: a battle is fought on square tiles",
        ));
    }
    if json.infinite {
        let place = at_key(&sources, "infinite");
        return Err(error_in(
            &sources,
            place,
            "infinite",
            "the map is infinite: make it a fixed size (Map > Map Properties > Infinite)",
        ));
    }
    let mut tilesets = Vec::with_capacity(json.tilesets.len());
    let mut firsts = Vec::with_capacity(json.tilesets.len());
    for (index, reference) in json.tilesets.iter().enumerate() {
        let start = sources[0]
            .text
            .match_indices("\"firstgid\"")
            .nth(index)
            .map_or(0, |(at, _)| at);
        let tileset = match &reference.source {
            None => inline_tileset(&reference.inline, &sources, 0, start, &folder),
            Some(name) => external_tileset(
                name,
                &folder,
                reach,
                &mut sources,
                Place {
                    source: 0,
                    offset: start,
                },
            )?,
        };
        firsts.push((reference.firstgid, tileset.tile_count));
        tilesets.push(SceneTileset {
            place: Place {
                source: 0,
                offset: start,
            },
            ..tileset
        });
    }
    let mut layers = Vec::new();
    let mut objects = Vec::new();
    let mut tile_layers_met = 0;
    let mut walk = vec![json.layers.iter()];
    while let Some(list) = walk.last_mut() {
        let Some(layer) = list.next() else {
            walk.pop();
            continue;
        };
        match layer.kind.as_str() {
            "tilelayer" => {
                let data_at = sources[0]
                    .text
                    .match_indices("\"data\"")
                    .nth(tile_layers_met)
                    .map_or(0, |(at, _)| at);
                tile_layers_met += 1;
                if !layer.visible {
                    continue;
                }
                let data_at = Place {
                    source: 0,
                    offset: data_at,
                };
                let cells = cells(layer, &firsts, json.width, json.height)
                    .map_err(|message| error_in(&sources, data_at, "data", message))?;
                layers.push(SceneLayer {
                    name: layer.name.clone(),
                    cells,
                    data_at,
                });
            }
            "objectgroup" => {
                let first = find_from(&sources[0].text, 0, "\"objects\"");
                for object in &layer.objects {
                    let at = find_id(&sources[0].text, first, object.id);
                    objects.push(SceneObject {
                        id: object.id,
                        name: object.name.clone(),
                        class: object.class.clone(),
                        x: object.x,
                        y: object.y,
                        width: object.width,
                        height: object.height,
                        is_tile: object.gid.is_some(),
                        properties: properties(&object.properties, &sources[0].text, 0, at),
                        place: Place {
                            source: 0,
                            offset: at,
                        },
                    });
                }
            }
            "group" => walk.push(layer.layers.iter()),
            _ => {}
        }
    }
    let text_property = |name: &str| {
        json.properties
            .iter()
            .find(|property| property.name == name)
            .and_then(|property| property.value.as_str().map(str::to_string))
    };
    Ok(TiledScene {
        name: map_name(path, text_property("name")),
        description: text_property("description").unwrap_or_default(),
        width: json.width,
        height: json.height,
        tile_width: json.tilewidth,
        tile_height: json.tileheight,
        tilesets,
        layers,
        objects,
        sources,
    })
}

/// A layer's cells, each gid made a tileset and tile id.
fn cells(
    layer: &JsonLayer,
    firsts: &[(u32, u32)],
    width: u32,
    height: u32,
) -> Result<Vec<Option<(usize, u32)>>, String> {
    let Some(serde_json::Value::Array(data)) = &layer.data else {
        return Err(format!(
            "the layer `{}` is not saved as CSV (Map > Map Properties > Tile Layer Format)",
            layer.name
        ));
    };
    let area = width as usize * height as usize;
    if data.len() != area {
        return Err(format!(
            "the layer `{}` has {} cells; a {width}x{height} map has {area}",
            layer.name,
            data.len()
        ));
    }
    data.iter()
        .enumerate()
        .map(|(cell, value)| {
            let gid = value
                .as_u64()
                .and_then(|gid| u32::try_from(gid).ok())
                .ok_or_else(|| format!("cell {cell} holds `{value}`, not a tile number"))?
                & !FLIP_BITS;
            if gid == 0 {
                return Ok(None);
            }
            let tileset = firsts
                .iter()
                .enumerate()
                .filter(|(_, (first, _))| *first <= gid)
                .max_by_key(|(_, (first, _))| *first)
                .map(|(index, (first, count))| (index, gid - first, *count))
                .filter(|(_, id, count)| *count == 0 || id < count)
                .map(|(index, id, _)| (index, id))
                .ok_or_else(|| format!("cell {cell} holds tile {gid}, which is in no tileset"))?;
            Ok(Some(tileset))
        })
        .collect()
}

/// A tileset written out in JSON (in the map, or in a `.tsj` file), at `start` in a source.
fn inline_tileset(
    tileset: &JsonTileset,
    sources: &[Source],
    source: usize,
    start: usize,
    folder: &Path,
) -> SceneTileset {
    let text = &sources[source].text;
    let tiles_at = find_from(text, start, "\"tiles\"");
    let tiles: HashMap<u32, SceneTile> = tileset
        .tiles
        .iter()
        .map(|tile| {
            let at = find_id(text, tiles_at, tile.id);
            let scene_tile = SceneTile {
                class: tile.class.clone(),
                properties: properties(&tile.properties, text, source, at),
                place: Place { source, offset: at },
            };
            (tile.id, scene_tile)
        })
        .collect();
    SceneTileset {
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
    }
}

/// A tileset in its own file beside the map: `.tsj` (JSON) or `.tsx` (read by the crate).
pub(super) fn external_tileset(
    name: &str,
    folder: &Path,
    reach: MapReach,
    sources: &mut Vec<Source>,
    at: Place,
) -> Result<SceneTileset, FileError> {
    let path = map_path(folder, name, reach)
        .map_err(|why| error_in(sources, at, "source", format!("the tileset `{name}` {why}")))?;
    let tileset_folder = path.parent().map(Path::to_path_buf).unwrap_or_default();
    if path
        .extension()
        .is_some_and(|extension| extension.eq_ignore_ascii_case("tsx"))
    {
        return tmx::external_tileset(&path, reach, sources).map_err(|why| match why {
            tmx::TilesetError::File(error) => error,
            tmx::TilesetError::Crate(message) => error_in(sources, at, "source", message),
        });
    }
    let text = read_text(&path).map_err(|error| {
        error_in(
            sources,
            at,
            "source",
            format!("cannot read `{name}`: {error}"),
        )
    })?;
    let file = path.display().to_string();
    let tileset: JsonTileset = parse(&file, &text)?;
    sources.push(Source { file, text });
    let source = sources.len() - 1;
    Ok(inline_tileset(
        &tileset,
        sources,
        source,
        0,
        &tileset_folder,
    ))
}

/// The properties we read (text, numbers, flags), each found after `from` in its source.
fn properties(
    properties: &[JsonProperty],
    text: &str,
    source: usize,
    from: usize,
) -> Vec<Property> {
    properties
        .iter()
        .filter_map(|property| {
            let value = match &property.value {
                serde_json::Value::Bool(flag) => PropertyValue::Flag(*flag),
                serde_json::Value::Number(number) => PropertyValue::Number(number.as_f64()?),
                serde_json::Value::String(text) => PropertyValue::Text(text.clone()),
                _ => return None,
            };
            Some(Property {
                name: property.name.clone(),
                value,
                place: Place {
                    source,
                    offset: value_place(
                        text,
                        find_from(text, from, &format!("\"{}\"", property.name)),
                        "\"value\":",
                        '}',
                    ),
                },
            })
        })
        .collect()
}
