//! Distance in yards and range bands: how hard a shot is from one tile to another.
//!
//! Distances are Euclidean between tile centres, one tile to a yard. Every comparison is done
//! on squared distances in whole numbers (`Length`), so each band boundary holds to the exact
//! yard, foot or metre.

use serde::{Deserialize, Serialize};

use super::Tile;
use crate::rules::length::Length;
pub use crate::rules::situation::{RangeBand, RangeReading, RangeScale};
use crate::rules::weapons::WeaponRange;

/// Squared distance between two tile centres, in square yards.
pub fn distance_squared(from: Tile, to: Tile) -> u64 {
    let dx = u64::from(from.x.abs_diff(to.x));
    let dy = u64::from(from.y.abs_diff(to.y));
    dx * dx + dy * dy
}

/// Distance between two tile centres in yards.
pub fn distance_yards(from: Tile, to: Tile) -> f64 {
    (distance_squared(from, to) as f64).sqrt()
}

/// How far a weapon reaches, once the wielder's STR is known.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum WeaponReach {
    /// Hand-to-hand: the eight tiles around the wielder.
    Touch,
    /// Fired or thrown: the outer limit of the base, long and very long bands (a band the
    /// weapon does not have is `None`).
    Ranged { limits: [Option<Length>; 3] },
    /// Placed or fixed: it is not aimed at a target.
    NotAimed,
}

impl WeaponReach {
    /// Resolve a weapon's range for a wielder of this STR on a rulebook's scale: the long and
    /// very long bands end at the scale's multiples of the base range (CoC: twice, four times;
    /// the d10 pool: one and a half, twice);
    /// shotguns use their three damage bands as the three bands (10, 20 and 50 yards for most),
    /// with no band past the last.
    pub fn of(range: &WeaponRange, strength: u32, scale: &RangeScale) -> Self {
        match range {
            WeaponRange::Touch => Self::Touch,
            WeaponRange::Bands(bands) => {
                let mut limits = [None; 3];
                for (limit, yards) in limits.iter_mut().zip(bands) {
                    *limit = Some(Length::yards(*yards));
                }
                Self::Ranged { limits }
            }
            // Placed or fixed weapons have no base range: they are not aimed.
            _ => base_range(range, strength).map_or(Self::NotAimed, |base| Self::Ranged {
                limits: scale
                    .band_multiples
                    .map(|multiple| Some(base.times(multiple))),
            }),
        }
    }
}

/// A weapon's base range for a wielder of this STR, before any rulebook's bands; `None` for a
/// weapon without one (hand-to-hand, placed, or a shotgun's set bands).
pub fn base_range(range: &WeaponRange, strength: u32) -> Option<Length> {
    match range {
        WeaponRange::Feet(feet) => Some(Length::feet(*feet)),
        WeaponRange::Yards(yards) | WeaponRange::Thrown(yards) => Some(Length::yards(*yards)),
        WeaponRange::Metres(metres) => Some(Length::metres(*metres)),
        WeaponRange::StrFeet => Some(Length::feet(strength)),
        WeaponRange::StrYards => Some(Length::yards(strength)),
        WeaponRange::StrFeetTimes(fraction) => Some(Length::feet(strength).times(*fraction)),
        WeaponRange::Touch
        | WeaponRange::Bands(_)
        | WeaponRange::InPlace
        | WeaponRange::NotApplicable => None,
    }
}

/// A weapon's base range in whole feet (rounded up) for a wielder of this STR: what a rulebook
/// that counts multiples of the base range in feet (BRP) reads.
pub fn base_feet(range: &WeaponRange, strength: u32) -> Option<u32> {
    base_range(range, strength).map(Length::whole_feet)
}

/// Read the range from a shooter at `from` (whose point-blank reaches `point_blank`) to a
/// target at `to`.
pub fn range_reading(
    reach: &WeaponReach,
    point_blank: Length,
    from: Tile,
    to: Tile,
) -> RangeReading {
    RangeRuler::new(reach, point_blank).read(from, to)
}

/// A weapon's bands and point-blank as squared distances in whole yards, worked out once, for
/// reading the range to many targets (the range-band overlay, the AI's weighing of spots) with
/// no long multiplying or dividing.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RangeRuler {
    /// How the weapon reaches: by touch, by bands (their farthest squared distances), or not
    /// aimed at all.
    bands: RulerBands,
    point_blank: u64,
}

/// A [`RangeRuler`]'s bands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum RulerBands {
    Touch,
    /// The farthest squared distance each band reaches.
    Ranged([Option<u64>; 3]),
    NotAimed,
}

impl RangeRuler {
    pub fn new(reach: &WeaponReach, point_blank: Length) -> Self {
        let bands = match reach {
            WeaponReach::Ranged { limits } => {
                RulerBands::Ranged(limits.map(|limit| limit.map(Length::farthest_squared_yards)))
            }
            WeaponReach::Touch => RulerBands::Touch,
            WeaponReach::NotAimed => RulerBands::NotAimed,
        };
        Self {
            bands,
            point_blank: point_blank.farthest_squared_yards(),
        }
    }

    /// The range from a shooter at `from` to a target at `to`.
    pub fn read(&self, from: Tile, to: Tile) -> RangeReading {
        match self.bands {
            RulerBands::Touch => RangeReading {
                band: if from.is_adjacent(to) {
                    RangeBand::Touch
                } else {
                    RangeBand::OutOfRange
                },
                point_blank: false,
            },
            RulerBands::NotAimed => RangeReading {
                band: RangeBand::OutOfRange,
                point_blank: false,
            },
            RulerBands::Ranged(limits) => {
                let squared = distance_squared(from, to);
                let bands = [RangeBand::Base, RangeBand::Long, RangeBand::VeryLong];
                let band = limits
                    .iter()
                    .zip(bands)
                    .find(|(limit, _)| limit.is_some_and(|limit| squared <= limit))
                    .map_or(RangeBand::OutOfRange, |(_, band)| band);
                RangeReading {
                    band,
                    point_blank: band != RangeBand::OutOfRange && squared <= self.point_blank,
                }
            }
        }
    }
}

/// In the default rulebook's yards, with its weapons.
#[cfg(all(test, feature = "coc7e"))]
mod tests {
    use super::*;
    use crate::rules::ruleset::RuleOptions;

    /// The default rulebook's range scale.
    fn scale() -> RangeScale {
        crate::rulesets::ruleset(&RuleOptions::default())
            .expect("the default rulebook loads")
            .range_scale()
    }

    fn reach_of(range: &WeaponRange, strength: u32) -> WeaponReach {
        WeaponReach::of(range, strength, &scale())
    }

    /// The reading for a shooter of this DEX.
    fn read(reach: &WeaponReach, dexterity: u32, from: Tile, to: Tile) -> RangeReading {
        range_reading(reach, scale().point_blank(dexterity), from, to)
    }

    const ORIGIN: Tile = Tile::new(100, 100);

    fn at(dx: u32, dy: u32) -> Tile {
        Tile::new(100 + dx, 100 + dy)
    }

    #[test]
    fn distances_between_tile_centres() {
        assert_eq!(distance_squared(ORIGIN, at(3, 4)), 25);
        assert!((distance_yards(ORIGIN, at(3, 4)) - 5.0).abs() < 1e-12);
        assert!((distance_yards(ORIGIN, at(1, 1)) - std::f64::consts::SQRT_2).abs() < 1e-12);
        assert_eq!(distance_squared(at(3, 4), ORIGIN), 25);
    }

    /// Check the band at each distance straight along a row, for a wielder of this STR.
    fn assert_bands(range: WeaponRange, strength: u32, cases: &[(u32, RangeBand)]) {
        let reach = reach_of(&range, strength);
        for &(yards, band) in cases {
            assert_eq!(
                read(&reach, 50, ORIGIN, at(yards, 0)).band,
                band,
                "{range:?} (STR {strength}) at {yards} yards"
            );
        }
    }

    /// A .38 revolver (15 yards): base to 15, long to 30, very long to 60, then out of range.
    #[test]
    fn revolver_bands_to_the_yard() {
        use RangeBand::{Base, Long, OutOfRange, VeryLong};
        let cases = [
            (1, Base),
            (15, Base),
            (16, Long),
            (30, Long),
            (31, VeryLong),
            (60, VeryLong),
            (61, OutOfRange),
        ];
        assert_bands(WeaponRange::Yards(15), 50, &cases);
        // Diagonally: (9, 12) is exactly 15 yards; (11, 11) is 15.56 yards.
        let revolver = reach_of(&WeaponRange::Yards(15), 50);
        assert_eq!(read(&revolver, 50, ORIGIN, at(9, 12)).band, Base);
        assert_eq!(read(&revolver, 50, ORIGIN, at(11, 11)).band, Long);
    }

    /// Point-blank: within DEX/5 feet, rounded down. DEX 60 is 12 feet (4 yards); DEX 59 is
    /// 11 feet (3 yards and a foot); DEX 45 is 9 feet (3 yards); DEX 44 is 8 feet.
    #[test]
    fn point_blank_boundaries() {
        let rifle = reach_of(&WeaponRange::Yards(110), 50);
        let point_blank =
            |dexterity, dx, dy| read(&rifle, dexterity, ORIGIN, at(dx, dy)).point_blank;
        assert!(point_blank(60, 4, 0));
        assert!(!point_blank(60, 5, 0));
        assert!(point_blank(60, 3, 2), "3.6 yards is 10.8 feet");
        assert!(!point_blank(60, 3, 3), "4.24 yards is 12.7 feet");
        assert!(point_blank(59, 3, 0));
        assert!(!point_blank(59, 4, 0));
        assert!(point_blank(45, 3, 0));
        assert!(!point_blank(44, 3, 0));
        assert!(point_blank(44, 2, 0));
        assert!(point_blank(15, 1, 0), "DEX 15 is 3 feet: the next tile");
        assert!(!point_blank(14, 1, 0));
        assert!(
            !point_blank(15, 1, 1),
            "a diagonal neighbour is 4.2 feet away"
        );
    }

    #[test]
    fn point_blank_outside_the_weapon_range_is_not_a_shot() {
        // A derringer (3 yards) in the hand of DEX 90 (18 feet, 6 yards): at 5 yards the shot is
        // long range and point-blank; at 13 yards it is out of range.
        let derringer = reach_of(&WeaponRange::Yards(3), 50);
        let five = read(&derringer, 90, ORIGIN, at(5, 0));
        assert_eq!((five.band, five.point_blank), (RangeBand::Long, true));
        let thirteen = read(&derringer, 90, ORIGIN, at(13, 0));
        assert_eq!(
            (thirteen.band, thirteen.point_blank),
            (RangeBand::OutOfRange, false)
        );
    }

    /// A range in metres against tiles in yards, with the d10 pool's bands (to 1½ and twice the
    /// range) and its fixed point-blank of 2 metres: a handgun's 30 m is 32.81 yards, so its
    /// bands end at 32, 49 and 65 yards on a row. Point-blank's 2 m (2.19 yards) reaches the
    /// next tile diagonally and two tiles straight, not (2, 1) at 2.24 yards nor three straight.
    #[test]
    fn metres_against_yards_with_fractional_bands() {
        use RangeBand::{Base, Long, OutOfRange, VeryLong};
        let scale = RangeScale {
            band_multiples: [[1, 1], [3, 2], [2, 1]],
            point_blank: crate::rules::situation::PointBlank::Fixed(Length::metres(2)),
        };
        let handgun = WeaponReach::of(&WeaponRange::Metres(30), 2, &scale);
        let reading = |dx, dy| range_reading(&handgun, scale.point_blank(4), ORIGIN, at(dx, dy));
        let bands: Vec<RangeBand> = [32, 33, 49, 50, 65, 66]
            .into_iter()
            .map(|yards| reading(yards, 0).band)
            .collect();
        assert_eq!(bands, [Base, Long, Long, VeryLong, VeryLong, OutOfRange]);
        assert!(reading(1, 1).point_blank);
        assert!(reading(2, 0).point_blank);
        assert!(!reading(2, 1).point_blank);
        assert!(!reading(3, 0).point_blank);
        assert_eq!(
            base_feet(&WeaponRange::Metres(30), 2),
            Some(99),
            "98.4 feet, up"
        );
    }

    /// Shotguns: the damage bands are the range bands; nothing past the last band.
    #[test]
    fn shotgun_bands() {
        use RangeBand::{Base, Long, OutOfRange, VeryLong};
        let full = [
            (10, Base),
            (11, Long),
            (20, Long),
            (21, VeryLong),
            (50, VeryLong),
            (51, OutOfRange),
        ];
        assert_bands(WeaponRange::Bands(vec![10, 20, 50]), 50, &full);
        assert_bands(
            WeaponRange::Bands(vec![5, 10]),
            50,
            &[(5, Base), (10, Long), (11, OutOfRange)],
        );
    }

    /// Thrown weapons reach STR feet (a hand grenade) or STR yards (a thrown spear).
    #[test]
    fn thrown_ranges_follow_strength() {
        use RangeBand::{Base, Long, OutOfRange, VeryLong};
        // STR 60: base 60 feet = 20 yards.
        let grenade = [(20, Base), (21, Long), (80, VeryLong), (81, OutOfRange)];
        assert_bands(WeaponRange::StrFeet, 60, &grenade);
        // STR 55: 55 feet is 18 yards and a foot.
        assert_bands(WeaponRange::StrFeet, 55, &[(18, Base), (19, Long)]);
        assert_bands(WeaponRange::StrYards, 50, &[(50, Base), (51, Long)]);
    }

    #[test]
    fn feet_ranges_and_weapons_that_are_not_aimed() {
        // A taser dart: 15 feet is 5 yards.
        assert_bands(
            WeaponRange::Feet(15),
            50,
            &[(5, RangeBand::Base), (6, RangeBand::Long)],
        );
        assert_bands(WeaponRange::InPlace, 50, &[(1, RangeBand::OutOfRange)]);
    }

    #[test]
    fn touch_reaches_the_eight_neighbours() {
        let knife = reach_of(&WeaponRange::Touch, 50);
        for (dx, dy, band) in [
            (1, 0, RangeBand::Touch),
            (1, 1, RangeBand::Touch),
            (0, 1, RangeBand::Touch),
            (2, 0, RangeBand::OutOfRange),
            (2, 1, RangeBand::OutOfRange),
        ] {
            let reading = read(&knife, 80, ORIGIN, at(dx, dy));
            assert_eq!(reading.band, band, "({dx}, {dy})");
            assert!(!reading.point_blank);
        }
    }
}
