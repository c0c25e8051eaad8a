//! A skill divided across the turn's attacks, where the rulebook lets a unit divide it (the
//! d100 house sheet): before its first attack the unit splits the skill it holds, with its
//! standing shifts, into shares; each attack of the turn is rolled at the next share (the
//! attack's own shifts on top), and the turn allows as many attacks as there are shares.

use super::command::{Rejection, WeaponChoice};
use super::condition::SkillShares;
use super::event::{EventKind, Modifier, ModifierReason};
use super::state::{Battle, standing_facts};
use super::{Arsenal, Condition, UnitId, Vitals};
use crate::map::scenario::Scenario;
use crate::rules::modifiers::Effect;
use crate::rules::roll::Demand;

/// The whole `unit`'s skill with the weapon in hand comes to with its standing shifts (from
/// its `vitals` and `condition`), and the most shares it may be divided into; `None` where the
/// rulebook divides no skill. For the battle, the panels and the AI alike.
pub fn divisible(
    scenario: &Scenario,
    unit: UnitId,
    (vitals, condition, arsenal): (&Vitals, &Condition, &Arsenal),
) -> Option<(u32, u32)> {
    let ruleset = scenario.ruleset.as_ref();
    let spec = &scenario.units[unit.index()];
    let name = match arsenal.in_hand {
        WeaponChoice::Carried(index) => spec
            .weapons
            .get(index)
            .map(|carried| carried.weapon.skill.clone()),
        _ => None,
    }
    .unwrap_or_else(|| ruleset.unarmed_skill().to_string());
    let standing = ruleset.standing_modifiers(&standing_facts(spec, vitals, condition));
    let demand = Demand::new(spec.skill(ruleset, &name), standing);
    ruleset
        .skill_shares(&demand)
        .map(|(most, whole)| (whole, most))
}

/// `whole`, divided as evenly as it goes into `count` shares, the larger first.
pub fn even_shares(whole: u32, count: u32) -> Vec<u32> {
    let count = count.max(1);
    (0..count)
        .map(|at| whole / count + u32::from(at < whole % count))
        .collect()
}

/// What `divisible` says of a unit in the battle.
fn whole(battle: &Battle, unit: UnitId) -> Option<(u32, u32)> {
    divisible(
        &battle.scenario,
        unit,
        (
            &battle.vitals(unit),
            &battle.condition(unit),
            &battle.arsenal(unit),
        ),
    )
}

/// Divide the unit's skill into `shares` for this turn's attacks, before the first of them.
pub(super) fn divide(battle: &mut Battle, unit: UnitId, shares: &[u32]) -> Result<(), Rejection> {
    let ruleset = battle.scenario.ruleset.clone();
    let Some((whole, most)) = whole(battle, unit) else {
        return Err(Rejection::CannotAct(format!(
            "{} divides no skill",
            ruleset.name()
        )));
    };
    let turn = battle.own_turn(unit)?;
    let condition = battle.condition(unit);
    let undivided = Condition {
        skill_shares: None,
        ..condition
    };
    if !turn.division_open(&undivided) {
        return Err(Rejection::NotNow(
            "the skill is divided before the turn's first attack".to_string(),
        ));
    }
    if condition.skill_shares.is_some() {
        return Err(Rejection::NotNow(
            "the skill is already divided".to_string(),
        ));
    }
    let count = u32::try_from(shares.len()).unwrap_or(u32::MAX);
    // No more shares than a unit's condition keeps, whatever the rulebook allows.
    let most = most.min(SkillShares::SLOTS);
    if !(2..=most).contains(&count) {
        return Err(Rejection::CannotAct(format!(
            "a skill is divided into 2 to {most} shares, not {count}"
        )));
    }
    if shares.contains(&0) {
        return Err(Rejection::CannotAct(
            "every share is at least 1".to_string(),
        ));
    }
    let total = shares
        .iter()
        .try_fold(0u32, |sum, share| sum.checked_add(*share));
    if total.is_none_or(|total| total > whole) {
        return Err(Rejection::CannotAct(format!(
            "the shares come to more than the skill's {whole}"
        )));
    }
    let mut kept = [0; SkillShares::SLOTS as usize];
    kept[..shares.len()].copy_from_slice(shares);
    battle.change_condition(unit, |condition| {
        condition.skill_shares = Some(SkillShares {
            shares: kept,
            used: 0,
        });
    });
    battle.emit(EventKind::SkillDivided {
        unit,
        whole,
        shares: shares.to_vec(),
    });
    Ok(())
}

/// Whether the unit has divided its skill this turn and a share is left for another attack.
pub(super) fn share_left(battle: &Battle, unit: UnitId) -> bool {
    battle
        .condition(unit)
        .skill_shares
        .is_some_and(|shares| shares.next().is_some())
}

/// An attack's demand rolled at the unit's next share: what the share leaves of the skill with
/// its standing shifts, as a shift (the attack's own shifts stay on top).
pub(super) fn on_attack(battle: &Battle, unit: UnitId, mut demand: Demand) -> Demand {
    let Some(share) = battle
        .condition(unit)
        .skill_shares
        .and_then(|shares| shares.next())
    else {
        return demand;
    };
    let standing = battle.standing_demand(unit, &Demand::new(demand.value, Vec::new()));
    let Some((_, whole)) = battle.scenario.ruleset.skill_shares(&standing) else {
        return demand;
    };
    let left = i64::from(share) - i64::from(whole);
    demand.modifiers.insert(
        0,
        Modifier {
            reason: ModifierReason::SplitShare,
            effect: Effect::Add(i32::try_from(left).unwrap_or(i32::MIN)),
        },
    );
    demand
}

/// An attack of the turn is made: the next one takes the next share.
pub(super) fn attack_made(battle: &mut Battle, unit: UnitId) {
    battle.change_condition(unit, |condition| {
        if let Some(shares) = condition.skill_shares.as_mut() {
            shares.used = shares.used.saturating_add(1);
        }
    });
}
