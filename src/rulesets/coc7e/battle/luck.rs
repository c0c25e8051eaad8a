//! CoC 7e's optional rules in the battle that Luck pays for or armor is tried by: a unit about
//! to fall unconscious spends Luck to stay awake to the round's end, paying again each round,
//! twice the last (2, 4, 8 …), kept on the unit as CoC's own `KeptAwake` and let go when First
//! Aid tends it; armor over only part of the body is tried against a blow aimed at its wearer,
//! where the blow lands on the hit locations, else by a Luck roll.

use bevy::prelude::*;

use super::events::CocEvent;
use crate::battle::state::Battle;
use crate::battle::wounds::fall_unconscious;
use crate::battle::{UnitId, Vital};
use crate::rules::body::{BodyPart, guards_head_and_torso};
use crate::rules::modifiers::Modifier;
use crate::rulesets::coc7e::HIT_LOCATIONS;
use crate::rulesets::coc7e::options;
use crate::rulesets::coc7e::reasons;

/// The round since which Luck has kept a unit awake, when it would have fallen unconscious:
/// each round after costs twice the last. CoC's own part of a unit's state.
#[derive(Component, Debug, Clone, Copy, Default, PartialEq, Eq)]
struct KeptAwake {
    since: Option<u32>,
}

/// Where the scenario lets Luck keep a unit conscious, `unit`, about to fall unconscious, spends
/// 1 Luck (if it has it) to stay awake to the end of the round: whether it does.
pub(super) fn stay_awake(battle: &mut Battle, unit: UnitId) -> bool {
    if !options::LUCK_TO_STAY_CONSCIOUS.on(&battle.scenario.rules) {
        return false;
    }
    // Already kept awake: what it paid for this round holds.
    if battle.own::<KeptAwake>(unit).since.is_some() {
        return true;
    }
    if battle.luck(unit) == 0 {
        return false;
    }
    let round = battle.round();
    battle.change_own(unit, |kept: &mut KeptAwake| kept.since = Some(round));
    spend_luck(battle, unit, 1);
    true
}

/// `unit` spends `points` of Luck, told with what it has left.
fn spend_luck(battle: &mut Battle, unit: UnitId, points: u32) {
    battle.change_condition(unit, |condition| condition.luck_spent += points);
    battle.emit(CocEvent::LuckSpent {
        unit,
        points,
        left: battle.luck(unit),
    });
}

/// At the start of a round, everyone kept awake by Luck pays again, twice the last (2, 4, 8 …),
/// or falls unconscious now.
pub(super) fn keep_awake(battle: &mut Battle) {
    let round = battle.round();
    for unit in battle.unit_ids() {
        let Some(since) = battle.own::<KeptAwake>(unit).since else {
            continue;
        };
        let before = battle.vitals(unit);
        if before.vital != Vital::Conscious {
            battle.change_own(unit, |kept: &mut KeptAwake| kept.since = None);
            continue;
        }
        let cost = 1u32
            .checked_shl(round.saturating_sub(since))
            .unwrap_or(u32::MAX);
        if battle.luck(unit) >= cost {
            spend_luck(battle, unit, cost);
            continue;
        }
        battle.change_own(unit, |kept: &mut KeptAwake| kept.since = None);
        fall_unconscious(battle, unit, false);
    }
}

/// `unit`'s armor, over only `parts` of its body, tried against a blow aimed at it where the
/// scenario says: the part the blow lands on (1D20 on the hit locations), else a Luck roll (a
/// bonus die for armor over head and torso); told, and whether it covers. `None`: it counts.
pub(super) fn armor_tried(
    battle: &mut Battle,
    unit: UnitId,
    (armor, parts): (&str, &[BodyPart]),
) -> Option<bool> {
    let rules = &battle.scenario.rules;
    let (by_location, by_luck) = (
        options::HIT_LOCATIONS.on(rules),
        options::PARTIAL_ARMOR_BY_LUCK.on(rules),
    );
    let (location, covered) = if by_location {
        let die = battle.die(HIT_LOCATIONS.sides);
        let part = HIT_LOCATIONS.part(die.face);
        (Some((die, part)), parts.contains(&part))
    } else if by_luck {
        let modifiers: Vec<Modifier> = guards_head_and_torso(Some(parts))
            .then(|| Modifier::new(reasons::ARMOR_HEAD_AND_TORSO, 1))
            .into_iter()
            .collect();
        let luck = battle.luck(unit);
        let verdict = battle.roll_characteristic(unit, "Luck", luck, modifiers);
        (None, verdict.success)
    } else {
        return None;
    };
    battle.emit(CocEvent::ArmorTried {
        unit,
        armor: armor.to_string(),
        location,
        covered,
    });
    Some(covered)
}

/// Tended by First Aid, a unit kept awake by Luck no longer needs it (First Aid wakes the
/// unconscious).
pub(super) fn tended(battle: &mut Battle, patient: UnitId) {
    if battle.own::<KeptAwake>(patient).since.is_some() {
        battle.change_own(patient, |kept: &mut KeptAwake| kept.since = None);
    }
}
