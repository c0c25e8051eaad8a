//! What a target of gunfire weighs before it answers: the most the first roll at it could do,
//! and the odds of its rulebook's answer (a dive, a dodge of the first bullet, a dodge behind
//! cover) against taking the shots.

use super::shot::{ShotTerms, setup};
use super::state::{Battle, OwnRoll};
use super::threat::{AnswerOdds, Stakes};
use super::volley::{hit_chance, shot_demand};
use super::{PendingFire, UnitId};
use crate::map::sight::shot_line;
use crate::rules::melee::Defence;
use crate::rules::roll::Demand;
use crate::rules::situation::LineCover;
use crate::rules::situation::{ShotAnswerEffect, ShotDefence};
use crate::rules::skills::DODGE;

/// What rides on a target's answer to shots: the most damage the first roll at it could deal,
/// its maximum hit points, and whether it has already dived for cover.
pub(super) fn volley_stakes(
    battle: &Battle,
    attacker: UnitId,
    pending: &PendingFire,
    unit: UnitId,
) -> Stakes {
    let worst = || {
        let plan = &pending.plan;
        let first = plan.first_roll_at(unit)?;
        let shot = setup(battle, attacker, unit, &plan.weapon, first.terms).ok()?;
        let reach = plan.weapon.damage_reach(shot.reading.band);
        Some(
            plan.weapon
                .damage
                .maximum(reach, &battle.spec(attacker).derived.damage_bonus)
                .unwrap_or_default()
                .saturating_mul(first.bullets),
        )
    };
    Stakes::Shots {
        worst: worst().unwrap_or_default(),
        max_hit_points: battle.vitals(unit).max_hit_points,
        dived: battle.condition(unit).dived_for_cover,
    }
}

/// The odds for a target deciding whether to dive: its Dodge roll's chance, and the first shot's
/// chance to hit it if it takes the shots and if it makes the dive.
pub(super) fn dive_odds(
    battle: &Battle,
    attacker: UnitId,
    pending: &PendingFire,
    unit: UnitId,
) -> Option<AnswerOdds> {
    let plan = &pending.plan;
    let first = plan.first_roll_at(unit)?;
    let chance = |dived: bool| {
        let terms = ShotTerms {
            dived,
            ..first.terms
        };
        setup(battle, attacker, unit, &plan.weapon, terms)
            .map_or(0.0, |shot| hit_chance(battle, attacker, plan, &shot))
    };
    let answer = answer_to_shots(battle, attacker, unit, pending)?;
    let dodge_demand = shot_dodge_demand(battle, unit, answer.spends_dice);
    let dodge = battle.scenario.ruleset.chance(&dodge_demand);
    let hit_if_taken = chance(false);
    let hit_if_made = match answer.effect {
        ShotAnswerEffect::Dive => chance(true),
        // The dodge takes one hit away: the first roll still lands unless it would have put
        // only one hit in (certain for a single shot, one time in N for N bullets).
        ShotAnswerEffect::OneHitFewer => {
            hit_if_taken * (1.0 - 1.0 / f64::from(first.bullets.max(1)))
        }
        // The dodge's net comes off the roll's: the chance it still lands, dodging at all.
        ShotAnswerEffect::NetOff => setup(battle, attacker, unit, &plan.weapon, first.terms)
            .map_or(0.0, |shot| {
                let attack =
                    battle.standing_demand(attacker, &shot_demand(battle, attacker, plan, &shot));
                let dodge = battle.standing_demand(unit, &dodge_demand);
                battle
                    .scenario
                    .ruleset
                    .exchange_odds(Defence::Dodge, &attack, Some(&dodge))
                    .attacker_wins
            }),
    };
    Some(AnswerOdds::Shots {
        answer,
        made: dodge,
        hit_if_taken,
        hit_if_made,
    })
}

/// How `unit` may answer `attacker`'s fire now, as its rulebook has it (a dive for cover, a
/// dodge); `None`: it takes the shots, as one that is down, stunned or held always does.
pub(super) fn answer_to_shots(
    battle: &Battle,
    attacker: UnitId,
    unit: UnitId,
    pending: &PendingFire,
) -> Option<ShotDefence> {
    let condition = battle.condition(unit);
    let able = battle.standing(unit) && !condition.stunned() && condition.held_by.is_none();
    able.then(|| super::hooks::of(battle).shot_answer(battle, (attacker, unit), pending))
        .flatten()
}

/// Whether the line of fire from `attacker` finds `unit` in cover.
pub fn in_cover_from(battle: &Battle, attacker: UnitId, unit: UnitId) -> bool {
    let (Some(from), Some(to)) = (battle.position(attacker), battle.position(unit)) else {
        return false;
    };
    shot_line(&battle.scenario.map, from, to).cover() != LineCover::Open
}

/// What a target's Dodge against gunfire is rolled against: its whole Dodge, or its share of its
/// round's dice where its answer is paid from them (`budgeted`).
fn shot_dodge_demand(battle: &Battle, unit: UnitId, budgeted: bool) -> Demand {
    let modifiers = super::rolls::own_roll_modifiers(battle, unit, OwnRoll::default());
    if budgeted {
        super::rolls::dodge_demand(battle, unit, modifiers)
    } else {
        Demand::new(battle.skill(unit, DODGE), modifiers)
    }
}
