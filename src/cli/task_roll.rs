//! `gridkeeper roll --ruleset frontier`: the western's task roll, a d100 at most 30 + 2 x RM +
//! 10 x M held between 5 and 95, from a seed, as text or JSON lines.

use std::process::ExitCode;

use serde::Serialize;

use super::output::Lines;
use crate::rules::dice::Dice;
use crate::rules::percentile::{NetDice, PercentileRoll};
use crate::rulesets::frontier::check::CORE_ROLL;

/// One roll as a JSON line.
#[derive(Serialize)]
struct TaskLine {
    ruleset: &'static str,
    rm: u32,
    steps: i32,
    chance: u32,
    value: u32,
    success: bool,
    seed: u64,
    roll: u64,
}

/// Roll `count` task rolls of RM `roll_modifier` with `steps` of modifiers (positive helps).
pub(super) fn run(roll_modifier: u32, steps: i32, seed: u64, count: u64, json: bool) -> ExitCode {
    let chance = CORE_ROLL.chance_at_steps(roll_modifier, steps);
    let mut stream = Dice::from_seed(seed);
    let mut lines = Lines::new();
    if !json {
        lines.text(&format!(
            "seed {seed} · frontier western · RM {roll_modifier}, M {steps:+} · 30 + 2 x RM + 10 \
             x M = {chance}% (held between {} and {})",
            CORE_ROLL.lowest, CORE_ROLL.highest
        ));
    }
    for index in 1..=count {
        if lines.closed() {
            break;
        }
        let roll = PercentileRoll::roll(&mut stream, NetDice::PLAIN);
        let success = roll.value <= chance;
        if json {
            lines.json(&TaskLine {
                ruleset: "frontier",
                rm: roll_modifier,
                steps,
                chance,
                value: roll.value,
                success,
                seed,
                roll: index,
            });
        } else {
            lines.text(&format!(
                "{:>3}  {}",
                roll.value,
                if success { "success" } else { "failed" }
            ));
        }
    }
    ExitCode::SUCCESS
}
