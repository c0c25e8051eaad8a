//! Benchmarks of whole simulated battles, the AI playing every unit headless: a battle of each
//! shipped scenario to its end, the seed going round 1 to 10 from one battle to the next (battles
//! a second is one over the mean time).

use std::path::Path;

use gridkeeper::ai::AiStyles;
use gridkeeper::map::scenario::Scenario;
use gridkeeper::simulation::play_one;

fn main() {
    divan::main();
}

/// The cellar melee (three investigators, a ghoul with three attacks), the warehouse shoot-out
/// (firearms, cover, reloads) and ten rounds of the farmstead (five ghouls, five defenders).
#[divan::bench(args = ["cellar.ron", "warehouse.ron", "farmstead.ron"])]
fn battle(bencher: divan::Bencher, name: &str) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("maps")
        .join(name);
    let scenario = Scenario::load(&path).unwrap_or_else(|error| panic!("{error}"));
    let styles = AiStyles::default();
    let mut seed = 0;
    bencher
        .with_inputs(|| {
            seed = seed % 10 + 1;
            seed
        })
        .bench_local_values(|seed| play_one(divan::black_box(&scenario), seed, None, &styles));
}
