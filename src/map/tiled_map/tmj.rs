//! Reading a `.tmj` map (Tiled's JSON, which the `tiled` crate does not read) into a scene,
//! its tilesets written in it, in `.tsj` files beside it, or in `.tsx` files read by the crate
//! (`tsj.rs`).
//! Each part is read as written (`json_parts`), its lists no longer than the limits and the
//! whole map within one budget, and takes its place from where it is written.

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use serde::Deserialize;

use super::json_parts::Json;
use super::json_parts::{
    Capped, CellsCap, LayersCap, ObjectsCap, PropertiesCap, Raw, TilesetsCap, key_in, offset_in,
    parse_whole,
};
use super::limits::{Budget, MAX_DEPTH};
use super::tsj::{JsonTileset, Named, tileset_written};
use super::{
    Place, PropertyValue, SceneLayer, SceneObject, SceneTileset, Source, TiledScene, map_name,
};
use crate::files::FileError;
use crate::map::map_path::MapReach;

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
