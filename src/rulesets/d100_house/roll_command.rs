//! `gridkeeper roll --ruleset d100-house`: the d100 house sheet's roll, a d100 at or under the
//! skill with its shift, judged by class (critical, matched success, success, failure, matched
//! failure, fumble), from a minimum where one is asked, from a seed, as text or JSON lines.

use clap::Args;
use serde::Serialize;

use crate::files::lines::Lines;
use crate::rules::class_rolls::{self, RollClass, Window};
use crate::rules::dice::Dice;
use crate::rules::modifiers::{Effect, Modifier, signed};
use crate::rules::percentile::{NetDice, PercentileRoll};
use crate::rules::roll_command::{RollAsk, RollFlags};
use crate::rulesets::d100_house::reasons;

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

/// The d100 house sheet's own flags of `roll`.
#[derive(Debug, Args)]
pub struct ClassFlags {
    /// The d100 house sheet: the shift on the roll, positive helping (−10 wounded, +10 at a
    /// grappled target).
    #[arg(long, allow_hyphen_values = true, value_parser = clap::value_parser!(i32).range(-100..=100))]
    shift: Option<i32>,
    /// The d100 house sheet: the lowest roll that succeeds (Struggle's 20); 01 is still a
    /// critical.
    #[arg(long, value_parser = clap::value_parser!(u32).range(2..=99))]
    minimum: Option<u32>,
}

/// What `roll --ruleset d100-house` rolls against.
struct ClassAsk {
    skill: u32,
    shift: i32,
    minimum: Option<u32>,
}

impl RollFlags for ClassFlags {
    fn rulebook(&self) -> &'static str {
        "the d100 house sheet"
    }

    fn given(&self) -> Option<&'static str> {
        if self.shift.is_some() {
            Some("--shift")
        } else {
            self.minimum.map(|_| "--minimum")
        }
    }

    fn roll(&self, ask: &RollAsk, lines: &mut Lines) -> Result<(), String> {
        if ask.difficulty.is_some() {
            return Err(
                "the d100 house sheet rolls against --skill N with --shift S and --minimum M: it \
                 has no difficulty"
                    .to_string(),
            );
        }
        let skill = ask.skill()?;
        let class = ClassAsk {
            skill,
            shift: self.shift.unwrap_or_default(),
            minimum: self.minimum,
        };
        roll_classes(&class, ask, lines);
        Ok(())
    }
}

/// Rolls `count` rolls against the skill with its shift, from the minimum where there is one.
fn roll_classes(ask: &ClassAsk, roll_ask: &RollAsk, lines: &mut Lines) {
    let (seed, count, json) = (roll_ask.seed, roll_ask.count, roll_ask.json);
    let shifts = [Modifier {
        reason: reasons::SHIFT,
        effect: Effect::Add(ask.shift),
    }];
    let chance = class_rolls::chance(ask.skill, &shifts);
    let window = Window {
        minimum: ask.minimum,
        hail_mary: false,
    };
    let mut stream = Dice::from_seed(seed);
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
}
