//! The western's part of a unit's condition: what its own mechanisms leave on a unit (the wound
//! whose pain it failed to master and the round it idles in for it, its bleeding, the wounds of
//! the round still to locate, a trip it has yet to rise from), a component of the western's
//! own; and whether a unit may attack at all.

use bevy::prelude::*;

use crate::battle::UnitId;
use crate::battle::own_state::own_of;
use crate::battle::state::Battle;
use crate::rules::modifiers::Modifier;

/// The western's part of a unit's condition.
#[derive(Component, Debug, Clone, Default, PartialEq, Eq)]
pub struct FrontierCondition {
    /// The wound whose pain it failed to master, to roll against again at its later turns.
    pub pained: Option<Pain>,
    /// It bleeds at the end of each round until First Aid stops it.
    pub bleeding: bool,
    /// The weapons of this round's bullet and blade wounds, in the order taken, each to be
    /// located as the round ends.
    pub wounds_to_locate: Vec<String>,
    /// Tripped by a specific blow and not yet back on its feet: its rise is rolled, and a
    /// stumble gives each foe within reach a free blow.
    pub tripped: bool,
    /// The round it makes no attack in, having failed the roll against a wound's pain.
    pub idle_round: Option<u32>,
    /// The round it last took a firearm in hand.
    pub drew_in: Option<u32>,
    /// Restrained by a specific blow: the modifier its tries to break free are rolled at, the
    /// restrain roll's own (none where it had none).
    pub release_at: Option<Modifier>,
}

/// A wound whose pain a unit failed to master: its damage, and whether it was taken hand to
/// hand (a Strength roll, not Concentration).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Pain {
    pub damage: u32,
    pub hand_to_hand: bool,
}

/// `unit`'s western condition, as it is now.
pub fn frontier(battle: &Battle, unit: UnitId) -> FrontierCondition {
    battle.own(unit)
}

/// `unit`'s western condition, read from the world (the tests).
pub fn frontier_of(world: &World, unit: UnitId) -> FrontierCondition {
    own_of(world, unit)
}

/// Changes `unit`'s western condition.
pub fn change_frontier(
    battle: &mut Battle,
    unit: UnitId,
    change: impl FnOnce(&mut FrontierCondition),
) {
    battle.change_own(unit, change);
}

/// Whether `unit` may make no attack this round: idle in the pain of a wound (hurt hand to hand
/// or not), stunned, or restrained.
pub fn attacks_barred(battle: &Battle, unit: UnitId) -> bool {
    let round = battle.round();
    let condition = battle.condition(unit);
    frontier(battle, unit).idle_round == Some(round)
        || condition.stunned_in(round)
        || condition.restrained
}
