//! The d10 pool's round order: initiative is Dex + Wits at difficulty 6, rolled once for the
//! combat and kept. The higher net goes first; a tie goes to the higher Dex, then the higher
//! Wits, then a d10 each, the higher first (SPECS.md's roll-off, logged in the slot). Units
//! taken by surprise lose initiative: they act after everyone else that round.

use std::cmp::Reverse;

use super::check::USUAL_DIFFICULTY;
use crate::rules::characteristics::Characteristics;
use crate::rules::initiative::{InitiativeEntry, kept_order};
use crate::rules::roll::Demand;
use crate::rules::round::Slot;

/// The initiative roll of a unit of these attributes, and its tie-break after Dex (Wits).
pub fn initiative_roll(characteristics: &Characteristics) -> (Demand, u32) {
    let wits = characteristics.intelligence;
    (
        Demand::new(characteristics.dexterity.saturating_add(wits), Vec::new())
            .at_difficulty(USUAL_DIFFICULTY),
        wits,
    )
}

/// What ranks an entry before any roll-off: surprised last, then net, Dex and Wits, highest
/// first.
fn rank(entry: &InitiativeEntry) -> (bool, Reverse<i32>, Reverse<u32>, Reverse<u32>) {
    let (net, wits) = entry.kept.map_or((0, 0), |kept| (kept.net, kept.tie_break));
    (
        entry.surprised,
        Reverse(net),
        Reverse(entry.dexterity),
        Reverse(wits),
    )
}

/// The round's slots: one whole turn each, in initiative order. `tie_roll` rolls a die of so
/// many sides, once for each unit tied with another on net, Dex and Wits.
pub fn plan(entries: &[InitiativeEntry], tie_roll: &mut dyn FnMut(u32) -> u32) -> Vec<Slot> {
    kept_order(entries, rank, 10, tie_roll)
}

/// A slot in the order panel's words: "net 3", with its roll-off where it had one
/// ("net 1 · Dex 3 · d10 7").
pub fn slot_words(slot: &Slot) -> String {
    let net = slot.net.unwrap_or_default();
    match slot.tie_roll {
        Some(roll) => format!("net {net} · Dex {} · d10 {roll}", slot.value_words()),
        None => format!("net {net}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::initiative::KeptInitiative;

    fn entry(unit: u16, net: i32, dexterity: u32, wits: u32) -> InitiativeEntry {
        InitiativeEntry {
            unit,
            dexterity,
            readied_firearm: false,
            carries_firearm: false,
            combat_skill: 0,
            dex_roll: None,
            surprised: false,
            kept: Some(KeptInitiative {
                net,
                tie_break: wits,
                roll_off: None,
            }),
        }
    }

    /// (unit, net, Dex, Wits) → the order, and the d10s rolled off. Gant and Hugo (net 2, Dex 3,
    /// Wits 2) tie on everything and roll off: the dice say 4 then 9, so Hugo goes first.
    #[test]
    fn the_order_goes_by_net_then_dex_then_wits_then_a_roll_off() {
        let gant = entry(3, 2, 3, 2);
        let hugo = entry(4, 2, 3, 2);
        let entries = [
            entry(0, 1, 4, 3),
            entry(1, 2, 3, 4),
            gant,
            hugo,
            entry(2, 2, 4, 2),
            entry(5, -1, 4, 2),
        ];
        let mut faces = [4, 9].into_iter();
        let mut asked = Vec::new();
        let slots = plan(&entries, &mut |sides| {
            asked.push(sides);
            faces.next().expect("a roll-off die")
        });
        let order: Vec<u16> = slots.iter().map(|slot| slot.unit).collect();
        assert_eq!(order, [2, 1, 4, 3, 0, 5]);
        assert_eq!(asked, [10, 10], "one d10 each for the two tied");
        let words: Vec<String> = slots.iter().map(slot_words).collect();
        assert_eq!(
            words,
            [
                "net 2",
                "net 2",
                "net 2 · Dex 3 · d10 9",
                "net 2 · Dex 3 · d10 4",
                "net 1",
                "net -1"
            ]
        );
    }

    /// Initiative is rolled once per combat (SPECS.md 2.1), so the roll-off that breaks a tie
    /// is kept too: Hugo, who rolled 9 in round 1, keeps his 9; Gant keeps his 4, and nobody
    /// rolls again. A newcomer tied with them rolls its own die against the kept ones.
    #[test]
    fn a_kept_roll_off_breaks_the_tie_again_without_a_die() {
        let kept = |entry: InitiativeEntry, roll: u32| InitiativeEntry {
            kept: entry.kept.map(|kept| KeptInitiative {
                roll_off: Some(roll),
                ..kept
            }),
            ..entry
        };
        let gant = kept(entry(3, 2, 3, 2), 4);
        let hugo = kept(entry(4, 2, 3, 2), 9);
        let slots = plan(&[gant, hugo], &mut |_| {
            panic!("no die: the roll-off is kept")
        });
        let order: Vec<(u16, Option<u32>)> = slots
            .iter()
            .map(|slot| (slot.unit, slot.tie_roll))
            .collect();
        assert_eq!(order, [(4, Some(9)), (3, Some(4))]);
        let mut asked = 0;
        let slots = plan(&[gant, hugo, entry(7, 2, 3, 2)], &mut |sides| {
            asked += 1;
            assert_eq!(sides, 10);
            6
        });
        let order: Vec<u16> = slots.iter().map(|slot| slot.unit).collect();
        assert_eq!((order, asked), (vec![4, 7, 3], 1));
    }

    #[test]
    fn a_roll_off_that_ties_again_keeps_the_scenario_order_and_the_ambushed_go_last() {
        let ambushed = InitiativeEntry {
            surprised: true,
            ..entry(0, 5, 5, 5)
        };
        let slots = plan(
            &[ambushed, entry(1, 0, 2, 2), entry(2, 0, 2, 2)],
            &mut |_| 6,
        );
        let order: Vec<u16> = slots.iter().map(|slot| slot.unit).collect();
        assert_eq!(order, [1, 2, 0]);
    }

    #[test]
    fn initiative_is_dex_plus_wits_at_six() {
        let mut mara = super::super::sheet::tests::mara();
        let (demand, tie_break) = initiative_roll(&mara);
        assert_eq!(
            (demand.value, demand.difficulty, tie_break),
            (7, Some(6), 3)
        );
        mara.dexterity = 2;
        assert_eq!(initiative_roll(&mara).0.value, 5);
    }
}
