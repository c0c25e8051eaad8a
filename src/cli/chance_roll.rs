//! `gridkeeper roll --ruleset brp-classic`: BRP classic's core roll, a d100 at most a chance
//! built from the skill by what the situation adds and multiplies, with impales and
//! malfunctions, from a seed, as text or JSON lines.

use std::process::ExitCode;

use clap::Args;
use serde::Serialize;

use super::output::Lines;
use crate::rules::chance_rolls::{self, Against, judge};
use crate::rules::dice::Dice;
use crate::rules::modifiers::Modifier;
use crate::rules::percentile::{NetDice, PercentileRoll};
use crate::rules::roll::ChanceOutcome;
use crate::rulesets::brp_classic::chance::{ShotSituation, chance, shot_modifiers};

/// What shapes a BRP classic chance.
#[derive(Debug, Args)]
pub(super) struct ChanceArgs {
    /// BRP classic: the target is within the shooter's DEX in feet (the chance doubles).
    #[arg(long)]
    point_blank: bool,
    /// BRP classic: the multiple of the base range the target is at; the chance halves for
    /// each multiple past the first.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=30))]
    range_multiple: u32,
    /// BRP classic: unaimed shots (a fifth of the chance).
    #[arg(long)]
    unaimed: bool,
    /// BRP classic: the target is half concealed (half the chance).
    #[arg(long)]
    half_concealed: bool,
    /// BRP classic: the target's SIZ (above 30 it adds 5 for each full 10).
    #[arg(long, default_value_t = 0, value_parser = clap::value_parser!(u32).range(0..=999))]
    target_siz: u32,
    /// BRP classic: bullets in a burst (5 a bullet, up to double the skill).
    #[arg(long, default_value_t = 0, value_parser = clap::value_parser!(u32).range(0..=100))]
    burst: u32,
    /// BRP classic: an impaling weapon (a roll within a fifth of the chance impales).
    #[arg(long)]
    impaling: bool,
    /// BRP classic: the weapon's malfunction number.
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=100))]
    malfunction: Option<u32>,
}

impl ChanceArgs {
    /// Whether any of these was given (they belong to BRP classic alone).
    pub(super) fn any(&self) -> bool {
        self.point_blank
            || self.range_multiple > 1
            || self.unaimed
            || self.half_concealed
            || self.target_siz > 0
            || self.burst > 0
            || self.impaling
            || self.malfunction.is_some()
    }
}

/// One roll as a JSON line.
#[derive(Serialize)]
struct ChanceLine<'a> {
    ruleset: &'static str,
    value: u32,
    tens: u32,
    units: u32,
    skill: u32,
    modifiers: &'a [Modifier],
    chance: u32,
    outcome: ChanceOutcome,
    success: bool,
    seed: u64,
    roll: u64,
}

/// Roll `count` times against the chance `skill` comes to.
pub(super) fn run(skill: u32, args: &ChanceArgs, seed: u64, count: u64, json: bool) -> ExitCode {
    let situation = ShotSituation {
        point_blank: args.point_blank,
        range_multiple: args.range_multiple,
        unaimed: args.unaimed,
        half_concealed: args.half_concealed,
        target_size: args.target_siz,
        burst: args.burst,
    };
    let modifiers = shot_modifiers(skill, &situation);
    let against = Against {
        skill,
        chance: chance(skill, &modifiers),
        malfunction: args.malfunction,
        specials: args.impaling,
    };
    let mut dice = Dice::from_seed(seed);
    let mut lines = Lines::new();
    if !json {
        lines.text(&format!(
            "seed {seed} · BRP classic · chance {}",
            chance_rolls::chance_words(skill, against.chance, &modifiers)
        ));
    }
    for index in 1..=count {
        if lines.closed() {
            break;
        }
        let roll = PercentileRoll::roll(&mut dice, NetDice::PLAIN);
        let outcome = judge(
            roll.value,
            against.chance,
            against.specials,
            against.malfunction,
        );
        if json {
            lines.json(&ChanceLine {
                ruleset: "brp-classic",
                value: roll.value,
                tens: roll.kept_tens(),
                units: roll.units,
                skill,
                modifiers: &modifiers,
                chance: against.chance,
                outcome,
                success: outcome.is_success(),
                seed,
                roll: index,
            });
        } else {
            lines.text(&format!(
                "{:>3}  tens {:02} units {}  {}",
                roll.value,
                roll.kept_tens(),
                roll.units,
                chance_rolls::verdict_words(outcome)
            ));
        }
    }
    ExitCode::SUCCESS
}
