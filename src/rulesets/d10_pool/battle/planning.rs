//! A unit's plan for its dice this round (the d10 pool's budget): the pools of the actions it
//! names, the smallest of which is the budget, split into the parts the plan lists; the
//! command that makes it.

use bevy::prelude::*;

use super::events::PoolEvent;
use crate::battle::UnitId;
use crate::battle::command::{OwnRejection, Rejection, WeaponChoice};
use crate::battle::fighting::fighting_weapon;
use crate::battle::state::Battle;
use crate::rules::skills::DODGE;
use crate::rulesets::d10_pool::budget::{DicePlan, PlanPart, PlanPools, PlannedAction};
use crate::rulesets::d10_pool::evade_roll;

/// A unit's dice this round: `None` while it has planned and rolled nothing (its whole pool
/// waits for its first roll), else what is left of its plan ([`DicePlan::SPENT`] once its
/// whole pool or every part is rolled).
#[derive(Component, Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct DiceThisRound(pub Option<DicePlan>);

/// What is left of `unit`'s plan of its dice this round; `None` where it has planned and
/// rolled nothing yet.
pub(super) fn dice_plan(battle: &Battle, unit: UnitId) -> Option<DicePlan> {
    battle.own::<DiceThisRound>(unit).0
}

/// `unit`'s plan of its dice this round is now `plan`.
pub(super) fn set_dice_plan(battle: &mut Battle, unit: UnitId, plan: Option<DicePlan>) {
    battle.change_own(unit, |dice: &mut DiceThisRound| dice.0 = plan);
}

/// Whether the unit holds a committed weapon (one that takes the whole budget).
pub(super) fn holds_committed(battle: &Battle, unit: UnitId) -> bool {
    match battle.arsenal(unit).in_hand {
        WeaponChoice::Carried(index) => battle
            .carried(unit, index)
            .is_some_and(|weapon| weapon.committed),
        _ => false,
    }
}

/// The pools `unit` plans its dice from now.
pub(super) fn pools(battle: &Battle, unit: UnitId) -> PlanPools {
    let spec = battle.spec(unit);
    let held = match battle.arsenal(unit).in_hand {
        WeaponChoice::Carried(index) => battle.carried(unit, index),
        _ => None,
    };
    PlanPools {
        attack: held.map_or_else(
            || fighting_weapon(battle, unit).skill,
            |weapon| battle.skill(unit, &weapon.skill),
        ),
        dodge: battle.skill(unit, DODGE),
        weapon_defence: fighting_weapon(battle, unit).skill,
        evade: Some(evade_roll(&spec.characteristics, &spec.skills).value),
        committed: holds_committed(battle, unit),
    }
}

/// Split the unit's dice for the round among the parts planned: on its turn before it has
/// rolled anything, or when an attack on it waits for its answer before it has rolled.
pub(super) fn plan(battle: &mut Battle, unit: UnitId, parts: &[PlanPart]) -> Result<(), Rejection> {
    battle.known(unit)?;
    let defending = battle
        .flow()
        .pending()
        .is_some_and(|pending| pending.target == unit);
    if !defending {
        battle.own_turn(unit)?;
    }
    if dice_plan(battle, unit).is_some() {
        return Err(Rejection::NotNow(
            "the round's dice are already planned or rolled".to_string(),
        ));
    }
    let has = |action| parts.iter().any(|part| part.action == action);
    if defending && has(PlannedAction::Attack) && !battle.flow().turn_to_come(unit) {
        return Err(refused_plan(
            "its turn this round is over: there is no attack to keep dice for",
        ));
    }
    if defending && !parts.iter().any(|part| part.action.defends()) {
        return Err(refused_plan(
            "a plan made under attack keeps a part for the defence",
        ));
    }
    let pools = pools(battle, unit);
    if has(PlannedAction::Attack) && pools.committed {
        return Err(refused_plan("a committed weapon takes the whole budget"));
    }
    let budget = pools.budget(parts);
    let plan =
        DicePlan::split(parts, budget).map_err(|problem| refused_plan(&problem.to_string()))?;
    set_dice_plan(battle, unit, Some(plan));
    battle.emit(PoolEvent::DicePlanned {
        unit,
        budget,
        parts: parts.to_vec(),
    });
    Ok(())
}

/// The refusal of a split of the dice, and why.
pub fn refused_plan(why: &str) -> Rejection {
    Rejection::Rulebook(OwnRejection {
        name: "BadPlan",
        words: "the dice cannot be split so",
        why: why.to_string(),
    })
}
