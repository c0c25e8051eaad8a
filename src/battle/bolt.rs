//! A bolt action, where the rulebook limits it (the d100 house sheet): at most so many shots a
//! round, and each after the round's first only if the roll to work the bolt in time succeeds;
//! failed, the attack is spent and the shot lost.

use super::UnitId;
use super::command::Rejection;
use super::event::EventKind;
use super::state::Battle;
use crate::rules::weapons::{Action, Weapon};

/// Refuse `shots` more from `weapon` where they would pass the rulebook's most a round.
pub(super) fn within_the_round(
    battle: &Battle,
    unit: UnitId,
    weapon: &Weapon,
    shots: u32,
) -> Result<(), Rejection> {
    let Some((most, _)) = battle.scenario.ruleset.bolt_action() else {
        return Ok(());
    };
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
    let Some((_, check)) = battle.scenario.ruleset.bolt_action() else {
        return true;
    };
    if weapon.action != Action::BoltAction {
        return true;
    }
    for shot in before..before.saturating_add(shots) {
        if shot == 0 {
            continue;
        }
        if !super::knock_down::passes(battle, unit, check) {
            battle.emit(EventKind::BoltTooSlow {
                unit,
                weapon: weapon.name.clone(),
            });
            return false;
        }
    }
    true
}
