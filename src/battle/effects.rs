//! What some weapons do beyond damage: setting a target alight (burn) or stunning it; fire
//! burning on round after round until put out, and stunned units losing their turns.

use super::command::Rejection;
use super::event::EventKind;
use super::state::Battle;
use super::wounds::{Blow, harm};
use super::{Idle, UnitId, Vital};
use crate::rules::damage::{DamageEffect, DamageNotation};
use crate::rules::explosions::Burning;
use crate::rules::roll_harm::RollHit;

/// After a hit with `damage`: a burning weapon sets the target alight, unless the rulebook's
/// roll against it keeps it from catching (CoC's Luck); then what the weapon's other effects do
/// where the rulebook says (CoC's stun, for a weapon stunning up to `stun_limit` Build).
pub(super) fn after_hit(
    battle: &mut Battle,
    target: UnitId,
    damage: &DamageNotation,
    stun_limit: Option<i32>,
) {
    if battle.vitals(target).vital == Vital::Dead || battle.position(target).is_none() {
        return;
    }
    let hooks = super::hooks::of(battle);
    if damage.effects.contains(&DamageEffect::Burn)
        && battle.condition(target).burning.is_none()
        && !hooks.resists_fire(battle, target)
    {
        let minimum = damage
            .formulas()
            .first()
            .map_or(1, |formula| formula.weapon_minimum());
        let round = battle.round();
        battle.change_condition(target, |condition| {
            condition.burning = Some(Burning {
                since_round: round,
                minimum,
                rounds_burnt: 0,
            });
        });
        battle.emit(EventKind::CaughtFire { unit: target });
    }
    hooks.hit_effects(battle, target, damage, stun_limit);
}

/// Stunned (the western: by a blast's outer ring, or a knockout blow it stayed on its feet
/// through): the unit does nothing more this round.
pub fn stun_for_round(battle: &mut Battle, unit: UnitId) {
    let round = battle.round();
    battle.change_condition(unit, |condition| condition.idle_for(round, Idle::Stunned));
    battle.emit(EventKind::StunnedForRound { unit });
}

/// At the end of a round every burning unit on the map takes its fire's damage, which armor does
/// not stop: the weapon's least damage the round after it caught, doubled each round after; or
/// where the rulebook reads the fire off a fresh d100 each round (the d100 house sheet), that
/// roll read as the rulebook says for the rounds it has burnt.
pub(super) fn burn(battle: &mut Battle) {
    let round = battle.round();
    let ruleset = battle.scenario.ruleset.clone();
    let roll_harm = ruleset.mechanisms().roll_harm;
    for unit in battle.unit_ids() {
        let Some(burning) = battle.condition(unit).burning else {
            continue;
        };
        if battle.position(unit).is_none() || battle.vitals(unit).vital == Vital::Dead {
            continue;
        }
        let rounds_burnt = burning.rounds_burnt.saturating_add(1);
        let damage = match roll_harm.map(|harm| harm.burn(rounds_burnt)) {
            Some(read) => {
                battle.change_condition(unit, |condition| {
                    if let Some(fire) = &mut condition.burning {
                        fire.rounds_burnt = rounds_burnt;
                    }
                });
                let hit = RollHit::fresh(battle.die(100).face, read);
                let Some(roll) = roll_harm.and_then(|harm| harm.damage(&hit)) else {
                    continue;
                };
                battle.emit(EventKind::DamageRolled {
                    unit,
                    target: unit,
                    weapon: "fire".to_string(),
                    roll: roll.clone(),
                });
                roll.total
            }
            None => burning.damage_at_end_of(round),
        };
        if damage == 0 {
            continue;
        }
        battle.emit(EventKind::Burned { unit, damage });
        harm(battle, unit, None, Blow::unstoppable(damage));
    }
}

/// Put out the fire on a unit.
pub fn put_out(battle: &mut Battle, unit: UnitId) {
    if battle.condition(unit).burning.is_some() {
        battle.change_condition(unit, |condition| condition.burning = None);
        battle.emit(EventKind::FireOut { unit });
    }
}

/// Beat out the flames: on oneself (rolling on the ground, which leaves the unit prone) or on
/// a unit beside. Takes the action, and always works.
pub(super) fn extinguish(
    battle: &mut Battle,
    unit: UnitId,
    patient: UnitId,
) -> Result<(), Rejection> {
    battle.action_available(unit)?;
    battle.known(patient)?;
    let (Some(from), Some(to)) = (battle.position(unit), battle.position(patient)) else {
        return Err(Rejection::NotBurning("the unit is not here".to_string()));
    };
    if patient != unit && !from.is_adjacent(to) {
        return Err(Rejection::OutOfReach(format!(
            "{} is not beside {}",
            battle.spec(patient).name,
            battle.spec(unit).name
        )));
    }
    if battle.condition(patient).burning.is_none() {
        return Err(Rejection::NotBurning(battle.spec(patient).name.clone()));
    }
    battle.change_turn(|turn| turn.action_used = true);
    put_out(battle, patient);
    if patient == unit {
        battle.fall_prone(unit);
    }
    Ok(())
}
