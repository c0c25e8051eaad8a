//! What a wound leaves behind where the rulebook says so (the western): the roll against its
//! pain (failed, the unit falls, drops what it holds and does nothing more this round, or,
//! hurt hand to hand, loses its action), rolled again at its later turns until it passes;
//! bleeding from the round of its first wound; and bullet and blade wounds noted to be located
//! as the round ends (`round_end`). Nothing here rolls a die unless the rulebook asks for it.

use super::event::EventKind;
use super::state::Battle;
use super::{Pain, UnitId, Vital};
use crate::rules::wounds::{PainFailure, WoundCheck};

/// `unit` has just taken `damage` (hand to hand or not; from a bullet or blade, the weapon
/// `located`): it starts bleeding and has a wound to locate where the rulebook has those, and,
/// still conscious, rolls against the pain.
pub(super) fn wounded(
    battle: &mut Battle,
    unit: UnitId,
    damage: u32,
    hand_to_hand: bool,
    located: Option<&str>,
) {
    let ruleset = battle.scenario.ruleset.clone();
    let bleeds = ruleset.bleeding().is_some();
    if bleeds {
        battle.change_condition(unit, |condition| condition.bleeding = true);
    }
    if let Some(weapon) = located
        && ruleset.wound_locations().is_some()
    {
        battle
            .flow_mut()
            .wounds_to_locate
            .push((unit, weapon.to_string()));
    }
    if battle.vitals(unit).vital != Vital::Conscious {
        return;
    }
    let pain = Pain {
        damage,
        hand_to_hand,
    };
    let Some(check) = wound_check(battle, pain) else {
        return;
    };
    let on_failure = check.on_failure;
    if !master(battle, unit, check) {
        suffer(battle, unit, pain, on_failure);
    }
}

/// The roll the rulebook asks against `pain`, if it asks one.
fn wound_check(battle: &Battle, pain: Pain) -> Option<WoundCheck> {
    battle
        .scenario
        .ruleset
        .wound_check(pain.damage, pain.hand_to_hand)
}

/// Roll against a wound's pain: whether the unit masters it.
fn master(battle: &mut Battle, unit: UnitId, check: WoundCheck) -> bool {
    battle
        .roll_own_characteristic(unit, (check.name, check.field), check.modifiers)
        .success
}

/// What failing the roll against `pain` does to `unit` this round.
fn suffer(battle: &mut Battle, unit: UnitId, pain: Pain, on_failure: PainFailure) {
    let round = battle.round();
    let dropped = match on_failure {
        PainFailure::FallAndDrop => {
            battle.fall_prone(unit);
            super::arms::drop_weapon(battle, unit)
        }
        PainFailure::NoAttacks => None,
    };
    battle.change_condition(unit, |condition| {
        condition.pained = Some(pain);
        condition.idle_round = Some(round);
    });
    if battle.flow().turn.is_some_and(|turn| turn.unit == unit) {
        battle.change_turn(|turn| turn.action_lost = Some(super::ActionLost::InPain));
    }
    battle.emit(EventKind::PainFelt {
        unit,
        failure: on_failure,
        dropped,
    });
}

/// How the pain of a wound leaves a unit's turn as it begins.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum PainAtTurn {
    /// Nothing of it.
    Free,
    /// The turn goes by: it does nothing more this round.
    Lost,
    /// It may move, but its action is lost.
    NoAction,
}

/// At the start of `unit`'s turn: idle this round, its turn goes by (or, hurt hand to hand, its
/// action); a wound whose pain it failed to master in an earlier round is rolled against again,
/// and a failure costs this round the same way.
pub(super) fn at_turn(battle: &mut Battle, unit: UnitId) -> PainAtTurn {
    let condition = battle.condition(unit);
    let Some(pain) = condition.pained else {
        return PainAtTurn::Free;
    };
    let round = battle.round();
    if condition.idle_round != Some(round) {
        // A rulebook that asks no roll leaves no pain to roll against again.
        let mastered = wound_check(battle, pain).is_none_or(|check| master(battle, unit, check));
        if mastered {
            battle.change_condition(unit, |condition| condition.pained = None);
            battle.emit(EventKind::PainMastered { unit });
            return PainAtTurn::Free;
        }
        battle.change_condition(unit, |condition| condition.idle_round = Some(round));
    }
    if pain.hand_to_hand {
        PainAtTurn::NoAction
    } else {
        PainAtTurn::Lost
    }
}
