//! The reachable set side by side with `pathfinding`'s `dijkstra_reach` under the same step
//! rules (10 a straight step, 14 a diagonal, times the tile's cost; no corner cut past a tile
//! that blocks movement), on a 256 x 256 map with 20% walls and 5% low cover, from 2,000
//! varied starts in a shuffled order (so no one query is learnt), for MOV 8 and 16 on uniform
//! and weighted (difficult ground) terrain. Prints each median time a query and the ratio.
//! Run with `cargo bench --bench reach_peers`.

use std::hint::black_box;
use std::time::{Duration, Instant};

use gridkeeper::map::reach::{
    DIAGONAL_STEP, NEIGHBOURS, ORTHOGONAL_STEP, budget_for, one_step_apart, reachable,
};
use gridkeeper::map::{GridMap, TerrainKind, Tile};
use pathfinding::directed::dijkstra::dijkstra_reach;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

const SIDE: u32 = 256;
const STARTS: usize = 2_000;
/// Times each set of queries is run: the median of these is reported.
const ROUNDS: usize = 7;

/// The bench map: 20% walls and 5% low cover, and where `weighted`, 10% difficult ground too.
fn bench_map(weighted: bool) -> GridMap {
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

/// Starts on open tiles, in a shuffled order.
fn starts(map: &GridMap) -> Vec<Tile> {
    let mut rng = ChaCha8Rng::seed_from_u64(8);
    let mut starts = Vec::with_capacity(STARTS);
    while starts.len() < STARTS {
        let tile = Tile::new(rng.random_range(0..SIDE), rng.random_range(0..SIDE));
        if map
            .terrain(tile)
            .is_some_and(|terrain| !terrain.blocks_movement)
        {
            starts.push(tile);
        }
    }
    starts.shuffle(&mut rng);
    starts
}

/// The tiles one step from `here`, each with what the step costs: our rules, for the peer
/// (lazily, so that it allocates nothing a step).
fn steps(map: &GridMap, here: Tile) -> impl Iterator<Item = (Tile, u32)> + '_ {
    NEIGHBOURS.iter().filter_map(move |&(dx, dy)| {
        let next = here.offset(dx, dy)?;
        let terrain = map
            .terrain(next)
            .filter(|terrain| !terrain.blocks_movement)?;
        if !one_step_apart(map, here, next) {
            return None;
        }
        let step = if dx != 0 && dy != 0 {
            DIAGONAL_STEP
        } else {
            ORTHOGONAL_STEP
        };
        Some((next, step * terrain.move_cost))
    })
}

/// The peer's reachable set within `budget`: every tile `dijkstra_reach` yields before the
/// first that costs more (it yields them cheapest first).
fn peer_reach(map: &GridMap, start: Tile, budget: u32) -> usize {
    dijkstra_reach(&start, |&here| steps(map, here))
        .take_while(|item| item.total_cost <= budget)
        .count()
}

fn ours(map: &GridMap, start: Tile, budget: u32) -> usize {
    reachable(map, start, budget, |_| false).tiles().count()
}

/// The median time a query of `query` over every start takes, across the rounds.
fn median_per_query(starts: &[Tile], query: impl Fn(Tile) -> usize) -> Duration {
    let mut times: Vec<Duration> = (0..ROUNDS)
        .map(|_| {
            let begun = Instant::now();
            for &start in starts {
                black_box(query(black_box(start)));
            }
            begun.elapsed() / u32::try_from(starts.len()).unwrap_or(u32::MAX)
        })
        .collect();
    times.sort();
    times[ROUNDS / 2]
}

fn main() {
    println!("reachable set, 256 x 256, {STARTS} varied starts, median of {ROUNDS} rounds");
    for weighted in [false, true] {
        let map = bench_map(weighted);
        let starts = starts(&map);
        for mov in [8, 16] {
            let budget = budget_for(mov);
            // The same step rules: the same tiles reached, from every start.
            for &start in &starts {
                assert_eq!(ours(&map, start, budget), peer_reach(&map, start, budget));
            }
            let mine = median_per_query(&starts, |start| ours(&map, start, budget));
            let peer = median_per_query(&starts, |start| peer_reach(&map, start, budget));
            println!(
                "MOV {mov:>2} {:<8}  ours {:>8.1} µs  pathfinding {:>8.1} µs  {:.2}x",
                if weighted { "weighted" } else { "uniform" },
                mine.as_secs_f64() * 1e6,
                peer.as_secs_f64() * 1e6,
                peer.as_secs_f64() / mine.as_secs_f64()
            );
        }
    }
}
