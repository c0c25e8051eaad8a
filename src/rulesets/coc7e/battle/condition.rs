//! Call of Cthulhu 7e's part of a unit's condition: what its own maneuvers leave on a unit
//! (hampered until its turn ends, exposed for the round), a component of CoC's own.

use bevy::prelude::*;

/// CoC's part of a unit's condition.
#[derive(Component, Debug, Clone, Default, PartialEq, Eq)]
pub struct CocCondition {
    /// Hampered by a maneuver: a penalty die on its own rolls until its turn ends.
    pub hindered: bool,
    /// The round an enemy's maneuver left it open in: a bonus die on attacks at it by the
    /// maneuver's side that round.
    pub exposed_in: Option<u32>,
}
