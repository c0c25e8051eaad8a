//! `gridkeeper replay FILE`: watch a replay in the window, step by step; or, headless, print
//! its events (in words or as JSON lines), check them against the file's digest, or run its
//! commands again under other seeds.

use std::path::PathBuf;
use std::process::ExitCode;

use bevy::prelude::App;
use clap::Args;
use serde_json::{Value, json};

use super::fail;
use super::window::{WindowArgs, open_window};
use crate::ai::AiStyles;
use crate::battle::command::{Command, Written};
use crate::battle::event::{Event, EventKind};
use crate::battle::{Controllers, EventLog, Flow, Phase, UnitId};
use crate::files::lines::Lines;
use crate::game::Opening;
use crate::log;
use crate::map::scenario::{Control, Scenario};
use crate::replay::{EventDigest, Playback, Replay, give_tracked, refused};
use crate::session::{BattleSetup, SavedBattle};

/// Exit code for a replay whose events are not the ones it recorded.
const MISMATCH: u8 = 1;

#[derive(Debug, Args)]
pub(super) struct ReplayArgs {
    /// The replay (any saved battle is one).
    file: PathBuf,
    /// Print the battle instead of opening the window: the log in words, or with `--json`
    /// one JSON object a line.
    #[arg(long)]
    headless: bool,
    /// With `--headless`: JSON lines, each event then a summary (docs/FORMATS.md).
    #[arg(long, requires = "headless")]
    json: bool,
    /// Check that the commands make the events the file recorded; exit 1 if they do not.
    #[arg(long, conflicts_with_all = ["headless", "runs"])]
    verify: bool,
    /// Give the same commands under this many seeds, one JSON line a run, then a summary: how
    /// often the plan worked.
    #[arg(long, value_name = "N", requires = "headless", value_parser = clap::value_parser!(u32).range(1..=100_000))]
    runs: Option<u32>,
    /// With `--runs`: at a command the recording carried out but a run refuses (a unit that
    /// died cannot shoot), `stop` the run there, `skip` the command and go on, or let the `ai`
    /// play that unit's turn out (a command refused off its unit's turn is skipped).
    #[arg(long, value_enum, default_value_t = OnRefused::Stop, requires = "runs")]
    on_refused: OnRefused,
    /// The seed of the first run; each next run takes the next seed.
    #[arg(long, value_name = "SEED", default_value_t = 1, requires = "runs")]
    first_seed: u64,
    /// Open the window at the start of this round.
    #[arg(long, value_name = "ROUND", conflicts_with = "headless")]
    round: Option<u32>,
    #[command(flatten)]
    window: WindowArgs,
}

/// What a run does at a command it refuses that the recording carried out.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum OnRefused {
    Stop,
    Skip,
    Ai,
}

/// Frames the AI is given to play out a turn it took over.
const MOST_FRAMES_A_TURN: u32 = 200;

/// The AI plays out the turn of the unit a refused `command` was for, if it is that unit's
/// turn: whether it did.
fn ai_plays_the_turn(app: &mut App, command: &Command) -> bool {
    let Some(unit) = command.unit() else {
        return false;
    };
    let on_its_turn = |app: &App| {
        let flow = app.world().resource::<Flow>();
        flow.phase == Phase::Turn && flow.acting() == Some(unit)
    };
    if !on_its_turn(app) {
        return false;
    }
    let set = |app: &mut App, control| {
        if let Some(slot) = app
            .world_mut()
            .resource_mut::<Controllers>()
            .0
            .get_mut(unit.index())
        {
            *slot = control;
        }
    };
    set(app, Control::Ai);
    for _ in 0..MOST_FRAMES_A_TURN {
        if !on_its_turn(app) {
            break;
        }
        app.update();
    }
    set(app, Control::Person);
    true
}

/// How the runs went, summed up.
#[derive(Debug, Default)]
struct RunTally {
    runs: u32,
    /// Every command the recording carried out was carried out again.
    played_through: u32,
    stopped: u32,
    skipped_commands: u64,
    /// Refused commands whose unit's turn the AI played out instead.
    turns_taken_over: u64,
    /// Runs won, by the winning side's name.
    wins: std::collections::BTreeMap<String, u32>,
    undecided: u32,
}

pub(super) fn run(args: ReplayArgs) -> ExitCode {
    let replay = match Replay::load(&args.file) {
        Ok(replay) => replay,
        Err(error) => return fail(&error.to_string()),
    };
    if args.verify {
        return verify(&replay, &args.file);
    }
    if !args.headless {
        return watch(replay, args.file, args.round, args.window);
    }
    let mut lines = Lines::new();
    match args.runs {
        Some(runs) => {
            let accepted = accepted_commands(&replay);
            let mut tally = RunTally::default();
            for seed in (0..u64::from(runs)).map(|run| args.first_seed.wrapping_add(run)) {
                if lines.closed() {
                    break;
                }
                lines.json(&rerun(
                    &replay,
                    seed,
                    &accepted,
                    args.on_refused,
                    &mut tally,
                ));
            }
            lines.json(&json!({
                "line": "summary",
                "runs": tally.runs,
                "played_through": tally.played_through,
                "stopped": tally.stopped,
                "skipped_commands": tally.skipped_commands,
                "turns_taken_over": tally.turns_taken_over,
                "wins": tally.wins,
                "undecided": tally.undecided,
            }));
        }
        None => {
            if !print_battle(&replay, args.json, &mut lines)
                && let Err(difference) = replay.verify_if_current()
            {
                eprintln!("gridkeeper: {}: {difference}", args.file.display());
                return ExitCode::from(MISMATCH);
            }
        }
    }
    ExitCode::SUCCESS
}

/// Open the viewer, at the start of `round` if asked.
fn watch(replay: Replay, file: PathBuf, round: Option<u32>, window: WindowArgs) -> ExitCode {
    let seed = replay.seed;
    let mut playback = Playback::of(&replay);
    let step = match round {
        Some(round) => match playback.step_of_round(round) {
            Some(step) => step,
            None => {
                return fail(&format!("the replay does not reach round {round}"));
            }
        },
        None => 0,
    };
    playback.go_to(step);
    let scenario = replay.scenario.clone();
    let setup = BattleSetup {
        saved: Some(SavedBattle {
            replay,
            file,
            watching: Some(playback),
        }),
        ..BattleSetup::new(scenario, seed)
    };
    open_window(Opening::Battle(Box::new(setup)), window)
}

/// Play the commands and compare the events with the file's digest.
fn verify(replay: &Replay, file: &std::path::Path) -> ExitCode {
    match replay.verify() {
        Ok(()) => {
            println!(
                "ok: {} commands make the {} events recorded (digest {})",
                replay.commands.len(),
                replay.events.count,
                replay.events.digest
            );
            ExitCode::SUCCESS
        }
        Err(difference) => {
            eprintln!("gridkeeper: {}: {difference}", file.display());
            ExitCode::from(MISMATCH)
        }
    }
}

/// Print every event (in words, or as JSON lines) and a summary: whether the events are the
/// ones the file recorded (or the output was cut off by its reader).
fn print_battle(replay: &Replay, json: bool, lines: &mut Lines) -> bool {
    let mut app = replay.headless(replay.seed);
    let mut acting: Option<UnitId> = None;
    let mut refusals = 0;
    for (step, command) in replay.commands.iter().enumerate() {
        let from = give_tracked(app.world_mut(), command.clone());
        let events = &app.world().resource::<EventLog>().0;
        if refused(&events[from..]) {
            refusals += 1;
        }
        for (index, event) in events.iter().enumerate().skip(from) {
            if let EventKind::TurnBegan { unit } = event.kind {
                acting = Some(unit);
            }
            if json {
                lines.json(&event_line(event, index, step, acting, &replay.scenario));
            } else {
                lines.text(&format!(
                    "R{} {}",
                    event.round,
                    log::describe(event, &replay.scenario)
                ));
            }
            if matches!(
                event.kind,
                EventKind::TurnEnded { .. } | EventKind::RoundEnded
            ) {
                acting = None;
            }
        }
        if lines.closed() {
            return true;
        }
    }
    let events = &app.world().resource::<EventLog>().0;
    let flow = app.world().resource::<Flow>();
    let digest = EventDigest::of(events);
    let summary = json!({
        "line": "summary",
        "scenario": replay.scenario.name,
        "seed": replay.seed,
        "commands": replay.commands.len(),
        "refused": refusals,
        "events": events.len(),
        "rounds": flow.round,
        "outcome": outcome(flow, &replay.scenario),
        "digest": digest.digest,
        "as_recorded": digest == replay.events,
    });
    if json {
        lines.json(&summary);
    } else {
        lines.text(&summary_words(&summary));
    }
    digest == replay.events
}

/// One event as a JSON line: where it stands in the replay, whose turn it is, its words in
/// the log, and the event itself (its fields apart, so no name of theirs can clash).
fn event_line(
    event: &Event,
    index: usize,
    step: usize,
    acting: Option<UnitId>,
    scenario: &Scenario,
) -> Value {
    json!({
        "line": "event",
        "index": index,
        "step": step,
        "acting": acting,
        "text": log::describe(event, scenario),
        "event": event,
    })
}

/// The summary in words: "Cellar melee, seed 7: 212 events from 88 commands over 4 rounds;
/// won by The thing in the cellar (the last side standing)".
fn summary_words(summary: &Value) -> String {
    let outcome = match &summary["outcome"] {
        Value::Null => "not over".to_string(),
        outcome => match outcome["winner"].as_str() {
            Some(winner) => format!(
                "won by {winner} ({})",
                outcome["reason"].as_str().unwrap_or("")
            ),
            None => format!(
                "won by nobody ({})",
                outcome["reason"].as_str().unwrap_or("")
            ),
        },
    };
    format!(
        "{}, seed {}: {} events from {} commands ({} refused) over {} rounds; {outcome}; {}",
        summary["scenario"].as_str().unwrap_or(""),
        summary["seed"],
        summary["events"],
        summary["commands"],
        summary["refused"],
        summary["rounds"],
        if summary["as_recorded"].as_bool() == Some(true) {
            "the events are the ones recorded"
        } else {
            "the events differ from the ones recorded"
        }
    )
}

/// How the battle ended, if it has: the winning side's name and why.
fn outcome(flow: &Flow, scenario: &Scenario) -> Value {
    match &flow.phase {
        Phase::Over(outcome) => json!({
            "winner": outcome.winner.and_then(|side| scenario.sides.get(side)).map(|side| side.name.clone()),
            "reason": outcome.reason,
        }),
        _ => Value::Null,
    }
}

/// For each command, whether it was carried out under the replay's own seed.
fn accepted_commands(replay: &Replay) -> Vec<bool> {
    let mut app = replay.headless(replay.seed);
    replay
        .commands
        .iter()
        .map(|command| {
            let from = give_tracked(app.world_mut(), command.clone());
            !refused(&app.world().resource::<EventLog>().0[from..])
        })
        .collect()
}

/// The commands again under `seed`. At one the recording carried out but that is refused now
/// (a unit that died cannot shoot) the run stops, or skips it and goes on: the run as a JSON
/// line, and what came of it added to `tally`.
fn rerun(
    replay: &Replay,
    seed: u64,
    accepted: &[bool],
    on_refused: OnRefused,
    tally: &mut RunTally,
) -> Value {
    let mut app = replay.headless(seed);
    if on_refused == OnRefused::Ai {
        let persons = vec![Control::Person; replay.scenario.units.len()];
        app.insert_resource(Controllers(persons))
            .insert_resource(AiStyles::default())
            .add_plugins(crate::ai::plugin);
    }
    let mut stopped = Value::Null;
    let mut skipped = Vec::new();
    let mut taken_over = Vec::new();
    let mut given = 0;
    for (step, command) in replay.commands.iter().enumerate() {
        let from = give_tracked(app.world_mut(), command.clone());
        let events = &app.world().resource::<EventLog>().0[from..];
        if refused(events) && accepted.get(step).copied().unwrap_or(false) {
            let reason = match events.last().map(|event| &event.kind) {
                Some(EventKind::Rejected { reason, .. }) => reason.to_string(),
                _ => String::new(),
            };
            let refusal = json!({ "step": step, "command": Written(command), "reason": reason });
            match on_refused {
                OnRefused::Stop => {
                    stopped = refusal;
                    break;
                }
                OnRefused::Ai if ai_plays_the_turn(&mut app, command) => taken_over.push(refusal),
                OnRefused::Skip | OnRefused::Ai => skipped.push(refusal),
            }
        }
        given = step + 1;
    }
    let events = &app.world().resource::<EventLog>().0;
    let flow = app.world().resource::<Flow>();
    let outcome = outcome(flow, &replay.scenario);
    tally.runs += 1;
    if stopped.is_null() && skipped.is_empty() && taken_over.is_empty() {
        tally.played_through += 1;
    }
    if !stopped.is_null() {
        tally.stopped += 1;
    }
    tally.skipped_commands += skipped.len() as u64;
    tally.turns_taken_over += taken_over.len() as u64;
    match outcome["winner"].as_str() {
        Some(winner) => *tally.wins.entry(winner.to_string()).or_default() += 1,
        None => tally.undecided += 1,
    }
    json!({
        "line": "run",
        "seed": seed,
        "commands": given,
        "stopped": stopped,
        "skipped": skipped,
        "taken_over": taken_over,
        "rounds": flow.round,
        "outcome": outcome,
        "events": events,
    })
}
