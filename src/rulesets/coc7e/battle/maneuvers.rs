//! What CoC's own maneuver goals do once they work (SPECS.md's Call of Cthulhu 7e combat
//! maneuvers): Hinder hampers the target until its turn ends, a penalty die on its own rolls,
//! attacks and shots; Expose leaves it open for the round, a bonus die on blows at it from the
//! maneuver's side.

use super::condition::CocCondition;
use super::events::CocEvent;
use crate::battle::UnitId;
use crate::battle::command::ManeuverGoal;
use crate::battle::state::Battle;

/// A maneuver with `goal` worked on `target`: hampered or exposed.
pub(super) fn worked(battle: &mut Battle, target: UnitId, goal: ManeuverGoal) {
    let round = battle.round();
    match goal {
        ManeuverGoal::Hinder => {
            battle.change_own(target, |state: &mut CocCondition| state.hindered = true);
            battle.emit(CocEvent::Hindered { unit: target });
        }
        ManeuverGoal::Expose => {
            battle.change_own(target, |state: &mut CocCondition| {
                state.exposed_in = Some(round);
            });
            battle.emit(CocEvent::Exposed { unit: target });
        }
        _ => {}
    }
}

/// Whether `unit` is hampered by a maneuver.
pub(super) fn hindered(battle: &Battle, unit: UnitId) -> bool {
    battle.own::<CocCondition>(unit).hindered
}

/// Whether `target` was left open this round by a maneuver of a side other than `attacker`'s.
pub(super) fn exposed_to(battle: &Battle, attacker: UnitId, target: UnitId) -> bool {
    battle.own::<CocCondition>(target).exposed_in == Some(battle.round())
        && battle.spec(target).side != battle.spec(attacker).side
}

/// `unit`'s turn ends: it is hampered no more.
pub(super) fn turn_ended(battle: &mut Battle, unit: UnitId) {
    if hindered(battle, unit) {
        battle.change_own(unit, |state: &mut CocCondition| state.hindered = false);
    }
}
