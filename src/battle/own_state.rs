//! A rulebook's own part of a unit's state: a component of its own (the d100 house sheet's
//! `HouseCondition`), read and changed through `Battle::own` and `Battle::change_own`, put on a
//! unit the first time it changes, and gone with the unit. What it tells the rules of the
//! unit's standing (the shifts on every roll it makes) the rulebook says through its
//! [`OwnStanding`], which the battle's state asks as it builds a roll.

use bevy::prelude::*;

use super::by_rulebook::ByRulebook;
use super::{Roster, UnitId};
use crate::rules::situation::StandingFacts;

/// What a rulebook's own state of a unit adds to the facts of its standing.
pub trait OwnStanding: Send + Sync + 'static {
    /// `facts`, the engine's, with what the rulebook's own state of `unit` (and its entity) adds
    /// to them.
    fn standing_facts(
        &self,
        world: &World,
        unit: (UnitId, Entity),
        facts: StandingFacts,
    ) -> StandingFacts;
}

/// Each rulebook's [`OwnStanding`], by the rulebook.
pub type RulebookStanding = ByRulebook<dyn OwnStanding>;

/// A rulebook's own part of `unit`'s state, as it is now: the default where the unit has none
/// yet (or is not in the battle).
pub fn own_of<T: Component + Clone + Default>(world: &World, unit: UnitId) -> T {
    world
        .get_resource::<Roster>()
        .and_then(|roster| roster.0.get(unit.index()).copied())
        .and_then(|entity| world.get::<T>(entity).cloned())
        .unwrap_or_default()
}
