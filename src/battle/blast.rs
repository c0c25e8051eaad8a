//! Explosives: thrown or fired at a tile, scattered when they miss, and bursting over everyone
//! in their rings; charges set with a fuse and mines that wait for a foot. A Molotov bursts on
//! its tile alone and sets whoever stands there alight.

use bevy::prelude::World;

use super::arms::{carried_weapon, let_fly, malfunction, rounds_left, usable_now};
use super::command::{Rejection, WeaponChoice};
use super::event::EventKind;
use super::hooks::RollFor;
use super::state::{Battle, OwnRoll};
use super::wounds::Blow;
use super::{Charge, UnitId, Vital, effects, wounds};
use crate::map::Tile;
use crate::map::range::{RangeBand, distance_squared};
use crate::map::sight::{LineOfFire, line_of_fire};
use crate::rules::damage::{DamageQuality, DamageReach};
use crate::rules::explosions::{BlastRing, ring_at};
use crate::rules::explosions::{SCATTER_DIE, scatter_steps};
use crate::rules::firearms::within_sixty_degrees;
use crate::rules::percentile::SuccessLevel;
use crate::rules::roll::Demand;
use crate::rules::roll::RollPurpose;
use crate::rules::vocabulary::DemandWords;
use crate::rules::weapons::{AttackForm, MalfunctionKind, Weapon};

/// The longest fuse a charge may be given, in rounds.
pub const LONGEST_FUSE: u32 = 10;

/// Whether a tile can take an explosive: on the map and not inside a wall.
fn open_tile(battle: &Battle, at: Tile) -> bool {
    battle
        .scenario
        .map
        .terrain(at)
        .is_some_and(|terrain| !terrain.blocks_sight)
}

/// A checked throw (or launch) at a tile: the weapon, the band of the tile, and what the roll
/// is made against.
struct Throw {
    index: usize,
    weapon: Weapon,
    from: Tile,
    band: RangeBand,
    demand: Demand,
}

/// Check a throw at `at` against the weapon and the map (not whose turn it is).
fn check_throw(
    battle: &Battle,
    unit: UnitId,
    choice: WeaponChoice,
    from: Tile,
    at: Tile,
) -> Result<Throw, Rejection> {
    let (index, weapon) = carried_weapon(battle, unit, choice, &[AttackForm::Lobbed])?;
    usable_now(battle, unit, index)?;
    if rounds_left(battle, unit, index, &weapon) == 0 {
        return Err(Rejection::OutOfAmmunition(format!(
            "no {} left",
            weapon.name
        )));
    }
    let spec = battle.spec(unit);
    if !open_tile(battle, at) {
        return Err(Rejection::NoLineOfFire(format!("{at} is not open ground")));
    }
    let scale = battle.scenario.ruleset.range_scale();
    let reading = spec.range_ruler(&weapon, &scale).read(from, at);
    let Some(range) = battle.scenario.ruleset.range_value(reading) else {
        return Err(Rejection::OutOfReach(format!(
            "{at} is out of range of the {}",
            weapon.name
        )));
    };
    if line_of_fire(&battle.scenario.map, from, at).is_blocked() {
        return Err(Rejection::NoLineOfFire(format!(
            "{at} cannot be seen from here"
        )));
    }
    let edge = OwnRoll {
        initiative_edge: battle.critical_initiative_unspent(unit),
        ..OwnRoll::default()
    };
    let mut modifiers = super::rolls::own_roll_modifiers(battle, unit, edge);
    modifiers.extend(range);
    let skill = battle.skill(unit, &weapon.skill);
    let modifiers = battle.with_secondary(unit, weapon.secondary.as_deref(), modifiers);
    let demand = Demand::new(skill, modifiers)
        .with_weapon(weapon.malfunction, weapon.impale)
        .at_difficulty(weapon.difficulty);
    Ok(Throw {
        index,
        demand: super::hooks::of(battle).dice_share(battle, unit, RollFor::Attack, demand),
        weapon,
        from,
        band: reading.band,
    })
}

/// Where the thrower throws from: `from`, else where it stands.
fn thrower_at(battle: &Battle, unit: UnitId, from: Option<Tile>) -> Result<Tile, Rejection> {
    from.or_else(|| battle.position(unit))
        .ok_or(Rejection::CannotAct("not on the map".to_string()))
}

/// Throw or fire an explosive at a tile: a roll at the difficulty of the range; a miss flies
/// off in a 1D8 direction, 1D4 yards for each range band out (from the thrower's own feet on a
/// fumble); then it bursts where it lands.
pub(super) fn blast(
    battle: &mut Battle,
    unit: UnitId,
    choice: WeaponChoice,
    at: Tile,
) -> Result<(), Rejection> {
    battle.action_available(unit)?;
    let from = thrower_at(battle, unit, None)?;
    let throw = check_throw(battle, unit, choice, from, at)?;
    let weapon = throw.weapon;
    battle.change_turn(|turn| turn.action_used = true);
    let_fly(battle, unit, throw.index, &weapon);
    battle.emit(EventKind::Launched {
        unit,
        weapon: weapon.name.clone(),
        at,
    });
    let check = super::rolls::roll_attack(battle, unit, &weapon.skill, &throw.demand);
    if check.malfunction {
        if malfunction(battle, unit, throw.index) == MalfunctionKind::Dud {
            battle.emit(EventKind::Dud {
                weapon: weapon.name,
                at,
            });
        }
        return Ok(());
    }
    let landing = if check.success {
        at
    } else {
        let (start, dice) = if check.level == SuccessLevel::Fumble {
            (throw.from, 1)
        } else {
            (at, band_dice(throw.band))
        };
        scatter(battle, &weapon.name, start, dice)
    };
    // A throw that lands where aimed brings its net to the blast (where the rulebook counts it).
    let net = if check.success { check.net } else { 0 };
    detonate(battle, unit, &weapon, (landing, None), net);
    Ok(())
}

/// What a throw at a tile would do, as the player sees it before committing.
#[derive(Debug, Clone, PartialEq)]
pub struct BlastPreview {
    pub weapon: String,
    /// What the roll is made against, in the rulebook's words.
    pub words: DemandWords,
    /// The exact chance it lands where aimed (a malfunction is a miss).
    pub chance: f64,
    /// The blast's rings, nearest first (none: it bursts on its tile alone).
    pub rings: Vec<BlastRing>,
    /// Units it would catch where aimed, with their ring (an index into `rings`; 0 with none).
    pub caught: Vec<(UnitId, usize)>,
    /// Units in its rings that cover would shield.
    pub shielded: Vec<UnitId>,
}

/// Preview a throw (or launch) of an explosive at a tile by `unit`: its odds and everyone in its
/// rings; or why it cannot be made. Nothing in the battle changes.
pub fn preview(
    world: &mut World,
    unit: UnitId,
    weapon: WeaponChoice,
    at: Tile,
) -> Result<BlastPreview, Rejection> {
    preview_from(world, unit, weapon, None, at)
}

/// [`preview`], were the thrower to stand at `from` (where it is, with `None`): the planner
/// weighs a throw from a tile it could walk to. Those caught are where they stand now, the
/// thrower among them.
pub fn preview_from(
    world: &mut World,
    unit: UnitId,
    weapon: WeaponChoice,
    from: Option<Tile>,
    at: Tile,
) -> Result<BlastPreview, Rejection> {
    let battle = Battle::new(world);
    battle.known(unit)?;
    let from = thrower_at(&battle, unit, from)?;
    let throw = check_throw(&battle, unit, weapon, from, at)?;
    let ruleset = battle.scenario.ruleset.as_ref();
    let chance = ruleset.chance(&throw.demand);
    let words = ruleset.words().demand_words(&throw.demand);
    let (caught, shielded) = caught_by(&battle, &throw.weapon, at, None);
    Ok(BlastPreview {
        weapon: throw.weapon.name.clone(),
        words,
        chance,
        rings: ruleset.blast_rings(&throw.weapon.damage),
        caught: caught
            .into_iter()
            .map(|(unit, ring, _)| (unit, ring))
            .collect(),
        shielded: shielded.into_iter().map(|(unit, _)| unit).collect(),
    })
}

/// How many D4s a miss flies, by the range band it was aimed at.
fn band_dice(band: RangeBand) -> u32 {
    match band {
        RangeBand::Touch | RangeBand::Base => 1,
        RangeBand::Long => 2,
        RangeBand::VeryLong | RangeBand::OutOfRange => 3,
    }
}

/// Roll where a miss lands: 1D8 for the direction, `dice` D4s for the yards; it stops short of
/// anything that blocks movement and of the map's edge.
fn scatter(battle: &mut Battle, weapon: &str, from: Tile, dice: u32) -> Tile {
    let direction = battle.die(8);
    let yards: Vec<_> = (0..dice).map(|_| battle.die(SCATTER_DIE)).collect();
    let distance = yards.iter().map(|die| die.face).sum();
    let ((dx, dy), steps) = scatter_steps(direction.face, distance);
    let map = &battle.scenario.map;
    let mut landing = from;
    for _ in 0..steps {
        match landing.offset(dx, dy) {
            Some(next) if map.walkable(next) => landing = next,
            _ => break,
        }
    }
    battle.emit(EventKind::Scattered {
        weapon: weapon.to_string(),
        from,
        to: landing,
        direction,
        yards,
    });
    landing
}

/// Who an explosive going off at `centre` catches: every unit within its rings as the rulebook
/// draws them, with its ring, unless something that blocks sight stands between it and the centre (those
/// are shielded, with the tile that shields them); a directional mine reaches only sixty degrees
/// either side of `facing`. A weapon with no blast (a Molotov) catches only whoever is on the
/// tile.
fn caught_by(
    battle: &Battle,
    weapon: &Weapon,
    centre: Tile,
    facing: Option<(i32, i32)>,
) -> (Vec<(UnitId, usize, DamageReach)>, Vec<(UnitId, Tile)>) {
    let rings = battle.scenario.ruleset.blast_rings(&weapon.damage);
    let mut caught = Vec::new();
    let mut shielded = Vec::new();
    for unit in battle.unit_ids() {
        let Some(at) = battle.position(unit) else {
            continue;
        };
        if battle.vitals(unit).vital == Vital::Dead {
            continue;
        }
        if rings.is_empty() {
            if at == centre {
                caught.push((unit, 0, DamageReach::Full));
            }
            continue;
        }
        let Some(ring) = ring_at(&rings, distance_squared(centre, at)) else {
            continue;
        };
        let direction = (
            i64::from(at.x) - i64::from(centre.x),
            i64::from(at.y) - i64::from(centre.y),
        );
        if let Some((x, y)) = facing
            && direction != (0, 0)
            && !within_sixty_degrees((i64::from(x), i64::from(y)), direction)
        {
            continue;
        }
        match line_of_fire(&battle.scenario.map, centre, at) {
            LineOfFire::Blocked { at: wall } => shielded.push((unit, wall)),
            LineOfFire::Clear | LineOfFire::HalfConcealed { .. } => {
                caught.push((unit, ring, rings[ring].reach));
            }
        }
    }
    (caught, shielded)
}

/// An explosive goes off at `centre`: everyone it catches rolls their own damage for their
/// ring (see [`caught_by`]), or, where the rulebook keeps injuries, takes one of the throw's
/// `net` less its own dodge, with its band's severity; a burning weapon may set them alight.
pub(super) fn detonate(
    battle: &mut Battle,
    by: UnitId,
    weapon: &Weapon,
    (centre, facing): (Tile, Option<(i32, i32)>),
    net: i32,
) {
    battle.emit(EventKind::Exploded {
        weapon: weapon.name.clone(),
        at: centre,
        radius: weapon.blast_radius_yards(),
    });
    let damage_bonus = battle.spec(by).derived.damage_bonus.clone();
    let rings = battle.scenario.ruleset.blast_rings(&weapon.damage);
    let (caught, shielded) = caught_by(battle, weapon, centre, facing);
    let hooks = super::hooks::of(battle);
    for (unit, wall) in shielded {
        battle.emit(EventKind::Shielded { unit, by: wall });
    }
    for (unit, ring, reach) in caught {
        if let Some(characteristic) = rings.get(ring).and_then(|ring| ring.stun) {
            stun(battle, unit, characteristic);
            continue;
        }
        // Where the rulebook reads the ring's harm off a fresh roll, it lands as a hit does.
        if let Some(read) = rings.get(ring).and_then(|ring| ring.read_off) {
            let rolled =
                hooks.blast_harm_off_the_roll(battle, (by, unit), &weapon.name, centre, read);
            if let Some(rolled) = rolled.filter(|rolled| !rolled.is_nothing()) {
                let blow = Blow {
                    part: rolled.part,
                    ..Blow::caught(rolled.roll.total)
                };
                wounds::harm(battle, rolled.shield.unwrap_or(unit), Some(by), blow);
                effects::after_hit(battle, unit, &weapon.damage, weapon.stuns_up_to_build);
            }
            continue;
        }
        // A ring that does no damage only catches (a burning bottle's, which sets alight).
        if rings.get(ring).is_some_and(|ring| ring.share <= 0.0) {
            effects::after_hit(battle, unit, &weapon.damage, weapon.stuns_up_to_build);
            continue;
        }
        if hooks.blast_injury(
            battle,
            (unit, by),
            net,
            (rings.get(ring), centre),
            &weapon.skill,
        ) {
            effects::after_hit(battle, unit, &weapon.damage, weapon.stuns_up_to_build);
            continue;
        }
        let roll = battle.roll_damage(
            by,
            unit,
            &weapon.name,
            &weapon.damage,
            reach,
            &damage_bonus,
            DamageQuality::Normal,
        );
        wounds::harm(battle, unit, Some(by), Blow::caught(roll.total));
        effects::after_hit(battle, unit, &weapon.damage, weapon.stuns_up_to_build);
    }
}

/// A unit caught in a blast's stun ring, still on its feet, rolls `characteristic`; failed, it
/// does nothing more this round.
fn stun(battle: &mut Battle, unit: UnitId, characteristic: &str) {
    if battle.standing(unit)
        && !battle
            .roll_own_characteristic(unit, (characteristic, characteristic), Vec::new())
            .success
    {
        effects::stun_for_round(battle, unit);
    }
}

/// Set a charge or a mine on the unit's tile or one beside it: a roll of its skill (a
/// malfunction or failure leaves a dud, a fumble sets it off at once); with a fuse it goes off
/// at the end of the round that many rounds on, without one it waits for a foot.
pub(super) fn set_charge(
    battle: &mut Battle,
    unit: UnitId,
    choice: WeaponChoice,
    at: Tile,
    fuse: Option<u32>,
) -> Result<(), Rejection> {
    battle.action_available(unit)?;
    let (index, weapon) = carried_weapon(battle, unit, choice, &[AttackForm::Placed])?;
    usable_now(battle, unit, index)?;
    if rounds_left(battle, unit, index, &weapon) == 0 {
        return Err(Rejection::OutOfAmmunition(format!(
            "no {} left",
            weapon.name
        )));
    }
    let from = battle
        .position(unit)
        .ok_or(Rejection::CannotAct("not on the map".to_string()))?;
    if at != from && !from.is_adjacent(at) {
        return Err(Rejection::OutOfReach(format!(
            "{at} is not the unit's tile or one beside it"
        )));
    }
    if !battle.scenario.map.walkable(at) || battle.unit_at(at).is_some_and(|other| other != unit) {
        return Err(Rejection::NoLineOfFire(format!("{at} is not open ground")));
    }
    if fuse.is_some_and(|rounds| rounds > LONGEST_FUSE) {
        return Err(Rejection::WrongWeapon(format!(
            "a fuse burns at most {LONGEST_FUSE} rounds"
        )));
    }
    if battle.flow().charges.iter().any(|charge| charge.at == at) {
        return Err(Rejection::WrongWeapon(format!(
            "a charge is already set at {at}"
        )));
    }
    battle.change_turn(|turn| turn.action_used = true);
    let_fly(battle, unit, index, &weapon);
    let skill = battle.skill(unit, &weapon.skill);
    let check = battle.roll(
        unit,
        RollPurpose::Skill(weapon.skill.clone()),
        &Demand::new(skill, Vec::new()).with_weapon(weapon.malfunction, weapon.impale),
    );
    battle.emit(EventKind::ChargeSet {
        unit,
        weapon: weapon.name.clone(),
        at,
        fuse,
    });
    if check.level == SuccessLevel::Fumble && !check.malfunction {
        detonate(battle, unit, &weapon, (at, None), 0);
        return Ok(());
    }
    let facing = weapon.directional.then(|| {
        (
            i32::try_from(i64::from(at.x) - i64::from(from.x)).unwrap_or(0),
            i32::try_from(i64::from(at.y) - i64::from(from.y)).unwrap_or(0),
        )
    });
    let round = battle.round();
    battle.flow_mut().charges.push(Charge {
        owner: unit,
        weapon: index,
        at,
        fuse: fuse.map(|rounds| round + rounds),
        facing: facing.filter(|direction| *direction != (0, 0)),
        dud: !check.success || check.malfunction,
    });
    Ok(())
}

/// A charge goes off (or fizzles, if it was badly set).
fn go_off(battle: &mut Battle, charge: Charge) {
    let Some(weapon) = battle.carried(charge.owner, charge.weapon).cloned() else {
        return;
    };
    if charge.dud {
        battle.emit(EventKind::Dud {
            weapon: weapon.name,
            at: charge.at,
        });
        return;
    }
    detonate(battle, charge.owner, &weapon, (charge.at, charge.facing), 0);
}

/// At the end of a round, the charges whose fuses have burnt down go off.
pub(super) fn fuses_burn_down(battle: &mut Battle) {
    let round = battle.round();
    let (due, waiting): (Vec<Charge>, Vec<Charge>) = battle
        .flow()
        .charges
        .iter()
        .partition(|charge| charge.fuse.is_some_and(|fuse| fuse <= round));
    battle.flow_mut().charges = waiting;
    for charge in due {
        go_off(battle, charge);
    }
}

/// The first tile of a path holding a mine its walker does not know of (mines of the walker's
/// own side are known, and walked around).
pub(super) fn mine_on(battle: &Battle, unit: UnitId, path: &[Tile]) -> Option<Tile> {
    let side = battle.spec(unit).side;
    path.iter().copied().find(|tile| {
        battle.flow().charges.iter().any(|charge| {
            charge.at == *tile && charge.fuse.is_none() && battle.spec(charge.owner).side != side
        })
    })
}

/// Tiles holding mines of the unit's own side: it knows where they are and keeps off them.
pub(super) fn known_mines(battle: &Battle, unit: UnitId) -> Vec<Tile> {
    let side = battle.spec(unit).side;
    battle
        .flow()
        .charges
        .iter()
        .filter(|charge| charge.fuse.is_none() && battle.spec(charge.owner).side == side)
        .map(|charge| charge.at)
        .collect()
}

/// A unit steps on a mine at `at`: it goes off beneath it.
pub(super) fn trigger_mine(battle: &mut Battle, unit: UnitId, at: Tile) {
    let Some(position) = battle
        .flow()
        .charges
        .iter()
        .position(|charge| charge.at == at && charge.fuse.is_none())
    else {
        return;
    };
    let charge = battle.flow_mut().charges.remove(position);
    battle.emit(EventKind::MineTriggered { unit, at });
    go_off(battle, charge);
}
