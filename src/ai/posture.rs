//! The AI's stance behind cover, where cover hides body parts (the d100 house sheet): a unit
//! about to shoot or end its turn beside low cover that an enemy's line of fire crosses
//! crouches behind it, which hides its legs, torso and off arm and still lets it shoot.

use bevy::prelude::*;

use super::Seen;
use crate::battle::command::Command;
use crate::battle::{Condition, UnitId};
use crate::map::scenario::Scenario;
use crate::map::sight::{ShotLine, shot_line};
use crate::rules::situation::Posture;

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
    if !ruleset.postures()
        || !ruleset.posture_choices().contains(&Posture::Kneeling)
        || ruleset.part_cover(Posture::Kneeling, spec.handed).is_none()
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
