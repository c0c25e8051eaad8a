//! The log's words for harm and what comes of it: damage taken, armor tried against a blow,
//! hit points below zero, knock-out blows and the knocked out.

use crate::battle::UnitId;
use crate::battle::event::EventKind;
use crate::map::scenario::Scenario;
use crate::rules::opposed::Resistance;
use crate::rules::wounds::BlowSeverity;
use crate::words::the_weapon;

/// " · major wound" (or the rulebook's word), nothing for a plain blow.
pub fn severity_suffix(scenario: &Scenario, severity: BlowSeverity) -> String {
    match scenario.ruleset.words().severity_words(severity) {
        "" => String::new(),
        words => format!(" · {words}"),
    }
}

/// Where a unit's injuries have left it, for the log and the injury card: "wound level 3
/// (injured)" and "−1 die on every roll" ("out of the fight" where it cannot act).
pub fn injury_state_words(
    scenario: &Scenario,
    wound_level: u32,
    penalty: Option<u32>,
) -> (String, String) {
    let level = match scenario.ruleset.words().wound_level_words(wound_level) {
        "" => format!("wound level {wound_level}"),
        words => format!("wound level {wound_level} ({words})"),
    };
    let penalty = match penalty {
        None => "out of the fight".to_string(),
        Some(0) => "no dice lost".to_string(),
        Some(1) => "−1 die on every roll".to_string(),
        Some(dice) => format!("−{dice} dice on every roll"),
    };
    (level, penalty)
}

/// How the resistance table weighed two values: "40% on the resistance table", or sure either
/// way.
pub(super) fn weighed_words(odds: Resistance) -> String {
    match odds {
        Resistance::Sure(true) => "sure, ten or more ahead".to_string(),
        Resistance::Sure(false) => "no chance, ten or more behind".to_string(),
        Resistance::Chance(chance) => format!("{chance}% on the resistance table"),
    }
}

/// The words for an event of harm (empty for any other).
pub(super) fn describe(
    kind: &EventKind,
    name: &dyn Fn(UnitId) -> String,
    scenario: &Scenario,
) -> String {
    match kind {
        EventKind::Backlash { unit, weapon } => format!("The {weapon} turns on {}", name(*unit)),
        EventKind::BelowZero { unit, hit_points } => {
            let points = scenario.ruleset.words().hit_point_words();
            format!(
                "{} is {hit_points} {} below zero",
                name(*unit),
                if *hit_points == 1 {
                    points.trim_end_matches('s')
                } else {
                    points
                }
            )
        }
        EventKind::KnockOutSwung {
            unit,
            target,
            weapon,
        } => format!(
            "{} strikes at {} with {} to knock them out",
            name(*unit),
            name(*target),
            the_weapon(weapon)
        ),
        EventKind::KnockOutWeighed {
            target,
            damage,
            hit_points,
            odds,
            knocked_out,
            ..
        } => {
            let weighed = weighed_words(*odds);
            let outcome = if *knocked_out {
                format!("knocked out, losing {} of them", damage / 3)
            } else {
                "not knocked out: the blow goes in whole".to_string()
            };
            format!(
                "Knock-out: {damage} damage against {}'s {hit_points} hit points ({weighed}): {outcome}",
                name(*target)
            )
        }
        EventKind::Injured {
            unit,
            net,
            weapon,
            soak,
            severity,
            wound_level,
            penalty,
            ..
        } => {
            let sum = format!("net {net} + {weapon} − {soak} soaked");
            let (level, penalty) = injury_state_words(scenario, *wound_level, *penalty);
            match severity {
                Some(severity) => format!(
                    "{} takes an injury of {severity} ({sum}): {level}, {penalty}",
                    name(*unit)
                ),
                None => format!("{} shrugs it off ({sum})", name(*unit)),
            }
        }
        EventKind::Damaged {
            unit,
            rolled,
            armor,
            taken,
            hit_points,
            cover,
            severity,
            ..
        } => {
            let kind = severity_suffix(scenario, *severity);
            let points = scenario.ruleset.words().hit_point_words();
            if *cover > 0 {
                format!(
                    "{} takes {taken} damage ({rolled} less {cover} for the cover and {} armor), {hit_points} {points} left{kind}",
                    name(*unit),
                    armor - cover
                )
            } else if *armor > 0 {
                format!(
                    "{} takes {taken} damage ({rolled} less {armor} armor), {hit_points} {points} left{kind}",
                    name(*unit)
                )
            } else {
                format!(
                    "{} takes {taken} damage, {hit_points} {points} left{kind}",
                    name(*unit)
                )
            }
        }
        _ => String::new(),
    }
}
