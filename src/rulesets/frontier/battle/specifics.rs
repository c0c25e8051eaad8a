//! What a specific shot or blow declared for it does when it lands (the western, SPECS.md
//! 3.1): a shot doubling its damage, in the legs or to disarm; a knockout, a trip, a disarm and
//! catch or a restrain in place of a blow's damage (getting over the trip and the restrain is
//! in `recovering.rs`).

use super::condition::change_frontier;
use super::declaration::SpecificShot;
use super::declaring::{declared_at, declared_blow};
use super::events::FrontierEvent;
use crate::battle::blow_odds::attacker_modifiers;
use crate::battle::event::EventKind;
use crate::battle::state::Battle;
use crate::battle::{PendingAttack, UnitId, Vital, arms, effects, hold, wounds};
use crate::rules::melee::SpecificBlow;
use crate::rules::modifiers::Modifier;
use crate::rulesets::frontier::reasons;
use crate::rulesets::frontier::wounds::wound_check;

/// The specific shot `shooter` declared at `target` this round, if any.
fn declared_shot(battle: &Battle, (shooter, target): (UnitId, UnitId)) -> Option<SpecificShot> {
    declared_at(battle, shooter, target).and_then(|declaration| declaration.specific)
}

/// Whether `shooter`'s deliberate shot at `target` was declared to double its damage.
pub(super) fn doubled(battle: &Battle, fighters: (UnitId, UnitId)) -> bool {
    declared_shot(battle, fighters) == Some(SpecificShot::DoubleDamage)
}

/// `shooter`'s deliberate shot has hit `target`: what the specific shot declared at it does.
pub(super) fn shot_landed(battle: &mut Battle, (shooter, target): (UnitId, UnitId)) {
    if let Some(specific) = declared_shot(battle, (shooter, target)) {
        specific_shot_lands(battle, target, specific);
    }
}

/// The blow `pending` has landed: where its attacker declared a specific blow with it, that
/// blow in place of its damage (at the attack's own modifiers); whether it did.
pub(super) fn blow_instead(battle: &mut Battle, pending: &PendingAttack) -> bool {
    let Some(specific) = declared_blow(battle, pending) else {
        return false;
    };
    let steps = attacker_modifiers(battle, pending).unwrap_or_default();
    specific_blow_lands(battle, (pending.attacker, pending.target), specific, steps);
    true
}

/// A specific shot has hit `unit`: shot in the legs, it moves no further than its
/// zigzag for the rest of the fight; shot to disarm, it drops what it holds. (Double damage was
/// rolled with the shot.)
fn specific_shot_lands(battle: &mut Battle, unit: UnitId, specific: SpecificShot) {
    if battle.position(unit).is_none() || battle.vitals(unit).vital == Vital::Dead {
        return;
    }
    match specific {
        SpecificShot::DoubleDamage => {}
        SpecificShot::Legs => {
            battle.change_condition(unit, |condition| condition.lamed = true);
            battle.emit(FrontierEvent::ShotInTheLegs { unit });
        }
        SpecificShot::Disarm => knock_from_hand(battle, unit, false),
    }
}

/// The weapon in `unit`'s hand, if any, is knocked from it and told: dropped, to be taken up
/// again, or `caught` by the attacker and so lost to it for good.
fn knock_from_hand(battle: &mut Battle, unit: UnitId, caught: bool) {
    let dropped_before = battle.arsenal(unit).dropped;
    let Some(weapon) = arms::drop_weapon(battle, unit) else {
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

/// A specific blow by `attacker` has landed on `unit`, in place of damage:
/// knocked at, it rolls Concentration at the blow's `steps` (passed, it is stunned for the
/// round; failed, it is out for the rest of the fight); tripped, it falls and drops what it
/// holds; disarmed and caught, its weapon is taken from it for good; restrained, it is held and
/// can do nothing but try to break free, at the same `steps`.
fn specific_blow_lands(
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
            // The characteristic a wound's pain is rolled on (Concentration).
            let check = wound_check(0, false);
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
            change_frontier(battle, unit, |frontier| frontier.tripped = true);
            knock_from_hand(battle, unit, false);
        }
        SpecificBlow::DisarmAndCatch => knock_from_hand(battle, unit, true),
        SpecificBlow::Restrain => {
            // Its hands are on this one now.
            hold::let_go(battle, attacker);
            hold::hold_on(battle, attacker, unit);
            let release_at = Modifier::summed(reasons::RESTRAINT, &steps);
            battle.change_condition(unit, |condition| condition.restrained = true);
            change_frontier(battle, unit, |frontier| frontier.release_at = release_at);
        }
    }
}
