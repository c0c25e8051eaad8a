//! Shooting: guns, bows and other missile weapons fired at units, with every modifier the map
//! and the state give; diving for cover; aiming, reloading and clearing jams. The same reading
//! of a shot feeds the roll, the preview the player sees before committing, and the AI.

use bevy::prelude::World;
use serde::Serialize;

use super::command::{Answer, Command, FireMode, Rejection, WeaponChoice};
use super::engine::Battle;
use super::event::{DefenceKind, EventKind, Modifier, ModifierReason};
use super::log::capitalised;
use super::wounds::Blow;
use super::{AimTaken, AttackKind, Jam, PendingAttack, PendingFire, Phase, UnitId, effects, melee};
use crate::map::Tile;
use crate::map::range::{RangeBand, RangeReading, WeaponReach, distance_squared, range_reading};
use crate::map::sight::{ShotLine, shot_line};
use crate::rules::damage::{DamageQuality, DamageReach, DamageShape};
use crate::rules::firearms::{
    FAST_MOVEMENT, VolleyHits, bullets_between_targets, can_chamber_and_fire, extreme_hit,
    following_volley_dice, following_volley_steps, malfunctions, multiple_shots_penalty, raised,
    rounds_ready, size_dice, spend, volley_hits, volley_size, volleys, within_arc,
};
use crate::rules::modifiers::modifier_words;
use crate::rules::odds::LevelOdds;
use crate::rules::percentile::{Difficulty, SuccessLevel};
use crate::rules::ruleset::RollPurpose;
use crate::rules::skills::{DODGE, MECHANICAL_REPAIR};
use crate::rules::weapons::{AttackForm, Feed, MalfunctionKind, Weapon};

/// A unit's carried weapon, if it attacks in one of `forms`.
pub(super) fn carried_weapon(
    battle: &Battle,
    unit: UnitId,
    choice: WeaponChoice,
    forms: &[AttackForm],
) -> Result<(usize, Weapon), Rejection> {
    battle.usable_weapon(unit, choice)?;
    let WeaponChoice::Carried(index) = choice else {
        return Err(Rejection::WrongWeapon(
            "bare hands and natural attacks reach only the tiles around".to_string(),
        ));
    };
    let weapon = battle.spec(unit).weapons[index].weapon.clone();
    if forms.contains(&weapon.attack_form()) {
        Ok((index, weapon))
    } else {
        Err(Rejection::WrongWeapon(format!(
            "the {} is not used that way",
            weapon.name
        )))
    }
}

/// Refuse a weapon that is jammed, or that fires only every second (third, fourth) round and
/// was used too recently.
pub(super) fn usable_now(battle: &Battle, unit: UnitId, index: usize) -> Result<(), Rejection> {
    let state = battle.arsenal(unit).state(index);
    if state.jam.is_some() {
        return Err(Rejection::Jammed);
    }
    let every = battle
        .carried(unit, index)
        .map_or(1, |weapon| weapon.uses.every);
    match state.last_used {
        Some(round) if every > 1 && battle.round() < round + every => {
            Err(Rejection::NotReadyUntil(round + every))
        }
        _ => Ok(()),
    }
}

/// How many of a weapon the unit can still throw (or rounds it can still fire).
pub(super) fn rounds_left(battle: &Battle, unit: UnitId, index: usize, weapon: &Weapon) -> u32 {
    let arsenal = battle.arsenal(unit);
    match weapon.feed() {
        Feed::Nothing => u32::from(!arsenal.lost.contains(&index)),
        feed => rounds_ready(feed, arsenal.state(index).ammunition),
    }
}

/// A weapon leaves the thrower's hand: a rock or spear lies where it fell (lost for the fight),
/// a shuriken or stick of dynamite is used up and the next one, if any, is in hand.
pub(super) fn let_fly(battle: &mut Battle, unit: UnitId, index: usize, weapon: &Weapon) {
    let round = battle.round();
    let feed = weapon.feed();
    battle.change_weapon_state(unit, index, |state| {
        state.last_used = Some(round);
        state.ammunition = spend(feed, state.ammunition, 1);
    });
    if rounds_left(battle, unit, index, weapon) > 0 && feed != Feed::Nothing {
        return;
    }
    let fallback = if battle.spec(unit).natural_attacks.is_empty() {
        WeaponChoice::Unarmed
    } else {
        WeaponChoice::Natural(0)
    };
    battle.change_arsenal(unit, |arsenal| {
        if !arsenal.lost.contains(&index) {
            arsenal.lost.push(index);
        }
        if arsenal.in_hand == WeaponChoice::Carried(index) {
            arsenal.in_hand = fallback;
        }
    });
}

/// What one roll of a ranged attack is, beyond who, at whom and with what.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
pub struct ShotTerms {
    /// The shooter's aim at this target counts for this roll (the one shot, or every volley of
    /// one pull of the trigger).
    pub aimed: bool,
    /// The first attack roll of the turn (a critical DEX roll's bonus die goes on it).
    pub first: bool,
    /// Several shots this round, more than the weapon fires without penalty.
    pub multiple: bool,
    /// One round chambered and fired in the same round.
    pub chambered: bool,
    /// The target dived for cover and made it.
    pub dived: bool,
    /// The roll's place in a burst or full-auto trigger pull.
    pub volley_roll: Option<u32>,
}

/// How one roll of a ranged attack stands: range, line, difficulty and every modifier.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ShotSetup {
    pub reading: RangeReading,
    pub line: ShotLine,
    /// Set by the range (and raised by automatic fire); `None`: no roll can hit.
    pub difficulty: Option<Difficulty>,
    pub modifiers: Vec<Modifier>,
}

impl ShotSetup {
    /// The net bonus (positive) or penalty (negative) dice before they are capped.
    fn net_dice(modifiers: &[Modifier]) -> i8 {
        let sum: i32 = modifiers
            .iter()
            .map(|modifier| i32::from(modifier.dice))
            .sum();
        i8::try_from(sum.clamp(-100, 100)).unwrap_or_default()
    }
}

/// Units of another side than `target` that stand beside it, other than `shooter`: the melee
/// it is in.
fn engaged_with(battle: &Battle, shooter: UnitId, target: UnitId) -> Vec<UnitId> {
    let Some(at) = battle.position(target) else {
        return Vec::new();
    };
    let side = battle.spec(target).side;
    battle
        .unit_ids()
        .into_iter()
        .filter(|other| *other != shooter && *other != target)
        .filter(|other| battle.spec(*other).side != side && battle.standing(*other))
        .filter(|other| {
            battle
                .position(*other)
                .is_some_and(|there| there.is_adjacent(at))
        })
        .collect()
}

/// Read a shot by `unit` at `target` with `weapon`: refused when out of range or out of sight.
pub(super) fn setup(
    battle: &Battle,
    unit: UnitId,
    target: UnitId,
    weapon: &Weapon,
    terms: ShotTerms,
) -> Result<ShotSetup, Rejection> {
    let spec = battle.spec(unit);
    let target_name = &battle.spec(target).name;
    let (Some(from), Some(to)) = (battle.position(unit), battle.position(target)) else {
        return Err(Rejection::OutOfReach("not on the map".to_string()));
    };
    let reach = WeaponReach::of(&weapon.range, spec.characteristics.strength);
    let reading = range_reading(&reach, spec.characteristics.dexterity, from, to);
    let Some(difficulty) = reading.band.difficulty() else {
        return Err(Rejection::OutOfReach(format!(
            "{target_name} is out of range of the {}",
            weapon.name
        )));
    };
    let thrown = weapon.attack_form() == AttackForm::Thrown;
    let line = shot_line(&battle.scenario.map, from, to);
    match line {
        ShotLine::Blocked { .. } => {
            return Err(Rejection::NoLineOfFire(format!(
                "{target_name} cannot be seen from here"
            )));
        }
        ShotLine::ThroughCover { .. } if thrown => {
            return Err(Rejection::NoLineOfFire(format!(
                "{target_name} is behind cover: nothing can be thrown through it"
            )));
        }
        _ => {}
    }
    let shooter = battle.condition(unit);
    let hidden = battle.condition(target);
    let round = battle.round();
    let mut modifiers = Vec::new();
    let mut add = |reason, dice| modifiers.push(Modifier::new(reason, dice));
    let point_blank_counts = !(battle.scenario.rules.point_blank_revisited && weapon.cumbersome());
    if !thrown && reading.point_blank && point_blank_counts {
        add(ModifierReason::PointBlank, 1);
    }
    if terms.aimed
        && shooter.aim
            == Some(AimTaken {
                target,
                round: round.saturating_sub(1),
            })
    {
        add(ModifierReason::Aiming, 1);
    }
    match line {
        ShotLine::HalfConcealed { .. } => add(ModifierReason::HalfCover, -1),
        ShotLine::ThroughCover { .. } => add(ModifierReason::ThroughCover, -1),
        ShotLine::Clear | ShotLine::Blocked { .. } => {}
    }
    if terms.dived {
        add(ModifierReason::DivedForCover, -1);
    }
    if !thrown && shooter.prone {
        add(ModifierReason::ProneShooter, 1);
    }
    if hidden.prone && !reading.point_blank {
        add(ModifierReason::ProneTarget, -1);
    }
    let target_spec = battle.spec(target);
    if hidden.ran_in_round == Some(round) && target_spec.derived.movement >= FAST_MOVEMENT {
        add(ModifierReason::FastTarget, -1);
    }
    match size_dice(target_spec.derived.build) {
        0 => {}
        dice if dice < 0 => add(ModifierReason::SmallTarget, dice),
        dice => add(ModifierReason::LargeTarget, dice),
    }
    if !engaged_with(battle, unit, target).is_empty() {
        add(ModifierReason::IntoMelee, -1);
    }
    if terms.multiple {
        add(ModifierReason::MultipleShots, -1);
    }
    if terms.chambered {
        add(ModifierReason::Chambered, -1);
    }
    if terms.first && battle.critical_initiative_unspent(unit) {
        add(ModifierReason::InitiativeCritical, 1);
    }
    modifiers.extend(battle.hindrances(unit, false));
    let mut difficulty = Some(difficulty);
    if let Some(roll) = terms.volley_roll {
        let others = ShotSetup::net_dice(&modifiers);
        if roll > 0 {
            modifiers.push(Modifier::new(
                ModifierReason::FollowingVolley,
                following_volley_dice(roll),
            ));
        }
        difficulty =
            difficulty.and_then(|start| raised(start, following_volley_steps(others, roll)));
    }
    Ok(ShotSetup {
        reading,
        line,
        difficulty,
        modifiers,
    })
}

/// One roll of a planned trigger pull.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct PlannedRoll {
    target: UnitId,
    bullets: u32,
    /// Bullets wasted swinging onto this target from the last one.
    wasted_before: u32,
    terms: ShotTerms,
    /// A burst or a volley: half the bullets hit, all on an extreme hit.
    volley: bool,
}

/// A checked trigger pull: the weapon, the rounds it uses, and its rolls in order.
#[derive(Debug, Clone, PartialEq)]
struct FirePlan {
    index: usize,
    weapon: Weapon,
    skill_name: String,
    rounds: u32,
    wasted: u32,
    chambered: bool,
    rolls: Vec<PlannedRoll>,
}

/// Check a trigger pull against the weapon, its rounds and the targets (not whose turn it is).
fn plan_fire(
    battle: &Battle,
    unit: UnitId,
    choice: WeaponChoice,
    mode: &FireMode,
) -> Result<FirePlan, Rejection> {
    let (index, weapon) = carried_weapon(battle, unit, choice, &[AttackForm::Shot])?;
    usable_now(battle, unit, index)?;
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
        return Ok(chambering(plan, true));
    }
    Err(Rejection::OutOfAmmunition(format!(
        "the {} has {ready} ready, {} needed",
        plan.weapon.name,
        needed.max(1)
    )))
}

/// The plan with (or without) one round chambered and fired: a penalty die on its one shot.
fn chambering(plan: FirePlan, chambered: bool) -> FirePlan {
    FirePlan {
        chambered,
        rolls: plan
            .rolls
            .into_iter()
            .map(|roll| PlannedRoll {
                terms: ShotTerms {
                    chambered,
                    ..roll.terms
                },
                ..roll
            })
            .collect(),
        ..plan
    }
}

/// The rolls of a trigger pull in `mode`, checked against the weapon and the targets; a burst
/// fires at most the `ready` rounds.
fn plan_rolls(
    battle: &Battle,
    unit: UnitId,
    index: usize,
    weapon: Weapon,
    mode: &FireMode,
    ready: u32,
) -> Result<FirePlan, Rejection> {
    for target in mode.targets() {
        melee::target_there(battle, unit, target)?;
    }
    let position = |target: UnitId| battle.position(target).unwrap_or(Tile::new(0, 0));
    let plain = |target, terms| PlannedRoll {
        target,
        bullets: 1,
        wasted_before: 0,
        terms,
        volley: false,
    };
    let (skill_name, rolls) = match mode {
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
            let roll = PlannedRoll {
                bullets: size.min(ready),
                volley: true,
                ..plain(*target, terms)
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
            if targets.is_empty() || targets.iter().any(|(_, bullets)| *bullets == 0) {
                return Err(Rejection::InvalidTarget(
                    "full auto needs at least one bullet for each target".to_string(),
                ));
            }
            let skill_name = weapon.automatic_skill().to_string();
            let size = volley_size(battle.skill(unit, &skill_name));
            let shooter = position(unit);
            let directions: Vec<(i64, i64)> = mode
                .targets()
                .iter()
                .map(|target| {
                    let at = position(*target);
                    (
                        i64::from(at.x) - i64::from(shooter.x),
                        i64::from(at.y) - i64::from(shooter.y),
                    )
                })
                .collect();
            if !within_arc(&directions) {
                return Err(Rejection::OutOfArc);
            }
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
                            ..ShotTerms::default()
                        },
                        volley: true,
                    }
                })
                .collect();
            (skill_name, rolls)
        }
    };
    for roll in &rolls {
        setup(battle, unit, roll.target, &weapon, roll.terms)?;
    }
    Ok(FirePlan {
        index,
        skill_name,
        rounds: rolls.iter().map(|roll| roll.bullets).sum(),
        wasted: rolls.iter().map(|roll| roll.wasted_before).sum(),
        weapon,
        chambered: false,
        rolls,
    })
}

/// Whether a target can throw itself into cover now.
fn can_dive(battle: &Battle, unit: UnitId) -> bool {
    let condition = battle.condition(unit);
    battle.standing(unit) && !condition.stunned() && condition.held_by.is_none()
}

/// Fire: check everything, spend the action, then ask each target whether it dives for cover.
pub(super) fn fire(
    battle: &mut Battle,
    unit: UnitId,
    choice: WeaponChoice,
    mode: FireMode,
) -> Result<(), Rejection> {
    battle.action_available(unit)?;
    let plan = plan_fire(battle, unit, choice, &mode)?;
    let attacks = battle.spec(unit).attacks_per_round;
    battle.change_turn(|turn| {
        turn.action_used = true;
        turn.attacks_made = attacks;
    });
    open_fire(battle, unit, choice, mode, &plan, Phase::Turn);
    Ok(())
}

/// Check a surprise shot before round 1, before the target rolls to see it coming.
pub(super) fn check_surprise_shot(
    battle: &Battle,
    unit: UnitId,
    target: UnitId,
    choice: WeaponChoice,
) -> Result<(), Rejection> {
    plan_fire(battle, unit, choice, &FireMode::single(target)).map(|_| ())
}

/// A surprise shot before round 1: a target that saw it coming may dive for cover; one that did
/// not cannot. Either way the shot is rolled.
pub(super) fn surprise_shot(
    battle: &mut Battle,
    unit: UnitId,
    target: UnitId,
    choice: WeaponChoice,
    seen: bool,
) {
    let mode = FireMode::single(target);
    let Ok(plan) = plan_fire(battle, unit, choice, &mode) else {
        return;
    };
    if seen {
        open_fire(battle, unit, choice, mode, &plan, Phase::Setup);
    } else {
        announce_fire(battle, unit, &plan);
        let pending = PendingFire {
            weapon: choice,
            to_ask: Vec::new(),
            mode,
            dived: Vec::new(),
            chambered: plan.chambered,
            during_setup: true,
        };
        ask_next(battle, unit, pending);
    }
}

/// Note the weapon used and a chambered round loaded, and announce the trigger pull.
fn announce_fire(battle: &mut Battle, unit: UnitId, plan: &FirePlan) {
    let round = battle.round();
    battle.change_weapon_state(unit, plan.index, |state| {
        state.last_used = Some(round);
        if plan.chambered {
            state.ammunition.spare -= 1;
            state.ammunition.loaded += 1;
        }
    });
    battle.emit(EventKind::Fired {
        unit,
        weapon: plan.weapon.name.clone(),
        rounds: plan.rounds,
        wasted: plan.wasted,
    });
}

/// Fire a checked trigger pull: announce it, then ask each target in turn whether it dives for
/// cover; `back_to` is the phase the battle returns to once the shots are resolved.
fn open_fire(
    battle: &mut Battle,
    unit: UnitId,
    choice: WeaponChoice,
    mode: FireMode,
    plan: &FirePlan,
    back_to: Phase,
) {
    announce_fire(battle, unit, plan);
    let pending = PendingFire {
        weapon: choice,
        to_ask: mode.targets(),
        mode,
        dived: Vec::new(),
        chambered: plan.chambered,
        during_setup: back_to == Phase::Setup,
    };
    ask_next(battle, unit, pending);
}

/// Ask the next target that can dive for cover, or, when none is left, resolve the shots.
fn ask_next(battle: &mut Battle, attacker: UnitId, mut pending: PendingFire) {
    while !pending.to_ask.is_empty() {
        let next = pending.to_ask.remove(0);
        if can_dive(battle, next) {
            battle.emit(EventKind::DefenceAsked {
                unit: next,
                attacker,
                asked: DefenceKind::Shots,
            });
            let during_setup = pending.during_setup;
            battle.flow_mut().phase = Phase::Defending(PendingAttack {
                attacker,
                target: next,
                kind: AttackKind::Fire(pending),
                unseen: false,
                during_setup,
            });
            return;
        }
    }
    battle.flow_mut().phase = if pending.during_setup {
        Phase::Setup
    } else {
        Phase::Turn
    };
    resolve_fire(battle, attacker, &pending);
}

/// A target's answer to shots: dive for cover (a Dodge roll) or take them.
pub(super) fn answer_fire(
    battle: &mut Battle,
    attacker: UnitId,
    unit: UnitId,
    mut pending: PendingFire,
    answer: Answer,
) -> Result<(), Rejection> {
    if !matches!(answer, Answer::DiveForCover | Answer::Nothing) {
        return Err(Rejection::InvalidAnswer(
            "against shots a unit dives for cover or takes them".to_string(),
        ));
    }
    battle.emit(EventKind::Answered { unit, answer });
    if answer == Answer::DiveForCover {
        let modifiers = battle.hindrances(unit, false);
        let check = battle.roll_skill(unit, DODGE, modifiers);
        battle.change_condition(unit, |condition| condition.dived_for_cover = true);
        battle.emit(EventKind::Dived {
            unit,
            made_it: check.success,
        });
        if check.success {
            pending.dived.push(unit);
        }
    }
    ask_next(battle, attacker, pending);
    Ok(())
}

/// Make every roll of the trigger pull, in order, until the rolls run out or the gun jams.
fn resolve_fire(battle: &mut Battle, unit: UnitId, pending: &PendingFire) {
    let Ok(plan) = plan_rolls_after_answers(battle, unit, pending) else {
        return;
    };
    let feed = plan.weapon.feed();
    for roll in &plan.rolls {
        let target_fallen = battle.position(roll.target).is_none()
            || battle.vitals(roll.target).vital == super::Vital::Dead;
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
        battle.change_weapon_state(unit, plan.index, |state| {
            state.ammunition = spend(feed, state.ammunition, roll.bullets);
        });
        let jammed = take_shot(battle, unit, &plan, roll, &shot);
        if jammed {
            break;
        }
    }
    battle.change_condition(unit, |condition| condition.aim = None);
}

/// The plan of a trigger pull already fired (its action spent, its chambered round loaded),
/// for resolving it after the targets' answers.
fn plan_rolls_after_answers(
    battle: &Battle,
    unit: UnitId,
    pending: &PendingFire,
) -> Result<FirePlan, Rejection> {
    let (index, weapon) = carried_weapon(battle, unit, pending.weapon, &[AttackForm::Shot])?;
    let ready = rounds_ready(weapon.feed(), battle.arsenal(unit).state(index).ammunition);
    let plan = plan_rolls(battle, unit, index, weapon, &pending.mode, ready)?;
    Ok(chambering(plan, pending.chambered))
}

/// One attack roll at a target: announce it, roll, and carry out what comes of it. Returns
/// whether the weapon jammed (the rest of the trigger pull is lost).
fn take_shot(
    battle: &mut Battle,
    unit: UnitId,
    plan: &FirePlan,
    roll: &PlannedRoll,
    shot: &ShotSetup,
) -> bool {
    let target = roll.target;
    battle.emit(EventKind::ShotAt {
        unit,
        target,
        bullets: roll.bullets,
        band: shot.reading.band,
        point_blank: shot.reading.point_blank,
        line: shot.line,
    });
    let Some(difficulty) = shot.difficulty else {
        battle.emit(EventKind::ShotWasted {
            unit,
            target,
            bullets: roll.bullets,
        });
        return false;
    };
    let skill = battle.skill(unit, &plan.skill_name);
    let check = battle.roll_attack(
        unit,
        &plan.skill_name,
        skill,
        difficulty,
        shot.modifiers.clone(),
    );
    if malfunctions(check.roll.value, plan.weapon.malfunction) {
        return malfunction(battle, unit, plan.index) == MalfunctionKind::Jam;
    }
    let hits = |extreme: bool| {
        if roll.volley {
            volley_hits(roll.bullets, true, extreme)
        } else {
            VolleyHits {
                hits: 1,
                extreme: u32::from(extreme),
            }
        }
    };
    if check.success {
        let extreme = extreme_hit(check.level, difficulty);
        let landed = hits(extreme);
        battle.emit(EventKind::ShotHit {
            unit,
            target,
            hits: landed.hits,
            extreme: landed.extreme,
        });
        deal_hits(battle, unit, target, &plan.weapon, shot, landed);
        return false;
    }
    let stray = (check.level == SuccessLevel::Fumble)
        .then(|| stray_victim(battle, unit, target))
        .flatten();
    match stray {
        Some(ally) => {
            battle.emit(EventKind::StrayHit { unit, target, ally });
            let plain = ShotSetup {
                line: ShotLine::Clear,
                ..shot.clone()
            };
            deal_hits(battle, unit, ally, &plan.weapon, &plain, hits(false));
        }
        None => battle.emit(EventKind::ShotMissed { unit, target }),
    }
    false
}

/// A fumble into melee: the shooter's ally in that melee with the lowest Luck is hit.
fn stray_victim(battle: &Battle, shooter: UnitId, target: UnitId) -> Option<UnitId> {
    let side = battle.spec(shooter).side;
    engaged_with(battle, shooter, target)
        .into_iter()
        .filter(|unit| battle.spec(*unit).side == side)
        .min_by_key(|unit| (battle.spec(*unit).characteristics.luck, *unit))
}

/// The damage a weapon does at a range band: a shotgun's band, else its one formula.
fn damage_reach(weapon: &Weapon, band: RangeBand) -> DamageReach {
    match weapon.damage.shape {
        DamageShape::Bands(_) => DamageReach::Band(match band {
            RangeBand::Touch | RangeBand::Base => 0,
            RangeBand::Long => 1,
            RangeBand::VeryLong | RangeBand::OutOfRange => 2,
        }),
        DamageShape::Single(_) | DamageShape::Blast { .. } => DamageReach::Full,
    }
}

/// Roll the damage of every bullet that hit (the first `extreme` of them at their maximum, or
/// impaling) and send it through the wounds as one blow: armor comes off each bullet, and off
/// each die of shot; cover shot through comes off too.
fn deal_hits(
    battle: &mut Battle,
    unit: UnitId,
    target: UnitId,
    weapon: &Weapon,
    shot: &ShotSetup,
    landed: VolleyHits,
) {
    let damage_bonus = battle.spec(unit).derived.damage_bonus.clone();
    let reach = damage_reach(weapon, shot.reading.band);
    let pellets = matches!(weapon.damage.shape, DamageShape::Bands(_));
    let formula = weapon
        .damage
        .formula_at(reach)
        .ok()
        .flatten()
        .map(|(formula, _)| formula)
        .unwrap_or_default();
    let mut pieces = Vec::new();
    for bullet in 0..landed.hits {
        let quality = match (bullet < landed.extreme, weapon.impale) {
            (false, _) => DamageQuality::Normal,
            (true, true) => DamageQuality::Impale,
            (true, false) => DamageQuality::Extreme,
        };
        let roll = battle.roll_damage(
            unit,
            target,
            &weapon.name,
            &weapon.damage,
            reach,
            &damage_bonus,
            quality,
        );
        if pellets {
            pieces.extend(roll.pieces(&formula));
        } else {
            pieces.push(roll.total);
        }
    }
    let cover = match shot.line {
        ShotLine::ThroughCover { armor, .. } => armor,
        _ => 0,
    };
    super::wounds::harm(
        battle,
        target,
        Some(unit),
        Blow {
            pieces,
            cover,
            ignores_armor: false,
        },
    );
    effects::after_hit(battle, target, &weapon.damage);
}

/// The weapon did not fire: a dud, or a jam that takes 1D6 rounds of work to clear.
pub(super) fn malfunction(battle: &mut Battle, unit: UnitId, index: usize) -> MalfunctionKind {
    let Some(weapon) = battle.carried(unit, index).cloned() else {
        return MalfunctionKind::Dud;
    };
    let kind = weapon.malfunction_kind();
    let work = (kind == MalfunctionKind::Jam).then(|| battle.die(6));
    if let Some(work) = work {
        battle.change_weapon_state(unit, index, |state| {
            state.jam = Some(Jam {
                work_left: work.face,
            });
        });
    }
    battle.emit(EventKind::Malfunctioned {
        unit,
        weapon: weapon.name,
        outcome: kind,
        work,
    });
    kind
}

/// Take aim at a target with the weapon in hand: the action this turn, a bonus die on the shot
/// next turn if nothing else comes first.
pub(super) fn aim(battle: &mut Battle, unit: UnitId, target: UnitId) -> Result<(), Rejection> {
    battle.action_available(unit)?;
    let in_hand = battle.arsenal(unit).in_hand;
    let (_, weapon) = carried_weapon(
        battle,
        unit,
        in_hand,
        &[AttackForm::Shot, AttackForm::Thrown],
    )?;
    melee::target_there(battle, unit, target)?;
    setup(battle, unit, target, &weapon, ShotTerms::default())?;
    let round = battle.round();
    battle.change_turn(|turn| turn.action_used = true);
    battle.change_condition(unit, |condition| {
        condition.aim = Some(AimTaken { target, round });
    });
    battle.emit(EventKind::Aimed { unit, target });
    Ok(())
}

/// The unit's aim is spoilt (it moved, was hurt, or did something else first).
pub(super) fn spoil_aim(battle: &mut Battle, unit: UnitId) {
    if battle.condition(unit).aim.is_some() {
        battle.change_condition(unit, |condition| condition.aim = None);
        battle.emit(EventKind::AimLost { unit });
    }
}

/// After a command: anything an aiming unit does other than aiming, shooting, ending its turn or
/// taking an attack spoils its aim.
pub(super) fn keep_or_spoil_aim(battle: &mut Battle, command: &Command) {
    let Some(unit) = command.unit() else {
        return;
    };
    let keeps = matches!(
        command,
        Command::Aim { .. }
            | Command::Fire { .. }
            | Command::Attack { .. }
            | Command::EndTurn { .. }
            | Command::Answer {
                answer: Answer::Nothing,
                ..
            }
    );
    if !keeps {
        spoil_aim(battle, unit);
    }
}

/// Load a weapon: two rounds, a fresh magazine, or half a belt. Takes the action.
pub(super) fn reload(
    battle: &mut Battle,
    unit: UnitId,
    choice: WeaponChoice,
) -> Result<(), Rejection> {
    battle.action_available(unit)?;
    let (index, weapon) = carried_weapon(
        battle,
        unit,
        choice,
        &[
            AttackForm::Shot,
            AttackForm::Thrown,
            AttackForm::Lobbed,
            AttackForm::Placed,
        ],
    )?;
    let state = battle.arsenal(unit).state(index);
    if state.jam.is_some() {
        return Err(Rejection::Jammed);
    }
    let after = crate::rules::firearms::reload(weapon.feed(), weapon.capacity(), state.ammunition)
        .map_err(Rejection::CannotReload)?;
    battle.change_turn(|turn| turn.action_used = true);
    battle.change_weapon_state(unit, index, |state| state.ammunition = after);
    battle.emit(EventKind::Reloaded {
        unit,
        weapon: weapon.name,
        loaded: after.loaded,
        spare: after.spare,
        half_done: after.belt_half_changed,
    });
    Ok(())
}

/// Work on a jammed weapon: a round of work at a time; once the 1D6 rounds are done, a
/// Mechanical Repair or Firearms roll (the better) clears it, tried again each round until it
/// does.
pub(super) fn clear_jam(
    battle: &mut Battle,
    unit: UnitId,
    choice: WeaponChoice,
) -> Result<(), Rejection> {
    battle.action_available(unit)?;
    battle.usable_weapon(unit, choice)?;
    let WeaponChoice::Carried(index) = choice else {
        return Err(Rejection::NotJammed);
    };
    let Some(jam) = battle.arsenal(unit).state(index).jam else {
        return Err(Rejection::NotJammed);
    };
    let weapon = battle.spec(unit).weapons[index].weapon.clone();
    battle.change_turn(|turn| turn.action_used = true);
    let work_left = jam.work_left.saturating_sub(1);
    battle.change_weapon_state(unit, index, |state| {
        state.jam = Some(Jam { work_left });
    });
    battle.emit(EventKind::JamWorkedOn {
        unit,
        weapon: weapon.name.clone(),
        rounds_left: work_left,
    });
    if work_left > 0 {
        return Ok(());
    }
    let (skill_name, skill) = [MECHANICAL_REPAIR, weapon.skill.as_str()]
        .into_iter()
        .map(|name| (name, battle.skill(unit, name)))
        .max_by_key(|(_, value)| *value)
        .unwrap_or((MECHANICAL_REPAIR, 0));
    let check = battle.roll(
        unit,
        RollPurpose::Skill(skill_name.to_string()),
        skill,
        Difficulty::Regular,
        Vec::new(),
    );
    if check.success {
        battle.change_weapon_state(unit, index, |state| state.jam = None);
        battle.emit(EventKind::JamCleared {
            unit,
            weapon: weapon.name,
        });
    }
    Ok(())
}

/// The AI's answer to shots: dive when already committed to a dive (it costs nothing more), or
/// when the first shot at it is likely to hit and a hit could be a major wound.
pub(super) fn default_dive(
    battle: &Battle,
    attacker: UnitId,
    pending: &PendingFire,
    unit: UnitId,
) -> Answer {
    if battle.condition(unit).dived_for_cover {
        return Answer::DiveForCover;
    }
    let Ok(plan) = plan_rolls_after_answers(battle, attacker, pending) else {
        return Answer::Nothing;
    };
    let Some(first) = plan.rolls.iter().find(|roll| roll.target == unit) else {
        return Answer::Nothing;
    };
    let Ok(shot) = setup(battle, attacker, unit, &plan.weapon, first.terms) else {
        return Answer::Nothing;
    };
    let chance = hit_chance(battle, attacker, &plan, &shot);
    let reach = damage_reach(&plan.weapon, shot.reading.band);
    let worst = plan
        .weapon
        .damage
        .maximum(reach, &battle.spec(attacker).derived.damage_bonus)
        .unwrap_or_default()
        .saturating_mul(first.bullets);
    let dangerous = worst.saturating_mul(2) >= battle.vitals(unit).max_hit_points;
    if chance >= 0.4 && dangerous {
        Answer::DiveForCover
    } else {
        Answer::Nothing
    }
}

/// The odds for a target deciding whether to dive: its Dodge roll's chance, and the first shot's
/// chance to hit it if it takes the shots and if it makes the dive.
pub(super) fn dive_odds(
    battle: &Battle,
    attacker: UnitId,
    pending: &PendingFire,
    unit: UnitId,
) -> Option<super::melee::AnswerOdds> {
    let plan = plan_rolls_after_answers(battle, attacker, pending).ok()?;
    let first = plan.rolls.iter().find(|roll| roll.target == unit)?;
    let chance = |dived: bool| {
        let terms = ShotTerms {
            dived,
            ..first.terms
        };
        setup(battle, attacker, unit, &plan.weapon, terms)
            .map_or(0.0, |shot| hit_chance(battle, attacker, &plan, &shot))
    };
    let dodge = LevelOdds::count(
        battle.skill(unit, DODGE),
        Difficulty::Regular,
        crate::rules::modifiers::extra_dice(&battle.hindrances(unit, false)).net(),
    )
    .success_probability();
    Some(super::melee::AnswerOdds::Shots {
        dive: dodge,
        hit_if_taken: chance(false),
        hit_if_dived: chance(true),
    })
}

/// The exact chance that a roll hits: success at its difficulty, and below the weapon's
/// malfunction number.
fn hit_chance(battle: &Battle, unit: UnitId, plan: &FirePlan, shot: &ShotSetup) -> f64 {
    let Some(difficulty) = shot.difficulty else {
        return 0.0;
    };
    let skill = battle.skill(unit, &plan.skill_name);
    let dice = crate::rules::modifiers::extra_dice(&shot.modifiers).net();
    LevelOdds::count_below(
        skill,
        difficulty,
        dice,
        plan.weapon.malfunction.unwrap_or(u32::MAX),
    )
    .success_probability()
}

/// One roll of a planned ranged attack, as the player sees it before committing.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct RollPreview {
    pub target: UnitId,
    pub bullets: u32,
    pub setup: ShotSetup,
    /// The exact chance the roll hits (malfunctions count as misses).
    pub chance: f64,
}

impl RollPreview {
    /// "Hard · long range · −1 half cover, +1 aiming · 21% to hit".
    pub fn label(&self) -> String {
        let mut parts = Vec::new();
        match self.setup.difficulty {
            Some(difficulty) => parts.push(capitalised(difficulty.name())),
            None => parts.push("Cannot hit".to_string()),
        }
        parts.push(self.setup.reading.band.label().to_string());
        if !self.setup.modifiers.is_empty() {
            parts.push(modifier_words(&self.setup.modifiers));
        }
        format!("{} · {:.0}% to hit", parts.join(" · "), self.chance * 100.0)
    }
}

/// Preview a ranged attack by `unit` with `weapon` in `mode`: every roll it would make, with
/// its modifiers and exact chance; or why it cannot be made. A thrown weapon previews its throw
/// (the defender may still dodge). Nothing in the battle changes.
pub fn preview(
    world: &mut World,
    unit: UnitId,
    weapon: WeaponChoice,
    mode: &FireMode,
) -> Result<Vec<RollPreview>, Rejection> {
    let battle = Battle::new(world);
    battle.known(unit)?;
    if let WeaponChoice::Carried(index) = weapon
        && let Some(thrown) = battle
            .carried(unit, index)
            .filter(|carried| carried.attack_form() == AttackForm::Thrown)
            .cloned()
    {
        let target = mode
            .targets()
            .first()
            .copied()
            .ok_or_else(|| Rejection::InvalidTarget("nobody to throw at".to_string()))?;
        melee::target_there(&battle, unit, target)?;
        let terms = ShotTerms {
            aimed: true,
            first: true,
            ..ShotTerms::default()
        };
        let shot = setup(&battle, unit, target, &thrown, terms)?;
        let plan = FirePlan {
            index,
            skill_name: thrown.skill.clone(),
            weapon: thrown,
            rounds: 1,
            wasted: 0,
            chambered: false,
            rolls: Vec::new(),
        };
        let chance = hit_chance(&battle, unit, &plan, &shot);
        return Ok(vec![RollPreview {
            target,
            bullets: 1,
            setup: shot,
            chance,
        }]);
    }
    let plan = plan_fire(&battle, unit, weapon, mode)?;
    plan.rolls
        .iter()
        .map(|roll| {
            let shot = setup(&battle, unit, roll.target, &plan.weapon, roll.terms)?;
            Ok(RollPreview {
                target: roll.target,
                bullets: roll.bullets,
                chance: hit_chance(&battle, unit, &plan, &shot),
                setup: shot,
            })
        })
        .collect()
}
