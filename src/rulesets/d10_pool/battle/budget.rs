//! The d10 pool's per-round dice budget in the battle: the share of a unit's plan each roll is
//! made with, what it spends, the attacks and fire its dice allow, and the dice a defender
//! attacked before its turn may keep for it. A unit that plans nothing rolls its whole pool on
//! its first roll of the round, and that is all its dice until the next.

use bevy::prelude::*;

use super::planning::{self, dice_plan, set_dice_plan};
use crate::battle::answer::answer_odds;
use crate::battle::command::{FireMode, OwnRejection, Rejection};
use crate::battle::event::{EventKind, Modifier, ModifierReason};
use crate::battle::hooks::RollFor;
use crate::battle::state::Battle;
use crate::battle::threat::AnswerOdds;
use crate::battle::{ActionLost, AttackKind, PendingAttack, TurnState, UnitId, blow_odds};
use crate::rules::melee::ExchangeOdds;
use crate::rules::modifiers::Effect;
use crate::rules::roll::Demand;
use crate::rulesets::d10_pool::budget::{DicePlan, LEAST_PART, PlanPools, PlannedAction};

/// "Dice this round: attack 4 · dodge 3 left", on the unit's card.
pub(super) fn dice_left_words(battle: &Battle, unit: UnitId) -> String {
    let weapon_defence = battle.scenario.ruleset.words().weapon_defence().answer;
    match dice_plan(battle, unit) {
        None => "Dice this round: the whole pool, on one action".to_string(),
        Some(plan) if plan == DicePlan::SPENT => "Dice this round: spent".to_string(),
        Some(plan) => format!("Dice this round: {} left", plan.words(weapon_defence)),
    }
}

/// The part of a plan a roll of this kind is made with.
pub fn planned(roll: RollFor) -> PlannedAction {
    match roll {
        RollFor::Attack => PlannedAction::Attack,
        RollFor::Dodge => PlannedAction::Dodge,
        RollFor::WeaponDefence => PlannedAction::WeaponDefence,
    }
}

/// The attacks `unit`'s turn allows once it has planned or spent its dice: those made and one
/// for each part kept for attacks; `None` while it has planned nothing.
pub(super) fn attacks_allowed(battle: &Battle, unit: UnitId) -> Option<u32> {
    let plan = dice_plan(battle, unit)?;
    let made = battle
        .flow()
        .turn
        .as_ref()
        .map_or(0, |turn| turn.attacks_made);
    Some(made + plan.count(PlannedAction::Attack))
}

/// Whether the unit still has dice for an action of this kind this round: its whole pool
/// while nothing is planned, else a part kept for it; or why not.
pub fn dice_for(battle: &Battle, unit: UnitId, action: PlannedAction) -> Result<(), Rejection> {
    let Some(plan) = dice_plan(battle, unit) else {
        return Ok(());
    };
    if action == PlannedAction::Attack && planning::holds_committed(battle, unit) {
        return Err(refused_for_dice(
            "a committed weapon takes the whole budget, and the dice are split".to_string(),
        ));
    }
    let weapon_defence = battle.scenario.ruleset.words().weapon_defence().answer;
    plan.peek(action).map(|_| ()).ok_or_else(|| {
        refused_for_dice(if plan == DicePlan::SPENT {
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

/// The refusal of an action for want of dice, and why.
fn refused_for_dice(why: String) -> Rejection {
    Rejection::Rulebook(OwnRejection {
        name: "NoDiceLeft",
        words: "no dice left for that this round",
        why,
    })
}

/// The refusal of an attack for want of dice: what the plan has left ("dodge 2 left").
pub(super) fn no_dice_left(battle: &Battle, plan: DicePlan) -> Rejection {
    refused_for_dice(format!(
        "{} left",
        plan.words(battle.scenario.ruleset.words().weapon_defence().answer)
    ))
}

/// A demand with the share of the budget it would be rolled with now, where the unit has split
/// its dice: nothing is spent.
pub fn with_share(battle: &Battle, unit: UnitId, action: PlannedAction, demand: Demand) -> Demand {
    let share = dice_plan(battle, unit).and_then(|plan| plan.peek(action));
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
    if dice_plan(battle, unit).is_none() {
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
    let targets = match mode {
        FireMode::Shots(targets) => targets.clone(),
        _ => mode.targets(),
    };
    let Some(plan) = dice_plan(battle, unit) else {
        if targets.len() > 1 {
            return Err(refused_for_dice(
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

/// Spend the dice of a roll `unit` just made for an action of this kind: its part of the
/// unit's plan, or with nothing planned its whole pool.
pub(super) fn spend(battle: &mut Battle, unit: UnitId, action: PlannedAction) {
    let mut plan = dice_plan(battle, unit).unwrap_or(DicePlan::SPENT);
    plan.take(action);
    set_dice_plan(battle, unit, Some(plan));
}

/// As a new round begins, `unit` has its whole pool again, nothing planned.
pub(super) fn round_begins(battle: &mut Battle, unit: UnitId) {
    if dice_plan(battle, unit).is_some() {
        set_dice_plan(battle, unit, None);
    }
}

/// Why a turn has no action where the unit's dice are spent or kept for defence.
pub const NO_DICE_LEFT: ActionLost = ActionLost::Rulebook("no dice left this round");

/// As `unit`'s turn begins: no action where its dice are spent or kept for defence.
pub(super) fn action_lost(battle: &Battle, unit: UnitId) -> Option<ActionLost> {
    dice_plan(battle, unit)
        .is_some_and(|plan| !plan.own_turn_left())
        .then_some(NO_DICE_LEFT)
}

/// What is left of `unit`'s split dice this round, once it has planned them.
pub fn plan_of(world: &mut World, unit: UnitId) -> Option<DicePlan> {
    dice_plan(&Battle::new(world), unit)
}

/// The pools `unit` would split its dice from now. Nothing in the battle changes.
pub fn pools_of(world: &mut World, unit: UnitId) -> Option<PlanPools> {
    let battle = Battle::new(world);
    battle.known(unit).ok()?;
    Some(planning::pools(&battle, unit))
}

/// Whether `unit` has planned nothing this round: a roll now would take its whole pool.
pub(super) fn nothing_planned(battle: &Battle, unit: UnitId) -> bool {
    dice_plan(battle, unit).is_none()
}

/// The dice a defender may keep for its turn still to come, where a defence with nothing
/// planned would spend its whole pool.
#[derive(Debug, Clone, PartialEq)]
pub struct Keeping {
    /// The pools its plan would be made from.
    pub pools: PlanPools,
    /// The odds of each answer with so many dice kept (two or more).
    pub options: Vec<(u32, AnswerOdds)>,
}

/// Where a defence against the blow `pending` would roll its defender's whole pool, nothing
/// planned, before its turn this round: the dice it may keep for that turn, two or more as
/// long as the defence keeps a part of two, and the odds of each answer so (taking the blow
/// reads `take_it`). Nothing in the battle changes.
pub fn keeping(
    battle: &mut Battle,
    pending: &PendingAttack,
    take_it: ExchangeOdds,
) -> Option<Keeping> {
    let spends_the_turn = nothing_planned(battle, pending.target)
        && battle.flow().turn_to_come(pending.target)
        && !pending.during_setup
        && !matches!(pending.kind, AttackKind::Fire(_));
    if !spends_the_turn {
        return None;
    }
    let pools = planning::pools(battle, pending.target);
    let most = pools
        .keeping_budget(PlannedAction::Dodge)
        .max(pools.keeping_budget(PlannedAction::WeaponDefence));
    let options = (LEAST_PART..=most.saturating_sub(LEAST_PART))
        .filter_map(|keep| Some((keep, kept_odds(battle, pending, &pools, keep, take_it)?)))
        .collect();
    Some(Keeping { pools, options })
}

/// The odds of each answer to the blow waiting for one where its defender, with nothing planned
/// yet, keeps `keep` dice for its turn, for its window; `None` where no blow waits or it
/// cannot keep them. Nothing in the battle changes.
pub fn odds_keeping(world: &mut World, keep: u32) -> Option<AnswerOdds> {
    let Some(AnswerOdds::Exchange { take_it, .. }) = answer_odds(world) else {
        return None;
    };
    let mut battle = Battle::new(world);
    let pending = battle.flow().pending()?.clone();
    let pools = planning::pools(&battle, pending.target);
    kept_odds(&mut battle, &pending, &pools, keep, take_it)
}

/// The odds of each defence against `pending` where its defender, with nothing planned yet,
/// keeps `keep` dice of these pools for its turn (taking the blow reads `take_it`): worked out
/// on the plan it would make, which is taken back at once.
fn kept_odds(
    battle: &mut Battle,
    pending: &PendingAttack,
    pools: &PlanPools,
    keep: u32,
    take_it: ExchangeOdds,
) -> Option<AnswerOdds> {
    let defender = pending.target;
    if pools.committed || dice_plan(battle, defender).is_some() {
        return None;
    }
    let mut odds_keeping = |defence: PlannedAction| {
        let parts = pools.keeping(defence, keep)?;
        let plan = DicePlan::split(&parts, pools.keeping_budget(defence)).ok()?;
        set_dice_plan(battle, defender, Some(plan));
        let odds = blow_odds::exchange_odds_of(battle, pending).1;
        set_dice_plan(battle, defender, None);
        match odds {
            AnswerOdds::Exchange {
                dodge, fight_back, ..
            } => Some((dodge, fight_back)),
            AnswerOdds::Shots { .. } => None,
        }
    };
    let dodge = odds_keeping(PlannedAction::Dodge).and_then(|(dodge, _)| dodge);
    let fight_back =
        odds_keeping(PlannedAction::WeaponDefence).and_then(|(_, fight_back)| fight_back);
    Some(AnswerOdds::Exchange {
        dodge,
        fight_back,
        take_it,
    })
}
