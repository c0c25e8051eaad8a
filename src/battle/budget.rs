//! The per-round dice budget in the battle, where the rulebook keeps one (the d10 pool): the
//! plan a unit makes at its first decision of the round, the share of it each roll is made
//! with, and what is spent. A unit that plans nothing rolls its whole pool on its first roll
//! of the round, and that is all its dice until the next.

use super::command::{FireMode, Rejection, WeaponChoice};
use super::event::{EventKind, Modifier, ModifierReason};
use super::state::Battle;
use super::{Condition, TurnState, UnitId};
use crate::map::scenario::UnitSpec;
use crate::rules::budget::{DicePlan, PlannedAction};
use crate::rules::modifiers::Effect;
use crate::rules::roll::Demand;

/// The attacks the unit's turn allows: its sheet's, or once it has planned or spent its dice,
/// those made and one for each part kept for attacks.
pub fn attacks_allowed(spec: &UnitSpec, condition: &Condition, turn: &TurnState) -> u32 {
    condition.dice_plan.map_or(spec.attacks_per_round, |plan| {
        turn.attacks_made + plan.count(PlannedAction::Attack)
    })
}

/// Whether the battle's rulebook keeps a dice budget.
pub(super) fn budgets(battle: &Battle) -> bool {
    battle.scenario.ruleset.mechanisms().dice_budget
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

/// Whether the unit still has dice for an action of this kind this round: its whole pool
/// while nothing is planned, else a part kept for it; or why not.
pub fn dice_for(battle: &Battle, unit: UnitId, action: PlannedAction) -> Result<(), Rejection> {
    let Some(plan) = battle.condition(unit).dice_plan else {
        return Ok(());
    };
    if action == PlannedAction::Attack && holds_committed(battle, unit) {
        return Err(Rejection::NoDiceLeft(
            "a committed weapon takes the whole budget, and the dice are split".to_string(),
        ));
    }
    let weapon_defence = battle.scenario.ruleset.words().weapon_defence().answer;
    plan.peek(action).map(|_| ()).ok_or_else(|| {
        Rejection::NoDiceLeft(if plan == DicePlan::SPENT {
            "the round's dice are spent".to_string()
        } else {
            format!(
                "no part is kept to {} ({} left)",
                action.words(weapon_defence),
                plan.words(weapon_defence)
            )
        })
    })
}

/// The refusal of an attack for want of dice: what the plan has left ("dodge 2 left").
pub(super) fn no_dice_left(battle: &Battle, plan: DicePlan) -> Rejection {
    Rejection::NoDiceLeft(format!(
        "{} left",
        plan.words(battle.scenario.ruleset.words().weapon_defence().answer)
    ))
}

/// A demand with the share of the budget it would be rolled with now, where the unit has split
/// its dice: nothing is spent.
pub fn with_share(battle: &Battle, unit: UnitId, action: PlannedAction, demand: Demand) -> Demand {
    let share = battle
        .condition(unit)
        .dice_plan
        .and_then(|plan| plan.peek(action));
    match share {
        Some(share) if share < demand.value => {
            let fewer = i8::try_from(demand.value - share).unwrap_or(i8::MAX);
            let mut demand = demand;
            demand.modifiers.insert(
                0,
                Modifier {
                    reason: ModifierReason::SplitShare,
                    effect: Effect::Dice(-fewer),
                },
            );
            demand
        }
        _ => demand,
    }
}

/// Where the unit has split its dice: refuse a second attack on a target it already attacked
/// this turn (split attacks each go at a different enemy).
pub(super) fn one_attack_a_target(
    battle: &Battle,
    unit: UnitId,
    target: UnitId,
) -> Result<(), Rejection> {
    if battle.condition(unit).dice_plan.is_none() {
        return Ok(());
    }
    let struck = battle
        .events()
        .iter()
        .rev()
        .take_while(
            |event| !matches!(event.kind, EventKind::TurnBegan { unit: began } if began == unit),
        )
        .any(|event| match event.kind {
            EventKind::Attacked {
                unit: by,
                target: at,
                ..
            }
            | EventKind::ShotAt {
                unit: by,
                target: at,
                ..
            } => by == unit && at == target,
            _ => false,
        });
    if struck {
        Err(Rejection::InvalidTarget(format!(
            "{} was attacked this turn: split attacks each go at a different enemy",
            battle.spec(target).name
        )))
    } else {
        Ok(())
    }
}

/// Where the rulebook keeps a dice budget, whether a fire command's rolls each have their
/// dice: with nothing planned, one roll on the whole pool; else a part kept for attacks for
/// each, each at a different enemy not attacked this turn. The turn it fires in, where the
/// budget answers for it; `None` where the usual checks do.
pub(super) fn ready_to_fire(
    battle: &Battle,
    unit: UnitId,
    mode: &FireMode,
) -> Result<Option<TurnState>, Rejection> {
    if !budgets(battle) {
        return Ok(None);
    }
    let targets = match mode {
        FireMode::Shots(targets) => targets.clone(),
        _ => mode.targets(),
    };
    let Some(plan) = battle.condition(unit).dice_plan else {
        if targets.len() > 1 {
            return Err(Rejection::NoDiceLeft(
                "one action rolls the whole pool once: split the dice to attack more".to_string(),
            ));
        }
        return Ok(None);
    };
    let turn = battle.own_turn(unit)?;
    if turn.action_forfeited() {
        return Err(Rejection::ActionUsed);
    }
    dice_for(battle, unit, PlannedAction::Attack)?;
    if targets.len() > plan.count(PlannedAction::Attack) as usize {
        return Err(no_dice_left(battle, plan));
    }
    for (index, target) in targets.iter().enumerate() {
        if targets[..index].contains(target) {
            return Err(Rejection::InvalidTarget(
                "split attacks each go at a different enemy".to_string(),
            ));
        }
        one_attack_a_target(battle, unit, *target)?;
    }
    Ok(Some(turn))
}
