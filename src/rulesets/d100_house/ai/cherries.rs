//! The AI's cherry, where the rulebook has them (the d100 house sheet): before a blow, a unit
//! its obsession earns cherries picks the allowed one worth most, where that beats the matched
//! blow's own mean damage, and takes the damage otherwise. A damage cherry is worth its mean
//! damage over the matched faces (and its die); a Second Helping one more blow's mean harm;
//! a Kung Fu Grip the target's hit points left, times the chance of keeping the hold through
//! its try to break free and the chance of executing it. The cherries that hinder (Blind,
//! Dazed, Disarm, Knock Down, Monkey Dodge) are not weighed: the AI leaves them to players.

use bevy::prelude::*;

use super::shares::own_state;
use crate::battle::command::{Command, ManeuverGoal, WeaponChoice};
use crate::battle::melee::{at_once_chance, execution_chance};
use crate::map::scenario::Scenario;
use crate::rules::class_rolls::{RollClass, Window, judge, verdict_of};
use crate::rules::dice::DieFace;
use crate::rules::roll::Demand;
use crate::rules::roll_harm::{HitForm, RollHit};
use crate::rulesets::d100_house::battle::cherries::allowed;
use crate::rulesets::d100_house::battle::commands::HouseCommand;
use crate::rulesets::d100_house::battle::condition::house_of;
use crate::rulesets::d100_house::cherries::Cherry;
use crate::rulesets::d100_house::cherries::{CHERRIES, cherry_damage};
use crate::rulesets::d100_house::damage::{damage_from_roll, roll_harm_mean};

/// `PickCherry` where the cherry worth most for `blow` is not the one the unit has picked.
pub(super) fn before_the_blow(
    world: &mut World,
    scenario: &Scenario,
    blow: &Command,
) -> Option<Command> {
    let Command::Attack {
        unit,
        target,
        weapon,
    } = *blow
    else {
        return None;
    };
    let ruleset = scenario.ruleset.as_ref();
    let terms = CHERRIES;
    let spec = &scenario.units[unit.index()];
    let allowed = allowed(spec);
    if allowed.is_empty() {
        return None;
    }
    let (value, skill) = match weapon {
        WeaponChoice::Carried(index) => {
            let carried = &spec.weapons.get(index)?.weapon;
            (
                carried.damage.flat().unwrap_or_default(),
                spec.skill(ruleset, &carried.skill),
            )
        }
        _ => (0, spec.skill(ruleset, terms.obsession)),
    };
    let matched: Vec<RollHit> = (11..=99)
        .step_by(11)
        .filter(|roll| judge(*roll, skill, Window::default()) == RollClass::MatchedSuccess)
        .map(|roll| RollHit {
            verdict: verdict_of(roll, RollClass::MatchedSuccess, false),
            weapon_value: value,
            form: HitForm::HandToHand,
            downgraded: false,
        })
        .collect();
    if matched.is_empty() {
        return None;
    }
    let mean = |each: &dyn Fn(&RollHit) -> f64| {
        matched.iter().map(each).sum::<f64>() / matched.len() as f64
    };
    let own = mean(&|hit| damage_from_roll(hit).map_or(0.0, |roll| f64::from(roll.total)));
    let hit_points_left = own_state(world, target).map_or(0, |(vitals, ..)| vitals.hit_points);
    let grip = at_once_chance(world, unit, target, ManeuverGoal::Hold)
        .and_then(Result::ok)
        .unwrap_or(0.0)
        * execution_chance(world, unit).unwrap_or(0.0)
        * f64::from(hit_points_left);
    let worth = |cherry: Cherry| -> Option<f64> {
        match cherry {
            Cherry::BigHurt | Cherry::MoreHurt | Cherry::NewDamage => {
                let sides = terms.die_for(cherry);
                Some(mean(&|hit| {
                    let faces: Vec<Option<DieFace>> = match sides {
                        Some(sides) => (1..=sides)
                            .map(|face| Some(DieFace { sides, face }))
                            .collect(),
                        None => vec![None],
                    };
                    faces
                        .iter()
                        .map(|rolled| {
                            cherry_damage(cherry, hit, *rolled)
                                .map_or(0.0, |roll| f64::from(roll.total))
                        })
                        .sum::<f64>()
                        / faces.len() as f64
                }))
            }
            Cherry::SecondHelping => Some(roll_harm_mean(
                &Demand::new(skill, Vec::new()),
                value,
                HitForm::HandToHand,
                None,
            )),
            Cherry::KungFuGrip => Some(grip),
            Cherry::Blind
            | Cherry::Dazed
            | Cherry::Disarm
            | Cherry::KnockDown
            | Cherry::MonkeyDodge => None,
        }
    };
    let best = allowed
        .iter()
        .filter_map(|cherry| Some((worth(*cherry)?, *cherry)))
        .filter(|(worth, _)| *worth > own)
        .max_by(|a, b| a.0.total_cmp(&b.0))
        .map(|(_, cherry)| cherry);
    let picked = house_of(world, unit).cherry;
    (best != picked).then_some(HouseCommand::PickCherry { unit, cherry: best }.into())
}
