//! One headless frame of the battle (`app.update()`) with 200 units on a 256 x 256 map of 20%
//! walls and 5% low cover (the peer benches' ground, from the same seed), timed frame by frame
//! on one thread: first with the battle waiting on a person (what a frame costs when nothing
//! happens), then with the careful AI playing every unit (a frame plans the acting unit's next
//! command and resolves it), for up to 2,000 frames or five seconds each. Prints the median,
//! the 99th percentile and the slowest frame; the goal is 1 ms. Run with
//! `cargo bench --bench frame`.

use std::collections::BTreeSet;
use std::time::{Duration, Instant};

use bevy::app::App;
use gridkeeper::ai::AiStyles;
use gridkeeper::battle::command::Command;
use gridkeeper::battle::{CommandQueue, Controllers, Flow};
use gridkeeper::map::scenario::{Control, Scenario};
use gridkeeper::replay::goes_on;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

const SIDE: usize = 256;
const UNITS: usize = 200;
/// Frames timed in each case, unless the time or the battle runs out first.
const FRAMES: usize = 2_000;
const SPELL: Duration = Duration::from_secs(5);
const GOAL: Duration = Duration::from_millis(1);

/// The ground, row by row from the top: 20% walls, 5% low cover, the rest floor.
fn rows(rng: &mut ChaCha8Rng) -> Vec<String> {
    (0..SIDE)
        .map(|_| {
            (0..SIDE)
                .map(|_| {
                    let roll: f64 = rng.random();
                    match roll {
                        r if r < 0.20 => '#',
                        r if r < 0.25 => 'c',
                        _ => '.',
                    }
                })
                .collect()
        })
        .collect()
}

/// Half the units to the west of the middle and half to the east, each on its own floor tile,
/// with a revolver and a machete; DEX varied, so is the order.
fn units(rows: &[String], rng: &mut ChaCha8Rng) -> Vec<String> {
    let mut taken = BTreeSet::new();
    (0..UNITS)
        .map(|index| {
            let (side, columns) = if index % 2 == 0 {
                ("west", 100..124)
            } else {
                ("east", 132..156)
            };
            let (x, y) = loop {
                let tile: (usize, usize) =
                    (rng.random_range(columns.clone()), rng.random_range(28..228));
                if rows[tile.1].as_bytes()[tile.0] == b'.' && taken.insert(tile) {
                    break tile;
                }
            };
            format!(
                "(name: \"{side} {index}\", side: \"{side}\", at: ({x}, {y}), characteristics: \
                 (STR: 50, CON: 50, SIZ: 50, DEX: {}, APP: 50, INT: 50, POW: 50, EDU: 50, \
                 LUCK: 50), skills: {{ \"Firearms (Handgun)\": 50, \"Fighting (Brawl)\": 50, \
                 \"Dodge\": 30 }}, weapons: [(weapon: \".38 or 9mm Revolver\", spare: 12), \
                 (weapon: \"Knife, large (machete, etc.)\")])",
                40 + index * 7 % 41
            )
        })
        .collect()
}

/// The 200 units on their map, CoC 7e, both sides played by a person unless told otherwise.
fn two_hundred() -> Scenario {
    let mut rng = ChaCha8Rng::seed_from_u64(22);
    let rows = rows(&mut rng);
    let units = units(&rows, &mut rng);
    let rows: Vec<String> = rows.iter().map(|row| format!("{row:?}")).collect();
    let text = format!(
        "(name: \"Two hundred\", map: Inline((name: \"Bench ground\", legend: {{ '.': Floor, \
         '#': Wall, 'c': LowCover }}, rows: [{}])), sides: [(id: \"west\", name: \"West\"), \
         (id: \"east\", name: \"East\")], units: [{}], victory: LastSideStanding)",
        rows.join(", "),
        units.join(", ")
    );
    Scenario::parse("two hundred units", &text, None).unwrap_or_else(|error| panic!("{error}"))
}

/// The battle begun, round 1 under way: every unit played by the careful AI where `ai`, else
/// by a person (so the first turn waits).
fn begun(scenario: &Scenario, ai: bool) -> App {
    let mut app = gridkeeper::headless_app(scenario.clone(), 1);
    if ai {
        app.insert_resource(Controllers(vec![Control::Ai; scenario.units.len()]))
            .insert_resource(AiStyles::default())
            .add_plugins(gridkeeper::ai::plugin);
    }
    app.update();
    app.world_mut()
        .resource_mut::<CommandQueue>()
        .0
        .push_back(Command::Begin);
    app.update();
    app
}

/// Each frame's time, shortest first, until `FRAMES` frames, `SPELL` or the battle is over.
fn frame_times(app: &mut App) -> Vec<Duration> {
    let started = Instant::now();
    let mut times = Vec::with_capacity(FRAMES);
    while times.len() < FRAMES
        && started.elapsed() < SPELL
        && goes_on(app.world().resource::<Flow>(), None)
    {
        let begun = Instant::now();
        app.update();
        times.push(begun.elapsed());
    }
    times.sort();
    times
}

fn report(case: &str, times: &[Duration]) {
    let micros = |time: Duration| time.as_secs_f64() * 1e6;
    let last = times.len() - 1;
    let over = times.iter().filter(|time| **time > GOAL).count();
    println!(
        "{case:<20} median {:>8.1} µs  99th {:>8.1} µs  slowest {:>8.1} µs  {over}/{} over 1 ms",
        micros(times[last / 2]),
        micros(times[last * 99 / 100]),
        micros(times[last]),
        times.len()
    );
}

fn main() {
    let scenario = two_hundred();
    println!("one headless frame, {UNITS} units on {SIDE} x {SIDE}, one thread");
    let mut waiting = begun(&scenario, false);
    report("waiting on a person", &frame_times(&mut waiting));
    let mut playing = begun(&scenario, true);
    let times = frame_times(&mut playing);
    let round = playing.world().resource::<Flow>().round;
    report(&format!("AI to round {round}"), &times);
}
