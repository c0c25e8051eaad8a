//! The d100 house sheet's own events, carried by the engine's stream and written as the engine's
//! own are (snake-case kinds, the unit first).

use serde::Serialize;

use crate::battle::UnitId;
use crate::battle::event::LogKind;
use crate::battle::own::OwnEvent;
use crate::map::scenario::Scenario;

/// What happens in a battle by the house sheet's own mechanisms.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "snake_case", tag = "kind")]
pub enum HouseEvent {
    /// The unit failed to work its bolt-action `weapon` in time for another shot this round:
    /// the attack is spent, the shot lost.
    BoltTooSlow { unit: UnitId, weapon: String },
}

impl OwnEvent for HouseEvent {
    fn kind(&self) -> LogKind {
        match self {
            Self::BoltTooSlow { .. } => LogKind::Attacks,
        }
    }

    fn units(&self) -> Vec<UnitId> {
        match self {
            Self::BoltTooSlow { unit, .. } => vec![*unit],
        }
    }

    fn words(&self, scenario: &Scenario) -> String {
        match self {
            Self::BoltTooSlow { unit, weapon } => format!(
                "{} cannot work the {weapon}'s bolt in time: the shot is lost",
                unit.name_in(scenario)
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::battle::event::{Event, EventKind};
    use crate::battle::own::RulebookEvent;

    /// Carried by the stream, the house's event is written as it was as an engine event.
    #[test]
    fn a_house_event_is_written_as_before() {
        let event = Event {
            round: 1,
            kind: EventKind::Rulebook(RulebookEvent::new(HouseEvent::BoltTooSlow {
                unit: UnitId(2),
                weapon: "Hunting rifle".to_string(),
            })),
        };
        assert_eq!(
            serde_json::to_string(&event).expect("plain data"),
            r#"{"round":1,"kind":"bolt_too_slow","unit":2,"weapon":"Hunting rifle"}"#
        );
    }
}
