//! Many battles of one scenario, the AI playing every unit, headless and on every core: how each
//! ended, and what they add up to (win rates with their 95% intervals, lengths, casualties).
//! Battle `i` is played under seed `first + i`, so the results do not depend on how many cores
//! played them.

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicUsize, Ordering};

use serde::Serialize;

use crate::ai::{AiStyles, Style};
use crate::battle::event::{EventKind, WoundState};
use crate::battle::{EventLog, Flow, Phase, UnitId, Vitals};
use crate::map::scenario::Scenario;
use crate::replay::{goes_on, simulate_app};

/// How one battle ended.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct BattleResult {
    pub seed: u64,
    /// Whether it ended (rather than running out of rounds).
    pub over: bool,
    /// The winning side's index; `None` for nobody, or not over.
    pub winner: Option<usize>,
    pub rounds: u32,
    pub commands: usize,
    /// Commands the battle refused (an AI that knows the rules gives none).
    pub refused: usize,
    /// It stood still before its end and before the rounds ran out (a bug, never seen).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub stalled: bool,
    /// Each unit's state at the end, in the scenario's order.
    pub wounds: Vec<WoundState>,
    /// In a match against the baseline, the side the level played.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub challenger: Option<usize>,
}

/// Who plays which style over many battles.
#[derive(Debug, Clone)]
pub enum Matchup {
    /// Every battle the same: each unit in the style given (a unit left out: careful).
    Styles(AiStyles),
    /// One side plays `level` and every other the baseline, the level taking each side in
    /// turn: battle `i` gives it side `i % sides`, so sides are swapped as often as not.
    AgainstBaseline(Style),
}

impl Matchup {
    /// The styles of battle `index`, and the side the level plays if it is a match.
    pub fn for_battle(&self, scenario: &Scenario, index: usize) -> (AiStyles, Option<usize>) {
        match self {
            Self::Styles(styles) => (styles.clone(), None),
            Self::AgainstBaseline(level) => {
                let side = index % scenario.sides.len().max(1);
                let styles = scenario
                    .units
                    .iter()
                    .map(|unit| {
                        if unit.side == side {
                            *level
                        } else {
                            Style::Baseline
                        }
                    })
                    .collect();
                (AiStyles(styles), Some(side))
            }
        }
    }
}

/// The round after which a simulated battle is stopped unless told otherwise: a fight that long
/// has stuck (two sides that cannot reach each other past the fallen in a doorway), and nobody
/// wins it.
pub const MOST_ROUNDS: u32 = 100;

/// Play one battle of `scenario` under `seed`, the AI playing every unit in the style
/// `styles` gives it, for at most `most_rounds` rounds.
pub fn play_one(
    scenario: &Scenario,
    seed: u64,
    most_rounds: Option<u32>,
    styles: &AiStyles,
) -> BattleResult {
    let mut app = simulate_app(scenario.clone(), seed, most_rounds, styles.clone());
    let world = app.world_mut();
    let flow = world.resource::<Flow>();
    let (over, winner) = match &flow.phase {
        Phase::Over(outcome) => (true, outcome.winner),
        _ => (false, None),
    };
    let rounds = flow.round;
    // Stopped (the simulation gives up on a battle that stands still) with more to play.
    let stalled = goes_on(flow, most_rounds);
    let events = &world.resource::<EventLog>().0;
    let refused = events
        .iter()
        .filter(|event| matches!(event.kind, EventKind::Rejected { .. }))
        .count();
    let commands = world.resource::<crate::battle::CommandLog>().0.len();
    let mut wounds = vec![WoundState::Unhurt; scenario.units.len()];
    for (unit, vitals) in world.query::<(&UnitId, &Vitals)>().iter(world) {
        if let Some(state) = wounds.get_mut(unit.index()) {
            *state = vitals.wound_state();
        }
    }
    BattleResult {
        seed,
        over,
        winner,
        rounds,
        commands,
        refused,
        stalled,
        wounds,
        challenger: None,
    }
}

/// A battle that panicked: its seed, and what the panic said.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("the battle under seed {seed} panicked: {message}")]
pub struct BattlePanic {
    pub seed: u64,
    pub message: String,
}

/// Play `runs` battles under the seeds `first_seed`, `first_seed + 1`…, on every core (rayon's
/// pool), each unit in the AI style the matchup gives it. `done` is told how many have finished
/// as each one does, from whichever thread played it. A battle that panics ends the run, the
/// first such seed said.
pub fn play_many(
    scenario: &Scenario,
    first_seed: u64,
    runs: usize,
    most_rounds: Option<u32>,
    matchup: &Matchup,
    done: &(dyn Fn(usize) + Sync),
) -> Result<Vec<BattleResult>, BattlePanic> {
    played_in_parallel(first_seed, runs, done, |seed, index| {
        let (styles, challenger) = matchup.for_battle(scenario, index);
        BattleResult {
            challenger,
            ..play_one(scenario, seed, most_rounds, &styles)
        }
    })
}

/// `play` (a battle under a seed, the battle's index) for `runs` seeds from `first_seed`, on
/// rayon's pool, in order; the first panic (by index) caught and said with its seed.
fn played_in_parallel<T: Send>(
    first_seed: u64,
    runs: usize,
    done: &(dyn Fn(usize) + Sync),
    play: impl Fn(u64, usize) -> T + Sync,
) -> Result<Vec<T>, BattlePanic> {
    use rayon::prelude::*;
    let finished = AtomicUsize::new(0);
    let played: Vec<Result<T, BattlePanic>> = (0..runs)
        .into_par_iter()
        .map(|index| {
            let seed = first_seed.wrapping_add(index as u64);
            let played =
                std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| play(seed, index)));
            done(finished.fetch_add(1, Ordering::Relaxed) + 1);
            played.map_err(|panic| BattlePanic {
                seed,
                message: panic
                    .downcast_ref::<&str>()
                    .map(|text| (*text).to_string())
                    .or_else(|| panic.downcast_ref::<String>().cloned())
                    .unwrap_or_else(|| "no message".to_string()),
            })
        })
        .collect();
    played.into_iter().collect()
}

/// A side's share of the wins, with its 95% interval.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SideRecord {
    pub name: String,
    pub wins: usize,
    pub share: f64,
    pub low: f64,
    pub high: f64,
}

/// How often a unit was out of the fight at the end (unconscious, dying or dead), and dead.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct UnitRecord {
    pub name: String,
    pub side: String,
    pub out_of_action: f64,
    pub dead: f64,
}

/// What many battles add up to.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Summary {
    pub runs: usize,
    pub sides: Vec<SideRecord>,
    /// Battles nobody won: all fallen, or still going when the rounds ran out.
    pub nobody: usize,
    pub mean_rounds: f64,
    /// How many battles lasted each number of rounds, shortest first.
    pub lengths: Vec<(u32, usize)>,
    pub units: Vec<UnitRecord>,
    pub refused: usize,
    /// The seeds of battles that stood still before their end (none, or a bug to look into).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub stalled: Vec<u64>,
    /// In a match against the baseline: how often the level won, and on which side.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub against_baseline: Option<MatchRecord>,
}

/// How a level did against the baseline: its wins overall (with the 95% interval) and on each
/// side it played.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct MatchRecord {
    pub wins: usize,
    pub share: f64,
    pub low: f64,
    pub high: f64,
    /// Per side, in the scenario's order: battles the level played it, and won.
    pub by_side: Vec<(usize, usize)>,
}

impl MatchRecord {
    fn of(sides: usize, results: &[BattleResult]) -> Option<Self> {
        let mut by_side = vec![(0, 0); sides];
        for result in results {
            let side = result.challenger?;
            let played = by_side.get_mut(side)?;
            played.0 += 1;
            played.1 += usize::from(result.winner == Some(side));
        }
        let wins = by_side.iter().map(|(_, won)| won).sum();
        let (low, high) = wilson_interval(wins, results.len());
        Some(Self {
            wins,
            share: wins as f64 / results.len().max(1) as f64,
            low,
            high,
            by_side,
        })
    }
}

impl Summary {
    pub fn of(scenario: &Scenario, results: &[BattleResult]) -> Self {
        let runs = results.len();
        let share = |count: usize| {
            if runs == 0 {
                0.0
            } else {
                count as f64 / runs as f64
            }
        };
        let sides = scenario
            .sides
            .iter()
            .enumerate()
            .map(|(index, side)| {
                let wins = results
                    .iter()
                    .filter(|result| result.winner == Some(index))
                    .count();
                let (low, high) = wilson_interval(wins, runs);
                SideRecord {
                    name: side.name.clone(),
                    wins,
                    share: share(wins),
                    low,
                    high,
                }
            })
            .collect();
        let mut counted: BTreeMap<u32, usize> = BTreeMap::new();
        for result in results {
            *counted.entry(result.rounds).or_default() += 1;
        }
        let lengths = counted.into_iter().collect();
        let units = scenario
            .units
            .iter()
            .enumerate()
            .map(|(index, unit)| {
                let ended = |states: &[WoundState]| {
                    share(
                        results
                            .iter()
                            .filter(|result| {
                                result
                                    .wounds
                                    .get(index)
                                    .is_some_and(|state| states.contains(state))
                            })
                            .count(),
                    )
                };
                UnitRecord {
                    name: unit.name.clone(),
                    side: scenario.sides[unit.side].name.clone(),
                    out_of_action: ended(&[
                        WoundState::Unconscious,
                        WoundState::Dying,
                        WoundState::Stabilised,
                        WoundState::Dead,
                    ]),
                    dead: ended(&[WoundState::Dead]),
                }
            })
            .collect();
        let total_rounds: u64 = results.iter().map(|result| u64::from(result.rounds)).sum();
        Self {
            runs,
            sides,
            nobody: results
                .iter()
                .filter(|result| result.winner.is_none())
                .count(),
            mean_rounds: if runs == 0 {
                0.0
            } else {
                total_rounds as f64 / runs as f64
            },
            lengths,
            units,
            refused: results.iter().map(|result| result.refused).sum(),
            stalled: results
                .iter()
                .filter(|result| result.stalled)
                .map(|result| result.seed)
                .collect(),
            against_baseline: MatchRecord::of(scenario.sides.len(), results)
                .filter(|_| !results.is_empty()),
        }
    }
}

/// The Wilson score interval at 95% for `successes` out of `trials`: it stays inside 0–1 and
/// is honest at 0 and at all.
pub fn wilson_interval(successes: usize, trials: usize) -> (f64, f64) {
    if trials == 0 {
        return (0.0, 1.0);
    }
    const Z: f64 = 1.959_963_984_540_054;
    let n = trials as f64;
    let p = successes as f64 / n;
    let z2 = Z * Z;
    let centre = (p + z2 / (2.0 * n)) / (1.0 + z2 / n);
    let half = Z / (1.0 + z2 / n) * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt();
    // At none or all, the bound on that side is exactly the share (rounding could miss it).
    let low = if successes == 0 {
        0.0
    } else {
        (centre - half).max(0.0)
    };
    let high = if successes == trials {
        1.0
    } else {
        (centre + half).min(1.0)
    };
    (low, high)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Battles are played in order of their seeds whatever thread plays them, each counted as
    /// done; one that panics ends the run with its seed and its message (the first by seed
    /// where two do), never a run that waits for ever.
    #[test]
    fn a_panicking_battle_ends_the_run_with_its_seed() {
        let counted = AtomicUsize::new(0);
        let done = |count: usize| {
            counted.fetch_max(count, Ordering::Relaxed);
        };
        let seeds = played_in_parallel(10, 64, &done, |seed, index| (seed, index));
        let expected: Vec<(u64, usize)> = (0..64).map(|index| (10 + index as u64, index)).collect();
        assert_eq!(seeds, Ok(expected));
        assert_eq!(counted.load(Ordering::Relaxed), 64);
        let panicked = played_in_parallel(10, 64, &|_| {}, |seed, _| {
            assert!(seed != 17 && seed != 40, "the dice ran out at seed {seed}");
            seed
        });
        assert_eq!(
            panicked,
            Err(BattlePanic {
                seed: 17,
                message: "the dice ran out at seed 17".to_string()
            })
        );
    }

    #[test]
    fn wilson_intervals_match_worked_values() {
        // The published 95% Wilson intervals: 50 of 100 gives 40.38%–59.62%, 0 of 10 gives
        // 0–27.75% (never below nothing), 10 of 10 gives 72.25%–100%, 700 of 1000 67.09%–72.76%.
        let cases = [
            (50, 100, 0.403_832, 0.596_168),
            (0, 10, 0.0, 0.277_533),
            (10, 10, 0.722_467, 1.0),
            (700, 1000, 0.670_876, 0.727_593),
        ];
        for (wins, runs, low, high) in cases {
            let (got_low, got_high) = wilson_interval(wins, runs);
            assert!((got_low - low).abs() < 1e-5, "{wins}/{runs}: low {got_low}");
            assert!(
                (got_high - high).abs() < 1e-5,
                "{wins}/{runs}: high {got_high}"
            );
        }
        assert_eq!(wilson_interval(0, 0), (0.0, 1.0));
        // Exactly the share at the ends, whatever the rounding.
        for trials in 1..200 {
            assert_eq!(wilson_interval(0, trials).0, 0.0);
            assert_eq!(wilson_interval(trials, trials).1, 1.0);
        }
    }
}
