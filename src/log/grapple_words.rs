//! The log's words for grapples: strength pitted against strength, a holder's grip taken and
//! eased, and a strangled unit's breath giving out; the d100 house sheet's opposed grapples,
//! throws, chokes, human shields and executions.

use super::harm_words::weighed_words;
use crate::battle::UnitId;
use crate::battle::event::{Contest, EventKind};
use crate::rules::grapple::Grip;

/// The words for a grapple's event (empty for any other).
pub(super) fn describe(kind: &EventKind, name: &dyn Fn(UnitId) -> String) -> String {
    match kind {
        EventKind::StrengthPitted {
            unit,
            against,
            contest,
            active,
            passive,
            odds,
            won,
        } => {
            let (who, other) = (name(*unit), name(*against));
            let (trying, outcome) = contest_words(*contest, *won);
            format!(
                "{who} strains to {trying} {other}: STR {active} against {passive} ({}): {outcome}",
                weighed_words(*odds)
            )
        }
        EventKind::Gripped { unit, target, grip } => match grip {
            Grip::Immobilise => format!("{} holds {} pinned", name(*unit), name(*target)),
            Grip::Strangle { .. } => {
                format!("{} begins to strangle {}", name(*unit), name(*target))
            }
            Grip::Garrote => format!(
                "{} pulls the garrote tight on {}: 1D6 a round until a maneuver breaks free",
                name(*unit),
                name(*target)
            ),
            Grip::BloodChoke { successes } => format!(
                "{} chokes {} by the blood: {successes} in a row",
                name(*unit),
                name(*target)
            ),
            Grip::Shield => format!(
                "{} holds {} as a human shield: hits on the off side land on them",
                name(*unit),
                name(*target)
            ),
        },
        EventKind::ChokedOut { unit, by } => {
            format!("{} is choked out by {}", name(*unit), name(*by))
        }
        EventKind::GripEased { unit, target } => {
            format!("{} eases the grip on {}", name(*unit), name(*target))
        }
        EventKind::BreathGone { unit } => format!(
            "{} can hold their breath no longer and chokes (1D6 a round until freed)",
            name(*unit)
        ),
        _ => String::new(),
    }
}

/// What a unit strains to do in a contest of strength, and what came of it.
pub(super) fn contest_words(contest: Contest, won: bool) -> (&'static str, &'static str) {
    match (contest, won) {
        (Contest::ThrowOff, true) => ("throw off the grapple of", "thrown off"),
        (Contest::ThrowOff, false) => ("throw off the grapple of", "held"),
        (Contest::Pin, true) => ("pin", "pinned: it can do nothing until let be"),
        (Contest::Pin, false) => ("pin", "not pinned"),
        (Contest::BreakFree, true) => ("break free of", "free"),
        (Contest::BreakFree, false) => ("break free of", "still held"),
    }
}
