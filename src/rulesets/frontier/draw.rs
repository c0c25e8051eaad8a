//! The western's quick draw (SPECS.md 3.1): two shooters who would fire at each other, neither
//! having fired this round, each roll d100 + 2 × RM(Quick Draw) + 10 × the gun's QD, less 20
//! when the gun must be pulled out first (and the wound band's tens, which the battle adds as
//! on every roll); the higher total fires first, a tie goes to the higher AGI, and past that
//! both fire at once.

use serde::Serialize;

use super::check::CORE_ROLL;
use crate::rules::modifiers::{Effect, Modifier};
use crate::rulesets::frontier::reasons;

/// What a unit's draw is made of, for its rulebook to value.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DrawFacts {
    /// Its quick-draw skill (the western: the RM).
    pub skill: u32,
    /// The gun's own quickness (the western's QD, in steps).
    pub weapon_draw: i32,
    /// The gun must come out of its holster (or off the ground) first.
    pub pull_out: bool,
}

/// What a draw adds to its die: the skill's points and the named modifiers.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DrawBonus {
    pub sides: u32,
    pub skill_points: i32,
    pub modifiers: Vec<Modifier>,
}

/// One side of a quick draw as rolled: the die, the skill's points, the modifiers, the total.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize)]
pub struct DrawTotal {
    pub die: u32,
    pub skill_points: i32,
    pub modifiers: Vec<Modifier>,
    pub total: i32,
}

impl DrawTotal {
    /// The total of `die` with `bonus`: the die, the skill's points and every modifier that
    /// adds points (a draw has no other kind).
    pub fn new(die: u32, bonus: DrawBonus) -> Self {
        let added: i32 = bonus
            .modifiers
            .iter()
            .map(|modifier| match modifier.effect {
                Effect::Add(points) => points,
                _ => 0,
            })
            .sum();
        let die_points = i32::try_from(die).unwrap_or(i32::MAX);
        Self {
            die,
            skill_points: bonus.skill_points,
            modifiers: bonus.modifiers,
            total: die_points
                .saturating_add(bonus.skill_points)
                .saturating_add(added),
        }
    }

    /// "37 + 44 − 20 drawing = 61".
    pub fn words(&self) -> String {
        let mut words = format!("{} + {}", self.die, self.skill_points);
        for modifier in &self.modifiers {
            if let Effect::Add(points) = modifier.effect {
                let sign = if points < 0 { "−" } else { "+" };
                words.push_str(&format!(
                    " {sign} {} {}",
                    points.unsigned_abs(),
                    modifier.reason.words()
                ));
            }
        }
        format!("{words} = {}", self.total)
    }
}

/// Who fires first after a quick draw.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FirstShot {
    /// The unit whose shot brought on the draw.
    Shooter,
    /// The one it shot at, whose declared shot was at it.
    Rival,
    /// Same total, same AGI: both at once.
    AtOnce,
}

/// Who fires first: the higher total, then the higher AGI, else both at once.
pub fn first_shot(
    shooter: &DrawTotal,
    rival: &DrawTotal,
    shooter_agility: u32,
    rival_agility: u32,
) -> FirstShot {
    use std::cmp::Ordering;
    match (
        shooter.total.cmp(&rival.total),
        shooter_agility.cmp(&rival_agility),
    ) {
        (Ordering::Greater, _) | (Ordering::Equal, Ordering::Greater) => FirstShot::Shooter,
        (Ordering::Less, _) | (Ordering::Equal, Ordering::Less) => FirstShot::Rival,
        (Ordering::Equal, Ordering::Equal) => FirstShot::AtOnce,
    }
}

/// Steps off a draw whose gun must be pulled out first.
const PULLING_OUT: i32 = -2;

/// What a draw adds to its d100.
pub fn draw_bonus(facts: &DrawFacts) -> DrawBonus {
    let mut modifiers = Vec::new();
    if facts.weapon_draw != 0 {
        modifiers.push(CORE_ROLL.step(reasons::GUN_DRAW, facts.weapon_draw));
    }
    if facts.pull_out {
        modifiers.push(CORE_ROLL.step(reasons::DRAWING, PULLING_OUT));
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

    fn total(die: u32, skill_points: i32, added: &[i32]) -> DrawTotal {
        let modifiers = added
            .iter()
            .map(|points| Modifier {
                reason: reasons::DRAWING,
                effect: Effect::Add(*points),
            })
            .collect();
        DrawTotal::new(
            die,
            DrawBonus {
                sides: 100,
                skill_points,
                modifiers,
            },
        )
    }

    /// The die, the skill's points and the modifiers add up, and the words show each.
    #[test]
    fn a_total_adds_the_die_the_skill_and_the_modifiers() {
        let wes = total(37, 44, &[-20]);
        assert_eq!(wes.total, 61);
        assert_eq!(wes.words(), "37 + 44 − 20 drawing = 61");
        assert_eq!(total(100, 54, &[10, -30]).total, 134);
    }

    /// The higher total fires first; a tie goes to the higher AGI, then both fire at once.
    #[test]
    fn the_higher_total_then_the_higher_agi_fires_first() {
        let table = [
            ((64, 14), (74, 13), FirstShot::Rival),
            ((104, 14), (34, 13), FirstShot::Shooter),
            ((70, 14), (70, 13), FirstShot::Shooter),
            ((70, 13), (70, 14), FirstShot::Rival),
            ((70, 13), (70, 13), FirstShot::AtOnce),
        ];
        for ((shooter, shooter_agility), (rival, rival_agility), expected) in table {
            assert_eq!(
                first_shot(
                    &total(0, shooter, &[]),
                    &total(0, rival, &[]),
                    shooter_agility,
                    rival_agility
                ),
                expected,
                "{shooter}/{shooter_agility} against {rival}/{rival_agility}"
            );
        }
    }

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
