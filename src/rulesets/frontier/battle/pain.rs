//! What a wound leaves behind (the western, SPECS.md 3.1): the roll against its pain (failed,
//! the unit falls, drops what it holds and does nothing more this round, or, hurt hand to hand,
//! loses its action), rolled again at its later turns until it passes; bleeding from the round
//! of its first wound until First Aid stops it; and bullet and blade wounds located on the
//! table as the round ends.

use super::condition::{Pain, change_frontier, frontier};
use super::events::FrontierEvent;
use crate::battle::hooks::TurnCost;
use crate::battle::state::Battle;
use crate::battle::wounds::{Blow, harm};
use crate::battle::{ActionLost, Idle, UnitId, Vital, arms};
use crate::rulesets::frontier::wounds::{
    BLEEDING, LOCATIONS, PainFailure, WoundCheck, wound_check,
};

/// Why a turn has no action where the unit failed the roll against a wound's pain.
pub const IN_PAIN: ActionLost = ActionLost::Rulebook("overcome by the pain of a wound");
/// Why a unit hurt away from hand to hand does nothing more this round.
const DOWN_IN_PAIN: &str = "Down in pain";

/// `unit` has just taken `damage` (hand to hand or not; from a bullet or blade, the weapon
/// `located`): it starts bleeding and has a wound to locate, and, still conscious, rolls
/// against the pain.
pub(super) fn wounded(
    battle: &mut Battle,
    unit: UnitId,
    (damage, hand_to_hand): (u32, bool),
    located: Option<&str>,
) {
    change_frontier(battle, unit, |frontier| {
        frontier.bleeding = true;
        frontier
            .wounds_to_locate
            .extend(located.map(str::to_string));
    });
    if battle.vitals(unit).vital != Vital::Conscious {
        return;
    }
    let pain = Pain {
        damage,
        hand_to_hand,
    };
    let check = wound_check(pain.damage, pain.hand_to_hand);
    let on_failure = check.on_failure;
    if !master(battle, unit, check) {
        suffer(battle, unit, pain, on_failure);
    }
}

/// Roll against a wound's pain: whether the unit masters it.
fn master(battle: &mut Battle, unit: UnitId, check: WoundCheck) -> bool {
    battle
        .roll_own_characteristic(unit, (check.name, check.field), check.modifiers)
        .success
}

/// `unit` is idle in the pain of `pain` this round: it makes no attack, and, hurt away from
/// hand to hand, does nothing more.
fn idle_in_pain(battle: &mut Battle, unit: UnitId, pain: Pain) {
    let round = battle.round();
    change_frontier(battle, unit, |frontier| frontier.idle_round = Some(round));
    battle.change_condition(unit, |condition| {
        if pain.hand_to_hand {
            condition.not_idle_in(round);
        } else {
            condition.idle_for(round, Idle::Rulebook(DOWN_IN_PAIN));
        }
    });
}

/// What failing the roll against `pain` does to `unit` this round.
fn suffer(battle: &mut Battle, unit: UnitId, pain: Pain, on_failure: PainFailure) {
    let dropped = match on_failure {
        PainFailure::FallAndDrop => {
            battle.fall_prone(unit);
            arms::drop_weapon(battle, unit)
        }
        PainFailure::NoAttacks => None,
    };
    change_frontier(battle, unit, |frontier| frontier.pained = Some(pain));
    idle_in_pain(battle, unit, pain);
    if battle.flow().turn.is_some_and(|turn| turn.unit == unit) {
        battle.change_turn(|turn| turn.action_lost = Some(IN_PAIN));
    }
    battle.emit(FrontierEvent::PainFelt {
        unit,
        failure: on_failure,
        dropped,
    });
}

/// At the start of `unit`'s whole turn: idle this round, its turn goes by (or, hurt hand to
/// hand, its action); a wound whose pain it failed to master in an earlier round is rolled
/// against again, and a failure costs this round the same way.
pub(super) fn at_turn(battle: &mut Battle, unit: UnitId) -> TurnCost {
    let Some(pain) = frontier(battle, unit).pained else {
        return TurnCost::Nothing;
    };
    let round = battle.round();
    if frontier(battle, unit).idle_round != Some(round) {
        if master(battle, unit, wound_check(pain.damage, pain.hand_to_hand)) {
            change_frontier(battle, unit, |frontier| frontier.pained = None);
            battle.emit(FrontierEvent::PainMastered { unit });
            return TurnCost::Nothing;
        }
        idle_in_pain(battle, unit, pain);
    }
    if pain.hand_to_hand {
        TurnCost::Action(IN_PAIN)
    } else {
        battle.emit(FrontierEvent::DownInPain { unit });
        TurnCost::Turn
    }
}

/// As the round ends: each unit's bullet and blade wounds of the round are located on the
/// table, a d100 each, units in the scenario's order; then each unit bleeding loses its blood,
/// down past incapacitated to death.
pub(super) fn locate_and_bleed(battle: &mut Battle) {
    for unit in battle.unit_ids() {
        let wounds = frontier(battle, unit).wounds_to_locate;
        if wounds.is_empty() {
            continue;
        }
        change_frontier(battle, unit, |frontier| frontier.wounds_to_locate.clear());
        for weapon in wounds {
            let die = battle.die(LOCATIONS.sides);
            battle.emit(FrontierEvent::WoundLocated {
                unit,
                weapon,
                die: die.face,
                part: LOCATIONS.part(die.face),
            });
        }
    }
    for unit in battle.unit_ids() {
        if frontier(battle, unit).bleeding && battle.vitals(unit).vital != Vital::Dead {
            battle.emit(FrontierEvent::Bled {
                unit,
                loss: BLEEDING,
            });
            harm(
                battle,
                unit,
                None,
                Blow {
                    bleed: true,
                    ..Blow::unstoppable(BLEEDING)
                },
            );
        }
    }
}

/// `by`'s First Aid on `patient`: where it bleeds, the aid stops it and heals nothing (told);
/// whether it did.
pub(super) fn tended(battle: &mut Battle, by: UnitId, patient: UnitId) -> bool {
    if !frontier(battle, patient).bleeding {
        return false;
    }
    change_frontier(battle, patient, |frontier| frontier.bleeding = false);
    battle.emit(FrontierEvent::BleedingStopped { unit: patient, by });
    true
}
