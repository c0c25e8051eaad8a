//! Hits as the d10 pool keeps them, a list of injuries: the attack's net, the weapon's damage
//! and what soaks it go to the pool's rules, and the battle keeps the list it comes to, the
//! unit's state, a stun (its next turn lost) and the scar the log names.

use super::events::PoolEvent;
use crate::battle::aim::spoil_aim;
use crate::battle::event::EventKind;
use crate::battle::state::Battle;
use crate::battle::wounds::settle_after_harm;
use crate::battle::{UnitId, Vital};
use crate::rules::injuries::InjuryHit;
use crate::rulesets::d10_pool::injuries;

/// A hit on `unit` (by `by`) that landed with `net` successes left once the defence was off,
/// with `skill` and a weapon of this `weapon` damage (a blast's band, where `blast`): an injury.
pub(super) fn injure(
    battle: &mut Battle,
    (unit, by): (UnitId, Option<UnitId>),
    net: i32,
    (weapon, blast): (u32, bool),
    skill: &str,
) {
    let before = battle.vitals(unit);
    let hit = InjuryHit {
        net,
        weapon,
        blast,
        skill,
        armour: battle
            .spec(unit)
            .armor
            .as_ref()
            .map_or(0, |armor| armor.points),
        toughness: battle.spec(unit).characteristics.constitution,
        injuries: before.injuries,
    };
    let outcome = injuries::injure(&hit);
    let mut after = before;
    after.injuries = outcome.injuries;
    after.hit_points = outcome.remaining.min(after.max_hit_points);
    if outcome.dead {
        after.vital = Vital::Dead;
    } else if outcome.incapacitated {
        after.vital = Vital::Unconscious;
    }
    battle.set_vitals(unit, after);
    battle.emit(EventKind::Injured {
        unit,
        by,
        net,
        weapon: hit.weapon,
        soak: outcome.soak,
        severity: outcome.severity,
        wound_level: outcome.wound_level,
        remaining: outcome.remaining,
        penalty: outcome.penalty,
    });
    if outcome.severity.is_some() {
        spoil_aim(battle, unit);
    }
    if outcome.scarred {
        battle.emit(PoolEvent::Scarred {
            unit,
            severity: outcome.severity.unwrap_or_default(),
        });
    }
    if outcome.stunned && after.vital == Vital::Conscious {
        if battle.luck(unit) > 0 {
            // Where a point of Willpower shakes it off (its only use), it is spent at once.
            battle.change_condition(unit, |condition| condition.luck_spent += 1);
            let left = battle.luck(unit);
            battle.emit(PoolEvent::StunShakenOff { unit, left });
        } else {
            // It loses its next turn: this round's if it has yet to act, else the next round's.
            battle.change_condition(unit, |condition| {
                condition.stunned_turns = condition.stunned_turns.max(1);
            });
            battle.emit(PoolEvent::StunnedByInjury { unit });
        }
    }
    settle_after_harm(battle, unit, before, false);
}
