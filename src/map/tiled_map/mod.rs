//! Maps drawn in Tiled, the editor most map makers use: `.tmx` (read by the `tiled` crate) and
//! `.tmj` (its JSON, which the crate does not read). Either is first read into a [`TiledScene`]
//! (the size, the tile layers, each tileset's tiles with their class and properties, the
//! objects), every part knowing where it was written; then each cell's terrain is found and the
//! objects become units and exits. docs/FORMATS.md, "Maps from Tiled", says how a tile is read.

mod art;
mod json_parts;
mod layer_data;
pub mod limits;
mod mapping;
mod tileset_check;
mod tmj;
mod tmx;
mod tsj;
mod units;
mod xml_check;

use std::collections::HashMap;
use std::ops::Range;
use std::path::{Path, PathBuf};

pub use art::{ART_PIXELS, TileArt, TileImage, tile_pictures};
pub use mapping::{TilesetMapping, mapping_file_name};
pub use tileset_check::{TilesetAlone, is_tileset, tileset_summary};

use super::map_path::MapReach;
use super::{GridMap, Terrain, TerrainKind, Tile};
use crate::files::{FileError, read_text};

/// Whether a path names a Tiled map (by its extension: `.tmx` or `.tmj`).
pub fn is_tiled(path: &Path) -> bool {
    path.extension()
        .and_then(|extension| extension.to_str())
        .is_some_and(|extension| {
            extension.eq_ignore_ascii_case("tmx") || extension.eq_ignore_ascii_case("tmj")
        })
}

/// Whether a path names a tileset's mapping file (`NAME.gridkeeper.ron`).
pub fn is_mapping(path: &Path) -> bool {
    path.file_name()
        .and_then(|name| name.to_str())
        .is_some_and(|name| name.ends_with(".gridkeeper.ron"))
}

/// A file read for a Tiled map (the map, an external tileset, a mapping): its name in errors
/// and its text, to say where a problem is.
#[derive(Debug, Clone)]
pub struct Source {
    pub file: String,
    pub text: String,
}

/// A place in one of a scene's sources: the source's index and a byte offset in its text.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Place {
    pub source: usize,
    pub offset: usize,
}

/// A custom property's value, as far as we read them.
#[derive(Debug, Clone, PartialEq)]
pub enum PropertyValue {
    Text(String),
    Number(f64),
    Flag(bool),
}

impl PropertyValue {
    /// The value as a mapping file's `properties` compares it: `true`, `3`, `stone`.
    pub fn as_text(&self) -> String {
        match self {
            Self::Text(text) => text.clone(),
            Self::Number(number) => number.to_string(),
            Self::Flag(flag) => flag.to_string(),
        }
    }
}

/// A custom property of a tile or an object.
#[derive(Debug, Clone)]
pub struct Property {
    pub name: String,
    pub value: PropertyValue,
    pub place: Place,
}

/// A tile of a tileset that has a class or properties.
#[derive(Debug, Clone, Default)]
pub struct SceneTile {
    pub class: String,
    pub properties: Vec<Property>,
    pub place: Place,
}

/// A tileset as the map uses it.
#[derive(Debug, Clone)]
pub struct SceneTileset {
    pub name: String,
    /// Its tiles with a class or properties, by id.
    pub tiles: HashMap<u32, SceneTile>,
    /// Where its mapping file would be: the folder of the tileset's file (the map's, for a
    /// tileset written in the map).
    pub folder: PathBuf,
    pub place: Place,
    /// How many tiles it has (0 where it does not say).
    pub tile_count: u32,
    /// Its image, where its tiles are cut from one.
    pub image: Option<TileImage>,
}

/// One tile layer: per cell, row by row, the tileset (an index into the scene's) and tile id.
#[derive(Debug, Clone)]
pub struct SceneLayer {
    pub name: String,
    pub cells: Vec<Option<(usize, u32)>>,
    /// Where the layer's data begins: the cells are written after it, separated by commas,
    /// where the map is saved as CSV.
    pub data_at: Place,
}

/// An object of an object layer, in pixels, its place as Tiled draws it.
#[derive(Debug, Clone)]
pub struct SceneObject {
    pub id: u32,
    pub name: String,
    pub class: String,
    pub x: f32,
    pub y: f32,
    pub width: f32,
    pub height: f32,
    /// A tile object, whose `y` is its bottom edge.
    pub is_tile: bool,
    pub properties: Vec<Property>,
    pub place: Place,
}

/// A Tiled map as read, before any of it is made terrain.
#[derive(Debug, Clone)]
pub struct TiledScene {
    pub sources: Vec<Source>,
    pub name: String,
    pub description: String,
    pub width: u32,
    pub height: u32,
    pub tile_width: u32,
    pub tile_height: u32,
    pub tilesets: Vec<SceneTileset>,
    /// The visible tile layers, the lowest first.
    pub layers: Vec<SceneLayer>,
    pub objects: Vec<SceneObject>,
}

/// A unit a Tiled map places: a roster entry, under a name, on a side.
#[derive(Debug, Clone, PartialEq)]
pub struct TiledUnit {
    pub name: String,
    /// The rulebook's roster entry it is (the object's `roster` property, else its name).
    pub roster: String,
    /// The side's id (the object's `side` property).
    pub side: Option<String>,
    pub tile: Tile,
    /// Where the object is written, and its `roster` and `side` properties (the object's own
    /// place where it has none).
    pub place: Place,
    pub roster_at: Place,
    pub side_at: Place,
}

/// A Tiled map made a battlefield: the grid, and the units and exits its objects place.
#[derive(Debug, Clone)]
pub struct TiledMap {
    pub map: GridMap,
    pub units: Vec<TiledUnit>,
    pub exits: Vec<Tile>,
    pub sources: Vec<Source>,
}

impl TiledMap {
    /// Read and make a battlefield of the Tiled map at `path`; the tilesets and mapping files it
    /// needs are read from its folder (or anywhere, as `reach` allows).
    pub fn load(path: &Path, reach: MapReach) -> Result<Self, FileError> {
        Self::parse(path, read_text(path)?, reach)
    }

    /// [`TiledMap::load`] of a map whose text is already read.
    pub fn parse(path: &Path, text: String, reach: MapReach) -> Result<Self, FileError> {
        let file = path.display().to_string();
        let scene = if path
            .extension()
            .is_some_and(|extension| extension.eq_ignore_ascii_case("tmj"))
        {
            tmj::read(path, &file, text, reach)?
        } else {
            tmx::read(path, &file, text, reach)?
        };
        scene.battlefield(reach)
    }

    /// An error at a place in one of the map's sources.
    pub fn error_at(&self, place: Place, field: &str, message: impl Into<String>) -> FileError {
        error_in(&self.sources, place, field, message)
    }
}

/// An error at `place` among `sources`, in the field named.
fn error_in(
    sources: &[Source],
    place: Place,
    field: &str,
    message: impl Into<String>,
) -> FileError {
    let source = &sources[place.source.min(sources.len().saturating_sub(1))];
    FileError::in_field(
        &source.file,
        &source.text,
        place.offset,
        (!field.is_empty()).then(|| field.to_string()),
        message,
    )
}

/// A map's name: its `name` property, else its file's name without the extension.
fn map_name(path: &Path, property: Option<String>) -> String {
    property.unwrap_or_else(|| {
        path.file_stem()
            .map(|stem| stem.to_string_lossy().into_owned())
            .unwrap_or_default()
    })
}

/// The terrain of a cell where no layer has a tile: nothing to stand on or see through.
fn void() -> Terrain {
    Terrain {
        name: "nothing".to_string(),
        ..TerrainKind::Wall.terrain()
    }
}

/// A kind named as a person might: `LowCover`, `low cover`, `low_cover`.
fn kind_named(name: &str) -> Option<TerrainKind> {
    let plain = |text: &str| {
        text.chars()
            .filter(char::is_ascii_alphanumeric)
            .map(|letter| letter.to_ascii_lowercase())
            .collect::<String>()
    };
    let wanted = plain(name);
    TerrainKind::ALL
        .into_iter()
        .find(|kind| plain(&format!("{kind:?}")) == wanted || plain(kind.label()) == wanted)
}

impl TiledScene {
    /// An error at a place in the scene's sources.
    fn error(&self, place: Place, field: &str, message: impl Into<String>) -> FileError {
        error_in(&self.sources, place, field, message)
    }

    /// The place of cell `cell` in a layer's data: after as many commas as cells before it,
    /// where the layer is written as CSV; else where the data begins.
    fn cell_place(&self, layer: &SceneLayer, cell: usize) -> Place {
        let text = &self.sources[layer.data_at.source].text;
        let data = text.get(layer.data_at.offset..).unwrap_or_default();
        let opening = data.find(['>', '[']).map_or(0, |at| at + 1);
        let mut offset = layer.data_at.offset + opening;
        let mut commas = 0;
        for (index, character) in data[opening.min(data.len())..].char_indices() {
            if commas == cell && character.is_ascii_digit() {
                offset = layer.data_at.offset + opening + index;
                break;
            }
            match character {
                ',' => commas += 1,
                '<' | ']' | '"' => break,
                _ => {}
            }
        }
        Place {
            source: layer.data_at.source,
            offset,
        }
    }

    /// The grid, and the units and exits of the objects. The map's size was bounded as it was
    /// read (1 to 512 tiles each way, by both readers).
    fn battlefield(mut self, reach: MapReach) -> Result<TiledMap, FileError> {
        let mappings = self.read_mappings(reach)?;
        let mut map = GridMap::filled(&self.name, self.width, self.height, void());
        map.description = self.description.clone();
        let mut known: HashMap<(usize, u32), Option<Terrain>> = HashMap::new();
        for cell in 0..map.area() {
            let mut unmapped = None;
            let mut found = None;
            for layer in self.layers.iter().rev() {
                let Some(Some((tileset, id))) = layer.cells.get(cell).copied() else {
                    continue;
                };
                let terrain = match known.get(&(tileset, id)) {
                    Some(terrain) => terrain.clone(),
                    None => {
                        let terrain = self.tile_terrain(tileset, id, mappings[tileset].as_ref())?;
                        known.insert((tileset, id), terrain.clone());
                        terrain
                    }
                };
                if terrain.is_some() {
                    found = terrain;
                    break;
                }
                unmapped.get_or_insert((layer, tileset, id));
            }
            let tile = map.tile_at(cell);
            match (found, unmapped) {
                (Some(terrain), _) => map.set_terrain(tile, terrain),
                (None, Some((layer, tileset, id))) => {
                    let tileset = &self.tilesets[tileset];
                    return Err(self.error(
                        self.cell_place(layer, cell),
                        &format!("layer `{}`", layer.name),
                        format!(
                            "tile {id} of the tileset `{}` at {tile} has no terrain: give it a \
                             `terrain` property or a class that names a kind, or map the \
                             tileset in `{}` beside it",
                            tileset.name,
                            mapping_file_name(&tileset.name)
                        ),
                    ));
                }
                (None, None) => {}
            }
        }
        let (units, exits) = self.placements(&map)?;
        let folder = Path::new(&self.sources[0].file)
            .parent()
            .map(Path::to_path_buf)
            .unwrap_or_default();
        map.art = art::paint(&self, &folder, reach).map(std::sync::Arc::new);
        Ok(TiledMap {
            map,
            units,
            exits,
            sources: std::mem::take(&mut self.sources),
        })
    }

    /// Each tileset's mapping file, where it has one; every one read becomes a source.
    fn read_mappings(&mut self, reach: MapReach) -> Result<Vec<Option<TilesetMapping>>, FileError> {
        let mut mappings = Vec::with_capacity(self.tilesets.len());
        for index in 0..self.tilesets.len() {
            let tileset = &self.tilesets[index];
            let read = mapping::read(&tileset.folder, &tileset.name, reach).map_err(|error| {
                let place = tileset.place;
                match error {
                    mapping::MappingError::File(error) => error,
                    mapping::MappingError::Path(why) => self.error(place, "tileset", why),
                }
            })?;
            mappings.push(read.map(|(mapping, source)| {
                self.sources.push(source);
                mapping
            }));
        }
        Ok(mappings)
    }

    /// The terrain of one tile of a tileset, first found of: the tileset's mapping, the tile's
    /// own `terrain` property, its class naming a kind, the tileset being our own; `None` where
    /// nothing gives it one.
    fn tile_terrain(
        &self,
        tileset: usize,
        id: u32,
        mapping: Option<&TilesetMapping>,
    ) -> Result<Option<Terrain>, FileError> {
        let set = &self.tilesets[tileset];
        let tile = set.tiles.get(&id);
        if let Some(mapping) = mapping
            && let Some(entry) = mapping.entry(id, tile)
        {
            return Ok(Some(entry.terrain()));
        }
        if let Some(tile) = tile {
            if let Some(terrain) = mapping::own_terrain(tile, |place, field, message| {
                self.error(place, field, message)
            })? {
                return Ok(Some(terrain));
            }
            if let Some(kind) = kind_named(&tile.class) {
                return Ok(Some(kind.terrain()));
            }
        }
        if set.name.eq_ignore_ascii_case("gridkeeper") {
            return Ok(TerrainKind::ALL.get(id as usize).map(|kind| kind.terrain()));
        }
        Ok(mapping.and_then(|mapping| mapping.otherwise.as_ref().map(|entry| entry.terrain())))
    }

    /// The columns and rows of the tiles whose centres an object's rectangle (its top at
    /// `top`) covers: a centre is inside when it is inside both ways.
    fn covered_tiles(&self, object: &SceneObject, top: f32) -> (Range<u32>, Range<u32>) {
        let (tile_width, tile_height) = (self.tile_width as f32, self.tile_height as f32);
        let centres = |from: f32, length: f32, tile: f32, count: u32| {
            let inside =
                |index: u32| (from..from + length).contains(&((index as f32 + 0.5) * tile));
            // Around where arithmetic puts the ends, one either side for rounding.
            let guess = |at: f32| {
                #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
                let index = (at / tile.max(1.0)).clamp(0.0, count as f32) as u32;
                index
            };
            let first = (guess(from).saturating_sub(1)..count.min(guess(from) + 2))
                .find(|index| inside(*index));
            let Some(first) = first else {
                return 0..0;
            };
            let end = guess(from + length).max(first);
            let last = (end.saturating_sub(1)..count.min(end + 2))
                .rev()
                .find(|index| inside(*index))
                .unwrap_or(first);
            first..last.max(first) + 1
        };
        (
            centres(object.x, object.width, tile_width, self.width),
            centres(top, object.height, tile_height, self.height),
        )
    }

    /// The exits' tiles, each once however many exit objects cover it, row by row; an exit on
    /// a tile no unit can stand on is the first object's that covers it.
    fn exit_tiles(&self, areas: &[ExitArea<'_>], map: &GridMap) -> Result<Vec<Tile>, FileError> {
        let (width, height) = (map.width() as usize, map.height() as usize);
        // Each area adds one from its first corner and takes it away past its others; a tile is
        // covered where the sums over the rows and columns before it are above nothing.
        let mut marks = vec![0i32; (width + 1) * (height + 1)];
        for area in areas {
            let (left, right) = (area.columns.start as usize, area.columns.end as usize);
            let (top, bottom) = (area.rows.start as usize, area.rows.end as usize);
            marks[top * (width + 1) + left] += 1;
            marks[top * (width + 1) + right] -= 1;
            marks[bottom * (width + 1) + left] -= 1;
            marks[bottom * (width + 1) + right] += 1;
        }
        let mut exits = Vec::new();
        let mut above = vec![0i32; width + 1];
        for row in 0..height {
            let mut running = 0;
            for column in 0..width {
                running += marks[row * (width + 1) + column];
                above[column] += running;
                if above[column] > 0 {
                    #[allow(clippy::cast_possible_truncation)]
                    exits.push(Tile::new(column as u32, row as u32));
                }
            }
        }
        if let Some(wall) = exits.iter().find(|tile| !map.walkable(**tile))
            && let Some(area) = areas
                .iter()
                .find(|area| area.columns.contains(&wall.x) && area.rows.contains(&wall.y))
        {
            let what = if area.covers {
                "the exit covers"
            } else {
                "the exit"
            };
            return Err(self.error(
                area.object.place,
                &format!("object {}", area.object.id),
                format!("{what} {wall} is not a tile a unit can stand on"),
            ));
        }
        Ok(exits)
    }

    /// The units and exits the objects place, each on a tile of the map.
    fn placements(&self, map: &GridMap) -> Result<(Vec<TiledUnit>, Vec<Tile>), FileError> {
        let mut units = Vec::new();
        let mut exit_areas = Vec::new();
        for object in &self.objects {
            let class = object.class.to_ascii_lowercase();
            if class != "unit" && class != "exit" {
                continue;
            }
            let field = format!("object {}", object.id);
            let tile_of = |x: f32, y: f32| {
                let column = (x / self.tile_width.max(1) as f32).floor();
                let row = (y / self.tile_height.max(1) as f32).floor();
                let inside = (0.0..map.width() as f32).contains(&column)
                    && (0.0..map.height() as f32).contains(&row);
                #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
                inside.then(|| Tile::new(column as u32, row as u32))
            };
            let top = if object.is_tile {
                object.y - object.height
            } else {
                object.y
            };
            // Its centre's tile: where a unit stands, or the exit that covers no tile's centre.
            let centre = || {
                tile_of(object.x + object.width / 2.0, top + object.height / 2.0).ok_or_else(|| {
                    self.error(
                        object.place,
                        &field,
                        format!(
                            "`{}` is off the map ({} x {} tiles)",
                            object.name,
                            map.width(),
                            map.height()
                        ),
                    )
                })
            };
            let standing = |tile: Tile, what: &str| {
                if map.walkable(tile) {
                    Ok(tile)
                } else {
                    Err(self.error(
                        object.place,
                        &field,
                        format!("{what} {tile} is not a tile a unit can stand on"),
                    ))
                }
            };
            if class == "exit" {
                let (columns, rows) = self.covered_tiles(object, top);
                exit_areas.push(if columns.is_empty() || rows.is_empty() {
                    let centre = centre()?;
                    ExitArea {
                        object,
                        columns: centre.x..centre.x + 1,
                        rows: centre.y..centre.y + 1,
                        covers: false,
                    }
                } else {
                    ExitArea {
                        object,
                        columns,
                        rows,
                        covers: true,
                    }
                });
                continue;
            }
            let property = |name: &str| {
                object
                    .properties
                    .iter()
                    .find(|property| property.name == name)
            };
            let text_property = |name: &str| property(name).map(|found| found.value.as_text());
            let place_of = |name: &str| property(name).map_or(object.place, |found| found.place);
            let roster = text_property("roster").unwrap_or_else(|| object.name.clone());
            if roster.is_empty() {
                return Err(self.error(
                    object.place,
                    &field,
                    "a unit needs a name or a `roster` property naming the roster entry it is",
                ));
            }
            let name = if object.name.is_empty() {
                roster.clone()
            } else {
                object.name.clone()
            };
            let tile = standing(centre()?, &format!("`{name}` stands at"))?;
            units.push(TiledUnit {
                name,
                roster,
                side: text_property("side"),
                tile,
                place: object.place,
                roster_at: place_of("roster"),
                side_at: place_of("side"),
            });
        }
        let exits = self.exit_tiles(&exit_areas, map)?;
        Ok((units, exits))
    }
}

/// The tiles an exit object makes exits: those whose centres it covers, else its centre's.
struct ExitArea<'scene> {
    object: &'scene SceneObject,
    columns: Range<u32>,
    rows: Range<u32>,
    /// Whether it covers tiles (rather than marking its centre's).
    covers: bool,
}

#[cfg(test)]
mod tests;
