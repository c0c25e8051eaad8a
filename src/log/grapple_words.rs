//! The log's words for grapples: strength pitted against strength, a holder's grip taken and
//! eased, and a strangled unit's breath giving out; the d100 house sheet's opposed grapples,
//! throws, chokes, human shields and executions, and the cherries a matched blow may earn.

use super::harm_words::weighed_words;
use crate::battle::UnitId;
use crate::battle::command::ManeuverGoal;
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
        EventKind::CherryPicked { unit, cherry } => match cherry {
            Some(cherry) => format!(
                "{} will take {} on a matched blow",
                name(*unit),
                cherry.words()
            ),
            None => format!("{} will take the damage on a matched blow", name(*unit)),
        },
        EventKind::CherryTaken {
            unit,
            target,
            cherry,
        } => format!(
            "Matched: {} takes {} on {}{}",
            name(*unit),
            cherry.words(),
            name(*target),
            if cherry.does_damage() {
                ""
            } else {
                " in place of the damage"
            }
        ),
        EventKind::Blinded { unit, until_round } => {
            format!("{} is blinded until round {until_round} ends", name(*unit))
        }
        EventKind::MonkeyDodged { unit, attacker, to } => format!(
            "{}'s Monkey Dodge turns {}'s attack on {}",
            name(*unit),
            name(*attacker),
            name(*to)
        ),
        EventKind::Wrestled {
            unit,
            against,
            goal,
            won,
        } => format!(
            "{} struggles to {} {}: {}",
            name(*unit),
            goal_words(*goal),
            name(*against),
            if *won { "done" } else { "foiled" }
        ),
        EventKind::Thrown { unit, by, to } => match to {
            Some(tile) => format!(
                "{} throws {} to ({}, {})",
                name(*by),
                name(*unit),
                tile.x,
                tile.y
            ),
            None => format!("{} throws {} down where they stand", name(*by), name(*unit)),
        },
        EventKind::CutOnTheBlade { unit, weapon } => {
            format!("{} is cut going for the {weapon}", name(*unit))
        }
        EventKind::ChokedOut { unit, by } => {
            format!("{} is choked out by {}", name(*unit), name(*by))
        }
        EventKind::ExecutionTried {
            unit,
            target,
            skill,
            killed,
        } => format!(
            "{} tries to execute {} ({skill}): {}",
            name(*unit),
            name(*target),
            if *killed {
                "killed outright"
            } else {
                "failed, the damage still lands"
            }
        ),
        EventKind::ShieldHit { unit, holder, part } => format!(
            "{} takes the hit meant for {}'s {}, held as a human shield",
            name(*unit),
            name(*holder),
            part.words()
        ),
        EventKind::ForcedToLetGo { unit, taken } => {
            format!("{} has taken {taken} this round and lets go", name(*unit))
        }
        EventKind::LetGoInStride { unit, kept_action } => format!(
            "{} lets go {}",
            name(*unit),
            if *kept_action {
                "in stride, an action still to take"
            } else {
                "(the action spent)"
            }
        ),
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

/// What a maneuver tries to do, in words: "knock down".
pub fn goal_words(goal: ManeuverGoal) -> &'static str {
    match goal {
        ManeuverGoal::Disarm => "disarm",
        ManeuverGoal::KnockProne => "knock down",
        ManeuverGoal::Hold => "seize and hold",
        ManeuverGoal::BreakHold => "break free of",
        ManeuverGoal::Hinder => "hamper",
        ManeuverGoal::Expose => "leave open",
        ManeuverGoal::Immobilise => "pin",
        ManeuverGoal::Injure => "hurt",
        ManeuverGoal::Strangle => "strangle",
        ManeuverGoal::KnockOut => "knock out",
        ManeuverGoal::BloodChoke => "blood-choke",
        ManeuverGoal::HumanShield => "shield themselves with",
        ManeuverGoal::Execute => "execute",
    }
}
