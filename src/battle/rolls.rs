//! An attack's roll and a dodge as every rulebook makes them, each with the unit's share of its
//! dice where its rulebook limits them (the d10 pool's budget), which the roll then spends. The
//! melee exchange, gunfire, throws, blasts and the house sheet's stance all roll them so.

use super::UnitId;
use super::event::Modifier;
use super::hooks::RollFor;
use super::state::{Battle, OwnRoll};
use crate::rules::roll::{Demand, RollPurpose, Verdict};
use crate::rules::situation::OwnRollFacts;
use crate::rules::skills::DODGE;

/// What `unit`'s situation is worth on its own roll (`roll`), as its rulebook has it: hampered
/// (its own state's, `DiceHooks::own_roll_facts`), or held (unless the roll is to break the
/// hold), an initiative edge where it is spent, and a maneuver at an opponent of a bigger Build.
pub fn own_roll_modifiers(battle: &Battle, unit: UnitId, roll: OwnRoll) -> Vec<Modifier> {
    let mut facts = OwnRollFacts {
        hindered: false,
        held: battle.condition(unit).held_by.is_some() && !roll.breaking_hold,
        initiative_edge: roll.initiative_edge,
        size_penalty: roll.size_penalty,
    };
    super::hooks::of(battle).own_roll_facts(battle, unit, &mut facts);
    battle.scenario.ruleset.own_roll_value(&facts)
}

/// What a dodge is rolled against: the skill, these modifiers, and the defender's share of its
/// dice.
pub fn dodge_demand(battle: &Battle, defender: UnitId, modifiers: Vec<Modifier>) -> Demand {
    let demand = Demand::new(battle.skill(defender, DODGE), modifiers);
    super::hooks::of(battle).dice_share(battle, defender, RollFor::Dodge, demand)
}

/// Roll the unit's Dodge as a defence: its hindrances on the roll, made with its share of its
/// dice, which are then spent.
pub fn roll_dodge(battle: &mut Battle, unit: UnitId) -> Verdict {
    let modifiers = own_roll_modifiers(battle, unit, OwnRoll::default());
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
