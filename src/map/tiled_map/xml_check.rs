//! One pass over a Tiled XML file (a `.tmx` map, a `.tsx` tileset, a template) before the
//! `tiled` crate reads it, so that the crate never meets what would make it panic or allocate
//! without bound: the text is well-formed (quick-xml, the crate's own reader, knows where it
//! stops), nesting, layers, tilesets, tiles, objects and properties stay within the limits, a
//! tile layer is the map's size and its data, read exactly as the crate reads it, holds exactly
//! its cells; the same pass notes where each part is written, so that every later lookup is an
//! index and not a search from the start of the file.

use std::collections::HashMap;

use quick_xml::events::BytesStart;

use super::layer_data::{DataWritten, cells_problem};
use super::limits::{Budget, MAX_DEPTH, MAX_TILESET_TILES, TilesetImage};
use crate::files::FileError;
use crate::map::MAX_MAP_SIDE;

/// Where an element is written: from its `<` to the end of its closing tag.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(super) struct Span {
    pub start: usize,
    pub end: usize,
}

impl Span {
    /// Where `needle` is first written inside the element, if it is.
    pub fn find(self, text: &str, needle: &str) -> Option<usize> {
        text.get(self.start..self.end.min(text.len()))
            .and_then(|inside| inside.find(needle))
            .map(|found| self.start + found)
    }
}

/// Where a tileset element begins, and where each of its `<tile>`s is, by id.
#[derive(Debug, Clone, Default)]
pub(super) struct TilesetSpans {
    pub at: usize,
    pub tiles: HashMap<u32, Span>,
}

/// Where the parts of one XML file are written, in the order the crate meets them.
#[derive(Debug, Clone, Default)]
pub(super) struct Outline {
    /// The map's `orientation` attribute, where it is written.
    pub orientation_at: Option<usize>,
    /// Where each tile layer's `<data>` begins (the layer's own place before it has one), in
    /// the order written, groups opened.
    pub layers: Vec<usize>,
    /// Each `<tileset>` element.
    pub tilesets: Vec<TilesetSpans>,
    /// Each object of an object layer (not those of a tile's collision shapes), by id.
    pub objects: HashMap<u32, Span>,
}

/// An open element, as far as the pass needs to know it, with the span to close.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Open {
    Map,
    Tileset,
    /// A tileset's tile: the tileset's index and the tile's id, and where it begins.
    Tile(Option<(usize, u32)>, usize),
    /// Its index among the outline's layers.
    Layer(usize),
    Data,
    /// An object of an object layer, by id, and where it begins.
    Object(Option<u32>, usize),
    Other,
}

/// A tileset's layout, from its element, to weigh its `tilecount` against its image.
#[derive(Debug, Clone, Copy, Default)]
struct TilesetLayout {
    tile_width: u64,
    tile_height: u64,
    spacing: u64,
    margin: u64,
    tile_count: u64,
    tile_count_at: usize,
    tiles: u32,
}

/// The pass's state: the text, the file's name, what is open.
struct Pass<'text> {
    file: &'text str,
    text: &'text str,
    open: Vec<Open>,
    map: Option<(usize, usize)>,
    tileset: Option<TilesetLayout>,
    data: Option<DataWritten>,
    outline: Outline,
}

/// An element's attributes (borrowed from its tag), each with where its name is written.
struct Attributes<'text, 'tag> {
    text: &'text str,
    start: usize,
    end: usize,
    read: Vec<quick_xml::events::attributes::Attribute<'tag>>,
}

impl Attributes<'_, '_> {
    /// The attribute's value (character references resolved) and where it is written.
    fn get(&self, name: &str) -> Option<(String, usize)> {
        let found = self
            .read
            .iter()
            .find(|attribute| attribute.key.as_ref() == name.as_bytes())?;
        let value = found
            .unescape_value()
            .map_or_else(|_| String::new(), std::borrow::Cow::into_owned);
        let at = self.text[self.start..self.end]
            .find(&format!(" {name}="))
            .map_or(self.start, |found| self.start + found + 1);
        Some((value, at))
    }
}

/// Check `text` (the file `file`) and say where its parts are, counting them against `budget`
/// (shared by every file one map reads).
pub(super) fn outline(file: &str, text: &str, budget: &mut Budget) -> Result<Outline, FileError> {
    use quick_xml::events::Event;
    let mut reader = quick_xml::Reader::from_str(text);
    reader.check_end_names(true);
    let mut pass = Pass {
        file,
        text,
        open: Vec::new(),
        map: None,
        tileset: None,
        data: None,
        outline: Outline::default(),
    };
    loop {
        let before = reader.buffer_position();
        let event = reader
            .read_event()
            .map_err(|error| pass.broken(reader.buffer_position(), &error))?;
        let after = reader.buffer_position();
        match event {
            Event::Eof => return Ok(pass.outline),
            Event::Start(tag) => pass.element(&tag, before, after, budget)?,
            Event::Empty(tag) => {
                pass.element(&tag, before, after, budget)?;
                pass.close(after)?;
            }
            Event::End(_) => pass.close(after)?,
            Event::Text(written) if pass.open.last() == Some(&Open::Data) => {
                let text = written
                    .unescape()
                    .map_err(|error| pass.broken(after, &error))?;
                if let Some(data) = &mut pass.data {
                    data.text(&text, false);
                }
            }
            Event::CData(written) if pass.open.last() == Some(&Open::Data) => {
                if let Some(data) = &mut pass.data {
                    data.text(&String::from_utf8_lossy(&written), true);
                }
            }
            _ => {}
        }
    }
}

impl<'text> Pass<'text> {
    /// An error at a byte offset, in the field named.
    fn error(&self, at: usize, field: &str, message: impl Into<String>) -> FileError {
        FileError::in_field(
            self.file,
            self.text,
            at.min(self.text.len()),
            (!field.is_empty()).then(|| field.to_string()),
            message,
        )
    }

    fn broken(&self, at: usize, error: &dyn std::fmt::Display) -> FileError {
        self.error(at, "", format!("this is not well-formed XML: {error}"))
    }

    /// The element's attributes, a broken one refused at its place.
    fn attributes<'tag>(
        &self,
        tag: &'tag BytesStart<'text>,
        start: usize,
        end: usize,
    ) -> Result<Attributes<'text, 'tag>, FileError> {
        use quick_xml::events::attributes::AttrError;
        let mut read = Vec::new();
        for attribute in tag.attributes().with_checks(true) {
            match attribute {
                Ok(attribute) => read.push(attribute),
                Err(error) => {
                    let within = match error {
                        AttrError::ExpectedEq(at)
                        | AttrError::ExpectedValue(at)
                        | AttrError::UnquotedValue(at)
                        | AttrError::ExpectedQuote(at, _)
                        | AttrError::Duplicated(at, _) => at,
                    };
                    return Err(self.broken(start + 1 + within, &error));
                }
            }
        }
        Ok(Attributes {
            text: self.text,
            start,
            end,
            read,
        })
    }

    /// An element whose tag was read from `from` to `end`: checked, counted, and its place
    /// noted.
    fn element(
        &mut self,
        tag: &BytesStart<'text>,
        from: usize,
        end: usize,
        budget: &mut Budget,
    ) -> Result<(), FileError> {
        // What the reader read before the tag (a line break) is not the element.
        let start = self.text[from..end]
            .find('<')
            .map_or(from, |found| from + found);
        if self.open.len() >= MAX_DEPTH {
            return Err(self.error(
                start,
                "",
                format!("elements are nested more than {MAX_DEPTH} deep"),
            ));
        }
        let attributes = self.attributes(tag, start, end)?;
        let span = Span { start, end };
        let parent = self.open.last().copied();
        let opened = match tag.name().as_ref() {
            b"map" if parent.is_none() => self.map_element(&attributes)?,
            b"tileset" => self.tileset_element(span, &attributes, budget)?,
            b"image" if parent == Some(Open::Tileset) => {
                self.tileset_image(&attributes)?;
                Open::Other
            }
            b"tile" if parent == Some(Open::Tileset) => self.tile_element(span, &attributes)?,
            b"layer" | b"objectgroup" | b"imagelayer" | b"group" => {
                budget
                    .count_layer()
                    .map_err(|why| self.error(start, "layer", why))?;
                if tag.name().as_ref() == b"layer" {
                    self.layer_element(span, &attributes, budget)?
                } else {
                    Open::Other
                }
            }
            b"data" if matches!(parent, Some(Open::Layer(_))) => {
                self.data = self.data.take().map(|data| DataWritten {
                    at: start,
                    encoding: attributes.get("encoding").map(|(value, _)| value),
                    compression: attributes.get("compression").map(|(value, _)| value),
                    ..data
                });
                if let Some(Open::Layer(index)) = parent {
                    self.outline.layers[index] = start;
                }
                Open::Data
            }
            b"chunk" => {
                return Err(self.error(
                    start,
                    "chunk",
                    "the layer is written in chunks, as an infinite map's: make the map a fixed \
                     size (Map > Map Properties > Infinite)",
                ));
            }
            b"object" => {
                budget
                    .count_object()
                    .map_err(|why| self.error(start, "object", why))?;
                let in_tileset = self.open.contains(&Open::Tileset);
                if in_tileset {
                    Open::Other
                } else {
                    let id = attributes
                        .get("id")
                        .and_then(|(id, _)| id.trim().parse::<u32>().ok());
                    if let Some(id) = id {
                        self.outline.objects.entry(id).or_insert(span);
                    }
                    Open::Object(id, start)
                }
            }
            b"property" => {
                budget
                    .count_property()
                    .map_err(|why| self.error(start, "property", why))?;
                Open::Other
            }
            _ => Open::Other,
        };
        self.open.push(opened);
        Ok(())
    }

    fn map_element(&mut self, attributes: &Attributes<'_, '_>) -> Result<Open, FileError> {
        if let Some((infinite, at)) = attributes.get("infinite")
            && infinite.trim() == "1"
        {
            return Err(self.error(
                at,
                "infinite",
                "the map is infinite: make it a fixed size (Map > Map Properties > Infinite)",
            ));
        }
        self.outline.orientation_at = attributes.get("orientation").map(|(_, at)| at);
        let side = |name: &str| -> Result<usize, FileError> {
            let Some((written, at)) = attributes.get(name) else {
                return Err(self.error(attributes.start, name, format!("the map says no {name}")));
            };
            match written.trim().parse::<usize>() {
                Ok(number) if (1..=MAX_MAP_SIDE).contains(&number) => Ok(number),
                _ => Err(self.error(
                    at,
                    name,
                    format!(
                        "the map is `{written}` tiles in {name}; a map is 1 to {MAX_MAP_SIDE} \
                         tiles each way"
                    ),
                )),
            }
        };
        self.map = Some((side("width")?, side("height")?));
        Ok(Open::Map)
    }

    fn tileset_element(
        &mut self,
        span: Span,
        attributes: &Attributes<'_, '_>,
        budget: &mut Budget,
    ) -> Result<Open, FileError> {
        budget
            .count_tileset()
            .map_err(|why| self.error(span.start, "tileset", why))?;
        let number =
            |name: &str| -> Result<(u64, usize), FileError> {
                match attributes.get(name) {
                    None => Ok((0, span.start)),
                    Some((written, at)) => written
                        .trim()
                        .parse()
                        .map(|number| (number, at))
                        .map_err(|_| {
                            self.error(at, name, format!("`{written}` is not a whole number"))
                        }),
                }
            };
        let (tile_count, tile_count_at) = number("tilecount")?;
        budget
            .count_tiles(tile_count)
            .map_err(|why| self.error(tile_count_at, "tilecount", why))?;
        self.tileset = Some(TilesetLayout {
            tile_width: number("tilewidth")?.0,
            tile_height: number("tileheight")?.0,
            spacing: number("spacing")?.0,
            margin: number("margin")?.0,
            tile_count,
            tile_count_at,
            tiles: 0,
        });
        self.outline.tilesets.push(TilesetSpans {
            at: span.start,
            tiles: HashMap::new(),
        });
        Ok(Open::Tileset)
    }

    /// A tileset's image: its `tilecount` may not be more than the image holds.
    fn tileset_image(&self, attributes: &Attributes<'_, '_>) -> Result<(), FileError> {
        let Some(layout) = self.tileset else {
            return Ok(());
        };
        let side = |name: &str| {
            attributes
                .get(name)
                .and_then(|(written, _)| written.trim().parse::<u64>().ok())
        };
        let (Some(width), Some(height)) = (side("width"), side("height")) else {
            return Ok(());
        };
        let image = TilesetImage {
            width,
            height,
            tile_width: layout.tile_width,
            tile_height: layout.tile_height,
            spacing: layout.spacing,
            margin: layout.margin,
        };
        image
            .holds(layout.tile_count)
            .map_err(|why| self.error(layout.tile_count_at, "tilecount", why))
    }

    fn tile_element(
        &mut self,
        span: Span,
        attributes: &Attributes<'_, '_>,
    ) -> Result<Open, FileError> {
        let Some(layout) = &mut self.tileset else {
            return Ok(Open::Other);
        };
        layout.tiles += 1;
        if layout.tiles > MAX_TILESET_TILES {
            return Err(self.error(
                span.start,
                "tile",
                format!("a tileset has at most {MAX_TILESET_TILES} tiles"),
            ));
        }
        let id = attributes
            .get("id")
            .and_then(|(id, _)| id.trim().parse::<u32>().ok());
        let index = self.outline.tilesets.len() - 1;
        if let Some(id) = id {
            self.outline.tilesets[index].tiles.entry(id).or_insert(span);
        }
        Ok(Open::Tile(id.map(|id| (index, id)), span.start))
    }

    fn layer_element(
        &mut self,
        span: Span,
        attributes: &Attributes<'_, '_>,
        budget: &mut Budget,
    ) -> Result<Open, FileError> {
        let (map_width, map_height) = self.map.unwrap_or_default();
        let side = |field: &str, wanted: usize| -> Result<usize, FileError> {
            let (written, at) = attributes.get(field).unwrap_or((String::new(), span.start));
            match written.trim().parse::<usize>() {
                Ok(number) if number == wanted => Ok(number),
                _ => Err(self.error(
                    at,
                    field,
                    format!(
                        "the layer is `{written}` tiles in {field}; every layer is the map's \
                         size ({map_width} x {map_height} tiles)"
                    ),
                )),
            }
        };
        let width = side("width", map_width)?;
        let height = side("height", map_height)?;
        budget
            .count_cells(width * height)
            .map_err(|why| self.error(span.start, "layer", why))?;
        self.data = Some(DataWritten {
            width,
            height,
            at: span.start,
            ..DataWritten::default()
        });
        self.outline.layers.push(span.start);
        Ok(Open::Layer(self.outline.layers.len() - 1))
    }

    /// The innermost element ends at `end`: its span is closed, and a layer's data counted.
    fn close(&mut self, end: usize) -> Result<(), FileError> {
        match self.open.pop() {
            Some(Open::Tileset) => self.tileset = None,
            Some(Open::Tile(Some((tileset, id)), start)) => {
                if let Some(span) = self.outline.tilesets[tileset].tiles.get_mut(&id)
                    && span.start == start
                {
                    span.end = end;
                }
            }
            Some(Open::Layer(_)) => self.data = None,
            Some(Open::Object(Some(id), start)) => {
                if let Some(span) = self.outline.objects.get_mut(&id)
                    && span.start == start
                {
                    span.end = end;
                }
            }
            Some(Open::Data) => {
                if let Some(data) = &self.data
                    && let Some(problem) = cells_problem(data)
                {
                    return Err(self.error(data.at, "data", problem));
                }
                if let Some(data) = &mut self.data {
                    data.first_text = None;
                }
            }
            _ => {}
        }
        Ok(())
    }
}
