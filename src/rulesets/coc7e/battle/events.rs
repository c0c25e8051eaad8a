//! Call of Cthulhu 7e's own events, carried by the engine's stream and written as the engine's
//! own are (snake-case kinds, the unit first).

use serde::Serialize;

use crate::battle::UnitId;
use crate::battle::event::{EventKind, LogKind};
use crate::battle::own::{OwnEvent, RulebookEvent};
use crate::map::scenario::Scenario;
use crate::rules::body::BodyPart;
use crate::rules::dice::DieFace;
use crate::words::plural;

/// What happens in a battle by CoC's own mechanisms.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "snake_case", tag = "kind")]
pub enum CocEvent {
    /// Armor over only part of the body was tried against a blow or shot aimed at its wearer:
    /// where it landed (on the hit locations, with the die), or a Luck roll (none); `covered`:
    /// the armor took it.
    ArmorTried {
        unit: UnitId,
        armor: String,
        location: Option<(DieFace, BodyPart)>,
        covered: bool,
    },
    /// `unit` spends Luck to stay conscious (the optional rule): `points`, and `left` after.
    LuckSpent {
        unit: UnitId,
        points: u32,
        left: u32,
    },
    /// Stunned by a stun weapon or a spray: it loses this many turns.
    Stunned { unit: UnitId, turns: DieFace },
    /// The unit dived for cover against shots: `made_it`, the shots at it are harder.
    Dived { unit: UnitId, made_it: bool },
    /// A maneuver hampered the unit: a penalty die until its next turn ends.
    Hindered { unit: UnitId },
    /// A maneuver left the unit open: a bonus die to its enemies this round.
    Exposed { unit: UnitId },
}

impl From<CocEvent> for EventKind {
    fn from(event: CocEvent) -> Self {
        Self::Rulebook(RulebookEvent::new(event))
    }
}

impl OwnEvent for CocEvent {
    fn kind(&self) -> LogKind {
        match self {
            Self::ArmorTried { .. } | Self::Dived { .. } => LogKind::Attacks,
            Self::LuckSpent { .. }
            | Self::Stunned { .. }
            | Self::Hindered { .. }
            | Self::Exposed { .. } => LogKind::Wounds,
        }
    }

    fn units(&self) -> Vec<UnitId> {
        match self {
            Self::ArmorTried { unit, .. }
            | Self::LuckSpent { unit, .. }
            | Self::Stunned { unit, .. }
            | Self::Dived { unit, .. }
            | Self::Hindered { unit }
            | Self::Exposed { unit } => vec![*unit],
        }
    }

    fn words(&self, scenario: &Scenario) -> String {
        let name = |unit: UnitId| unit.name_in(scenario);
        match self {
            Self::Hindered { unit } => format!(
                "{} is hampered: a penalty die until its next turn ends",
                name(*unit)
            ),
            Self::Exposed { unit } => format!(
                "{} is left open: a bonus die to its enemies this round",
                name(*unit)
            ),
            Self::Dived { unit, made_it } => {
                if *made_it {
                    format!("{} dives for cover: harder to hit", name(*unit))
                } else {
                    format!("{} dives for cover, too slowly", name(*unit))
                }
            }
            Self::ArmorTried {
                unit,
                armor,
                location,
                covered,
            } => {
                let outcome = if *covered {
                    format!("the {armor} takes it")
                } else {
                    format!("the {armor} does not cover it")
                };
                match location {
                    Some((die, part)) => format!(
                        "It lands on {}'s {} [1D{}: {}]: {outcome}",
                        name(*unit),
                        part.words(),
                        die.sides,
                        die.face
                    ),
                    None => format!("{}'s Luck: {outcome}", name(*unit)),
                }
            }
            Self::LuckSpent { unit, points, left } => format!(
                "{} spends {points} Luck to stay conscious ({left} left)",
                name(*unit)
            ),
            Self::Stunned { unit, turns } => format!(
                "{} is stunned for {} turn{} [D6: {}]",
                name(*unit),
                turns.face,
                plural(turns.face),
                turns.face
            ),
        }
    }

    /// A unit's Luck is among its numbers.
    fn numbers_of(&self) -> Option<UnitId> {
        match self {
            Self::LuckSpent { unit, .. } => Some(*unit),
            Self::ArmorTried { .. }
            | Self::Stunned { .. }
            | Self::Dived { .. }
            | Self::Hindered { .. }
            | Self::Exposed { .. } => None,
        }
    }
}
