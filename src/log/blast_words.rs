//! The log's words for explosives, fire and the dodges of them: a blast dodged or dived from, a
//! charge thrown, set or scattered, what it did, a mine, a unit set alight and put out, a stun.

use crate::battle::UnitId;
use crate::battle::event::EventKind;
use crate::map::scenario::Scenario;
use crate::rules::situation::{ShotAnswerEffect, ShotDefence};
use crate::words::plural;

/// The words for an event of explosives and fire (empty for any other).
pub(super) fn describe(
    kind: &EventKind,
    name: &dyn Fn(UnitId) -> String,
    scenario: &Scenario,
) -> String {
    match kind {
        EventKind::DodgedFire { unit, made_it } => {
            let in_cover = nets_off(scenario);
            match (in_cover, *made_it) {
                (true, true) => format!("{} dodges behind cover", name(*unit)),
                (true, false) => format!("{}'s dodge behind cover nets nothing", name(*unit)),
                (false, true) => format!("{} dodges the first bullet", name(*unit)),
                (false, false) => format!(
                    "{} tries to dodge the first bullet, too slowly",
                    name(*unit)
                ),
            }
        }
        EventKind::BulletDodged { unit, target } => {
            if nets_off(scenario) {
                format!(
                    "{}'s dodge behind cover takes all of {}'s successes: the shot misses",
                    name(*target),
                    name(*unit)
                )
            } else {
                format!(
                    "{}'s dodge takes one hit of {}'s away",
                    name(*target),
                    name(*unit)
                )
            }
        }
        EventKind::Launched { unit, weapon, at } => {
            format!("{} sends the {weapon} at {at}", name(*unit))
        }
        EventKind::Scattered {
            weapon,
            from,
            to,
            direction,
            yards,
        } => {
            let dice: Vec<String> = yards.iter().map(|die| die.face.to_string()).collect();
            format!(
                "the {weapon} goes astray from {from} to {to} [D8: {}, D4: {}]",
                direction.face,
                dice.join(" ")
            )
        }
        EventKind::Exploded { weapon, at, radius } => match radius {
            Some(radius) => format!(
                "the {weapon} bursts at {at} ({})",
                scenario.ruleset.words().blast_words(*radius)
            ),
            None => format!("the {weapon} bursts at {at}"),
        },
        EventKind::Dud { weapon, at } => format!("the {weapon} at {at} does not go off"),
        EventKind::Shielded { unit, by } => {
            format!("{} is shielded from the blast by {by}", name(*unit))
        }
        EventKind::ChargeSet {
            unit,
            weapon,
            at,
            fuse,
        } => match fuse {
            Some(0) => format!(
                "{} sets the {weapon} at {at}: it goes off at the end of this round",
                name(*unit)
            ),
            Some(rounds) => format!(
                "{} sets the {weapon} at {at}: it goes off in {rounds} round{}",
                name(*unit),
                plural(*rounds)
            ),
            None => format!("{} lays the {weapon} at {at}", name(*unit)),
        },
        EventKind::MineTriggered { unit, at } => {
            format!("{} steps on a mine at {at}", name(*unit))
        }
        EventKind::CaughtFire { unit } => format!("{} catches fire", name(*unit)),
        EventKind::Burned { unit, damage } => {
            format!("{} burns for {damage} damage", name(*unit))
        }
        EventKind::FireOut { unit } => format!("the fire on {} is out", name(*unit)),
        _ => String::new(),
    }
}

/// Whether the rulebook's plain answer to shots is a dodge whose net comes off the shot's (the
/// d10 pool's dodge behind cover), rather than one that takes a hit away.
fn nets_off(scenario: &Scenario) -> bool {
    ShotDefence::plain(scenario.ruleset.shot_defences())
        .is_some_and(|defence| defence.effect == ShotAnswerEffect::NetOff)
}
