//! Evading (the d10 pool): on its own turn, as its action (or a part of its split dice), a unit
//! rolls to keep out of reach, and the successes form a pool that comes off each hand-to-hand
//! strike at it in the order they arrive, until it is used up or the unit's next turn comes.
//! The command, the pool as a unit's own state, the strike's odds counting it and its net losing
//! it, the button and the flag on the unit's card.

use bevy::prelude::*;

use super::budget::{dice_for, spend, with_share};
use super::commands::PoolCommand;
use super::events::PoolEvent;
use super::planning::dice_plan;
use crate::battle::choices::{FlagTone, Offer, UnitFlag};
use crate::battle::command::Rejection;
use crate::battle::flow::end_turn;
use crate::battle::melee_weapon::MeleeWeapon;
use crate::battle::state::Battle;
use crate::battle::{AttackKind, PendingAttack, UnitId};
use crate::rules::modifiers::{Effect, Modifier};
use crate::rules::roll::RollPurpose;
use crate::rulesets::d10_pool::budget::PlannedAction;
use crate::rulesets::d10_pool::evade_roll;
use crate::rulesets::d10_pool::reasons;

/// What the evade roll is called in the log.
const EVADE: &str = "Evade";

/// What is left of a unit's evade pool, until its next turn.
#[derive(Component, Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct EvadePool(pub u32);

/// Roll to evade: the action of the turn (or one part of its split dice), and the turn ends
/// unless a part is left for more.
pub(super) fn evade(battle: &mut Battle, unit: UnitId) -> Result<(), Rejection> {
    if dice_plan(battle, unit).is_some() {
        let turn = battle.own_turn(unit)?;
        if turn.action_forfeited() {
            return Err(Rejection::ActionUsed);
        }
        dice_for(battle, unit, PlannedAction::Evade)?;
    } else {
        battle.action_available(unit)?;
    }
    let spec = battle.spec(unit);
    let demand = evade_roll(&spec.characteristics, &spec.skills);
    let demand = with_share(battle, unit, PlannedAction::Evade, demand);
    battle.change_condition(unit, |condition| condition.acted_this_round = true);
    let verdict = battle.roll(unit, RollPurpose::Skill(EVADE.to_string()), &demand);
    spend(battle, unit, PlannedAction::Evade);
    let pool = u32::try_from(verdict.net).unwrap_or(0);
    battle.change_own(unit, |evading: &mut EvadePool| evading.0 = pool);
    battle.emit(PoolEvent::Evading { unit, pool });
    let more = dice_plan(battle, unit).is_some_and(|plan| plan.own_turn_left());
    if !more {
        battle.change_turn(|turn| turn.action_used = true);
        end_turn(battle);
    }
    Ok(())
}

/// The evade pool of the target of `pending` that will come off the blow: a hand-to-hand
/// strike's with `weapon`, none for a throw or a maneuver.
fn evading_against(battle: &Battle, pending: &PendingAttack, weapon: &MeleeWeapon) -> u32 {
    if weapon.thrown.is_none() && matches!(pending.kind, AttackKind::Strike(_)) {
        battle.own::<EvadePool>(pending.target).0
    } else {
        0
    }
}

/// What the target's evading will take off the blow's net, for its odds.
pub(super) fn will_lose(
    battle: &Battle,
    pending: &PendingAttack,
    weapon: &MeleeWeapon,
) -> Option<Modifier> {
    let evading = evading_against(battle, pending, weapon);
    (evading > 0).then(|| Modifier {
        reason: reasons::EVADING,
        effect: Effect::Successes(-i8::try_from(evading).unwrap_or(i8::MAX)),
    })
}

/// Take what the target's evade pool can off the blow's `net` as it arrives: the net left,
/// after an `Evaded` event where anything came off.
pub(super) fn arrives(
    battle: &mut Battle,
    pending: &PendingAttack,
    weapon: &MeleeWeapon,
    net: i32,
) -> i32 {
    let pool = evading_against(battle, pending, weapon);
    let took = u32::try_from(net).unwrap_or(0).min(pool);
    if took == 0 {
        return net;
    }
    let (attacker, defender) = (pending.attacker, pending.target);
    let left = pool - took;
    battle.change_own(defender, |evading: &mut EvadePool| evading.0 = left);
    battle.emit(PoolEvent::Evaded {
        unit: defender,
        attacker,
        took,
        left,
    });
    net - i32::try_from(took).unwrap_or(0)
}

/// As `unit`'s turn comes, its evade pool is gone.
pub(super) fn turn_comes(battle: &mut Battle, unit: UnitId) {
    if battle.own::<EvadePool>(unit).0 > 0 {
        battle.change_own(unit, |evading: &mut EvadePool| evading.0 = 0);
    }
}

/// The button on `unit`'s turn: open while its action is still to take.
pub(super) fn offer(battle: &Battle, unit: UnitId) -> Offer {
    let open = battle
        .flow()
        .turn
        .filter(|turn| turn.unit == unit)
        .is_some_and(|turn| !turn.action_used && !turn.action_forfeited());
    Offer {
        label: "Evade".to_string(),
        hint: "The turn's action: roll to keep out of reach; the successes come off blows \
               until your next turn"
            .to_string(),
        open,
        command: PoolCommand::Evade { unit }.into(),
    }
}

/// "evading 2" on the card of a unit whose pool is not used up, and in the round order (a
/// defence held ready, as the house sheet's dodge stance is).
pub(super) fn flag(battle: &Battle, unit: UnitId) -> Option<UnitFlag> {
    let pool = battle.own::<EvadePool>(unit).0;
    (pool > 0).then(|| UnitFlag {
        words: format!("evading {pool}"),
        tone: FlagTone::Guarded,
        in_short: true,
    })
}
