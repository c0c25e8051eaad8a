//! What each unit did over a battle, counted from the events: attacks made, hits landed, damage
//! dealt and taken, and the enemies it put out of the fight. The end-of-battle screen shows it.

use super::UnitId;
use super::event::{Event, EventKind, Harm, WoundState};

/// One unit's part in a battle.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct UnitTally {
    /// Blows struck, throws and shots (a volley counts once).
    pub attacks: u32,
    /// Of those, the ones that did damage.
    pub hits: u32,
    /// Hit points it took off others (after armor).
    pub dealt: u32,
    /// Hit points it lost.
    pub taken: u32,
    /// Units it put out of the fight: the last to hurt them before they fell.
    pub downed: u32,
}

/// Count every unit's part (by unit index) from a battle's events.
pub fn tally(events: &[Event], units: usize) -> Vec<UnitTally> {
    let mut tallies = vec![UnitTally::default(); units];
    let mut last_hurt_by: Vec<Option<UnitId>> = vec![None; units];
    for event in events {
        match &event.kind {
            EventKind::Attacked { unit, .. } | EventKind::ShotAt { unit, .. } => {
                if let Some(tally) = tallies.get_mut(unit.index()) {
                    tally.attacks += 1;
                }
            }
            kind @ (EventKind::Damaged { .. } | EventKind::Injured { .. }) => {
                let Some(Harm { unit, by, taken }) = kind.harm() else {
                    continue;
                };
                if let Some(tally) = tallies.get_mut(unit.index()) {
                    tally.taken += taken;
                }
                if let Some(by) = by.filter(|by| *by != unit)
                    && taken > 0
                    && let Some(tally) = tallies.get_mut(by.index())
                {
                    tally.dealt += taken;
                    tally.hits += 1;
                    if let Some(last) = last_hurt_by.get_mut(unit.index()) {
                        *last = Some(by);
                    }
                }
            }
            EventKind::WoundChanged { unit, from, to } if out(*to) && !out(*from) => {
                if let Some(by) = last_hurt_by.get(unit.index()).copied().flatten()
                    && let Some(tally) = tallies.get_mut(by.index())
                {
                    tally.downed += 1;
                }
            }
            _ => {}
        }
    }
    tallies
}

/// Out of the fight: unconscious, dying, stabilised or dead.
fn out(state: WoundState) -> bool {
    matches!(
        state,
        WoundState::Unconscious | WoundState::Stabilised | WoundState::Dying | WoundState::Dead
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::wounds::BlowSeverity;

    fn event(kind: EventKind) -> Event {
        Event { round: 1, kind }
    }

    fn damaged(unit: u16, by: Option<u16>, taken: u32) -> Event {
        event(EventKind::Damaged {
            unit: UnitId(unit),
            by: by.map(UnitId),
            rolled: taken + 1,
            armor: 1,
            taken,
            hit_points: 0,
            cover: 0,
            severity: BlowSeverity::Regular,
        })
    }

    #[test]
    fn a_battle_is_tallied_per_unit() {
        let attacked = |unit, target| {
            event(EventKind::Attacked {
                unit: UnitId(unit),
                target: UnitId(target),
                weapon: "Claws".to_string(),
            })
        };
        let fell = |unit, to| {
            event(EventKind::WoundChanged {
                unit: UnitId(unit),
                from: WoundState::Hurt,
                to,
            })
        };
        let events = [
            // Unit 0 strikes unit 2 twice: 5 then 7 points; unit 1 strikes it for 4 last.
            attacked(0, 2),
            damaged(2, Some(0), 5),
            attacked(0, 2),
            damaged(2, Some(0), 7),
            attacked(1, 2),
            damaged(2, Some(1), 4),
            // Unit 1 finished it: the down is 1's.
            fell(2, WoundState::Dying),
            // Unit 2 had missed unit 0 once; a fire burns unit 0 for 2 with nobody to blame.
            attacked(2, 0),
            damaged(0, None, 2),
            // Armor stopped all of a blow on unit 1: no hit.
            attacked(2, 1),
            damaged(1, Some(2), 0),
            // Dying is already out of the fight: dying on to dead is no second down.
            event(EventKind::WoundChanged {
                unit: UnitId(2),
                from: WoundState::Dying,
                to: WoundState::Dead,
            }),
        ];
        let tallies = tally(&events, 3);
        let expected = [
            UnitTally {
                attacks: 2,
                hits: 2,
                dealt: 12,
                taken: 2,
                downed: 0,
            },
            UnitTally {
                attacks: 1,
                hits: 1,
                dealt: 4,
                taken: 0,
                downed: 1,
            },
            UnitTally {
                attacks: 2,
                hits: 0,
                dealt: 0,
                taken: 16,
                downed: 0,
            },
        ];
        assert_eq!(tallies, expected);
    }
}
