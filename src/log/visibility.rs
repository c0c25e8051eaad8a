//! What the players may know: each event is for everyone, for the keeper alone, or for the
//! keeper until a later event reveals it (a hidden unit's doings, shown once it is seen). The
//! table view, the players' log export and replays watched as a player read the stream through
//! this; the keeper reads all of it.
//!
//! Secret numbers: the units of a secret side (the opposition, by default) show the players
//! their wound state, never their hit points, skills or armor; with the concealed-damage rule
//! every unit's numbers are the keeper's.

use crate::battle::command::Adjustment;
use crate::battle::event::{Event, EventKind};
use crate::battle::{Condition, Presence, UnitId};
use crate::map::scenario::Scenario;

/// Who may read an event.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Audience {
    Everyone,
    Keeper,
    /// The keeper's until the event at this index (the reveal of a hidden unit it names).
    RevealedAt(usize),
}

impl Audience {
    /// Whether the players may read it once the stream holds `now` events.
    pub fn players_see(self, now: usize) -> bool {
        match self {
            Self::Everyone => true,
            Self::Keeper => false,
            Self::RevealedAt(index) => index < now,
        }
    }
}

/// Whether the players are kept from `unit`'s numbers (hit points, skills, armor, damage
/// taken).
pub fn numbers_secret(scenario: &Scenario, unit: UnitId) -> bool {
    scenario.rules.concealed_damage
        || scenario
            .units
            .get(unit.index())
            .and_then(|spec| scenario.sides.get(spec.side))
            .is_none_or(|side| side.secret)
}

/// Whether the players are kept from a unit altogether in its present `condition`: a hidden
/// one, and a secret side's units yet to come (held in reserve, arriving later).
pub fn unit_secret(scenario: &Scenario, unit: UnitId, condition: &Condition) -> bool {
    condition.hidden
        || (numbers_secret(scenario, unit)
            && matches!(
                condition.presence,
                Presence::Reserve | Presence::Arriving(_)
            ))
}

/// The units hidden from the players once `events` have happened.
pub fn hidden_after(scenario: &Scenario, events: &[Event]) -> Vec<bool> {
    let mut hidden = hidden_at_the_start(scenario);
    for event in events {
        note_a_reveal(&mut hidden, event);
    }
    hidden
}

/// The units the scenario hides, by unit index.
fn hidden_at_the_start(scenario: &Scenario) -> Vec<bool> {
    scenario.units.iter().map(|unit| unit.hidden).collect()
}

/// A unit an event reveals is hidden no more.
fn note_a_reveal(hidden: &mut [bool], event: &Event) {
    if let EventKind::Revealed { unit, .. } = event.kind
        && let Some(flag) = hidden.get_mut(unit.index())
    {
        *flag = false;
    }
}

/// The audience of every event in the stream.
pub fn audiences(scenario: &Scenario, events: &[Event]) -> Vec<Audience> {
    let mut revealed_at: Vec<Option<usize>> = vec![None; scenario.units.len()];
    for (index, event) in events.iter().enumerate() {
        if let EventKind::Revealed { unit, .. } = event.kind
            && let Some(slot) = revealed_at.get_mut(unit.index())
        {
            slot.get_or_insert(index);
        }
    }
    let hidden_until = |unit: UnitId, index: usize| -> Option<Audience> {
        let spec = scenario.units.get(unit.index())?;
        if !spec.hidden {
            return None;
        }
        match revealed_at[unit.index()] {
            Some(at) if at <= index => None,
            Some(at) => Some(Audience::RevealedAt(at)),
            None => Some(Audience::Keeper),
        }
    };
    events
        .iter()
        .enumerate()
        .map(|(index, event)| {
            if keepers_alone(scenario, &event.kind) {
                return Audience::Keeper;
            }
            if matches!(
                event.kind,
                EventKind::RoundBegan { .. } | EventKind::Revealed { .. }
            ) {
                return Audience::Everyone;
            }
            super::units_of(&event.kind)
                .into_iter()
                .filter_map(|unit| hidden_until(unit, index))
                .max_by_key(|audience| match audience {
                    Audience::Keeper => usize::MAX,
                    Audience::RevealedAt(at) => *at,
                    Audience::Everyone => 0,
                })
                .unwrap_or(Audience::Everyone)
        })
        .collect()
}

/// Events only the keeper ever reads, whoever they name: typed dice, secret rolls, refused
/// orders (whose reasons may name a hidden unit or where it stands), a secret unit's hit points
/// below zero or the numbers a rulebook's own event tells of it (CoC's Luck), the keeper's
/// corrections to its numbers.
fn keepers_alone(scenario: &Scenario, kind: &EventKind) -> bool {
    match kind {
        EventKind::DiceEntered { .. }
        | EventKind::RolledInSecret { .. }
        | EventKind::Rejected { .. } => true,
        EventKind::Adjusted {
            unit,
            change: Adjustment::HitPoints(_) | Adjustment::Ammunition { .. },
        }
        | EventKind::BelowZero { unit, .. } => numbers_secret(scenario, *unit),
        EventKind::Rulebook(own) => own
            .event()
            .numbers_of()
            .is_some_and(|unit| numbers_secret(scenario, unit)),
        _ => false,
    }
}

/// The words for an event as the players read it: a secret unit's rolls without what they
/// were against, its harm as a wound without numbers, the round's order without hidden units.
pub fn players_words(event: &Event, scenario: &Scenario, hidden: &[bool]) -> String {
    let name = |unit: UnitId| unit.name_in(scenario);
    let secret = |unit: UnitId| numbers_secret(scenario, unit);
    let seen = |unit: &UnitId| !hidden.get(unit.index()).copied().unwrap_or(false);
    match &event.kind {
        // The seed and the public rolls would tell what the secret ones came to.
        EventKind::BattleBegan { .. } => "The fight begins".to_string(),
        EventKind::Stabilised { unit, by, .. } if secret(*unit) => {
            format!("{} stabilises {}", name(*by), name(*unit))
        }
        EventKind::Healed { unit, by, .. } if secret(*unit) => {
            format!("{} heals {}", name(*by), name(*unit))
        }
        EventKind::Burned { unit, .. } if secret(*unit) => format!("{} burns", name(*unit)),
        EventKind::StrengthPitted {
            unit,
            against,
            contest,
            won,
            ..
        } if secret(*unit) || secret(*against) => {
            let (trying, outcome) = super::grapple_words::contest_words(*contest, *won);
            format!(
                "{} strains to {trying} {}: {outcome}",
                name(*unit),
                name(*against)
            )
        }
        EventKind::Rolled { unit, roll } if secret(*unit) => format!(
            "{} rolls {}: {}",
            name(*unit),
            roll.purpose.name(),
            scenario.ruleset.words().sketch(roll).verdict
        ),
        EventKind::Damaged {
            unit,
            taken,
            severity,
            ..
        } if secret(*unit) => {
            if *taken == 0 {
                format!("{} takes no harm", name(*unit))
            } else {
                // Its wound state follows in a line of its own ("is hurt").
                format!(
                    "{} takes a wound{}",
                    name(*unit),
                    super::severity_suffix(scenario, *severity)
                )
            }
        }
        EventKind::Injured { unit, severity, .. } if secret(*unit) => match severity {
            Some(_) => format!("{} takes an injury", name(*unit)),
            None => format!("{} takes no harm", name(*unit)),
        },
        EventKind::KnockOutWeighed {
            target,
            knocked_out,
            ..
        } if secret(*target) => {
            let outcome = if *knocked_out {
                "knocked out"
            } else {
                "not knocked out"
            };
            format!("{} is {outcome}", name(*target))
        }
        EventKind::RoundBegan { order, slots } => {
            // The order without hidden units; a secret unit's slot without its DEX.
            let names: Vec<String> = if slots.is_empty() {
                order
                    .iter()
                    .filter(|unit| seen(unit))
                    .map(|unit| name(*unit))
                    .collect()
            } else {
                slots
                    .iter()
                    .map(|slot| (UnitId(slot.unit), slot))
                    .filter(|(unit, _)| seen(unit))
                    .map(|(unit, slot)| {
                        if secret(unit) {
                            name(unit)
                        } else {
                            format!(
                                "{} ({})",
                                name(unit),
                                scenario.ruleset.words().slot_words(slot)
                            )
                        }
                    })
                    .collect()
            };
            format!("Round {} · order: {}", event.round, names.join(", "))
        }
        EventKind::Rulebook(own) => own.event().players_words(scenario),
        _ => super::describe(event, scenario),
    }
}

/// The players' lines of the whole stream as it stands: each event they may read, by its index,
/// in their words.
pub fn players_lines(scenario: &Scenario, events: &[Event]) -> Vec<(usize, String)> {
    let audiences = audiences(scenario, events);
    let mut hidden = hidden_at_the_start(scenario);
    let mut lines = Vec::new();
    for (index, (event, audience)) in events.iter().zip(&audiences).enumerate() {
        note_a_reveal(&mut hidden, event);
        if audience.players_see(events.len()) {
            lines.push((index, players_words(event, scenario, &hidden)));
        }
    }
    lines
}
