//! Explosions and fire: a blast's rings as each rulebook draws them, where a missed explosive
//! lands, and how a burning unit suffers.

use serde::{Deserialize, Serialize};

use super::damage::{DamageReach, Formula};
use super::length::Length;
use super::roll_harm::HitForm;

/// One ring of a blast: out to `outer` from the centre (measured exactly, in any unit), the
/// damage's reach there, its share of the full damage, what it adds to an injury's severity
/// where the rulebook keeps injuries (the d10 pool's bands; 0 elsewhere), the characteristic
/// a unit caught there rolls instead of taking damage (the western's stun ring: failed, it
/// does nothing more this round), and the ring in words.
#[derive(Debug, Clone, PartialEq)]
pub struct BlastRing {
    pub outer: Length,
    pub reach: DamageReach,
    pub share: f64,
    pub severity: u32,
    pub stun: Option<&'static str>,
    pub words: String,
    /// Where the rulebook reads the ring's harm off a fresh d100 (the d100 house sheet): the
    /// form it is read in and the weapon's number (a bullet's cap); `None` for damage dice.
    pub read_off: Option<(HitForm, u32)>,
}

/// The ring (by index, nearest first) a point `distance_squared` square yards from the centre
/// lies in; `None` beyond the last.
pub fn ring_at(rings: &[BlastRing], distance_squared: u64) -> Option<usize> {
    rings
        .iter()
        .position(|ring| ring.outer.reaches(distance_squared))
}

/// The d10 pool's bands (SPECS.md 2, a house rule): +5 to the severity within 2 metres, +3
/// within 5, +1 within 10.
pub fn severity_bands() -> Vec<BlastRing> {
    [(2, 5), (5, 3), (10, 1)]
        .into_iter()
        .map(|(metres, severity)| BlastRing {
            outer: Length::metres(metres),
            reach: DamageReach::Full,
            share: f64::from(severity) / 5.0,
            severity,
            stun: None,
            words: format!("+{severity} within {metres} m"),
            read_off: None,
        })
        .collect()
}

/// CoC's rings: full damage within the radius, half to twice it, a quarter to three times it.
pub fn halving_rings(radius_yards: u32) -> Vec<BlastRing> {
    [
        (1, 1, "full damage"),
        (2, 2, "half damage"),
        (3, 4, "a quarter"),
    ]
    .into_iter()
    .map(|(times, divisor, words)| BlastRing {
        outer: Length::yards(times * radius_yards),
        severity: 0,
        reach: DamageReach::Ring(divisor),
        share: 1.0 / f64::from(divisor),
        stun: None,
        words: words.to_string(),
        read_off: None,
    })
    .collect()
}

/// BRP's falloff: the formula's dice out to `step_yards`, one die fewer for each further step,
/// until none is left (dynamite, 5D6 and a step of 2: 5D6 to 2 yards, 4D6 to 4 … 1D6 to 10).
pub fn falloff_rings(formula: &Formula, step_yards: u32) -> Vec<BlastRing> {
    let Some((count, sides)) = formula.first_dice() else {
        return Vec::new();
    };
    (0..count)
        .map(|fewer| BlastRing {
            outer: Length::yards(step_yards.saturating_mul(fewer + 1)),
            severity: 0,
            reach: DamageReach::Falloff(fewer),
            share: f64::from(count - fewer) / f64::from(count),
            stun: None,
            words: format!("{}D{sides}", count - fewer),
            read_off: None,
        })
        .collect()
}

/// Rings of `width` each, one for each of an explosive's damage bands (nearest first), and one
/// more beyond where those caught roll `stun` instead (the western's explosives: 6D+1 to 10 ft,
/// 3D+1 to 20, 1D+1 to 30, stun to 40). Each band's share is its mean over the nearest's.
pub fn banded_rings(bands: &[Formula], width: Length, stun: &'static str) -> Vec<BlastRing> {
    let nearest = bands
        .first()
        .map_or(0.0, Formula::weapon_mean)
        .max(f64::EPSILON);
    let ring = |index: usize| width.times([u32::try_from(index + 1).unwrap_or(u32::MAX), 1]);
    bands
        .iter()
        .enumerate()
        .map(|(index, band)| BlastRing {
            outer: ring(index),
            reach: DamageReach::Band(index),
            share: band.weapon_mean() / nearest,
            severity: 0,
            stun: None,
            words: band.to_string(),
            read_off: None,
        })
        .chain(std::iter::once(BlastRing {
            outer: ring(bands.len()),
            reach: DamageReach::Full,
            share: 0.0,
            severity: 0,
            stun: Some(stun),
            words: "stun".to_string(),
            read_off: None,
        }))
        .collect()
}

/// The eight directions a missed explosive may fly, clockwise from north, as a 1D8 reads them
/// (1 north, 2 north-east … 8 north-west). North is up the map (rows count downward).
pub const SCATTER_DIRECTIONS: [(i32, i32); 8] = [
    (0, -1),
    (1, -1),
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
    (-1, 0),
    (-1, -1),
];

/// The sides of each die rolled for how far a miss flies: 1D4 yards for each range band out to
/// the aimed tile (1D4 at base range, 2D4 at long, 3D4 at very long).
pub const SCATTER_DIE: u32 = 4;

/// A miss's flight: the step for a 1D8 direction, and how many tiles it covers for `yards`
/// (a diagonal step is 1.4 yards, so diagonal flights take fewer steps, rounded to nearest).
pub fn scatter_steps(direction_face: u32, yards: u32) -> ((i32, i32), u32) {
    let index = usize::try_from(direction_face.clamp(1, 8) - 1).unwrap_or(0);
    let step = SCATTER_DIRECTIONS[index];
    let steps = if step.0 != 0 && step.1 != 0 {
        (yards * 10 + 7) / 14
    } else {
        yards
    };
    (step, steps)
}

/// How burning goes on, once a unit has caught fire.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Burning {
    /// The round it caught fire in.
    pub since_round: u32,
    /// The burning weapon's least damage: what the first round of burning does.
    pub minimum: u32,
    /// The rounds it has burnt through, where the rulebook counts them (the d100 house sheet:
    /// its shift and how the fire's roll is read).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub rounds_burnt: u32,
}

/// A count left out of the written state while it is nothing.
fn is_zero(value: &u32) -> bool {
    *value == 0
}

impl Burning {
    /// Damage at the end of `round`: nothing in the round it caught fire (the hit did its
    /// damage), then the weapon's minimum, doubled each further round.
    pub fn damage_at_end_of(self, round: u32) -> u32 {
        let rounds_burning = round.saturating_sub(self.since_round);
        if rounds_burning == 0 {
            return 0;
        }
        let doublings = (rounds_burning - 1).min(16);
        self.minimum.max(1).saturating_mul(1 << doublings)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// CoC's rings on whole square yards: dynamite (radius 3) at (3, 0) is inside, (2, 3) is 3.6
    /// yards (half damage), (6, 0) still half, (5, 5) 7.07 yards (a quarter), (9, 1) beyond.
    #[test]
    fn halving_rings_on_the_grid() {
        let rings = halving_rings(3);
        let cases = [
            (0, Some(0)),
            (9, Some(0)),
            (13, Some(1)),
            (36, Some(1)),
            (37, Some(2)),
            (50, Some(2)),
            (81, Some(2)),
            (82, None),
        ];
        for (distance_squared, ring) in cases {
            assert_eq!(
                ring_at(&rings, distance_squared),
                ring,
                "{distance_squared}"
            );
        }
        assert_eq!(rings[1].reach, DamageReach::Ring(2));
    }

    /// BRP's dynamite (SPECS.md 1.1): 5D6 out to 2.0 yards, 4D6 at 2.24 (a knight's move), 1D6
    /// out to 10, nothing past.
    #[test]
    fn falloff_rings_lose_a_die_a_step() {
        let five = Formula {
            terms: vec![crate::rules::damage::Term::dice(5, 6)],
        };
        let rings = falloff_rings(&five, 2);
        let words = |squared: u64| ring_at(&rings, squared).map(|ring| rings[ring].words.clone());
        assert_eq!(words(4).as_deref(), Some("5D6"));
        assert_eq!(words(5).as_deref(), Some("4D6"));
        assert_eq!(words(16).as_deref(), Some("4D6"));
        assert_eq!(words(17).as_deref(), Some("3D6"));
        assert_eq!(words(100).as_deref(), Some("1D6"));
        assert_eq!(words(101), None);
        assert!((rings[1].share - 0.8).abs() < 1e-12);
    }

    /// The pool's bands in metres, compared exactly: 2 m is 2.19 yards, so the tile 2 off is
    /// in the +5 band and a knight's move (2.24) is not; 5 m is 5.47 yards, 10 m 10.94.
    #[test]
    fn the_pools_bands_reach_two_five_and_ten_metres() {
        let bands = severity_bands();
        let bonus = |squared: u64| ring_at(&bands, squared).map(|ring| bands[ring].severity);
        assert_eq!(bonus(0), Some(5));
        assert_eq!(bonus(4), Some(5));
        assert_eq!(bonus(5), Some(3));
        assert_eq!(bonus(25), Some(3));
        assert_eq!(bonus(29), Some(3), "(5, 2) is 5.39 yards");
        assert_eq!(bonus(30), Some(1), "5.48 yards, past 5 m");
        assert_eq!(bonus(119), Some(1));
        assert_eq!(bonus(120), None, "10.95 yards");
    }

    /// The western's dynamite (SPECS.md 3.1): 6D+1 up to 10 ft, 3D+1 over 10 up to 20, 1D+1
    /// over 20 up to 30, the stun over 30 up to 40, compared exactly in square yards (10 ft is
    /// 3.33 yards, 11.1 square; 40 ft is 13.33, 177.8 square).
    #[test]
    fn banded_rings_are_ten_feet_each_with_the_stun_beyond() {
        let bands: Vec<Formula> = ["6D10+1", "3D10+1", "1D10+1"]
            .iter()
            .map(|band| band.parse().expect("a formula"))
            .collect();
        let rings = banded_rings(&bands, Length::feet(10), "STR");
        let ring = |squared: u64| ring_at(&rings, squared);
        let cases = [
            (0, Some(0)),
            (11, Some(0)),
            (12, Some(1)),
            (44, Some(1)),
            (45, Some(2)),
            (100, Some(2)),
            (101, Some(3)),
            (177, Some(3)),
            (178, None),
        ];
        for (squared, expected) in cases {
            assert_eq!(ring(squared), expected, "{squared}");
        }
        let words: Vec<&str> = rings.iter().map(|ring| ring.words.as_str()).collect();
        assert_eq!(words, ["6D10+1", "3D10+1", "1D10+1", "stun"]);
        assert_eq!(rings[1].reach, DamageReach::Band(1));
        assert_eq!(rings[3].stun, Some("STR"));
        assert!(rings[..3].iter().all(|ring| ring.stun.is_none()));
        // Means 34, 17.5, 6.5: the shares the AI weighs a throw by.
        assert!((rings[1].share - 17.5 / 34.0).abs() < 1e-12);
        assert!((rings[2].share - 6.5 / 34.0).abs() < 1e-12);
        assert!(rings[3].share.abs() < 1e-12);
    }

    #[test]
    fn a_miss_flies_along_one_of_eight_directions() {
        assert_eq!(scatter_steps(1, 3), ((0, -1), 3));
        assert_eq!(scatter_steps(3, 4), ((1, 0), 4));
        // Diagonally: 1 yard is 1 step (0.7 rounds up), 2 yards 1 step, 3 yards 2, 4 yards 3.
        assert_eq!(scatter_steps(2, 1), ((1, -1), 1));
        assert_eq!(scatter_steps(4, 2), ((1, 1), 1));
        assert_eq!(scatter_steps(6, 3), ((-1, 1), 2));
        assert_eq!(scatter_steps(8, 4), ((-1, -1), 3));
        assert_eq!(scatter_steps(8, 12), ((-1, -1), 9));
    }

    /// A Molotov (2D6+burn) sets someone alight in round 3: nothing more that round, then 2, 4,
    /// 8 at the ends of rounds 4, 5 and 6.
    #[test]
    fn burning_doubles_every_round() {
        let burning = Burning {
            rounds_burnt: 0,
            since_round: 3,
            minimum: 2,
        };
        let damage: Vec<u32> = (3..=6)
            .map(|round| burning.damage_at_end_of(round))
            .collect();
        assert_eq!(damage, [0, 2, 4, 8]);
        let torch = Burning {
            rounds_burnt: 0,
            since_round: 1,
            minimum: 1,
        };
        assert_eq!(torch.damage_at_end_of(2), 1);
        assert_eq!(torch.damage_at_end_of(4), 4);
    }
}
