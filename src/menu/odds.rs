//! A scenario's odds as the menu shows them: how often each side wins with the careful AI
//! playing every unit. The shipped scenarios' are reckoned ahead over 1,000 battles and kept
//! in `shipped_odds.ron`, each with the fingerprint of the scenario as it was then (a test fails
//! when a scenario changes and its odds are not reckoned again); any other scenario's are
//! reckoned on request, away from the window's thread.
//!
//! To reckon the odds of the shipped scenarios changed since (a minute or two each):
//! `GRIDKEEPER_WRITE_ODDS=1 cargo test --release --lib write_the_shipped_odds -- --ignored`;
//! with `GRIDKEEPER_WRITE_ODDS=all`, every one of them (after a rulebook's data changed).

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, LazyLock, Mutex};

use serde::{Deserialize, Serialize};

use crate::ai::{AiStyles, Style};
use crate::map::scenario::Scenario;
use crate::menu::catalogue::fingerprint;
use crate::simulation::{BattlePanic, Matchup, play_many};

/// The shipped scenarios' odds, by path.
const SHIPPED_ODDS: &str = include_str!("shipped_odds.ron");

/// The battles the shipped odds are reckoned over.
pub const SHIPPED_RUNS: usize = 1_000;

/// The battles the menu reckons a scenario's odds over on request: enough for a share within
/// about seven points either way.
pub const ASKED_RUNS: usize = 200;

/// How often each side won over some battles, the careful AI playing every unit.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Odds {
    /// The fingerprint of the scenario (its map written inline) they were reckoned for.
    pub scenario: String,
    pub runs: usize,
    /// The seed of the first battle; the others follow it.
    pub first_seed: u64,
    /// Each side's wins, in the scenario's order.
    pub wins: Vec<usize>,
}

impl Odds {
    /// Each side's share of the wins, and the battles nobody won, in words.
    pub fn words(&self, scenario: &Scenario) -> String {
        let percent = |count: usize| 100.0 * count as f64 / self.runs.max(1) as f64;
        let mut parts: Vec<String> = scenario
            .sides
            .iter()
            .zip(&self.wins)
            .map(|(side, wins)| format!("{} {:.1}%", side.name, percent(*wins)))
            .collect();
        let nobody = self.runs.saturating_sub(self.wins.iter().sum());
        if nobody > 0 {
            parts.push(format!("nobody {:.1}%", percent(nobody)));
        }
        parts.join(" · ")
    }
}

/// Reckon `scenario`'s odds over `runs` battles from `first_seed`, on every core; `done` is
/// told how many have finished now and then.
pub fn reckon(
    scenario: &Scenario,
    runs: usize,
    first_seed: u64,
    done: &(dyn Fn(usize) + Sync),
) -> Result<Odds, BattlePanic> {
    let careful = Matchup::Styles(AiStyles(vec![Style::Careful; scenario.units.len()]));
    let results = play_many(scenario, first_seed, runs, None, &careful, done)?;
    let wins = (0..scenario.sides.len())
        .map(|side| {
            results
                .iter()
                .filter(|result| result.winner == Some(side))
                .count()
        })
        .collect();
    Ok(Odds {
        scenario: fingerprint(scenario),
        runs,
        first_seed,
        wins,
    })
}

/// The shipped odds, read once.
static SHIPPED_TABLE: LazyLock<BTreeMap<String, Odds>> =
    LazyLock::new(|| ron::from_str(SHIPPED_ODDS).unwrap_or_default());

/// The odds reckoned ahead for the shipped scenario at `path`, where they were reckoned for it
/// as it is (its [`fingerprint`] now).
pub fn shipped(path: &Path, fingerprint: &str) -> Option<Odds> {
    let odds = SHIPPED_TABLE.get(path.to_str()?)?;
    (odds.scenario == fingerprint).then(|| odds.clone())
}

/// A scenario's odds being reckoned on another thread.
#[derive(Debug, Clone)]
pub struct Reckoning {
    /// The scenario's path in the menu.
    pub path: PathBuf,
    pub runs: usize,
    done: Arc<AtomicUsize>,
    result: Arc<Mutex<Option<Result<Odds, BattlePanic>>>>,
}

impl Reckoning {
    /// Begin reckoning `scenario`'s odds over [`ASKED_RUNS`] battles.
    pub fn begin(path: PathBuf, scenario: Scenario) -> Self {
        let done = Arc::new(AtomicUsize::new(0));
        let result = Arc::new(Mutex::new(None));
        let (counter, slot) = (done.clone(), result.clone());
        std::thread::spawn(move || {
            let odds = reckon(&scenario, ASKED_RUNS, 1, &|count| {
                counter.fetch_max(count, Ordering::Relaxed);
            });
            if let Ok(mut slot) = slot.lock() {
                *slot = Some(odds);
            }
        });
        Self {
            path,
            runs: ASKED_RUNS,
            done,
            result,
        }
    }

    /// The battles played so far.
    pub fn done(&self) -> usize {
        self.done.load(Ordering::Relaxed)
    }

    /// The odds once all are played, or the battle that panicked.
    pub fn finished(&self) -> Option<Result<Odds, BattlePanic>> {
        self.result.lock().ok().and_then(|slot| slot.clone())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::menu::catalogue::{Catalogue, Origin};

    /// A shipped scenario as the menu lists it, read whole: its path, and its fingerprint.
    struct Shipped {
        path: PathBuf,
        scenario: Scenario,
        fingerprint: String,
    }

    fn shipped_scenarios() -> Vec<Shipped> {
        Catalogue::gather_from(Path::new("no-such-folder"), &[])
            .scenarios
            .into_iter()
            .filter(|entry| entry.origin == Origin::Shipped)
            .map(|entry| {
                let scenario = entry
                    .read()
                    .unwrap_or_else(|why| panic!("{}: {why}", entry.path.display()));
                Shipped {
                    fingerprint: fingerprint(&scenario),
                    path: entry.path,
                    scenario,
                }
            })
            .collect()
    }

    /// Every shipped scenario is a contest: with the careful AI on both sides, each side wins
    /// between 25% and 75% of the battles (as reckoned for it as it is: the test above).
    #[test]
    fn every_shipped_scenario_is_a_contest() {
        let scenarios = shipped_scenarios();
        assert!(
            !scenarios.is_empty(),
            "the shipped scenarios of the rulebooks built"
        );
        for entry in scenarios {
            let Some(odds) = shipped(&entry.path, &entry.fingerprint) else {
                continue;
            };
            for (side, wins) in entry.scenario.sides.iter().zip(&odds.wins) {
                let share = *wins as f64 / odds.runs as f64;
                assert!(
                    (0.25..=0.75).contains(&share),
                    "{}: {} win {:.1}%",
                    entry.path.display(),
                    side.name,
                    100.0 * share
                );
            }
        }
    }

    #[test]
    fn every_shipped_scenario_has_its_odds_reckoned_as_it_is() {
        for Shipped {
            path,
            scenario,
            fingerprint,
        } in shipped_scenarios()
        {
            let odds = shipped(&path, &fingerprint).unwrap_or_else(|| {
                panic!(
                    "{}: its odds are missing or were reckoned for another version: reckon \
                     them again (see src/menu/odds.rs)",
                    path.display()
                )
            });
            assert_eq!(odds.runs, SHIPPED_RUNS);
            assert_eq!(odds.wins.len(), scenario.sides.len());
            assert!(odds.wins.iter().sum::<usize>() <= odds.runs);
        }
    }

    #[cfg(feature = "coc7e")]
    #[test]
    fn odds_are_reckoned_the_same_each_time_and_said_by_side() {
        let cellar = shipped_scenarios()
            .into_iter()
            .find(|entry| entry.path == Path::new("maps/cellar.ron"))
            .expect("the cellar is shipped")
            .scenario;
        let once = reckon(&cellar, 12, 5, &|_| {}).expect("no panic");
        assert_eq!(Ok(once.clone()), reckon(&cellar, 12, 5, &|_| {}));
        assert_eq!(once.runs, 12);
        let words = Odds {
            scenario: String::new(),
            runs: 8,
            first_seed: 1,
            wins: vec![5, 2],
        }
        .words(&cellar);
        assert_eq!(
            words,
            "Investigators 62.5% · The thing in the cellar 25.0% · nobody 12.5%"
        );
    }

    /// Reckon the shipped scenarios' odds again and write them (asked for by
    /// `GRIDKEEPER_WRITE_ODDS=1`; see the file's head).
    #[test]
    #[ignore = "reckons 1,000 battles of every shipped scenario: run when a scenario changes"]
    fn write_the_shipped_odds() {
        if std::env::var_os("GRIDKEEPER_WRITE_ODDS").is_none() {
            return;
        }
        // Only the scenarios changed since, unless all are asked for (a rulebook's data changed:
        // the fingerprint is the scenario's alone).
        let all = std::env::var_os("GRIDKEEPER_WRITE_ODDS").is_some_and(|value| value == "all");
        let table: BTreeMap<String, Odds> = shipped_scenarios()
            .into_iter()
            .map(|entry| {
                let kept = shipped(&entry.path, &entry.fingerprint).filter(|_| !all);
                let odds = kept.unwrap_or_else(|| {
                    reckon(&entry.scenario, SHIPPED_RUNS, 1, &|_| {})
                        .unwrap_or_else(|panic| panic!("{}: {panic}", entry.path.display()))
                });
                eprintln!("{}: {}", entry.path.display(), odds.words(&entry.scenario));
                (entry.path.display().to_string(), odds)
            })
            .collect();
        let text = ron::ser::to_string_pretty(&table, ron::ser::PrettyConfig::default())
            .expect("odds are plain data");
        let file = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/menu/shipped_odds.ron");
        crate::files::write_atomically(&file, &format!("{text}\n")).expect("written");
    }
}
