//! Keys and mouse to actions through leafwing-input-manager. The bindings come from a key map
//! (`keymap`): the defaults shipped in `assets/keys.ron`, or a file the user edits.

pub mod keymap;

use bevy::prelude::*;
use leafwing_input_manager::plugin::InputManagerSystem;
use leafwing_input_manager::prelude::*;

pub use keymap::{KeyMap, KeyMapNotice};

/// What a person can ask of the map view and the overlay.
#[derive(Actionlike, Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Reflect)]
pub enum MapAction {
    /// Pick the unit under the pointer, or give the order for the tile under it.
    Select,
    /// Drop the chosen order; let go of the selected unit.
    Cancel,
    /// Move the view with the keyboard.
    PanUp,
    PanDown,
    PanLeft,
    PanRight,
    /// Move the view by dragging with a mouse button held.
    #[actionlike(DualAxis)]
    DragPan,
    /// Zoom with the mouse wheel (not rebindable: the wheel is the wheel).
    #[actionlike(Axis)]
    Zoom,
    ZoomIn,
    ZoomOut,
    /// Centre the view on the unit whose turn it is.
    CentreOnActing,
    ToggleGrid,
    /// Show how far and how hard a shot is from the selected unit to every tile.
    ToggleRangeOverlay,
    /// End the acting unit's turn (or, before the fight, begin it).
    EndTurn,
    /// The defender's answers: dodge (or dive for cover against shots), fight back, take it.
    AnswerDodge,
    AnswerFightBack,
    AnswerNothing,
    /// Orders for the acting unit.
    Aim,
    Reload,
    ThrowAtTile,
    CycleFireMode,
    OpenFire,
    FirstAid,
    Delay,
    StandUp,
    /// The keeper drags a token to another tile (with the keeper's tools out).
    KeeperDrag,
    /// The overlay.
    ToggleHelp,
    UiLarger,
    UiSmaller,
    ToggleFullscreen,
    ToggleHighContrast,
    ExportLog,
    SaveBattle,
    ReplayPlayPause,
    ReplayStepBack,
    ReplayStepForward,
    ReplayStart,
    ReplayEnd,
}

impl MapAction {
    /// The default bindings.
    pub fn default_input_map() -> InputMap<Self> {
        KeyMap::defaults().input_map()
    }
}

/// The entity that holds the bindings and the state of every action.
#[derive(Component, Debug)]
pub struct Controls;

/// Bindings and action state for the map view (public so input handling can be tested headless).
pub fn plugin(app: &mut App) {
    app.add_plugins(InputManagerPlugin::<MapAction>::default())
        .init_resource::<StretchedTaps>()
        .add_systems(Startup, spawn_controls)
        .add_systems(
            PreUpdate,
            (stretch_taps::<KeyCode>, stretch_taps::<MouseButton>)
                .after(bevy::input::InputSystems)
                .before(InputManagerSystem::Unify),
        );
}

/// Buttons pressed and released within one frame, held down for that frame and let go the next.
#[derive(Resource, Debug, Default)]
struct StretchedTaps {
    keys: Vec<KeyCode>,
    mouse: Vec<MouseButton>,
}

/// Where each kind of button keeps its stretched taps.
trait Tappable: Copy + Eq + std::hash::Hash + Send + Sync + 'static {
    fn held(taps: &mut StretchedTaps) -> &mut Vec<Self>;
}

impl Tappable for KeyCode {
    fn held(taps: &mut StretchedTaps) -> &mut Vec<Self> {
        &mut taps.keys
    }
}

impl Tappable for MouseButton {
    fn held(taps: &mut StretchedTaps) -> &mut Vec<Self> {
        &mut taps.mouse
    }
}

/// Actions read whether a button is held, so a tap that starts and ends within one frame (a
/// quick click on a touchpad, at a low frame rate) would be lost. Hold such a button for the
/// frame it was tapped in, and let it go at the start of the next.
fn stretch_taps<B: Tappable>(mut input: ResMut<ButtonInput<B>>, mut taps: ResMut<StretchedTaps>) {
    let held = B::held(&mut taps);
    for button in held.drain(..) {
        if !input.just_pressed(button) {
            input.release(button);
        }
    }
    let tapped: Vec<B> = input
        .get_just_pressed()
        .filter(|button| input.just_released(**button) && !input.pressed(**button))
        .copied()
        .collect();
    for button in tapped {
        input.press(button);
        input.clear_just_released(button);
        held.push(button);
    }
}

/// The key map the controls are built from: the defaults unless a file was given (and read).
fn spawn_controls(mut commands: Commands, key_map: Option<Res<KeyMap>>) {
    let input_map = key_map.map_or_else(MapAction::default_input_map, |map| map.input_map());
    commands.spawn((Name::new("Controls"), Controls, input_map));
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The controls in a bare app: keyboard and mouse input, no window.
    fn controls_app() -> App {
        let mut app = App::new();
        app.add_plugins((MinimalPlugins, bevy::input::InputPlugin, plugin));
        app.update();
        app
    }

    /// Press these keys as a keyboard does (and let them go within the same frame when
    /// `tapped`), run a frame, and say which of `actions` are pressed.
    fn pressed_after(keys: &[KeyCode], tapped: bool, actions: &[MapAction]) -> Vec<MapAction> {
        use bevy::input::ButtonState;
        use bevy::input::keyboard::{Key, KeyboardInput};
        let mut app = controls_app();
        let states: &[ButtonState] = if tapped {
            &[ButtonState::Pressed, ButtonState::Released]
        } else {
            &[ButtonState::Pressed]
        };
        for state in states {
            for key in keys {
                app.world_mut().write_message(KeyboardInput {
                    key_code: *key,
                    logical_key: Key::Unidentified(bevy::input::keyboard::NativeKey::Unidentified),
                    state: *state,
                    text: None,
                    repeat: false,
                    window: Entity::PLACEHOLDER,
                });
            }
        }
        app.update();
        let mut state = app
            .world_mut()
            .query_filtered::<&ActionState<MapAction>, With<Controls>>();
        let state = state.single(app.world()).expect("one set of controls");
        actions
            .iter()
            .copied()
            .filter(|action| state.pressed(action))
            .collect()
    }

    #[test]
    fn a_modified_key_does_not_also_do_the_plain_keys_action() {
        let both = [MapAction::UiLarger, MapAction::ZoomIn];
        for tapped in [false, true] {
            assert_eq!(
                pressed_after(&[KeyCode::ControlLeft, KeyCode::Equal], tapped, &both),
                [MapAction::UiLarger],
                "tapped: {tapped}"
            );
            assert_eq!(
                pressed_after(&[KeyCode::Equal], tapped, &both),
                [MapAction::ZoomIn]
            );
            assert_eq!(
                pressed_after(
                    &[KeyCode::ControlLeft, KeyCode::KeyS],
                    tapped,
                    &[MapAction::ExportLog, MapAction::PanDown]
                ),
                [MapAction::ExportLog]
            );
        }
    }
}
