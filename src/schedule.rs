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
