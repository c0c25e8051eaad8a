//! The weapons a unit carries, as the fight uses them up: which one it holds ready, whether it
//! can be used this round, the rounds left in it, loading it, and its jams and malfunctions.

use super::command::{Rejection, WeaponChoice};
use super::event::EventKind;
use super::state::Battle;
use super::{Jam, UnitId};
use crate::rules::firearms::{rounds_ready, spend};
use crate::rules::roll::Demand;
use crate::rules::roll::RollPurpose;
use crate::rules::skills::MECHANICAL_REPAIR;
use crate::rules::weapons::{AttackForm, Feed, MalfunctionKind, Weapon};

/// A unit's carried weapon, if it attacks in one of `forms`.
pub(super) fn carried_weapon(
    battle: &Battle,
    unit: UnitId,
    choice: WeaponChoice,
    forms: &[AttackForm],
) -> Result<(usize, Weapon), Rejection> {
    battle.usable_weapon(unit, choice)?;
    let WeaponChoice::Carried(index) = choice else {
        return Err(Rejection::WrongWeapon(
            "bare hands and natural attacks reach only the tiles around".to_string(),
        ));
    };
    let weapon = battle.spec(unit).weapons[index].weapon.clone();
    if forms.contains(&weapon.attack_form()) {
        Ok((index, weapon))
    } else {
        Err(Rejection::WrongWeapon(format!(
            "the {} is not used that way",
            weapon.name
        )))
    }
}

/// Refuse a weapon that is jammed, or that fires only every second (third, fourth) round and
/// was used too recently.
pub(super) fn usable_now(battle: &Battle, unit: UnitId, index: usize) -> Result<(), Rejection> {
    let state = battle.arsenal(unit).state(index);
    if state.jam.is_some() {
        return Err(Rejection::Jammed);
    }
    let every = battle
        .carried(unit, index)
        .map_or(1, |weapon| weapon.uses.every);
    match state.last_used {
        Some(round) if every > 1 && battle.round() < round + every => {
            Err(Rejection::NotReadyUntil(round + every))
        }
        _ => Ok(()),
    }
}

/// How many of a weapon the unit can still throw (or rounds it can still fire).
pub fn rounds_left(battle: &Battle, unit: UnitId, index: usize, weapon: &Weapon) -> u32 {
    let arsenal = battle.arsenal(unit);
    match weapon.feed() {
        Feed::Nothing => u32::from(!arsenal.lost.contains(&index)),
        feed => rounds_ready(feed, arsenal.state(index).ammunition),
    }
}

/// One round (or one of a thrown weapon) used this round.
pub fn spend_one(battle: &mut Battle, unit: UnitId, index: usize, weapon: &Weapon) {
    let round = battle.round();
    let feed = weapon.feed();
    battle.change_weapon_state(unit, index, |state| {
        state.last_used = Some(round);
        state.ammunition = spend(feed, state.ammunition, 1);
    });
}

/// A weapon leaves the thrower's hand: a rock or spear lies where it fell (lost for the fight),
/// a shuriken or stick of dynamite is used up and the next one, if any, is in hand.
pub(super) fn let_fly(battle: &mut Battle, unit: UnitId, index: usize, weapon: &Weapon) {
    spend_one(battle, unit, index, weapon);
    let feed = weapon.feed();
    if rounds_left(battle, unit, index, weapon) > 0 && feed != Feed::Nothing {
        return;
    }
    let fallback = if battle.spec(unit).natural_attacks.is_empty() {
        WeaponChoice::Unarmed
    } else {
        WeaponChoice::Natural(0)
    };
    battle.change_arsenal(unit, |arsenal| {
        if !arsenal.lost.contains(&index) {
            arsenal.lost.push(index);
        }
        if arsenal.in_hand == WeaponChoice::Carried(index) {
            arsenal.in_hand = fallback;
        }
    });
}

/// The weapon did not fire: a dud, or a jam that takes 1D6 rounds of work to clear (or the
/// rounds the rulebook sets).
pub(super) fn malfunction(battle: &mut Battle, unit: UnitId, index: usize) -> MalfunctionKind {
    let Some(weapon) = battle.carried(unit, index).cloned() else {
        return MalfunctionKind::Dud;
    };
    let kind = weapon.malfunction_kind();
    let jammed = kind == MalfunctionKind::Jam;
    let set_work = battle
        .scenario
        .ruleset
        .firearm_rules()
        .jam_work
        .filter(|_| jammed);
    let work = (jammed && set_work.is_none()).then(|| battle.die(6));
    if let Some(work_left) = work.map(|die| die.face).or(set_work) {
        battle.change_weapon_state(unit, index, |state| {
            state.jam = Some(Jam { work_left });
        });
    }
    battle.emit(EventKind::Malfunctioned {
        unit,
        weapon: weapon.name,
        outcome: kind,
        work,
        rounds: set_work,
    });
    kind
}

/// Load a weapon: two rounds, a fresh magazine, or half a belt. Takes the action.
pub(super) fn reload(
    battle: &mut Battle,
    unit: UnitId,
    choice: WeaponChoice,
) -> Result<(), Rejection> {
    battle.action_available(unit)?;
    let (index, weapon) = carried_weapon(
        battle,
        unit,
        choice,
        &[
            AttackForm::Shot,
            AttackForm::Thrown,
            AttackForm::Lobbed,
            AttackForm::Placed,
        ],
    )?;
    let state = battle.arsenal(unit).state(index);
    if state.jam.is_some() {
        return Err(Rejection::Jammed);
    }
    let after = crate::rules::firearms::reload(weapon.feed(), weapon.capacity(), state.ammunition)
        .map_err(Rejection::CannotReload)?;
    battle.change_turn(|turn| turn.action_used = true);
    battle.change_weapon_state(unit, index, |state| state.ammunition = after);
    battle.emit(EventKind::Reloaded {
        unit,
        weapon: weapon.name,
        loaded: after.loaded,
        spare: after.spare,
        half_done: after.belt_half_changed,
    });
    Ok(())
}

/// Work on a jammed weapon: a round of work at a time; once the 1D6 rounds are done, a
/// Mechanical Repair or Firearms roll (the better) clears it, tried again each round until it
/// does.
pub(super) fn clear_jam(
    battle: &mut Battle,
    unit: UnitId,
    choice: WeaponChoice,
) -> Result<(), Rejection> {
    battle.action_available(unit)?;
    battle.usable_weapon(unit, choice)?;
    let WeaponChoice::Carried(index) = choice else {
        return Err(Rejection::NotJammed);
    };
    let Some(jam) = battle.arsenal(unit).state(index).jam else {
        return Err(Rejection::NotJammed);
    };
    let weapon = battle.spec(unit).weapons[index].weapon.clone();
    battle.change_turn(|turn| turn.action_used = true);
    let work_left = jam.work_left.saturating_sub(1);
    battle.change_weapon_state(unit, index, |state| {
        state.jam = Some(Jam { work_left });
    });
    battle.emit(EventKind::JamWorkedOn {
        unit,
        weapon: weapon.name.clone(),
        rounds_left: work_left,
    });
    if work_left > 0 {
        return Ok(());
    }
    let (skill_name, skill) = [MECHANICAL_REPAIR, weapon.skill.as_str()]
        .into_iter()
        .map(|name| (name, battle.skill(unit, name)))
        .max_by_key(|(_, value)| *value)
        .unwrap_or((MECHANICAL_REPAIR, 0));
    let check = battle.roll(
        unit,
        RollPurpose::Skill(skill_name.to_string()),
        &Demand::new(skill, Vec::new()),
    );
    if check.success {
        battle.change_weapon_state(unit, index, |state| state.jam = None);
        battle.emit(EventKind::JamCleared {
            unit,
            weapon: weapon.name,
        });
    }
    Ok(())
}

pub(super) fn ready(
    battle: &mut Battle,
    unit: UnitId,
    weapon: WeaponChoice,
) -> Result<(), Rejection> {
    battle.own_turn(unit)?;
    if let WeaponChoice::Carried(index) = weapon
        && let Some(&(_, target, round)) = battle
            .arsenal(unit)
            .stuck
            .iter()
            .find(|(stuck, ..)| *stuck == index)
    {
        return work_free(battle, unit, index, target, round);
    }
    battle.usable_weapon(unit, weapon)?;
    take_in_hand(battle, unit, weapon);
    Ok(())
}

/// Put a weapon the unit may use in its hand (a gun drawn marks the round it was drawn in).
pub(super) fn take_in_hand(battle: &mut Battle, unit: UnitId, weapon: WeaponChoice) {
    let spec = battle.spec(unit);
    let name = match weapon {
        WeaponChoice::Carried(index) => spec.weapons[index].weapon.name.clone(),
        WeaponChoice::Natural(index) => spec.natural_attacks[index].name.clone(),
        WeaponChoice::Unarmed | WeaponChoice::Body(_) => spec.attack_name(weapon),
    };
    battle.change_arsenal(unit, |arsenal| {
        arsenal.in_hand = weapon;
        arsenal.dropped = None;
    });
    super::hooks::of(battle).weapon_readied(battle, unit, weapon);
    battle.emit(EventKind::ReadiedWeapon { unit, weapon: name });
}

/// An impaling blow with a hand-to-hand weapon leaves it stuck in `target`, where the rulebook
/// says so: the wielder fights on with bare hands until it works the weapon free.
pub fn stick(battle: &mut Battle, unit: UnitId, index: usize, target: UnitId) {
    let round = battle.round();
    battle.change_arsenal(unit, |arsenal| {
        arsenal.lost.push(index);
        arsenal.stuck.push((index, target, round));
        arsenal.in_hand = WeaponChoice::Unarmed;
    });
    let weapon = battle.spec(unit).weapons[index].weapon.name.clone();
    battle.emit(EventKind::WeaponStuck {
        unit,
        weapon,
        target,
    });
}

/// Work a stuck weapon free: from a later round than it stuck, beside the one it is in, a roll
/// of its skill for the action; it comes out doing no harm, and is in hand again.
fn work_free(
    battle: &mut Battle,
    unit: UnitId,
    index: usize,
    target: UnitId,
    round: u32,
) -> Result<(), Rejection> {
    let name = battle.spec(unit).weapons[index].weapon.name.clone();
    if battle.round() <= round {
        return Err(Rejection::NotNow(format!(
            "the {name} stuck this round: it can be worked free from the next"
        )));
    }
    let beside = battle
        .position(unit)
        .zip(battle.position(target))
        .is_some_and(|(here, there)| here.is_adjacent(there));
    if !beside {
        return Err(Rejection::OutOfReach(format!(
            "the {name} is stuck in {}",
            battle.spec(target).name
        )));
    }
    battle.action_available(unit)?;
    battle.change_turn(|turn| turn.action_used = true);
    let skill = battle.spec(unit).weapons[index].weapon.skill.clone();
    let made_it = battle.roll_skill(unit, &skill, Vec::new()).success;
    if made_it {
        battle.change_arsenal(unit, |arsenal| {
            arsenal.lost.retain(|lost| *lost != index);
            arsenal.stuck.retain(|(stuck, ..)| *stuck != index);
            arsenal.in_hand = WeaponChoice::Carried(index);
        });
    }
    battle.emit(EventKind::WeaponFreed {
        unit,
        weapon: name,
        made_it,
    });
    Ok(())
}

/// The weapon in `target`'s hand is knocked out of it.
pub fn disarm(battle: &mut Battle, target: UnitId) {
    let WeaponChoice::Carried(index) = battle.arsenal(target).in_hand else {
        return;
    };
    let name = battle.spec(target).weapons[index].weapon.name.clone();
    let fallback = if battle.spec(target).natural_attacks.is_empty() {
        WeaponChoice::Unarmed
    } else {
        WeaponChoice::Natural(0)
    };
    battle.change_arsenal(target, |arsenal| {
        arsenal.lost.push(index);
        arsenal.in_hand = fallback;
    });
    battle.emit(EventKind::Disarmed {
        unit: target,
        weapon: name,
    });
}

/// Drop the weapon in hand, if it holds one: its name. It stays the unit's, to be taken up
/// again by readying it.
pub fn drop_weapon(battle: &mut Battle, unit: UnitId) -> Option<String> {
    let WeaponChoice::Carried(index) = battle.arsenal(unit).in_hand else {
        return None;
    };
    battle.change_arsenal(unit, |arsenal| {
        arsenal.in_hand = WeaponChoice::Unarmed;
        arsenal.dropped = Some(index);
    });
    Some(battle.spec(unit).weapons[index].weapon.name.clone())
}
