//! Automatic fire swept across an area, where the rulebook has it (the d10 pool): the line of
//! tiles across the line of fire that a sweep covers, and everyone standing in it, each shot at
//! with the one roll the sweep shares.

use super::UnitId;
use super::command::Rejection;
use super::shot::{ShotTerms, setup};
use super::state::Battle;
use crate::map::{GridMap, Tile};
use crate::rules::sweep::{across, offsets};
use crate::rules::weapons::Weapon;

/// The tiles a sweep `width` tiles wide from `from` covers, centred on `centre`: along the line
/// across the line of fire, centre first, then one each way in turn; only those on the map.
pub fn swept_tiles(map: &GridMap, from: Tile, centre: Tile, width: u32) -> Vec<Tile> {
    let at = |tile: Tile| (i64::from(tile.x), i64::from(tile.y));
    let (step_x, step_y) = across(at(from), at(centre));
    offsets(width)
        .into_iter()
        .filter_map(|offset| {
            centre.offset(step_x.saturating_mul(offset), step_y.saturating_mul(offset))
        })
        .filter(|tile| map.contains(*tile))
        .collect()
}

/// A sweep of `rounds` by `unit` centred on `centre`, checked: its area, and everyone standing in
/// it who could be shot at from here (the centre first, who must be), each with the terms of its
/// roll.
pub(super) fn sweep_area(
    battle: &Battle,
    unit: UnitId,
    weapon: &Weapon,
    centre: UnitId,
    (rounds, ready): (u32, u32),
) -> Result<(Vec<Tile>, Vec<UnitId>, ShotTerms), Rejection> {
    let refuse = |why: String| Err(Rejection::WrongWeapon(why));
    let Some(rule) = battle.scenario.ruleset.mechanisms().sweep else {
        return refuse("automatic fire does not sweep an area in this rulebook".to_string());
    };
    if !weapon.uses.full_auto {
        return refuse(format!("the {} does not fire full auto", weapon.name));
    }
    let Some(width) = rule.width(rounds) else {
        return refuse(format!(
            "a sweep spends at least {} rounds",
            rule.least_rounds
        ));
    };
    if rounds > ready {
        return Err(Rejection::OutOfAmmunition(format!(
            "the {} has {ready} ready, {rounds} needed",
            weapon.name
        )));
    }
    battle.target_there(unit, centre)?;
    let terms = ShotTerms {
        aimed: true,
        first: true,
        ..ShotTerms::default()
    };
    setup(battle, unit, centre, weapon, terms)?;
    let (Some(from), Some(middle)) = (battle.position(unit), battle.position(centre)) else {
        return Err(Rejection::OutOfReach("not on the map".to_string()));
    };
    let swept = swept_tiles(&battle.scenario.map, from, middle, width);
    let caught = swept
        .iter()
        .filter_map(|tile| battle.unit_at(*tile))
        .filter(|victim| *victim != unit && battle.target_there(unit, *victim).is_ok())
        .filter(|victim| setup(battle, unit, *victim, weapon, terms).is_ok())
        .collect();
    Ok((swept, caught, terms))
}
