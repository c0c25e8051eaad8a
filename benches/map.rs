//! Benchmarks of the grid algorithms on a 256 x 256 map: the reachable set, a line of fire
//! across the map, and the range-band overlay of a whole map.

use gridkeeper::map::range::WeaponReach;
use gridkeeper::map::reach::{Passage, budget_for, reachable};
use gridkeeper::map::sight::{fire_overlay, line_of_fire};
use gridkeeper::map::{GridMap, TerrainKind, Tile};
use gridkeeper::rules::length::Length;
use gridkeeper::rules::ruleset::RuleOptions;
use gridkeeper::rules::weapons::WeaponRange;

fn main() {
    divan::main();
}

const SIDE: u32 = 256;

/// A 256 x 256 yard with a scatter of crates, pillars, rubble and short walls, the same every
/// run.
fn busy_map() -> GridMap {
    let mut map = GridMap::filled("bench", SIDE, SIDE, TerrainKind::Floor.terrain());
    for y in 0..SIDE {
        for x in 0..SIDE {
            let kind = match (x * 7 + y * 13) % 97 {
                0..=2 => TerrainKind::LowCover,
                3 => TerrainKind::HighCover,
                4..=6 => TerrainKind::Difficult,
                _ if x % 32 == 16 && y % 8 < 5 => TerrainKind::Wall,
                _ => continue,
            };
            map.set_terrain(Tile::new(x, y), kind.terrain());
        }
    }
    map
}

const CENTRE: Tile = Tile::new(128, 128);

/// MOV 9, giving up the action: 18 yards.
#[divan::bench]
fn reachable_set_dash(bencher: divan::Bencher) {
    let map = busy_map();
    bencher.bench_local(|| reachable(&map, CENTRE, budget_for(18), |_| Passage::Free));
}

/// A long walk: 60 yards of budget over the busy map.
#[divan::bench]
fn reachable_set_sixty_yards(bencher: divan::Bencher) {
    let map = busy_map();
    bencher.bench_local(|| reachable(&map, CENTRE, budget_for(60), |_| Passage::Free));
}

/// One line of fire from corner to corner (about 360 yards).
#[divan::bench]
fn line_of_fire_corner_to_corner(bencher: divan::Bencher) {
    let map = busy_map();
    bencher.bench_local(|| line_of_fire(&map, Tile::new(0, 1), Tile::new(SIDE - 1, SIDE - 2)));
}

/// The same line over open ground, where nothing cuts the walk short.
#[divan::bench]
fn line_of_fire_open_ground(bencher: divan::Bencher) {
    let map = GridMap::filled("open", SIDE, SIDE, TerrainKind::Floor.terrain());
    bencher.bench_local(|| line_of_fire(&map, Tile::new(0, 1), Tile::new(SIDE - 1, SIDE - 2)));
}

/// A rifle (110 yards) in the hands of DEX 60, on the default rulebook's range scale, and how
/// far its point-blank reaches.
fn rifle() -> (WeaponReach, Length) {
    let scale = gridkeeper::rulesets::ruleset(&RuleOptions::default())
        .expect("the default rulebook loads")
        .range_scale();
    let reach = WeaponReach::of(&WeaponRange::Yards(110), 60, &scale);
    (reach, scale.point_blank(60))
}

/// The range-band overlay of a rifle (110 yards) from the centre: every one of 65,536 tiles
/// gets its band and, where in range, its line of fire.
#[divan::bench(sample_count = 20)]
fn range_band_overlay_whole_map(bencher: divan::Bencher) {
    let map = busy_map();
    let (rifle, point_blank) = rifle();
    bencher.bench_local(|| fire_overlay(&map, CENTRE, &rifle, point_blank));
}

/// The same overlay over open ground: every line runs its full length.
#[divan::bench(sample_count = 20)]
fn range_band_overlay_open_ground(bencher: divan::Bencher) {
    let map = GridMap::filled("open", SIDE, SIDE, TerrainKind::Floor.terrain());
    let (rifle, point_blank) = rifle();
    bencher.bench_local(|| fire_overlay(&map, CENTRE, &rifle, point_blank));
}
