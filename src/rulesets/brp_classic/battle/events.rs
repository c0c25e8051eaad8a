//! BRP classic's own events, carried by the engine's stream and written as the engine's own are
//! (snake-case kinds, the unit first).

use serde::Serialize;

use crate::battle::UnitId;
use crate::battle::event::{EventKind, LogKind};
use crate::battle::own::{OwnEvent, RulebookEvent};
use crate::map::scenario::Scenario;
use crate::rules::dice::DieFace;
use crate::words::plural;

/// What happens in a battle by BRP's own mechanisms.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "snake_case", tag = "kind")]
pub enum BrpEvent {
    /// Knocked out by a failed CON roll for the rounds the dice say: it comes to as
    /// `until_round` ends, unless tended first.
    KnockedOut {
        unit: UnitId,
        dice: Vec<DieFace>,
        until_round: u32,
    },
    /// The opponent `unit` will parry this round (`None`: no one), named at its start.
    ParryDeclared {
        unit: UnitId,
        against: Option<UnitId>,
    },
}

impl From<BrpEvent> for EventKind {
    fn from(event: BrpEvent) -> Self {
        Self::Rulebook(RulebookEvent::new(event))
    }
}

impl OwnEvent for BrpEvent {
    fn kind(&self) -> LogKind {
        match self {
            Self::KnockedOut { .. } => LogKind::Wounds,
            Self::ParryDeclared { .. } => LogKind::Attacks,
        }
    }

    fn units(&self) -> Vec<UnitId> {
        match self {
            Self::KnockedOut { unit, .. } => vec![*unit],
            Self::ParryDeclared { unit, against } => {
                std::iter::once(*unit).chain(*against).collect()
            }
        }
    }

    fn words(&self, scenario: &Scenario) -> String {
        match self {
            Self::KnockedOut {
                unit,
                dice,
                until_round,
            } => {
                let faces: Vec<String> = dice.iter().map(|die| die.face.to_string()).collect();
                let rounds: u32 = dice.iter().map(|die| die.face).sum();
                format!(
                    "{} is out cold for {rounds} round{} [{}D{}: {}], until round {until_round} ends",
                    unit.name_in(scenario),
                    plural(rounds),
                    dice.len(),
                    dice.first().map_or(6, |die| die.sides),
                    faces.join(" ")
                )
            }
            Self::ParryDeclared { unit, against } => {
                let name = |unit: UnitId| unit.name_in(scenario);
                let parry = scenario.ruleset.words().weapon_defence().answer;
                match against {
                    Some(foe) => format!("{} will {parry} {} this round", name(*unit), name(*foe)),
                    None => format!("{} names no one to {parry} this round", name(*unit)),
                }
            }
        }
    }
}
