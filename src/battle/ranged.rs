//! Shooting: guns, bows and other missile weapons fired at units, with every modifier the map
//! and the state give; diving for cover; aiming, reloading and clearing jams. The same reading
//! of a shot feeds the roll, the preview the player sees before committing, and the AI.

use super::arms::malfunction;
use super::command::{Answer, FireMode, Rejection, WeaponChoice};
use super::event::{DefenceKind, EventKind};
use super::fire_odds::{damage_reach, dodge_is_budgeted, in_cover_from};
pub use super::fire_preview::{RollPreview, preview, suppressing_group};
use super::shot::{ShotSetup, ShotTerms, engaged_with, setup};
use super::state::Battle;
use super::volley::{FirePlan, PlannedRoll, plan_fire, shot_demand};
use super::wounds::Blow;
use super::{AttackKind, PendingAttack, PendingFire, Phase, UnitId, effects};
use crate::map::sight::ShotLine;
use crate::rules::budget::PlannedAction;
use crate::rules::damage::{DamageQuality, DamageShape};
use crate::rules::firearms::{VolleyHits, spend};
use crate::rules::percentile::SuccessLevel;
use crate::rules::roll::{RollPurpose, Verdict};
use crate::rules::situation::ShotDefence;
use crate::rules::skills::DODGE;
use crate::rules::weapons::{MalfunctionKind, Weapon, WeaponCategory};

/// Whether a target can answer shots now: dive for cover, dodge the first bullet of the round
/// where it has not acted nor dodged yet, or dodge behind cover, as its rulebook has it; or,
/// caught in a sweep, dodge with its round's dice.
fn can_answer_shots(battle: &Battle, attacker: UnitId, unit: UnitId, sweep: bool) -> bool {
    let condition = battle.condition(unit);
    let able = battle.standing(unit) && !condition.stunned() && condition.held_by.is_none();
    able && match battle.scenario.ruleset.shot_defence() {
        None => false,
        Some(ShotDefence::DiveForCover) => true,
        Some(ShotDefence::DodgeFirstBullet) => {
            !condition.shot_at_this_round && super::exchange::blow_answers(battle, unit, None).dodge
        }
        Some(ShotDefence::DodgeInCover | ShotDefence::DodgeSweep) => {
            in_cover_from(battle, attacker, unit)
                || (sweep && super::budget::dice_for(battle, unit, PlannedAction::Dodge).is_ok())
        }
    }
}

/// The answer that is the rulebook's way of meeting gunfire: nothing but taking it where the
/// rulebook has none.
pub fn shot_answer(defence: Option<ShotDefence>) -> Answer {
    match defence {
        None => Answer::Nothing,
        Some(ShotDefence::DiveForCover) => Answer::DiveForCover,
        Some(
            ShotDefence::DodgeFirstBullet | ShotDefence::DodgeInCover | ShotDefence::DodgeSweep,
        ) => Answer::Dodge,
    }
}

/// Fire: check everything, spend the action, then ask each target whether it dives for cover.
pub(super) fn fire(
    battle: &mut Battle,
    unit: UnitId,
    choice: WeaponChoice,
    mode: FireMode,
) -> Result<(), Rejection> {
    let off_hand = off_hand_gun(battle, unit, choice, &mode);
    let budgeted = super::budget::ready_to_fire(battle, unit, &mode)?;
    let turn = if let Some(turn) = budgeted {
        turn
    } else if off_hand {
        battle.own_turn(unit)?
    } else {
        battle.action_available(unit)?
    };
    let plan = plan_fire(battle, unit, choice, &mode)?;
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
        (None, _) => battle.spec(unit).attacks_per_round,
    };
    let handgun = plan.weapon.category == WeaponCategory::Handgun;
    let unaimed = matches!(mode, FireMode::Unaimed { .. });
    battle.change_turn(|turn| {
        turn.action_used = true;
        turn.attacks_made = attacks;
        if off_hand {
            turn.off_hand_fired = true;
        } else if unaimed && handgun {
            turn.unaimed_gun = Some(plan.index);
        }
    });
    battle.change_condition(unit, |condition| match &mode {
        FireMode::Shots(targets) => {
            condition.shots_this_round += u32::try_from(targets.len()).unwrap_or(u32::MAX);
        }
        FireMode::Burst(_) | FireMode::FullAuto(_) | FireMode::Sweep { .. } => {
            condition.burst_this_round = true;
        }
        FireMode::BothBarrels(_) => condition.shots_this_round += 2,
        FireMode::Unaimed { .. } => condition.burst_this_round = true,
        FireMode::Suppressing { bullets, .. } => match single_shots {
            Some(_) => condition.shots_this_round += bullets,
            None => condition.burst_this_round = true,
        },
    });
    open_fire(battle, unit, asked, plan, Phase::Turn);
    Ok(())
}

/// Whether this is a second handgun's unaimed fire in the turn the first fired unaimed (BRP's
/// two handguns, one in each hand: both fire, each at most twice its shots).
pub(super) fn off_hand_gun(
    battle: &Battle,
    unit: UnitId,
    choice: WeaponChoice,
    mode: &FireMode,
) -> bool {
    let Some(turn) = battle.flow().turn.filter(|turn| turn.unit == unit) else {
        return false;
    };
    let (Some(first), WeaponChoice::Carried(second)) = (turn.unaimed_gun, choice) else {
        return false;
    };
    let handgun = battle
        .carried(unit, second)
        .is_some_and(|weapon| weapon.category == WeaponCategory::Handgun);
    matches!(mode, FireMode::Unaimed { .. })
        && !turn.off_hand_fired
        && second != first
        && handgun
        && !battle.arsenal(unit).lost.contains(&second)
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
    if pending.plan.shares_one_roll() {
        battle.emit(EventKind::Swept {
            unit,
            width: u32::try_from(pending.plan.swept().len()).unwrap_or(u32::MAX),
            caught: pending.to_ask.clone(),
        });
    }
    ask_next(battle, unit, pending);
}

/// Ask the next target that can dive for cover, or, when none is left, resolve the shots.
fn ask_next(battle: &mut Battle, attacker: UnitId, mut pending: PendingFire) {
    while !pending.to_ask.is_empty() {
        let next = pending.to_ask.remove(0);
        if can_answer_shots(battle, attacker, next, pending.plan.shares_one_roll()) {
            let asked = if dodge_is_budgeted(battle, attacker, &pending, next) {
                DefenceKind::Sweep
            } else {
                DefenceKind::Shots
            };
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
    let defence = battle.scenario.ruleset.shot_defence();
    if answer != shot_answer(defence) && answer != Answer::Nothing {
        return Err(Rejection::InvalidAnswer(
            match defence {
                None => "against shots a unit can only take them",
                Some(ShotDefence::DiveForCover) => {
                    "against shots a unit dives for cover or takes them"
                }
                Some(
                    ShotDefence::DodgeFirstBullet
                    | ShotDefence::DodgeInCover
                    | ShotDefence::DodgeSweep,
                ) => "against shots a unit dodges or takes them",
            }
            .to_string(),
        ));
    }
    battle.emit(EventKind::Answered { unit, answer });
    if answer != Answer::Nothing {
        // Every answer is a Dodge roll.
        let modifiers = battle.own_roll_modifiers(unit, false, false);
        let budgeted = dodge_is_budgeted(battle, attacker, &pending, unit);
        let roll = if budgeted {
            let demand = super::budget::dodge_demand(battle, unit, modifiers);
            let roll = battle.roll(unit, RollPurpose::Skill(DODGE.to_string()), &demand);
            battle.spend_dice(unit, PlannedAction::Dodge);
            roll
        } else {
            battle.roll_skill(unit, DODGE, modifiers)
        };
        let made_it = roll.success;
        if defence == Some(ShotDefence::DodgeInCover) {
            // Behind cover free, in a sweep's open from the round's dice: the net comes off the
            // roll at it.
            battle.emit(if budgeted {
                EventKind::DodgedArea {
                    unit,
                    made_it,
                    blast: false,
                }
            } else {
                EventKind::DodgedFire { unit, made_it }
            });
            pending
                .dodge_nets
                .push((unit, u32::try_from(roll.net).unwrap_or(0)));
        } else if answer == Answer::Dodge {
            battle.change_condition(unit, |condition| {
                condition.dodges_this_round += 1;
                condition.defences_this_round += 1;
            });
            battle.emit(EventKind::DodgedFire { unit, made_it });
            if made_it {
                pending.dodged.push(unit);
            }
        } else {
            battle.change_condition(unit, |condition| condition.dived_for_cover = true);
            battle.emit(EventKind::Dived { unit, made_it });
            if made_it {
                pending.dived.push(unit);
            }
        }
    }
    ask_next(battle, attacker, pending);
    Ok(())
}

/// Make every roll of the trigger pull, in order, until the rolls run out or the gun jams.
fn resolve_fire(battle: &mut Battle, unit: UnitId, pending: &PendingFire) {
    let plan = &pending.plan;
    let feed = plan.weapon.feed();
    let mut dodge_spent: Vec<UnitId> = Vec::new();
    // A sweep's rounds go at once, and its rolls share the dice of the first.
    let mut shared = plan.shares_one_roll().then(|| {
        battle.change_weapon_state(unit, plan.index, |state| {
            state.ammunition = spend(feed, state.ammunition, plan.rounds);
        });
        Vec::new()
    });
    for planned in &plan.rolls {
        let roll = &draw_target(battle, unit, plan, planned);
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
        let jammed = take_shot(battle, unit, plan, roll, &shot, dodge, shared.as_mut());
        if jammed {
            break;
        }
    }
    battle.change_condition(unit, |condition| condition.aim = None);
}

/// The roll as it is made: at its own target, or (unaimed or suppressing fire at several) at
/// one drawn by a die from those named still there to be shot at (one killed by an earlier
/// roll of the pull is not drawn), the die in the log.
fn draw_target(
    battle: &mut Battle,
    unit: UnitId,
    plan: &FirePlan,
    planned: &PlannedRoll,
) -> PlannedRoll {
    if plan.drawn_from.len() < 2 {
        return *planned;
    }
    let there: Vec<UnitId> = plan
        .drawn_from
        .iter()
        .copied()
        .filter(|target| battle.target_there(unit, *target).is_ok())
        .collect();
    let target = match there.as_slice() {
        [] => return *planned,
        [only] => *only,
        _ => {
            let sides = u32::try_from(there.len()).unwrap_or(u32::MAX);
            let die = battle.die(sides);
            let target = there[die.face as usize - 1];
            battle.emit(EventKind::TargetDrawn { unit, target, die });
            target
        }
    };
    PlannedRoll { target, ..*planned }
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
    battle.change_condition(target, |condition| condition.shot_at_this_round = true);
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
            let check = battle.roll_attack(unit, &plan.skill_name, &demand);
            *faces = battle.last_rolled_faces();
            check
        }
        None => battle.roll_attack(unit, &plan.skill_name, &demand),
    };
    if check.malfunction {
        return malfunction(battle, unit, plan.index) == MalfunctionKind::Jam;
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
            unit,
            target,
            &plan.weapon,
            shot,
            landed,
            true,
            check.net,
        );
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
            // The stray bullets hit as a plain success would.
            let plain_hit = Verdict {
                success: true,
                special: false,
                net: 1,
                ..check
            };
            let landed = hits(battle, ally, &plain_hit);
            deal_hits(battle, unit, ally, &plan.weapon, &plain, landed, false, 1);
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
        .min_by_key(|unit| (battle.luck(*unit), *unit))
}

/// Roll the damage of every bullet that hit (the first `extreme` of them at their maximum, or
/// impaling) and send it through the wounds as one blow: armor comes off each bullet, and off
/// each die of shot; cover shot through comes off too. `deliberate`: shot at the target on
/// purpose, not a stray bullet. Where the rulebook keeps injuries, each hit is one from the
/// roll's `net` instead.
#[allow(clippy::too_many_arguments)]
fn deal_hits(
    battle: &mut Battle,
    unit: UnitId,
    target: UnitId,
    weapon: &Weapon,
    shot: &ShotSetup,
    landed: VolleyHits,
    deliberate: bool,
    net: i32,
) {
    if landed.hits > 0
        && super::injuries::injure(
            battle,
            target,
            Some(unit),
            net,
            (weapon.damage.flat().unwrap_or(0), false),
            &weapon.skill,
        )
    {
        effects::after_hit(battle, target, &weapon.damage, weapon.stuns_up_to_build);
        return;
    }
    let damage_bonus = battle.spec(unit).derived.damage_bonus.clone();
    let reach = damage_reach(weapon, shot.reading.band);
    let pellets = matches!(weapon.damage.shape, DamageShape::Bands(_))
        && battle.scenario.ruleset.armor_per_pellet_die();
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
            deliberate,
        },
    );
    effects::after_hit(battle, target, &weapon.damage, weapon.stuns_up_to_build);
}

/// A count of things as the turn counts attacks.
fn count(things: usize) -> u32 {
    u32::try_from(things).unwrap_or(u32::MAX)
}
