//! The western's own events, carried by the engine's stream and written as the engine's own are
//! (snake-case kinds, the unit first).

use serde::Serialize;

use crate::battle::UnitId;
use crate::battle::event::{EventKind, LogKind};
use crate::battle::own::{OwnEvent, RulebookEvent};
use crate::map::scenario::Scenario;
use crate::rulesets::frontier::wounds::PainFailure;
use crate::words::the_weapon;

/// What happens in a battle by the western's own mechanisms.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "snake_case", tag = "kind")]
pub enum FrontierEvent {
    /// Tripped, it failed the roll to rise: up all the same, but each foe within reach gets a
    /// free blow at it.
    Stumbled { unit: UnitId },
    /// `by`'s First Aid stops `unit`'s bleeding.
    BleedingStopped { unit: UnitId, by: UnitId },
    /// `unit` failed the roll against a wound's pain: it falls and drops what it held
    /// (`dropped`), or, hurt hand to hand, loses its action this round.
    PainFelt {
        unit: UnitId,
        failure: PainFailure,
        dropped: Option<String>,
    },
    /// `unit` rolled against the pain of an earlier wound again, and mastered it.
    PainMastered { unit: UnitId },
    /// `unit`'s turn goes by: it is down in the pain of a wound this round.
    DownInPain { unit: UnitId },
    /// A specific shot in the legs hit `unit`: it moves no further than its zigzag for the rest
    /// of the fight.
    ShotInTheLegs { unit: UnitId },
    /// As the round ends, `unit` bleeds `loss` (the damage follows).
    Bled { unit: UnitId, loss: u32 },
}

impl From<FrontierEvent> for EventKind {
    fn from(event: FrontierEvent) -> Self {
        Self::Rulebook(RulebookEvent::new(event))
    }
}

impl OwnEvent for FrontierEvent {
    fn kind(&self) -> LogKind {
        match self {
            Self::Stumbled { .. } => LogKind::Moves,
            Self::BleedingStopped { .. } => LogKind::Care,
            Self::PainFelt { .. }
            | Self::PainMastered { .. }
            | Self::DownInPain { .. }
            | Self::ShotInTheLegs { .. }
            | Self::Bled { .. } => LogKind::Wounds,
        }
    }

    fn units(&self) -> Vec<UnitId> {
        match self {
            Self::Stumbled { unit }
            | Self::PainFelt { unit, .. }
            | Self::PainMastered { unit }
            | Self::DownInPain { unit }
            | Self::ShotInTheLegs { unit }
            | Self::Bled { unit, .. } => vec![*unit],
            Self::BleedingStopped { unit, by } => vec![*unit, *by],
        }
    }

    fn words(&self, scenario: &Scenario) -> String {
        let name = |unit: UnitId| unit.name_in(scenario);
        match self {
            Self::Stumbled { unit } => format!(
                "{} stumbles getting up: each foe within reach strikes once, free",
                name(*unit)
            ),
            Self::BleedingStopped { unit, by } => {
                format!("{} stops {}'s bleeding", name(*by), name(*unit))
            }
            Self::PainFelt {
                unit,
                failure,
                dropped,
            } => match (failure, dropped) {
                (PainFailure::FallAndDrop, Some(weapon)) => format!(
                    "{} falls in pain and drops {}: nothing more this round",
                    name(*unit),
                    the_weapon(weapon)
                ),
                (PainFailure::FallAndDrop, None) => {
                    format!("{} falls in pain: nothing more this round", name(*unit))
                }
                (PainFailure::NoAttacks, _) => {
                    format!("{} reels from the blow: no action this round", name(*unit))
                }
            },
            Self::PainMastered { unit } => format!("{} masters the pain", name(*unit)),
            Self::DownInPain { unit } => {
                format!("{} is down in pain and does nothing this turn", name(*unit))
            }
            Self::ShotInTheLegs { unit } => format!(
                "{} is shot in the legs: no further than a zigzag for the rest of the fight",
                name(*unit)
            ),
            Self::Bled { unit, loss } => format!("{} bleeds {loss}", name(*unit)),
        }
    }
}
