//! The dodge stance in the turn (the d100 house sheet): taken first, before any attack, it
//! leaves the turn's attacks to come, each at the sheet's shift; taken after attacking, the
//! stance pays the shift instead (its rolls: `battle/dodge_stance.rs`).

use super::turn::only_the_stance;
use crate::battle::UnitId;
use crate::battle::event::{Modifier, ModifierReason};
use crate::battle::state::Battle;
use crate::rules::modifiers::Effect;
use crate::rules::roll::Demand;

/// Whether the unit took the stance this turn before any attack: its attacks may still come,
/// and pay the shift.
fn attacks_to_come(battle: &Battle, unit: UnitId) -> bool {
    battle
        .condition(unit)
        .dodge_stance
        .is_some_and(|stance| stance.shift == 0)
        && battle.flow().turn.is_some_and(|turn| turn.unit == unit)
}

/// Whether the stance is all the unit has done with its action this turn: an attack may still
/// follow it.
pub(super) fn attack_follows_stance(battle: &Battle, unit: UnitId) -> bool {
    battle
        .flow()
        .turn
        .is_some_and(|turn| turn.unit == unit && only_the_stance(&turn, &battle.condition(unit)))
}

/// An attack's demand with what the stance taken first this turn costs it.
pub(super) fn on_attack(battle: &Battle, unit: UnitId, mut demand: Demand) -> Demand {
    if let Some(shift) = battle.scenario.ruleset.dodge_stance()
        && attacks_to_come(battle, unit)
    {
        demand.modifiers.push(Modifier {
            reason: ModifierReason::DodgingToo,
            effect: Effect::Add(shift),
        });
    }
    demand
}
