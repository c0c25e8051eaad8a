//! `gridkeeper roll --ruleset d10-pool`: the d10 pool's core roll, so many ten-sided dice
//! against a difficulty, successes less ones, from a seed, as text or JSON lines, with the
//! exact odds of the net counted beside it.

use std::process::ExitCode;

use serde::Serialize;

use super::output::Lines;
use crate::rules::dice::Dice;
use crate::rules::pool::{NetOdds, PoolRoll};

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

/// Roll `count` pools of `dice` d10s against `difficulty`.
pub(super) fn run(dice: u32, difficulty: u32, seed: u64, count: u64, json: bool) -> ExitCode {
    let mut stream = Dice::from_seed(seed);
    let mut lines = Lines::new();
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
    ExitCode::SUCCESS
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
