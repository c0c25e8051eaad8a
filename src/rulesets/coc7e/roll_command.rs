//! `gridkeeper roll --ruleset coc7e` (the default): Call of Cthulhu 7e's percentile roll,
//! judged by success levels, with bonus and penalty dice, from a seed, as text or JSON lines.

use clap::Args;
use serde::Serialize;

use crate::files::lines::Lines;
use crate::rules::dice::Dice;
use crate::rules::percentile::{Difficulty, ExtraDice, SkillCheck, SuccessLevel};
use crate::rules::roll_command::{DifficultyAsk, RollAsk, RollFlags};

/// Call of Cthulhu 7e's own flags of `roll`.
#[derive(Debug, Args)]
pub struct PercentileFlags {
    /// Call of Cthulhu 7e: bonus dice (they cancel against penalty dice; at most two remain).
    #[arg(long, default_value_t = 0, value_parser = clap::value_parser!(u8).range(0..=10))]
    bonus: u8,
    /// Call of Cthulhu 7e: penalty dice.
    #[arg(long, default_value_t = 0, value_parser = clap::value_parser!(u8).range(0..=10))]
    penalty: u8,
}

/// One roll as a JSON line.
#[derive(Serialize)]
struct RollLine<'a> {
    value: u32,
    tens: &'a [u32],
    units: u32,
    level: SuccessLevel,
    success: bool,
    kept_tens: u32,
    skill: u32,
    difficulty: Difficulty,
    bonus_dice: u8,
    penalty_dice: u8,
    seed: u64,
    roll: u64,
}

impl RollFlags for PercentileFlags {
    fn rulebook(&self) -> &'static str {
        "Call of Cthulhu 7e"
    }

    fn given(&self) -> Option<&'static str> {
        if self.bonus > 0 {
            Some("--bonus")
        } else if self.penalty > 0 {
            Some("--penalty")
        } else {
            None
        }
    }

    fn roll(&self, ask: &RollAsk, lines: &mut Lines) -> Result<(), String> {
        let difficulty = match ask.difficulty {
            None => Difficulty::Regular,
            Some(DifficultyAsk::Level(level)) => level,
            Some(DifficultyAsk::Target(_)) => {
                return Err(
                    "Call of Cthulhu 7e's difficulty is a success level: regular, hard, \
                     extreme or critical"
                        .to_string(),
                );
            }
        };
        let skill = ask.skill()?;
        let seed = ask.seed;
        let mut dice = Dice::from_seed(seed);
        let extra = ExtraDice {
            bonus: self.bonus,
            penalty: self.penalty,
        };
        let (bonus_dice, penalty_dice) = match extra.net().signed() {
            signed if signed >= 0 => (signed.unsigned_abs(), 0),
            signed => (0, signed.unsigned_abs()),
        };
        if !ask.json {
            lines.text(&format!(
                "seed {seed} · skill {skill} · {difficulty} difficulty{}",
                describe_extra(bonus_dice, penalty_dice)
            ));
        }
        for index in 1..=ask.count {
            if lines.closed() {
                break;
            }
            let check = SkillCheck::roll(&mut dice, skill, difficulty, extra);
            if ask.json {
                lines.json(&RollLine {
                    value: check.roll.value,
                    tens: &check.roll.tens,
                    units: check.roll.units,
                    level: check.level,
                    success: check.success,
                    kept_tens: check.roll.kept_tens(),
                    skill,
                    difficulty,
                    bonus_dice,
                    penalty_dice,
                    seed,
                    roll: index,
                });
            } else {
                lines.text(&describe(&check));
            }
        }
        Ok(())
    }
}

fn describe_extra(bonus: u8, penalty: u8) -> String {
    let plural = |count: u8| if count == 1 { "die" } else { "dice" };
    match (bonus, penalty) {
        (0, 0) => String::new(),
        (bonus, 0) => format!(" · {bonus} bonus {}", plural(bonus)),
        (_, penalty) => format!(" · {penalty} penalty {}", plural(penalty)),
    }
}

/// `37  tens 30 70 (kept 30) units 7  hard · success`
fn describe(check: &SkillCheck) -> String {
    let tens: Vec<String> = check
        .roll
        .tens
        .iter()
        .map(|tens| format!("{tens:02}"))
        .collect();
    let kept = if check.roll.tens.len() > 1 {
        format!(" (kept {:02})", check.roll.kept_tens())
    } else {
        String::new()
    };
    format!(
        "{:>3}  tens {}{kept} units {}  {} · {}",
        check.roll.value,
        tens.join(" "),
        check.roll.units,
        check.level,
        if check.success { "success" } else { "failed" }
    )
}
