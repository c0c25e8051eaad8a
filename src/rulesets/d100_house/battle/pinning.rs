//! Suppressing fire that pins a group rather than hitting it (the d100 house sheet, SPECS.md
//! 4.1): each roll is made at the first of the group still there; a success hurts
//! only where the rulebook says (a matched or critical one), one of the group drawn by a die
//! taking hand-to-hand damage; the bullets fired put a shift on every roll of everyone in the
//! group until the shooter's next turn.

use super::condition::Suppression;
use super::condition::{change_house, house};
use super::events::HouseEvent;
use crate::battle::UnitId;
use crate::battle::event::EventKind;
use crate::battle::fire_plan::{FirePlan, PlannedRoll};
use crate::battle::hits::{Aim, deal_hits, draw_one};
use crate::battle::shot::{ShotSetup, setup};
use crate::battle::state::Battle;
use crate::rules::firearms::VolleyHits;
use crate::rules::roll::Verdict;

/// The roll at the first of the pinned group still there to be shot at (the planned one where
/// none is).
pub(super) fn aimed_at(
    battle: &Battle,
    unit: UnitId,
    plan: &FirePlan,
    planned: &PlannedRoll,
) -> PlannedRoll {
    let target = plan
        .pinning()
        .iter()
        .copied()
        .find(|member| battle.target_there(unit, *member).is_ok())
        .unwrap_or(planned.target());
    planned.at(target)
}

/// What one roll of pinning fire does: nothing on a miss, nothing but keeping heads down on a
/// success that does not hurt; else one of the group still there, drawn by a die, takes the
/// roll's hand-to-hand damage where it stands.
pub(super) fn bullet(
    battle: &mut Battle,
    unit: UnitId,
    plan: &FirePlan,
    roll: &PlannedRoll,
    check: &Verdict,
) {
    let target = roll.target();
    if !check.success {
        battle.emit(EventKind::ShotMissed { unit, target });
        return;
    }
    let pinning = battle.scenario.ruleset.mechanisms().pinning();
    if !pinning.map_or(check.success, |pinning| pinning.bullet_hurts(check)) {
        battle.emit(HouseEvent::BulletPinned { unit, target });
        return;
    }
    let there: Vec<UnitId> = plan
        .pinning()
        .iter()
        .copied()
        .filter(|member| battle.target_there(unit, *member).is_ok())
        .collect();
    let Some(hurt) = draw_one(battle, unit, &there) else {
        return;
    };
    // Where it stands from the shooter: its own line, and the cover beside it.
    let Ok(shot): Result<ShotSetup, _> = setup(battle, unit, hurt, plan.weapon(), roll.terms())
    else {
        return;
    };
    battle.emit(EventKind::ShotHit {
        unit,
        target: hurt,
        hits: 1,
        extreme: 0,
    });
    deal_hits(
        battle,
        (unit, hurt),
        plan.weapon(),
        &shot,
        VolleyHits {
            hits: 1,
            extreme: 0,
        },
        Aim::Pinning,
        check,
    );
}

/// `bullets` more fired by `unit` at each of `group` still standing: each is pinned by it
/// for all it has fired at it since its last turn, unless another shooter pins it harder.
pub(super) fn pin(battle: &mut Battle, unit: UnitId, group: &[UnitId], bullets: u32) {
    let ruleset = battle.scenario.ruleset.clone();
    let mut pinned = Vec::new();
    let mut most = 0;
    let standing: Vec<UnitId> = group
        .iter()
        .copied()
        .filter(|member| battle.standing(*member))
        .collect();
    for member in standing {
        let before = house(battle, member).suppressed;
        let fired = match before {
            Some(own) if own.by == unit => own.bullets.saturating_add(bullets),
            _ => bullets,
        };
        if before.is_none_or(|other| other.by == unit || other.bullets < fired) {
            change_house(battle, member, |house| {
                house.suppressed = Some(Suppression {
                    by: unit,
                    bullets: fired,
                });
            });
        }
        pinned.push(member);
        most = most.max(fired);
    }
    if pinned.is_empty() {
        return;
    }
    battle.emit(HouseEvent::Suppressed {
        unit,
        group: pinned,
        bullets: most,
        shift: ruleset
            .mechanisms()
            .pinning()
            .map_or(0, |pinning| pinning.shift(most)),
    });
}

/// As `unit`'s turn begins, the suppressing fire it laid down lifts, and so does any laid down
/// by a shooter no longer standing.
pub(super) fn lift(battle: &mut Battle, unit: UnitId) {
    for other in battle.unit_ids() {
        let lifts = house(battle, other)
            .suppressed
            .is_some_and(|suppression| suppression.by == unit || !battle.standing(suppression.by));
        if lifts {
            change_house(battle, other, |house| house.suppressed = None);
        }
    }
}
