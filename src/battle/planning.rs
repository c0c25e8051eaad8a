//! A unit's plan for its dice this round, where the rulebook keeps a dice budget (the d10
//! pool): the pools of the actions it names, the smallest of which is the budget, split into
//! the parts the plan lists.

use super::UnitId;
use super::budget::{budgets, holds_committed};
use super::command::{Rejection, WeaponChoice};
use super::event::EventKind;
use super::fighting::fighting_weapon;
use super::state::Battle;
use crate::rules::budget::{DicePlan, PlanPart, PlannedAction};
use crate::rules::skills::DODGE;

/// The pool the unit would roll for an action of this kind: its weapon in hand's to attack,
/// its Dodge to dodge, what it fights with to defend with a weapon, its evade roll's to evade.
pub(super) fn pool_for(battle: &Battle, unit: UnitId, action: PlannedAction) -> u32 {
    let spec = battle.spec(unit);
    let attack = || {
        let weapon = match battle.arsenal(unit).in_hand {
            WeaponChoice::Carried(index) => battle.carried(unit, index),
            _ => None,
        };
        weapon.map_or_else(
            || fighting_weapon(battle, unit).skill,
            |weapon| battle.skill(unit, &weapon.skill),
        )
    };
    match action {
        PlannedAction::Attack => attack(),
        PlannedAction::Dodge => battle.skill(unit, DODGE),
        PlannedAction::WeaponDefence => fighting_weapon(battle, unit).skill,
        PlannedAction::Evade => battle
            .scenario
            .ruleset
            .evade_roll(&spec.characteristics, &spec.skills)
            .map_or(0, |demand| demand.value),
    }
}

/// Split the unit's dice for the round among the parts planned: on its turn before it has
/// rolled anything, or when an attack on it waits for its answer before it has rolled.
pub(super) fn plan(battle: &mut Battle, unit: UnitId, parts: &[PlanPart]) -> Result<(), Rejection> {
    battle.known(unit)?;
    if !budgets(battle) {
        return Err(Rejection::CannotAct(format!(
            "{} keeps no dice budget",
            battle.scenario.ruleset.name()
        )));
    }
    let defending = battle
        .flow()
        .pending()
        .is_some_and(|pending| pending.target == unit);
    if !defending {
        battle.own_turn(unit)?;
    }
    if battle.condition(unit).dice_plan.is_some() {
        return Err(Rejection::NotNow(
            "the round's dice are already planned or rolled".to_string(),
        ));
    }
    let has = |action| parts.iter().any(|part| part.action == action);
    if defending && !parts.iter().any(|part| part.action.defends()) {
        return Err(Rejection::BadPlan(
            "a plan made under attack keeps a part for the defence".to_string(),
        ));
    }
    if has(PlannedAction::Attack) && holds_committed(battle, unit) {
        return Err(Rejection::BadPlan(
            "a committed weapon takes the whole budget".to_string(),
        ));
    }
    let kinds = [
        PlannedAction::Attack,
        PlannedAction::Dodge,
        PlannedAction::WeaponDefence,
        PlannedAction::Evade,
    ];
    let budget = DicePlan::budget(
        kinds
            .into_iter()
            .filter(|action| has(*action))
            .map(|action| pool_for(battle, unit, action)),
    );
    let plan = DicePlan::split(parts, budget)
        .map_err(|problem| Rejection::BadPlan(problem.to_string()))?;
    battle.change_condition(unit, |condition| condition.dice_plan = Some(plan));
    battle.emit(EventKind::DicePlanned {
        unit,
        budget,
        parts: parts.to_vec(),
    });
    Ok(())
}
