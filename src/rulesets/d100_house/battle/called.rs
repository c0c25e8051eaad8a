//! A called shot in the turn (the d100 house sheet: −20 to pick where the hit lands): it
//! shifts the turn's next attack, and is spent once that attack is made (where its hits land:
//! the harm read off the roll, `battle/body_harm.rs`).

use super::condition::{change_house, house};
use crate::battle::UnitId;
use crate::battle::state::Battle;
use crate::rules::modifiers::{Effect, Modifier};
use crate::rules::roll::Demand;
use crate::rulesets::d100_house::damage;
use crate::rulesets::d100_house::reasons;

/// An attack's demand with the called shot's shift, where the unit called it.
pub(super) fn on_attack(battle: &Battle, unit: UnitId, mut demand: Demand) -> Demand {
    if house(battle, unit).called_shot.is_some() {
        demand.modifiers.push(Modifier {
            reason: reasons::CALLED_SHOT,
            effect: Effect::Add(damage::CALLED.shift),
        });
    }
    demand
}

/// The attack is made: the call is spent.
pub(super) fn attack_made(battle: &mut Battle, unit: UnitId) {
    if house(battle, unit).called_shot.is_some() {
        change_house(battle, unit, |house| house.called_shot = None);
    }
}
