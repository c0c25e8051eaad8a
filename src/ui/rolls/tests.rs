//! The rolls panel's reading of events into cards: exchanges paired, moments begun, damage
//! below zero told, and a rulebook's own contest and located wound taken in.

use super::*;
use crate::battle::event::LogKind;
use crate::battle::own::{ContestSide, Located, OwnEvent, RulebookEvent};
use crate::rules::damage::DamageRoll;
use crate::rules::level_rolls;
use crate::rules::percentile::{Difficulty, NetDice, PercentileRoll, SkillCheck};
use crate::rules::roll::{RollPurpose, RollVerdict};
use crate::rules::wounds::BlowSeverity;

/// The value a roll read.
fn value(card: &RollCard) -> u32 {
    match card.roll.verdict {
        RollVerdict::Levels(verdict) => verdict.value,
        RollVerdict::Chance(verdict) => verdict.value,
        RollVerdict::Classes(verdict) => verdict.value,
        RollVerdict::Pool(_) => unreachable!("the cards here are percentile rolls"),
    }
}

fn rolled(unit: u16, value: u32) -> Event {
    Event {
        round: 1,
        kind: EventKind::Rolled {
            unit: UnitId(unit),
            roll: level_rolls::record(
                RollPurpose::Skill("Fighting (Brawl)".to_string()),
                &SkillCheck::judge(
                    PercentileRoll::from_faces(vec![value / 10 * 10], value % 10, NetDice::PLAIN),
                    50,
                    Difficulty::Regular,
                ),
                Vec::new(),
            ),
        },
    }
}

/// An attack roll and a dodge become one exchange card; a lone CON roll stays a roll card.
#[test]
fn rolls_pair_up_into_exchanges() {
    let events = [
        rolled(0, 23),
        rolled(1, 61),
        Event {
            round: 1,
            kind: EventKind::MeleeResolved {
                attacker: UnitId(0),
                defender: UnitId(1),
                outcome: MeleeOutcome::AttackerWins,
            },
        },
        rolled(1, 40),
    ];
    let moments = cards(&events);
    assert_eq!(moments.len(), 1, "no event here begins a new moment");
    let read = &moments[0];
    assert_eq!(read.len(), 2);
    match &read[0] {
        Card::Exchange {
            attack,
            defence,
            outcome,
        } => {
            assert_eq!(attack.unit, UnitId(0));
            assert_eq!(defence.as_ref().map(|roll| roll.unit), Some(UnitId(1)));
            assert_eq!(*outcome, MeleeOutcome::AttackerWins);
        }
        other => panic!("an exchange, not {other:?}"),
    }
    assert!(matches!(&read[1], Card::Roll(roll) if value(roll) == 40));
}

/// Each attack begins a moment of its own, so the panel can show the latest attack with its
/// damage and wound rolls together, in the order they were rolled.
#[test]
fn attacks_begin_moments() {
    let attacked = |unit: u16, target: u16| Event {
        round: 1,
        kind: EventKind::Attacked {
            unit: UnitId(unit),
            target: UnitId(target),
            weapon: "Claws".to_string(),
        },
    };
    let events = [
        rolled(2, 70),
        attacked(0, 1),
        rolled(0, 23),
        rolled(1, 40),
        attacked(1, 0),
        attacked(0, 1),
        rolled(0, 88),
    ];
    let moments = cards(&events);
    let values: Vec<Vec<u32>> = moments
        .iter()
        .map(|moment| {
            moment
                .iter()
                .map(|card| match card {
                    Card::Roll(roll) => value(roll),
                    other => panic!("only rolls here, not {other:?}"),
                })
                .collect()
        })
        .collect();
    assert_eq!(
        values,
        [vec![70], vec![23, 40], vec![88]],
        "empty moments are dropped"
    );
}

/// Unit 0's club rolls `total` damage on unit 1.
fn clubbed(total: u32) -> EventKind {
    EventKind::DamageRolled {
        unit: UnitId(0),
        target: UnitId(1),
        weapon: "Club".to_string(),
        roll: DamageRoll {
            quality: crate::rules::damage::DamageQuality::Normal,
            parts: Vec::new(),
            divisor: 1,
            total,
        },
    }
}

/// A blow past zero: the damage card says how far below zero, not "0 hit points left".
#[test]
fn a_damage_card_tells_hit_points_below_zero() {
    let events = [
        clubbed(12),
        EventKind::BelowZero {
            unit: UnitId(1),
            hit_points: 8,
        },
    ]
    .map(|kind| Event { round: 1, kind });
    let moments = cards(&events);
    assert!(
        matches!(moments.last().and_then(|moment| moment.last()), Some(Card::Damage(card)) if card.below_zero == 8),
        "{moments:?}"
    );
}

/// A rulebook's own event, as a test's rulebook would have them: a contest (standing for the
/// western's quick draw), and an earlier wound located (its wounds located as the round ends).
#[derive(Debug, PartialEq, serde::Serialize)]
enum TestEvent {
    Staredown,
    Found,
}

impl OwnEvent for TestEvent {
    fn kind(&self) -> LogKind {
        LogKind::Attacks
    }

    fn units(&self) -> Vec<UnitId> {
        vec![UnitId(0), UnitId(1)]
    }

    fn words(&self, _scenario: &Scenario) -> String {
        format!("{self:?}")
    }

    fn begins_a_moment(&self) -> bool {
        *self == Self::Staredown
    }

    fn contest_card(&self) -> Option<ContestCard> {
        let side = |unit: u16, total: i32| ContestSide {
            unit: UnitId(unit),
            die: "07".to_string(),
            total,
            parts: vec![format!("+{total} nerve")],
        };
        (*self == Self::Staredown).then(|| ContestCard {
            title: "Staredown",
            first: None,
            won: "blinks last",
            even: "nobody blinks",
            sides: [side(0, 12), side(1, 9)],
        })
    }

    fn locates(&self) -> Option<Located> {
        (*self == Self::Found).then(|| Located {
            unit: UnitId(1),
            weapon: "Club".to_string(),
            words: "in the left leg · d100 12".to_string(),
        })
    }
}

/// A rulebook's own contest: its event begins a moment, and the panel keeps its card as the
/// rulebook made it.
#[test]
fn a_rulebook_contest_begins_a_moment_with_its_card() {
    let events = [
        rolled(0, 23),
        Event {
            round: 1,
            kind: EventKind::Rulebook(RulebookEvent::new(TestEvent::Staredown)),
        },
        rolled(1, 40),
    ];
    let moments = cards(&events);
    assert_eq!(moments.len(), 2, "{moments:?}");
    match moments[1].as_slice() {
        [Card::Contest(card), Card::Roll(roll)] => {
            assert_eq!(card.sides.clone().map(|side| side.total), [12, 9]);
            assert_eq!(value(roll), 40);
        }
        other => panic!("the contest, then the roll after it, not {other:?}"),
    }
}

/// A rulebook's own event that locates an earlier wound puts where it landed on that wound's
/// damage card, however much later it comes.
#[test]
fn a_wound_located_later_lands_on_its_damage_card() {
    let events = [
        clubbed(4),
        EventKind::Damaged {
            unit: UnitId(1),
            by: Some(UnitId(0)),
            rolled: 4,
            armor: 0,
            taken: 4,
            hit_points: 6,
            cover: 0,
            severity: BlowSeverity::Regular,
        },
        rolled(0, 40).kind,
        EventKind::Rulebook(RulebookEvent::new(TestEvent::Found)),
    ]
    .map(|kind| Event { round: 1, kind });
    let located = cards(&events)
        .into_iter()
        .flatten()
        .find_map(|card| match card {
            Card::Damage(card) => card.location,
            _ => None,
        });
    assert_eq!(located.as_deref(), Some("in the left leg · d100 12"));
}
