//! The field of view, radius 30, side by side with `adam_fov_rs` given the same ground (what
//! blocks sight), from 2,000 varied open tiles of a 256 x 256 map with 20% walls and 5% low
//! cover, in a shuffled order; and on open ground with 2% walls, where far more is seen. Ours
//! sees by the line of fire's exact rule, the peer by its own shadow casting, so the tiles seen
//! differ a little: both counts are printed. Run with `cargo bench --bench fov_peers`.

mod peer_ground;

use adam_fov_rs::{IVec2, compute_fov};
use gridkeeper::map::field_of_view::field_of_view;
use gridkeeper::map::{GridMap, TerrainKind, Tile};
use peer_ground::{ROUNDS, SIDE, bench_map, compare, open_tiles, report};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

const RADIUS: u32 = 30;
const VIEWERS: usize = 2_000;

/// Open ground: 2% walls.
fn open_ground() -> GridMap {
    let mut rng = ChaCha8Rng::seed_from_u64(2);
    let mut map = GridMap::filled("open", SIDE, SIDE, TerrainKind::Floor.terrain());
    for y in 0..SIDE {
        for x in 0..SIDE {
            if rng.random_bool(0.02) {
                map.set_terrain(Tile::new(x, y), TerrainKind::Wall.terrain());
            }
        }
    }
    map
}

fn ours(map: &GridMap, from: Tile) -> usize {
    let mut seen = 0;
    field_of_view(map, from, RADIUS, |_| seen += 1);
    seen
}

fn peer(opaque: &[bool], from: Tile) -> usize {
    let mut seen = 0;
    compute_fov(
        [from.x.cast_signed(), from.y.cast_signed()],
        RADIUS as usize,
        [SIDE, SIDE],
        |at: IVec2| {
            opaque[at.y.cast_unsigned() as usize * SIDE as usize + at.x.cast_unsigned() as usize]
        },
        |_| seen += 1,
    );
    seen
}

fn main() {
    println!("field of view, radius {RADIUS}, {VIEWERS} varied viewers, median of {ROUNDS}");
    for (case, map) in [("20% walls", bench_map(false)), ("2% walls", open_ground())] {
        let opaque: Vec<bool> = map
            .tiles()
            .map(|(_, terrain)| terrain.blocks_sight)
            .collect();
        let viewers = open_tiles(&map, VIEWERS, 30);
        let counted =
            |count: &dyn Fn(Tile) -> usize| viewers.iter().map(|&at| count(at)).sum::<usize>();
        println!(
            "{case}: tiles seen, ours {} and the peer {} (each tile once or more)",
            counted(&|at| ours(&map, at)),
            counted(&|at| peer(&opaque, at)),
        );
        let (mine, theirs) = compare(&viewers, |at| ours(&map, at), |at| peer(&opaque, at));
        report(
            &format!("field of view, {case}"),
            mine,
            "adam_fov_rs",
            theirs,
        );
    }
}
