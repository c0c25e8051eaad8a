//! The d100 house sheet's own reasons for a roll's modifiers, written in the event stream by these names
//! (`{"reason":"shift",…}`) as every reason is.

use crate::rules::modifiers::ModifierReason;

/// A shift the keeper gives a roll (the d100 house sheet's ±10, 20 or 30).
pub const SHIFT: ModifierReason = ModifierReason::own("shift", "shift");

/// Attacking and dodging in one turn: the second of them pays (the d100 house sheet).
pub const DODGING_TOO: ModifierReason = ModifierReason::own("dodging_too", "dodging too");

/// Pinned by suppressing fire until the shooter's next turn (the d100 house sheet).
pub const SUPPRESSED: ModifierReason = ModifierReason::own("suppressed", "suppressed");

/// A hit by a large-calibre gun is harder to stay on one's feet through (the d100 house
/// sheet's shotgun).
pub const LARGE_CALIBRE: ModifierReason = ModifierReason::own("large_calibre", "large calibre");

/// The attack is called at a body part (the d100 house sheet).
pub const CALLED_SHOT: ModifierReason = ModifierReason::own("called_shot", "called shot");

/// Dazed: a shift for each daze on the roller (the d100 house sheet).
pub const DAZED: ModifierReason = ModifierReason::own("dazed", "dazed");

/// Blinded by a cherry (the d100 house sheet).
pub const BLINDED: ModifierReason = ModifierReason::own("blinded", "blinded");

/// On fire, for each round burnt (the d100 house sheet).
pub const BURNING: ModifierReason = ModifierReason::own("burning", "on fire");

/// The target is held by someone: an attack at it is easier.
pub const AT_THE_HELD: ModifierReason = ModifierReason::own("at_the_held", "target held");
