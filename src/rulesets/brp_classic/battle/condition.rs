//! BRP classic's part of a unit's condition: how long a unit knocked out stays out cold, the
//! opponent it named to parry this round, the handgun that fired unaimed this turn, and whether
//! a bullet has come at it, a component of BRP's own.

use bevy::prelude::*;

use crate::battle::UnitId;

/// BRP's part of a unit's condition.
#[derive(Component, Debug, Clone, Default, PartialEq, Eq)]
pub struct BrpCondition {
    /// Knocked out for a number of rounds: it comes to as this round ends.
    pub out_until_round: Option<u32>,
    /// The opponent it named at the start of the round as the one it will parry.
    pub parry_against: Option<UnitId>,
    /// The handgun that fired unaimed on its turn, and whether the one in the other hand has
    /// fired too (until its next turn comes).
    pub unaimed_gun: Option<usize>,
    pub off_hand_fired: bool,
    /// The round a bullet last came at it: only the first of a round may be dodged.
    pub shot_at_in: Option<u32>,
}
