//! BRP's round: two DEX cycles. Guns drawn and readied at the start of the round fire their
//! first shot in cycle 1, by DEX; in cycle 2 everyone acts by DEX (move up to MOV, then act: a
//! blow, a second shot, draw and fire, First Aid), and a further shot comes at half DEX. Ties at
//! one value in one cycle go to the lowest d100, rolled afresh each time.

use crate::rules::initiative::InitiativeEntry;
use crate::rules::round::{RoundHistory, Slot, TurnKind, TurnLimits, sort_slots};

/// The round's slots, in order, with a d100 for every unit tied with another at its value.
pub fn plan(entries: &[InitiativeEntry], tie_roll: &mut dyn FnMut(u32) -> u32) -> Vec<Slot> {
    let mut slots = Vec::new();
    for entry in entries {
        let slot = |cycle, halves, kind| Slot {
            unit: entry.unit,
            cycle,
            halves,
            tie_roll: None,
            net: None,
            kind,
        };
        // In half-DEX units; taken by surprise, every slot at half its value (a quarter DEX
        // rounds down to the half below).
        let surprise = if entry.surprised { 2 } else { 1 };
        let dexterity = entry.dexterity.saturating_mul(2) / surprise;
        slots.push(slot(0, dexterity, TurnKind::Declare));
        if entry.readied_firearm {
            slots.push(slot(1, dexterity, TurnKind::ReadiedShot));
        }
        slots.push(slot(2, dexterity, TurnKind::Whole));
        if entry.readied_firearm || entry.carries_firearm {
            slots.push(slot(2, entry.dexterity / surprise, TurnKind::FurtherShot));
        }
    }
    // Sorted first so the tie rolls fall in the order the slots are read.
    sort_slots(&mut slots);
    let tied: Vec<bool> = slots
        .iter()
        .map(|slot| {
            // Declarations are made in DEX order; a tie there changes nothing.
            slot.kind != TurnKind::Declare
                && slots
                    .iter()
                    .filter(|other| other.cycle == slot.cycle && other.halves == slot.halves)
                    .count()
                    > 1
        })
        .collect();
    for (slot, tied) in slots.iter_mut().zip(tied) {
        if tied {
            slot.tie_roll = Some(tie_roll(100));
        }
    }
    sort_slots(&mut slots);
    slots
}

/// What a turn in a slot allows: one shot a slot; cycle 1 and the half-DEX slot only shoot (the
/// half-DEX slot a further shot, the one aimed at DEX, or a round chambered by one that has
/// neither acted nor lost its action); after a shot no moving; a burst is the whole round's
/// shooting; a dodge costs the attack.
pub fn limits(kind: TurnKind, history: &RoundHistory) -> Option<TurnLimits> {
    let one_shot = TurnLimits {
        kind,
        fire_only: true,
        shots: Some(1),
        moves_after_acting: false,
        chambers: false,
    };
    let shots_left = !history.burst
        && !history.dodged
        && history
            .firearm_shots
            .is_some_and(|most| history.shots < most);
    match kind {
        TurnKind::ReadiedShot => {
            (history.firearm_shots.is_some() && !history.acted && !history.dodged)
                .then_some(one_shot)
        }
        TurnKind::Whole if history.acted => (history.shots > 0 && shots_left).then_some(one_shot),
        TurnKind::Whole => Some(TurnLimits {
            kind,
            fire_only: false,
            shots: Some(1),
            moves_after_acting: false,
            chambers: false,
        }),
        // A further shot after one at DEX, the shot aimed at DEX (the aim, the turn's act), or a
        // round chambered and fired by a unit that has neither acted nor lost its action.
        TurnKind::FurtherShot => {
            let aimed_shot = history.aimed && history.shots == 0 && !history.burst;
            let chambered_shot =
                history.chambers && !history.acted && !history.forfeited && !history.dodged;
            let further_shot = (history.shots > 0 && shots_left) || aimed_shot;
            (further_shot || chambered_shot).then_some(TurnLimits {
                chambers: chambered_shot,
                ..one_shot
            })
        }
        // Only worth asking where an enemy could come to blows this round.
        TurnKind::Declare => history.threatened.then_some(TurnLimits {
            kind,
            fire_only: false,
            shots: Some(0),
            moves_after_acting: false,
            chambers: false,
        }),
    }
}

/// "cycle 1 · DEX 14 · readied shot", "cycle 2 · DEX 7 (d100 23)".
pub fn slot_words(slot: &Slot) -> String {
    let what = match slot.kind {
        TurnKind::ReadiedShot => " · readied shot",
        TurnKind::Whole => "",
        TurnKind::FurtherShot => " · further shot",
        TurnKind::Declare => return format!("names whom to parry · DEX {}", slot.value_words()),
    };
    let tie = slot
        .tie_roll
        .map(|roll| format!(" (d100 {roll})"))
        .unwrap_or_default();
    format!(
        "cycle {} · DEX {}{what}{tie}",
        slot.cycle,
        slot.value_words()
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(unit: u16, dexterity: u32, readied: bool, carries: bool) -> InitiativeEntry {
        InitiativeEntry {
            unit,
            dexterity,
            readied_firearm: readied,
            carries_firearm: carries,
            combat_skill: 0,
            dex_roll: None,
            surprised: false,
            kept: None,
        }
    }

    /// Taken by surprise, Harvey (DEX 13, a readied revolver) has every slot at half: his
    /// readied shot and his turn at 6.5, his further shot at 3 (a quarter of 13 rounds down to
    /// the half below), behind the cultist's turn at 9.
    #[test]
    fn the_surprised_act_at_half_dex() {
        let harvey = InitiativeEntry {
            surprised: true,
            ..entry(0, 13, true, true)
        };
        let slots = plan(&[harvey, entry(1, 9, false, false)], &mut |_| 50);
        let seen: Vec<(u16, String, TurnKind)> = slots
            .iter()
            .filter(|slot| slot.kind != TurnKind::Declare)
            .map(|slot| (slot.unit, slot.value_words(), slot.kind))
            .collect();
        let expected = |unit, value: &str, kind| (unit, value.to_string(), kind);
        assert_eq!(
            seen,
            vec![
                expected(0, "6.5", TurnKind::ReadiedShot),
                expected(1, "9", TurnKind::Whole),
                expected(0, "6.5", TurnKind::Whole),
                expected(0, "3", TurnKind::FurtherShot),
            ]
        );
    }

    #[test]
    fn readied_guns_fire_in_cycle_one_then_all_by_dex_with_further_shots_at_half_dex() {
        // Ezra (DEX 14) with a readied revolver, Harvey (DEX 9) with a knife and a holstered
        // pistol, a cultist (DEX 12) with a club.
        let mut rolls = Vec::new();
        let slots = plan(
            &[
                entry(0, 14, true, true),
                entry(1, 9, false, true),
                entry(2, 12, false, false),
            ],
            &mut |_| {
                rolls.push(0);
                50
            },
        );
        let seen: Vec<(u16, u8, String, TurnKind)> = slots
            .iter()
            .map(|slot| (slot.unit, slot.cycle, slot.value_words(), slot.kind))
            .collect();
        let expected = |unit, cycle, value: &str, kind| (unit, cycle, value.to_string(), kind);
        assert_eq!(
            seen,
            vec![
                expected(0, 0, "14", TurnKind::Declare),
                expected(2, 0, "12", TurnKind::Declare),
                expected(1, 0, "9", TurnKind::Declare),
                expected(0, 1, "14", TurnKind::ReadiedShot),
                expected(0, 2, "14", TurnKind::Whole),
                expected(2, 2, "12", TurnKind::Whole),
                expected(1, 2, "9", TurnKind::Whole),
                expected(0, 2, "7", TurnKind::FurtherShot),
                expected(1, 2, "4.5", TurnKind::FurtherShot),
            ]
        );
        assert!(rolls.is_empty(), "no ties, no d100");
    }

    #[test]
    fn ties_in_a_cycle_go_to_the_lowest_d100() {
        // DEX 12 and DEX 12 tie in cycle 2; DEX 14's half-DEX further shot (7) ties nobody.
        let mut faces = vec![71, 23].into_iter();
        let slots = plan(
            &[
                entry(0, 12, false, false),
                entry(1, 12, false, false),
                entry(2, 14, false, true),
            ],
            &mut |_| faces.next().unwrap_or(1),
        );
        let order: Vec<(u16, Option<u32>)> = slots
            .iter()
            .filter(|slot| slot.kind != TurnKind::Declare)
            .map(|slot| (slot.unit, slot.tie_roll))
            .collect();
        assert_eq!(
            order,
            vec![(2, None), (1, Some(23)), (0, Some(71)), (2, None)]
        );
        assert_eq!(slot_words(&slots[4]), "cycle 2 · DEX 12 (d100 23)");
        assert_eq!(slot_words(&slots[1]), "names whom to parry · DEX 12");
        assert_eq!(
            slots[1].tie_roll, None,
            "a tie among declarations changes nothing"
        );
    }

    #[test]
    fn a_turns_limits_follow_what_the_unit_did_this_round() {
        let revolver = RoundHistory {
            firearm_shots: Some(3),
            ..RoundHistory::default()
        };
        let fired_once = RoundHistory {
            shots: 1,
            acted: true,
            ..revolver
        };
        let one_shot = |kind| {
            Some(TurnLimits {
                kind,
                fire_only: true,
                shots: Some(1),
                moves_after_acting: false,
                chambers: false,
            })
        };
        assert_eq!(
            limits(TurnKind::ReadiedShot, &revolver),
            one_shot(TurnKind::ReadiedShot)
        );
        // A readied shot fired: a second shot at DEX in cycle 2, no moving; a third at half DEX.
        assert_eq!(
            limits(TurnKind::Whole, &fired_once),
            one_shot(TurnKind::Whole)
        );
        assert_eq!(
            limits(
                TurnKind::FurtherShot,
                &RoundHistory {
                    shots: 2,
                    ..fired_once
                }
            ),
            one_shot(TurnKind::FurtherShot)
        );
        // Three shots fired: the revolver is done for the round.
        assert_eq!(
            limits(
                TurnKind::FurtherShot,
                &RoundHistory {
                    shots: 3,
                    ..fired_once
                }
            ),
            None
        );
        // Passed in cycle 1: a whole turn in cycle 2, one shot a pull; no shot yet, no
        // further shot.
        assert_eq!(
            limits(TurnKind::Whole, &revolver).map(|turn| (turn.fire_only, turn.shots)),
            Some((false, Some(1)))
        );
        assert_eq!(limits(TurnKind::FurtherShot, &revolver), None);
        // An empty gun with a round to chamber: fired at half DEX by one that has not acted.
        let empty = RoundHistory {
            chambers: true,
            ..revolver
        };
        assert_eq!(
            limits(TurnKind::FurtherShot, &empty).map(|turn| turn.chambers),
            Some(true)
        );
        let acted = RoundHistory {
            acted: true,
            ..empty
        };
        assert_eq!(limits(TurnKind::FurtherShot, &acted), None);
        let forfeited = RoundHistory {
            forfeited: true,
            ..empty
        };
        assert_eq!(limits(TurnKind::FurtherShot, &forfeited), None);
        // A further shot with the gun run dry at DEX (or aimed at DEX) chambers nothing.
        let emptied_at_dex = RoundHistory {
            shots: 1,
            acted: true,
            ..empty
        };
        assert_eq!(
            limits(TurnKind::FurtherShot, &emptied_at_dex),
            one_shot(TurnKind::FurtherShot)
        );
        let aimed_at_dex = RoundHistory {
            aimed: true,
            acted: true,
            ..empty
        };
        assert_eq!(
            limits(TurnKind::FurtherShot, &aimed_at_dex),
            one_shot(TurnKind::FurtherShot)
        );
        // A burst is the round's shooting; a dodge costs the readied shot; no gun, no cycle 1.
        let burst = RoundHistory {
            burst: true,
            acted: true,
            ..revolver
        };
        assert_eq!(limits(TurnKind::Whole, &burst), None);
        let dodged = RoundHistory {
            dodged: true,
            ..revolver
        };
        assert_eq!(limits(TurnKind::ReadiedShot, &dodged), None);
        assert_eq!(
            limits(TurnKind::ReadiedShot, &RoundHistory::default()),
            None
        );
        // A parry is worth naming only where an enemy could come to blows this round.
        assert_eq!(limits(TurnKind::Declare, &revolver), None);
        assert_eq!(
            limits(
                TurnKind::Declare,
                &RoundHistory {
                    threatened: true,
                    ..revolver
                }
            )
            .map(|turn| turn.kind),
            Some(TurnKind::Declare)
        );
    }
}
