//! A bullet through cover in the western: what the cover's material takes off it (wood 2, iron
//! 1D10, steel 2D10), rolled and told.

use super::events::FrontierEvent;
use crate::battle::state::Battle;
use crate::battle::{BattleDice, UnitId};
use crate::map::Tile;
use crate::rules::damage::{DamageQuality, DamageReach, Formula};
use crate::rulesets::frontier::wounds::material_reduction;

/// What the cover at `cover` takes off each piece of a shot's damage at `target`, rolled and
/// told; `None` where the cover has no material the rules name (its armor points count).
pub(super) fn stops(battle: &mut Battle, target: UnitId, cover: Tile) -> Option<u32> {
    let terrain = battle.scenario.map.terrain(cover).cloned()?;
    let reduction = material_reduction(terrain.material?)?;
    let rolled = reduction
        .roll(
            &mut battle.world.resource_mut::<BattleDice>().dice,
            DamageReach::Full,
            &Formula::default(),
            DamageQuality::Normal,
        )
        .ok()
        .flatten()?;
    let faces = rolled
        .parts
        .iter()
        .flat_map(|part| &part.dice)
        .map(|die| die.face)
        .collect();
    battle.emit(FrontierEvent::ThroughMaterial {
        unit: target,
        cover: terrain.name,
        faces,
        stopped: rolled.total,
    });
    Some(rolled.total)
}
