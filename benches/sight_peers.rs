//! The line of fire side by side with a `line_drawing::Supercover` walk making the same checks
//! (what blocks sight stops the line, half cover beside the target conceals, a corner between
//! two blocking tiles stops it), over 4,096 varied pairs 5 to 30 yards apart on a 256 x 256 map
//! with 20% walls and 5% low cover, in a shuffled order. Asserts both judge every pair alike,
//! then prints each median time a line and the ratio. Run with `cargo bench --bench sight_peers`.

mod peer_ground;

use gridkeeper::map::sight::{Crossing, judge_line, line_of_fire};
use gridkeeper::map::{GridMap, Tile};
use line_drawing::Supercover;
use peer_ground::{ROUNDS, SIDE, bench_map, compare, open_tiles, report};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

const PAIRS: usize = 4_096;

/// A shooter on each of `PAIRS` open tiles, each with an open target 5 to 30 yards away.
fn pairs(map: &GridMap) -> Vec<(Tile, Tile)> {
    let mut rng = ChaCha8Rng::seed_from_u64(4);
    open_tiles(map, PAIRS, 16)
        .into_iter()
        .map(|from| {
            loop {
                let (dx, dy) = (rng.random_range(-30..=30), rng.random_range(-30..=30));
                let yards = f64::from(dx * dx + dy * dy).sqrt();
                if let Some(to) = from.offset(dx, dy)
                    && (5.0..=30.0).contains(&yards)
                    && to.x < SIDE
                    && to.y < SIDE
                    && map.walkable(to)
                {
                    break (from, to);
                }
            }
        })
        .collect()
}

/// The peer's walk, as crossings: each tile between the ends, and where the walk jumps
/// diagonally, the corner it passes first.
fn supercover_crossings(from: Tile, to: Tile) -> impl Iterator<Item = Crossing> {
    let point = |tile: Tile| (tile.x.cast_signed(), tile.y.cast_signed());
    let tile = |(x, y): (i32, i32)| Tile::new(x.cast_unsigned(), y.cast_unsigned());
    let mut previous = from;
    Supercover::new(point(from), point(to))
        .skip(1)
        .flat_map(move |here| {
            let here = tile(here);
            let corner = (here.x != previous.x && here.y != previous.y).then(|| {
                Crossing::Corner(Tile::new(here.x, previous.y), Tile::new(previous.x, here.y))
            });
            previous = here;
            corner
                .into_iter()
                .chain((here != to).then_some(Crossing::Through(here)))
        })
}

fn main() {
    let map = bench_map(false);
    let pairs = pairs(&map);
    println!("line of fire, 256 x 256, {PAIRS} varied pairs 5-30 yards apart, median of {ROUNDS}");
    for &(from, to) in &pairs {
        assert_eq!(
            line_of_fire(&map, from, to),
            judge_line(&map, to, supercover_crossings(from, to)),
            "from {from} to {to}"
        );
    }
    let (ours, peer) = compare(
        &pairs,
        |(from, to)| line_of_fire(&map, from, to),
        |(from, to)| judge_line(&map, to, supercover_crossings(from, to)),
    );
    report("line of fire", ours, "line_drawing", peer);
}
