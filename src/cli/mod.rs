//! The command line: `play` (the default) opens the window; `roll` and `damage` run headless.

mod check;
mod damage;
mod odds;
mod replay;
mod roll;
mod simulate;
mod window;

use window::{EditArgs, PlayArgs, edit, play};

use std::path::Path;
use std::process::ExitCode;

use clap::{Args, Parser, Subcommand};

use crate::files::{FileError, read_text};
use crate::map::Loaded;
use crate::map::map_path::MapReach;
use crate::replay::Replay;

/// Exit code for bad arguments and bad input, as clap uses.
const BAD_INPUT: u8 = 2;

#[derive(Debug, Parser)]
#[command(
    name = "gridkeeper",
    version,
    about = "A tactical map client for percentile horror-RPG combat",
    args_conflicts_with_subcommands = true
)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
    #[command(flatten)]
    play: PlayArgs,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Open the game window on a map (the default when no command is given).
    Play(PlayArgs),
    /// Roll percentile dice against a skill, as the game does.
    Roll(roll::RollArgs),
    /// Roll damage written as the weapon table writes it.
    Damage(damage::DamageArgs),
    /// Check a map, scenario or replay file; exit 1 with the first problem found.
    Check(check::CheckArgs),
    /// Watch a replay (or saved battle) step by step, or print it headless.
    Replay(replay::ReplayArgs),
    /// Let the AI play every unit of a scenario, headless, and save the replay.
    Simulate(simulate::SimulateArgs),
    /// The chance of an attack as the battle reckons it, every modifier named.
    Odds(odds::OddsArgs),
    /// Open the scenario editor on a scenario (saved to scenarios/ when it is a shipped one),
    /// or on a new scene.
    Edit(EditArgs),
}

/// How far a scenario's map file may be from the scenario.
#[derive(Debug, Clone, Copy, Args)]
pub(super) struct MapAccess {
    /// Read a scenario's map file wherever it says, even outside the scenario's folder (an
    /// absolute path, `..`, a link out). Only for scenarios you trust.
    #[arg(long)]
    maps_anywhere: bool,
}

impl MapAccess {
    fn reach(self) -> MapReach {
        if self.maps_anywhere {
            MapReach::Anywhere
        } else {
            MapReach::InsideTheFolder
        }
    }
}

fn parse_tile(text: &str) -> Result<crate::map::Tile, String> {
    let (column, row) = text
        .split_once(',')
        .ok_or_else(|| format!("`{text}` is not COLUMN,ROW, such as 12,7"))?;
    let number = |value: &str| {
        value
            .trim()
            .parse::<u32>()
            .map_err(|_| format!("`{value}` is not a tile coordinate"))
    };
    Ok(crate::map::Tile::new(number(column)?, number(row)?))
}

/// Parse the command line and run what it asks for.
pub fn run() -> ExitCode {
    if let Some(refusal) = mistyped_command(std::env::args_os().nth(1)) {
        return fail(&refusal);
    }
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(error) => return report_clap_error(&error),
    };
    match cli.command {
        None => play(cli.play),
        Some(Command::Play(args)) => play(args),
        Some(Command::Roll(args)) => roll::run(&args),
        Some(Command::Damage(args)) => damage::run(&args),
        Some(Command::Check(args)) => check::run(&args),
        Some(Command::Replay(args)) => replay::run(args),
        Some(Command::Simulate(args)) => simulate::run(&args),
        Some(Command::Odds(args)) => odds::run(&args),
        Some(Command::Edit(args)) => edit(args),
    }
}

/// Help and version go to stdout with success; every real error is one line with exit code 2.
fn report_clap_error(error: &clap::Error) -> ExitCode {
    use clap::error::ErrorKind;
    if matches!(
        error.kind(),
        ErrorKind::DisplayHelp
            | ErrorKind::DisplayVersion
            | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand
    ) {
        // Printing help can only fail on a closed pipe, which leaves nothing to report.
        error.print().ok();
        return ExitCode::SUCCESS;
    }
    let command = std::env::args_os()
        .nth(1)
        .and_then(|first| first.into_string().ok())
        .filter(|first| command_names().contains(first));
    fail(&one_line(&error.render().to_string(), command.as_deref()))
}

/// Clap's message on one line, whole: every line before its usage (what is wrong, the values
/// allowed, a tip), then where to read more (`command`'s help).
fn one_line(rendered: &str, command: Option<&str>) -> String {
    let mut said = String::new();
    for line in rendered
        .lines()
        .map(str::trim)
        .take_while(|line| !line.starts_with("Usage:") && !line.starts_with("For more information"))
        .filter(|line| !line.is_empty())
    {
        let line = line.strip_prefix("error: ").unwrap_or(line);
        // The arguments listed after "…not provided:" run on with commas; other lines are
        // sentences of their own.
        let joint = match said.chars().last() {
            None => "",
            Some(':') => " ",
            Some(_) if line.starts_with('-') || line.starts_with('<') => ", ",
            Some(_) => "; ",
        };
        said.push_str(joint);
        said.push_str(line);
    }
    if said.is_empty() {
        said.push_str("invalid arguments");
    }
    let help = command.map_or_else(
        || "--help".to_string(),
        |command| format!("{command} --help"),
    );
    format!("{said} (see `gridkeeper {help}`)")
}

/// Where the first word is not a file, not an option and not a command, but close to one
/// (`simulat`): the refusal that names the command meant, as clap suggests it from the
/// commands alone (the scenario the first word may also be would take any word).
fn mistyped_command(first: Option<std::ffi::OsString>) -> Option<String> {
    use clap::CommandFactory;
    use clap::error::{ContextKind, ContextValue};
    let first = first?.into_string().ok()?;
    if first.starts_with('-') || Path::new(&first).exists() {
        return None;
    }
    let commands =
        clap::Command::new("gridkeeper").subcommands(Cli::command().get_subcommands().cloned());
    let error = commands
        .try_get_matches_from(["gridkeeper", first.as_str()])
        .err()?;
    let closest = match error.get(ContextKind::SuggestedSubcommand)? {
        ContextValue::String(closest) => closest.clone(),
        ContextValue::Strings(closest) => closest.first()?.clone(),
        _ => return None,
    };
    Some(format!(
        "`{first}` is neither a command nor a file: did you mean `gridkeeper {closest}`? \
         (commands: {})",
        command_names().join(", ")
    ))
}

/// The commands' names as clap knows them, its own `help` last.
fn command_names() -> Vec<String> {
    use clap::CommandFactory;
    Cli::command()
        .get_subcommands()
        .map(|command| command.get_name().to_string())
        .chain(["help".to_string()])
        .collect()
}

/// Print a one-line error and return exit code 2.
fn fail(message: &str) -> ExitCode {
    eprintln!("gridkeeper: {message}");
    ExitCode::from(BAD_INPUT)
}

/// Exit code for a battle that stood still before its end.
const STALLED: u8 = 1;

/// Print a one-line report of a stalled battle and return exit code 1.
fn stalled(message: &str) -> ExitCode {
    eprintln!("gridkeeper: {message}");
    ExitCode::from(STALLED)
}

/// What a file handed to the game holds.
enum Opened {
    Loaded(Loaded),
    /// A saved battle: a replay.
    Saved(Box<Replay>),
}

/// Read a scenario, a bare map or a replay, telling them apart by what they hold.
fn open(path: &Path, maps: MapAccess) -> Result<Opened, FileError> {
    // A shipped scenario named from another folder is read from beside the program, or from
    // the copy compiled in.
    let path = &crate::files::shipped::locate(path);
    let text = read_text(path)?;
    // A map from Tiled is never a replay, whatever its text holds.
    if !crate::map::tiled_map::is_tiled(path) && crate::replay::file::is_replay(&text) {
        Replay::parse(&path.display().to_string(), &text)
            .map(|replay| Opened::Saved(Box::new(replay)))
    } else {
        Loaded::read(path, text, maps.reach()).map(Opened::Loaded)
    }
}

/// The index of the side with this id or name (any case).
fn side_named(scenario: &crate::map::scenario::Scenario, wanted: &str) -> Result<usize, String> {
    scenario
        .sides
        .iter()
        .position(|side| {
            side.id.eq_ignore_ascii_case(wanted) || side.name.eq_ignore_ascii_case(wanted)
        })
        .ok_or_else(|| {
            let sides: Vec<&str> = scenario.sides.iter().map(|side| side.id.as_str()).collect();
            format!(
                "no side `{wanted}` to play (the sides: {})",
                sides.join(", ")
            )
        })
}

/// A value for each unit: `theirs` for the units of `side`, `others` for everyone else.
fn by_side<T: Copy>(
    scenario: &crate::map::scenario::Scenario,
    side: usize,
    theirs: T,
    others: T,
) -> Vec<T> {
    scenario
        .units
        .iter()
        .map(|unit| if unit.side == side { theirs } else { others })
        .collect()
}
