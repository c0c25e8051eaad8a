//! What the player sees of the map: the tileset, the tilemap and the camera.

pub mod screenshot;
pub mod tileset;

use bevy::asset::RenderAssetUsages;
use bevy::camera::ScalingMode;
use bevy::image::Image;
use bevy::prelude::*;
use bevy::render::render_resource::{Extent3d, TextureDimension, TextureFormat};
use bevy_ecs_tilemap::prelude::*;

use crate::map::GridMap;
use tileset::{TILE_PIXELS, tileset_pixels};

/// The map the window shows.
#[derive(Resource, Debug, Clone)]
pub struct ShownMap(pub GridMap);

/// Share of the window's width the map may use; the rest is left for the side panel.
const MAP_SHARE_OF_WIDTH: f32 = 0.78;

pub(super) fn plugin(app: &mut App) {
    app.add_plugins(TilemapPlugin)
        .insert_resource(ClearColor(Color::srgb(0.08, 0.08, 0.1)))
        .add_plugins(screenshot::plugin)
        .add_systems(Startup, (spawn_camera, spawn_tilemap));
}

fn tileset_image() -> Image {
    let (width, height, pixels) = tileset_pixels();
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

fn spawn_tilemap(mut commands: Commands, map: Res<ShownMap>, mut images: ResMut<Assets<Image>>) {
    let map = &map.0;
    let size = TilemapSize {
        x: map.width(),
        y: map.height(),
    };
    let tilemap = commands.spawn_empty().id();
    let mut storage = TileStorage::empty(size);
    for (tile, terrain) in map.tiles() {
        // Files are written top row first; the tilemap counts rows from the bottom.
        let position = TilePos {
            x: tile.x,
            y: map.height() - 1 - tile.y,
        };
        let entity = commands
            .spawn(TileBundle {
                position,
                tilemap_id: TilemapId(tilemap),
                texture_index: TileTextureIndex(terrain.tile_index()),
                ..default()
            })
            .id();
        storage.set(&position, entity);
    }
    let pixels = TILE_PIXELS as f32;
    let tile_size = TilemapTileSize {
        x: pixels,
        y: pixels,
    };
    commands.entity(tilemap).insert((
        Name::new("Map tiles"),
        TilemapBundle {
            grid_size: tile_size.into(),
            size,
            storage,
            texture: TilemapTexture::Single(images.add(tileset_image())),
            tile_size,
            anchor: TilemapAnchor::Center,
            ..default()
        },
    ));
}

fn spawn_camera(mut commands: Commands, map: Res<ShownMap>) {
    let pixels = TILE_PIXELS as f32;
    let width = map.0.width() as f32 * pixels;
    let height = map.0.height() as f32 * pixels;
    let margin = 2.0 * pixels;
    let shown_width = (width + margin) / MAP_SHARE_OF_WIDTH;
    commands.spawn((
        Name::new("Map camera"),
        Camera2d,
        Projection::Orthographic(OrthographicProjection {
            scaling_mode: ScalingMode::AutoMin {
                min_width: shown_width,
                min_height: height + margin,
            },
            ..OrthographicProjection::default_2d()
        }),
        // Shift the view right so the map sits left of the side panel.
        Transform::from_xyz((shown_width - width - margin) / 2.0, 0.0, 0.0),
    ));
}
