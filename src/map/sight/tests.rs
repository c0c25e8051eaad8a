//! The line of fire and its crossings, the shot line's cover and blocks, and the fire overlay, on
//! small maps drawn as text.

use super::*;
use crate::map::range::{RangeBand, RangeScale};
use crate::map::tests::sketch;
use crate::rules::situation::PointBlank;
use crate::rules::weapons::WeaponRange;

fn through(line: Crossings) -> Vec<(u32, u32)> {
    line.filter_map(|crossing| match crossing {
        Crossing::Through(tile) => Some((tile.x, tile.y)),
        Crossing::Corner(..) => None,
    })
    .collect()
}

#[test]
fn straight_lines_visit_every_tile_between() {
    assert_eq!(
        through(crossings(Tile::new(0, 0), Tile::new(4, 0))),
        [(1, 0), (2, 0), (3, 0)]
    );
    assert_eq!(
        through(crossings(Tile::new(0, 3), Tile::new(0, 0))),
        [(0, 2), (0, 1)]
    );
    assert_eq!(crossings(Tile::new(2, 2), Tile::new(3, 2)).count(), 0);
    assert_eq!(crossings(Tile::new(2, 2), Tile::new(2, 2)).count(), 0);
}

#[test]
fn diagonals_pass_through_corners() {
    let line: Vec<Crossing> = crossings(Tile::new(0, 0), Tile::new(2, 2)).collect();
    assert_eq!(
        line,
        [
            Crossing::Corner(Tile::new(1, 0), Tile::new(0, 1)),
            Crossing::Through(Tile::new(1, 1)),
            Crossing::Corner(Tile::new(2, 1), Tile::new(1, 2)),
        ]
    );
}

#[test]
fn shallow_lines_cross_the_tiles_they_touch() {
    // (0.5, 0.5) to (4.5, 1.5) crosses y = 1 at x = 2.5, inside column 2.
    assert_eq!(
        crossings(Tile::new(0, 0), Tile::new(4, 1)).collect::<Vec<_>>(),
        [
            Crossing::Through(Tile::new(1, 0)),
            Crossing::Through(Tile::new(2, 0)),
            Crossing::Through(Tile::new(2, 1)),
            Crossing::Through(Tile::new(3, 1)),
        ]
    );
    // (0.5, 0.5) to (3.5, 1.5) crosses y = 1 exactly at x = 2: a corner.
    assert_eq!(
        crossings(Tile::new(0, 0), Tile::new(3, 1)).collect::<Vec<_>>(),
        [
            Crossing::Through(Tile::new(1, 0)),
            Crossing::Corner(Tile::new(2, 0), Tile::new(1, 1)),
            Crossing::Through(Tile::new(2, 1)),
        ]
    );
}

#[test]
fn the_line_is_the_same_both_ways() {
    for (to_x, to_y) in [(7, 3), (5, 5), (2, 9), (9, 1), (6, 4)] {
        let from = Tile::new(0, 0);
        let to = Tile::new(to_x, to_y);
        let mut forth = through(crossings(from, to));
        let mut back = through(crossings(to, from));
        forth.sort_unstable();
        back.sort_unstable();
        assert_eq!(forth, back, "to {to}");
    }
}

#[test]
fn walls_block_and_open_ground_is_clear() {
    let map = sketch(&[
        ".....", //
        "..#..", ".....",
    ]);
    assert_eq!(
        line_of_fire(&map, Tile::new(0, 1), Tile::new(4, 1)),
        LineOfFire::Blocked {
            at: Tile::new(2, 1)
        }
    );
    assert_eq!(
        line_of_fire(&map, Tile::new(0, 0), Tile::new(4, 0)),
        LineOfFire::Clear
    );
    assert_eq!(
        line_of_fire(&map, Tile::new(4, 1), Tile::new(0, 1)),
        LineOfFire::Blocked {
            at: Tile::new(2, 1)
        }
    );
}

#[test]
fn a_diagonal_gap_between_two_walls_is_closed_and_one_wall_is_grazed() {
    let closed = sketch(&[
        ".#.", //
        "#..", "...",
    ]);
    assert!(line_of_fire(&closed, Tile::new(0, 0), Tile::new(2, 2)).is_blocked());
    let grazed = sketch(&[
        ".#..", //
        "....", "....",
    ]);
    // From (0,0) to (2,2) the line touches the corner of the wall at (1,0): seen, and the
    // wall is not beside the target, so nothing conceals.
    assert_eq!(
        line_of_fire(&grazed, Tile::new(0, 0), Tile::new(2, 2)),
        LineOfFire::Clear
    );
    // The line from (0,1) to (3,2) grazes the corner of the pillar at (2,1), which stands
    // beside the target.
    let pillar = sketch(&[
        "....", //
        "..H.", "....",
    ]);
    assert_eq!(
        line_of_fire(&pillar, Tile::new(0, 1), Tile::new(3, 2)),
        LineOfFire::HalfConcealed {
            cover: Tile::new(2, 1),
            armor: 10
        },
        "peeking round a pillar"
    );
    assert!(
        line_of_fire(&pillar, Tile::new(0, 1), Tile::new(3, 1)).is_blocked(),
        "straight behind it"
    );
}

/// Low cover conceals the target right behind it, whichever side the shooter is on, and is
/// seen over when it is beside the shooter instead.
#[test]
fn cover_on_either_side_of_a_low_wall() {
    let map = sketch(&[
        "..........", //
        ".....c....",
        "..........",
    ]);
    let wall = Tile::new(5, 1);
    let concealed = LineOfFire::HalfConcealed {
        cover: wall,
        armor: 3,
    };
    // Target crouched east of the wall, shooter far to the west: concealed.
    assert_eq!(
        line_of_fire(&map, Tile::new(0, 1), Tile::new(6, 1)),
        concealed
    );
    // Target crouched west of the wall, shooter far to the east: concealed.
    assert_eq!(
        line_of_fire(&map, Tile::new(9, 1), Tile::new(4, 1)),
        concealed
    );
    // The shooter is the one behind the wall: fires over it at a target in the open.
    assert_eq!(
        line_of_fire(&map, Tile::new(6, 1), Tile::new(0, 1)),
        LineOfFire::Clear
    );
    // The wall is on the line but far from the target: seen over.
    assert_eq!(
        line_of_fire(&map, Tile::new(4, 1), Tile::new(9, 1)),
        LineOfFire::Clear
    );
    // Diagonally past the wall's corner to a target beside it.
    assert_eq!(
        line_of_fire(&map, Tile::new(4, 0), Tile::new(6, 2)),
        concealed
    );
    // A target beside the wall but shot from its own side: nothing in the way.
    assert_eq!(
        line_of_fire(&map, Tile::new(8, 0), Tile::new(6, 1)),
        LineOfFire::Clear
    );
}

#[test]
fn windows_are_seen_through_and_conceal_who_stands_at_them() {
    let map = sketch(&[
        "..........", //
        "#####w####",
        "..........",
    ]);
    assert_eq!(
        line_of_fire(&map, Tile::new(5, 2), Tile::new(5, 0)),
        LineOfFire::HalfConcealed {
            cover: Tile::new(5, 1),
            armor: 1
        }
    );
    assert!(line_of_fire(&map, Tile::new(0, 2), Tile::new(9, 0)).is_blocked());
}

#[test]
fn the_most_armored_concealment_is_reported() {
    let text = "(name: \"m\", legend: { '.': Floor, 'c': LowCover, \
                's': (kind: LowCover, name: \"sandbags\", armor: 20) }, \
                rows: [\"......\", \"....cs\", \"......\", \"......\"])";
    let map = GridMap::parse("m", text).expect("valid");
    // The diagonal from (2,3) to (5,0) passes through the crates at (4,1) and the corner of
    // the sandbags at (5,1), both beside the target.
    assert_eq!(
        line_of_fire(&map, Tile::new(2, 3), Tile::new(5, 0)),
        LineOfFire::HalfConcealed {
            cover: Tile::new(5, 1),
            armor: 20
        }
    );
}

/// A cultist hiding behind a closed door can be shot through it; one deeper in the room,
/// or behind two walls, cannot.
#[test]
fn shots_through_the_cover_beside_the_target() {
    let map = sketch(&[
        "..........", //
        "....+.....",
        "....#.....",
    ]);
    let door = Tile::new(4, 1);
    assert_eq!(
        shot_line(&map, Tile::new(0, 1), Tile::new(5, 1)),
        ShotLine::ThroughCover {
            cover: door,
            armor: 3
        }
    );
    assert!(!shot_line(&map, Tile::new(0, 1), Tile::new(7, 1)).open());
    assert_eq!(
        shot_line(&map, Tile::new(0, 0), Tile::new(5, 0)),
        ShotLine::Clear
    );
    // Through the wall right beside the target: armor 20.
    assert_eq!(
        shot_line(&map, Tile::new(0, 2), Tile::new(5, 2)),
        ShotLine::ThroughCover {
            cover: Tile::new(4, 2),
            armor: 20
        }
    );
    let double = sketch(&[
        "..........", //
        "...##.....",
    ]);
    assert!(!shot_line(&double, Tile::new(0, 1), Tile::new(5, 1)).open());
    let low = sketch(&[
        "..........", //
        "....c.....",
    ]);
    assert_eq!(
        shot_line(&low, Tile::new(0, 1), Tile::new(5, 1)),
        ShotLine::HalfConcealed {
            cover: Tile::new(4, 1),
            armor: 3
        }
    );
    assert_eq!(
        ShotLine::ThroughCover {
            cover: door,
            armor: 3
        }
        .label(),
        "through cover (armor 3)"
    );
}

#[test]
fn the_overlay_covers_every_tile() {
    let map = sketch(&[
        "........", //
        "...#....", "........",
    ]);
    // Bands at one, two and four times the base range; point-blank at DEX/5 feet.
    let scale = RangeScale {
        band_multiples: [[1, 1], [2, 1], [4, 1]],
        point_blank: PointBlank::PerDexterity([1, 5]),
    };
    let revolver = WeaponReach::of(&WeaponRange::Yards(2), 50, &scale);
    let overlay = fire_overlay(&map, Tile::new(0, 1), &revolver, scale.point_blank(30));
    assert_eq!(overlay.len(), map.area());
    let at = |x, y| overlay[map.index(Tile::new(x, y)).expect("on the map")];
    assert_eq!(at(2, 1).reading.band, RangeBand::Base);
    assert_eq!(at(2, 1).seen, Some(true));
    assert_eq!(at(4, 1).reading.band, RangeBand::Long);
    assert_eq!(at(4, 1).seen, Some(false), "behind the wall");
    assert_eq!(at(7, 1).reading.band, RangeBand::VeryLong);
    assert_eq!(at(7, 1).seen, Some(false), "down the same row");
    assert_eq!(at(5, 0).seen, Some(true), "past the wall's side");
    let pistol = WeaponReach::of(&WeaponRange::Yards(1), 50, &scale);
    let short = fire_overlay(&map, Tile::new(0, 1), &pistol, scale.point_blank(30));
    let index = map.index(Tile::new(7, 1)).expect("on the map");
    assert_eq!(short[index].seen, None, "out of range");
    for (index, cell) in overlay.iter().enumerate() {
        let line = line_of_fire(&map, Tile::new(0, 1), map.tile_at(index));
        assert_eq!(
            cell.seen,
            Some(!line.is_blocked()),
            "{}",
            map.tile_at(index)
        );
    }
    assert!(at(1, 1).reading.point_blank, "DEX 30 is 6 feet: 2 yards");
}
