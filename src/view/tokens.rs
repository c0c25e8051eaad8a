//! Unit tokens: a disc in the side's colour on each unit's tile, a ring round the selected one.

use bevy::prelude::*;

use super::overlay::Selection;
use super::{KeeperEyes, MapGeometry, ShownMap, TILE_SIZE, TOKEN_Z, Unseen, image_from_pixels};
use crate::battle::{ActiveScenario, Condition, Flow, TilePosition, UnitId, Vital, Vitals};
use crate::log::visibility::unit_secret;
use crate::schedule::AppSystems;

/// The token image's side in pixels.
const TOKEN_PIXELS: u32 = 64;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (
            (
                add_tokens,
                mark_the_unseen,
                move_tokens,
                show_the_state,
                hide_the_absent,
            )
                .chain()
                .in_set(super::PlaceTokens),
            ring_the_selected_unit,
            ring_the_acting_unit,
            mark_fire_stun_and_cover,
            mark_charges,
        )
            .in_set(AppSystems::Present),
    );
}

/// A white disc with a dark rim, tinted per side.
fn token_pixels() -> Vec<u8> {
    let centre = (TOKEN_PIXELS as f32 - 1.0) / 2.0;
    let mut pixels = Vec::with_capacity((TOKEN_PIXELS * TOKEN_PIXELS * 4) as usize);
    for y in 0..TOKEN_PIXELS {
        for x in 0..TOKEN_PIXELS {
            let distance = Vec2::new(x as f32 - centre, y as f32 - centre).length();
            let radius = centre;
            let pixel: [u8; 4] = if distance > radius {
                [0, 0, 0, 0]
            } else if distance > radius - 5.0 {
                [20, 20, 24, 255]
            } else if distance > radius - 8.0 {
                [255, 255, 255, 255]
            } else {
                // A faint highlight towards the top-left gives the disc some depth.
                let shade =
                    u8::try_from(215 - 75 * (x + y) / (2 * TOKEN_PIXELS)).unwrap_or_default();
                [shade, shade, shade, 255]
            };
            pixels.extend_from_slice(&pixel);
        }
    }
    pixels
}

/// Give every unit without a token its sprite.
fn add_tokens(
    mut commands: Commands,
    units: Query<(Entity, &UnitId), Without<Sprite>>,
    scenario: Option<Res<ActiveScenario>>,
    mut images: ResMut<Assets<Image>>,
    mut texture: Local<Option<Handle<Image>>>,
) {
    let Some(scenario) = scenario else {
        return;
    };
    for (entity, id) in &units {
        let texture = texture
            .get_or_insert_with(|| {
                images.add(image_from_pixels(
                    TOKEN_PIXELS,
                    TOKEN_PIXELS,
                    token_pixels(),
                ))
            })
            .clone();
        let side = &scenario.0.sides[scenario.0.units[id.index()].side];
        let (red, green, blue) = side.colour;
        commands.entity(entity).insert((
            Sprite {
                image: texture,
                color: Color::srgb_u8(red, green, blue),
                custom_size: Some(Vec2::splat(TILE_SIZE * 0.86)),
                ..default()
            },
            Transform::from_xyz(0.0, 0.0, TOKEN_Z),
            // The keeper's: the table view paints its own tokens, for the units it may show.
            bevy::camera::visibility::RenderLayers::layer(super::KEEPER_LAYER),
        ));
    }
}

/// Put tokens on their units' tiles.
fn move_tokens(
    map: Res<ShownMap>,
    mut tokens: Query<(&TilePosition, &mut Transform), Or<(Changed<TilePosition>, Added<Sprite>)>>,
) {
    let geometry = MapGeometry::of(&map.0);
    for (position, mut transform) in &mut tokens {
        transform.translation = geometry.centre(position.0).extend(TOKEN_Z);
    }
}

/// Tokens show how their units are: flattened when prone, less so kneeling, dark when down,
/// faded and grey when dead.
fn show_the_state(
    scenario: Option<Res<ActiveScenario>>,
    mut tokens: Query<
        (&UnitId, &Vitals, &Condition, &mut Sprite, &mut Transform),
        Or<(Changed<Vitals>, Changed<Condition>, Added<Sprite>)>,
    >,
) {
    let Some(scenario) = scenario else {
        return;
    };
    for (id, vitals, condition, mut sprite, mut transform) in &mut tokens {
        let (red, green, blue) = scenario.0.sides[scenario.0.units[id.index()].side].colour;
        let colour = Color::srgb_u8(red, green, blue);
        sprite.color = match vitals.vital {
            Vital::Conscious => colour,
            Vital::Dead => Color::srgba(0.45, 0.45, 0.45, 0.55),
            Vital::Unconscious | Vital::Dying | Vital::Stabilised => colour.darker(0.25),
        };
        transform.scale = if condition.prone || !vitals.conscious() {
            Vec3::new(1.0, 0.6, 1.0)
        } else if condition.kneeling {
            Vec3::new(1.0, 0.8, 1.0)
        } else {
            Vec3::ONE
        };
    }
}

/// Units secret from the players (hidden, or yet to come) are unseen while the window reads
/// as the players.
fn mark_the_unseen(
    mut commands: Commands,
    eyes: Res<KeeperEyes>,
    scenario: Option<Res<ActiveScenario>>,
    units: Query<(Entity, &UnitId, &Condition, Has<Unseen>)>,
) {
    let Some(scenario) = scenario else {
        return;
    };
    for (entity, unit, condition, unseen) in &units {
        let secret = !eyes.0 && unit_secret(&scenario.0, *unit, condition);
        match (secret, unseen) {
            (true, false) => {
                commands.entity(entity).insert(Unseen);
            }
            (false, true) => {
                commands.entity(entity).remove::<Unseen>();
            }
            _ => {}
        }
    }
}

/// Units not on the map (not yet arrived, or fled) and unseen ones have no token to see.
fn hide_the_absent(
    mut tokens: Query<(Has<TilePosition>, Has<Unseen>, &mut Visibility), With<UnitId>>,
) {
    for (on_map, unseen, mut visibility) in &mut tokens {
        let wanted = if on_map && !unseen {
            Visibility::Inherited
        } else {
            Visibility::Hidden
        };
        visibility.set_if_neq(wanted);
    }
}

/// A gold ring pulses round the unit whose turn it is.
fn ring_the_acting_unit(
    flow: Option<Res<Flow>>,
    units: Query<(&UnitId, &TilePosition), Without<Unseen>>,
    map: Res<ShownMap>,
    time: Res<Time>,
    mut gizmos: Gizmos,
) {
    let Some(acting) = flow.and_then(|flow| flow.acting()) else {
        return;
    };
    if let Some((_, position)) = units.iter().find(|(id, _)| **id == acting) {
        let centre = MapGeometry::of(&map.0).centre(position.0);
        let pulse = 0.62 + 0.06 * (time.elapsed_secs() * 4.0).sin();
        gizmos.circle_2d(
            Isometry2d::from_translation(centre),
            TILE_SIZE * pulse,
            Color::srgb(1.0, 0.8, 0.1),
        );
    }
}

fn ring_the_selected_unit(
    selection: Res<Selection>,
    units: Query<(&UnitId, &TilePosition), Without<Unseen>>,
    map: Res<ShownMap>,
    mut gizmos: Gizmos,
) {
    let Some(selected) = selection.0 else {
        return;
    };
    let geometry = MapGeometry::of(&map.0);
    for (id, position) in &units {
        if *id == selected {
            let centre = geometry.centre(position.0);
            gizmos.circle_2d(
                Isometry2d::from_translation(centre),
                TILE_SIZE * 0.52,
                Color::WHITE,
            );
            gizmos.circle_2d(
                Isometry2d::from_translation(centre),
                TILE_SIZE * 0.58,
                Color::srgb(1.0, 0.85, 0.2),
            );
        }
    }
}

/// Flickering flames round a burning unit, a violet ring round a stunned one, sand-coloured
/// bars either side of a kneeling one, a grey half-ring over one that has dived for cover.
fn mark_fire_stun_and_cover(
    units: Query<(&TilePosition, &Condition), Without<Unseen>>,
    map: Res<ShownMap>,
    time: Res<Time>,
    mut gizmos: Gizmos,
) {
    let geometry = MapGeometry::of(&map.0);
    let flicker = 0.5 + 0.5 * (time.elapsed_secs() * 9.0).sin();
    for (position, condition) in &units {
        let centre = geometry.centre(position.0);
        if condition.burning.is_some() {
            for (radius, colour) in [
                (0.40, Color::srgb(1.0, 0.35 + 0.3 * flicker, 0.05)),
                (0.46, Color::srgb(1.0, 0.15, 0.05)),
            ] {
                gizmos.circle_2d(
                    Isometry2d::from_translation(centre),
                    TILE_SIZE * radius,
                    colour,
                );
            }
        }
        if condition.stunned() {
            gizmos.circle_2d(
                Isometry2d::from_translation(centre),
                TILE_SIZE * 0.34,
                Color::srgb(0.75, 0.45, 1.0),
            );
        }
        if condition.kneeling {
            // A kneeling unit: a low wall either side of it, clear of its name below.
            for side in [-0.5, -0.48, 0.48, 0.5] {
                gizmos.line_2d(
                    centre + Vec2::new(side, -0.3) * TILE_SIZE,
                    centre + Vec2::new(side, 0.08) * TILE_SIZE,
                    Color::srgb(0.95, 0.85, 0.55),
                );
            }
        }
        if condition.dived_for_cover {
            gizmos.arc_2d(
                Isometry2d::from_translation(centre),
                std::f32::consts::PI,
                TILE_SIZE * 0.48,
                Color::srgb(0.7, 0.7, 0.75),
            );
        }
    }
}

/// Charges on a fuse (an orange ring) and mines (a red ring with a cross) where they were set.
fn mark_charges(flow: Option<Res<Flow>>, map: Res<ShownMap>, mut gizmos: Gizmos) {
    let Some(flow) = flow else {
        return;
    };
    let geometry = MapGeometry::of(&map.0);
    for charge in &flow.charges {
        let centre = geometry.centre(charge.at);
        let colour = if charge.fuse.is_some() {
            Color::srgb(1.0, 0.6, 0.1)
        } else {
            Color::srgb(0.95, 0.15, 0.15)
        };
        gizmos.circle_2d(
            Isometry2d::from_translation(centre),
            TILE_SIZE * 0.3,
            colour,
        );
        if charge.fuse.is_none() {
            let arm = TILE_SIZE * 0.2;
            gizmos.line_2d(centre - Vec2::splat(arm), centre + Vec2::splat(arm), colour);
            gizmos.line_2d(
                centre + Vec2::new(-arm, arm),
                centre + Vec2::new(arm, -arm),
                colour,
            );
        }
    }
}

/// On Call of Cthulhu 7e's shipped scenes.
#[cfg(all(test, feature = "coc7e"))]
mod tests {
    use super::*;
    use crate::battle::Presence;
    use crate::map::Tile;
    use crate::map::scenario::Scenario;
    use std::sync::Arc;

    /// An investigator, a cult (played by the AI, so secret) with a hidden lurker and a
    /// latecomer in reserve, and a hidden investigator scout.
    fn ambush() -> Scenario {
        let unit = |name: &str, side: &str, x: u32, extra: &str| {
            format!(
                "(name: \"{name}\", side: \"{side}\", at: ({x}, 1), characteristics: (STR: 50, \
                 CON: 50, SIZ: 50, DEX: 50, APP: 50, INT: 50, POW: 50, EDU: 50, LUCK: 50){extra})"
            )
        };
        let units = [
            unit("Ada", "investigators", 1, ""),
            unit("Scout", "investigators", 2, ", hidden: true"),
            unit("Lurker", "cult", 5, ", hidden: true"),
            unit("Latecomer", "cult", 6, ", reserve: true"),
        ];
        let text = format!(
            "(name: \"Ambush\", map: Inline((name: \"Yard\", legend: {{ '.': Floor }}, rows: \
             [\"........\", \"........\", \"........\"])), sides: [(id: \"investigators\", \
             name: \"Investigators\"), (id: \"cult\", name: \"Cult\", control: Ai)], units: \
             [{}], victory: LastSideStanding)",
            units.join(", ")
        );
        Scenario::parse("ambush", &text, None).unwrap_or_else(|error| panic!("{error}"))
    }

    #[test]
    fn the_players_window_sees_no_hidden_unit_nor_a_secret_sides_reserve() {
        let mut app = App::new();
        app.insert_resource(ActiveScenario(Arc::new(ambush())))
            .insert_resource(KeeperEyes(false))
            .add_systems(Update, (mark_the_unseen, hide_the_absent).chain());
        let spawn = |app: &mut App, index: u16, hidden: bool, presence: Presence| {
            let condition = Condition {
                hidden,
                presence,
                ..Condition::default()
            };
            let mut unit = app
                .world_mut()
                .spawn((UnitId(index), condition, Visibility::default()));
            if presence == Presence::Present {
                unit.insert(TilePosition(Tile::new(u32::from(index) + 1, 1)));
            }
            unit.id()
        };
        let ada = spawn(&mut app, 0, false, Presence::Present);
        let scout = spawn(&mut app, 1, true, Presence::Present);
        let lurker = spawn(&mut app, 2, true, Presence::Present);
        let latecomer = spawn(&mut app, 3, false, Presence::Reserve);
        app.update();
        app.update();
        let unseen = |app: &App, unit: Entity| app.world().get::<Unseen>(unit).is_some();
        let visibility =
            |app: &App, unit: Entity| *app.world().get::<Visibility>(unit).expect("drawn");
        assert!(!unseen(&app, ada));
        assert!(
            unseen(&app, scout),
            "a hidden unit is hidden whichever side it is on"
        );
        assert!(unseen(&app, lurker));
        assert!(
            unseen(&app, latecomer),
            "the cult's reserve is the keeper's"
        );
        assert_eq!(visibility(&app, lurker), Visibility::Hidden);
        assert_eq!(visibility(&app, ada), Visibility::Inherited);

        // The keeper's tools out: every unit on the map is drawn.
        app.insert_resource(KeeperEyes(true));
        app.update();
        app.update();
        assert!(
            ![ada, scout, lurker, latecomer]
                .iter()
                .any(|unit| unseen(&app, *unit))
        );
        assert_eq!(visibility(&app, lurker), Visibility::Inherited);
        assert_eq!(
            visibility(&app, latecomer),
            Visibility::Hidden,
            "not on the map"
        );

        // Read as the players again, once the lurker is revealed.
        app.insert_resource(KeeperEyes(false));
        app.world_mut()
            .get_mut::<Condition>(lurker)
            .expect("a unit")
            .hidden = false;
        app.update();
        app.update();
        assert!(!unseen(&app, lurker));
        assert!(unseen(&app, scout));
        assert_eq!(visibility(&app, lurker), Visibility::Inherited);
    }
}
