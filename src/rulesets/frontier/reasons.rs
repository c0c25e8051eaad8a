//! The western's own reasons for a roll's modifiers, written in the event stream by these names
//! (`{"reason":"medium_range",…}`) as every reason is.

use crate::rules::modifiers::ModifierReason;

/// The western's band past the base range, to twice it (its "long" is four times).
pub const MEDIUM_RANGE: ModifierReason = ModifierReason::own("medium_range", "medium range");

/// The western's aim: a round spent on the target alone.
pub const TAKING_A_BEAD: ModifierReason = ModifierReason::own("taking_a_bead", "taking a bead");

pub const TARGET_MOVED: ModifierReason = ModifierReason::own("target_moved", "target moved");

/// The target declared a zigzag this round (the western).
pub const ZIGZAGGING: ModifierReason = ModifierReason::own("zigzagging", "target zigzagged");

/// A prone target, or one kneeling behind low cover (the western).
pub const THREE_QUARTER_COVER: ModifierReason =
    ModifierReason::own("three_quarter_cover", "three-quarter cover");

pub const FIRER_MOVED: ModifierReason = ModifierReason::own("firer_moved", "firer moved");

/// The weapon was drawn this round (in a quick draw: it must be pulled out first).
pub const DRAWING: ModifierReason = ModifierReason::own("drawing", "drawing");

/// The gun's own quickness in a quick draw (the western's QD).
pub const GUN_DRAW: ModifierReason = ModifierReason::own("gun_draw", "the gun's draw");

/// The roll against a wound's pain, harder the heavier the wound (the western).
pub const HEAVY_WOUND: ModifierReason = ModifierReason::own("heavy_wound", "heavy wound");

/// A declared specific shot: at the legs, the hand, or for double damage (the western).
pub const SPECIFIC_SHOT: ModifierReason = ModifierReason::own("specific_shot", "specific shot");

/// The attacker moved this round before its blow (the western).
pub const MOVED_INTO_RANGE: ModifierReason =
    ModifierReason::own("moved_into_range", "moved into range");

/// A kick rather than a punch (the western).
pub const KICK: ModifierReason = ModifierReason::own("kick", "kick");

/// The target did not see the shot coming (the western's surprise, +4).
pub const TARGET_SURPRISED: ModifierReason =
    ModifierReason::own("target_surprised", "target surprised");

/// A declared specific blow, and the further step to knock out or disarm (the western).
pub const SPECIFIC_BLOW: ModifierReason = ModifierReason::own("specific_blow", "specific blow");

pub const KNOCKOUT_BLOW: ModifierReason = ModifierReason::own("knockout_blow", "knockout");

pub const DISARM_AND_CATCH: ModifierReason =
    ModifierReason::own("disarm_and_catch", "disarm and catch");

/// Breaking free of a restrain, at the restrain's own modifiers (the western).
pub const RESTRAINT: ModifierReason = ModifierReason::own("restraint", "the restrain");
