//! Call of Cthulhu 7e's own reasons for a roll's modifiers, written in the event stream by these names
//! (`{"reason":"prone_target",…}`) as every reason is.

use crate::rules::modifiers::ModifierReason;

/// The defender has already dodged or fought back all it can this round.
pub const OUTNUMBERED: ModifierReason = ModifierReason::own("outnumbered", "outnumbered");

/// A critical DEX roll for initiative (the optional rule): a bonus die on the first attack.
pub const CRITICAL_INITIATIVE: ModifierReason =
    ModifierReason::own("initiative_critical", "critical initiative");

/// Kicking someone when they are down (melee), or shooting at someone lying flat (a penalty).
pub const PRONE_TARGET: ModifierReason = ModifierReason::own("prone_target", "target prone");

/// An enemy's maneuver left the target open.
pub const EXPOSED_TARGET: ModifierReason = ModifierReason::own("exposed_target", "target exposed");

/// The target did not see the maneuver coming.
pub const UNSEEN: ModifierReason = ModifierReason::own("unseen", "unseen");

/// A maneuver hampers the roller.
pub const HINDERED: ModifierReason = ModifierReason::own("hindered", "hampered");

/// A maneuver at an opponent of a bigger Build: a penalty die for each step.
pub const SMALLER_BUILD: ModifierReason = ModifierReason::own("smaller_build", "smaller Build");

/// The roller is held.
pub const HELD: ModifierReason = ModifierReason::own("held", "held");

/// A readied firearm (DEX-roll initiative).
pub const READIED_FIREARM: ModifierReason =
    ModifierReason::own("readied_firearm", "readied firearm");

/// The target dived for cover against this attack and made its Dodge roll.
pub const DIVED_FOR_COVER: ModifierReason =
    ModifierReason::own("dived_for_cover", "dived for cover");

/// The shooter lies flat: a steady rest.
pub const PRONE_SHOOTER: ModifierReason = ModifierReason::own("prone_shooter", "shooting prone");

/// The target ran at full speed this round (MOV 8 or more).
pub const FAST_TARGET: ModifierReason = ModifierReason::own("fast_target", "fast-moving target");

/// The target is in melee with someone else.
pub const INTO_MELEE: ModifierReason = ModifierReason::own("into_melee", "into melee");

/// One round put in the chamber and fired in the same round.
pub const CHAMBERED: ModifierReason = ModifierReason::own("chambered", "chambered and fired");

/// A further attack roll of automatic fire (one die per roll after the first).
pub const FOLLOWING_VOLLEY: ModifierReason =
    ModifierReason::own("following_volley", "following volley");

/// The defender's own skill makes the roll harder.
pub const OPPOSING_SKILL: ModifierReason = ModifierReason::own("opposing_skill", "opposing skill");

/// A spray in the face: only a very good roll gets out of its way.
pub const SPRAY: ModifierReason = ModifierReason::own("spray", "spray");

/// Armor over head and torso both: the Luck roll for whether a blow meets it is easier.
pub const ARMOR_HEAD_AND_TORSO: ModifierReason =
    ModifierReason::own("armor_head_and_torso", "armor over head and torso");
