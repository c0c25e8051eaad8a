//! The d10 pool's own events, carried by the engine's stream and written as the engine's own
//! are (snake-case kinds, the unit first).

use serde::Serialize;

use crate::battle::UnitId;
use crate::battle::event::{EventKind, LogKind};
use crate::battle::own::{OwnEvent, RulebookEvent};
use crate::map::scenario::Scenario;

/// What happens in a battle by the pool's own mechanisms.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "snake_case", tag = "kind")]
pub enum PoolEvent {
    /// One injury so bad it leaves a scar.
    Scarred { unit: UnitId, severity: u32 },
    /// One injury worse than the unit can shrug off: it loses its next turn.
    StunnedByInjury { unit: UnitId },
    /// One injury worse than the unit can shrug off, and a point of Willpower spent to shake
    /// the stun off: no turn is lost; `left` points remain.
    StunShakenOff { unit: UnitId, left: u32 },
}

impl From<PoolEvent> for EventKind {
    fn from(event: PoolEvent) -> Self {
        Self::Rulebook(RulebookEvent::new(event))
    }
}

impl OwnEvent for PoolEvent {
    fn kind(&self) -> LogKind {
        LogKind::Wounds
    }

    fn units(&self) -> Vec<UnitId> {
        match self {
            Self::Scarred { unit, .. }
            | Self::StunnedByInjury { unit }
            | Self::StunShakenOff { unit, .. } => vec![*unit],
        }
    }

    fn words(&self, scenario: &Scenario) -> String {
        let name = |unit: UnitId| unit.name_in(scenario);
        match self {
            Self::Scarred { unit, severity } => format!(
                "{} will carry a scar from that injury of {severity}",
                name(*unit)
            ),
            Self::StunShakenOff { unit, left } => format!(
                "{} is stunned by the injury, and spends a point of Willpower to shake it off ({left} left)",
                name(*unit)
            ),
            Self::StunnedByInjury { unit } => {
                format!("{} is stunned by the injury and loses a turn", name(*unit))
            }
        }
    }
}
