//! The field of view's tests: what it sees, checked against the line of fire's own rule on
//! sketched and random ground (here, beside both, so neither file needs the other).

use super::field_of_view::field_of_view;
use super::sight::line_of_fire;
use super::tests::sketch;
use super::{GridMap, Tile};
use rand::{Rng, SeedableRng};
use std::collections::BTreeSet;

fn seen_from(map: &GridMap, from: Tile, radius: u32) -> BTreeSet<Tile> {
    let mut seen = BTreeSet::new();
    field_of_view(map, from, radius, |tile| {
        seen.insert(tile);
    });
    seen
}

/// What the line of fire says is seen: every tile within the radius whose line is open.
fn traced_from(map: &GridMap, from: Tile, radius: u32) -> BTreeSet<Tile> {
    map.tiles()
        .map(|(tile, _)| tile)
        .filter(|tile| {
            let (dx, dy) = (
                u64::from(tile.x.abs_diff(from.x)),
                u64::from(tile.y.abs_diff(from.y)),
            );
            dx * dx + dy * dy <= u64::from(radius) * u64::from(radius)
                && (*tile == from || !line_of_fire(map, from, *tile).is_blocked())
        })
        .collect()
}

#[test]
fn a_wall_hides_what_is_behind_it_and_is_seen_itself() {
    let map = sketch(&[
        ".......", //
        "...#...", ".......", ".......",
    ]);
    let seen = seen_from(&map, Tile::new(3, 3), 10);
    assert!(seen.contains(&Tile::new(3, 1)), "the wall");
    assert!(!seen.contains(&Tile::new(3, 0)), "right behind it");
    assert!(seen.contains(&Tile::new(0, 0)), "past its side");
    assert_eq!(seen.len(), 27);
    assert_eq!(seen, traced_from(&map, Tile::new(3, 3), 10));
}

#[test]
fn a_corner_between_two_walls_shuts_the_diagonal() {
    let shut = sketch(&[
        ".#..", //
        "#...", "....", "....",
    ]);
    let seen = seen_from(&shut, Tile::new(0, 0), 10);
    assert!(seen.contains(&Tile::new(1, 0)) && seen.contains(&Tile::new(0, 1)));
    assert!(!seen.contains(&Tile::new(1, 1)), "past the corner");
    assert!(!seen.contains(&Tile::new(3, 3)), "down the diagonal");
    assert_eq!(seen.len(), 3, "the viewer and the two walls");
    let ajar = sketch(&[
        ".#..", //
        "....", "....", "....",
    ]);
    let seen = seen_from(&ajar, Tile::new(0, 0), 10);
    assert!(seen.contains(&Tile::new(1, 1)) && seen.contains(&Tile::new(3, 3)));
    assert_eq!(seen, traced_from(&ajar, Tile::new(0, 0), 10));
}

#[test]
fn the_radius_is_a_circle() {
    let map = sketch(&[
        ".........",
        ".........",
        ".........",
        ".........",
        ".........",
    ]);
    let seen = seen_from(&map, Tile::new(4, 2), 3);
    assert!(seen.contains(&Tile::new(7, 2)));
    assert!(
        !seen.contains(&Tile::new(7, 0)),
        "3 across, 2 down: 3.6 yards"
    );
    assert!(
        seen.contains(&Tile::new(6, 0)),
        "2 across, 2 down: 2.8 yards"
    );
    assert_eq!(seen.len(), 27, "7 + 5 + 5 + 5 + 5");
    assert!(
        seen_from(&map, Tile::new(9, 9), 3).is_empty(),
        "off the map"
    );
}

#[test]
fn the_same_as_the_line_of_fire_on_any_ground() {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(30);
    let symbols = ['.', '.', '.', '.', '.', '#', '#', 'H', 'c', 'w', '+', '/'];
    for trial in 0..150 {
        let (width, height) = (rng.random_range(1..34), rng.random_range(1..28));
        let walls = rng.random_range(0..symbols.len());
        let rows: Vec<String> = (0..height)
            .map(|_| {
                (0..width)
                    .map(|_| symbols[rng.random_range(0..=walls)])
                    .collect()
            })
            .collect();
        let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
        let map = sketch(&rows);
        let from = Tile::new(rng.random_range(0..width), rng.random_range(0..height));
        let radius = rng.random_range(0..40);
        assert_eq!(
            seen_from(&map, from, radius),
            traced_from(&map, from, radius),
            "trial {trial}: from {from}, radius {radius}, {rows:?}"
        );
    }
}
