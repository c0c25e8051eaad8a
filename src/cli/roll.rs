//! `gridkeeper roll`: a rulebook's core roll against a skill, from a seed, as text or JSON
//! lines: Call of Cthulhu 7e's percentile roll with levels here, BRP classic's chance roll in
//! `chance_roll`.

use std::process::ExitCode;

use clap::{Args, ValueEnum};
use serde::Serialize;

use super::chance_roll::{self, ChanceArgs};
use super::output::Lines;
use crate::rules::dice::{Dice, fresh_seed};
use crate::rules::percentile::{Difficulty, ExtraDice, SkillCheck, SuccessLevel};

#[derive(Debug, Args)]
pub(super) struct RollArgs {
    /// The skill or characteristic value rolled against.
    #[arg(long, value_parser = clap::value_parser!(u32).range(0..=999))]
    skill: u32,
    /// The rulebook whose core roll is made.
    #[arg(long, value_enum, default_value_t = RulebookArg::Coc7e)]
    ruleset: RulebookArg,
    /// The success level needed.
    #[arg(long, value_enum, default_value_t = DifficultyArg::Regular)]
    difficulty: DifficultyArg,
    /// Bonus dice (they cancel against penalty dice; at most two remain).
    #[arg(long, default_value_t = 0, value_parser = clap::value_parser!(u8).range(0..=10))]
    bonus: u8,
    /// Penalty dice.
    #[arg(long, default_value_t = 0, value_parser = clap::value_parser!(u8).range(0..=10))]
    penalty: u8,
    /// Seed for the dice; without one, a seed is chosen and printed.
    #[arg(long)]
    seed: Option<u64>,
    /// How many rolls to make from the one stream of dice.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..=100_000_000))]
    count: u64,
    /// One JSON object per line instead of text.
    #[arg(long)]
    json: bool,
    #[command(flatten)]
    chance: ChanceArgs,
}

/// The rulebooks whose core roll `roll` makes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
enum RulebookArg {
    /// Call of Cthulhu 7th edition: success levels, bonus and penalty dice.
    Coc7e,
    /// BRP classic: a chance built by adding and multiplying.
    BrpClassic,
}

#[derive(Debug, Clone, Copy, ValueEnum)]
enum DifficultyArg {
    Regular,
    Hard,
    Extreme,
    Critical,
}

impl From<DifficultyArg> for Difficulty {
    fn from(difficulty: DifficultyArg) -> Self {
        match difficulty {
            DifficultyArg::Regular => Self::Regular,
            DifficultyArg::Hard => Self::Hard,
            DifficultyArg::Extreme => Self::Extreme,
            DifficultyArg::Critical => Self::Critical,
        }
    }
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

pub(super) fn run(args: &RollArgs) -> ExitCode {
    let seed = args.seed.unwrap_or_else(fresh_seed);
    match args.ruleset {
        RulebookArg::BrpClassic
            if args.bonus > 0
                || args.penalty > 0
                || !matches!(args.difficulty, DifficultyArg::Regular) =>
        {
            return super::fail(
                "BRP classic has no difficulty levels or bonus and penalty dice: its chance is \
                 shaped by --point-blank, --range-multiple, --unaimed, --half-concealed, \
                 --target-siz and --burst",
            );
        }
        RulebookArg::BrpClassic => {
            return chance_roll::run(args.skill, &args.chance, seed, args.count, args.json);
        }
        RulebookArg::Coc7e if args.chance.any() => {
            return super::fail(
                "those options shape a BRP classic chance: add --ruleset brp-classic, or use \
                 --difficulty, --bonus and --penalty for Call of Cthulhu 7e",
            );
        }
        RulebookArg::Coc7e => {}
    }
    let mut dice = Dice::from_seed(seed);
    let difficulty = Difficulty::from(args.difficulty);
    let extra = ExtraDice {
        bonus: args.bonus,
        penalty: args.penalty,
    };
    let net = extra.net();
    let (bonus_dice, penalty_dice) = match net.signed() {
        signed if signed >= 0 => (signed.unsigned_abs(), 0),
        signed => (0, signed.unsigned_abs()),
    };
    let mut lines = Lines::new();
    if !args.json {
        lines.text(&format!(
            "seed {seed} · skill {} · {difficulty} difficulty{}",
            args.skill,
            describe_extra(bonus_dice, penalty_dice)
        ));
    }
    for index in 1..=args.count {
        if lines.closed() {
            break;
        }
        let check = SkillCheck::roll(&mut dice, args.skill, difficulty, extra);
        if args.json {
            lines.json(&RollLine {
                value: check.roll.value,
                tens: &check.roll.tens,
                units: check.roll.units,
                level: check.level,
                success: check.success,
                kept_tens: check.roll.kept_tens(),
                skill: args.skill,
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
    ExitCode::SUCCESS
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
