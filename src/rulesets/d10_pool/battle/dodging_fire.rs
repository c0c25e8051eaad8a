//! The d10 pool's answers to gunfire (SPECS.md section 2, [house]): no dodging it in the open,
//! but behind cover a free dodge, and in a sweep's open a dodge from the round's dice; either
//! way the dodge's net successes come off the shot's.

use crate::battle::event::EventKind;
use crate::battle::hooks::RollFor;
use crate::battle::ranged::in_cover_from;
use crate::battle::state::Battle;
use crate::battle::{PendingFire, UnitId};
use crate::rules::situation::ShotDefence;
use crate::rulesets::d10_pool::{DODGE_IN_COVER, DODGE_SWEEP};

use super::budget;
use super::events::PoolEvent;

/// How `unit` may answer `attacker`'s fire `pending`: behind cover, a free dodge; caught in a
/// sweep's open with dice left for a dodge, a dodge from them; else not at all.
pub(super) fn answer(
    battle: &Battle,
    (attacker, unit): (UnitId, UnitId),
    pending: &PendingFire,
) -> Option<ShotDefence> {
    if in_cover_from(battle, attacker, unit) {
        return Some(DODGE_IN_COVER);
    }
    let dice_left = budget::dice_for(battle, unit, budget::planned(RollFor::Dodge)).is_ok();
    (!pending.plan.swept().is_empty() && dice_left).then_some(DODGE_SWEEP)
}

/// The dodge is told: a sweep's from the round's dice, else behind cover.
pub(super) fn answered(battle: &mut Battle, unit: UnitId, defence: ShotDefence, made_it: bool) {
    battle.emit(if defence.spends_dice {
        PoolEvent::DodgedArea {
            unit,
            made_it,
            blast: false,
        }
        .into()
    } else {
        EventKind::DodgedFire { unit, made_it }
    });
}
