//! `gridkeeper roll --ruleset brp-classic`: BRP classic's core roll, a d100 at most a chance
//! built from the skill by what the situation adds and multiplies, with impales and
//! malfunctions, from a seed, as text or JSON lines.

use clap::Args;
use serde::Serialize;

use crate::files::lines::Lines;
use crate::rules::chance_rolls::{self, Against, judge};
use crate::rules::dice::Dice;
use crate::rules::modifiers::Modifier;
use crate::rules::percentile::{Difficulty, NetDice, PercentileRoll};
use crate::rules::roll::ChanceOutcome;
use crate::rules::roll_command::{DifficultyAsk, RollAsk, RollFlags};

use super::chance::{ShotSituation, chance, shot_modifiers};

/// What shapes a BRP classic chance: the rulebook's own flags of `roll`.
#[derive(Debug, Args)]
pub struct ChanceFlags {
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

impl RollFlags for ChanceFlags {
    fn rulebook(&self) -> &'static str {
        "BRP classic"
    }

    fn given(&self) -> Option<&'static str> {
        [
            (self.point_blank, "--point-blank"),
            (self.range_multiple > 1, "--range-multiple"),
            (self.unaimed, "--unaimed"),
            (self.half_concealed, "--half-concealed"),
            (self.target_siz > 0, "--target-siz"),
            (self.burst > 0, "--burst"),
            (self.impaling, "--impaling"),
            (self.malfunction.is_some(), "--malfunction"),
        ]
        .into_iter()
        .find_map(|(given, flag)| given.then_some(flag))
    }

    fn roll(&self, ask: &RollAsk, lines: &mut Lines) -> Result<(), String> {
        if ask
            .difficulty
            .is_some_and(|asked| asked != DifficultyAsk::Level(Difficulty::Regular))
        {
            return Err(
                "BRP classic has no difficulty levels: its chance is shaped by \
                 --point-blank, --range-multiple, --unaimed, --half-concealed, --target-siz and \
                 --burst"
                    .to_string(),
            );
        }
        let skill = ask.skill()?;
        roll_chance(skill, self, ask, lines);
        Ok(())
    }
}

/// Rolls `count` times against the chance `skill` comes to.
fn roll_chance(skill: u32, args: &ChanceFlags, ask: &RollAsk, lines: &mut Lines) {
    let (seed, count, json) = (ask.seed, ask.count, ask.json);
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
}
