//! The keeper's hand on the battle: typed-in dice, corrections to a unit's state, units brought
//! in or taken off, hidden units shown, rolls called for. Each is a command like any other, so
//! a replay carries it and plays it the same.

use super::command::{Adjustment, KeeperOrder, Rejection};
use super::event::{EventKind, Reveal};
use super::state::Battle;
use super::{BattleDice, Phase, Presence, Vital, flow, hiding};
use crate::map::Tile;
use crate::map::scenario::UnitFile;
use crate::rules::damage::{DamagePart, DamageQuality, DamageRoll, DamageSource};
use crate::rules::wounds::WoundBlow;

/// The most faces one entry may hold.
pub const MOST_FACES_ENTERED: usize = 100;

/// The largest face a die the battle rolls can show.
const LARGEST_DIE: u32 = 100;

/// Check and carry out a keeper's order.
pub(super) fn carry_out(battle: &mut Battle, order: &KeeperOrder) -> Result<(), Rejection> {
    if let Some(unit) = order.unit() {
        battle.known(unit)?;
    }
    if !matches!(
        order,
        KeeperOrder::EnterDice { .. } | KeeperOrder::Reveal { .. }
    ) && matches!(battle.flow().phase, Phase::Defending(_))
    {
        return refuse("not while an attack waits for its answer");
    }
    match order {
        KeeperOrder::EnterDice { faces } => enter_dice(battle, faces),
        KeeperOrder::Adjust { unit, change } => adjust(battle, *unit, change),
        KeeperOrder::Bring { unit, at } => bring(battle, *unit, *at),
        KeeperOrder::Enlist { unit } => enlist(battle, unit),
        KeeperOrder::Reveal { unit } => {
            if !battle.condition(*unit).hidden {
                return refuse("the unit is not hidden");
            }
            hiding::reveal(battle, *unit, Reveal::Keeper);
            Ok(())
        }
        KeeperOrder::Roll {
            unit,
            skill,
            secret,
        } => roll(battle, *unit, skill, *secret),
        KeeperOrder::Fall {
            unit,
            feet,
            controlled,
        } => fall(battle, *unit, *feet, *controlled),
    }
}

/// The highest fall the keeper may order, in feet.
const HIGHEST_FALL: u32 = 1000;

/// `unit` falls `feet`: a die of the rulebook's for each step of height, the highest dropped
/// for a `controlled` fall where the rulebook says so (every die logged), taken as a blow
/// nothing stops.
fn fall(
    battle: &mut Battle,
    unit: super::UnitId,
    feet: u32,
    controlled: bool,
) -> Result<(), Rejection> {
    let Some(falling) = battle.scenario.ruleset.mechanisms().falling else {
        return refuse(&format!("{} has no falls", battle.scenario.ruleset.name()));
    };
    if battle.position(unit).is_none() || battle.vitals(unit).vital == Vital::Dead {
        return refuse("the unit is not on the map, or is dead");
    }
    if feet == 0 || feet > HIGHEST_FALL {
        return refuse(&format!("a fall is 1 to {HIGHEST_FALL} feet"));
    }
    let dice: Vec<_> = (0..falling.dice(feet))
        .map(|_| battle.die(falling.die))
        .collect();
    let faces: Vec<u32> = dice.iter().map(|die| die.face).collect();
    let dropped = falling.dropped(&faces, controlled);
    let total: u32 = faces
        .iter()
        .enumerate()
        .filter(|(at, _)| Some(*at) != dropped)
        .map(|(_, face)| face)
        .sum();
    battle.emit(EventKind::DamageRolled {
        unit,
        target: unit,
        weapon: if dropped.is_some() {
            "a controlled fall (the highest die dropped)"
        } else {
            "a fall"
        }
        .to_string(),
        roll: DamageRoll {
            quality: DamageQuality::Normal,
            parts: vec![DamagePart {
                source: DamageSource::Weapon,
                dice,
                value: i32::try_from(total).unwrap_or(i32::MAX),
            }],
            divisor: 1,
            total,
        },
    });
    if total > 0 {
        super::wounds::harm(battle, unit, None, super::wounds::Blow::unstoppable(total));
    }
    Ok(())
}

fn refuse(why: &str) -> Result<(), Rejection> {
    Err(Rejection::KeeperRefused(why.to_string()))
}

fn enter_dice(battle: &mut Battle, faces: &[u32]) -> Result<(), Rejection> {
    if faces.is_empty() || faces.len() > MOST_FACES_ENTERED {
        return refuse(&format!("enter 1 to {MOST_FACES_ENTERED} faces"));
    }
    if let Some(face) = faces.iter().find(|face| !(1..=LARGEST_DIE).contains(*face)) {
        return refuse(&format!(
            "{face} is no face of a die (1 to {LARGEST_DIE}; a d10's 0 is 10)"
        ));
    }
    battle
        .world
        .resource_mut::<BattleDice>()
        .dice
        .load(faces.iter().copied());
    battle.emit(EventKind::DiceEntered {
        faces: faces.to_vec(),
    });
    Ok(())
}

fn adjust(battle: &mut Battle, unit: super::UnitId, change: &Adjustment) -> Result<(), Rejection> {
    let on_map = battle.position(unit).is_some();
    if !on_map {
        return refuse("the unit is not on the map");
    }
    let grappling = {
        let condition = battle.condition(unit);
        condition.held_by.is_some() || condition.holding.is_some()
    };
    // The state hit points set by hand leave the unit in, by its rulebook's sheet.
    let set_to = match change {
        Adjustment::HitPoints(hit_points) => Some(vital_at(battle, unit, *hit_points)),
        _ => None,
    };
    let moves_or_drops = matches!(change, Adjustment::Place(_) | Adjustment::Remove)
        || set_to.is_some_and(|vital| vital != Vital::Conscious);
    if grappling && moves_or_drops {
        return refuse("it holds or is held: part them first (release, or let it break free)");
    }
    let before = battle.vitals(unit);
    if before.vital == Vital::Dead && matches!(change, Adjustment::HitPoints(_)) {
        return refuse("the dead stay dead");
    }
    match *change {
        Adjustment::HitPoints(hit_points) => {
            if hit_points > before.max_hit_points {
                return refuse(&format!(
                    "{hit_points} is more than its {} hit points",
                    before.max_hit_points
                ));
            }
            let mut after = before;
            after.hit_points = hit_points;
            after.below_zero = 0;
            after.vital = set_to.unwrap_or(before.vital);
            if after.vital == Vital::Dying && before.vital != Vital::Dying {
                after.dying_since = battle.round();
            }
            battle.set_vitals(unit, after);
            if !after.conscious() {
                battle.change_condition(unit, |condition| condition.prone = true);
            }
        }
        Adjustment::Ammunition {
            weapon,
            loaded,
            spare,
        } => {
            let Some(carried) = battle.carried(unit, weapon) else {
                return Err(Rejection::NoSuchWeapon);
            };
            let capacity = carried.capacity();
            if loaded > capacity {
                return refuse(&format!("it holds at most {capacity} rounds"));
            }
            battle.change_weapon_state(unit, weapon, |state| {
                state.ammunition.loaded = loaded;
                state.ammunition.spare = spare;
            });
        }
        Adjustment::Prone(prone) => {
            battle.change_condition(unit, |condition| condition.prone = prone);
        }
        Adjustment::HeldFast(held) => {
            battle.change_condition(unit, |condition| condition.held_fast = held);
        }
        Adjustment::Stunned(turns) => {
            battle.change_condition(unit, |condition| condition.stunned_turns = turns);
        }
        Adjustment::PutOut => {
            if battle.condition(unit).burning.is_none() {
                return Err(Rejection::NotBurning("nothing to put out".to_string()));
            }
            battle.change_condition(unit, |condition| condition.burning = None);
        }
        Adjustment::Place(at) => {
            free_tile(battle, at)?;
            battle.place(unit, Some(at));
        }
        Adjustment::Remove => {
            battle.change_condition(unit, |condition| condition.presence = Presence::Removed);
            battle.place(unit, None);
        }
    }
    battle.emit(EventKind::Adjusted {
        unit,
        change: change.clone(),
    });
    super::wounds::announce_change(battle, unit, before);
    if matches!(change, Adjustment::Remove) && battle.flow().acting() == Some(unit) {
        flow::end_turn(battle);
    }
    Ok(())
}

/// The state the rulebook's sheet gives `unit` at `hit_points`, as a wound taking it there
/// would leave it: one rule for both (the d100 house sheet's unit at 0 is dead and at 5 or less
/// out; CoC's at 0 out, or dying with a major wound; BRP's at 0 dying, at 1 or 2 out).
fn vital_at(battle: &Battle, unit: super::UnitId, hit_points: u32) -> Vital {
    let vitals = battle.vitals(unit);
    let reading = battle.scenario.ruleset.take_blow(&WoundBlow {
        damage: 0,
        hit_points,
        below_zero: 0,
        max_hit_points: vitals.max_hit_points,
        major_wound: vitals.major_wound,
        deliberate: false,
    });
    if reading.dead {
        Vital::Dead
    } else if reading.dying {
        Vital::Dying
    } else if reading.knocked_out {
        Vital::Unconscious
    } else {
        Vital::Conscious
    }
}

/// A tile a unit may be set down on: on the map, walkable, empty.
fn free_tile(battle: &Battle, at: Tile) -> Result<(), Rejection> {
    if !battle.scenario.map.walkable(at) {
        return refuse(&format!("{at} is not open ground"));
    }
    if battle.unit_at(at).is_some() {
        return refuse(&format!("someone is already at {at}"));
    }
    Ok(())
}

fn bring(battle: &mut Battle, unit: super::UnitId, at: Tile) -> Result<(), Rejection> {
    if battle.position(unit).is_some() {
        return refuse("the unit is already on the map");
    }
    if battle.condition(unit).presence == Presence::Fled {
        return refuse("the unit has left the battle");
    }
    free_tile(battle, at)?;
    battle.change_condition(unit, |condition| condition.presence = Presence::Present);
    battle.place(unit, Some(at));
    battle.emit(EventKind::UnitJoined { unit, at });
    Ok(())
}

/// A unit from outside the scenario joins the fight: checked as a scenario's unit is, on a
/// free tile.
fn enlist(battle: &mut Battle, unit: &UnitFile) -> Result<(), Rejection> {
    let spec = battle
        .scenario
        .check_recruit(unit)
        .map_err(|error| Rejection::KeeperRefused(error.problem()))?;
    let at = spec.start;
    free_tile(battle, at)?;
    let unit = battle.enlist(spec);
    battle.emit(EventKind::UnitJoined { unit, at });
    Ok(())
}

fn roll(
    battle: &mut Battle,
    unit: super::UnitId,
    skill: &str,
    secret: bool,
) -> Result<(), Rejection> {
    let name = skill.trim();
    let check = match battle.spec(unit).characteristics.by_name(name) {
        // Luck as it stands, less what has been spent.
        Some(_) if name.eq_ignore_ascii_case("luck") => {
            Some(battle.characteristic_check(name, battle.luck(unit), Vec::new()))
        }
        Some(value) => Some(battle.characteristic_check(name, value, Vec::new())),
        None => crate::rules::skills::find_skill(battle.scenario.ruleset.sheet().skills(), name)
            .map(|entry| battle.skill_check(unit, entry.name, Vec::new())),
    };
    let Some((purpose, demand)) = check else {
        return refuse(&format!(
            "the rulebook knows no skill or characteristic `{skill}`"
        ));
    };
    let (roll, _) = battle.roll_unrecorded(purpose, &demand);
    battle.emit(if secret {
        EventKind::RolledInSecret { unit, roll }
    } else {
        EventKind::Rolled { unit, roll }
    });
    Ok(())
}
