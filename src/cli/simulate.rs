//! `gridkeeper simulate SCENARIO`: the AI plays every unit, headless. `--save FILE` keeps the
//! battle as a replay (to watch, to share, or to run under other seeds; given a save, the AI
//! plays on from where it stops); `--runs N` plays N battles on every core and prints what they
//! add up to: win rates with their 95% intervals, lengths, casualties.

use std::io::IsTerminal;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use clap::Args;
use serde_json::json;

use super::{MapAccess, Opened, fail, open, stalled};
use crate::ai::{AiStyles, Style};
use crate::files::lines::Lines;
use crate::map::Loaded;
use crate::map::scenario::Scenario;
use crate::replay::Replay;
use crate::simulation::{MOST_ROUNDS, Matchup, Summary, play_many};

#[derive(Debug, Args)]
pub(super) struct SimulateArgs {
    /// The scenario to play, or (with `--save`) a saved battle to play on from its end.
    scenario: PathBuf,
    #[command(flatten)]
    maps: MapAccess,
    /// Play one battle and write its replay here.
    #[arg(long, value_name = "FILE", required_unless_present = "runs")]
    save: Option<PathBuf>,
    /// Play this many battles, on every core, and sum them up.
    #[arg(long, value_name = "N", conflicts_with = "save", value_parser = clap::value_parser!(u32).range(1..=10_000_000))]
    runs: Option<u32>,
    /// The seed of the dice (with `--runs`, of the first battle; the next take the next
    /// seeds); without one, a seed is chosen and printed. A saved battle keeps its own.
    #[arg(long)]
    seed: Option<u64>,
    /// Stop a battle once this round is over if it has not ended (nobody wins it): a fight
    /// that long has stuck (two sides that cannot reach each other past the fallen in a doorway).
    #[arg(long, value_name = "N", default_value_t = MOST_ROUNDS, value_parser = clap::value_parser!(u32).range(1..=10_000))]
    rounds: u32,
    /// This side (its id or name) plays the baseline AI, which walks at the nearest enemy and
    /// attacks it, against the AI at `--ai`: how much better is it?
    #[arg(long, value_name = "SIDE")]
    baseline: Option<String>,
    /// How well the AI plays (the units not on a `--baseline` side).
    #[arg(long, value_enum, default_value_t = Style::Careful, value_name = "LEVEL")]
    ai: Style,
    /// With `--runs`: the AI at `--ai` plays one side and the baseline every other, the sides
    /// swapped from one battle to the next; prints how often the level wins.
    #[arg(long, requires = "runs", conflicts_with = "baseline")]
    against_baseline: bool,
    /// With `--runs`: a JSON line a battle, then the summary as JSON (docs/FORMATS.md).
    #[arg(long, requires = "runs")]
    json: bool,
}

pub(super) fn run(args: &SimulateArgs) -> ExitCode {
    let opened = match open(&args.scenario, args.maps) {
        Ok(opened) => opened,
        Err(error) => return fail(&error.to_string()),
    };
    let seed = args.seed.unwrap_or_else(crate::rules::dice::fresh_seed);
    let scenario = match opened {
        Opened::Saved(_) if args.seed.is_some() || args.runs.is_some() => {
            return fail(&format!(
                "{} is a saved battle: it keeps its seed, and plays on once",
                args.scenario.display()
            ));
        }
        Opened::Saved(saved) => {
            return match styles(&saved.scenario, args) {
                Ok(styles) => save(saved.play_on_or_stall(Some(args.rounds), styles), args),
                Err(error) => fail(&error),
            };
        }
        Opened::Loaded(Loaded::Map(_)) => {
            return fail(&format!(
                "{} is a bare map: the AI needs a scenario's units to play",
                args.scenario.display()
            ));
        }
        Opened::Loaded(Loaded::Scenario(scenario)) => *scenario,
    };
    match args.runs {
        Some(runs) => many(&scenario, seed, runs, args),
        None => match styles(&scenario, args) {
            Ok(styles) => save(
                Replay::unplayed(scenario, seed).play_on_or_stall(Some(args.rounds), styles),
                args,
            ),
            Err(error) => fail(&error),
        },
    }
}

/// Each unit's AI style: the level asked for, the baseline on a `--baseline` side.
fn styles(scenario: &Scenario, args: &SimulateArgs) -> Result<AiStyles, String> {
    Ok(AiStyles(match &args.baseline {
        None => vec![args.ai; scenario.units.len()],
        Some(side) => super::by_side(
            scenario,
            super::side_named(scenario, side)?,
            Style::Baseline,
            args.ai,
        ),
    }))
}

/// Write the one battle's replay where `--save` says; where it stalled, say so after.
fn save((replay, stall): (Replay, Option<String>), args: &SimulateArgs) -> ExitCode {
    let Some(path) = &args.save else {
        return fail("--save FILE says where to write the battle");
    };
    if let Err(error) = replay.save(path) {
        return fail(&format!("cannot write {}: {error}", path.display()));
    }
    println!(
        "saved {}: {} commands, {} events, seed {}",
        path.display(),
        replay.commands.len(),
        replay.events.count,
        replay.seed
    );
    match stall {
        Some(why) => stalled(&format!("{}: {why}", args.scenario.display())),
        None => ExitCode::SUCCESS,
    }
}

/// Play the battles and print what they add up to.
fn many(scenario: &Scenario, first_seed: u64, runs: u32, args: &SimulateArgs) -> ExitCode {
    let runs = runs as usize;
    let matchup = if args.against_baseline {
        Matchup::AgainstBaseline(args.ai)
    } else {
        match styles(scenario, args) {
            Ok(styles) => Matchup::Styles(styles),
            Err(error) => return fail(&error),
        }
    };
    let started = Instant::now();
    // A bar redrawn in place only where someone watches it: not in a log or a pipe.
    let bar = (!args.json && std::io::stderr().is_terminal()).then(|| {
        let bar = indicatif::ProgressBar::new(runs as u64);
        bar.set_style(
            indicatif::ProgressStyle::with_template("[{bar:30}] {pos}/{len} battles · {eta} left")
                .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar())
                .progress_chars("#>-"),
        );
        bar
    });
    let played = play_many(
        scenario,
        first_seed,
        runs,
        Some(args.rounds),
        &matchup,
        &|done| {
            if let Some(bar) = &bar {
                bar.set_position(done as u64);
            }
        },
    );
    if let Some(bar) = &bar {
        bar.finish_and_clear();
    }
    let results = match played {
        Ok(results) => results,
        Err(panic) => {
            return fail(&format!(
                "{panic}; `gridkeeper simulate {} --seed {} --save FILE` plays it alone",
                args.scenario.display(),
                panic.seed
            ));
        }
    };
    let seconds = started.elapsed().as_secs_f64();
    let summary = Summary::of(scenario, &results);
    let mut lines = Lines::new();
    if args.json {
        for result in &results {
            lines.json(&json!({ "line": "battle", "battle": result }));
        }
        lines.json(&json!({
            "line": "summary",
            "scenario": scenario.name,
            "first_seed": first_seed,
            "seconds": seconds,
            "summary": summary,
        }));
    } else {
        for line in summary_words(scenario, first_seed, &summary, seconds) {
            lines.text(&line);
        }
    }
    if let Some(seed) = summary.stalled.first() {
        return stalled(&format!(
            "{} of the battles stood still before their end (seeds {:?}); `gridkeeper simulate \
             {} --seed {seed} --save FILE` keeps the first to look at",
            summary.stalled.len(),
            summary.stalled,
            args.scenario.display()
        ));
    }
    ExitCode::SUCCESS
}

/// The summary in words: who wins how often, how long the battles last, who falls.
fn summary_words(
    scenario: &Scenario,
    first_seed: u64,
    summary: &Summary,
    seconds: f64,
) -> Vec<String> {
    let mut lines = vec![format!(
        "{} · {} battles from seed {first_seed} · {:.1} s ({:.0} battles a second)",
        scenario.name,
        summary.runs,
        seconds,
        summary.runs as f64 / seconds.max(1e-9)
    )];
    let width = summary
        .sides
        .iter()
        .map(|side| side.name.chars().count())
        .max()
        .unwrap_or(0)
        .max("nobody".len());
    for side in &summary.sides {
        lines.push(format!(
            "  {:width$}  wins {:>6}  {:5.1}%  (95%: {:.1}–{:.1}%)",
            side.name,
            side.wins,
            side.share * 100.0,
            side.low * 100.0,
            side.high * 100.0
        ));
    }
    lines.push(format!(
        "  {:width$}       {:>6}  {:5.1}%  (all fallen, or the rounds ran out)",
        "nobody",
        summary.nobody,
        summary.nobody as f64 * 100.0 / summary.runs.max(1) as f64
    ));
    if let Some(record) = &summary.against_baseline {
        lines.push(format!(
            "  The AI against the baseline: wins {} of {}  {:.1}%  (95%: {:.1}–{:.1}%)",
            record.wins,
            summary.runs,
            record.share * 100.0,
            record.low * 100.0,
            record.high * 100.0
        ));
        for (side, (played, won)) in scenario.sides.iter().zip(&record.by_side) {
            lines.push(format!(
                "    as {}: {won} of {played}  {:.1}%",
                side.name,
                *won as f64 * 100.0 / (*played).max(1) as f64
            ));
        }
    }
    lines.push(format!("Rounds: {:.1} on average", summary.mean_rounds));
    for (label, count, bar) in histogram(&summary.lengths) {
        lines.push(format!("  {label:>7} | {} {count}", "█".repeat(bar)));
    }
    lines.push("Out of the fight at the end (unconscious, dying or dead) · dead:".to_string());
    for unit in &summary.units {
        lines.push(format!(
            "  {} ({}): {:.1}% · {:.1}%",
            unit.name,
            unit.side,
            unit.out_of_action * 100.0,
            unit.dead * 100.0
        ));
    }
    if summary.refused > 0 {
        lines.push(format!(
            "The battle refused {} AI commands (it should refuse none)",
            summary.refused
        ));
    }
    lines
}

/// The most rows the histogram of battle lengths takes, and its longest bar.
const HISTOGRAM_ROWS: u32 = 12;
const HISTOGRAM_WIDTH: usize = 40;

/// Battle lengths in at most a dozen rows of equal spans of rounds: each row's label ("7" or
/// "7–9"), its count and the length of its bar.
fn histogram(lengths: &[(u32, usize)]) -> Vec<(String, usize, usize)> {
    let (Some(first), Some(last)) = (lengths.first(), lengths.last()) else {
        return Vec::new();
    };
    let span = (last.0 - first.0 + 1).div_ceil(HISTOGRAM_ROWS);
    let rows: Vec<(u32, usize)> = (first.0..=last.0)
        .step_by(span as usize)
        .map(|from| {
            let count = lengths
                .iter()
                .filter(|(rounds, _)| (from..from + span).contains(rounds))
                .map(|(_, count)| count)
                .sum();
            (from, count)
        })
        .collect();
    let most = rows
        .iter()
        .map(|(_, count)| *count)
        .max()
        .unwrap_or(1)
        .max(1);
    rows.into_iter()
        .map(|(from, count)| {
            let to = (from + span - 1).min(last.0);
            let label = if to == from {
                from.to_string()
            } else {
                format!("{from}–{to}")
            };
            (label, count, (count * HISTOGRAM_WIDTH).div_ceil(most))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn battle_lengths_fold_into_a_dozen_rows_at_most() {
        let lengths: Vec<(u32, usize)> = (4..=36).map(|rounds| (rounds, 2)).collect();
        let rows = histogram(&lengths);
        assert_eq!(rows.len(), 11, "33 lengths in spans of 3");
        assert_eq!(rows[0], ("4–6".to_string(), 6, 40));
        assert_eq!(rows[10], ("34–36".to_string(), 6, 40));
        let rows = histogram(&[(2, 5), (3, 10), (5, 1)]);
        assert_eq!(
            rows,
            vec![
                ("2".to_string(), 5, 20),
                ("3".to_string(), 10, 40),
                ("4".to_string(), 0, 0),
                ("5".to_string(), 1, 4),
            ]
        );
        assert!(histogram(&[]).is_empty());
    }
}
