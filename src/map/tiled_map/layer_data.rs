//! A `.tmx` tile layer's data read exactly as the `tiled` crate will read it (the first text or
//! CDATA inside `<data>`, trimmed, as CSV or base64 with padding, zlib or gzip unpacked), to
//! refuse before the crate reads it any data that does not hold exactly the layer's cells: the
//! crate indexes past the end of a short layer (a panic) and unpacks a compressed one whole.
//! Nothing is unpacked past one byte more than the layer's cells need.

use std::io::Read;

/// How a layer's data is written, and the first text inside it.
#[derive(Debug, Clone, Default)]
pub(super) struct DataWritten {
    pub width: usize,
    pub height: usize,
    /// Where the layer's `<data>` (or the layer, before it) is written.
    pub at: usize,
    pub encoding: Option<String>,
    pub compression: Option<String>,
    /// The first text or CDATA met inside `<data>`: the crate reads that one alone.
    pub first_text: Option<String>,
    /// Whether the first text is blank and a CDATA comes after it (which the crate skips).
    pub cdata_after_blank: bool,
}

impl DataWritten {
    /// Text (character references resolved) or CDATA met directly inside `<data>`.
    pub fn text(&mut self, text: &str, cdata: bool) {
        match &self.first_text {
            None => self.first_text = Some(text.to_string()),
            Some(first) if cdata && first.trim().is_empty() => self.cdata_after_blank = true,
            Some(_) => {}
        }
    }
}

/// Bytes a cell takes in base64 data.
const CELL_BYTES: usize = 4;

/// What is wrong with the layer's data, once its `<data>` has ended; `None` where the crate
/// will read exactly the layer's cells from it.
pub(super) fn cells_problem(data: &DataWritten) -> Option<String> {
    let wanted = data.width * data.height;
    let text = data.first_text.as_deref().unwrap_or_default();
    let count = match (data.encoding.as_deref(), data.compression.as_deref()) {
        (Some("csv"), None) => match csv_cells(text) {
            Ok(count) => count,
            Err(problem) => return Some(problem),
        },
        (Some("base64"), compression @ (None | Some("zlib" | "gzip"))) => {
            match base64_bytes(text, compression, wanted * CELL_BYTES) {
                Ok(bytes) if bytes % CELL_BYTES == 0 => bytes / CELL_BYTES,
                Ok(bytes) => {
                    return Some(format!(
                        "the layer's data is {bytes} bytes, not a whole number of 4-byte cells"
                    ));
                }
                Err(problem) => return Some(problem),
            }
        }
        (None, _) => {
            return Some(
                "the layer is written as XML `<tile>` elements, which are not read: save it as \
                 CSV or Base64 (Map > Map Properties > Tile Layer Format)"
                    .to_string(),
            );
        }
        (encoding, compression) => {
            return Some(format!(
                "the layer is written as {} {}, which is not read: save it as CSV, or Base64 \
                 uncompressed, gzip or zlib (zstd is not read)",
                encoding.unwrap_or_default(),
                compression.unwrap_or("uncompressed")
            ));
        }
    };
    (count != wanted).then(|| {
        let hint = if data.cdata_after_blank {
            " (its first text is blank and the CDATA after it is not read: write the CDATA \
             straight after `<data>`)"
        } else {
            ""
        };
        format!(
            "the layer holds {count} cells; a {}x{} layer has {wanted}{hint}",
            data.width, data.height
        )
    })
}

/// The cells of CSV data, each a tile number (its flip bits included).
fn csv_cells(text: &str) -> Result<usize, String> {
    let mut count = 0;
    for (cell, written) in text.split(',').enumerate() {
        written
            .trim()
            .parse::<u32>()
            .map_err(|_| format!("cell {cell} holds `{}`, not a tile number", written.trim()))?;
        count += 1;
    }
    Ok(count)
}

/// How many bytes base64 data holds once unpacked, reading at most one byte past `wanted`.
fn base64_bytes(text: &str, compression: Option<&str>, wanted: usize) -> Result<usize, String> {
    use base64::Engine;
    let packed = text.trim();
    // Three bytes each four characters: more than the cells need is refused before decoding.
    if compression.is_none() && packed.len() / 4 * 3 > wanted + 3 {
        return Err(format!(
            "the layer's data is about {} bytes; its cells take {wanted}",
            packed.len() / 4 * 3
        ));
    }
    let bytes = base64::engine::general_purpose::STANDARD
        .decode(packed.as_bytes())
        .map_err(|error| format!("the layer's data is not base64: {error}"))?;
    let most = u64::try_from(wanted).unwrap_or(u64::MAX).saturating_add(1);
    let mut unpacked = Vec::new();
    let read = match compression {
        None => return Ok(bytes.len()),
        Some("zlib") => flate2::bufread::ZlibDecoder::new(&bytes[..])
            .take(most)
            .read_to_end(&mut unpacked),
        _ => flate2::bufread::GzDecoder::new(&bytes[..])
            .take(most)
            .read_to_end(&mut unpacked),
    };
    read.map_err(|error| format!("the layer's data cannot be unpacked: {error}"))?;
    if unpacked.len() > wanted {
        return Err(format!(
            "the layer's data unpacks to more than the {wanted} bytes its cells take"
        ));
    }
    Ok(unpacked.len())
}
