//! What CoC 7e's weapons do beyond damage: a burning weapon's target rolls Luck not to catch
//! fire; a stunning one (a live wire, a taser, a spray) stuns for 1D6 turns, a spray, which
//! does no damage, shaken off with an Extreme DEX roll, a target past the weapon's Build limit
//! not stunned at all.

use super::events::CocEvent;
use crate::battle::UnitId;
use crate::battle::state::Battle;
use crate::rules::damage::{DamageEffect, DamageNotation};
use crate::rules::modifiers::Modifier;
use crate::rulesets::coc7e::reasons;

/// A unit a burning weapon has hit rolls Luck: whether it keeps from catching fire.
pub(super) fn luck_against_fire(battle: &mut Battle, unit: UnitId) -> bool {
    let luck = battle.luck(unit);
    battle
        .roll_characteristic(unit, "Luck", luck, Vec::new())
        .success
}

/// After a hit with `damage`: a stunning weapon stuns `target` for 1D6 turns (a spray, which
/// does no damage, is shaken off with an Extreme DEX roll), unless the target's Build is past
/// the weapon's `stun_limit`.
pub(super) fn stun(
    battle: &mut Battle,
    target: UnitId,
    damage: &DamageNotation,
    stun_limit: Option<i32>,
) {
    let too_big = stun_limit.is_some_and(|limit| battle.spec(target).derived.build > limit);
    if !damage.effects.contains(&DamageEffect::Stun) || too_big {
        return;
    }
    let spray = damage
        .formulas()
        .iter()
        .all(|formula| formula.terms.is_empty());
    if spray {
        let dexterity = battle.spec(target).characteristics.dexterity;
        let spray = vec![Modifier::steps(reasons::SPRAY, 2)];
        let check = battle.roll_characteristic(target, "DEX", dexterity, spray);
        if check.success {
            return;
        }
    }
    let turns = battle.die(6);
    battle.change_condition(target, |condition| {
        condition.stunned_turns = condition.stunned_turns.max(turns.face);
    });
    battle.emit(CocEvent::Stunned {
        unit: target,
        turns,
    });
}
