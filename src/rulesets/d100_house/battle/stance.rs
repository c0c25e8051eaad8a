//! The dodge stance in the turn (the d100 house sheet): taken first, before any attack, it
//! leaves the turn's attacks to come, each at the sheet's shift; taken after attacking, the
//! stance pays the shift instead. Held to the unit's next turn, it is rolled, unasked, against
//! each hit that reaches the unit and may be dodged.

use super::condition::house;
use super::events::HouseEvent;
use super::turn::only_the_stance;
use crate::battle::UnitId;
use crate::battle::event::Modifier;
use crate::battle::state::Battle;
use crate::rules::modifiers::Effect;
use crate::rules::roll::{Demand, RollPurpose};
use crate::rules::roll_harm::{DodgeOutcome, RollHit};
use crate::rules::skills::DODGE;
use crate::rulesets::d100_house::dodge;
use crate::rulesets::d100_house::reasons;

/// Whether the unit took the stance this turn before any attack: its attacks may still come,
/// and pay the shift.
fn attacks_to_come(battle: &Battle, unit: UnitId) -> bool {
    house(battle, unit)
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
        .is_some_and(|turn| turn.unit == unit && only_the_stance(&turn, &house(battle, unit)))
}

/// An attack's demand with what the stance taken first this turn costs it.
pub(super) fn on_attack(battle: &Battle, unit: UnitId, mut demand: Demand) -> Demand {
    if attacks_to_come(battle, unit) {
        demand.modifiers.push(Modifier {
            reason: reasons::DODGING_TOO,
            effect: Effect::Add(dodge::DODGING_TOO),
        });
    }
    demand
}

/// Where `target` holds a dodge stance and the hit may be dodged, roll its Dodge (with the
/// stance's shift) and say what came of it (`StanceDodge`); `Missed` where nothing was rolled.
pub(super) fn meet(
    battle: &mut Battle,
    attacker: UnitId,
    target: UnitId,
    hit: &RollHit,
) -> DodgeOutcome {
    let Some(stance) = house(battle, target).dodge_stance else {
        return DodgeOutcome::Missed;
    };
    if !dodge::dodgeable(hit) || !battle.vitals(target).conscious() {
        return DodgeOutcome::Missed;
    }
    let modifiers = (stance.shift != 0)
        .then_some(Modifier {
            reason: reasons::DODGING_TOO,
            effect: Effect::Add(stance.shift),
        })
        .into_iter()
        .collect();
    let demand = crate::battle::rolls::dodge_demand(battle, target, modifiers);
    let dodge = battle.roll(target, RollPurpose::Skill(DODGE.to_string()), &demand);
    let outcome = dodge::outcome(hit, &dodge);
    battle.emit(HouseEvent::StanceDodge {
        unit: target,
        attacker,
        outcome,
    });
    outcome
}
