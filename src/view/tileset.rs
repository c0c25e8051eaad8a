//! The tileset, drawn by code: one 32-pixel tile per terrain kind, in a horizontal strip.
//!
//! Each kind has its own silhouette as well as its own colour, so floor, walls, cover, doors and
//! difficult ground tell apart at a distance and in greyscale.

use crate::map::TerrainKind;

/// The side of one tile in pixels.
pub const TILE_PIXELS: u32 = 32;

type Rgba = [u8; 4];

const FLOOR: Rgba = [58, 54, 48, 255];
const FLOOR_SEAM: Rgba = [48, 44, 39, 255];
const WALL: Rgba = [150, 146, 138, 255];
const MORTAR: Rgba = [96, 92, 86, 255];
const CRATE: Rgba = [150, 98, 46, 255];
const CRATE_EDGE: Rgba = [88, 54, 22, 255];
const PILLAR: Rgba = [70, 98, 58, 255];
const PILLAR_LIGHT: Rgba = [112, 146, 92, 255];
const PILLAR_EDGE: Rgba = [30, 44, 24, 255];
const DOOR: Rgba = [120, 72, 30, 255];
const GLASS: Rgba = [150, 210, 230, 255];
const RUBBLE: Rgba = [146, 128, 98, 255];
// Murky green-grey water: the overlays' blue (move and still act) never looks like a pond.
const WATER: Rgba = [26, 66, 62, 255];
const WAVE: Rgba = [62, 112, 102, 255];
const GRASS: Rgba = [46, 64, 38, 255];
const GRASS_TUFT: Rgba = [68, 92, 52, 255];
const RAIL: Rgba = [160, 120, 70, 255];
const CANOPY: Rgba = [30, 86, 44, 255];
const CANOPY_LIGHT: Rgba = [58, 122, 66, 255];
const CANOPY_EDGE: Rgba = [14, 40, 20, 255];

/// One tile as a function from pixel to colour.
fn pixel(terrain: TerrainKind, x: u32, y: u32) -> Rgba {
    let last = TILE_PIXELS - 1;
    let border = x == 0 || y == 0 || x == last || y == last;
    let floor = || {
        // Planks running across, with a faint seam every 8 pixels.
        if y.is_multiple_of(8) {
            FLOOR_SEAM
        } else {
            FLOOR
        }
    };
    let grass = || {
        // Scattered tufts on dark turf.
        let tuft = (x * 5 + y * 11).is_multiple_of(17) || (x * 13 + y * 3).is_multiple_of(23);
        if tuft { GRASS_TUFT } else { GRASS }
    };
    let wall = || {
        // Bricks: mortar every 8 rows, vertical joints staggered by row.
        let course = y / 8;
        let shift = if course.is_multiple_of(2) { 0 } else { 8 };
        let joint = (x + shift).is_multiple_of(16);
        if y.is_multiple_of(8) || joint {
            MORTAR
        } else {
            WALL
        }
    };
    match terrain {
        TerrainKind::Floor => floor(),
        TerrainKind::Wall => wall(),
        TerrainKind::LowCover => {
            // A crate with an X brace, lower half of the tile only reads as "low".
            let inside = (4..=27).contains(&x) && (10..=27).contains(&y);
            if !inside {
                return floor();
            }
            let edge = x == 4 || x == 27 || y == 10 || y == 27;
            let (u, v) = (x - 4, y - 10);
            let brace = u * 18 / 23 == v || (23 - u) * 18 / 23 == v;
            if edge || brace { CRATE_EDGE } else { CRATE }
        }
        TerrainKind::HighCover => {
            // A tall block filling the tile, lit from the top-left.
            if border || x == 1 || y == 1 {
                PILLAR_EDGE
            } else if x < 8 || y < 8 {
                PILLAR_LIGHT
            } else {
                PILLAR
            }
        }
        TerrainKind::DoorClosed => {
            let panel = (6..=25).contains(&x) && (3..=28).contains(&y);
            if !panel {
                wall()
            } else if x == 6 || x == 25 || y == 3 || y == 28 || (x == 22 && y == 16) {
                CRATE_EDGE
            } else {
                DOOR
            }
        }
        TerrainKind::DoorOpen => {
            // A doorway: floor between wall-coloured corner posts, with a door-brown threshold,
            // so a row of them reads as one wide opening whichever way the wall runs.
            let post = |v: u32| !(6..=last - 6).contains(&v);
            if post(x) && post(y) {
                wall()
            } else if border || x == 1 || y == 1 || x == last - 1 || y == last - 1 {
                DOOR
            } else {
                floor()
            }
        }
        TerrainKind::Window => {
            let glass = (5..=26).contains(&x) && (5..=26).contains(&y);
            if !glass {
                wall()
            } else if x == 15 || x == 16 || y == 15 || y == 16 {
                MORTAR
            } else {
                GLASS
            }
        }
        TerrainKind::Difficult => {
            // Scattered stones on the floor.
            let stone = (x * 7 + y * 13) % 29 < 4 || (x * 11 + y * 5) % 23 < 2;
            if stone { RUBBLE } else { floor() }
        }
        TerrainKind::Water => {
            let wave = (y + (x / 4) % 2 * 2).is_multiple_of(8);
            if wave { WAVE } else { WATER }
        }
        TerrainKind::Grass => grass(),
        TerrainKind::Fence => {
            // Rails through the middle both ways and a post where they meet, so fence tiles
            // join into lines whichever way they run.
            let rail = (15..=16).contains(&x) || (15..=16).contains(&y);
            let post = (12..=19).contains(&x) && (12..=19).contains(&y);
            if post || rail { RAIL } else { grass() }
        }
        TerrainKind::Tree => {
            // A round canopy, lit from the top-left, on grass.
            let (cx, cy) = (f64::from(x) - 15.5, f64::from(y) - 15.5);
            let distance = (cx * cx + cy * cy).sqrt();
            if distance > 15.0 {
                grass()
            } else if distance > 13.5 {
                CANOPY_EDGE
            } else if cx + cy < -6.0 {
                CANOPY_LIGHT
            } else {
                CANOPY
            }
        }
    }
}

/// The tileset image: width, height and RGBA8 pixels, one tile per [`TerrainKind::ALL`] in order.
pub fn tileset_pixels() -> (u32, u32, Vec<u8>) {
    let count = u32::try_from(TerrainKind::ALL.len()).unwrap_or(1);
    let width = TILE_PIXELS * count;
    let height = TILE_PIXELS;
    let mut pixels = Vec::with_capacity((width * height * 4) as usize);
    for y in 0..height {
        for x in 0..width {
            let terrain = TerrainKind::ALL[(x / TILE_PIXELS) as usize];
            pixels.extend_from_slice(&pixel(terrain, x % TILE_PIXELS, y));
        }
    }
    (width, height, pixels)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tile(terrain: TerrainKind) -> Vec<Rgba> {
        (0..TILE_PIXELS)
            .flat_map(|y| (0..TILE_PIXELS).map(move |x| pixel(terrain, x, y)))
            .collect()
    }

    fn mean_brightness(pixels: &[Rgba]) -> f64 {
        let sum: f64 = pixels
            .iter()
            .map(|p| 0.299 * f64::from(p[0]) + 0.587 * f64::from(p[1]) + 0.114 * f64::from(p[2]))
            .sum();
        sum / pixels.len() as f64
    }

    #[test]
    fn every_terrain_draws_a_different_tile() {
        let tiles: Vec<_> = TerrainKind::ALL
            .iter()
            .map(|&terrain| tile(terrain))
            .collect();
        for (i, first) in tiles.iter().enumerate() {
            for (j, second) in tiles.iter().enumerate().skip(i + 1) {
                assert_ne!(
                    first,
                    second,
                    "{:?} and {:?}",
                    TerrainKind::ALL[i],
                    TerrainKind::ALL[j]
                );
            }
        }
    }

    /// Walls and floor must differ strongly in brightness, so they read even in greyscale and
    /// on a washed-out projector.
    #[test]
    fn walls_and_floor_contrast() {
        let wall = mean_brightness(&tile(TerrainKind::Wall));
        let floor = mean_brightness(&tile(TerrainKind::Floor));
        assert!(wall - floor > 60.0, "wall {wall:.0} floor {floor:.0}");
    }

    /// The tileset shipped for drawing maps in Tiled (`maps/tiled/gridkeeper-tiles.png`, the
    /// image of `gridkeeper.tsx`) is this strip, so a map drawn on it looks in Tiled as it does
    /// here. After changing a tile, `GRIDKEEPER_WRITE_TILESET=1 cargo test --lib tiled_tileset`
    /// writes it again.
    #[test]
    fn the_tiled_tileset_image_is_the_drawn_strip() {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("maps/tiled/gridkeeper-tiles.png");
        let (width, height, pixels) = tileset_pixels();
        if std::env::var_os("GRIDKEEPER_WRITE_TILESET").is_some() {
            image::RgbaImage::from_raw(width, height, pixels.clone())
                .expect("a whole strip")
                .save(&path)
                .expect("the image is written");
        }
        let shipped = image::open(&path)
            .unwrap_or_else(|error| panic!("{}: {error}", path.display()))
            .into_rgba8();
        assert_eq!(shipped.dimensions(), (width, height));
        assert!(
            shipped.into_raw() == pixels,
            "{} is out of date",
            path.display()
        );
    }

    /// A Tiled map's own art is painted at the size the view draws a tile.
    #[test]
    fn tiled_art_is_painted_at_the_tile_size() {
        assert_eq!(crate::map::tiled_map::ART_PIXELS, TILE_PIXELS);
    }

    #[test]
    fn the_strip_has_one_tile_per_terrain() {
        let (width, height, pixels) = tileset_pixels();
        assert_eq!(width, TILE_PIXELS * 12);
        assert_eq!(height, TILE_PIXELS);
        assert_eq!(pixels.len(), (width * height * 4) as usize);
    }
}
