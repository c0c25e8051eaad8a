//! The order of a combat round: DEX highest first, readied firearms at DEX + 50, ties to the
//! higher combat skill and then to the earlier unit in the scenario; or, with the optional rule,
//! by the level of a DEX roll.

use std::cmp::Reverse;

use serde::{Deserialize, Serialize};

use super::percentile::SuccessLevel;
use super::round::{Slot, TurnKind};

/// What places one unit in the order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct InitiativeEntry {
    /// The unit's stable index; the last tie-break, lowest first.
    pub unit: u16,
    pub dexterity: u32,
    /// A firearm in hand and ready at the start of the round.
    pub readied_firearm: bool,
    /// It carries a firearm, in hand or not (it may draw and fire during the round).
    pub carries_firearm: bool,
    /// The skill the unit fights with; ties go to the higher.
    pub combat_skill: u32,
    /// The level of its DEX roll, when the optional DEX-roll rule is used.
    pub dex_roll: Option<SuccessLevel>,
    /// Taken by surprise this round (BRP: it acts at half DEX).
    pub surprised: bool,
    /// An initiative rolled once for the whole combat, where the rulebook rolls one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub kept: Option<KeptInitiative>,
}

/// An initiative rolled once and kept for the combat (the d10 pool's Dex + Wits): the roll's
/// net, what breaks a tie after DEX (Wits), and the die it rolled off a tie with, once it has
/// (kept with the rest: the order is the fight's, not the round's).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct KeptInitiative {
    pub net: i32,
    pub tie_break: u32,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub roll_off: Option<u32>,
}

/// One whole turn each, ordered by `rank` (lowest first), with a die of `sides` rolled for each
/// unit tied with another on it (in the entries' order, so the dice fall the same way every
/// time), the higher roll first: the order of a rulebook that rolls initiative once and keeps
/// it (the d10 pool, the d100 house sheet). A unit that has rolled off before keeps its die.
pub fn kept_order<K: Ord>(
    entries: &[InitiativeEntry],
    rank: impl Fn(&InitiativeEntry) -> K,
    sides: u32,
    tie_roll: &mut dyn FnMut(u32) -> u32,
) -> Vec<Slot> {
    let mut slots: Vec<(InitiativeEntry, Option<u32>)> = entries
        .iter()
        .map(|entry| {
            let tied = entries
                .iter()
                .any(|other| other.unit != entry.unit && rank(other) == rank(entry));
            let kept = entry.kept.and_then(|kept| kept.roll_off);
            (
                *entry,
                tied.then(|| kept.unwrap_or_else(|| tie_roll(sides))),
            )
        })
        .collect();
    slots.sort_by(|(a, a_roll), (b, b_roll)| {
        rank(a)
            .cmp(&rank(b))
            .then(b_roll.cmp(a_roll))
            .then(a.unit.cmp(&b.unit))
    });
    slots
        .into_iter()
        .map(|(entry, roll)| Slot {
            unit: entry.unit,
            cycle: 1,
            halves: entry.dexterity.saturating_mul(2),
            tie_roll: roll,
            net: entry.kept.map(|kept| kept.net),
            kind: TurnKind::Whole,
        })
        .collect()
}

/// How much readied firearms add to DEX in the standard order.
pub const READIED_FIREARM_BONUS: u32 = 50;

impl InitiativeEntry {
    /// The DEX the unit acts at: DEX + 50 with a readied firearm (in the standard order only;
    /// with DEX rolls the firearm gives a bonus die to the roll instead).
    pub fn acting_dexterity(&self) -> u32 {
        if self.readied_firearm && self.dex_roll.is_none() {
            self.dexterity + READIED_FIREARM_BONUS
        } else {
            self.dexterity
        }
    }

    /// Rank of a DEX roll: extreme (and critical) first, then hard, regular, failed.
    fn roll_rank(&self) -> u8 {
        match self.dex_roll {
            None => 0,
            Some(SuccessLevel::Critical | SuccessLevel::Extreme) => 4,
            Some(SuccessLevel::Hard) => 3,
            Some(SuccessLevel::Regular) => 2,
            Some(SuccessLevel::Failure | SuccessLevel::Fumble) => 1,
        }
    }
}

/// The units in the order they act this round.
pub fn initiative_order(entries: &[InitiativeEntry]) -> Vec<u16> {
    let mut sorted = entries.to_vec();
    sorted.sort_by_key(|entry| {
        (
            Reverse(entry.roll_rank()),
            Reverse(entry.acting_dexterity()),
            Reverse(entry.combat_skill),
            entry.unit,
        )
    });
    sorted.into_iter().map(|entry| entry.unit).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(unit: u16, dexterity: u32, combat_skill: u32) -> InitiativeEntry {
        InitiativeEntry {
            unit,
            dexterity,
            readied_firearm: false,
            carries_firearm: false,
            combat_skill,
            dex_roll: None,
            surprised: false,
            kept: None,
        }
    }

    #[test]
    fn highest_dex_first_then_combat_skill_then_scenario_order() {
        let order = initiative_order(&[
            entry(0, 50, 40),
            entry(1, 70, 30),
            entry(2, 50, 60),
            entry(3, 50, 40),
            entry(4, 65, 25),
        ]);
        assert_eq!(order, [1, 4, 2, 0, 3]);
    }

    #[test]
    fn a_readied_firearm_acts_at_dex_plus_fifty() {
        let gunman = InitiativeEntry {
            readied_firearm: true,
            ..entry(0, 40, 45)
        };
        let order = initiative_order(&[gunman, entry(1, 85, 70), entry(2, 95, 50)]);
        assert_eq!(order, [2, 0, 1], "40 + 50 = 90 beats 85 but not 95");
        assert_eq!(gunman.acting_dexterity(), 90);
    }

    #[test]
    fn dex_rolls_order_by_level_then_dex() {
        let rolled = |unit, dexterity, level| InitiativeEntry {
            dex_roll: Some(level),
            ..entry(unit, dexterity, 40)
        };
        let order = initiative_order(&[
            rolled(0, 80, SuccessLevel::Failure),
            rolled(1, 40, SuccessLevel::Extreme),
            rolled(2, 60, SuccessLevel::Regular),
            rolled(3, 70, SuccessLevel::Regular),
            rolled(4, 30, SuccessLevel::Critical),
            rolled(5, 90, SuccessLevel::Fumble),
        ]);
        assert_eq!(order, [1, 4, 3, 2, 5, 0]);
        let armed = InitiativeEntry {
            readied_firearm: true,
            ..rolled(6, 40, SuccessLevel::Hard)
        };
        assert_eq!(
            armed.acting_dexterity(),
            40,
            "the firearm gives a bonus die to the roll instead"
        );
    }
}
