//! The AI's divided skill, where the rulebook lets a unit divide it (the d100 house sheet): a
//! unit beside an enemy with a hand-to-hand weapon divides its skill evenly into the number of
//! attacks whose exact mean harm beats one whole attack's by more than a twentieth (a blow's
//! digit sum does not grow with the roll, so shares can pay; a bullet's does, so they do not),
//! then spends each share on the weakest enemy beside it.

use bevy::prelude::*;

use crate::ai::Seen;
use crate::battle::command::{Command, WeaponChoice};
use crate::battle::{Arsenal, Condition, TurnState, UnitId, Vitals};
use crate::map::scenario::Scenario;
use crate::rules::roll::Demand;
use crate::rules::roll_harm::HitForm;
use crate::rules::weapons::AttackForm;
use crate::rulesets::d100_house::battle::commands::HouseCommand;
use crate::rulesets::d100_house::battle::condition::house_of;
use crate::rulesets::d100_house::battle::shares::{divisible, even_shares};
use crate::rulesets::d100_house::battle::turn::division_open;
use crate::rulesets::d100_house::damage::roll_harm_mean;

/// How much more harm the shares must do than one whole attack to be worth it.
pub(super) const WORTH_IT: f64 = 1.05;

/// The unit's vitals, condition and arsenal as they stand.
pub(super) fn own_state(world: &mut World, unit: UnitId) -> Option<(Vitals, Condition, Arsenal)> {
    world
        .query::<(&UnitId, &Vitals, &Condition, &Arsenal)>()
        .iter(world)
        .find(|(id, ..)| **id == unit)
        .map(|(_, vitals, condition, arsenal)| (*vitals, *condition, arsenal.clone()))
}

/// `DivideSkill` where shares pay before the turn's first blow, or `Attack` while a share is
/// left; `None` where the rulebook divides no skill, no enemy stands beside, or the unit holds
/// no hand-to-hand weapon.
pub(super) fn divide_or_strike(
    world: &mut World,
    scenario: &Scenario,
    seen: &[Seen],
    turn: &TurnState,
) -> Option<Command> {
    let unit = turn.unit;
    let (vitals, condition, arsenal) = own_state(world, unit)?;
    let house = house_of(world, unit);
    let spec = &scenario.units[unit.index()];
    let WeaponChoice::Carried(index) = arsenal.in_hand else {
        return None;
    };
    let weapon = &spec.weapons.get(index)?.weapon;
    if weapon.attack_form() != AttackForm::Melee || condition.holding.is_some() {
        return None;
    }
    let me = seen.iter().find(|other| other.unit == unit)?;
    let target = seen
        .iter()
        .filter(|other| other.standing && other.side != me.side && other.at.is_adjacent(me.at))
        .min_by_key(|other| (other.hit_points, other.unit))?;
    if let Some(shares) = house.skill_shares {
        return shares.next().map(|_| Command::Attack {
            unit,
            target: target.unit,
            weapon: arsenal.in_hand,
        });
    }
    if !division_open(turn, &house) {
        return None;
    }
    let (whole, most) = divisible(scenario, unit, (&vitals, &condition, &arsenal), &house)?;
    let value = weapon.damage.flat().unwrap_or_default();
    let harm = |chance: u32| {
        roll_harm_mean(
            &Demand::new(chance, Vec::new()),
            value,
            HitForm::HandToHand,
            None,
        )
    };
    let one = harm(whole);
    (2..=most)
        .map(|count| even_shares(whole, count))
        .filter(|shares| !shares.contains(&0))
        .map(|shares| (shares.iter().map(|share| harm(*share)).sum::<f64>(), shares))
        .filter(|(divided, _)| *divided > one * WORTH_IT)
        .max_by(|a, b| a.0.total_cmp(&b.0))
        .map(|(_, shares)| HouseCommand::DivideSkill { unit, shares }.into())
}
