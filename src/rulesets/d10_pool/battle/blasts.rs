//! A blast in the d10 pool (SPECS.md 2): the band a unit is caught in is an injury's severity,
//! two less behind low cover from the centre; a unit that can spare the dice dodges it at once,
//! its net successes off the thrower's.

use super::budget::dice_for;
use super::events::PoolEvent;
use super::injuries::injure;
use super::planning::dice_plan;
use crate::battle::UnitId;
use crate::battle::rolls::roll_dodge;
use crate::battle::state::Battle;
use crate::map::Tile;
use crate::map::sight::{LineOfFire, line_of_fire};
use crate::rules::explosions::BlastRing;
use crate::rulesets::d10_pool::blast_severity;
use crate::rulesets::d10_pool::budget::PlannedAction;

/// `unit`, caught in `ring` of `by`'s blast at `centre` thrown with `net` successes and
/// `skill`: where the ring has a severity, the unit dodges if it can spare the dice, and takes
/// the injury; whether it did (else the damage is rolled).
pub(super) fn caught(
    battle: &mut Battle,
    (unit, by): (UnitId, UnitId),
    net: i32,
    (ring, centre): (Option<&BlastRing>, Tile),
    skill: &str,
) -> bool {
    let Some(severity) = band_severity(battle, ring, centre, unit) else {
        return false;
    };
    let dodged = dodge_blast(battle, unit);
    injure(
        battle,
        (unit, Some(by)),
        net.max(0) - dodged,
        (severity, true),
        skill,
    );
    true
}

/// What the ring a unit is caught in adds to its injury's severity, low cover between it and
/// the centre counted; `None` for a ring with none.
fn band_severity(
    battle: &Battle,
    ring: Option<&BlastRing>,
    centre: Tile,
    unit: UnitId,
) -> Option<u32> {
    let band = ring.filter(|band| band.severity > 0)?;
    let at = battle.position(unit)?;
    let behind = matches!(
        line_of_fire(&battle.scenario.map, centre, at),
        LineOfFire::HalfConcealed { .. }
    );
    Some(blast_severity(band, behind))
}

/// A unit that can spare the dice dodges at once, there being no time to weigh it: one with a
/// dodge part planned, or with its turn this round behind it and dice left. Its net successes,
/// none where it does not.
fn dodge_blast(battle: &mut Battle, unit: UnitId) -> i32 {
    let condition = battle.condition(unit);
    let able = battle.standing(unit) && !condition.stunned() && condition.held_by.is_none();
    let spare = dice_plan(battle, unit).is_some() || !battle.flow().turn_to_come(unit);
    if !able || !spare || dice_for(battle, unit, PlannedAction::Dodge).is_err() {
        return 0;
    }
    let roll = roll_dodge(battle, unit);
    battle.emit(PoolEvent::DodgedArea {
        unit,
        made_it: roll.success,
        blast: true,
    });
    roll.net.max(0)
}
