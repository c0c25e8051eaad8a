//! The order of each frame's work: one ordered set of system sets, configured once by the
//! game window, that every feature slots its systems into.

use bevy::prelude::*;

/// The order of each frame's work in `Update`; every feature says which set its systems join.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum AppSystems {
    /// Read the pointer and keys into state (the hovered tile).
    ReadInput,
    /// Act on the actions: select, pan, zoom, toggle.
    Interact,
    /// Make what is drawn follow the state: tokens, overlays, lines.
    Present,
}

/// What the window is showing: the start menu (a scenario, a save or a replay to choose), a
/// battle (or a bare map) being played or watched, or the scenario editor. Leaving a battle clears it away; entering
/// one sets up the battle chosen.
#[derive(States, Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Screen {
    #[default]
    Menu,
    Battle,
    /// The scenario editor.
    Editor,
}
