//! Benchmarks of whole simulated battles, the AI playing every unit headless: one battle of
//! each shipped scenario under a fixed seed (battles a second is one over the time shown).

use std::path::Path;

use gridkeeper::ai::AiStyles;
use gridkeeper::map::scenario::Scenario;
use gridkeeper::simulation::play_one;

fn main() {
    divan::main();
}

fn shipped(name: &str) -> Scenario {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("maps")
        .join(name);
    Scenario::load(&path).unwrap_or_else(|error| panic!("{error}"))
}

/// The warehouse shoot-out to its end: firearms, cover, reloads.
#[divan::bench(args = [1, 2, 3])]
fn warehouse_battle(bencher: divan::Bencher, seed: u64) {
    let scenario = shipped("warehouse.ron");
    bencher.bench(|| {
        play_one(
            divan::black_box(&scenario),
            seed,
            None,
            &AiStyles::default(),
        )
    });
}

/// The cellar melee to its end: three investigators against a ghoul with three attacks.
#[divan::bench(args = [1, 2, 3])]
fn cellar_battle(bencher: divan::Bencher, seed: u64) {
    let scenario = shipped("cellar.ron");
    bencher.bench(|| {
        play_one(
            divan::black_box(&scenario),
            seed,
            None,
            &AiStyles::default(),
        )
    });
}

/// The farmstead, ten rounds of five ghouls against the household.
#[divan::bench(args = [1])]
fn farmstead_battle(bencher: divan::Bencher, seed: u64) {
    let scenario = shipped("farmstead.ron");
    bencher.bench(|| {
        play_one(
            divan::black_box(&scenario),
            seed,
            None,
            &AiStyles::default(),
        )
    });
}
