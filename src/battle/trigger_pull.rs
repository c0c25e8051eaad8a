//! A pull of the trigger resolved, once its targets have answered: each roll in order at its
//! target (a sweep's counted again from the one roll's faces), what a dodge takes off it, the
//! hits it lands and a fumble's stray bullet (the harm they do is `hits`'s).

use super::arms::malfunction;
use super::event::EventKind;
use super::fire_plan::{FirePlan, PlannedRoll};
use super::hits::{Aim, deal_hits, draw_one};
use super::hooks::BattleHooks;
use super::shot::{ShotSetup, ShotTerms, setup};
use super::state::Battle;
use super::volley::shot_demand;
use super::{PendingFire, UnitId};
use crate::map::sight::ShotLine;
use crate::rules::firearms::{VolleyHits, spend};
use crate::rules::roll::{RollPurpose, Verdict};
use crate::rules::weapons::MalfunctionKind;

/// Make every roll of the trigger pull, in order, until the rolls run out or the gun jams.
pub(super) fn resolve_fire(battle: &mut Battle, unit: UnitId, pending: &PendingFire) {
    let plan = &pending.plan;
    let hooks = super::hooks::of(battle);
    let feed = plan.weapon.feed();
    let mut dodge_spent: Vec<UnitId> = Vec::new();
    // A sweep's rounds go at once, and its rolls share the dice of the first.
    let mut shared = plan.shares_one_roll().then(|| {
        battle.change_weapon_state(unit, plan.index, |state| {
            state.ammunition = spend(feed, state.ammunition, plan.rounds);
        });
        Vec::new()
    });
    let mut fired = 0u32;
    for planned in &plan.rolls {
        let roll = &draw_target(battle, unit, plan, planned, hooks.as_ref());
        let target_fallen = battle.target_there(unit, roll.target).is_err();
        if roll.wasted_before > 0 {
            battle.change_weapon_state(unit, plan.index, |state| {
                state.ammunition = spend(feed, state.ammunition, roll.wasted_before);
            });
        }
        if target_fallen {
            continue;
        }
        let terms = ShotTerms {
            dived: pending.dived.contains(&roll.target),
            ..roll.terms
        };
        let Ok(shot) = setup(battle, unit, roll.target, &plan.weapon, terms) else {
            continue;
        };
        if shared.is_none() {
            battle.change_weapon_state(unit, plan.index, |state| {
                state.ammunition = spend(feed, state.ammunition, roll.bullets);
            });
        }
        let fresh = !dodge_spent.contains(&roll.target);
        let in_cover = pending
            .dodge_nets
            .iter()
            .find(|(target, _)| *target == roll.target)
            .map(|(_, net)| *net);
        let dodge = match in_cover {
            Some(net) => Dodging::Successes(net),
            None if fresh && pending.dodged.contains(&roll.target) => {
                dodge_spent.push(roll.target);
                Dodging::FirstBullet
            }
            None => Dodging::Not,
        };
        fired = fired.saturating_add(roll.bullets);
        let jammed = take_shot(battle, unit, plan, roll, &shot, dodge, shared.as_mut());
        if jammed {
            break;
        }
        // What the shots do to their shooter may end the pull (a heavy weapon off its mount
        // that knocks it down, by the house sheet).
        if !hooks.shots_fired(battle, unit, (plan.index, &plan.weapon), roll.bullets) {
            break;
        }
    }
    if !plan.pinning.is_empty() {
        hooks.group_pinned(battle, unit, &plan.pinning, fired);
    }
    battle.change_condition(unit, |condition| condition.aim = None);
}

/// The roll as it is made: at its own target, or (unaimed or suppressing fire at several) at
/// one drawn by a die from those named still there to be shot at (one killed by an earlier
/// roll of the pull is not drawn), the die in the log; fire that pins its group goes where
/// the rulebook says.
fn draw_target(
    battle: &mut Battle,
    unit: UnitId,
    plan: &FirePlan,
    planned: &PlannedRoll,
    hooks: &dyn BattleHooks,
) -> PlannedRoll {
    if !plan.pinning.is_empty() {
        return hooks.pinning_roll_at(battle, unit, plan, planned);
    }
    if plan.drawn_from.len() < 2 {
        return *planned;
    }
    let there: Vec<UnitId> = plan
        .drawn_from
        .iter()
        .copied()
        .filter(|target| battle.target_there(unit, *target).is_ok())
        .collect();
    match draw_one(battle, unit, &there) {
        Some(target) => PlannedRoll { target, ..*planned },
        None => *planned,
    }
}

/// What a target's answer does to a roll at it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Dodging {
    Not,
    /// Its dodge takes one hit away (the first roll at it).
    FirstBullet,
    /// Its dodge behind cover takes these net successes off the roll.
    Successes(u32),
}

/// One attack roll at a target: announce it, roll, and carry out what comes of it. Returns
/// whether the weapon jammed (the rest of the trigger pull is lost). `shared`: the faces of a
/// sweep's one roll, counted again for each target at its own difficulty (empty until the
/// first target's roll is made).
fn take_shot(
    battle: &mut Battle,
    unit: UnitId,
    plan: &FirePlan,
    roll: &PlannedRoll,
    shot: &ShotSetup,
    dodge: Dodging,
    shared: Option<&mut Vec<u32>>,
) -> bool {
    let target = roll.target;
    super::hooks::of(battle).shot_coming(battle, (unit, target));
    battle.emit(EventKind::ShotAt {
        unit,
        target,
        bullets: roll.bullets,
        band: shot.reading.band,
        point_blank: shot.reading.point_blank,
        line: shot.line,
    });
    if !shot.possible {
        battle.emit(EventKind::ShotWasted {
            unit,
            target,
            bullets: roll.bullets,
        });
        return false;
    }
    let demand = shot_demand(battle, unit, plan, shot);
    let mut check = match shared {
        Some(faces) if !faces.is_empty() => battle.roll_again(
            unit,
            RollPurpose::Skill(plan.skill_name.clone()),
            &demand,
            faces,
        ),
        Some(faces) => {
            let check = super::rolls::roll_attack(battle, unit, &plan.skill_name, &demand);
            *faces = battle.last_rolled_faces();
            check
        }
        None => super::rolls::roll_attack(battle, unit, &plan.skill_name, &demand),
    };
    if check.malfunction {
        return malfunction(battle, unit, plan.index) == MalfunctionKind::Jam;
    }
    if !plan.pinning.is_empty() {
        super::hooks::of(battle).pinning_roll(battle, unit, plan, roll, &check);
        return false;
    }
    // A dodge behind cover takes its net off the roll's.
    if let Dodging::Successes(taken) = dodge
        && taken > 0
        && check.success
    {
        check.net -= i32::try_from(taken).unwrap_or(i32::MAX);
        if check.net < 1 {
            battle.emit(EventKind::BulletDodged { unit, target });
            return false;
        }
    }
    // What a roll that hits puts into whoever it hits: one bullet, or the rulebook's share of
    // a volley (a die it rolls for them is recorded).
    let ruleset = battle.scenario.ruleset.clone();
    let hits = |battle: &mut Battle, hit: UnitId, verdict: &Verdict| {
        if roll.together {
            return VolleyHits {
                hits: roll.bullets,
                extreme: if verdict.special { roll.bullets } else { 0 },
            };
        }
        if !roll.volley {
            return VolleyHits {
                hits: 1,
                extreme: u32::from(verdict.special),
            };
        }
        let mut counted = None;
        let landed = ruleset.volley_hits(roll.bullets, verdict, &mut |sides| {
            let die = battle.die(sides);
            counted = Some(die);
            die.face
        });
        if let Some(die) = counted {
            battle.emit(EventKind::BulletsCounted {
                unit,
                target: hit,
                die,
            });
        }
        landed
    };
    if check.success {
        let mut landed = hits(battle, target, &check);
        if dodge == Dodging::FirstBullet {
            // The dodge takes one hit away (a single shot's only one); an impale needs a hit.
            landed.hits = landed.hits.saturating_sub(1);
            landed.extreme = landed.extreme.min(landed.hits);
            battle.emit(EventKind::BulletDodged { unit, target });
            if landed.hits == 0 {
                return false;
            }
        }
        battle.emit(EventKind::ShotHit {
            unit,
            target,
            hits: landed.hits,
            extreme: landed.extreme,
        });
        deal_hits(
            battle,
            (unit, target),
            &plan.weapon,
            shot,
            landed,
            Aim::Deliberate,
            &check,
        );
        return false;
    }
    match super::hooks::of(battle).stray_shot(battle, (unit, target), &check) {
        Some(ally) => {
            battle.emit(EventKind::StrayHit { unit, target, ally });
            let plain = ShotSetup {
                line: ShotLine::Clear,
                ..shot.clone()
            };
            // The stray bullets hit as a plain success would.
            let plain_hit = Verdict {
                success: true,
                special: false,
                net: 1,
                ..check
            };
            let landed = hits(battle, ally, &plain_hit);
            deal_hits(
                battle,
                (unit, ally),
                &plan.weapon,
                &plain,
                landed,
                Aim::Stray,
                &plain_hit,
            );
        }
        None => battle.emit(EventKind::ShotMissed { unit, target }),
    }
    false
}
