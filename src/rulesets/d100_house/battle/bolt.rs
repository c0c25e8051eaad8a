//! The d100 house sheet's bolt action (SPECS.md 4.1, Firearms): at most two shots a round, and
//! the second only if a Speed roll works the bolt in time; failed, the attack is spent and the
//! shot lost.

use super::events::HouseEvent;
use crate::battle::UnitId;
use crate::battle::command::Rejection;
use crate::battle::state::Battle;
use crate::rules::weapons::{Action, Weapon};
use crate::rulesets::d100_house::firearms::{BOLT_SHOTS, SPEED};

/// Refuse `shots` more from `weapon` where they would pass the most a round.
pub(super) fn within_the_round(
    battle: &Battle,
    unit: UnitId,
    weapon: &Weapon,
    shots: u32,
) -> Result<(), Rejection> {
    let most = BOLT_SHOTS;
    let fired = battle.condition(unit).shots_this_round;
    if weapon.action == Action::BoltAction && fired.saturating_add(shots) > most {
        return Err(Rejection::NotNow(format!(
            "a bolt action fires at most {most} shots a round"
        )));
    }
    Ok(())
}

/// Whether the bolt is worked in time for `shots` fired after `before` this round: a roll for
/// each past the round's first; one failed loses the shot (`BoltTooSlow`).
pub(super) fn worked(
    battle: &mut Battle,
    unit: UnitId,
    weapon: &Weapon,
    (before, shots): (u32, u32),
) -> bool {
    if weapon.action != Action::BoltAction {
        return true;
    }
    for shot in before..before.saturating_add(shots) {
        if shot == 0 {
            continue;
        }
        if !battle.passes(unit, SPEED) {
            battle.emit(HouseEvent::BoltTooSlow {
                unit,
                weapon: weapon.name.clone(),
            });
            return false;
        }
    }
    true
}
