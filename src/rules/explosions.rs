//! Explosions and fire: where a missed explosive lands, and how a burning unit suffers. The rings
//! of a blast are in `damage` (`blast_ring_divisor`).

use serde::{Deserialize, Serialize};

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
            since_round: 3,
            minimum: 2,
        };
        let damage: Vec<u32> = (3..=6)
            .map(|round| burning.damage_at_end_of(round))
            .collect();
        assert_eq!(damage, [0, 2, 4, 8]);
        let torch = Burning {
            since_round: 1,
            minimum: 1,
        };
        assert_eq!(torch.damage_at_end_of(2), 1);
        assert_eq!(torch.damage_at_end_of(4), 4);
    }
}
