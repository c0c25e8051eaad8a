//! `gridkeeper check FILE`: validate a map, a scenario or a replay and say what is wrong with
//! it.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::Args;

use super::{MapAccess, Opened, open};
use crate::map::tiled_map::{TilesetMapping, is_mapping, is_tileset, tileset_summary};

/// Exit code for a file that does not pass.
const INVALID_FILE: u8 = 1;

#[derive(Debug, Args)]
pub(super) struct CheckArgs {
    /// The map (`*.map.ron`, a Tiled `.tmx` or `.tmj`), a tileset's mapping
    /// (`*.gridkeeper.ron`), a scenario or a replay (`*.ron`) to check.
    file: PathBuf,
    #[command(flatten)]
    maps: MapAccess,
}

/// A file that passed, said in one line; or what is wrong with it.
fn said(checked: Result<String, crate::files::FileError>) -> ExitCode {
    match checked {
        Ok(summary) => {
            println!("ok: {summary}");
            ExitCode::SUCCESS
        }
        Err(error) => {
            eprintln!("gridkeeper: {error}");
            ExitCode::from(INVALID_FILE)
        }
    }
}

pub(super) fn run(args: &CheckArgs) -> ExitCode {
    if is_tileset(&args.file) {
        return said(tileset_summary(&args.file));
    }
    if is_mapping(&args.file) {
        return said(TilesetMapping::load(&args.file).map(|mapping| mapping.summary()));
    }
    match open(&args.file, args.maps) {
        Ok(Opened::Loaded(loaded)) => said(Ok(loaded.summary())),
        Ok(Opened::Saved(replay)) => {
            // Its commands are played as play would, so a file that passes cannot stall or
            // mislead: they make the events it recorded (one of an older format only plays).
            if let Err(difference) = replay.verify_if_current() {
                eprintln!("gridkeeper: {}: {difference}", args.file.display());
                return ExitCode::from(INVALID_FILE);
            }
            println!(
                "ok: a replay of {}: {} commands, {} events, seed {}",
                replay.scenario.name,
                replay.commands.len(),
                replay.events.count,
                replay.seed
            );
            ExitCode::SUCCESS
        }
        Err(error) => said(Err(error)),
    }
}
