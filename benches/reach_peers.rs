//! The reachable set side by side with `pathfinding`'s `dijkstra_reach` under the same step
//! rules (10 a straight step, 14 a diagonal, times the tile's cost; no corner cut past a tile
//! that blocks movement), on a 256 x 256 map with 20% walls and 5% low cover, from 2,000
//! varied starts in a shuffled order (so no one query is learnt), for MOV 8 and 16 on uniform
//! and weighted (difficult ground) terrain; and the way to one tile within reach of each start
//! against `pathfinding`'s `dijkstra` to that tile. Prints each median time a query and the
//! ratio.
//! Run with `cargo bench --bench reach_peers`.

mod peer_ground;

use gridkeeper::map::reach::{
    DIAGONAL_STEP, NEIGHBOURS, ORTHOGONAL_STEP, Passage, budget_for, one_step_apart, reachable,
};
use gridkeeper::map::{GridMap, Tile};
use pathfinding::directed::dijkstra::{dijkstra, dijkstra_reach};
use peer_ground::{ROUNDS, bench_map, compare, open_tiles, report};

const STARTS: usize = 2_000;

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
    reachable(map, start, budget, |_| Passage::Free)
        .tiles()
        .count()
}

/// The way to `to` within `budget`: its length in tiles.
fn our_way(map: &GridMap, start: Tile, to: Tile, budget: u32) -> usize {
    reachable(map, start, budget, |_| Passage::Free)
        .path(to)
        .map_or(0, |way| way.len())
}

fn peer_way(map: &GridMap, start: Tile, to: Tile) -> usize {
    dijkstra(&start, |&here| steps(map, here), |&here| here == to).map_or(0, |way| way.0.len())
}

/// Per start, a tile within reach to find the way to: the one the start's index picks among
/// those reached, so the ways run every length.
fn errands(map: &GridMap, starts: &[Tile], budget: u32) -> Vec<(Tile, Tile)> {
    starts
        .iter()
        .enumerate()
        .map(|(number, &start)| {
            let reach = reachable(map, start, budget, |_| Passage::Free);
            let tiles: Vec<Tile> = reach.tiles().map(|(tile, _)| tile).collect();
            (start, tiles[number * 7919 % tiles.len()])
        })
        .collect()
}

fn main() {
    println!("reachable set, 256 x 256, {STARTS} varied starts, median of {ROUNDS} rounds");
    for weighted in [false, true] {
        let map = bench_map(weighted);
        let starts = open_tiles(&map, STARTS, 8);
        for mov in [8, 16] {
            let budget = budget_for(mov);
            // The same step rules: the same tiles reached, from every start.
            for &start in &starts {
                assert_eq!(ours(&map, start, budget), peer_reach(&map, start, budget));
            }
            let (mine, peer) = compare(
                &starts,
                |start| ours(&map, start, budget),
                |start| peer_reach(&map, start, budget),
            );
            let case = format!(
                "MOV {mov:>2} {}",
                if weighted { "weighted" } else { "uniform" }
            );
            report(&case, mine, "pathfinding", peer);
            let errands = errands(&map, &starts, budget);
            for &(start, to) in &errands {
                let cost = |way: Vec<Tile>| {
                    way.windows(2)
                        .map(|pair| steps(&map, pair[0]).find(|step| step.0 == pair[1]))
                        .map(|step| step.map_or(u32::MAX, |step| step.1))
                        .sum::<u32>()
                };
                let ours = reachable(&map, start, budget, |_| Passage::Free).path(to);
                let peer = dijkstra(&start, |&here| steps(&map, here), |&here| here == to);
                assert_eq!(ours.map(cost), peer.map(|way| way.1), "as cheap a way");
            }
            let (mine, peer) = compare(
                &errands,
                |(start, to)| our_way(&map, start, to, budget),
                |(start, to)| peer_way(&map, start, to),
            );
            report(&format!("{case}, a way"), mine, "pathfinding", peer);
        }
    }
}
