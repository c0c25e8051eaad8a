//! A Tiled map's own art, where its tileset images are at hand: each cell's tiles, every layer
//! over the one below, painted into one 32-pixel tile, and the distinct tiles gathered into an
//! atlas the view draws in place of Gridkeeper's own tiles. A missing or unreadable image, or a
//! map with too many distinct cells to gather, is drawn with Gridkeeper's tiles instead.

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use super::{SceneTileset, TiledScene};
use crate::map::map_path::{MapReach, map_path};

/// The side of a painted tile, in pixels: the view's own tile size.
pub const ART_PIXELS: u32 = 32;

/// Tiles a row of the atlas.
const ATLAS_COLUMNS: u32 = 64;

/// The most distinct cells gathered (an atlas of 2048 x 2048 pixels).
const MOST_TILES: usize = 4096;

/// The largest tileset image read, in bytes.
const MOST_IMAGE_BYTES: u64 = 32 * 1024 * 1024;

/// The most pixels of one tileset image, and of all a map's together, decoded (4096 x 4096:
/// 64 MiB as RGBA); a larger image is not decoded at all, its size read from its header.
const MOST_IMAGE_PIXELS: u64 = 4096 * 4096;

/// Where a tileset's tiles are drawn: its image and how the tiles lie in it.
#[derive(Debug, Clone, PartialEq)]
pub struct TileImage {
    pub path: PathBuf,
    pub tile_width: u32,
    pub tile_height: u32,
    pub columns: u32,
    pub spacing: u32,
    pub margin: u32,
}

/// A map's art: an atlas of painted tiles, `ATLAS_COLUMNS` a row, and each cell's tile in it.
#[derive(Clone, PartialEq)]
pub struct TileArt {
    pub width: u32,
    pub height: u32,
    /// RGBA8, row by row.
    pub pixels: Vec<u8>,
    /// Per cell, row by row from the top: its tile in the atlas.
    pub cells: Vec<u32>,
}

impl std::fmt::Debug for TileArt {
    fn fmt(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            formatter,
            "TileArt({} x {} pixels, {} cells)",
            self.width,
            self.height,
            self.cells.len()
        )
    }
}

/// A tileset image read and decoded.
struct Sheet {
    image: image::RgbaImage,
    layout: TileImage,
}

impl Sheet {
    /// The pixel of tile `id` at (`x`, `y`) of a painted tile, scaled to fit.
    fn pixel(&self, id: u32, x: u32, y: u32) -> Option<[u8; 4]> {
        let layout = &self.layout;
        let columns = layout.columns.max(1);
        let left = layout.margin + (id % columns) * (layout.tile_width + layout.spacing);
        let top = layout.margin + (id / columns) * (layout.tile_height + layout.spacing);
        let column = left + x * layout.tile_width / ART_PIXELS;
        let row = top + y * layout.tile_height / ART_PIXELS;
        (column < self.image.width() && row < self.image.height())
            .then(|| self.image.get_pixel(column, row).0)
    }
}

/// Read a tileset image from inside the map's folder (as far as `reach` allows), if its
/// header says it has at most `pixels_left` pixels; what it takes is counted off them.
fn read_sheet(
    layout: &TileImage,
    folder: &Path,
    reach: MapReach,
    pixels_left: &mut u64,
) -> Option<Sheet> {
    let relative = layout.path.strip_prefix(folder).unwrap_or(&layout.path);
    let path = map_path(folder, &relative.to_string_lossy(), reach).ok()?;
    let metadata = std::fs::metadata(&path).ok()?;
    if !metadata.is_file() || metadata.len() > MOST_IMAGE_BYTES {
        return None;
    }
    let bytes = std::fs::read(&path).ok()?;
    let reader = || {
        image::ImageReader::new(std::io::Cursor::new(&bytes[..]))
            .with_guessed_format()
            .ok()
    };
    let (width, height) = reader()?.into_dimensions().ok()?;
    let pixels = u64::from(width) * u64::from(height);
    if pixels > *pixels_left {
        return None;
    }
    let mut reader = reader()?;
    let mut limits = image::Limits::default();
    limits.max_image_width = Some(width);
    limits.max_image_height = Some(height);
    // The decoded image at its own depth (at most 16 bits a channel, four channels).
    limits.max_alloc = Some(pixels * 8);
    reader.limits(limits);
    let image = reader.decode().ok()?.into_rgba8();
    *pixels_left -= pixels;
    (layout.tile_width > 0 && layout.tile_height > 0).then(|| Sheet {
        image,
        layout: layout.clone(),
    })
}

/// Paint `over` onto `under`, as its alpha says.
fn blend(under: [u8; 4], over: [u8; 4]) -> [u8; 4] {
    let alpha = u32::from(over[3]);
    let mix = |below: u8, above: u8| {
        let mixed = (u32::from(above) * alpha + u32::from(below) * (255 - alpha)) / 255;
        u8::try_from(mixed).unwrap_or(u8::MAX)
    };
    [
        mix(under[0], over[0]),
        mix(under[1], over[1]),
        mix(under[2], over[2]),
        255,
    ]
}

/// The ground under transparent art: a dark floor.
const UNDERNEATH: [u8; 4] = [58, 54, 48, 255];

/// Each tile of a tileset painted on its own, [`ART_PIXELS`] square, RGBA8 row by row (the
/// editor's list of a tileset's tiles); `None` where its image is not at hand. At most
/// [`MOST_TILES`] tiles are painted.
pub fn tile_pictures(tileset: &SceneTileset, reach: MapReach) -> Option<Vec<Vec<u8>>> {
    let mut pixels_left = MOST_IMAGE_PIXELS;
    let sheet = read_sheet(
        tileset.image.as_ref()?,
        &tileset.folder,
        reach,
        &mut pixels_left,
    )?;
    let most = u32::try_from(MOST_TILES).unwrap_or(u32::MAX);
    let pictures = (0..tileset.tile_count.min(most))
        .map(|id| {
            let mut pixels = Vec::with_capacity((ART_PIXELS * ART_PIXELS * 4) as usize);
            for y in 0..ART_PIXELS {
                for x in 0..ART_PIXELS {
                    let painted = sheet
                        .pixel(id, x, y)
                        .map_or(UNDERNEATH, |over| blend(UNDERNEATH, over));
                    pixels.extend_from_slice(&painted);
                }
            }
            pixels
        })
        .collect();
    Some(pictures)
}

/// The map's art, where every tileset a cell uses has its image at hand.
pub(super) fn paint(scene: &TiledScene, folder: &Path, reach: MapReach) -> Option<TileArt> {
    let mut pixels_left = MOST_IMAGE_PIXELS;
    let sheets: Vec<Option<Sheet>> = scene
        .tilesets
        .iter()
        .map(|tileset| {
            tileset
                .image
                .as_ref()
                .and_then(|layout| read_sheet(layout, folder, reach, &mut pixels_left))
        })
        .collect();
    let area = scene.width as usize * scene.height as usize;
    let mut stacks: HashMap<Vec<(usize, u32)>, u32> = HashMap::new();
    let mut order: Vec<Vec<(usize, u32)>> = Vec::new();
    let mut cells = Vec::with_capacity(area);
    for cell in 0..area {
        let stack: Vec<(usize, u32)> = scene
            .layers
            .iter()
            .filter_map(|layer| layer.cells.get(cell).copied().flatten())
            .collect();
        if stack.iter().any(|(tileset, _)| sheets[*tileset].is_none()) {
            return None;
        }
        let next = u32::try_from(order.len()).ok()?;
        let index = *stacks.entry(stack.clone()).or_insert_with(|| {
            order.push(stack);
            next
        });
        if order.len() > MOST_TILES {
            return None;
        }
        cells.push(index);
    }
    let count = u32::try_from(order.len()).ok()?;
    let width = ATLAS_COLUMNS.min(count.max(1)) * ART_PIXELS;
    let rows = count.div_ceil(ATLAS_COLUMNS).max(1);
    let height = rows * ART_PIXELS;
    let mut pixels = vec![0u8; (width * height * 4) as usize];
    for (index, stack) in (0u32..).zip(&order) {
        let left = (index % ATLAS_COLUMNS) * ART_PIXELS;
        let top = (index / ATLAS_COLUMNS) * ART_PIXELS;
        for y in 0..ART_PIXELS {
            for x in 0..ART_PIXELS {
                let painted = stack.iter().fold(UNDERNEATH, |under, (tileset, id)| {
                    sheets[*tileset]
                        .as_ref()
                        .and_then(|sheet| sheet.pixel(*id, x, y))
                        .map_or(under, |over| blend(under, over))
                });
                let at = (((top + y) * width + left + x) * 4) as usize;
                pixels[at..at + 4].copy_from_slice(&painted);
            }
        }
    }
    Some(TileArt {
        width,
        height,
        pixels,
        cells,
    })
}
