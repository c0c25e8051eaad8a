//! The AI's suppressive fire, where the rulebook's pins a group (the d100 house sheet): a
//! careful unit about to fire full auto at one enemy weighs the exact mean harm of its aimed
//! bullets against what pinning the enemy's group to its next turn takes off the group's own
//! attacks (each one's exact mean harm at its skill, less at its skill with the shift). Where
//! the pinning is worth more bullet for bullet (it spends twice the rounds), it divides its
//! skill in two and lays both attacks on the group; the few bullets that still hurt (a matched
//! or critical roll) are left out of the weighing.

use bevy::prelude::*;

use super::shares::{WORTH_IT, own_state};
use crate::ai::Seen;
use crate::battle::command::{Command, FireMode, WeaponChoice};
use crate::battle::ranged;
use crate::battle::{TurnState, UnitId};
use crate::map::scenario::Scenario;
use crate::rules::firearms::rounds_ready;
use crate::rules::modifiers::{Effect, Modifier};
use crate::rules::roll::Demand;
use crate::rules::roll_harm::HitForm;
use crate::rules::weapons::AttackForm;
use crate::rulesets::d100_house::battle::commands::HouseCommand;
use crate::rulesets::d100_house::battle::condition::{HouseCondition, house_of};
use crate::rulesets::d100_house::battle::shares::{divisible, even_shares};
use crate::rulesets::d100_house::battle::turn::division_open;
use crate::rulesets::d100_house::damage::roll_harm_mean;
use crate::rulesets::d100_house::reasons;

/// `DivideSkill` where pinning `planned`'s target and those about it pays, before the turn's
/// first attack; suppressing fire while a share is left of a skill so divided; `None` where
/// the rulebook's suppressing fire does not pin, or the unit holds no full-auto gun.
pub(super) fn suppress(
    world: &mut World,
    scenario: &Scenario,
    seen: &[Seen],
    turn: &TurnState,
    planned: &Command,
) -> Option<Command> {
    let ruleset = scenario.ruleset.as_ref();
    let pinning = ruleset.mechanisms().pinning()?;
    let bullets = ruleset.firearm_rules().full_auto_attack?;
    let unit = turn.unit;
    let (vitals, condition, arsenal) = own_state(world, unit)?;
    let house = house_of(world, unit);
    let WeaponChoice::Carried(index) = arsenal.in_hand else {
        return None;
    };
    let spec = &scenario.units[unit.index()];
    let weapon = &spec.weapons.get(index)?.weapon;
    let ready = rounds_ready(weapon.feed(), arsenal.weapons.get(index)?.ammunition);
    if !weapon.uses.full_auto || ready == 0 {
        return None;
    }
    // Full auto planned at one enemy: its target, and the pull.
    let aimed = match planned {
        Command::Fire {
            mode: mode @ FireMode::FullAuto(targets),
            ..
        } => match targets.as_slice() {
            [(target, _)] => Some((*target, mode)),
            _ => None,
        },
        _ => None,
    };
    if let Some(shares) = house.skill_shares {
        shares.next()?;
        let target = pinned_by(world, seen, unit).or(aimed.map(|(target, _)| target))?;
        let mode = FireMode::Suppressing {
            bullets: bullets.min(ready),
            at: ranged::suppressing_group(world, unit, arsenal.in_hand, target),
        };
        // Only fire the battle would take (not a jammed gun).
        ranged::preview(world, unit, arsenal.in_hand, &mode).ok()?;
        return Some(Command::Fire {
            unit,
            weapon: arsenal.in_hand,
            mode,
        });
    }
    let (target, mode) = aimed?;
    if !division_open(turn, &house) {
        return None;
    }
    let (whole, most) = divisible(scenario, unit, (&vitals, &condition, &arsenal), &house)?;
    let shares = even_shares(whole, 2);
    let shift = pinning.shift(bullets.saturating_mul(2));
    if most < 2 || shares.contains(&0) || shift == 0 || ready < bullets.saturating_mul(2) {
        return None;
    }
    let aimed: f64 = ranged::preview(world, unit, arsenal.in_hand, mode)
        .ok()?
        .iter()
        .filter_map(|roll| roll.harm.as_ref())
        .map(|harm| {
            harm.behind
                .as_ref()
                .map_or(harm.open, |(_, behind)| *behind)
        })
        .sum();
    let prevented: f64 = ranged::suppressing_group(world, unit, arsenal.in_hand, target)
        .into_iter()
        .filter_map(|member| seen.iter().find(|other| other.unit == member))
        .map(|member| {
            let before = attack_harm(scenario, seen, member, 0);
            before - attack_harm(scenario, seen, member, shift)
        })
        .sum();
    // Weighed bullet for bullet: the two attacks spend twice the rounds of the one.
    (prevented / 2.0 > aimed * WORTH_IT)
        .then_some(HouseCommand::DivideSkill { unit, shares }.into())
}

/// The first enemy standing that `unit`'s suppressing fire pins.
fn pinned_by(world: &mut World, seen: &[Seen], unit: UnitId) -> Option<UnitId> {
    world
        .query::<(&UnitId, &HouseCondition)>()
        .iter(world)
        .filter(|(_, house)| house.suppressed.is_some_and(|pin| pin.by == unit))
        .map(|(id, _)| *id)
        .filter(|id| seen.iter().any(|other| other.unit == *id && other.standing))
        .min()
}

/// The exact mean harm of one attack by `member` with what it holds, its skill shifted by
/// `shift`: a bullet's (each of a full-auto attack's), or a blow's where an enemy of it stands
/// within a move and a step (none otherwise).
fn attack_harm(scenario: &Scenario, seen: &[Seen], member: &Seen, shift: i32) -> f64 {
    let ruleset = scenario.ruleset.as_ref();
    let spec = &scenario.units[member.unit.index()];
    let WeaponChoice::Carried(index) = member.holding else {
        return 0.0;
    };
    let Some(weapon) = spec.weapons.get(index).map(|carried| &carried.weapon) else {
        return 0.0;
    };
    let (form, rolls) = match weapon.attack_form() {
        AttackForm::Shot if weapon.uses.full_auto => (
            HitForm::Firearm,
            ruleset.firearm_rules().full_auto_attack.unwrap_or(1),
        ),
        AttackForm::Shot => (HitForm::Firearm, 1),
        AttackForm::Melee if within_reach(seen, member) => (HitForm::HandToHand, 1),
        _ => return 0.0,
    };
    let demand = Demand::new(
        spec.skill(ruleset, &weapon.skill),
        vec![Modifier {
            reason: reasons::SUPPRESSED,
            effect: Effect::Add(shift),
        }],
    );
    let value = weapon.damage.flat().unwrap_or_default();
    roll_harm_mean(&demand, value, form, None) * f64::from(rolls)
}

/// The yards a blow may come from this turn: a move of 8 and a step.
const BLOW_REACH: f64 = 9.0;

/// Whether an enemy of `member` stands within a move and a step of it.
fn within_reach(seen: &[Seen], member: &Seen) -> bool {
    seen.iter().any(|other| {
        other.standing
            && other.side != member.side
            && crate::map::range::distance_yards(other.at, member.at) <= BLOW_REACH
    })
}
