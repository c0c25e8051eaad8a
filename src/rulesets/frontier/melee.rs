//! The western's hand-to-hand damage by STR (SPECS.md 3.1's table): a kick, a punch and a bite
//! for STR 1-5, 6-10, 11-14 and 15, in d10s, never below 0.

use crate::rules::damage::DamageNotation;
use crate::rules::melee::BodyBlow;

/// The table's punch: bare hands' plain blow, no kick or bite.
pub const PUNCH: Option<BodyBlow> = None;

/// The highest STR of each column of the table.
const STR_COLUMNS: [u32; 4] = [5, 10, 14, 15];

/// The table's damage codes, a row a blow (the punch, a kick, a bite), a column a band of STR.
fn row(blow: Option<BodyBlow>) -> [&'static str; 4] {
    match blow {
        Some(BodyBlow::Kick) => ["1D10-1", "1D10+1", "2D10", "2D10+2"],
        PUNCH => ["1D10-2", "1D10", "1D10+2", "2D10+1"],
        Some(BodyBlow::Bite) => ["1D10-5", "1D10-3", "1D10-1", "1D10+1"],
    }
}

/// The damage code of `blow` (the punch, a kick or a bite) for a unit of `strength` (past 15,
/// as 15).
pub fn body_blow(blow: Option<BodyBlow>, strength: u32) -> DamageNotation {
    let column = STR_COLUMNS
        .iter()
        .position(|highest| strength <= *highest)
        .unwrap_or(STR_COLUMNS.len() - 1);
    row(blow)[column]
        .parse()
        .unwrap_or_else(|_| DamageNotation::fists())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::damage::{DamageQuality, DamageReach, Formula};
    use crate::rules::dice::Dice;

    /// The table at each column's edges: (blow, STR, code).
    #[test]
    fn damage_by_strength() {
        let table = [
            (Some(BodyBlow::Kick), 1, "1D10-1"),
            (Some(BodyBlow::Kick), 5, "1D10-1"),
            (Some(BodyBlow::Kick), 6, "1D10+1"),
            (Some(BodyBlow::Kick), 14, "2D10"),
            (Some(BodyBlow::Kick), 15, "2D10+2"),
            (PUNCH, 5, "1D10-2"),
            (PUNCH, 10, "1D10"),
            (PUNCH, 11, "1D10+2"),
            (PUNCH, 15, "2D10+1"),
            (Some(BodyBlow::Bite), 3, "1D10-5"),
            (Some(BodyBlow::Bite), 8, "1D10-3"),
            (Some(BodyBlow::Bite), 12, "1D10-1"),
            (Some(BodyBlow::Bite), 15, "1D10+1"),
        ];
        for (blow, strength, code) in table {
            let expected: DamageNotation = code.parse().expect("a code");
            assert_eq!(
                body_blow(blow, strength),
                expected,
                "{blow:?} STR {strength}"
            );
        }
    }

    /// A code that goes below nothing is held at 0: a bite of STR 3 (1D10−5) on a 2.
    #[test]
    fn damage_is_never_below_nothing() {
        let bite = body_blow(Some(BodyBlow::Bite), 3);
        let mut dice = Dice::from_seed(1);
        dice.load([2]);
        let rolled = bite
            .roll(
                &mut dice,
                DamageReach::Full,
                &Formula::default(),
                DamageQuality::Normal,
            )
            .expect("it rolls")
            .expect("damage");
        assert_eq!(rolled.total, 0);
    }
}
