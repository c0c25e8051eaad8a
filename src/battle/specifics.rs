//! What a specific shot or blow does when it lands, where the rulebook declares them (the
//! western): a shot in the legs or to disarm; a knockout, a trip, a disarm and catch or a
//! restrain in place of a blow's damage (getting over the trip and the restrain is in
//! `recovering.rs`). Double damage is rolled with the shot.

use super::declaration::SpecificShot;
use super::event::EventKind;
use super::state::Battle;
use super::{Restraint, UnitId, Vital, effects, hold, wounds};
use crate::rules::melee::SpecificBlow;
use crate::rules::modifiers::{Modifier, ModifierReason};

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
        SpecificShot::Disarm => knock_from_hand(battle, unit, false),
    }
}

/// The weapon in `unit`'s hand, if any, is knocked from it and told: dropped, to be taken up
/// again, or `caught` by the attacker and so lost to it for good.
fn knock_from_hand(battle: &mut Battle, unit: UnitId, caught: bool) {
    let dropped_before = battle.arsenal(unit).dropped;
    let Some(weapon) = super::arms::drop_weapon(battle, unit) else {
        return;
    };
    if caught {
        // Not dropped where it may be taken up: gone, and what lay dropped before still lies.
        battle.change_arsenal(unit, |arsenal| {
            if let Some(index) = std::mem::replace(&mut arsenal.dropped, dropped_before) {
                arsenal.lost.push(index);
            }
        });
    }
    battle.emit(EventKind::Disarmed { unit, weapon });
}

/// A specific blow by `attacker` has landed on `unit` (the western), in place of damage:
/// knocked at, it rolls Concentration at the blow's `steps` (passed, it is stunned for the
/// round; failed, it is out for the rest of the fight); tripped, it falls and drops what it
/// holds; disarmed and caught, its weapon is taken from it for good; restrained, it is held and
/// can do nothing but try to break free, at the same `steps`.
pub(super) fn specific_blow_lands(
    battle: &mut Battle,
    (attacker, unit): (UnitId, UnitId),
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
            if battle
                .roll_own_characteristic(unit, (check.name, check.field), steps)
                .success
            {
                effects::stun_for_round(battle, unit);
            } else {
                wounds::knock_out_cold(battle, unit);
            }
        }
        SpecificBlow::Trip => {
            battle.fall_prone(unit);
            battle.change_condition(unit, |condition| condition.tripped = true);
            knock_from_hand(battle, unit, false);
        }
        SpecificBlow::DisarmAndCatch => knock_from_hand(battle, unit, true),
        SpecificBlow::Restrain => {
            // Its hands are on this one now.
            hold::let_go(battle, attacker);
            hold::hold_on(battle, attacker, unit);
            let release_at = Modifier::summed(ModifierReason::Restraint, &steps);
            battle.change_condition(unit, |condition| {
                condition.restraint = Some(Restraint { release_at });
            });
        }
    }
}
