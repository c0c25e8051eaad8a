//! A skill divided across the turn's attacks, where the rulebook lets a unit divide it (the
//! d100 house sheet): before its first attack the unit splits the skill it holds, with its
//! standing shifts, into shares; each attack of the turn is rolled at the next share (the
//! attack's own shifts on top), and the turn allows as many attacks as there are shares.

use super::condition::{HouseCondition, change_house, house};
use crate::battle::command::WeaponChoice;
use crate::battle::event::{Modifier, ModifierReason};
use crate::battle::state::{Battle, standing_facts};
use crate::battle::{Arsenal, Condition, UnitId, Vitals};
use crate::map::scenario::Scenario;
use crate::rules::modifiers::Effect;
use crate::rules::roll::Demand;
use crate::rulesets::d100_house::check;

/// The whole `unit`'s skill with the weapon in hand comes to with its standing shifts (from
/// its `vitals`, `condition` and `house` condition), and the most shares it may be divided
/// into; `None` where the rulebook divides no skill. For the battle, the panels and the AI
/// alike.
pub fn divisible(
    scenario: &Scenario,
    unit: UnitId,
    (vitals, condition, arsenal): (&Vitals, &Condition, &Arsenal),
    house: &HouseCondition,
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
    .unwrap_or_else(|| ruleset.sheet().unarmed_skill().to_string());
    let facts = house.standing_facts(standing_facts(spec, vitals, condition));
    let standing = ruleset.standing_modifiers(&facts);
    let demand = Demand::new(spec.skill(ruleset, &name), standing);
    Some((check::share_whole(&demand), check::MOST_SHARES))
}

/// `whole`, divided as evenly as it goes into `count` shares, the larger first.
pub fn even_shares(whole: u32, count: u32) -> Vec<u32> {
    let count = count.max(1);
    (0..count)
        .map(|at| whole / count + u32::from(at < whole % count))
        .collect()
}

/// Whether the unit has divided its skill this turn and a share is left for another attack.
pub(super) fn share_left(battle: &Battle, unit: UnitId) -> bool {
    house(battle, unit)
        .skill_shares
        .is_some_and(|shares| shares.next().is_some())
}

/// An attack's demand rolled at the unit's next share: what the share leaves of the skill with
/// its standing shifts, as a shift (the attack's own shifts stay on top).
pub(super) fn on_attack(battle: &Battle, unit: UnitId, mut demand: Demand) -> Demand {
    let Some(share) = house(battle, unit)
        .skill_shares
        .and_then(|shares| shares.next())
    else {
        return demand;
    };
    let standing = battle.standing_demand(unit, &Demand::new(demand.value, Vec::new()));
    let whole = check::share_whole(&standing);
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
    change_house(battle, unit, |house| {
        if let Some(shares) = house.skill_shares.as_mut() {
            shares.used = shares.used.saturating_add(1);
        }
    });
}
