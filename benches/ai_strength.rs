//! How much better the careful AI plays than the baseline (walk at the nearest enemy and attack
//! it): a thousand battles of each shipped scenario, the careful AI taking each side in turn,
//! on every core. Prints its share of wins with the 95% interval, and on each side; fails if
//! the share falls below 70% on any scenario, or if the battle refused any command. Run with
//! `cargo bench --bench ai_strength` (a few minutes: the warehouse is the slow one).

use std::path::Path;
use std::process::ExitCode;

use gridkeeper::ai::Style;
use gridkeeper::map::scenario::Scenario;
use gridkeeper::simulation::{MOST_ROUNDS, Matchup, Summary, play_many};

/// Battles per scenario, and the share of them the careful AI must win.
const BATTLES: usize = 1000;
const LEAST_SHARE: f64 = 0.7;

fn main() -> ExitCode {
    let maps = Path::new(env!("CARGO_MANIFEST_DIR")).join("maps");
    let mut passed = true;
    for file in [
        "cellar.ron",
        "farmstead.ron",
        "warehouse.ron",
        "kingsport.ron",
    ] {
        let scenario = Scenario::load(&maps.join(file)).unwrap_or_else(|error| panic!("{error}"));
        let matchup = Matchup::AgainstBaseline(Style::Careful);
        let results = play_many(&scenario, 1, BATTLES, Some(MOST_ROUNDS), &matchup, &|_| {})
            .unwrap_or_else(|panic| panic!("{file}: {panic}"));
        let summary = Summary::of(&scenario, &results);
        let Some(record) = summary.against_baseline else {
            panic!("{file}: a match against the baseline has a record");
        };
        let sides: Vec<String> = scenario
            .sides
            .iter()
            .zip(&record.by_side)
            .map(|(side, (played, won))| format!("{} {won}/{played}", side.name))
            .collect();
        println!(
            "{file}: careful wins {} of {BATTLES}, {:.1}% (95%: {:.1}–{:.1}%) · {} · refused {}",
            record.wins,
            100.0 * record.share,
            100.0 * record.low,
            100.0 * record.high,
            sides.join(", "),
            summary.refused,
        );
        passed &= record.share >= LEAST_SHARE && summary.refused == 0;
    }
    if passed {
        ExitCode::SUCCESS
    } else {
        println!(
            "the careful AI fell below {:.0}% somewhere",
            100.0 * LEAST_SHARE
        );
        ExitCode::FAILURE
    }
}
