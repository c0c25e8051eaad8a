//! Evading, where the rulebook has it (the d10 pool): on its own turn, as its action, a unit
//! rolls to keep out of reach, and the successes form a pool that comes off each hand-to-hand
//! attack on it in the order they arrive, until it is used up or the unit's next turn begins.

use super::budget;
use super::command::Rejection;
use super::event::EventKind;
use super::state::Battle;
use super::{UnitId, flow};
use crate::rules::budget::PlannedAction;
use crate::rules::roll::RollPurpose;

/// What the evade roll is called in the log.
const EVADE: &str = "Evade";

/// Roll to evade: the action of the turn (or one part of its split dice), and the turn ends
/// unless a part is left for more.
pub(super) fn evade(battle: &mut Battle, unit: UnitId) -> Result<(), Rejection> {
    if battle.condition(unit).dice_plan.is_some() {
        let turn = battle.own_turn(unit)?;
        if turn.action_forfeited() {
            return Err(Rejection::ActionUsed);
        }
        budget::dice_for(battle, unit, PlannedAction::Evade)?;
    } else {
        battle.action_available(unit)?;
    }
    let ruleset = battle.scenario.ruleset.clone();
    let spec = battle.spec(unit);
    let Some(demand) = ruleset
        .mechanisms()
        .evade_roll(&spec.characteristics, &spec.skills)
    else {
        return Err(Rejection::CannotAct(format!(
            "{} has no evading",
            ruleset.name()
        )));
    };
    let demand = budget::with_share(battle, unit, PlannedAction::Evade, demand);
    battle.change_condition(unit, |condition| condition.acted_this_round = true);
    let verdict = battle.roll(unit, RollPurpose::Skill(EVADE.to_string()), &demand);
    battle.spend_dice(unit, PlannedAction::Evade);
    let pool = u32::try_from(verdict.net).unwrap_or(0);
    battle.change_condition(unit, |condition| condition.evading = pool);
    battle.emit(EventKind::Evading { unit, pool });
    let more = battle
        .condition(unit)
        .dice_plan
        .is_some_and(|plan| plan.own_turn_left());
    if !more {
        battle.change_turn(|turn| turn.action_used = true);
        flow::end_turn(battle);
    }
    Ok(())
}

/// Take what the defender's evade pool can off an attack's net, as the attack arrives: the
/// net left, after an `Evaded` event where anything came off.
pub(super) fn take_off(battle: &mut Battle, attacker: UnitId, defender: UnitId, net: i32) -> i32 {
    let pool = battle.condition(defender).evading;
    let took = u32::try_from(net).unwrap_or(0).min(pool);
    if took == 0 {
        return net;
    }
    let left = pool - took;
    battle.change_condition(defender, |condition| condition.evading = left);
    battle.emit(EventKind::Evaded {
        unit: defender,
        attacker,
        took,
        left,
    });
    net - i32::try_from(took).unwrap_or(0)
}
