//! One shot as the map and the state make it: range band and point-blank, the line of fire and
//! cover, the difficulty and every named modifier on the roll.

use serde::Serialize;

use super::command::Rejection;
use super::event::{Modifier, ModifierReason};
use super::state::Battle;
use super::{AimTaken, UnitId};
use crate::map::range::{RangeReading, WeaponReach, range_reading};
use crate::map::sight::{ShotLine, shot_line};
use crate::rules::firearms::{
    FAST_MOVEMENT, following_volley_dice, following_volley_steps, raised, size_dice,
};
use crate::rules::percentile::Difficulty;
use crate::rules::weapons::{AttackForm, Weapon};

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
pub(super) fn engaged_with(battle: &Battle, shooter: UnitId, target: UnitId) -> Vec<UnitId> {
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
