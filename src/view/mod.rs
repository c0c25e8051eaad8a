//! What the player sees of the map: the tileset, the tilemap and the camera.

pub mod screenshot;
pub mod tileset;

use bevy::asset::RenderAssetUsages;
use bevy::camera::{ScalingMode, Viewport};
use bevy::image::Image;
use bevy::prelude::*;
use bevy::render::render_resource::{Extent3d, TextureDimension, TextureFormat};
use bevy::window::PrimaryWindow;
use bevy_ecs_tilemap::prelude::*;

use crate::map::GridMap;
use crate::ui::SIDE_PANEL_WIDTH;
use tileset::{TILE_PIXELS, tileset_pixels};

/// The camera that looks at the map (the overlay has its own).
#[derive(Component, Debug)]
pub struct MapCamera;

/// The map the window shows.
#[derive(Resource, Debug, Clone)]
pub struct ShownMap(pub GridMap);

pub(super) fn plugin(app: &mut App) {
    app.add_plugins(TilemapPlugin)
        .insert_resource(ClearColor(Color::srgb(0.08, 0.08, 0.1)))
        .add_plugins(screenshot::plugin)
        .add_systems(Startup, (spawn_camera, spawn_tilemap))
        .add_systems(Update, keep_the_map_left_of_the_panel);
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
                texture_index: TileTextureIndex(terrain.kind.tile_index()),
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
    let margin = 2.0 * pixels;
    commands.spawn((
        Name::new("Map camera"),
        MapCamera,
        Camera2d,
        Projection::Orthographic(OrthographicProjection {
            scaling_mode: ScalingMode::AutoMin {
                min_width: map.0.width() as f32 * pixels + margin,
                min_height: map.0.height() as f32 * pixels + margin,
            },
            ..OrthographicProjection::default_2d()
        }),
    ));
}

/// Draw the map only in the part of the window the side panel leaves free, so the whole map
/// fits beside the panel at any window size.
fn keep_the_map_left_of_the_panel(
    window: Single<&Window, With<PrimaryWindow>>,
    mut camera: Single<&mut Camera, With<MapCamera>>,
) {
    #[expect(
        clippy::cast_possible_truncation,
        clippy::cast_sign_loss,
        reason = "the panel is a few hundred pixels wide: positive and far below u32::MAX"
    )]
    let panel = (SIDE_PANEL_WIDTH * window.scale_factor()).round() as u32;
    let size = UVec2::new(
        window.physical_width().saturating_sub(panel).max(1),
        window.physical_height().max(1),
    );
    let unchanged = camera
        .viewport
        .as_ref()
        .is_some_and(|viewport| viewport.physical_size == size);
    if !unchanged {
        camera.viewport = Some(Viewport {
            physical_position: UVec2::ZERO,
            physical_size: size,
            ..default()
        });
    }
}
