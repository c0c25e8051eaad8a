//! The d10 pool's own reasons for a roll's modifiers, written in the event stream by these names
//! (`{"reason":"shooter_in_cover",…}`) as every reason is.

use crate::rules::modifiers::ModifierReason;

/// The shooter is in cover of its own.
pub const SHOOTER_IN_COVER: ModifierReason =
    ModifierReason::own("shooter_in_cover", "shooter in cover");

/// The roller moved past its free movement this round.
pub const EXTRA_MOVEMENT: ModifierReason = ModifierReason::own("extra_movement", "extra movement");

/// The roller has the speciality (a Secondary ability) in what it uses.
pub const SECONDARY: ModifierReason = ModifierReason::own("secondary", "Secondary ability");

/// The roller was asleep as the fight opened.
pub const ASLEEP: ModifierReason = ModifierReason::own("asleep", "asleep");

/// The roller was meditating as the fight opened.
pub const MEDITATING: ModifierReason = ModifierReason::own("meditating", "meditating");

/// The target ran this round: past its free movement (the d10 pool).
pub const RUNNING_TARGET: ModifierReason = ModifierReason::own("running_target", "target running");

/// The target cannot get out of the way: held fast, pinned or helpless (the d10 pool).
pub const IMMOBILISED_TARGET: ModifierReason =
    ModifierReason::own("immobilised_target", "target immobilised");

/// The target's evade pool, which will come off the attack's net.
pub const EVADING: ModifierReason = ModifierReason::own("evading", "evading");
