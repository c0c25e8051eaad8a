//! Holds: who holds whom (several may hold one unit together), whether it is pinned, taking
//! hold, and letting go, by choice or because the holder can no longer keep it.

use super::UnitId;
use super::command::Rejection;
use super::event::EventKind;
use super::state::Battle;
use crate::rules::grapple::Grip;

/// The units holding `target`, in id order.
pub(super) fn holders(battle: &Battle, target: UnitId) -> Vec<UnitId> {
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

/// `holder` lets go of (or loses its grip on) whoever it holds; another holder keeps it held.
pub(super) fn let_go(battle: &mut Battle, holder: UnitId) {
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
            condition.restraint = None;
        }
    });
    battle.emit(EventKind::Released { unit: held, holder });
}

pub(super) fn release(battle: &mut Battle, unit: UnitId) -> Result<(), Rejection> {
    battle.own_turn(unit)?;
    if battle.condition(unit).holding.is_none() {
        return Err(Rejection::PointlessManeuver(
            "not holding anyone".to_string(),
        ));
    }
    let_go(battle, unit);
    Ok(())
}

/// `unit` holds `target`.
pub(super) fn hold_on(battle: &mut Battle, unit: UnitId, target: UnitId) {
    battle.change_condition(target, |condition| condition.held_by = Some(unit));
    battle.change_condition(unit, |condition| condition.holding = Some(target));
    battle.emit(EventKind::Held {
        unit: target,
        holder: unit,
    });
}
