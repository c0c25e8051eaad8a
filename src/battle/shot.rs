//! One shot as the map and the state make it: range band and point-blank, the line of fire and
//! cover, the difficulty and every named modifier on the roll.

use super::UnitId;
use super::command::Rejection;
use super::hooks;
pub use super::shot_terms::{ShotSetup, ShotTerms};
use super::state::Battle;
use crate::map::range::base_feet;
use crate::map::range::distance_squared;
use crate::map::reach::NEIGHBOURS;
use crate::map::sight::{ShotLine, shot_line};
use crate::map::{Cover, GridMap, Tile};
use crate::rules::body::BodyPart;
use crate::rules::situation::{RangeBand, ShotFacts, Worth};
use crate::rules::weapons::{AttackForm, Weapon};

/// The round an aim counting now was taken in: this one where the rulebook fires the aimed shot
/// the round it is taken (BRP), else the last (CoC: aim one turn, shoot the next).
fn aim_round(battle: &Battle) -> u32 {
    if battle.scenario.ruleset.firearm_rules().aim_fires_this_round {
        battle.round()
    } else {
        battle.round().saturating_sub(1)
    }
}

/// Units of another side than `target` that stand beside it, other than `shooter`: the melee
/// it is in.
pub fn engaged_with(battle: &Battle, shooter: UnitId, target: UnitId) -> Vec<UnitId> {
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
pub fn setup(
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
    let scale = battle.scenario.ruleset.range_scale();
    let reading = spec.range_ruler(weapon, &scale).read(from, to);
    if reading.band == RangeBand::OutOfRange {
        return Err(Rejection::OutOfReach(format!(
            "{target_name} is out of range of the {}",
            weapon.name
        )));
    }
    let thrown = weapon.attack_form() == AttackForm::Thrown;
    let hooks = hooks::of(battle);
    let line = match shot_line(&battle.scenario.map, from, to) {
        // Through the low cover, not round it, where the rulebook's own state says so.
        ShotLine::HalfConcealed { cover, armor }
            if !thrown && hooks.fires_through_cover(battle, unit, target) =>
        {
            ShotLine::ThroughCover { cover, armor }
        }
        line => line,
    };
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
        ShotLine::ThroughCover { .. } if !battle.scenario.rules.shooting_through_cover => {
            return Err(Rejection::NoLineOfFire(format!(
                "{target_name} is behind cover, and this scenario does not shoot through it"
            )));
        }
        _ => {}
    }
    let shooter = battle.condition(unit);
    let hidden = battle.condition(target);
    let aimed = shooter
        .aim
        .filter(|aim| terms.aimed && aim.target == target && aim.round == aim_round(battle));
    let target_spec = battle.spec(target);
    let mut facts = ShotFacts {
        reading,
        squared_yards: distance_squared(from, to),
        base_feet: base_feet(&weapon.range, spec.characteristics.strength),
        shooter_dexterity: spec.characteristics.dexterity,
        cover: line.cover(),
        thrown,
        committed: weapon.committed,
        shooter_in_cover: shooter_in_cover(&battle.scenario.map, from, to),
        cumbersome: weapon.cumbersome(),
        aimed: aimed.is_some(),
        aim_rounds: aimed.map_or(0, |aim| aim.rounds),
        target_moved: hidden.moved_this_round > 0,
        target_zigzagged: false,
        dived: terms.dived,
        shooter_prone: shooter.prone,
        target_prone: hidden.prone,
        target_kneeling: hidden.kneeling,
        shooter_moved: shooter.moved_this_round > 0,
        drew_this_round: false,
        specific_shot: false,
        target_surprised: terms.surprised,
        shots_in_pull: terms.shots.max(1),
        target_ran: hidden.ran_in_round == Some(battle.round()),
        target_movement: target_spec.derived.movement(),
        target_immobilised: super::hold::immobilised(battle, target),
        target_size: target_spec.derived.build,
        target_siz: target_spec.characteristics.size,
        target_in_dark: battle
            .scenario
            .map
            .terrain(to)
            .is_some_and(|terrain| terrain.dark),
        shooter_perception: spec.characteristics.power,
        into_melee: !engaged_with(battle, unit, target).is_empty(),
        multiple: terms.multiple,
        chambered: terms.chambered,
        unaimed: terms.unaimed,
        initiative_edge: terms.first && battle.critical_initiative_unspent(unit),
        hindered: false,
        held: shooter.held_by.is_some(),
        volley_roll: terms.volley_roll,
        volley_bullets: terms.volley_bullets,
        shooter_skill: battle.skill(
            unit,
            if terms.volley_roll.is_some() {
                weapon.automatic_skill()
            } else {
                &weapon.skill
            },
        ),
    };
    hooks.shot_facts(battle, (unit, target), &mut facts);
    let Worth {
        mut modifiers,
        possible,
    } = battle.scenario.ruleset.shot_value(&facts);
    modifiers.extend(super::hold::at_the_held(battle, target));
    let hail_mary = facts.shooter_in_cover
        && battle
            .scenario
            .ruleset
            .mechanisms()
            .covered_parts(shooter.posture(), spec.handed)
            .is_some_and(|parts| parts.contains(&BodyPart::Head));
    Ok(ShotSetup {
        reading,
        line,
        modifiers,
        possible,
        hail_mary,
    })
}

/// Whether low cover stands right beside a shooter at `from`, on its line of fire to `to` or
/// within 45 degrees of it: compared in whole numbers, the cosine of the angle squared at least
/// a half, on the side facing the target.
pub fn shooter_in_cover(map: &GridMap, from: Tile, to: Tile) -> bool {
    let signed = |a: u32, b: u32| i64::from(b) - i64::from(a);
    let (tx, ty) = (signed(from.x, to.x), signed(from.y, to.y));
    let target_squared = tx * tx + ty * ty;
    NEIGHBOURS
        .into_iter()
        .filter(|(dx, dy)| {
            let dot = i64::from(*dx) * tx + i64::from(*dy) * ty;
            let side_squared = i64::from(dx * dx + dy * dy);
            dot > 0 && 2 * dot * dot >= side_squared * target_squared
        })
        .filter_map(|(dx, dy)| from.offset(dx, dy))
        .any(|beside| {
            map.terrain(beside)
                .is_some_and(|terrain| terrain.cover == Cover::Half)
        })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::map::tests::sketch;

    /// A shooter at (2, 2) with low cover east of it is in cover to a target due east, 18
    /// degrees off at (8, 0) and (8, 4), and at exactly 45 degrees at (4, 0); not at 63 degrees
    /// at (3, 0), nor to the west or south, away from the crate.
    #[test]
    fn a_shooter_is_in_cover_beside_low_cover_within_45_degrees_of_the_line() {
        let map = sketch(&[
            ".........",
            ".........",
            "...c.....",
            ".........",
            ".........",
        ]);
        let from = Tile::new(2, 2);
        // (target, in cover)
        let table = [
            (Tile::new(8, 2), true),
            (Tile::new(8, 0), true),
            (Tile::new(8, 4), true),
            (Tile::new(4, 0), true),
            (Tile::new(3, 0), false),
            (Tile::new(0, 2), false),
            (Tile::new(2, 4), false),
        ];
        for (to, covered) in table {
            assert_eq!(shooter_in_cover(&map, from, to), covered, "to {to}");
        }
    }
}
