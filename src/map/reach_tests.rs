//! The reachable set's tests: costs and ways on sketched ground, and against a plain heap
//! search (and one search per origin) on random maps.

use super::*;
use crate::map::tests::sketch;
use crate::map::{Terrain, TerrainKind};

fn nobody(_: Tile) -> Passage {
    Passage::Free
}

/// Someone standing at `at`, nobody else.
fn standing_at(at: Tile) -> impl Fn(Tile) -> Passage {
    move |tile| {
        if tile == at {
            Passage::Shut
        } else {
            Passage::Free
        }
    }
}

#[test]
fn one_step_is_to_a_tile_beside_and_not_past_a_corner() {
    let map = sketch(&[
        "..#", //
        "...", "...",
    ]);
    let at = |x, y| Tile::new(x, y);
    assert!(one_step_apart(&map, at(1, 1), at(2, 2)));
    assert!(one_step_apart(&map, at(1, 1), at(1, 0)));
    assert!(!one_step_apart(&map, at(1, 1), at(1, 1)), "no step at all");
    assert!(!one_step_apart(&map, at(0, 0), at(2, 0)), "two tiles off");
    assert!(
        !one_step_apart(&map, at(1, 0), at(2, 1)),
        "past the wall's corner"
    );
    assert!(!one_step_apart(&map, at(2, 1), at(1, 0)), "the other way");
}

#[test]
fn straight_and_diagonal_costs() {
    let map = sketch(&[
        ".......", //
        ".......", ".......", ".......",
    ]);
    let reach = reachable(&map, Tile::new(0, 0), 80, nobody);
    assert_eq!(reach.cost(Tile::new(0, 0)), Some(0));
    assert_eq!(reach.cost(Tile::new(3, 0)), Some(30));
    assert_eq!(reach.cost(Tile::new(1, 1)), Some(14));
    assert_eq!(reach.cost(Tile::new(3, 3)), Some(42));
    assert_eq!(
        reach.cost(Tile::new(5, 2)),
        Some(58),
        "two diagonals and three straight"
    );
    assert_eq!(
        reach.cost(Tile::new(6, 3)),
        Some(72),
        "three diagonals and three straight"
    );
    let exact = reachable(&map, Tile::new(0, 0), 72, nobody);
    assert_eq!(exact.cost(Tile::new(6, 3)), Some(72));
    assert_eq!(
        reachable(&map, Tile::new(0, 0), 71, nobody).cost(Tile::new(6, 3)),
        None
    );
}

#[test]
fn the_budget_is_a_hard_limit() {
    let map = sketch(&["..........."]);
    let reach = reachable(&map, Tile::new(0, 0), budget_for(8), nobody);
    assert_eq!(reach.cost(Tile::new(8, 0)), Some(80));
    assert_eq!(reach.cost(Tile::new(9, 0)), None);
    assert_eq!(reach.tiles().count(), 9);
}

#[test]
fn no_cutting_corners_past_walls() {
    let map = sketch(&[
        "...", //
        ".#.", "...",
    ]);
    let reach = reachable(&map, Tile::new(0, 0), 100, nobody);
    // (0,0) to (1,0) is fine; (1,0) to (2,1) would cut the wall's corner.
    assert_eq!(reach.cost(Tile::new(2, 1)), Some(30), "around, not across");
    assert_eq!(reach.cost(Tile::new(2, 2)), Some(40));
    assert_eq!(
        reach.path(Tile::new(2, 2)).map(|path| path.len()),
        Some(5),
        "four straight steps round the pillar"
    );
}

#[test]
fn diagonal_gaps_between_walls_are_closed() {
    let map = sketch(&[
        ".#", //
        "#.",
    ]);
    let reach = reachable(&map, Tile::new(0, 0), 100, nobody);
    assert_eq!(reach.cost(Tile::new(1, 1)), None);
}

#[test]
fn doorways_let_units_through_one_at_a_time() {
    let map = sketch(&[
        "#####", //
        "..../", "##/##", ".....", "##+##", ".....",
    ]);
    let reach = reachable(&map, Tile::new(0, 1), 200, nobody);
    // Through the open door at (2, 2): straight down, no diagonal into or out of it.
    assert_eq!(
        reach.cost(Tile::new(2, 3)),
        Some(40),
        "(0,1) (1,1) (2,1) (2,2) (2,3)"
    );
    assert_eq!(reach.cost(Tile::new(1, 3)), Some(50));
    assert_eq!(
        reach.cost(Tile::new(4, 1)),
        Some(40),
        "an open door is walkable"
    );
    // The closed door at (2, 4) stops everyone.
    assert_eq!(reach.cost(Tile::new(2, 5)), None);
    // A unit standing in the doorway blocks it.
    let blocked = reachable(&map, Tile::new(0, 1), 200, standing_at(Tile::new(2, 2)));
    assert_eq!(blocked.cost(Tile::new(2, 3)), None);
}

#[test]
fn difficult_ground_and_water_cost_double() {
    let map = sketch(&[
        ".,,.", //
        ".~..",
    ]);
    let reach = reachable(&map, Tile::new(0, 0), 100, nobody);
    assert_eq!(reach.cost(Tile::new(1, 0)), Some(20));
    assert_eq!(reach.cost(Tile::new(2, 0)), Some(40));
    assert_eq!(
        reach.cost(Tile::new(1, 1)),
        Some(28),
        "a diagonal into water: 14 twice"
    );
    // (1,0) rubble 20, diagonal to (2,1) 14, diagonal to (3,0) 14.
    assert_eq!(reach.cost(Tile::new(3, 0)), Some(48));
}

#[test]
fn tiles_of_the_standing_cannot_be_entered_or_passed() {
    let map = sketch(&[
        "#####", //
        ".....", "#####",
    ]);
    let reach = reachable(&map, Tile::new(0, 1), 200, standing_at(Tile::new(2, 1)));
    assert_eq!(reach.cost(Tile::new(1, 1)), Some(10));
    assert_eq!(reach.cost(Tile::new(2, 1)), None);
    assert_eq!(reach.cost(Tile::new(3, 1)), None);
}

#[test]
fn the_fallen_are_stepped_over_never_stopped_on() {
    let map = sketch(&[
        "#####", //
        ".....", "#####",
    ]);
    let fallen = Tile::new(2, 1);
    let lying_there = |tile: Tile| {
        if tile == fallen {
            Passage::StepOver
        } else {
            Passage::Free
        }
    };
    let reach = reachable(&map, Tile::new(0, 1), 200, lying_there);
    assert_eq!(reach.cost(fallen), None, "no stopping on the fallen");
    assert_eq!(reach.path(fallen), None);
    assert!(reach.tiles().all(|(tile, _)| tile != fallen));
    // Over them along the corridor, at a plain step's cost.
    assert_eq!(reach.cost(Tile::new(3, 1)), Some(30));
    assert_eq!(
        reach.path(Tile::new(3, 1)),
        Some((0..4).map(|x| Tile::new(x, 1)).collect())
    );
}

#[test]
fn pillars_and_low_cover_are_walked_around() {
    let map = sketch(&[
        ".....", //
        ".HcH.", ".....",
    ]);
    let reach = reachable(&map, Tile::new(2, 0), 100, nobody);
    assert_eq!(
        reach.cost(Tile::new(2, 1)),
        None,
        "crates cannot be entered"
    );
    // Round the end, never diagonally past a pillar: (1,0) (0,0) (0,1) (0,2) (1,2) (2,2).
    assert_eq!(reach.cost(Tile::new(2, 2)), Some(60));
    let path = reach.path(Tile::new(2, 2)).expect("a way round");
    assert_eq!(path.first(), Some(&Tile::new(2, 0)));
    assert_eq!(path.last(), Some(&Tile::new(2, 2)));
    for pair in path.windows(2) {
        assert!(pair[0].is_adjacent(pair[1]));
        assert!(map.walkable(pair[1]));
    }
}

/// Dijkstra's search the plain way, over the whole map with a binary heap, taking tiles in
/// order of cost then row-major index: what `reachable` must give, cost and way alike.
fn plain_search(
    map: &GridMap,
    origin: Tile,
    budget: u32,
    passage: impl Fn(Tile) -> Passage,
) -> Vec<(u32, Option<usize>)> {
    use std::cmp::Reverse;
    use std::collections::BinaryHeap;
    let mut best = vec![(UNREACHED, None); map.area()];
    let start = map.index(origin).expect("on the map");
    best[start].0 = 0;
    let mut frontier = BinaryHeap::from([Reverse((0, start))]);
    while let Some(Reverse((cost, index))) = frontier.pop() {
        if cost > best[index].0 {
            continue;
        }
        let here = map.tile_at(index);
        for (dx, dy) in NEIGHBOURS {
            let Some(next) = here.offset(dx, dy) else {
                continue;
            };
            let Some(terrain) = map.terrain(next) else {
                continue;
            };
            if terrain.blocks_movement
                || passage(next) == Passage::Shut
                || !one_step_apart(map, here, next)
            {
                continue;
            }
            let plain = if dx != 0 && dy != 0 {
                DIAGONAL_STEP
            } else {
                ORTHOGONAL_STEP
            };
            let next_cost = cost + plain * terrain.move_cost;
            let next_index = map.index(next).expect("on the map");
            if next_cost <= budget && next_cost < best[next_index].0 {
                best[next_index] = (next_cost, Some(index));
                frontier.push(Reverse((next_cost, next_index)));
            }
        }
    }
    best
}

/// A map of 3-39 by 3-29 tiles of floor, walls, difficult ground, low cover, water and doors
/// drawn by `rng`, with its width and height.
fn random_ground(rng: &mut rand_chacha::ChaCha8Rng) -> (GridMap, u32, u32) {
    use rand::Rng;
    let symbols = ['.', '.', '.', '.', '#', ',', 'c', '~', '/'];
    let (width, height) = (rng.random_range(3..40), rng.random_range(3..30));
    let rows: Vec<String> = (0..height)
        .map(|_| {
            (0..width)
                .map(|_| symbols[rng.random_range(0..symbols.len())])
                .collect()
        })
        .collect();
    let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
    (sketch(&rows), width, height)
}

#[test]
fn the_same_costs_and_ways_as_a_plain_search() {
    use rand::{Rng, SeedableRng};
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(22);
    for trial in 0..60 {
        let (map, width, height) = random_ground(&mut rng);
        let origin = Tile::new(rng.random_range(0..width), rng.random_range(0..height));
        // Units standing and fallen, the standing counting where both are on a tile.
        let units: Vec<(Tile, Passage)> = (0..rng.random_range(0..9))
            .map(|_| {
                let at = Tile::new(rng.random_range(0..width), rng.random_range(0..height));
                (at, Passage::past(rng.random_bool(0.5)))
            })
            .filter(|&(at, _)| at != origin)
            .collect();
        let passage = |tile: Tile| Passage::at(&units, tile);
        let budget = [40, 80, 160, 333, 5_000][trial % 5];
        let reach = reachable(&map, origin, budget, passage);
        let plain = plain_search(&map, origin, budget, passage);
        for (index, &(cost, from)) in plain.iter().enumerate() {
            let tile = map.tile_at(index);
            // A way may cross the fallen; it never ends on them.
            let cost = if passage(tile) == Passage::StepOver {
                UNREACHED
            } else {
                cost
            };
            let way = (cost != UNREACHED).then(|| {
                let mut way = vec![tile];
                let mut from = from;
                while let Some(step) = from {
                    way.push(map.tile_at(step));
                    from = plain[step].1;
                }
                way.reverse();
                way
            });
            assert_eq!(
                reach.cost(tile),
                (cost != UNREACHED).then_some(cost),
                "{tile}"
            );
            assert_eq!(reach.path(tile), way, "trial {trial}: the way to {tile}");
        }
        assert_eq!(
            reach.tiles().count(),
            plain
                .iter()
                .enumerate()
                .filter(|(index, (cost, _))| {
                    *cost != UNREACHED && passage(map.tile_at(*index)) != Passage::StepOver
                })
                .count()
        );
    }
}

#[test]
fn steps_dearer_than_the_queue_ring_wait_their_turn() {
    let mut map = sketch(&["......", "......"]);
    let bog = Terrain {
        name: "bog".to_string(),
        move_cost: 30,
        ..TerrainKind::Difficult.terrain()
    };
    map.set_terrain(Tile::new(2, 0), bog.clone());
    map.set_terrain(Tile::new(2, 1), bog);
    let reach = reachable(&map, Tile::new(0, 0), 2_000, nobody);
    // Into the bog 300, out of it 10: nothing past it is nearer than across it.
    assert_eq!(reach.cost(Tile::new(2, 0)), Some(310));
    assert_eq!(reach.cost(Tile::new(3, 0)), Some(320));
    assert_eq!(reach.cost(Tile::new(5, 1)), Some(344));
    assert_eq!(
        reachable(&map, Tile::new(0, 0), 309, nobody)
            .tiles()
            .count(),
        4
    );
}

#[test]
fn the_edge_of_the_map_and_the_window() {
    let map = sketch(&["...", "...", "..."]);
    let reach = reachable(&map, Tile::new(2, 2), 1000, nobody);
    assert_eq!(reach.tiles().count(), 9);
    assert_eq!(reach.cost(Tile::new(5, 5)), None);
    let outside = reachable(&map, Tile::new(7, 7), 50, nobody);
    assert_eq!(outside.tiles().count(), 0);
}

#[test]
fn from_several_origins_each_tile_costs_its_least_from_any_one() {
    use rand::{Rng, SeedableRng};
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(49);
    for trial in 0..60 {
        let (map, width, height) = random_ground(&mut rng);
        // Up to five origins, one of them sometimes off the map or twice over.
        let mut origins: Vec<Tile> = (0..rng.random_range(0..6))
            .map(|_| Tile::new(rng.random_range(0..width), rng.random_range(0..height)))
            .collect();
        if trial % 3 == 0 {
            origins.push(Tile::new(width + 2, 0));
        }
        if let Some(&first) = origins.first() {
            origins.push(first);
        }
        let budget = [40, 80, 160, 333, 5_000][trial % 5];
        let together = reachable_from_any(&map, &origins, budget, nobody);
        let alone: Vec<ReachMap> = origins
            .iter()
            .map(|origin| reachable(&map, *origin, budget, nobody))
            .collect();
        for (tile, _) in map.tiles() {
            let least = alone.iter().filter_map(|reach| reach.cost(tile)).min();
            assert_eq!(
                together.cost(tile),
                least,
                "trial {trial}: {tile} from {origins:?}"
            );
            // The way there starts at an origin and costs what the tile does.
            if let Some(way) = together.path(tile) {
                assert!(origins.contains(&way[0]), "trial {trial}: {way:?}");
                assert_eq!(way.last(), Some(&tile));
            }
        }
    }
}
