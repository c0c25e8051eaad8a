//! The AI's stance, on the d100 house sheet: a unit about to shoot or end its turn beside low
//! cover that an enemy's line of fire crosses crouches behind it, which hides its legs, torso
//! and off arm and still lets it shoot; and one ending its turn with enemies standing holds a
//! dodge to its next turn (free where it made no attack, at the shift where it did).

use bevy::prelude::*;

use crate::ai::Seen;
use crate::battle::command::Command;
use crate::battle::{Condition, TurnState, UnitId};
use crate::map::scenario::Scenario;
use crate::map::sight::{ShotLine, shot_line};
use crate::rules::situation::Posture;
use crate::rulesets::d100_house::battle::commands::HouseCommand;
use crate::rulesets::d100_house::battle::condition::house_of;
use crate::rulesets::d100_house::battle::turn::dodge_stance_open;

/// `TakePosture` to crouch, where `unit` stands beside low cover on a standing enemy's line of
/// fire and its rulebook's cover hides body parts; `None` otherwise.
pub(super) fn crouch_behind_cover(
    world: &mut World,
    scenario: &Scenario,
    seen: &[Seen],
    unit: UnitId,
) -> Option<Command> {
    let ruleset = scenario.ruleset.as_ref();
    let spec = &scenario.units[unit.index()];
    let mechanisms = ruleset.mechanisms();
    if !mechanisms.posture_choices().contains(&Posture::Kneeling)
        || mechanisms
            .covered_parts(Posture::Kneeling, spec.handed)
            .is_none()
    {
        return None;
    }
    let standing = world
        .query::<(&UnitId, &Condition)>()
        .iter(world)
        .find(|(id, _)| **id == unit)
        .is_some_and(|(_, condition)| {
            condition.posture() == Posture::Standing && condition.held_by.is_none()
        });
    let me = seen.iter().find(|other| other.unit == unit)?;
    let behind_cover = seen
        .iter()
        .filter(|other| other.standing && other.side != spec.side)
        .any(|enemy| {
            matches!(
                shot_line(&scenario.map, enemy.at, me.at),
                ShotLine::HalfConcealed { .. }
            )
        });
    (standing && behind_cover).then_some(Command::TakePosture {
        unit,
        posture: Posture::Kneeling,
    })
}

/// `DodgeStance`, where the rulebook has one, `turn`'s unit holds none and holds nobody, may
/// still take it this turn, and an enemy stands; `None` otherwise.
pub(super) fn dodge_before_ending(
    world: &mut World,
    scenario: &Scenario,
    seen: &[Seen],
    turn: &TurnState,
) -> Option<Command> {
    let unit = turn.unit;
    let side = scenario.units[unit.index()].side;
    let house = house_of(world, unit);
    let open = world
        .query::<(&UnitId, &Condition)>()
        .iter(world)
        .find(|(id, _)| **id == unit)
        .is_some_and(|(_, condition)| dodge_stance_open(turn, (condition, &house)));
    let enemy_standing = seen
        .iter()
        .any(|other| other.standing && other.side != side);
    (open && enemy_standing).then_some(HouseCommand::DodgeStance { unit }.into())
}
