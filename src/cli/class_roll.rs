//! `gridkeeper roll --ruleset d100-house`: the d100 house sheet's roll, a d100 at or under the
//! skill with its shift, judged by class (critical, matched success, success, failure, matched
//! failure, fumble), from a minimum where one is asked, from a seed, as text or JSON lines.

use std::process::ExitCode;

use serde::Serialize;

use super::output::Lines;
use crate::rules::class_rolls::{self, RollClass, Window};
use crate::rules::dice::Dice;
use crate::rules::modifiers::{Effect, Modifier, ModifierReason, signed};
use crate::rules::percentile::{NetDice, PercentileRoll};

/// One roll as a JSON line.
#[derive(Serialize)]
struct ClassLine {
    ruleset: &'static str,
    skill: u32,
    shift: i32,
    #[serde(skip_serializing_if = "Option::is_none")]
    minimum: Option<u32>,
    chance: u32,
    value: u32,
    class: RollClass,
    success: bool,
    seed: u64,
    roll: u64,
}

/// What `roll --ruleset d100-house` rolls against.
pub(super) struct ClassAsk {
    pub skill: u32,
    pub shift: i32,
    pub minimum: Option<u32>,
}

/// Roll `count` rolls against the skill with its shift, from the minimum where there is one.
pub(super) fn run(ask: &ClassAsk, seed: u64, count: u64, json: bool) -> ExitCode {
    let shifts = [Modifier {
        reason: ModifierReason::Shift,
        effect: Effect::Add(ask.shift),
    }];
    let chance = class_rolls::chance(ask.skill, &shifts);
    let window = Window {
        minimum: ask.minimum,
        hail_mary: false,
    };
    let mut stream = Dice::from_seed(seed);
    let mut lines = Lines::new();
    if !json {
        let minimum = ask
            .minimum
            .map(|minimum| format!(", at least {minimum}"))
            .unwrap_or_default();
        lines.text(&format!(
            "seed {seed} · d100 house sheet · skill {}, shift {} = {chance}%{minimum} · {:.0}% \
             to succeed · 01 critical, 00 fumble, doubles matched",
            ask.skill,
            signed(ask.shift),
            class_rolls::success_chance(chance, window) * 100.0
        ));
    }
    for index in 1..=count {
        if lines.closed() {
            break;
        }
        let roll = PercentileRoll::roll(&mut stream, NetDice::PLAIN);
        let class = class_rolls::judge(roll.value, chance, window);
        if json {
            lines.json(&ClassLine {
                ruleset: "d100-house",
                skill: ask.skill,
                shift: ask.shift,
                minimum: ask.minimum,
                chance,
                value: roll.value,
                class,
                success: class.is_success(),
                seed,
                roll: index,
            });
        } else {
            lines.text(&format!("{:02}  {}", roll.value % 100, class.words()));
        }
    }
    ExitCode::SUCCESS
}
