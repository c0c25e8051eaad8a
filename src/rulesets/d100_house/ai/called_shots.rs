//! The AI's called shots, where the rulebook has them (the d100 house sheet): before a single
//! shot at a target whose cover hides some of it, a unit calls the shot at a part the cover
//! leaves out (the head first: 25 there knocks the target out), where the exact mean harm of
//! the shot at the call's shift, every hit landing on that part, beats the mean harm of the
//! shot as it stands behind the cover by more than a twentieth. A target in the open, or
//! hidden whole, is not called at.

use bevy::prelude::*;

use super::shares::{WORTH_IT, own_state};
use crate::battle::command::{Command, FireMode, WeaponChoice};
use crate::battle::ranged::preview;
use crate::map::scenario::Scenario;
use crate::rules::body::BodyPart;
use crate::rules::roll::Demand;
use crate::rules::roll_harm::HitForm;
use crate::rulesets::d100_house::battle::commands::HouseCommand;
use crate::rulesets::d100_house::battle::condition::house_of;
use crate::rulesets::d100_house::damage::{self, roll_harm_mean};

/// `CallShot` where calling `shot` at a part its target's cover leaves out pays.
pub(super) fn before_the_shot(
    world: &mut World,
    scenario: &Scenario,
    shot: &Command,
) -> Option<Command> {
    let Command::Fire {
        unit,
        weapon: WeaponChoice::Carried(index),
        mode: FireMode::Shots(targets),
    } = shot
    else {
        return None;
    };
    let [target] = targets.as_slice() else {
        return None;
    };
    let ruleset = scenario.ruleset.as_ref();
    let called = damage::CALLED;
    let condition = |world: &mut World, of| own_state(world, of).map(|(_, condition, _)| condition);
    if house_of(world, *unit).called_shot.is_some() {
        return None;
    }
    let roll = preview(
        world,
        *unit,
        WeaponChoice::Carried(*index),
        &FireMode::single(*target),
    )
    .ok()?
    .into_iter()
    .next()?;
    let (_, behind) = roll.harm?.behind?;
    let target_spec = &scenario.units[target.index()];
    let covered = ruleset
        .mechanisms()
        .covered_parts(condition(world, *target)?.posture(), target_spec.handed)?;
    let exposed: Vec<BodyPart> = called
        .parts
        .iter()
        .copied()
        .filter(|part| !covered.contains(part))
        .collect();
    let part = if exposed.contains(&BodyPart::Head) {
        BodyPart::Head
    } else {
        *exposed.first()?
    };
    let value = scenario.units[unit.index()]
        .weapons
        .get(*index)?
        .weapon
        .damage
        .flat()
        .unwrap_or_default();
    // The chance in points (a hundred faces), the call's shift taken off.
    let points = (0..=100u32).find(|points| f64::from(*points) >= roll.chance * 100.0 - 1e-6)?;
    let chance = points.saturating_add_signed(called.shift);
    let called_harm = roll_harm_mean(
        &Demand::new(chance, Vec::new()),
        value,
        HitForm::Firearm,
        None,
    );
    (called_harm > behind * WORTH_IT).then_some(HouseCommand::CallShot { unit: *unit, part }.into())
}
