//! The log's words for gunfire: an aim taken and lost, a shot or a burst fired, the
//! bullets counted, hits and misses, strays, malfunctions, jams and reloading.

use crate::battle::UnitId;
use crate::battle::event::EventKind;
use crate::map::scenario::Scenario;
use crate::rules::weapons::MalfunctionKind;
use crate::words::plural;

/// The words for an event of gunfire (empty for any other).
pub(super) fn describe(
    kind: &EventKind,
    name: &dyn Fn(UnitId) -> String,
    scenario: &Scenario,
) -> String {
    match kind {
        EventKind::Aimed { unit, target } => {
            format!("{} takes careful aim at {}", name(*unit), name(*target))
        }
        EventKind::AimLost { unit } => format!("{} loses the aim", name(*unit)),
        EventKind::Fired {
            unit,
            weapon,
            rounds,
            wasted,
        } => {
            let wasted = if *wasted > 0 {
                format!(", {wasted} more wasted between targets")
            } else {
                String::new()
            };
            format!(
                "{} fires the {weapon}: {rounds} round{}{wasted}",
                name(*unit),
                plural(*rounds)
            )
        }
        EventKind::ShotAt {
            unit,
            target,
            bullets,
            band,
            point_blank,
            line,
        } => {
            let volley = if *bullets > 1 {
                format!("a volley of {bullets} at")
            } else {
                "a shot at".to_string()
            };
            let close = if *point_blank { ", point-blank" } else { "" };
            format!(
                "{} · {volley} {}: {}{close}, {}",
                name(*unit),
                name(*target),
                scenario.ruleset.words().band_words(*band),
                line.label()
            )
        }
        EventKind::BulletsCounted { target, die, .. } => format!(
            "1D{} for the bullets of the burst that hit {}: {}",
            die.sides,
            name(*target),
            die.face
        ),
        EventKind::ShotHit {
            target,
            hits,
            extreme,
            ..
        } => match (hits, extreme) {
            (1, 0) => format!("the shot hits {}", name(*target)),
            (1, _) => format!("the shot hits {} (extreme)", name(*target)),
            (_, 0) => format!("{hits} bullets hit {}", name(*target)),
            _ => format!(
                "{hits} bullets hit {}, {extreme} of them extreme",
                name(*target)
            ),
        },
        EventKind::ShotMissed { target, .. } => format!("the shot misses {}", name(*target)),
        EventKind::ShotWasted {
            target, bullets, ..
        } => format!(
            "{bullets} round{} at {} cannot hit: the fire is too wild",
            plural(*bullets),
            name(*target)
        ),
        EventKind::StrayHit { target, ally, .. } => format!(
            "a fumble into the melee around {}: {} is hit instead",
            name(*target),
            name(*ally)
        ),
        EventKind::Malfunctioned {
            weapon,
            outcome,
            work,
            rounds,
            ..
        } => match (outcome, work, rounds) {
            (MalfunctionKind::Jam, Some(work), _) => format!(
                "the {weapon} jams: {} round{} of work to clear it [D6: {}]",
                work.face,
                plural(work.face),
                work.face
            ),
            (MalfunctionKind::Jam, None, Some(rounds)) => format!(
                "the {weapon} jams: {rounds} round{} of work and a roll to clear it",
                plural(*rounds)
            ),
            _ => format!("the {weapon} does not fire: a dud"),
        },
        EventKind::JamWorkedOn {
            unit,
            weapon,
            rounds_left,
        } => match rounds_left {
            0 => format!("{} tries to clear the {weapon}", name(*unit)),
            left => format!(
                "{} works on the jammed {weapon}: {left} more round{}",
                name(*unit),
                plural(*left)
            ),
        },
        EventKind::JamCleared { unit, weapon } => {
            format!("{} clears the {weapon}", name(*unit))
        }
        EventKind::Reloaded {
            unit,
            weapon,
            loaded,
            spare,
            half_done,
        } => {
            if *half_done {
                format!(
                    "{} is changing the {weapon}'s belt: one more round",
                    name(*unit)
                )
            } else {
                format!(
                    "{} reloads the {weapon}: {loaded} loaded, {spare} spare",
                    name(*unit)
                )
            }
        }
        _ => String::new(),
    }
}
