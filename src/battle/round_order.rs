//! What a unit brings to the round's order: its combat skill and a firearm in hand, a kept
//! initiative and its DEX roll, the order kept from the round before and the roll-offs kept.

use super::UnitId;
use super::command::WeaponChoice;
use super::state::Battle;
use crate::rules::initiative::{InitiativeEntry, KeptInitiative};
use crate::rules::percentile::SuccessLevel;
use crate::rules::roll::RollPurpose;
use crate::rules::round::Slot;
use crate::rules::weapons::{AttackForm, Weapon};

/// What an initiative roll is for, in the log.
const INITIATIVE: &str = "Initiative";

/// The combat skill that breaks DEX ties: the skill of the weapon in hand.
pub(super) fn combat_skill(battle: &Battle, unit: UnitId) -> u32 {
    let spec = battle.spec(unit);
    match battle.arsenal(unit).in_hand {
        WeaponChoice::Carried(index) => spec
            .weapons
            .get(index)
            .map_or(0, |carried| battle.skill(unit, &carried.weapon.skill)),
        WeaponChoice::Natural(index) => spec
            .natural_attacks
            .get(index)
            .map_or(0, |attack| attack.skill),
        WeaponChoice::Unarmed | WeaponChoice::Body(_) => {
            battle.skill(unit, battle.scenario.ruleset.sheet().unarmed_skill())
        }
    }
}

/// Whether the unit carries a firearm it has not lost.
pub(super) fn carries_firearm(battle: &Battle, unit: UnitId) -> bool {
    let lost = &battle.arsenal(unit).lost;
    battle
        .spec(unit)
        .weapons
        .iter()
        .enumerate()
        .any(|(index, carried)| {
            !lost.contains(&index) && carried.weapon.attack_form() == AttackForm::Shot
        })
}

/// The firearm (or bow) the unit holds ready, if it holds one.
pub(super) fn firearm_in_hand<'a>(battle: &'a Battle, unit: UnitId) -> Option<&'a Weapon> {
    match battle.arsenal(unit).in_hand {
        WeaponChoice::Carried(index) => battle
            .spec(unit)
            .weapons
            .get(index)
            .map(|carried| &carried.weapon)
            .filter(|weapon| weapon.attack_form() == AttackForm::Shot),
        _ => None,
    }
}

/// Where the rulebook fixes the order for the battle (the western), the order kept, less those
/// no longer acting; `None` to plan the round afresh (every rulebook else, the first round, or a
/// unit the kept order does not place, one arrived since).
pub(super) fn kept_order(battle: &Battle, entries: &[InitiativeEntry]) -> Option<Vec<Slot>> {
    let kept = &battle.flow().kept_order;
    let placed = |unit: u16| kept.iter().any(|slot| slot.unit == unit);
    (battle.scenario.ruleset.mechanisms().kept_order
        && !kept.is_empty()
        && entries.iter().all(|entry| placed(entry.unit)))
    .then(|| {
        kept.iter()
            .filter(|slot| entries.iter().any(|entry| entry.unit == slot.unit))
            .copied()
            .collect()
    })
}

/// A kept initiative keeps the die its unit rolled off a tie with: the next round's tie is
/// broken the same way, not rolled again.
pub(super) fn keep_roll_offs(battle: &mut Battle, slots: &[Slot]) {
    let mut flow = battle.flow_mut();
    for slot in slots {
        if let Some(kept) = flow.kept_initiative.get_mut(&UnitId(slot.unit)) {
            kept.roll_off = kept.roll_off.or(slot.tie_roll);
        }
    }
}

/// Initiative kept for the combat, where the rulebook rolls it once: a unit rolls it when it
/// first takes part, with no wound or other penalty, and keeps the net.
pub(super) fn kept_initiative(battle: &mut Battle, unit: UnitId) -> Option<KeptInitiative> {
    if let Some(kept) = battle.flow().kept_initiative.get(&unit) {
        return Some(*kept);
    }
    let ruleset = battle.scenario.ruleset.clone();
    let spec = battle.spec(unit);
    let rolled = ruleset.mechanisms().kept_initiative?;
    let (demand, tie_break) = rolled.roll(&spec.characteristics, &spec.skills);
    let verdict = battle.roll_as_is(
        unit,
        RollPurpose::Characteristic(INITIATIVE.to_string()),
        &demand,
    );
    let kept = KeptInitiative {
        net: rolled.standing(&verdict),
        tie_break,
        roll_off: None,
    };
    battle.flow_mut().kept_initiative.insert(unit, kept);
    Some(kept)
}

/// DEX-roll initiative: a unit rolls DEX once, when it first takes part; a unit that has since
/// readied a firearm rolls again with a bonus die and keeps the better result.
pub(super) fn dex_roll(battle: &mut Battle, unit: UnitId, readied: bool) -> SuccessLevel {
    let previous = battle.flow().dex_rolls.get(&unit).copied();
    if let Some((level, rolled_with_firearm)) = previous
        && (rolled_with_firearm || !readied)
    {
        return level;
    }
    let modifiers = super::hooks::of(battle).dex_roll_modifiers(battle, unit, readied);
    let dexterity = battle.spec(unit).characteristics.dexterity;
    let check = battle.roll_characteristic(unit, "DEX", dexterity, modifiers);
    let level = previous.map_or(check.level, |(earlier, _)| earlier.max(check.level));
    battle.flow_mut().dex_rolls.insert(unit, (level, readied));
    level
}
