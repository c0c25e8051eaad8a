//! `gridkeeper simulate SCENARIO --save FILE`: the AI plays every unit, headless, and the
//! battle is saved as a replay (to watch, to share, or to run under other seeds). Given a
//! save, the AI plays on from where it stops.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::Args;

use super::{Opened, fail, open};
use crate::map::Loaded;
use crate::replay::simulate;

#[derive(Debug, Args)]
pub(super) struct SimulateArgs {
    /// The scenario to play, or a saved battle (a replay) to play on from its end.
    scenario: PathBuf,
    /// Where to write the replay.
    #[arg(long, value_name = "FILE")]
    save: PathBuf,
    /// The seed of the dice; without one, a seed is chosen (it is in the replay). A saved
    /// battle keeps its own.
    #[arg(long)]
    seed: Option<u64>,
    /// Stop once this round is over if the battle has not ended.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=10_000))]
    rounds: Option<u32>,
}

pub(super) fn run(args: &SimulateArgs) -> ExitCode {
    let replay = match open(&args.scenario) {
        Ok(Opened::Saved(_)) if args.seed.is_some() => {
            return fail(&format!(
                "{} is a saved battle: it keeps its seed",
                args.scenario.display()
            ));
        }
        Ok(Opened::Saved(saved)) => saved.play_on(args.rounds),
        Ok(Opened::Loaded(Loaded::Scenario(scenario))) => {
            let seed = args.seed.unwrap_or_else(crate::rules::dice::fresh_seed);
            simulate(*scenario, seed, args.rounds)
        }
        Ok(Opened::Loaded(Loaded::Map(_))) => {
            return fail(&format!(
                "{} is a bare map: the AI needs a scenario's units to play",
                args.scenario.display()
            ));
        }
        Err(error) => return fail(&error.to_string()),
    };
    if let Err(error) = replay.save(&args.save) {
        return fail(&format!("cannot write {}: {error}", args.save.display()));
    }
    println!(
        "saved {}: {} commands, {} events, seed {seed}",
        args.save.display(),
        replay.commands.len(),
        replay.events.count,
        seed = replay.seed
    );
    ExitCode::SUCCESS
}
