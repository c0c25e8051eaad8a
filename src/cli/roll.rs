//! `gridkeeper roll`: a rulebook's core roll, from a seed, as text or JSON lines: Call of
//! Cthulhu 7e's percentile roll with levels here, BRP classic's chance roll in `chance_roll`,
//! the d10 pool's dice against a difficulty in `pool_roll`, the frontier western's task roll in
//! `task_roll`, the d100 house sheet's roll by class in `class_roll`.

use std::process::ExitCode;

use clap::{Args, ValueEnum};
use serde::Serialize;

use super::chance_roll::{self, ChanceArgs};
use super::class_roll::{self, ClassAsk};
use super::output::Lines;
use super::pool_roll;
use super::task_roll;
use crate::rules::dice::{Dice, fresh_seed};
use crate::rules::percentile::{Difficulty, ExtraDice, SkillCheck, SuccessLevel};
use crate::rules::pool;

#[derive(Debug, Args)]
pub(super) struct RollArgs {
    /// The skill or characteristic value rolled against (the percentile rulebooks; the frontier
    /// western's RM, 0 to 30).
    #[arg(long, value_parser = clap::value_parser!(u32).range(0..=999))]
    skill: Option<u32>,
    /// The frontier western: the sum of the modifier steps, positive helping (−2 medium range,
    /// +3 taking a bead).
    #[arg(long, allow_hyphen_values = true, value_parser = clap::value_parser!(i32).range(-30..=30))]
    steps: Option<i32>,
    /// The d100 house sheet: the shift on the roll, positive helping (−10 wounded, +10 at a
    /// grappled target).
    #[arg(long, allow_hyphen_values = true, value_parser = clap::value_parser!(i32).range(-100..=100))]
    shift: Option<i32>,
    /// The d100 house sheet: the lowest roll that succeeds (Struggle's 20); 01 is still a
    /// critical.
    #[arg(long, value_parser = clap::value_parser!(u32).range(2..=99))]
    minimum: Option<u32>,
    /// The d10 pool: how many dice are rolled.
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=i64::from(pool::MOST_DICE)))]
    pool: Option<u32>,
    /// The rulebook whose core roll is made.
    #[arg(long, value_enum, default_value_t = RulebookArg::Coc7e)]
    ruleset: RulebookArg,
    /// The success level needed (regular, hard, extreme, critical; regular unless given), or
    /// for the d10 pool the number each die must reach (2 to 10; 6 unless given).
    #[arg(long, value_parser = read_difficulty)]
    difficulty: Option<DifficultyArg>,
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

/// The d10 pool's difficulty when none is given: the rulebook's usual one (initiative,
/// defences).
const DEFAULT_POOL_DIFFICULTY: u32 = 6;

/// The rulebooks whose core roll `roll` makes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
enum RulebookArg {
    /// Call of Cthulhu 7th edition: success levels, bonus and penalty dice.
    Coc7e,
    /// BRP classic: a chance built by adding and multiplying.
    BrpClassic,
    /// The d10 pool: dice against a difficulty, successes less ones.
    D10Pool,
    /// The frontier western: a d100 at most 30 + 2 x RM + 10 x the steps.
    Frontier,
    /// The d100 house sheet: a d100 at or under the skill, doubles matched.
    D100House,
}

/// A percentile success level, or the number a pool's dice must reach.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum DifficultyArg {
    Regular,
    Hard,
    Extreme,
    Critical,
    Target(u32),
}

fn read_difficulty(text: &str) -> Result<DifficultyArg, String> {
    match text.to_ascii_lowercase().as_str() {
        "regular" => Ok(DifficultyArg::Regular),
        "hard" => Ok(DifficultyArg::Hard),
        "extreme" => Ok(DifficultyArg::Extreme),
        "critical" => Ok(DifficultyArg::Critical),
        number => number
            .parse()
            .ok()
            .filter(|target| (pool::EASIEST..=pool::HARDEST).contains(target))
            .map(DifficultyArg::Target)
            .ok_or_else(|| {
                format!(
                    "`{text}` is no difficulty: regular, hard, extreme or critical, or a d10 \
                     pool's {} to {}",
                    pool::EASIEST,
                    pool::HARDEST
                )
            }),
    }
}

impl DifficultyArg {
    /// The success level it names; `None` for a pool's number.
    fn level(self) -> Option<Difficulty> {
        match self {
            Self::Regular => Some(Difficulty::Regular),
            Self::Hard => Some(Difficulty::Hard),
            Self::Extreme => Some(Difficulty::Extreme),
            Self::Critical => Some(Difficulty::Critical),
            Self::Target(_) => None,
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
    if args.ruleset == RulebookArg::D100House {
        return house_roll(args, seed);
    }
    if args.shift.is_some() || args.minimum.is_some() {
        return super::fail(
            "--shift and --minimum belong to the d100 house sheet: add --ruleset d100-house",
        );
    }
    if args.ruleset == RulebookArg::Frontier {
        if args.pool.is_some()
            || args.difficulty.is_some()
            || args.bonus > 0
            || args.penalty > 0
            || args.chance.any()
        {
            return super::fail(
                "the frontier western rolls against --skill RM (0 to 30) with --steps M: it has \
                 no pool, difficulty, bonus or penalty dice, or BRP's chance",
            );
        }
        return match args.skill {
            Some(roll_modifier) if roll_modifier <= 30 => task_roll::run(
                roll_modifier,
                args.steps.unwrap_or_default(),
                seed,
                args.count,
                args.json,
            ),
            Some(roll_modifier) => super::fail(&format!(
                "RM {roll_modifier} is out of range: a characteristic and its skill bonus come \
                 to 1 to 30"
            )),
            None => super::fail("say the RM rolled against: --skill RM"),
        };
    }
    if args.steps.is_some() {
        return super::fail("--steps belongs to the frontier western: add --ruleset frontier");
    }
    if args.ruleset == RulebookArg::D10Pool {
        if args.skill.is_some() || args.bonus > 0 || args.penalty > 0 || args.chance.any() {
            return super::fail(
                "the d10 pool rolls --pool dice against a --difficulty from 2 to 10: it has \
                 no skill, bonus or penalty dice, or BRP's chance",
            );
        }
        let difficulty = match args.difficulty {
            Some(DifficultyArg::Target(target)) => target,
            None => DEFAULT_POOL_DIFFICULTY,
            Some(_) => {
                return super::fail(
                    "the d10 pool's difficulty is a number from 2 to 10, not a success level",
                );
            }
        };
        let Some(dice) = args.pool else {
            return super::fail("say how many dice the d10 pool rolls: --pool N");
        };
        return pool_roll::run(dice, difficulty, seed, args.count, args.json);
    }
    if args.pool.is_some() || matches!(args.difficulty, Some(DifficultyArg::Target(_))) {
        return super::fail(
            "--pool and a numbered difficulty belong to the d10 pool: add --ruleset d10-pool",
        );
    }
    let Some(skill) = args.skill else {
        return super::fail(
            "say the skill rolled against: --skill N (the d10 pool rolls --pool N instead)",
        );
    };
    match args.ruleset {
        RulebookArg::BrpClassic
            if args.bonus > 0
                || args.penalty > 0
                || args
                    .difficulty
                    .is_some_and(|asked| asked != DifficultyArg::Regular) =>
        {
            return super::fail(
                "BRP classic has no difficulty levels or bonus and penalty dice: its chance is \
                 shaped by --point-blank, --range-multiple, --unaimed, --half-concealed, \
                 --target-siz and --burst",
            );
        }
        RulebookArg::BrpClassic => {
            return chance_roll::run(skill, &args.chance, seed, args.count, args.json);
        }
        RulebookArg::Coc7e if args.chance.any() => {
            return super::fail(
                "those options shape a BRP classic chance: add --ruleset brp-classic, or use \
                 --difficulty, --bonus and --penalty for Call of Cthulhu 7e",
            );
        }
        RulebookArg::Coc7e
        | RulebookArg::D10Pool
        | RulebookArg::Frontier
        | RulebookArg::D100House => {}
    }
    let mut dice = Dice::from_seed(seed);
    let difficulty = args
        .difficulty
        .and_then(DifficultyArg::level)
        .unwrap_or(Difficulty::Regular);
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
            "seed {seed} · skill {skill} · {difficulty} difficulty{}",
            describe_extra(bonus_dice, penalty_dice)
        ));
    }
    for index in 1..=args.count {
        if lines.closed() {
            break;
        }
        let check = SkillCheck::roll(&mut dice, skill, difficulty, extra);
        if args.json {
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
    ExitCode::SUCCESS
}

/// The d100 house sheet's roll: a skill, a shift and perhaps a minimum, nothing else.
fn house_roll(args: &RollArgs, seed: u64) -> ExitCode {
    if args.pool.is_some()
        || args.steps.is_some()
        || args.difficulty.is_some()
        || args.bonus > 0
        || args.penalty > 0
        || args.chance.any()
    {
        return super::fail(
            "the d100 house sheet rolls against --skill N with --shift S and --minimum M: it has \
             no pool, steps, difficulty, bonus or penalty dice, or BRP's chance",
        );
    }
    let Some(skill) = args.skill else {
        return super::fail("say the skill rolled against: --skill N");
    };
    let ask = ClassAsk {
        skill,
        shift: args.shift.unwrap_or_default(),
        minimum: args.minimum,
    };
    class_roll::run(&ask, seed, args.count, args.json)
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
