//! `gridkeeper roll --ruleset frontier`: the western's task roll, a d100 at most 30 + 2 x RM +
//! 10 x M held between 5 and 95, from a seed, as text or JSON lines.

use clap::Args;
use serde::Serialize;

use crate::files::lines::Lines;
use crate::rules::dice::Dice;
use crate::rules::percentile::{NetDice, PercentileRoll};
use crate::rules::roll_command::{RollAsk, RollFlags};

use super::check::CORE_ROLL;

/// The frontier western's own flag of `roll`.
#[derive(Debug, Args)]
pub struct TaskFlags {
    /// The frontier western: the sum of the modifier steps, positive helping (−2 medium range,
    /// +3 taking a bead).
    #[arg(long, allow_hyphen_values = true, value_parser = clap::value_parser!(i32).range(-30..=30))]
    steps: Option<i32>,
}

/// The highest RM: a characteristic and its skill bonus come to 1 to 30.
const HIGHEST_RM: u32 = 30;

impl RollFlags for TaskFlags {
    fn rulebook(&self) -> &'static str {
        "the frontier western"
    }

    fn given(&self) -> Option<&'static str> {
        self.steps.map(|_| "--steps")
    }

    fn roll(&self, ask: &RollAsk, lines: &mut Lines) -> Result<(), String> {
        if ask.difficulty.is_some() {
            return Err(
                "the frontier western rolls against --skill RM (0 to 30) with --steps M: it has \
                 no difficulty"
                    .to_string(),
            );
        }
        match ask.skill {
            Some(roll_modifier) if roll_modifier <= HIGHEST_RM => {
                roll_task(roll_modifier, self.steps.unwrap_or_default(), ask, lines);
                Ok(())
            }
            Some(roll_modifier) => Err(format!(
                "RM {roll_modifier} is out of range: a characteristic and its skill bonus come \
                 to 1 to 30"
            )),
            None => Err("say the RM rolled against: --skill RM".to_string()),
        }
    }
}

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

/// Rolls `count` task rolls of RM `roll_modifier` with `steps` of modifiers (positive helps).
fn roll_task(roll_modifier: u32, steps: i32, ask: &RollAsk, lines: &mut Lines) {
    let (seed, count, json) = (ask.seed, ask.count, ask.json);
    let chance = CORE_ROLL.chance_at_steps(roll_modifier, steps);
    let mut stream = Dice::from_seed(seed);
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
}
