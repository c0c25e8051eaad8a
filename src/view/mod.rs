//! What the player sees of the map: the terrain tilemap, the camera, the grid, the hovered
//! tile, unit tokens and the overlays. The view follows the state and holds no rules.

pub mod camera;
pub mod drag;
mod grid;
pub mod hover;
pub mod motion;
pub mod offers;
pub mod orders;
pub mod overlay;
pub mod preview;
pub mod screenshot;
pub mod table;
pub mod tileset;
mod tokens;

use bevy::asset::RenderAssetUsages;
use bevy::image::Image;
use bevy::prelude::*;
use bevy::render::render_resource::{Extent3d, TextureDimension, TextureFormat};
use bevy_ecs_tilemap::prelude::*;

use crate::battle::{TilePosition, UnitId};
use crate::map::{GridMap, Tile};
use crate::schedule::AppSystems;
use tileset::{TILE_PIXELS, tileset_pixels};

/// The map the window shows.
#[derive(Resource, Debug, Clone)]
pub struct ShownMap(pub GridMap);

/// How the view starts: a unit selected, a tile pointed at, the range overlay on. Given on the
/// command line, to show a situation at once (and to take screenshots of it).
#[derive(Resource, Debug, Clone, Default)]
pub struct StartupView {
    pub select: Option<UnitId>,
    pub aim_at: Option<UnitId>,
    pub range_overlay: bool,
    /// Point at this tile ready to throw the explosive in hand at it.
    pub blast_at: Option<crate::map::Tile>,
}

/// Whether the laptop's window reads the battle as the keeper (every number, every hidden unit)
/// or as the players (a secret side's numbers and the hidden units kept out): the keeper's while
/// the keeper's tools are out, the players' otherwise (a solo game has no keeper).
#[derive(Resource, Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct KeeperEyes(pub bool);

/// A hidden unit in a window read as the players: no token, label, ring, target or camera
/// follows it there.
#[derive(Component, Debug, Clone, Copy)]
pub struct Unseen;

/// The render layer of what only the keeper's window draws (the table view's camera looks at
/// layer 0 alone).
pub const KEEPER_LAYER: usize = 1;

/// The size of one tile in world units.
pub const TILE_SIZE: f32 = TILE_PIXELS as f32;

/// Where tiles sit in the world: the map is centred on the origin, row 0 at the top.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct MapGeometry {
    pub width: u32,
    pub height: u32,
}

impl MapGeometry {
    pub fn of(map: &GridMap) -> Self {
        Self {
            width: map.width(),
            height: map.height(),
        }
    }

    /// The world position of a tile's centre.
    pub fn centre(self, tile: Tile) -> Vec2 {
        Vec2::new(
            (tile.x as f32 + 0.5 - self.width as f32 / 2.0) * TILE_SIZE,
            (self.height as f32 / 2.0 - tile.y as f32 - 0.5) * TILE_SIZE,
        )
    }

    /// The tile under a world position, if it is on the map.
    pub fn tile_at(self, world: Vec2) -> Option<Tile> {
        let column = (world.x / TILE_SIZE + self.width as f32 / 2.0).floor();
        let row = (self.height as f32 / 2.0 - world.y / TILE_SIZE).floor();
        let on_map =
            (0.0..self.width as f32).contains(&column) && (0.0..self.height as f32).contains(&row);
        #[expect(
            clippy::cast_possible_truncation,
            clippy::cast_sign_loss,
            reason = "column and row were just checked to lie on the map"
        )]
        on_map.then(|| Tile::new(column as u32, row as u32))
    }

    /// The size of the whole map in world units.
    pub fn size(self) -> Vec2 {
        Vec2::new(self.width as f32, self.height as f32) * TILE_SIZE
    }
}

/// The systems that put tokens where their units stand (the glides come after).
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
struct PlaceTokens;

/// Draw order: terrain, overlays, tokens.
const TERRAIN_Z: f32 = 0.0;
const OVERLAY_Z: f32 = 1.0;
const TOKEN_Z: f32 = 2.0;

pub(super) fn plugin(app: &mut App) {
    app.add_plugins(TilemapPlugin)
        .insert_resource(ClearColor(Color::srgb(0.08, 0.08, 0.1)))
        .add_plugins((
            camera::plugin,
            drag::plugin,
            grid::plugin,
            hover::plugin,
            motion::plugin,
            offers::plugin,
            orders::plugin,
            overlay::plugin,
            preview::plugin,
            screenshot::plugin,
            table::plugin,
            tokens::plugin,
        ))
        .add_systems(
            Update,
            draw_the_map
                .run_if(resource_changed::<ShownMap>)
                .before(AppSystems::ReadInput),
        );
}

/// A tile layer's entities (its tilemap and every tile), gone when the map shown changes.
#[derive(Component, Debug)]
struct MapLayer;

/// Whenever the map shown changes (the window opening, a scenario chosen in the menu, a battle
/// begun), its terrain and the overlay's layer are drawn anew and the old ones go.
fn draw_the_map(
    mut commands: Commands,
    map: Res<ShownMap>,
    mut images: ResMut<Assets<Image>>,
    drawn: Query<Entity, With<MapLayer>>,
) {
    for entity in &drawn {
        commands.entity(entity).despawn();
    }
    spawn_terrain(&mut commands, &map, &mut images);
    overlay::spawn_overlay_layer(&mut commands, &map, &mut images);
}

/// Set the view as a battle begins: the unit selected, the range overlay and the tile pointed
/// at as `wanted` says, nothing else carried over from a battle before.
pub fn apply_startup_view(
    wanted: Res<StartupView>,
    units: Query<(&UnitId, &TilePosition)>,
    mut selection: ResMut<overlay::Selection>,
    mut range_shown: ResMut<overlay::RangeOverlayShown>,
    mut hovered: ResMut<hover::HoveredTile>,
    mut intent: ResMut<orders::Intent>,
) {
    selection.0 = wanted.select;
    range_shown.0 = wanted.range_overlay;
    let aimed_at = units
        .iter()
        .find(|(id, _)| Some(**id) == wanted.aim_at)
        .map(|(_, position)| position.0);
    *hovered = match aimed_at.or(wanted.blast_at) {
        Some(tile) => hover::HoveredTile {
            tile: Some(tile),
            pinned: true,
        },
        None => hover::HoveredTile::default(),
    };
    *intent = if wanted.blast_at.is_some() {
        orders::Intent::Blast
    } else {
        orders::Intent::default()
    };
}

/// An image from RGBA8 pixels, for textures drawn by code.
fn image_from_pixels(width: u32, height: u32, pixels: Vec<u8>) -> Image {
    Image::new(
        Extent3d {
            width,
            height,
            depth_or_array_layers: 1,
        },
        TextureDimension::D2,
        pixels,
        TextureFormat::Rgba8UnormSrgb,
        RenderAssetUsages::RENDER_WORLD,
    )
}

/// A tilemap covering the whole map at height `z`, with one tile entity per map tile made by
/// `tile` (given the map tile and its tilemap position).
fn spawn_tile_layer(
    commands: &mut Commands,
    map: &GridMap,
    texture: Handle<Image>,
    z: f32,
    name: &str,
    mut tile: impl FnMut(&mut Commands, Tile, TileBundle) -> Entity,
) -> Entity {
    let size = TilemapSize {
        x: map.width(),
        y: map.height(),
    };
    let tilemap = commands.spawn_empty().id();
    let mut storage = TileStorage::empty(size);
    for (at, _) in map.tiles() {
        // Files are written top row first; the tilemap counts rows from the bottom.
        let position = TilePos {
            x: at.x,
            y: map.height() - 1 - at.y,
        };
        let bundle = TileBundle {
            position,
            tilemap_id: TilemapId(tilemap),
            ..default()
        };
        let entity = tile(commands, at, bundle);
        commands.entity(entity).insert(MapLayer);
        storage.set(&position, entity);
    }
    let tile_size = TilemapTileSize {
        x: TILE_SIZE,
        y: TILE_SIZE,
    };
    commands.entity(tilemap).insert((
        MapLayer,
        Name::new(name.to_string()),
        TilemapBundle {
            grid_size: tile_size.into(),
            size,
            storage,
            texture: TilemapTexture::Single(texture),
            tile_size,
            anchor: TilemapAnchor::Center,
            transform: Transform::from_xyz(0.0, 0.0, z),
            ..default()
        },
    ));
    tilemap
}

/// The terrain: the map's own art where it has some (a Tiled map's), else Gridkeeper's tiles.
fn spawn_terrain(commands: &mut Commands, map: &ShownMap, images: &mut Assets<Image>) {
    let map = &map.0;
    let (width, height, pixels) = match &map.art {
        Some(art) => (art.width, art.height, art.pixels.clone()),
        None => tileset_pixels(),
    };
    let texture = images.add(image_from_pixels(width, height, pixels));
    spawn_tile_layer(
        commands,
        map,
        texture,
        TERRAIN_Z,
        "Terrain",
        |commands, at, bundle| {
            let tile = match &map.art {
                Some(art) => map
                    .index(at)
                    .and_then(|cell| art.cells.get(cell))
                    .copied()
                    .unwrap_or(0),
                None => map
                    .terrain(at)
                    .map_or(0, |terrain| terrain.kind.tile_index()),
            };
            commands
                .spawn(TileBundle {
                    texture_index: TileTextureIndex(tile),
                    ..bundle
                })
                .id()
        },
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tiles_and_world_positions_round_trip() {
        let geometry = MapGeometry {
            width: 40,
            height: 30,
        };
        assert_eq!(
            geometry.centre(Tile::new(0, 0)),
            Vec2::new(-19.5 * TILE_SIZE, 14.5 * TILE_SIZE)
        );
        assert_eq!(
            geometry.centre(Tile::new(39, 29)),
            Vec2::new(19.5 * TILE_SIZE, -14.5 * TILE_SIZE)
        );
        for tile in [Tile::new(0, 0), Tile::new(39, 29), Tile::new(12, 7)] {
            assert_eq!(geometry.tile_at(geometry.centre(tile)), Some(tile));
            let corner = geometry.centre(tile) + Vec2::new(0.49, -0.49) * TILE_SIZE;
            assert_eq!(geometry.tile_at(corner), Some(tile));
        }
        assert_eq!(geometry.tile_at(Vec2::new(-20.1 * TILE_SIZE, 0.0)), None);
        assert_eq!(geometry.tile_at(Vec2::new(0.0, 15.1 * TILE_SIZE)), None);
        assert_eq!(geometry.size(), Vec2::new(40.0, 30.0) * TILE_SIZE);
    }
}
