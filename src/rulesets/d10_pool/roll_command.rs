//! `gridkeeper roll --ruleset d10-pool`: the d10 pool's core roll, so many ten-sided dice
//! against a difficulty, successes less ones, from a seed, as text or JSON lines, with the
//! exact odds of the net counted beside it.

use clap::Args;
use serde::Serialize;

use crate::files::lines::Lines;
use crate::rules::dice::Dice;
use crate::rules::pool::{self, NetOdds, PoolRoll};
use crate::rules::roll_command::{DifficultyAsk, RollAsk, RollFlags};

use super::check::USUAL_DIFFICULTY;

/// The d10 pool's own flag of `roll`.
#[derive(Debug, Args)]
pub struct PoolFlags {
    /// The d10 pool: how many dice are rolled.
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=i64::from(pool::MOST_DICE)))]
    pool: Option<u32>,
}

impl RollFlags for PoolFlags {
    fn rulebook(&self) -> &'static str {
        "the d10 pool"
    }

    fn given(&self) -> Option<&'static str> {
        self.pool.map(|_| "--pool")
    }

    fn roll(&self, ask: &RollAsk, lines: &mut Lines) -> Result<(), String> {
        if ask.skill.is_some() {
            return Err(
                "the d10 pool rolls --pool dice against a --difficulty from 2 to 10: it has no \
                 skill"
                    .to_string(),
            );
        }
        let difficulty = match ask.difficulty {
            Some(DifficultyAsk::Target(target)) => target,
            None => USUAL_DIFFICULTY,
            Some(DifficultyAsk::Level(_)) => {
                return Err(
                    "the d10 pool's difficulty is a number from 2 to 10, not a success level"
                        .to_string(),
                );
            }
        };
        let Some(dice) = self.pool else {
            return Err("say how many dice the d10 pool rolls: --pool N".to_string());
        };
        roll_pools(dice, difficulty, ask, lines);
        Ok(())
    }
}

/// One roll as a JSON line.
#[derive(Serialize)]
struct PoolLine<'a> {
    ruleset: &'static str,
    pool: u32,
    difficulty: u32,
    faces: &'a [u32],
    successes: u32,
    ones: u32,
    net: i32,
    botch: bool,
    seed: u64,
    roll: u64,
}

/// Rolls `count` pools of `dice` d10s against `difficulty`.
fn roll_pools(dice: u32, difficulty: u32, ask: &RollAsk, lines: &mut Lines) {
    let (seed, count, json) = (ask.seed, ask.count, ask.json);
    let mut stream = Dice::from_seed(seed);
    if !json {
        let odds = NetOdds::of(dice, difficulty);
        lines.text(&format!(
            "seed {seed} · d10 pool · {dice} {} at difficulty {difficulty} · a net success \
             {:.1}%, two {:.1}%, a botch {:.1}%",
            if dice == 1 { "die" } else { "dice" },
            100.0 * odds.at_least(1),
            100.0 * odds.at_least(2),
            100.0 * odds.botch()
        ));
    }
    for index in 1..=count {
        if lines.closed() {
            break;
        }
        let roll = PoolRoll::roll(&mut stream, dice, difficulty);
        if json {
            lines.json(&PoolLine {
                ruleset: "d10-pool",
                pool: dice,
                difficulty: roll.difficulty,
                faces: &roll.faces,
                successes: roll.successes,
                ones: roll.ones,
                net: roll.net(),
                botch: roll.botch(),
                seed,
                roll: index,
            });
        } else {
            lines.text(&describe(&roll));
        }
    }
}

/// `7 3 1 9 10  3 successes − 1 at difficulty 6 · net 2`
fn describe(roll: &PoolRoll) -> String {
    let faces: Vec<String> = roll.faces.iter().map(u32::to_string).collect();
    let net = if roll.botch() {
        format!("net {} · a botch", roll.net())
    } else {
        format!("net {}", roll.net())
    };
    format!("{}  {} · {net}", faces.join(" "), roll.words())
}
