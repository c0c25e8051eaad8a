//! The d100 house sheet's initiative queue (SPECS.md 4.1 [house]): each unit rolls its
//! Initiative skill once, at the start of the fight; criticals go first, then the other
//! successes by the roll, highest first, then the failures by Speed, then the fumbles; ties go
//! to the higher Speed, then a d100 each, highest first. The queue is kept for the battle.

use std::cmp::Reverse;
use std::collections::BTreeMap;

use super::sheet::INITIATIVE;
use crate::rules::class_rolls::{self, RollClass};
use crate::rules::initiative::{InitiativeEntry, kept_order};
use crate::rules::roll::{Demand, Verdict};
use crate::rules::round::Slot;

/// Where a critical stands in the queue: above any success.
const CRITICAL: i32 = 1000;
/// Where a success stands: this plus its roll.
const SUCCESS: i32 = 100;
/// Where a fumble stands: below any failure (which stands at 0).
const FUMBLE: i32 = -1;

/// The Initiative roll of a unit with these skills.
pub fn initiative_roll(skills: &BTreeMap<String, u32>) -> Demand {
    Demand::new(
        skills.get(INITIATIVE).copied().unwrap_or_default(),
        Vec::new(),
    )
}

/// Where an Initiative roll stands in the queue, higher first: a critical, a success by its
/// roll, a failure, a fumble.
pub fn standing(verdict: &Verdict) -> i32 {
    match class_rolls::class_of(verdict) {
        RollClass::Critical => CRITICAL,
        RollClass::MatchedSuccess | RollClass::Success => {
            SUCCESS + i32::try_from(verdict.value).unwrap_or_default()
        }
        RollClass::Failure | RollClass::MatchedFailure => 0,
        RollClass::Fumble => FUMBLE,
    }
}

/// The queue: one whole turn each, by standing, then Speed, then a d100 for each unit still
/// tied (rolled in the entries' order, so the dice fall the same way every time).
pub fn plan(entries: &[InitiativeEntry], tie_roll: &mut dyn FnMut(u32) -> u32) -> Vec<Slot> {
    let rank = |entry: &InitiativeEntry| {
        (
            Reverse(entry.kept.map_or(0, |kept| kept.net)),
            Reverse(entry.dexterity),
        )
    };
    kept_order(entries, rank, 100, tie_roll)
}

/// A place in the queue in words: "critical", "success 73", "failure · Speed 60", "fumble",
/// with the d100 that broke a tie.
pub fn slot_words(slot: &Slot) -> String {
    let standing = slot.net.unwrap_or_default();
    let place = match standing {
        CRITICAL.. => "critical".to_string(),
        SUCCESS.. => format!("success {:02}", standing - SUCCESS),
        0 => format!("failure · Speed {}", slot.value_words()),
        _ => "fumble".to_string(),
    };
    match slot.tie_roll {
        Some(roll) => format!("{place} · d100 {roll}"),
        None => place,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::initiative::KeptInitiative;
    use crate::rules::percentile::SuccessLevel;

    fn verdict(value: u32, level: SuccessLevel, matched: bool) -> Verdict {
        Verdict {
            value,
            level,
            success: level >= SuccessLevel::Regular,
            special: false,
            malfunction: false,
            matched,
            net: 0,
        }
    }

    fn entry(unit: u16, standing: i32, speed: u32) -> InitiativeEntry {
        InitiativeEntry {
            unit,
            dexterity: speed,
            readied_firearm: false,
            carries_firearm: false,
            combat_skill: 0,
            dex_roll: None,
            surprised: false,
            kept: Some(KeptInitiative {
                net: standing,
                tie_break: speed,
                roll_off: None,
            }),
        }
    }

    /// A critical stands above any success, a success by its roll, a matched success the same
    /// as a plain one, failures together, a fumble last.
    #[test]
    fn where_each_class_stands() {
        assert_eq!(standing(&verdict(1, SuccessLevel::Critical, false)), 1000);
        assert_eq!(standing(&verdict(44, SuccessLevel::Extreme, true)), 144);
        assert_eq!(standing(&verdict(43, SuccessLevel::Regular, false)), 143);
        assert_eq!(standing(&verdict(77, SuccessLevel::Failure, true)), 0);
        assert_eq!(standing(&verdict(60, SuccessLevel::Failure, false)), 0);
        assert_eq!(standing(&verdict(100, SuccessLevel::Fumble, false)), -1);
    }

    /// Spin Cycle's queue with loaded dice: Grey's critical first, Rico's 48 before Dee's 12,
    /// the failures by Speed (Nico 50 before Bruno 40), Lou's fumble last; a tie on standing
    /// and Speed goes to the higher d100.
    #[test]
    fn the_queue_with_loaded_dice() {
        let entries = [
            entry(0, 148, 60),  // Rico, 48 against 50
            entry(1, 112, 50),  // Dee, 12 against 40
            entry(2, -1, 45),   // Lou, 00
            entry(3, 1000, 55), // Grey, 01
            entry(4, 0, 40),    // Bruno, failed
            entry(5, 0, 50),    // Nico, failed
        ];
        let mut rolls = Vec::new();
        let queue: Vec<u16> = plan(&entries, &mut |sides| {
            rolls.push(sides);
            50
        })
        .iter()
        .map(|slot| slot.unit)
        .collect();
        assert_eq!(queue, [3, 0, 1, 5, 4, 2]);
        assert!(rolls.is_empty(), "no ties, no roll-off");
        let tied = [entry(0, 0, 50), entry(1, 0, 50)];
        let mut faces = [30, 80].into_iter();
        let slots = plan(&tied, &mut |_| faces.next().unwrap_or(1));
        assert_eq!(
            slots.iter().map(|slot| slot.unit).collect::<Vec<_>>(),
            [1, 0]
        );
        assert_eq!(slot_words(&slots[0]), "failure · Speed 50 · d100 80");
        let words: Vec<String> = plan(&entries, &mut |_| 1).iter().map(slot_words).collect();
        assert_eq!(
            words,
            [
                "critical",
                "success 48",
                "success 12",
                "failure · Speed 50",
                "failure · Speed 40",
                "fumble"
            ]
        );
    }
}
