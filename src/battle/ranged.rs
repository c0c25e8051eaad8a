//! Shooting: guns, bows and other missile weapons fired at units (a surprise shot among them),
//! and each target asked in turn for its answer (a dive for cover, a dodge), as its rulebook has
//! it; once all have answered, `trigger_pull.rs` makes the rolls.

use super::command::{Answer, FireMode, Rejection, WeaponChoice};
use super::event::{DefenceKind, EventKind};
use super::fire_odds::answer_to_shots;
pub use super::fire_odds::in_cover_from;
use super::fire_plan::{FireOutOfTurn, FirePlan};
pub use super::fire_preview::{FirePreview, RollPreview, preview, preview_fire, suppressing_group};
use super::state::{Battle, OwnRoll};
use super::trigger_pull::resolve_fire;
use super::volley::plan_fire;
use super::{AttackKind, PendingAttack, PendingFire, Phase, UnitId};
use crate::rules::situation::{ShotAnswerEffect, ShotDefence};
use crate::rules::skills::DODGE;

/// The answer that gives `defence`, a rulebook's way of meeting gunfire: a dive for cover or a
/// dodge; nothing but taking it where there is none.
pub fn shot_answer(defence: Option<ShotDefence>) -> Answer {
    match defence.map(|defence| defence.effect) {
        None => Answer::Nothing,
        Some(ShotAnswerEffect::Dive) => Answer::DiveForCover,
        Some(ShotAnswerEffect::OneHitFewer | ShotAnswerEffect::NetOff) => Answer::Dodge,
    }
}

/// Fire: check everything, spend the action, then ask each target whether it dives for cover.
pub(super) fn fire(
    battle: &mut Battle,
    unit: UnitId,
    choice: WeaponChoice,
    mode: FireMode,
) -> Result<(), Rejection> {
    let hooks = super::hooks::of(battle);
    let off_hand = hooks.fires_beyond_the_action(battle, unit, (choice, &mode));
    let budgeted = hooks.fire_turn(battle, unit, &mode)?;
    let turn = if let Some(turn) = budgeted {
        turn
    } else if off_hand
        || hooks.attack_follows_action(battle, unit)
        || hooks.attack_left_over(battle, unit)
    {
        battle.own_turn(unit)?
    } else {
        battle.action_available(unit)?
    };
    let mut plan = plan_fire(battle, unit, choice, &mode)?;
    let mode = match hooks.fire_turned(battle, unit, choice, &mode) {
        Some(turned) => {
            plan = plan_fire(battle, unit, choice, &turned)?;
            turned
        }
        None => mode,
    };
    let rival = hooks.fire_rival(battle, unit, &mode);
    let asked = if plan.shares_one_roll() {
        plan.rolls.iter().map(|roll| roll.target).collect()
    } else {
        mode.targets()
    };
    let single_shots = match &mode {
        FireMode::Shots(targets) => Some(targets.len()),
        FireMode::Suppressing { bullets, .. } if !plan.weapon.uses.full_auto => {
            usize::try_from(*bullets).ok()
        }
        _ => None,
    };
    let shots = single_shots.map_or(1, count);
    hooks.may_fire(battle, unit, &plan.weapon, shots)?;
    let before = battle.condition(unit).shots_this_round;
    if let (Some(most), Some(shots)) = (turn.limits.shots, single_shots)
        && shots > most as usize
    {
        return Err(Rejection::NotNow(format!(
            "{most} shot{} in this slot of the round",
            if most == 1 { "" } else { "s" }
        )));
    }
    let attacks = match (budgeted, &mode) {
        (Some(turn), FireMode::Shots(targets)) => turn.attacks_made + count(targets.len()),
        (Some(turn), _) => turn.attacks_made + count(mode.targets().len()),
        (None, _) if hooks.attacks_this_turn(battle, unit).is_some() => turn.attacks_made + 1,
        (None, _) => battle.spec(unit).attacks_per_round,
    };
    battle.change_turn(|turn| {
        turn.action_used = true;
        turn.attacks_made = attacks;
    });
    battle.change_condition(unit, |condition| match &mode {
        FireMode::Shots(targets) => {
            condition.shots_this_round += u32::try_from(targets.len()).unwrap_or(u32::MAX);
        }
        FireMode::Burst(_) | FireMode::FullAuto(_) => {
            condition.burst_this_round = true;
        }
        FireMode::Suppressing { bullets, .. } => match single_shots {
            Some(_) => condition.shots_this_round += bullets,
            None => condition.burst_this_round = true,
        },
        FireMode::Rulebook(own) => match own.mode().shots_counted() {
            Some(shots) => condition.shots_this_round += shots,
            None => condition.burst_this_round = true,
        },
    });
    let plan = match rival {
        Some(rival) => match hooks.fire_contested(battle, (unit, choice), &mode, &rival, plan) {
            Some(plan) => plan,
            None => return Ok(()),
        },
        None => plan,
    };
    // The rulebook may yet lose the shots (the attack is spent): the house's bolt not worked
    // in time.
    if !hooks.shots_go_off(battle, unit, &plan.weapon, (before, shots)) {
        return Ok(());
    }
    open_fire(battle, unit, asked, plan, Phase::Turn);
    hooks.fire_done(battle, unit, (choice, &mode));
    Ok(())
}

/// The rival's shots at `at`, fired out of turn (it won a quick draw, or held its fire until
/// fired upon): its gun drawn if it must be, then as many of its shots as the gun has ready,
/// counted as fired.
pub fn fires_out_of_turn(battle: &mut Battle, rival: &FireOutOfTurn, at: UnitId) {
    if battle.arsenal(rival.unit).in_hand != rival.gun {
        super::arms::take_in_hand(battle, rival.unit, rival.gun);
    }
    let planned = (1..=rival.shots).rev().find_map(|shots| {
        let mode = FireMode::Shots(vec![at; usize::try_from(shots).unwrap_or(1)]);
        plan_fire(battle, rival.unit, rival.gun, &mode)
            .ok()
            .map(|plan| (shots, plan))
    });
    let Some((shots, plan)) = planned else {
        return;
    };
    battle.change_condition(rival.unit, |condition| condition.shots_this_round += shots);
    open_fire(battle, rival.unit, vec![at], plan, Phase::Turn);
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
        open_fire(battle, unit, mode.targets(), plan, Phase::Setup);
    } else {
        let plan = super::volley::unseen(plan);
        announce_fire(battle, unit, &plan);
        let pending = PendingFire {
            plan: Box::new(plan),
            to_ask: Vec::new(),
            dived: Vec::new(),
            dodged: Vec::new(),
            dodge_nets: Vec::new(),
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
    targets: Vec<UnitId>,
    plan: FirePlan,
    back_to: Phase,
) {
    announce_fire(battle, unit, &plan);
    let pending = PendingFire {
        plan: Box::new(plan),
        to_ask: targets,
        dived: Vec::new(),
        dodged: Vec::new(),
        dodge_nets: Vec::new(),
        during_setup: back_to == Phase::Setup,
    };
    super::hooks::of(battle).fire_opened(battle, unit, &pending.plan, &pending.to_ask);
    ask_next(battle, unit, pending);
}

/// Ask the next target that can dive for cover, or, when none is left, resolve the shots.
fn ask_next(battle: &mut Battle, attacker: UnitId, mut pending: PendingFire) {
    while !pending.to_ask.is_empty() {
        let next = pending.to_ask.remove(0);
        if let Some(defence) = answer_to_shots(battle, attacker, next, &pending) {
            let asked = defence
                .asked_as
                .map_or(DefenceKind::Shots, DefenceKind::OwnShots);
            battle.emit(EventKind::DefenceAsked {
                unit: next,
                attacker,
                asked,
            });
            let during_setup = pending.during_setup;
            battle.flow_mut().phase = Phase::Defending(PendingAttack {
                attacker,
                target: next,
                kind: AttackKind::Fire(pending),
                unseen: false,
                during_setup,
                knock_out: false,
                free: false,
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
    let defence = answer_to_shots(battle, attacker, unit, &pending);
    if answer != shot_answer(defence) && answer != Answer::Nothing {
        return Err(Rejection::InvalidAnswer(
            match shot_answer(defence) {
                Answer::DiveForCover => "against shots a unit dives for cover or takes them",
                Answer::Dodge => "against shots a unit dodges or takes them",
                _ => "against shots a unit can only take them",
            }
            .to_string(),
        ));
    }
    battle.emit(EventKind::Answered { unit, answer });
    if let Some(defence) = defence.filter(|_| answer != Answer::Nothing) {
        // Every answer is a Dodge roll: from the round's dice, or the plain skill.
        let roll = if defence.spends_dice {
            super::rolls::roll_dodge(battle, unit)
        } else {
            let modifiers = super::rolls::own_roll_modifiers(battle, unit, OwnRoll::default());
            battle.roll_skill(unit, DODGE, modifiers)
        };
        let made_it = roll.success;
        super::hooks::of(battle).shots_answered(battle, unit, defence, made_it);
        match defence.effect {
            ShotAnswerEffect::NetOff => pending
                .dodge_nets
                .push((unit, u32::try_from(roll.net).unwrap_or(0))),
            ShotAnswerEffect::OneHitFewer if made_it => pending.dodged.push(unit),
            ShotAnswerEffect::Dive if made_it => pending.dived.push(unit),
            ShotAnswerEffect::OneHitFewer | ShotAnswerEffect::Dive => {}
        }
    }
    ask_next(battle, attacker, pending);
    Ok(())
}

/// A count of things as the turn counts attacks.
fn count(things: usize) -> u32 {
    u32::try_from(things).unwrap_or(u32::MAX)
}
