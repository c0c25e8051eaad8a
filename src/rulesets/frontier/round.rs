//! The western's round order (SPECS.md 3.1): declarations go from the lowest AGI up and the
//! round is acted in the reverse, so the highest AGI acts first. Units tied on AGI roll a d10
//! each until the tie breaks; the lowest roll counts as the higher AGI (it declares later and
//! acts earlier).

use std::cmp::Reverse;

use crate::rules::initiative::InitiativeEntry;
use crate::rules::round::{Slot, TurnKind};

/// The sides of the roll-off die.
const ROLL_OFF_DIE: u32 = 10;

/// The most passes a roll-off takes; a tie still standing after them (loaded dice that always
/// tie) goes to the earlier unit in the scenario, so the round always begins.
const MOST_ROLL_OFFS: usize = 50;

/// The d10s of a roll-off among units tied on AGI: each rolls again while its roll still ties
/// another's in the group, so every roll in the result differs within a group. Returned as each
/// entry's list of rolls, in the entries' order.
fn roll_off(entries: &[InitiativeEntry], tie_roll: &mut dyn FnMut(u32) -> u32) -> Vec<Vec<u32>> {
    let mut rolls: Vec<Vec<u32>> = vec![Vec::new(); entries.len()];
    let tied = |index: usize, rolls: &[Vec<u32>]| {
        entries.iter().enumerate().any(|(other, entry)| {
            other != index
                && entry.dexterity == entries[index].dexterity
                && rolls[other] == rolls[index]
        })
    };
    // Each pass rolls once for every unit still tied; the dice fall in the entries' order.
    for _ in 0..MOST_ROLL_OFFS {
        let still: Vec<usize> = (0..entries.len())
            .filter(|&index| tied(index, &rolls))
            .collect();
        if still.is_empty() {
            break;
        }
        for index in still {
            rolls[index].push(tie_roll(ROLL_OFF_DIE));
        }
    }
    rolls
}

/// The round's slots: every unit declares, the lowest AGI first, then each acts in the reverse
/// order (a whole turn), so the highest AGI acts first; ties go to the lowest roll-off.
pub fn plan(entries: &[InitiativeEntry], tie_roll: &mut dyn FnMut(u32) -> u32) -> Vec<Slot> {
    let rolls = roll_off(entries, tie_roll);
    let mut slots: Vec<(InitiativeEntry, Vec<u32>)> = entries.iter().copied().zip(rolls).collect();
    slots.sort_by(|(a, a_rolls), (b, b_rolls)| {
        (Reverse(a.dexterity), a_rolls, a.unit).cmp(&(Reverse(b.dexterity), b_rolls, b.unit))
    });
    let slot = |(entry, rolls): &(InitiativeEntry, Vec<u32>), cycle: u8, kind: TurnKind| Slot {
        unit: entry.unit,
        cycle,
        halves: entry.dexterity.saturating_mul(2),
        tie_roll: rolls.last().copied(),
        net: None,
        kind,
    };
    let declarations = slots
        .iter()
        .rev()
        .map(|ranked| slot(ranked, 1, TurnKind::Declare));
    let acts = slots.iter().map(|ranked| slot(ranked, 2, TurnKind::Whole));
    declarations.chain(acts).collect()
}

/// A slot in the order panel's words: "declares · AGI 13" or "acts · AGI 13", with its roll-off
/// where it had one ("acts · AGI 13 · d10 4").
pub fn slot_words(slot: &Slot) -> String {
    let doing = if slot.kind == TurnKind::Declare {
        "declares"
    } else {
        "acts"
    };
    match slot.tie_roll {
        Some(roll) => format!("{doing} · AGI {} · d10 {roll}", slot.value_words()),
        None => format!("{doing} · AGI {}", slot.value_words()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(unit: u16, agility: u32) -> InitiativeEntry {
        InitiativeEntry {
            unit,
            dexterity: agility,
            readied_firearm: false,
            carries_firearm: true,
            combat_skill: 0,
            dex_roll: None,
            surprised: false,
            kept: None,
        }
    }

    /// Dry Gulch (SPECS.md 3.4): Wes 0, Lola 1, Doc 2, the Kid 3, Big Jim 4, Pete 5. The order
    /// of action is the Kid (14), Wes and Lola (13) by their roll-off, Pete (10), Doc (9), Big
    /// Jim (8). `faces` are the d10s in the order they are asked for. Returned: the order of
    /// action (and the test checks that the declarations come first, in its reverse) and the
    /// dice asked for.
    fn order(faces: &[u32]) -> (Vec<u16>, usize) {
        let units = [
            entry(0, 13),
            entry(1, 13),
            entry(2, 9),
            entry(3, 14),
            entry(4, 8),
            entry(5, 10),
        ];
        let mut asked = 0;
        let slots = plan(&units, &mut |sides| {
            assert_eq!(sides, 10);
            asked += 1;
            faces[asked - 1]
        });
        (acting_order(&slots), asked)
    }

    /// The units in order of action, once each, checking that every unit first declares in
    /// cycle 1, the lowest AGI first, then acts in cycle 2 in the reverse order.
    fn acting_order(slots: &[Slot]) -> Vec<u16> {
        let (declaring, acting) = slots.split_at(slots.len() / 2);
        assert!(
            declaring
                .iter()
                .all(|slot| (slot.kind, slot.cycle) == (TurnKind::Declare, 1))
        );
        assert!(
            acting
                .iter()
                .all(|slot| (slot.kind, slot.cycle) == (TurnKind::Whole, 2))
        );
        let acts: Vec<u16> = acting.iter().map(|slot| slot.unit).collect();
        let declarations: Vec<u16> = declaring.iter().rev().map(|slot| slot.unit).collect();
        assert_eq!(declarations, acts, "declarations go in the reverse order");
        acts
    }

    /// The lower roll acts first; a tie rolls again, both of them, until it breaks.
    #[test]
    fn declaration_order_with_ties() {
        assert_eq!(
            order(&[7, 3]),
            (vec![3, 1, 0, 5, 2, 4], 2),
            "Lola's 3 beats Wes's 7"
        );
        assert_eq!(
            order(&[2, 9]),
            (vec![3, 0, 1, 5, 2, 4], 2),
            "Wes's 2 beats Lola's 9"
        );
        assert_eq!(
            order(&[5, 5, 6, 6, 8, 1]),
            (vec![3, 1, 0, 5, 2, 4], 6),
            "5 and 5 tie, 6 and 6 tie, then Lola's 1 beats Wes's 8"
        );
    }

    /// No roll-off without a tie, and the words say the AGI and any roll.
    #[test]
    fn no_tie_no_die() {
        let slots = plan(&[entry(0, 9), entry(1, 12)], &mut |_| panic!("no tie"));
        assert_eq!(acting_order(&slots), [1, 0]);
        assert_eq!(slot_words(&slots[0]), "declares · AGI 9");
        assert_eq!(slot_words(&slots[2]), "acts · AGI 12");
        let mut asked = 0;
        let tied = plan(&[entry(1, 13), entry(0, 13)], &mut |_| {
            asked += 1;
            4
        });
        assert_eq!(
            asked,
            2 * MOST_ROLL_OFFS,
            "dice that always tie stop at the cap"
        );
        assert_eq!(acting_order(&tied), [0, 1]);
        assert_eq!(slot_words(&tied[2]), "acts · AGI 13 · d10 4");
    }
}
