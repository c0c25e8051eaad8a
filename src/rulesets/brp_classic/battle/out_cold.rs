//! Out cold in BRP (SPECS.md 1.1, [house]): a unit knocked out by shock stays out for 2D6
//! rounds, or until First Aid wakes it, and comes to (still prone) as the round its time is up
//! ends, unless its hit points alone keep it out (1 or 2).

use super::condition::BrpCondition;
use super::events::BrpEvent;
use crate::battle::state::Battle;
use crate::battle::wounds::announce_change;
use crate::battle::{UnitId, Vital, Vitals};
use crate::rules::dice::DieFace;
use crate::rules::wounds::WoundBlow;

/// Knocked out by shock: 2D6 rounds.
pub(super) fn knocked_out(battle: &mut Battle, unit: UnitId) {
    let dice: Vec<DieFace> = (0..2).map(|_| battle.die(6)).collect();
    let until_round = battle.round() + dice.iter().map(|die| die.face).sum::<u32>();
    battle.change_own(unit, |condition: &mut BrpCondition| {
        condition.out_until_round = Some(until_round);
    });
    battle.emit(BrpEvent::KnockedOut {
        unit,
        dice,
        until_round,
    });
}

/// As a round ends, the knocked out whose time is up come to (still prone), unless their hit
/// points alone keep them out (BRP: 1 or 2).
pub(super) fn come_to(battle: &mut Battle) {
    let round = battle.round();
    for unit in battle.unit_ids() {
        let Some(until) = battle.own::<BrpCondition>(unit).out_until_round else {
            continue;
        };
        if until > round {
            continue;
        }
        battle.change_own(unit, |condition: &mut BrpCondition| {
            condition.out_until_round = None;
        });
        let before = battle.vitals(unit);
        let held_down = battle
            .scenario
            .ruleset
            .take_blow(&WoundBlow {
                damage: 0,
                hit_points: before.hit_points,
                below_zero: before.below_zero,
                max_hit_points: before.max_hit_points,
                major_wound: before.major_wound,
                deliberate: false,
            })
            .knocked_out;
        if before.vital == Vital::Unconscious && !held_down {
            battle.set_vitals(
                unit,
                Vitals {
                    vital: Vital::Conscious,
                    ..before
                },
            );
            announce_change(battle, unit, before);
        }
    }
}
