//! The battle runs headless: the same plugins without a window, built by one shared helper.

use gridkeeper::battle::{TilePosition, UnitId};
use gridkeeper::map::Tile;
use gridkeeper::map::scenario::Scenario;

/// The shared test app: a shipped scenario in the headless App, started.
fn test_app(scenario: &str) -> bevy::app::App {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("maps")
        .join(scenario);
    let scenario = Scenario::load(&path).unwrap_or_else(|error| panic!("{error}"));
    let mut app = gridkeeper::headless_app(scenario);
    app.update();
    app
}

#[test]
fn every_unit_stands_on_its_start_tile_with_a_stable_id() {
    for file in ["warehouse.ron", "farmstead.ron", "cellar.ron"] {
        let mut app = test_app(file);
        let mut placed: Vec<(UnitId, Tile)> = app
            .world_mut()
            .query::<(&UnitId, &TilePosition)>()
            .iter(app.world())
            .map(|(id, position)| (*id, position.0))
            .collect();
        placed.sort();
        let scenario = app
            .world()
            .resource::<gridkeeper::battle::ActiveScenario>()
            .0
            .clone();
        assert_eq!(placed.len(), scenario.units.len(), "{file}");
        for (id, tile) in placed {
            assert_eq!(
                tile,
                scenario.units[id.index()].start,
                "{file}: {}",
                scenario.units[id.index()].name
            );
        }
    }
}

/// A key pressed and released within one frame still triggers its action: the tap is held for
/// that frame.
#[test]
fn a_tap_within_one_frame_is_not_lost() {
    use bevy::input::ButtonState;
    use bevy::input::keyboard::{Key, KeyboardInput};
    use bevy::prelude::*;
    use gridkeeper::input::MapAction;
    use leafwing_input_manager::prelude::ActionState;

    let mut app = App::new();
    app.add_plugins((
        MinimalPlugins,
        bevy::input::InputPlugin,
        gridkeeper::input::plugin,
    ));
    app.update();
    let window = Entity::PLACEHOLDER;
    let key = |state| KeyboardInput {
        key_code: KeyCode::KeyG,
        logical_key: Key::Character("g".into()),
        state,
        text: None,
        repeat: false,
        window,
    };
    app.world_mut().write_message(key(ButtonState::Pressed));
    app.world_mut().write_message(key(ButtonState::Released));
    app.update();
    let pressed_now = |app: &mut App| {
        let mut controls = app.world_mut().query::<&ActionState<MapAction>>();
        let state = controls.single(app.world()).expect("one set of controls");
        (
            state.just_pressed(&MapAction::ToggleGrid),
            state.pressed(&MapAction::ToggleGrid),
        )
    };
    assert_eq!(
        pressed_now(&mut app),
        (true, true),
        "held for the frame of the tap"
    );
    app.update();
    assert_eq!(
        pressed_now(&mut app),
        (false, false),
        "let go the next frame"
    );
}
