//! `gridkeeper check FILE`: validate a map or a scenario and say what is wrong with it.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::Args;

use crate::map::Loaded;

/// Exit code for a file that does not pass.
const INVALID_FILE: u8 = 1;

#[derive(Debug, Args)]
pub(super) struct CheckArgs {
    /// The map (`*.map.ron`) or scenario (`*.ron`) to check.
    file: PathBuf,
}

pub(super) fn run(args: &CheckArgs) -> ExitCode {
    match Loaded::load(&args.file) {
        Ok(loaded) => {
            println!("ok: {}", loaded.summary());
            ExitCode::SUCCESS
        }
        Err(error) => {
            eprintln!("gridkeeper: {error}");
            ExitCode::from(INVALID_FILE)
        }
    }
}
