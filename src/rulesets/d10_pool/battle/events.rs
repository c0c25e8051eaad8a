//! The d10 pool's own events, carried by the engine's stream and written as the engine's own
//! are (snake-case kinds, the unit first).

use serde::Serialize;

use crate::battle::UnitId;
use crate::battle::event::{EventKind, LogKind};
use crate::battle::own::{OwnEvent, RollNote, RulebookEvent};
use crate::map::scenario::Scenario;
use crate::rulesets::d10_pool::budget::{PlanPart, parts_words};

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
    /// The unit evades: `pool` successes to take off hand-to-hand attacks on it until its next
    /// turn.
    Evading { unit: UnitId, pool: u32 },
    /// The unit's evading took `took` off `attacker`'s net; `left` remain in its pool.
    Evaded {
        unit: UnitId,
        attacker: UnitId,
        took: u32,
        left: u32,
    },
    /// The unit split its dice for the round: `budget` (the smallest pool planned) into these
    /// parts.
    DicePlanned {
        unit: UnitId,
        budget: u32,
        parts: Vec<PlanPart>,
    },
    /// The unit, caught in a sweep's open or a blast, dodged with its round's dice: whether it
    /// netted anything.
    DodgedArea {
        unit: UnitId,
        made_it: bool,
        blast: bool,
    },
    /// The unit swept automatic fire across an area: how many tiles wide, and everyone standing
    /// in it who will be shot at, with the one roll they share.
    Swept {
        unit: UnitId,
        width: u32,
        caught: Vec<UnitId>,
    },
}

impl From<PoolEvent> for EventKind {
    fn from(event: PoolEvent) -> Self {
        Self::Rulebook(RulebookEvent::new(event))
    }
}

impl OwnEvent for PoolEvent {
    fn kind(&self) -> LogKind {
        match self {
            Self::Scarred { .. } | Self::StunnedByInjury { .. } | Self::StunShakenOff { .. } => {
                LogKind::Wounds
            }
            Self::Evading { .. }
            | Self::Evaded { .. }
            | Self::DicePlanned { .. }
            | Self::Swept { .. }
            | Self::DodgedArea { .. } => LogKind::Attacks,
        }
    }

    fn units(&self) -> Vec<UnitId> {
        match self {
            Self::Scarred { unit, .. }
            | Self::StunnedByInjury { unit }
            | Self::StunShakenOff { unit, .. }
            | Self::Evading { unit, .. }
            | Self::DicePlanned { unit, .. }
            | Self::Swept { unit, .. }
            | Self::DodgedArea { unit, .. } => vec![*unit],
            Self::Evaded { unit, attacker, .. } => vec![*unit, *attacker],
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
            Self::Evading { unit, pool } => format!(
                "{} evades: {pool} success{} to take off blows until the next turn",
                name(*unit),
                if *pool == 1 { "" } else { "es" }
            ),
            Self::Evaded {
                unit,
                attacker,
                took,
                left,
            } => format!(
                "{}'s evading takes {took} off {}'s blow ({left} left)",
                name(*unit),
                name(*attacker)
            ),
            Self::DicePlanned {
                unit,
                budget,
                parts,
            } => format!(
                "{} splits {budget} dice: {}",
                name(*unit),
                parts_words(parts, scenario.ruleset.words().weapon_defence().answer)
            ),
            Self::DodgedArea {
                unit,
                made_it,
                blast,
            } => {
                let from = if *blast { "the blast" } else { "the sweep" };
                if *made_it {
                    format!("{} dodges {from}", name(*unit))
                } else {
                    format!("{}'s dodge of {from} nets nothing", name(*unit))
                }
            }
            Self::Swept {
                unit,
                width,
                caught,
            } => {
                let names: Vec<String> = caught.iter().map(|unit| name(*unit)).collect();
                let caught = match names.split_last() {
                    None => "no one".to_string(),
                    Some((last, [])) => last.clone(),
                    Some((last, rest)) => format!("{} and {last}", rest.join(", ")),
                };
                format!(
                    "{} sweeps a line {width} tile{} wide: one roll for {caught}",
                    name(*unit),
                    if *width == 1 { "" } else { "s" }
                )
            }
        }
    }

    /// What the target's evading took off a blow, on the attacker's roll.
    fn roll_note(&self) -> Option<RollNote> {
        match self {
            Self::Evaded { attacker, took, .. } => Some(RollNote {
                unit: Some(*attacker),
                words: format!("−{took} to the target's evading"),
                landing: None,
            }),
            _ => None,
        }
    }
}
