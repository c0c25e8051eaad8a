//! A pull of the trigger planned before any die is rolled: the weapon, the rounds it uses, and
//! each roll in order (single shots, a burst, full-auto volleys swept across targets), with the
//! exact chance of each.

use super::UnitId;
use super::arms::{carried_weapon, usable_now};
use super::command::{FireMode, Rejection, WeaponChoice};
use super::fire_plan::{FirePlan, PlannedRoll};
use super::hooks::RollFor;
use super::shot::{ShotSetup, ShotTerms, setup};
use super::state::Battle;
use crate::map::Tile;
use crate::map::range::{distance_squared, distance_yards};
use crate::rules::firearms::{
    bullets_between_targets, can_chamber_and_fire, multiple_shots_penalty, rounds_ready, volleys,
    within_arc,
};
use crate::rules::roll::Demand;
use crate::rules::weapons::{AttackForm, Weapon};

/// Check a trigger pull against the weapon, its rounds and the targets (not whose turn it is).
pub fn plan_fire(
    battle: &Battle,
    unit: UnitId,
    choice: WeaponChoice,
    mode: &FireMode,
) -> Result<FirePlan, Rejection> {
    let (index, weapon) = carried_weapon(battle, unit, choice, &[AttackForm::Shot])?;
    usable_now(battle, unit, index)?;
    // Where maneuvers are grapples (BRP, the d100 house sheet), the held cannot shoot, and
    // where they are opposed rolls, neither can the holder.
    let ruleset = &battle.scenario.ruleset;
    if battle.condition(unit).held_by.is_some()
        && (ruleset.sheet().grapple_skill().is_some()
            || ruleset.grappling().grapple_contest().is_some())
    {
        return Err(Rejection::Held);
    }
    super::fighting::holding_back(battle, unit)?;
    let build = battle.spec(unit).derived.build;
    let mounted = battle.spec(unit).weapons[index].mounted;
    if let Some(least) = weapon.hand_fired_from_build
        && build < least
        && !mounted
    {
        return Err(Rejection::WrongWeapon(format!(
            "the {} needs Build {least} to fire by hand, or a mount (Build {build})",
            weapon.name
        )));
    }
    let feed = weapon.feed();
    let ammunition = battle.arsenal(unit).state(index).ammunition;
    let ready = rounds_ready(feed, ammunition);
    let plan = plan_rolls(battle, unit, index, weapon, mode, ready)?;
    let needed = plan.rounds + plan.wasted;
    if needed <= ready && needed > 0 {
        return Ok(plan);
    }
    let single = matches!(mode, FireMode::Shots(targets) if targets.len() == 1);
    if single && can_chamber_and_fire(feed, ammunition) {
        let slot = battle.flow().turn.filter(|turn| turn.unit == unit);
        if slot.is_some_and(|turn| !turn.limits.chambers) {
            return Err(Rejection::NotNow(format!(
                "the {} is empty: a round is chambered and fired at half DEX, by one that has not \
                 acted this round",
                plan.weapon.name
            )));
        }
        return Ok(chambering(plan, true));
    }
    Err(Rejection::OutOfAmmunition(format!(
        "the {} has {ready} ready, {} needed",
        plan.weapon.name,
        needed.max(1)
    )))
}

/// Whether every target lies within one 60-degree arc from the shooter.
fn in_one_arc(battle: &Battle, unit: UnitId, targets: &[UnitId]) -> Result<(), Rejection> {
    let position = |target: UnitId| battle.position(target).unwrap_or(Tile::new(0, 0));
    let shooter = position(unit);
    let directions: Vec<(i64, i64)> = targets
        .iter()
        .map(|target| {
            let at = position(*target);
            (
                i64::from(at.x) - i64::from(shooter.x),
                i64::from(at.y) - i64::from(shooter.y),
            )
        })
        .collect();
    if within_arc(&directions) {
        Ok(())
    } else {
        Err(Rejection::OutOfArc)
    }
}

/// Suppressing fire on a group (where the rulebook has it): the weapon's shots, or its full
/// auto's volleys, planned as if at the first of the group, each roll's target drawn from the
/// whole group by a die as it is made; or, where it pins the group (the d100 house sheet), one
/// attack of the divided skill, each roll made at the first still there. The group lies in one
/// arc, and each in it must be one a shot could go at.
fn suppressing_rolls(
    battle: &Battle,
    unit: UnitId,
    index: usize,
    weapon: Weapon,
    bullets: u32,
    group: Vec<UnitId>,
    ready: u32,
) -> Result<FirePlan, Rejection> {
    if battle
        .scenario
        .ruleset
        .mechanisms()
        .suppressing_fire
        .is_none()
    {
        return Err(Rejection::WrongWeapon(
            "suppressing fire is not in play in this battle".to_string(),
        ));
    }
    let Some(&first) = group.first() else {
        return Err(Rejection::InvalidTarget(
            "suppressing fire needs a group to fire on".to_string(),
        ));
    };
    // Where suppressing fire pins its group (the d100 house sheet) rather than hitting it.
    let pins = battle.scenario.ruleset.mechanisms().pinning().is_some();
    if pins {
        super::hooks::of(battle).may_pin(battle, unit)?;
    }
    // Checked before anything is planned, so no count from a file sizes the plan.
    let most = if weapon.uses.full_auto {
        let attack = battle.scenario.ruleset.firearm_rules().full_auto_attack;
        ready.min(attack.unwrap_or(u32::MAX))
    } else {
        weapon.most_shots()
    };
    if bullets == 0 || bullets > most.max(1) {
        return Err(Rejection::WrongWeapon(format!(
            "the {} lays down suppressing fire with 1 to {} {}",
            weapon.name,
            most.max(1),
            if weapon.uses.full_auto {
                "bullets"
            } else {
                "shots"
            }
        )));
    }
    let at_first = if weapon.uses.full_auto {
        FireMode::FullAuto(vec![(first, bullets)])
    } else {
        FireMode::Shots(vec![first; usize::try_from(bullets).unwrap_or(1)])
    };
    in_one_arc(battle, unit, &group)?;
    let plan = plan_rolls(battle, unit, index, weapon, &at_first, ready)?;
    let members = drawn_group(battle, unit, &plan.weapon, &plan.rolls, group.clone())?;
    Ok(if pins {
        FirePlan {
            pinning: group,
            ..plan
        }
    } else {
        FirePlan {
            drawn_from: members,
            ..plan
        }
    })
}

/// How far suppressing fire spreads from the unit it is aimed at, in yards.
const SUPPRESSED_YARDS: f64 = 3.0;

/// The group suppressing fire at `target` falls on: the target first, then, nearest first,
/// every other standing unit of its side within `SUPPRESSED_YARDS` of it that `unit` could fire
/// at with `weapon`, so long as the group stays within one arc. Every one in it passes the checks
/// the fire itself makes.
pub(super) fn suppressed_group(
    battle: &Battle,
    unit: UnitId,
    weapon: &Weapon,
    target: UnitId,
) -> Vec<UnitId> {
    let mut group = vec![target];
    let Some(centre) = battle.position(target) else {
        return group;
    };
    let side = battle.spec(target).side;
    let mut nearby: Vec<(Tile, UnitId)> = battle
        .unit_ids()
        .into_iter()
        .filter(|other| *other != target && battle.spec(*other).side == side)
        .filter(|other| battle.standing(*other))
        .filter_map(|other| battle.position(other).map(|at| (at, other)))
        .filter(|(at, _)| distance_yards(*at, centre) <= SUPPRESSED_YARDS)
        .collect();
    nearby.sort_by_key(|(at, other)| (distance_squared(*at, centre), *other));
    for (_, other) in nearby {
        let fits = battle.target_there(unit, other).is_ok()
            && setup(battle, unit, other, weapon, ShotTerms::default()).is_ok()
            && in_one_arc(battle, unit, &[group.as_slice(), &[other]].concat()).is_ok();
        if fits {
            group.push(other);
        }
    }
    group
}

/// The targets each roll of `rolls` is drawn from by a die: `targets` where there are several,
/// each (the first, the rolls' own target, is checked already) one a shot could go at; empty
/// for one target.
fn drawn_group(
    battle: &Battle,
    unit: UnitId,
    weapon: &Weapon,
    rolls: &[PlannedRoll],
    targets: Vec<UnitId>,
) -> Result<Vec<UnitId>, Rejection> {
    if targets.len() < 2 {
        return Ok(Vec::new());
    }
    let terms = rolls.first().map(|roll| roll.terms).unwrap_or_default();
    for target in &targets[1..] {
        setup(battle, unit, *target, weapon, terms)?;
    }
    Ok(targets)
}

/// The plan with (or without) one round chambered and fired: a penalty die on its one shot.
pub(super) fn chambering(plan: FirePlan, chambered: bool) -> FirePlan {
    FirePlan {
        chambered,
        ..with_terms(plan, |terms| ShotTerms { chambered, ..terms })
    }
}

/// The plan fired at targets that did not see it coming (a surprise shot).
pub(super) fn unseen(plan: FirePlan) -> FirePlan {
    with_terms(plan, |terms| ShotTerms {
        surprised: true,
        ..terms
    })
}

/// The plan with every roll's terms changed by `change`.
fn with_terms(plan: FirePlan, change: impl Fn(ShotTerms) -> ShotTerms) -> FirePlan {
    FirePlan {
        rolls: plan
            .rolls
            .into_iter()
            .map(|roll| PlannedRoll {
                terms: change(roll.terms),
                ..roll
            })
            .collect(),
        ..plan
    }
}

/// The rolls of a trigger pull in `mode`, checked against the weapon and the targets; a burst
/// fires at most the `ready` rounds.
pub(super) fn plan_rolls(
    battle: &Battle,
    unit: UnitId,
    index: usize,
    weapon: Weapon,
    mode: &FireMode,
    ready: u32,
) -> Result<FirePlan, Rejection> {
    for target in mode.targets() {
        battle.target_there(unit, target)?;
    }
    let position = |target: UnitId| battle.position(target).unwrap_or(Tile::new(0, 0));
    let plain = PlannedRoll::single;
    let (skill_name, rolls) = match mode {
        FireMode::Rulebook(own) => {
            let hooks = super::hooks::of(battle);
            return hooks.plan_own_fire(battle, unit, (index, weapon, ready), own.mode());
        }
        // The group as first named, each once.
        FireMode::Suppressing { bullets, .. } => {
            return suppressing_rolls(battle, unit, index, weapon, *bullets, mode.targets(), ready);
        }
        FireMode::Shots(targets) => {
            let most = weapon.most_shots();
            if most == 0 {
                return Err(Rejection::WrongWeapon(format!(
                    "the {} fires only full auto",
                    weapon.name
                )));
            }
            let count = u32::try_from(targets.len()).unwrap_or(u32::MAX);
            if targets.is_empty() || count > most {
                return Err(Rejection::WrongWeapon(format!(
                    "the {} fires from 1 to {most} shots a round",
                    weapon.name
                )));
            }
            let multiple = multiple_shots_penalty(count, &weapon.uses);
            let rolls = targets
                .iter()
                .enumerate()
                .map(|(shot, &target)| {
                    plain(
                        target,
                        ShotTerms {
                            aimed: shot == 0,
                            first: shot == 0,
                            multiple,
                            shots: count,
                            ..ShotTerms::default()
                        },
                    )
                })
                .collect();
            (weapon.skill.clone(), rolls)
        }
        FireMode::Burst(target) => {
            let Some(size) = weapon.uses.burst else {
                return Err(Rejection::WrongWeapon(format!(
                    "the {} fires no bursts",
                    weapon.name
                )));
            };
            let terms = ShotTerms {
                aimed: true,
                first: true,
                volley_roll: Some(0),
                ..ShotTerms::default()
            };
            let bullets = size.min(ready);
            let roll = PlannedRoll {
                bullets,
                volley: true,
                ..plain(
                    *target,
                    ShotTerms {
                        volley_bullets: bullets,
                        ..terms
                    },
                )
            };
            (weapon.automatic_skill().to_string(), vec![roll])
        }
        FireMode::FullAuto(targets) => {
            if !weapon.uses.full_auto {
                return Err(Rejection::WrongWeapon(format!(
                    "the {} does not fire full auto",
                    weapon.name
                )));
            }
            if let Some(refused) = super::hooks::of(battle).full_auto_refused(&weapon) {
                return Err(refused);
            }
            if targets.is_empty() || targets.iter().any(|(_, bullets)| *bullets == 0) {
                return Err(Rejection::InvalidTarget(
                    "full auto needs at least one bullet for each target".to_string(),
                ));
            }
            // Checked before the volleys are planned, so no count from a file sizes the plan.
            let bullets = targets
                .iter()
                .try_fold(0u32, |sum, (_, bullets)| sum.checked_add(*bullets));
            if bullets.is_none_or(|bullets| bullets > ready) {
                return Err(Rejection::OutOfAmmunition(format!(
                    "the {} has {ready} ready, {} needed",
                    weapon.name,
                    bullets.map_or_else(|| "more than that".to_string(), |b| b.to_string())
                )));
            }
            // Where one attack of full auto is so many bullets (the d100 house sheet's 3).
            if let Some(most) = battle.scenario.ruleset.firearm_rules().full_auto_attack
                && bullets.is_none_or(|bullets| bullets > most)
            {
                return Err(Rejection::WrongWeapon(format!(
                    "full auto is {most} bullets an attack: divide the skill for more attacks"
                )));
            }
            let skill_name = weapon.automatic_skill().to_string();
            let size = battle
                .scenario
                .ruleset
                .volley_size(battle.skill(unit, &skill_name));
            in_one_arc(battle, unit, &mode.targets())?;
            let allotments: Vec<u32> = targets.iter().map(|(_, bullets)| *bullets).collect();
            let mut previous: Option<UnitId> = None;
            let rolls: Vec<PlannedRoll> = volleys(size, &allotments)
                .into_iter()
                .map(|volley| {
                    let target = targets[volley.target].0;
                    let wasted_before = previous.filter(|last| *last != target).map_or(0, |last| {
                        bullets_between_targets(distance_squared(position(last), position(target)))
                    });
                    previous = Some(target);
                    PlannedRoll {
                        target,
                        bullets: volley.bullets,
                        wasted_before,
                        terms: ShotTerms {
                            aimed: true,
                            first: volley.roll == 0,
                            volley_roll: Some(volley.roll),
                            volley_bullets: volley.bullets,
                            ..ShotTerms::default()
                        },
                        volley: true,
                        together: false,
                    }
                })
                .collect();
            (skill_name, rolls)
        }
    };
    pull_of_rolls(battle, unit, (index, weapon), skill_name, rolls)
}

/// `plan` with each roll's target drawn by a die from `targets` where there are several, each
/// checked as one a shot could go at (a rulebook's own way of firing at a group, BRP's
/// unaimed fire).
pub fn drawn_from(
    battle: &Battle,
    unit: UnitId,
    mut plan: FirePlan,
    targets: Vec<UnitId>,
) -> Result<FirePlan, Rejection> {
    plan.drawn_from = drawn_group(battle, unit, &plan.weapon, &plan.rolls, targets)?;
    Ok(plan)
}

/// The pull of carried weapon `index` (`weapon`) whose rolls are `rolls`, on `skill_name`,
/// each checked as a shot that can be made (a rulebook's own way of firing is planned through
/// it too).
pub fn pull_of_rolls(
    battle: &Battle,
    unit: UnitId,
    (index, weapon): (usize, Weapon),
    skill_name: String,
    rolls: Vec<PlannedRoll>,
) -> Result<FirePlan, Rejection> {
    for roll in &rolls {
        setup(battle, unit, roll.target(), &weapon, roll.terms())?;
    }
    Ok(checked_pull((index, weapon), skill_name, rolls))
}

/// The pull of carried weapon `index` (`weapon`) whose `rolls`, on `skill_name`, are each a
/// shot already checked as one that can be made.
fn checked_pull(
    (index, weapon): (usize, Weapon),
    skill_name: String,
    rolls: Vec<PlannedRoll>,
) -> FirePlan {
    FirePlan {
        index,
        skill_name,
        rounds: rolls.iter().map(PlannedRoll::bullets).sum(),
        wasted: rolls.iter().map(|roll| roll.wasted_before).sum(),
        weapon,
        chambered: false,
        rolls,
        drawn_from: Vec::new(),
        swept: Vec::new(),
        pinning: Vec::new(),
    }
}

/// The pull of carried weapon `index` (`weapon`) swept over the tiles `swept` (a rulebook's
/// own fire, the d10 pool's sweep): `rounds` spent, a roll at each one `caught` (each a shot
/// already checked as one that can be made), every roll made with the dice of the first, each
/// counted at its own target's difficulty.
pub fn over_area(
    (index, weapon): (usize, Weapon),
    caught: Vec<PlannedRoll>,
    (swept, rounds): (Vec<Tile>, u32),
) -> FirePlan {
    let skill_name = weapon.skill.clone();
    FirePlan {
        swept,
        rounds,
        ..checked_pull((index, weapon), skill_name, caught)
    }
}

/// What one roll of a trigger pull is made against: the skill, the shot's modifiers and the
/// weapon's malfunction number.
pub(super) fn shot_demand(
    battle: &Battle,
    unit: UnitId,
    plan: &FirePlan,
    shot: &ShotSetup,
) -> Demand {
    let modifiers = battle.with_secondary(
        unit,
        plan.weapon.secondary.as_deref(),
        shot.modifiers.clone(),
    );
    let demand = Demand {
        hail_mary: shot.hail_mary,
        ..Demand::new(battle.skill(unit, &plan.skill_name), modifiers)
    }
    .with_weapon(plan.weapon.malfunction, plan.weapon.impale)
    .at_difficulty(plan.weapon.difficulty);
    let hooks = super::hooks::of(battle);
    let demand = hooks.attack_demand(battle, unit, demand);
    hooks.dice_share(battle, unit, RollFor::Attack, demand)
}

/// The exact chance that a roll hits: a success, and no malfunction, with what the shooter's
/// own state costs the roll (its wound and movement dice, where the rulebook counts them).
pub(super) fn hit_chance(battle: &Battle, unit: UnitId, plan: &FirePlan, shot: &ShotSetup) -> f64 {
    if !shot.possible {
        return 0.0;
    }
    battle
        .scenario
        .ruleset
        .chance(&battle.standing_demand(unit, &shot_demand(battle, unit, plan, shot)))
}
