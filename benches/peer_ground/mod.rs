//! The ground the side-by-side benches share: a seeded 256 x 256 map with 20% walls and 5% low
//! cover, varied open tiles in a shuffled order (so no one query is learnt), and the median
//! time a query over a set of inputs.

use std::hint::black_box;
use std::time::{Duration, Instant};

use gridkeeper::map::{GridMap, TerrainKind, Tile};
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

pub const SIDE: u32 = 256;
/// Times each set of queries is run: the median of these is reported.
pub const ROUNDS: usize = 11;

/// The bench map: 20% walls and 5% low cover, and where `weighted`, 10% difficult ground too.
pub fn bench_map(weighted: bool) -> GridMap {
    let mut rng = ChaCha8Rng::seed_from_u64(22);
    let mut map = GridMap::filled("bench", SIDE, SIDE, TerrainKind::Floor.terrain());
    for y in 0..SIDE {
        for x in 0..SIDE {
            let roll: f64 = rng.random();
            let kind = match roll {
                r if r < 0.20 => TerrainKind::Wall,
                r if r < 0.25 => TerrainKind::LowCover,
                r if weighted && r < 0.35 => TerrainKind::Difficult,
                _ => continue,
            };
            map.set_terrain(Tile::new(x, y), kind.terrain());
        }
    }
    map
}

/// `count` tiles a unit could stand on, drawn with `seed`, in a shuffled order.
pub fn open_tiles(map: &GridMap, count: usize, seed: u64) -> Vec<Tile> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut tiles = Vec::with_capacity(count);
    while tiles.len() < count {
        let tile = Tile::new(rng.random_range(0..SIDE), rng.random_range(0..SIDE));
        if map.walkable(tile) {
            tiles.push(tile);
        }
    }
    tiles.shuffle(&mut rng);
    tiles
}

/// The time one query takes over every input, once.
fn per_query<T: Copy, R>(inputs: &[T], query: &mut impl FnMut(T) -> R) -> Duration {
    let begun = Instant::now();
    for &input in inputs {
        black_box(query(black_box(input)));
    }
    begun.elapsed() / u32::try_from(inputs.len()).unwrap_or(u32::MAX)
}

/// The median time one query of ours and one of the peer's take, each run over every input
/// once a round, ours and the peer's rounds taking turns (so both meet the machine alike).
pub fn compare<T: Copy, R, S>(
    inputs: &[T],
    mut ours: impl FnMut(T) -> R,
    mut peer: impl FnMut(T) -> S,
) -> (Duration, Duration) {
    let (mut our_times, mut peer_times) = (Vec::new(), Vec::new());
    for _ in 0..ROUNDS {
        our_times.push(per_query(inputs, &mut ours));
        peer_times.push(per_query(inputs, &mut peer));
    }
    our_times.sort();
    peer_times.sort();
    (our_times[ROUNDS / 2], peer_times[ROUNDS / 2])
}

/// One line of the report: the case, both medians and how many times faster ours is.
pub fn report(case: &str, ours: Duration, peer_name: &str, peer: Duration) {
    let scaled = |time: Duration| {
        let nanos = time.as_secs_f64() * 1e9;
        if nanos < 10_000.0 {
            format!("{nanos:>8.1} ns")
        } else {
            format!("{:>8.1} µs", nanos / 1e3)
        }
    };
    println!(
        "{case:<28} ours {}  {peer_name} {}  {:.2}x",
        scaled(ours),
        scaled(peer),
        peer.as_secs_f64() / ours.as_secs_f64()
    );
}
