//! A dodge as every rulebook rolls it: the Dodge skill against its modifiers, made with the
//! defender's share of its dice where the rulebook keeps a dice budget (the d10 pool), which
//! the dodge then spends. The melee exchange, gunfire, blasts and the house sheet's stance all
//! roll it so.

use super::UnitId;
use super::budget::with_share;
use super::event::Modifier;
use super::state::Battle;
use crate::rules::budget::PlannedAction;
use crate::rules::roll::{Demand, RollPurpose, Verdict};
use crate::rules::skills::DODGE;

/// What a dodge is rolled against: the skill, these modifiers, and the defender's share of its
/// split dice.
pub fn dodge_demand(battle: &Battle, defender: UnitId, modifiers: Vec<Modifier>) -> Demand {
    let demand = Demand::new(battle.skill(defender, DODGE), modifiers);
    with_share(battle, defender, PlannedAction::Dodge, demand)
}

/// Roll the unit's Dodge as a defence: its hindrances on the roll, made with its share of its
/// split dice (or its whole pool), which is then spent.
pub fn roll_dodge(battle: &mut Battle, unit: UnitId) -> Verdict {
    let modifiers = battle.own_roll_modifiers(unit, false, false);
    let demand = dodge_demand(battle, unit, modifiers);
    let roll = battle.roll(unit, RollPurpose::Skill(DODGE.to_string()), &demand);
    battle.spend_dice(unit, PlannedAction::Dodge);
    roll
}
