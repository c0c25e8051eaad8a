//! Whole battles a second on one core: every shipped scenario and the 8-against-8 bench scenario
//! (`benches/skirmish-8v8.ron`: firearms, cover and close quarters), the careful AI playing every
//! unit headless, battle after battle under the seeds 1, 2, 3… for about two seconds each, the
//! battle's systems kept on this one thread. Prints battles a second and the mean length; the
//! goal for the 8-against-8 is 500 a second. Run with `cargo bench --bench battles_per_second`;
//! words after `--` keep only the scenarios whose file names hold one of them
//! (`cargo bench --bench battles_per_second -- 8v8 cellar`).

use std::path::Path;
use std::time::{Duration, Instant};

use gridkeeper::ai::AiStyles;
use gridkeeper::map::scenario::Scenario;
use gridkeeper::menu::catalogue::shipped_scenarios;
use gridkeeper::simulation::{MOST_ROUNDS, play_one};

/// How long each scenario is played.
const SPELL: Duration = Duration::from_secs(2);
/// The bench scenario, from the repository's root, and the battles a second it should reach.
const EIGHT_AGAINST_EIGHT: &str = "benches/skirmish-8v8.ron";
const GOAL: f64 = 500.0;

/// Battles of `scenario` one after another until `SPELL` is over (at least one): how many, how
/// long they took, and their rounds in all.
fn play_for_a_spell(scenario: &Scenario, styles: &AiStyles) -> (u32, Duration, u32) {
    let begun = Instant::now();
    let (mut battles, mut rounds) = (0, 0);
    while battles == 0 || begun.elapsed() < SPELL {
        battles += 1;
        rounds += play_one(scenario, u64::from(battles), Some(MOST_ROUNDS), styles).rounds;
    }
    (battles, begun.elapsed(), rounds)
}

fn main() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let styles = AiStyles::default();
    println!(
        "whole battles, the careful AI on every unit, one thread, {} s a scenario",
        SPELL.as_secs()
    );
    // Cargo hands a bench `--bench`; any other word picks scenarios.
    let picked: Vec<String> = std::env::args()
        .skip(1)
        .filter(|word| !word.starts_with("--"))
        .collect();
    let files = shipped_scenarios().chain([EIGHT_AGAINST_EIGHT]);
    for file in files
        .filter(|file| picked.is_empty() || picked.iter().any(|word| file.contains(word.as_str())))
    {
        let scenario = Scenario::load(&root.join(file)).unwrap_or_else(|error| panic!("{error}"));
        let (battles, took, rounds) = play_for_a_spell(&scenario, &styles);
        let per_second = f64::from(battles) / took.as_secs_f64();
        let goal = if file == EIGHT_AGAINST_EIGHT {
            format!("  goal {GOAL:.0}: {:.2}x of it", per_second / GOAL)
        } else {
            String::new()
        };
        println!(
            "{file:<28} {per_second:>9.1} battles/s  {battles:>5} battles, {:>5.1} rounds{goal}",
            f64::from(rounds) / f64::from(battles)
        );
    }
}
