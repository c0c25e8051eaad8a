//! The western's quick draw (SPECS.md 3.1): d100 + 2 × RM(Quick Draw) + 10 × the gun's QD, less
//! 20 when the gun must be pulled out first (and the wound band's tens, which the battle adds as
//! on every roll).

use super::check::CORE_ROLL;
use crate::rules::modifiers::ModifierReason;
use crate::rules::quick_draw::{DrawBonus, DrawFacts};

/// Steps off a draw whose gun must be pulled out first.
const PULLING_OUT: i32 = -2;

/// The skill a quick draw is rolled on.
pub const QUICK_DRAW: &str = "Quick Draw";

/// What a draw adds to its d100.
pub fn draw_bonus(facts: &DrawFacts) -> DrawBonus {
    let mut modifiers = Vec::new();
    if facts.weapon_draw != 0 {
        modifiers.push(CORE_ROLL.step(ModifierReason::GunDraw, facts.weapon_draw));
    }
    if facts.pull_out {
        modifiers.push(CORE_ROLL.step(ModifierReason::Drawing, PULLING_OUT));
    }
    let points = CORE_ROLL.per_point.saturating_mul(facts.skill);
    DrawBonus {
        sides: 100,
        skill_points: i32::try_from(points).unwrap_or(i32::MAX),
        modifiers,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::quick_draw::DrawTotal;

    /// SPECS.md 3.4: the Kid (AGI 14 + Quick Draw 13, a Colt in hand) draws at d100 + 54; Wes
    /// (13 + 9, his Colt holstered) at d100 + 44 − 20 = d100 + 24; Doc's derringer (QD +1,
    /// RM 9 + 2) in his vest pocket at d100 + 22 + 10 − 20.
    #[test]
    fn the_kid_and_wes_draw() {
        let kid = draw_bonus(&DrawFacts {
            skill: 27,
            weapon_draw: 0,
            pull_out: false,
        });
        assert_eq!(DrawTotal::new(0, kid).total, 54);
        let wes = draw_bonus(&DrawFacts {
            skill: 22,
            weapon_draw: 0,
            pull_out: true,
        });
        assert_eq!(DrawTotal::new(0, wes.clone()).total, 24);
        assert_eq!(DrawTotal::new(37, wes).words(), "37 + 44 − 20 drawing = 61");
        let doc = draw_bonus(&DrawFacts {
            skill: 11,
            weapon_draw: 1,
            pull_out: true,
        });
        assert_eq!(
            DrawTotal::new(50, doc).words(),
            "50 + 22 + 10 the gun's draw − 20 drawing = 62"
        );
    }
}
