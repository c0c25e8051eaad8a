//! Getting over a specific blow (the western, SPECS.md 3.1): the tripped unit's roll to rise,
//! with the free blow each foe in reach gets when it stumbles, and the restrained unit's try to
//! break free.

use super::condition::{attacks_barred, change_frontier, frontier};
use super::events::FrontierEvent;
use crate::battle::command::{Answer, ManeuverGoal, WeaponChoice};
use crate::battle::event::EventKind;
use crate::battle::exchange::exchange;
use crate::battle::fighting::{in_reach, melee_weapon};
use crate::battle::state::Battle;
use crate::battle::{AttackKind, PendingAttack, UnitId, hold};
use crate::rules::roll::{Demand, RollPurpose};
use crate::rules::weapons::WeaponRange;

/// A restrained `unit` tries to break free of `holder` (its whole action): its unarmed skill
/// rolled at the restrain's own modifiers; made, the holder's hands are off it.
pub(super) fn try_to_break_free(battle: &mut Battle, unit: UnitId, holder: UnitId) {
    battle.change_turn(|turn| {
        turn.action_used = true;
        turn.attacks_made += 1;
    });
    battle.emit(EventKind::Maneuvered {
        unit,
        target: holder,
        goal: ManeuverGoal::BreakHold,
    });
    let (purpose, demand) = break_free_check(battle, unit);
    if battle.roll(unit, purpose, &demand).success {
        hold::let_go(battle, holder);
    }
}

/// What a restrained unit's try to break free is made against: its unarmed skill at the
/// restrain's own modifiers.
fn break_free_check(battle: &Battle, unit: UnitId) -> (RollPurpose, Demand) {
    let release_at = frontier(battle, unit).release_at;
    let skill = battle.scenario.ruleset.sheet().unarmed_skill();
    battle.skill_check(unit, skill, release_at.into_iter().collect())
}

/// The chance a restrained unit breaks free now, its wounds counted.
pub(super) fn break_free_chance(battle: &Battle, unit: UnitId) -> f64 {
    let (_, demand) = break_free_check(battle, unit);
    battle
        .scenario
        .ruleset
        .chance(&battle.standing_demand(unit, &demand))
}

/// A tripped unit getting up rolls its unarmed skill to rise (the western): whether it
/// stumbled, failing it (it gets up all the same, and `free_blows` follow). A unit not tripped
/// rolls nothing.
pub(super) fn rise(battle: &mut Battle, unit: UnitId) -> bool {
    if !frontier(battle, unit).tripped {
        return false;
    }
    change_frontier(battle, unit, |frontier| frontier.tripped = false);
    let skill = battle.scenario.ruleset.sheet().unarmed_skill();
    !battle.roll_skill(unit, skill, Vec::new()).success
}

/// `unit` stumbled getting up: each foe on its feet within hand-to-hand reach, free to attack,
/// strikes it once at once (with the hand weapon it holds, else bare-handed), a plain blow.
pub(super) fn free_blows(battle: &mut Battle, unit: UnitId) {
    battle.emit(FrontierEvent::Stumbled { unit });
    let side = battle.spec(unit).side;
    for foe in battle.unit_ids() {
        let able = battle.spec(foe).side != side
            && battle.standing(foe)
            && !battle.condition(foe).prone
            && !battle.condition(foe).stunned()
            && !attacks_barred(battle, foe)
            && battle.condition(foe).held_by.is_none();
        if !able
            || !battle.standing(unit)
            || in_reach(battle, foe, unit, &WeaponRange::Touch).is_err()
        {
            continue;
        }
        let in_hand = battle.arsenal(foe).in_hand;
        let Some((weapon, chosen)) =
            [in_hand, WeaponChoice::Unarmed]
                .into_iter()
                .find_map(|choice| {
                    melee_weapon(battle, foe, choice)
                        .ok()
                        .filter(|weapon| weapon.thrown.is_none())
                        .map(|weapon| (choice, weapon))
                })
        else {
            continue;
        };
        battle.emit(EventKind::Attacked {
            unit: foe,
            target: unit,
            weapon: chosen.name,
        });
        let pending = PendingAttack {
            attacker: foe,
            target: unit,
            kind: AttackKind::Strike(weapon),
            unseen: false,
            during_setup: false,
            knock_out: false,
            free: true,
        };
        exchange(battle, &pending, Answer::Nothing);
    }
}
