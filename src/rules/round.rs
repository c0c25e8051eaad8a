//! The round plan: the slots in which units act, in order, as a rulebook lays them out (one DEX
//! order of whole turns, or BRP's two DEX cycles with half-DEX slots), and what a turn in each
//! slot allows given what the unit has done this round.

use serde::{Deserialize, Serialize};

/// What a turn in a slot is for.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TurnKind {
    /// Move and act, as the rulebook allows.
    #[default]
    Whole,
    /// A gun drawn and readied at the start of the round fires its first shot (BRP's first DEX
    /// cycle): fire once, or pass and keep everything for later.
    ReadiedShot,
    /// A further shot later in the round (BRP's half-DEX slot): fire once, or pass.
    FurtherShot,
    /// Before anyone acts, name the one opponent it will parry this round (BRP), or no one.
    Declare,
}

/// One place in the round's order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Slot {
    /// The unit's stable index.
    pub unit: u16,
    /// The cycle of the round it falls in, from 1.
    pub cycle: u8,
    /// The value it acts at, in halves (so DEX 9 at half DEX, 4.5, is 9): higher first.
    pub halves: u32,
    /// The d100 rolled to break a tie at this value (lowest first), when there was one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tie_roll: Option<u32>,
    /// The net of the initiative roll kept for the combat that placed it, where the rulebook
    /// orders by one (the d10 pool).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub net: Option<i32>,
    pub kind: TurnKind,
}

impl Slot {
    /// A whole turn in the only cycle, at `value`.
    pub fn whole(unit: u16, value: u32) -> Self {
        Self {
            unit,
            cycle: 1,
            halves: value.saturating_mul(2),
            tie_roll: None,
            net: None,
            kind: TurnKind::Whole,
        }
    }

    /// A whole turn in the first cycle with no tie roll: all a one-order round holds.
    pub fn is_plain(&self) -> bool {
        self.cycle == 1 && self.kind == TurnKind::Whole && self.tie_roll.is_none()
    }

    /// The value it acts at, in words: "14", "4.5".
    pub fn value_words(&self) -> String {
        if self.halves.is_multiple_of(2) {
            (self.halves / 2).to_string()
        } else {
            format!("{}.5", self.halves / 2)
        }
    }
}

/// Sort slots by cycle, then value (highest first), then tie roll (lowest first), then unit.
pub fn sort_slots(slots: &mut [Slot]) {
    slots.sort_by_key(|slot| {
        (
            slot.cycle,
            std::cmp::Reverse(slot.halves),
            slot.tie_roll,
            slot.unit,
        )
    });
}

/// What a unit has done so far this round, for the limits of its next turn.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct RoundHistory {
    /// Single shots fired this round.
    pub shots: u32,
    /// A burst or automatic fire this round.
    pub burst: bool,
    /// It has used an action this round (an attack, a shot, First Aid, a reload).
    pub acted: bool,
    /// It lost a turn's action this round (ran past its MOV, dived for cover, fumbled its DEX).
    pub forfeited: bool,
    /// It dodged this round, where that costs the attack.
    pub dodged: bool,
    /// An enemy could come to blows with it this round (a parry would be worth naming).
    pub threatened: bool,
    /// It took aim this round and holds it (BRP fires the aimed shot at half DEX).
    pub aimed: bool,
    /// The most single shots a round of the firearm in hand; `None` with no firearm in hand.
    pub firearm_shots: Option<u32>,
    /// The firearm in hand is empty, with a round to chamber and fire.
    pub chambers: bool,
}

/// What a turn allows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct TurnLimits {
    pub kind: TurnKind,
    /// Only a shot (or passing): no moving, no other action.
    pub fire_only: bool,
    /// The most single shots one pull of the trigger may fire; `None`: as the weapon allows.
    pub shots: Option<u32>,
    /// It may move on with what is left of its MOV after acting (CoC); BRP has no movement
    /// after acting in the round.
    pub moves_after_acting: bool,
    /// An empty gun may have a round chambered and fired in this turn (BRP: only at half DEX,
    /// by one that has not acted).
    pub chambers: bool,
}

impl TurnLimits {
    /// A whole turn with no limit beyond the weapon's.
    pub const WHOLE: Self = Self {
        kind: TurnKind::Whole,
        fire_only: false,
        shots: None,
        moves_after_acting: true,
        chambers: true,
    };
}

impl TurnLimits {
    /// Whether the unit may move in this turn at all (not in a slot kept for a shot or a
    /// declaration).
    pub fn moves(&self) -> bool {
        !self.fire_only && self.kind != TurnKind::Declare
    }
}

impl Default for TurnLimits {
    fn default() -> Self {
        Self::WHOLE
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slots_sort_by_cycle_then_value_then_lowest_tie_roll() {
        let slot = |unit, cycle, halves, tie_roll| Slot {
            unit,
            cycle,
            halves,
            tie_roll,
            net: None,
            kind: TurnKind::Whole,
        };
        let mut slots = vec![
            slot(0, 2, 28, None),
            slot(1, 2, 30, Some(71)),
            slot(2, 1, 20, None),
            slot(3, 2, 30, Some(23)),
            slot(4, 2, 9, None),
        ];
        sort_slots(&mut slots);
        let order: Vec<u16> = slots.iter().map(|slot| slot.unit).collect();
        assert_eq!(order, vec![2, 3, 1, 0, 4]);
        assert_eq!(slots[4].value_words(), "4.5");
        assert_eq!(slots[1].value_words(), "15");
        assert!(Slot::whole(7, 12).is_plain());
        assert!(!slots[1].is_plain());
    }
}
