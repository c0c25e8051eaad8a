//! An attack's roll and a dodge as every rulebook makes them, each with the unit's share of its
//! dice where its rulebook limits them (the d10 pool's budget), which the roll then spends. The
//! melee exchange, gunfire, throws, blasts and the house sheet's stance all roll them so.

use super::UnitId;
use super::event::Modifier;
use super::hooks::RollFor;
use super::state::{Battle, OwnRoll};
use crate::rules::roll::{Demand, RollPurpose, Verdict};
use crate::rules::skills::DODGE;

/// What a dodge is rolled against: the skill, these modifiers, and the defender's share of its
/// dice.
pub fn dodge_demand(battle: &Battle, defender: UnitId, modifiers: Vec<Modifier>) -> Demand {
    let demand = Demand::new(battle.skill(defender, DODGE), modifiers);
    super::hooks::of(battle).dice_share(battle, defender, RollFor::Dodge, demand)
}

/// Roll the unit's Dodge as a defence: its hindrances on the roll, made with its share of its
/// dice, which are then spent.
pub fn roll_dodge(battle: &mut Battle, unit: UnitId) -> Verdict {
    let modifiers = battle.own_roll_modifiers(unit, OwnRoll::default());
    let demand = dodge_demand(battle, unit, modifiers);
    let roll = battle.roll(unit, RollPurpose::Skill(DODGE.to_string()), &demand);
    super::hooks::of(battle).dice_spent(battle, unit, RollFor::Dodge);
    roll
}

/// An attack roll with one of the unit's skills: a critical DEX roll's bonus die among the
/// modifiers is spent by it, and so are the dice it was rolled with.
pub(super) fn roll_attack(
    battle: &mut Battle,
    unit: UnitId,
    skill_name: &str,
    demand: &Demand,
) -> Verdict {
    if super::hooks::of(battle).spends_initiative_edge(demand) {
        battle.change_condition(unit, |condition| condition.initiative_edge_spent = true);
    }
    let verdict = battle.roll(unit, RollPurpose::Skill(skill_name.to_string()), demand);
    super::hooks::of(battle).dice_spent(battle, unit, RollFor::Attack);
    verdict
}
