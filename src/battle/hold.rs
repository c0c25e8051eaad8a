//! Holds: letting go of a unit held, by choice or because the holder can no longer keep it.

use super::UnitId;
use super::command::Rejection;
use super::event::EventKind;
use super::state::Battle;

/// `holder` lets go of (or loses its grip on) whoever it holds.
pub(super) fn let_go(battle: &mut Battle, holder: UnitId) {
    let Some(held) = battle.condition(holder).holding else {
        return;
    };
    battle.change_condition(holder, |condition| condition.holding = None);
    battle.change_condition(held, |condition| condition.held_by = None);
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
