//! Holds: who holds whom (several may hold one unit together), whether it is pinned, taking
//! hold, and letting go, by choice or because the holder can no longer keep it (or, on the
//! d100 house sheet, took enough in a round); the grip a holder takes; a human shield catching
//! the hits on its holder's off side; and the shift on an attack at a held unit.

use super::UnitId;
use super::event::EventKind;
use super::event::Modifier;
use super::state::Battle;
use crate::rules::grapple::Grip;

/// The units holding `target`, in id order.
pub fn holders(battle: &Battle, target: UnitId) -> Vec<UnitId> {
    battle
        .unit_ids()
        .into_iter()
        .filter(|unit| battle.condition(*unit).holding == Some(target))
        .collect()
}

/// Whether `unit` is pinned: a holder (other than `but`) keeps it immobilised, and it can do
/// nothing.
pub(super) fn pinned(battle: &Battle, unit: UnitId, but: Option<UnitId>) -> bool {
    holders(battle, unit).into_iter().any(|holder| {
        Some(holder) != but
            && battle.condition(holder).grip == Some(Grip::Immobilise)
            && battle.vitals(holder).conscious()
    })
}

/// Whether `unit` cannot get out of the way of an attack: held fast where it stands (bound,
/// trapped), pinned in a hold, or helpless (unconscious).
pub(super) fn immobilised(battle: &Battle, unit: UnitId) -> bool {
    battle.condition(unit).held_fast
        || pinned(battle, unit, None)
        || !battle.vitals(unit).conscious()
}

/// `holder` lets go of (or loses its grip on) whoever it holds; another holder keeps it held.
pub fn let_go(battle: &mut Battle, holder: UnitId) {
    let Some(held) = battle.condition(holder).holding else {
        return;
    };
    battle.change_condition(holder, |condition| {
        condition.holding = None;
        condition.grip = None;
    });
    let still = holders(battle, held).first().copied();
    battle.change_condition(held, |condition| {
        if condition.held_by == Some(holder) {
            condition.held_by = still;
        }
        if still.is_none() {
            condition.restrained = false;
        }
    });
    battle.emit(EventKind::Released { unit: held, holder });
}

/// `unit` holds `target`.
pub fn hold_on(battle: &mut Battle, unit: UnitId, target: UnitId) {
    battle.change_condition(target, |condition| condition.held_by = Some(unit));
    battle.change_condition(unit, |condition| condition.holding = Some(target));
    battle.emit(EventKind::Held {
        unit: target,
        holder: unit,
    });
}

/// `unit` takes a grip on the `target` it holds, kept until it does anything else.
pub fn take_grip(battle: &mut Battle, unit: UnitId, target: UnitId, grip: Grip) {
    battle.change_condition(unit, |condition| condition.grip = Some(grip));
    battle.emit(EventKind::Gripped { unit, target, grip });
}

/// The shift on an attack at `target` where someone holds it.
pub(super) fn at_the_held(battle: &Battle, target: UnitId) -> Option<Modifier> {
    let terms = battle.scenario.ruleset.grappling().grapple_contest()?;
    (!holders(battle, target).is_empty()).then_some(terms.at_the_held)
}
