//! What a specific shot or blow does when it lands, where the rulebook declares them (the
//! western): a shot in the legs or to disarm; a knockout, a trip, or a disarm and catch in place
//! of a blow's damage. Double damage is rolled with the shot.

use super::command::WeaponChoice;
use super::declaration::SpecificShot;
use super::event::EventKind;
use super::state::Battle;
use super::{UnitId, Vital, pain, wounds};
use crate::rules::melee::SpecificBlow;
use crate::rules::modifiers::Modifier;

/// A specific shot has hit `unit` (the western): shot in the legs, it moves no further than its
/// zigzag for the rest of the fight; shot to disarm, it drops what it holds. (Double damage was
/// rolled with the shot.)
pub(super) fn specific_shot_lands(battle: &mut Battle, unit: UnitId, specific: SpecificShot) {
    if battle.position(unit).is_none() || battle.vitals(unit).vital == Vital::Dead {
        return;
    }
    match specific {
        SpecificShot::DoubleDamage => {}
        SpecificShot::Legs => {
            battle.change_condition(unit, |condition| condition.lamed = true);
            battle.emit(EventKind::ShotInTheLegs { unit });
        }
        SpecificShot::Disarm => {
            if let Some(weapon) = pain::drop_weapon(battle, unit) {
                battle.emit(EventKind::Disarmed { unit, weapon });
            }
        }
    }
}

/// A specific blow has landed on `unit` (the western), in place of damage: knocked at, it rolls
/// Concentration at the blow's `steps` (passed, it is stunned for the round; failed, it is out
/// for the rest of the fight); tripped, it falls and drops what it holds; disarmed and caught,
/// its weapon is taken from it for good.
pub(super) fn specific_blow_lands(
    battle: &mut Battle,
    unit: UnitId,
    specific: SpecificBlow,
    steps: Vec<Modifier>,
) {
    if !battle.standing(unit) {
        return;
    }
    match specific {
        SpecificBlow::Knockout => {
            // The characteristic a wound's pain is rolled on (the western's Concentration).
            let Some(check) = battle.scenario.ruleset.wound_check(0, false) else {
                return;
            };
            let value = battle
                .spec(unit)
                .characteristics
                .by_name(check.field)
                .unwrap_or_default();
            if battle
                .roll_characteristic(unit, check.name, value, steps)
                .success
            {
                let round = battle.round();
                battle.change_condition(unit, |condition| condition.stunned_round = Some(round));
                battle.emit(EventKind::StunnedForRound { unit });
            } else {
                wounds::knock_out_cold(battle, unit);
            }
        }
        SpecificBlow::Trip => {
            battle.fall_prone(unit);
            if let Some(weapon) = pain::drop_weapon(battle, unit) {
                battle.emit(EventKind::Disarmed { unit, weapon });
            }
        }
        SpecificBlow::DisarmAndCatch => {
            let WeaponChoice::Carried(index) = battle.arsenal(unit).in_hand else {
                return;
            };
            battle.change_arsenal(unit, |arsenal| {
                arsenal.in_hand = WeaponChoice::Unarmed;
                arsenal.lost.push(index);
            });
            let weapon = battle.spec(unit).weapons[index].weapon.name.clone();
            battle.emit(EventKind::Disarmed { unit, weapon });
        }
    }
}
