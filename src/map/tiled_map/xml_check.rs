//! Finding places in a Tiled map's XML before and after the `tiled` crate reads it: where
//! a needle or a property's value is written, whether the text is well-formed (quick-xml knows
//! where it stops), and whether each tile layer holds as many cells as its size says (the crate
//! would index past a short one).

use crate::files::FileError;

/// The first place `needle` appears at or after `from`, else `from`.
pub(super) fn find_from(text: &str, from: usize, needle: &str) -> usize {
    text.get(from..)
        .and_then(|rest| rest.find(needle))
        .map_or(from.min(text.len()), |found| from + found)
}

/// The `n`th place (from 0) `needle` appears, if it does.
pub(super) fn nth_place(text: &str, needle: &str, n: usize) -> Option<usize> {
    text.match_indices(needle).nth(n).map(|(at, _)| at)
}

/// Where a property's value is written: just after `key` at or after `named`, where that comes
/// before `end` (the end of the property); else `named`.
pub(super) fn value_place(text: &str, named: usize, key: &str, end: char) -> usize {
    let rest = text.get(named..).unwrap_or_default();
    match (rest.find(key), rest.find(end)) {
        (Some(value), Some(ends)) if value < ends => named + value + key.len(),
        _ => named,
    }
}

/// Whether `text` is well-formed XML, and every finite tile layer in it holds as many cells as
/// its size says; else an error where the reader stopped, or at the layer's data.
pub(super) fn well_formed(file: &str, text: &str) -> Result<(), FileError> {
    use quick_xml::events::Event;
    use quick_xml::events::attributes::AttrError;
    let mut reader = quick_xml::Reader::from_str(text);
    reader.check_end_names(true);
    let broken = |at: usize, error: &dyn std::fmt::Display| {
        FileError::in_field(
            file,
            text,
            at.min(text.len()),
            None,
            format!("this is not well-formed XML: {error}"),
        )
    };
    let at_data = |at: usize, problem: String| {
        FileError::in_field(file, text, at, Some("data".to_string()), problem)
    };
    let mut layer = LayerCount::default();
    loop {
        let (tag, closing) = match reader.read_event() {
            Ok(Event::Eof) => return Ok(()),
            Ok(Event::Start(tag)) => (tag, 1),
            Ok(Event::Empty(tag)) => (tag, 2),
            Ok(Event::Text(cells)) if layer.in_data && layer.encoding.is_some() => {
                let written = String::from_utf8_lossy(&cells).into_owned();
                if let Some(problem) = layer.problem(&written) {
                    return Err(at_data(layer.data_at, problem));
                }
                layer.in_data = false;
                continue;
            }
            Ok(Event::End(end)) if end.name().as_ref() == b"data" => {
                if let Some(problem) = layer.tiles_problem() {
                    return Err(at_data(layer.data_at, problem));
                }
                layer.in_data = false;
                continue;
            }
            Ok(_) => continue,
            Err(error) => return Err(broken(reader.buffer_position(), &error)),
        };
        // Attributes are only read when asked for: each is read here, and a broken one is put
        // at its place in the tag (which ends where the reader is, `>` or `/>` after it).
        let opened = reader
            .buffer_position()
            .saturating_sub(tag.len() + closing + 1);
        for attribute in tag.attributes().with_checks(true) {
            if let Err(error) = attribute {
                let within = match error {
                    AttrError::ExpectedEq(at)
                    | AttrError::ExpectedValue(at)
                    | AttrError::UnquotedValue(at)
                    | AttrError::ExpectedQuote(at, _)
                    | AttrError::Duplicated(at, _) => at,
                };
                return Err(broken(opened + 1 + within, &error));
            }
        }
        let attribute = |name: &[u8]| {
            tag.attributes()
                .flatten()
                .find(|attribute| attribute.key.as_ref() == name)
                .map(|attribute| String::from_utf8_lossy(&attribute.value).into_owned())
        };
        match tag.name().as_ref() {
            b"layer" => {
                let side = |name: &[u8]| attribute(name).and_then(|value| value.parse().ok());
                layer = LayerCount {
                    size: side(b"width").zip(side(b"height")),
                    ..LayerCount::default()
                };
            }
            b"tile" if layer.in_data => layer.tiles += 1,
            b"data" if closing == 1 => {
                layer.in_data = layer.size.is_some();
                layer.data_at = opened;
                layer.encoding = attribute(b"encoding");
                layer.compression = attribute(b"compression");
            }
            _ => {}
        }
    }
}

/// A tile layer's size and how its data is written, to count its cells.
#[derive(Default)]
struct LayerCount {
    size: Option<(usize, usize)>,
    in_data: bool,
    data_at: usize,
    encoding: Option<String>,
    compression: Option<String>,
    /// The `<tile>` elements met in data written as XML.
    tiles: usize,
}

impl LayerCount {
    /// What is wrong with data written as `<tile>` elements, once it ends.
    fn tiles_problem(&self) -> Option<String> {
        let (width, height) = self.size?;
        let wanted = width.checked_mul(height)?;
        (self.in_data && self.encoding.is_none() && self.tiles != wanted).then(|| {
            format!(
                "the layer holds {} cells; a {width}x{height} layer has {wanted}",
                self.tiles
            )
        })
    }

    /// What is wrong with the cells written (`None` where they are as many as the size says,
    /// or written in a way left to tiled to read).
    fn problem(&self, written: &str) -> Option<String> {
        use base64::Engine;
        use std::io::Read;
        let (width, height) = self.size?;
        let wanted = width.checked_mul(height)?;
        let count = match (self.encoding.as_deref(), self.compression.as_deref()) {
            (Some("csv"), _) => written.split(',').count(),
            (Some("base64"), compression) => {
                let packed: String = written.split_whitespace().collect();
                let bytes = base64::engine::general_purpose::STANDARD
                    .decode(packed)
                    .ok()?;
                // At most one byte past what the size needs is unpacked: a short layer shows,
                // and a small file cannot unpack into a huge one.
                let most = u64::try_from(wanted * 4 + 1).ok()?;
                let mut unpacked = Vec::new();
                let read = match compression {
                    None => {
                        unpacked = bytes;
                        Ok(0)
                    }
                    Some("zlib") => flate2::read::ZlibDecoder::new(&bytes[..])
                        .take(most)
                        .read_to_end(&mut unpacked),
                    Some("gzip") => flate2::read::GzDecoder::new(&bytes[..])
                        .take(most)
                        .read_to_end(&mut unpacked),
                    Some(_) => return None,
                };
                read.ok()?;
                unpacked.len() / 4
            }
            _ => return None,
        };
        (count != wanted).then(|| {
            format!("the layer holds {count} cells; a {width}x{height} layer has {wanted}")
        })
    }
}
