//! Keys and mouse to actions through leafwing-input-manager, with the default bindings.

use bevy::prelude::*;
use leafwing_input_manager::plugin::InputManagerSystem;
use leafwing_input_manager::prelude::*;

/// What a person can ask of the map view.
#[derive(Actionlike, Debug, Clone, Copy, PartialEq, Eq, Hash, Reflect)]
pub enum MapAction {
    /// Move the view with the keyboard.
    #[actionlike(DualAxis)]
    Pan,
    /// Move the view by dragging with the middle or right mouse button.
    #[actionlike(DualAxis)]
    DragPan,
    /// Zoom with the mouse wheel.
    #[actionlike(Axis)]
    Zoom,
    ZoomIn,
    ZoomOut,
    /// Pick the unit under the pointer.
    Select,
    /// Let go of the selected unit.
    Cancel,
    ToggleGrid,
    /// Show how far and how hard a shot is from the selected unit to every tile.
    ToggleRangeOverlay,
    /// End the acting unit's turn (or, before the fight, begin it).
    EndTurn,
    /// The defender's answers.
    AnswerDodge,
    AnswerFightBack,
    AnswerNothing,
}

impl MapAction {
    /// The default bindings.
    pub fn default_input_map() -> InputMap<Self> {
        InputMap::default()
            .with_dual_axis(Self::Pan, VirtualDPad::wasd())
            .with_dual_axis(Self::Pan, VirtualDPad::arrow_keys())
            .with_dual_axis(
                Self::DragPan,
                DualAxislikeChord::new(MouseButton::Middle, MouseMove::default()),
            )
            .with_dual_axis(
                Self::DragPan,
                DualAxislikeChord::new(MouseButton::Right, MouseMove::default()),
            )
            .with_axis(Self::Zoom, MouseScrollAxis::Y)
            .with(Self::ZoomIn, KeyCode::Equal)
            .with(Self::ZoomIn, KeyCode::NumpadAdd)
            .with(Self::ZoomOut, KeyCode::Minus)
            .with(Self::ZoomOut, KeyCode::NumpadSubtract)
            .with(Self::Select, MouseButton::Left)
            .with(Self::Cancel, KeyCode::Escape)
            .with(Self::ToggleGrid, KeyCode::KeyG)
            .with(Self::ToggleRangeOverlay, KeyCode::KeyR)
            .with(Self::EndTurn, KeyCode::Enter)
            .with(Self::EndTurn, KeyCode::KeyE)
            .with(Self::AnswerDodge, KeyCode::Digit1)
            .with(Self::AnswerFightBack, KeyCode::Digit2)
            .with(Self::AnswerNothing, KeyCode::Digit3)
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

fn spawn_controls(mut commands: Commands) {
    commands.spawn((
        Name::new("Controls"),
        Controls,
        MapAction::default_input_map(),
    ));
}
