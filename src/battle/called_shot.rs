//! A called shot, where the rulebook has one (the d100 house sheet: −20 to pick where the hit
//! lands): called on the unit's turn before an attack, it shifts the turn's next attack and
//! lands each of its hits on the part called, in place of where the roll would put them.

use super::UnitId;
use super::state::Battle;
use crate::rules::body::BodyPart;
use crate::rules::modifiers::{Effect, Modifier, ModifierReason};
use crate::rules::roll::Demand;

/// An attack's demand with the called shot's shift, where the unit called it.
pub(super) fn on_attack(battle: &Battle, unit: UnitId, mut demand: Demand) -> Demand {
    if battle.condition(unit).called_shot.is_some()
        && let Some(called) = battle.scenario.ruleset.called_shot()
    {
        demand.modifiers.push(Modifier {
            reason: ModifierReason::CalledShot,
            effect: Effect::Add(called.shift),
        });
    }
    demand
}

/// The part `unit`'s attack was called at, if it was.
pub(super) fn part(battle: &Battle, unit: UnitId) -> Option<BodyPart> {
    battle.condition(unit).called_shot
}

/// The attack is made: the call is spent.
pub(super) fn attack_made(battle: &mut Battle, unit: UnitId) {
    if battle.condition(unit).called_shot.is_some() {
        battle.change_condition(unit, |condition| condition.called_shot = None);
    }
}
