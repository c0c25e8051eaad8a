//! Reading a `.tmx` map (and the `.tsx` tilesets and templates it names) through the `tiled`
//! crate into a scene. Every file is first checked and outlined in one pass (`xml_check`), with
//! one budget for the whole map, so the crate reads only what is bounded; its own complaints,
//! which carry no place, are put at the element they concern; every part of the scene takes its
//! place from the outline.

use std::io::Cursor;
use std::path::{Path, PathBuf};

use super::limits::Budget;
use super::xml_check::{Outline, Span, TilesetSpans, outline};
use super::{
    Place, Property, PropertyValue, SceneLayer, SceneObject, SceneTile, SceneTileset, Source,
    TileImage, TiledScene, error_in, map_name,
};
use crate::files::{FileError, read_text};
use crate::map::map_path::{MapReach, map_path};

/// Reads what the crate asks for: the map from its text, a tileset only from the map's folder
/// (as far as `reach` allows), checked as any file of ours and kept as a source.
struct FolderReader {
    map_path: PathBuf,
    map_text: String,
    folder: PathBuf,
    reach: MapReach,
    /// The files read after the map, each with its outline.
    read: Vec<(Source, Outline)>,
    /// What the map and every file read for it hold together.
    budget: Budget,
    /// What went wrong reading a tileset, located in it.
    failure: Option<FileError>,
}

/// A tileset the reader would not give, said by the crate's own error.
#[derive(Debug, thiserror::Error)]
#[error("{0}")]
struct Refused(String);

impl tiled::ResourceReader for FolderReader {
    type Resource = Cursor<Vec<u8>>;
    type Error = Refused;

    fn read_from(&mut self, path: &Path) -> Result<Self::Resource, Self::Error> {
        if path == self.map_path {
            return Ok(Cursor::new(self.map_text.clone().into_bytes()));
        }
        let relative = path.strip_prefix(&self.folder).unwrap_or(path);
        let allowed = map_path(&self.folder, &relative.to_string_lossy(), self.reach)
            .map_err(|why| Refused(format!("the tileset {why}")))?;
        let text = read_text(&allowed).map_err(|error| Refused(error.problem()))?;
        let file = allowed.display().to_string();
        let outlined = outline(&file, &text, &mut self.budget).inspect_err(|error| {
            self.failure = Some(error.clone());
        });
        let outlined = outlined.map_err(|error| Refused(error.to_string()))?;
        let bytes = text.clone().into_bytes();
        self.read.push((Source { file, text }, outlined));
        Ok(Cursor::new(bytes))
    }
}

/// Read the `.tmx` map at `path` (its text already read) into a scene.
pub(super) fn read(
    path: &Path,
    file: &str,
    text: String,
    reach: MapReach,
) -> Result<TiledScene, FileError> {
    let mut budget = Budget::default();
    let map_outline = outline(file, &text, &mut budget)?;
    let folder = path.parent().map(Path::to_path_buf).unwrap_or_default();
    let reader = FolderReader {
        map_path: path.to_path_buf(),
        map_text: text.clone(),
        folder: folder.clone(),
        reach,
        read: Vec::new(),
        budget,
        failure: None,
    };
    let mut loader = tiled::Loader::with_reader(reader);
    let loaded = loader.load_tmx_map(path);
    let mut sources = vec![Source {
        file: file.to_string(),
        text,
    }];
    let mut outlines = vec![map_outline];
    let reader = loader.reader_mut();
    for (source, outlined) in reader.read.drain(..) {
        sources.push(source);
        outlines.push(outlined);
    }
    let map = match loaded {
        Ok(map) => map,
        Err(error) => {
            return Err(reader
                .failure
                .take()
                .unwrap_or_else(|| crate_error(&sources, &error)));
        }
    };
    Scene {
        sources,
        outlines,
        folder,
        map_path: path.to_path_buf(),
    }
    .build(&map)
}

/// The crate's error put where it belongs in the map.
fn crate_error(sources: &[Source], error: &tiled::Error) -> FileError {
    let text = &sources[0].text;
    let at = |needle: &str| Place {
        source: 0,
        offset: text.find(needle).unwrap_or(0),
    };
    let (place, field) = match error {
        tiled::Error::ResourceLoadingError { path, .. } => {
            let name = path
                .file_name()
                .map(|name| name.to_string_lossy().into_owned())
                .unwrap_or_default();
            (at(&format!("source=\"{name}")), "tileset")
        }
        tiled::Error::CsvDecodingError(_)
        | tiled::Error::Base64DecodingError(_)
        | tiled::Error::DecompressingError(_)
        | tiled::Error::InvalidEncodingFormat { .. }
        | tiled::Error::InvalidTileFound => (at("<data"), "data"),
        _ => (at("<map"), "map"),
    };
    let advice = match error {
        tiled::Error::InvalidEncodingFormat { .. } => {
            " (save the layer as CSV, or Base64 uncompressed, gzip or zlib: zstd is not read)"
        }
        _ => "",
    };
    error_in(sources, place, field, format!("{error}{advice}"))
}

/// A tileset the crate read, written in `text` (the source `source`) where `spans` outlines it,
/// its tiles with a class or properties placed by the outline.
fn scene_tileset(
    tileset: &tiled::Tileset,
    text: &str,
    source: usize,
    spans: Option<&TilesetSpans>,
    folder: PathBuf,
) -> SceneTileset {
    let start = spans.map_or(0, |spans| spans.at);
    let tiles = tileset
        .tiles()
        .filter(|(_, tile)| !tile.user_type.is_empty() || !tile.properties.is_empty())
        .map(|(id, tile)| {
            let span = spans
                .and_then(|spans| spans.tiles.get(&id).copied())
                .unwrap_or(Span { start, end: start });
            let tile = SceneTile {
                class: tile.user_type.clone(),
                properties: properties(&tile.properties, source, text, span),
                place: Place {
                    source,
                    offset: span.start,
                },
            };
            (id, tile)
        })
        .collect();
    SceneTileset {
        name: tileset.name.clone(),
        tiles,
        folder,
        tile_count: tileset.tilecount,
        image: tileset.image.as_ref().map(|image| TileImage {
            path: image.source.clone(),
            tile_width: tileset.tile_width,
            tile_height: tileset.tile_height,
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

/// Why a `.tsx` tileset named by a `.tmj` map could not be read.
pub(super) enum TilesetError {
    /// Located in the tileset's own file.
    File(FileError),
    /// The crate's words, to be put where the map names the tileset.
    Crate(String),
}

/// A `.tsx` tileset at `path`, read by the crate within `budget`; the file (and any it names)
/// is pushed onto `read`, its places counted from `source`, the index it has among the sources.
pub(super) fn external_tileset(
    path: &Path,
    reach: MapReach,
    source: usize,
    read: &mut Vec<Source>,
    budget: &mut Budget,
) -> Result<SceneTileset, TilesetError> {
    let folder = path.parent().map(Path::to_path_buf).unwrap_or_default();
    let reader = FolderReader {
        map_path: PathBuf::new(),
        map_text: String::new(),
        folder: folder.clone(),
        reach,
        read: Vec::new(),
        budget: std::mem::take(budget),
        failure: None,
    };
    let mut loader = tiled::Loader::with_reader(reader);
    let loaded = loader.load_tsx_tileset(path);
    let reader = loader.reader_mut();
    *budget = std::mem::take(&mut reader.budget);
    let tileset = loaded.map_err(|error| match reader.failure.take() {
        Some(located) => TilesetError::File(located),
        None => TilesetError::Crate(error.to_string()),
    })?;
    let mut files = reader.read.drain(..);
    let Some((first, outlined)) = files.next() else {
        return Err(TilesetError::Crate("nothing was read".to_string()));
    };
    let tileset = scene_tileset(
        &tileset,
        &first.text,
        source,
        outlined.tilesets.first(),
        folder,
    );
    read.push(first);
    read.extend(files.map(|(text, _)| text));
    Ok(tileset)
}

/// What the crate read, made a scene, with the texts and where their parts are.
struct Scene {
    sources: Vec<Source>,
    /// Each source's outline, in the same order.
    outlines: Vec<Outline>,
    folder: PathBuf,
    map_path: PathBuf,
}

impl Scene {
    fn build(self, map: &tiled::Map) -> Result<TiledScene, FileError> {
        if map.orientation != tiled::Orientation::Orthogonal {
            let place = Place {
                source: 0,
                offset: self.outlines[0].orientation_at.unwrap_or(0),
            };
            return Err(error_in(
                &self.sources,
                place,
                "orientation",
                "the map is not orthogonal: a battle is fought on square tiles",
            ));
        }
        let tilesets = map
            .tilesets()
            .iter()
            .enumerate()
            .map(|(index, tileset)| self.tileset(tileset, index))
            .collect();
        let mut layers = Vec::new();
        let mut objects = Vec::new();
        let mut layers_met = 0;
        self.layers(map.layers(), &mut layers, &mut objects, &mut layers_met);
        let property = |name: &str| match map.properties.get(name) {
            Some(tiled::PropertyValue::StringValue(text)) => Some(text.clone()),
            _ => None,
        };
        Ok(TiledScene {
            name: map_name(&self.map_path, property("name")),
            description: property("description").unwrap_or_default(),
            width: map.width,
            height: map.height,
            tile_width: map.tile_width,
            tile_height: map.tile_height,
            tilesets,
            layers,
            objects,
            sources: self.sources,
        })
    }

    /// The source a tileset was written in: the map's own, or the `.tsx` read for it.
    fn tileset_source(&self, tileset: &tiled::Tileset) -> usize {
        let file = tileset.source.display().to_string();
        self.sources
            .iter()
            .position(|source| source.file == file)
            .unwrap_or(0)
    }

    fn tileset(&self, tileset: &tiled::Tileset, index: usize) -> SceneTileset {
        let source = self.tileset_source(tileset);
        let in_map = self.outlines[0].tilesets.get(index);
        let spans = if source == 0 {
            in_map
        } else {
            self.outlines[source].tilesets.first()
        };
        let folder = if source == 0 {
            self.folder.clone()
        } else {
            tileset
                .source
                .parent()
                .map_or_else(|| self.folder.clone(), Path::to_path_buf)
        };
        SceneTileset {
            place: Place {
                source: 0,
                offset: in_map.map_or(0, |spans| spans.at),
            },
            ..scene_tileset(tileset, &self.sources[source].text, source, spans, folder)
        }
    }

    /// Every visible tile layer and every object, groups opened, in the order written.
    fn layers<'map>(
        &self,
        list: impl Iterator<Item = tiled::Layer<'map>>,
        layers: &mut Vec<SceneLayer>,
        objects: &mut Vec<SceneObject>,
        layers_met: &mut usize,
    ) {
        for layer in list {
            let visible = layer.visible;
            match layer.layer_type() {
                tiled::LayerType::Tiles(tiled::TileLayer::Finite(tiles)) => {
                    let data_at = self.outlines[0]
                        .layers
                        .get(*layers_met)
                        .copied()
                        .unwrap_or(0);
                    *layers_met += 1;
                    if !visible {
                        continue;
                    }
                    let (width, height) = (tiles.width(), tiles.height());
                    let cells = (0..height)
                        .flat_map(|row| (0..width).map(move |column| (column, row)))
                        .map(|(column, row)| {
                            let (column, row) = (
                                i32::try_from(column).unwrap_or(i32::MAX),
                                i32::try_from(row).unwrap_or(i32::MAX),
                            );
                            tiles
                                .get_tile_data(column, row)
                                .map(|data| (data.tileset_index(), data.id()))
                        })
                        .collect();
                    layers.push(SceneLayer {
                        name: layer.name.clone(),
                        cells,
                        data_at: Place {
                            source: 0,
                            offset: data_at,
                        },
                    });
                }
                tiled::LayerType::Tiles(tiled::TileLayer::Infinite(_)) => *layers_met += 1,
                tiled::LayerType::Objects(group) => {
                    for object in group.objects() {
                        objects.push(self.object(&object));
                    }
                }
                tiled::LayerType::Group(group) => {
                    self.layers(group.layers(), layers, objects, layers_met);
                }
                tiled::LayerType::Image(_) => {}
            }
        }
    }

    fn object(&self, object: &tiled::Object<'_>) -> SceneObject {
        let text = &self.sources[0].text;
        let span = self.outlines[0]
            .objects
            .get(&object.id())
            .copied()
            .unwrap_or_default();
        let (width, height) = match object.shape {
            tiled::ObjectShape::Rect { width, height }
            | tiled::ObjectShape::Ellipse { width, height }
            | tiled::ObjectShape::Capsule { width, height } => (width, height),
            _ => (0.0, 0.0),
        };
        SceneObject {
            id: object.id(),
            name: object.name.clone(),
            class: object.user_type.clone(),
            x: object.x,
            y: object.y,
            width,
            height,
            is_tile: object.tile_data().is_some(),
            properties: properties(&object.properties, 0, text, span),
            place: Place {
                source: 0,
                offset: span.start,
            },
        }
    }
}

/// The properties we read (text, numbers, flags), each found in the element `span` of its
/// source (at the element itself where it is not written there: a template's).
fn properties(
    properties: &tiled::Properties,
    source: usize,
    text: &str,
    span: Span,
) -> Vec<Property> {
    let mut read: Vec<Property> = properties
        .iter()
        .filter_map(|(name, value)| {
            let value = match value {
                tiled::PropertyValue::BoolValue(flag) => PropertyValue::Flag(*flag),
                tiled::PropertyValue::IntValue(number) => PropertyValue::Number(f64::from(*number)),
                tiled::PropertyValue::FloatValue(number) => {
                    PropertyValue::Number(f64::from(*number))
                }
                tiled::PropertyValue::StringValue(text) | tiled::PropertyValue::FileValue(text) => {
                    PropertyValue::Text(text.clone())
                }
                _ => return None,
            };
            let offset = span
                .find(text, &format!("name=\"{name}\""))
                .map_or(span.start, |named| {
                    let property = Span {
                        start: named,
                        end: text[named..span.end.max(named)]
                            .find('>')
                            .map_or(named, |end| named + end),
                    };
                    property
                        .find(text, "value=\"")
                        .map_or(named, |value| value + "value=\"".len())
                });
            Some(Property {
                name: name.clone(),
                value,
                place: Place { source, offset },
            })
        })
        .collect();
    // The crate keeps them in a hash map: in the order written, problems are met in order.
    read.sort_by_key(|property| property.place.offset);
    read
}
