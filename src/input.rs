//! Keys and mouse to actions through leafwing-input-manager, with the default bindings.

use bevy::prelude::*;
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
    }
}

/// The entity that holds the bindings and the state of every action.
#[derive(Component, Debug)]
pub struct Controls;

pub(super) fn plugin(app: &mut App) {
    app.add_plugins(InputManagerPlugin::<MapAction>::default())
        .add_systems(Startup, spawn_controls);
}

fn spawn_controls(mut commands: Commands) {
    commands.spawn((
        Name::new("Controls"),
        Controls,
        MapAction::default_input_map(),
    ));
}
