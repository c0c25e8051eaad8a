//! `gridkeeper roll`: a rulebook's core roll, from a seed, as text or JSON lines. What every
//! rulebook's roll is asked (the skill, the difficulty, the seed, how many) is here; each
//! rulebook built in adds its own flags and rolls in its room's `roll_command`.

use std::process::ExitCode;

use clap::{Args, ValueEnum};

use crate::files::lines::Lines;
use crate::rules::dice::fresh_seed;
use crate::rules::percentile::Difficulty;
use crate::rules::pool;
use crate::rules::roll_command::{DifficultyAsk, RollAsk, RollFlags};
#[cfg(feature = "brp_classic")]
use crate::rulesets::brp_classic;
#[cfg(feature = "coc7e")]
use crate::rulesets::coc7e;
#[cfg(feature = "d10_pool")]
use crate::rulesets::d10_pool;
#[cfg(feature = "d100_house")]
use crate::rulesets::d100_house;
#[cfg(feature = "frontier")]
use crate::rulesets::frontier;

#[derive(Debug, Args)]
pub(super) struct RollArgs {
    /// The skill or characteristic value rolled against (the percentile rulebooks; the frontier
    /// western's RM, 0 to 30).
    #[arg(long, value_parser = clap::value_parser!(u32).range(0..=999))]
    skill: Option<u32>,
    /// The rulebook whose core roll is made (the first built in unless given).
    #[arg(long, value_enum)]
    ruleset: Option<RulebookArg>,
    /// The success level needed (regular, hard, extreme, critical; regular unless given), or
    /// for the d10 pool the number each die must reach (2 to 10; 6 unless given).
    #[arg(long, value_parser = read_difficulty)]
    difficulty: Option<DifficultyAsk>,
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
    own: OwnFlags,
}

/// The rulebooks built in whose core roll `roll` makes, in the registry's order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
enum RulebookArg {
    /// Call of Cthulhu 7th edition: success levels, bonus and penalty dice.
    #[cfg(feature = "coc7e")]
    Coc7e,
    /// BRP classic: a chance built by adding and multiplying.
    #[cfg(feature = "brp_classic")]
    BrpClassic,
    /// The d10 pool: dice against a difficulty, successes less ones.
    #[cfg(feature = "d10_pool")]
    D10Pool,
    /// The frontier western: a d100 at most 30 + 2 x RM + 10 x the steps.
    #[cfg(feature = "frontier")]
    Frontier,
    /// The d100 house sheet: a d100 at or under the skill, doubles matched.
    #[cfg(feature = "d100_house")]
    D100House,
}

impl RulebookArg {
    /// The name `--ruleset` takes for it (`d10-pool`).
    fn name(self) -> String {
        self.to_possible_value()
            .map(|value| value.get_name().to_string())
            .unwrap_or_default()
    }
}

/// Each rulebook's own flags, for the rulebooks built in.
#[derive(Debug, Args)]
struct OwnFlags {
    #[cfg(feature = "coc7e")]
    #[command(flatten)]
    coc7e: coc7e::roll_command::PercentileFlags,
    #[cfg(feature = "brp_classic")]
    #[command(flatten)]
    brp_classic: brp_classic::roll_command::ChanceFlags,
    #[cfg(feature = "d10_pool")]
    #[command(flatten)]
    d10_pool: d10_pool::roll_command::PoolFlags,
    #[cfg(feature = "frontier")]
    #[command(flatten)]
    frontier: frontier::roll_command::TaskFlags,
    #[cfg(feature = "d100_house")]
    #[command(flatten)]
    d100_house: d100_house::roll_command::ClassFlags,
}

impl OwnFlags {
    /// The flags of rulebook `rulebook`.
    fn of(&self, rulebook: RulebookArg) -> &dyn RollFlags {
        match rulebook {
            #[cfg(feature = "coc7e")]
            RulebookArg::Coc7e => &self.coc7e,
            #[cfg(feature = "brp_classic")]
            RulebookArg::BrpClassic => &self.brp_classic,
            #[cfg(feature = "d10_pool")]
            RulebookArg::D10Pool => &self.d10_pool,
            #[cfg(feature = "frontier")]
            RulebookArg::Frontier => &self.frontier,
            #[cfg(feature = "d100_house")]
            RulebookArg::D100House => &self.d100_house,
        }
    }
}

fn read_difficulty(text: &str) -> Result<DifficultyAsk, String> {
    let level = |level| Ok(DifficultyAsk::Level(level));
    match text.to_ascii_lowercase().as_str() {
        "regular" => level(Difficulty::Regular),
        "hard" => level(Difficulty::Hard),
        "extreme" => level(Difficulty::Extreme),
        "critical" => level(Difficulty::Critical),
        number => number
            .parse()
            .ok()
            .filter(|target| (pool::EASIEST..=pool::HARDEST).contains(target))
            .map(DifficultyAsk::Target)
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

pub(super) fn run(args: &RollArgs) -> ExitCode {
    let chosen = args
        .ruleset
        .unwrap_or_else(|| RulebookArg::value_variants()[0]);
    // Another rulebook's flag is refused by name, saying whose it is.
    for &owner in RulebookArg::value_variants() {
        let flags = args.own.of(owner);
        if let Some(flag) = flags.given().filter(|_| owner != chosen) {
            return super::fail(&format!(
                "{flag} belongs to {}: add --ruleset {}",
                flags.rulebook(),
                owner.name()
            ));
        }
    }
    let ask = RollAsk {
        skill: args.skill,
        difficulty: args.difficulty,
        seed: args.seed.unwrap_or_else(fresh_seed),
        count: args.count,
        json: args.json,
    };
    let mut lines = Lines::new();
    match args.own.of(chosen).roll(&ask, &mut lines) {
        Ok(()) => ExitCode::SUCCESS,
        Err(refused) => super::fail(&refused),
    }
}
