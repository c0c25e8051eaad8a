//! BRP classic's own reasons for a roll's modifiers, written in the event stream by these names
//! (`{"reason":"extended_range",…}`) as every reason is.

use crate::rules::modifiers::ModifierReason;

/// The target is past the weapon's base range (the chance halves for each further multiple).
pub const EXTENDED_RANGE: ModifierReason = ModifierReason::own("extended_range", "extended range");

/// Shots fired without aiming, twice as many as the weapon's usual rate.
pub const UNAIMED: ModifierReason = ModifierReason::own("unaimed", "unaimed");

/// A burst of automatic fire at one target.
pub const BURST: ModifierReason = ModifierReason::own("burst", "burst");
