//! How far a d10 pool unit moves and shoots (SPECS.md 2.1, "Movement" and the range steps):
//! free movement of 5 feet and 5 more a Dexterity dot, further at a die a 5 feet started;
//! ranges written in metres, compared with the yards on the map as they are (no rounding to
//! tiles), a step harder past the listed range and two past half as far again.

/// Feet in a yard, the map's unit.
const FEET_A_YARD: f64 = 3.0;

/// Yards in a metre.
const YARDS_A_METRE: f64 = 1.093_613_298_337_707_8;

/// Point-blank: within 2 metres.
pub const POINT_BLANK_METRES: f64 = 2.0;

/// Yards a unit moves in a round without losing dice: 5 feet and 5 a Dexterity dot.
pub fn free_yards(dexterity: u32) -> f64 {
    f64::from(5 + 5 * dexterity) / FEET_A_YARD
}

/// The most yards a unit moves in a round: its free movement and 5 feet a Strength dot more.
pub fn most_yards(dexterity: u32, strength: u32) -> f64 {
    free_yards(dexterity) + f64::from(5 * strength) / FEET_A_YARD
}

/// The dice the unit's other actions lose this round for moving `yards`: one for each 5 feet
/// started past its free movement.
pub fn movement_penalty(yards: f64, dexterity: u32) -> u32 {
    let past = (yards - free_yards(dexterity)) * FEET_A_YARD;
    if past <= 1e-9 {
        0
    } else {
        // Whole feet first, so that a distance a hair over a multiple of 5 from the yards'
        // decimals is not a step more.
        let feet = (past * 1e6).round() / 1e6;
        (1..u32::MAX)
            .find(|steps| f64::from(*steps) * 5.0 >= feet)
            .unwrap_or(u32::MAX)
    }
}

/// Yards in so many metres.
pub fn yards(metres: f64) -> f64 {
    metres * YARDS_A_METRE
}

/// How much harder a shot is at `distance` yards with a weapon listed for `listed` metres:
/// nothing within it, a step past it, two past one and a half times it, no shot past twice it.
pub fn range_step(distance: f64, listed: f64) -> Option<u32> {
    let listed = yards(listed);
    match distance / listed {
        share if share <= 1.0 => Some(0),
        share if share <= 1.5 => Some(1),
        share if share <= 2.0 => Some(2),
        _ => None,
    }
}

/// Within point-blank reach (2 metres).
pub fn point_blank(distance: f64) -> bool {
    distance <= yards(POINT_BLANK_METRES)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn movement_is_free_to_five_feet_a_dexterity_dot_then_costs_a_die_each_five_feet() {
        // Dexterity 3: 20 feet, 6.67 yards, free.
        assert!((free_yards(3) - 20.0 / 3.0).abs() < 1e-12);
        // (yards moved, dexterity, dice lost)
        let table = [
            (6.0, 3, 0),
            (20.0 / 3.0, 3, 0),
            // 21 feet: one 5-foot step started.
            (7.0, 3, 1),
            // 25 feet: exactly one step.
            (25.0 / 3.0, 3, 1),
            // 26 feet: a second step started.
            (26.0 / 3.0, 3, 2),
            // Dexterity 1: 10 feet free; 30 feet is four steps.
            (10.0, 1, 4),
        ];
        for (moved, dexterity, lost) in table {
            assert_eq!(movement_penalty(moved, dexterity), lost, "{moved} yards");
        }
        // Strength 2 adds 10 feet to the most a round allows.
        assert!((most_yards(3, 2) - 10.0).abs() < 1e-12);
    }

    #[test]
    fn ranges_are_metres_compared_with_yards_unrounded() {
        // A handgun's 30 m is 32.8 yards: +1 up to 49.2 yards, +2 up to 65.6, then no shot.
        assert!((yards(30.0) - 32.808).abs() < 0.001);
        let table = [
            (10.0, Some(0)),
            (32.8, Some(0)),
            (32.85, Some(1)),
            (49.2, Some(1)),
            (49.3, Some(2)),
            (65.6, Some(2)),
            (65.7, None),
        ];
        for (distance, step) in table {
            assert_eq!(range_step(distance, 30.0), step, "{distance} yards");
        }
        // Point-blank within 2 m, 2.19 yards: a diagonal neighbour (1.41) is, two tiles are not.
        assert!(point_blank(2.0_f64.sqrt()));
        assert!(point_blank(2.18));
        assert!(!point_blank(2.2));
    }
}
