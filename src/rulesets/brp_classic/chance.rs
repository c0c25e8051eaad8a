//! The core roll: a d100 at most a chance built from the skill, first by adding (a burst, a big
//! target), then by multiplying (point-blank, extended range, unaimed shots, half concealment),
//! floored at the end; it is judged as any chance roll is (`rules::chance_rolls::judge`: a roll
//! within a fifth of the chance impales, a firearm's roll at or above its malfunction number does
//! not fire). The resistance table, and the distances (point-blank
//! within DEX feet, ranges in multiples of the base range, blast bands) measured exactly on the
//! grid: a distance is kept as the square of its yards and compared squared, never rounded.

use crate::rules::modifiers::{Effect, Modifier, ModifierReason};
use crate::rules::opposed::Resistance;
use crate::rulesets::brp_classic::reasons;

/// The chance a skill comes to with these modifiers: the skill plus every addition (never below
/// 0), times every factor, floored once at the end. Dice modifiers have no part in it.
pub fn chance(skill: u32, modifiers: &[Modifier]) -> u32 {
    let added = modifiers
        .iter()
        .fold(i64::from(skill), |sum, modifier| match modifier.effect {
            Effect::Add(points) => sum + i64::from(points),
            Effect::Dice(_) | Effect::Times(_) | Effect::Steps(_) | Effect::Successes(_) => sum,
        })
        .max(0);
    let (numerator, denominator) = modifiers.iter().fold(
        (1_i64, 1_i64),
        |(numerator, denominator), modifier| match modifier.effect {
            Effect::Times([times, per]) => (
                numerator.saturating_mul(i64::from(times)),
                denominator.saturating_mul(i64::from(per.max(1))),
            ),
            Effect::Dice(_) | Effect::Add(_) | Effect::Steps(_) | Effect::Successes(_) => {
                (numerator, denominator)
            }
        },
    );
    u32::try_from(added.saturating_mul(numerator) / denominator).unwrap_or(u32::MAX)
}

/// Whether a target `squared_yards` away (the square of the distance in yards between tile
/// centres) is within the shooter's DEX in feet: point-blank, the chance doubled. Aiming doubles
/// the distance.
pub fn point_blank(squared_yards: u32, dexterity: u32, aimed: bool) -> bool {
    let feet = u64::from(dexterity) * if aimed { 2 } else { 1 };
    // 3 x yards <= feet, squared on both sides.
    9 * u64::from(squared_yards) <= feet * feet
}

/// Which multiple of the base range a target `squared_yards` away falls in: 1 up to the base
/// range, 2 up to twice it, and so on, with no end; aiming doubles the base range. The chance is
/// halved once for each multiple past the first.
pub fn range_multiple(squared_yards: u32, base_yards: u32, aimed: bool) -> u32 {
    let base = u64::from(base_yards.max(1)) * if aimed { 2 } else { 1 };
    let squared = u64::from(squared_yards);
    let mut multiple: u64 = 1;
    while multiple * multiple * base * base < squared {
        multiple += 1;
    }
    u32::try_from(multiple).unwrap_or(u32::MAX)
}

/// The factor of a range multiple: 1, 1/2, 1/4 …
pub fn range_factor(multiple: u32) -> [u32; 2] {
    let halvings = multiple.saturating_sub(1).min(31);
    [1, 1 << halvings]
}

/// What a big target adds to a shot or a throw at it: 5 for each full 10 SIZ above 30.
pub fn big_target_bonus(size: u32) -> i32 {
    i32::try_from(size.saturating_sub(30) / 10 * 5).unwrap_or(i32::MAX)
}

/// What a burst of `bullets` adds to the skill: 5 a bullet, never more than doubling it.
pub fn burst_bonus(skill: u32, bullets: u32) -> i32 {
    i32::try_from((bullets.saturating_mul(5)).min(skill)).unwrap_or(i32::MAX)
}

/// What stands around one shot, for its chance.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct ShotSituation {
    pub point_blank: bool,
    /// The multiple of the base range the target is at (1 within it).
    pub range_multiple: u32,
    pub unaimed: bool,
    pub half_concealed: bool,
    /// The target's SIZ.
    pub target_size: u32,
    /// Bullets in a burst (0: a single shot).
    pub burst: u32,
}

/// The named modifiers of a shot's chance, additions first: a burst, a big target; then
/// point-blank, extended range, unaimed fire and half concealment.
pub fn shot_modifiers(skill: u32, situation: &ShotSituation) -> Vec<Modifier> {
    let mut modifiers = Vec::new();
    let mut push = |reason, effect| modifiers.push(Modifier { reason, effect });
    if situation.burst > 0 {
        push(
            reasons::BURST,
            Effect::Add(burst_bonus(skill, situation.burst)),
        );
    }
    let big = big_target_bonus(situation.target_size);
    if big > 0 {
        push(ModifierReason::LargeTarget, Effect::Add(big));
    }
    if situation.point_blank {
        push(ModifierReason::PointBlank, Effect::Times([2, 1]));
    }
    if situation.range_multiple > 1 {
        push(
            reasons::EXTENDED_RANGE,
            Effect::Times(range_factor(situation.range_multiple)),
        );
    }
    if situation.unaimed {
        push(reasons::UNAIMED, Effect::Times([1, 5]));
    }
    if situation.half_concealed {
        push(ModifierReason::HalfCover, Effect::Times([1, 2]));
    }
    modifiers
}

/// The resistance table: the chance of an active value against a passive one, 50 + 5 for each
/// point of difference, from 0 to 100.
pub fn resistance_chance(active: u32, passive: u32) -> u32 {
    let difference = i64::from(active) - i64::from(passive);
    u32::try_from((50 + 5 * difference).clamp(0, 100)).unwrap_or_default()
}

/// The active side's odds on the resistance table: sure of winning at ten or more points
/// ahead, of losing at ten or more behind, else its chance.
pub fn resistance(active: u32, passive: u32) -> Resistance {
    let difference = i64::from(active) - i64::from(passive);
    match difference {
        10.. => Resistance::Sure(true),
        ..=-10 => Resistance::Sure(false),
        _ => Resistance::Chance(resistance_chance(active, passive)),
    }
}

/// The damage dice of a blast at a target `squared_yards` from its centre: the first dice out to
/// `step` yards, one die fewer for each further `step` yards, down to none.
pub fn blast_dice(squared_yards: u32, first_dice: u32, step_yards: u32) -> u32 {
    let band = range_multiple(squared_yards, step_yards, false);
    first_dice.saturating_sub(band - 1)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::chance_rolls::judge;
    use crate::rules::modifiers::ModifierReason;
    use crate::rules::roll::ChanceOutcome;

    fn times(reason: ModifierReason, numerator: u32, denominator: u32) -> Modifier {
        Modifier {
            reason,
            effect: Effect::Times([numerator, denominator]),
        }
    }

    fn add(reason: ModifierReason, points: i32) -> Modifier {
        Modifier {
            reason,
            effect: Effect::Add(points),
        }
    }

    /// Additions first, then every factor, floored once at the end.
    #[test]
    fn a_chance_is_built_by_adding_then_multiplying() {
        use ModifierReason as R;
        assert_eq!(chance(45, &[]), 45);
        assert_eq!(chance(45, &[times(R::PointBlank, 2, 1)]), 90);
        // 45 at twice the base range: 22.5, floored.
        assert_eq!(chance(45, &[times(R::HalfCover, 1, 2)]), 22);
        // Three halvings and a doubling in any order: 45 x 2 / 8 = 11.25.
        assert_eq!(
            chance(
                45,
                &[
                    times(R::HalfCover, 1, 2),
                    times(R::PointBlank, 2, 1),
                    times(reasons::EXTENDED_RANGE, 1, 4)
                ]
            ),
            11
        );
        // A burst of 4 at skill 40 adds 20 before the point-blank doubling: (40 + 20) x 2.
        assert_eq!(
            chance(
                40,
                &[
                    times(R::PointBlank, 2, 1),
                    add(R::MultipleShots, burst_bonus(40, 4))
                ]
            ),
            120
        );
        // Unaimed shots at a fifth: 45 / 5 = 9; dice modifiers play no part.
        assert_eq!(
            chance(45, &[times(R::Aiming, 1, 5), Modifier::new(R::Wounded, 1)]),
            9
        );
        assert_eq!(chance(10, &[add(R::SmallTarget, -30)]), 0, "never below 0");
    }

    #[test]
    fn bursts_add_five_a_bullet_up_to_double() {
        assert_eq!(burst_bonus(40, 3), 15);
        assert_eq!(burst_bonus(40, 8), 40);
        assert_eq!(burst_bonus(30, 10), 30);
        assert_eq!(big_target_bonus(30), 0);
        assert_eq!(big_target_bonus(39), 0);
        assert_eq!(big_target_bonus(40), 5);
        assert_eq!(big_target_bonus(65), 15);
    }

    #[test]
    fn a_roll_is_judged_against_its_chance() {
        // Chance 45 with an impaling weapon: 01-09 impales, 10-45 hits.
        assert_eq!(judge(1, 45, true, None), ChanceOutcome::Special);
        assert_eq!(judge(9, 45, true, None), ChanceOutcome::Special);
        assert_eq!(judge(10, 45, true, None), ChanceOutcome::Success);
        assert_eq!(judge(45, 45, true, None), ChanceOutcome::Success);
        assert_eq!(judge(46, 45, true, None), ChanceOutcome::Failure);
        assert_eq!(judge(9, 45, false, None), ChanceOutcome::Success, "a club");
        // Over 100 still fails on 100; a Thompson (mal 96) cannot hit on 96-100.
        assert_eq!(judge(99, 120, false, None), ChanceOutcome::Success);
        assert_eq!(judge(100, 120, false, None), ChanceOutcome::Failure);
        assert_eq!(judge(96, 120, true, Some(96)), ChanceOutcome::Malfunction);
        assert_eq!(judge(95, 120, true, Some(96)), ChanceOutcome::Success);
    }

    /// DEX 12 is 12 feet: 4 yards. The edges are exact.
    #[test]
    fn point_blank_is_within_dex_feet() {
        assert!(point_blank(16, 12, false), "4 yards is 12 feet");
        assert!(!point_blank(17, 12, false), "(4, 1) is 4.12 yards");
        assert!(!point_blank(25, 12, false));
        assert!(point_blank(64, 12, true), "aimed: 24 feet is 8 yards");
        // DEX 10 is 10 feet, 3.33 yards: (3, 0) is in, (3, 1) (3.16 yards, 9.5 feet) too,
        // (3, 2) (3.61 yards, 10.8 feet) is not.
        assert!(point_blank(9, 10, false));
        assert!(point_blank(10, 10, false));
        assert!(!point_blank(13, 10, false));
    }

    /// A .38 revolver's base range is 15 yards: full to 15, half to 30, a quarter to 45 …
    #[test]
    fn the_chance_halves_for_each_multiple_of_the_base_range() {
        let multiple = |dx: u32, dy: u32| range_multiple(dx * dx + dy * dy, 15, false);
        assert_eq!(multiple(1, 0), 1);
        assert_eq!(multiple(15, 0), 1);
        assert_eq!(multiple(9, 12), 1, "exactly 15 yards diagonally");
        assert_eq!(multiple(11, 11), 2, "15.56 yards");
        assert_eq!(multiple(30, 0), 2);
        assert_eq!(multiple(31, 0), 3);
        assert_eq!(multiple(61, 0), 5);
        assert_eq!(
            range_multiple(31 * 31, 15, true),
            2,
            "aiming doubles the range"
        );
        assert_eq!(range_factor(1), [1, 1]);
        assert_eq!(range_factor(2), [1, 2]);
        assert_eq!(range_factor(5), [1, 16]);
    }

    #[test]
    fn the_resistance_table() {
        assert_eq!(resistance_chance(10, 10), 50);
        assert_eq!(resistance_chance(13, 10), 65);
        assert_eq!(resistance_chance(8, 12), 30);
        assert_eq!(resistance_chance(25, 10), 100);
        assert_eq!(resistance_chance(3, 18), 0);
        assert_eq!(
            resistance(20, 10),
            Resistance::Sure(true),
            "ten ahead always wins"
        );
        assert_eq!(
            resistance(10, 20),
            Resistance::Sure(false),
            "ten behind never does"
        );
        assert_eq!(resistance(13, 10), Resistance::Chance(65));
        assert_eq!(resistance(19, 10), Resistance::Chance(95));
        assert_eq!(resistance(7, 13), Resistance::Chance(20));
    }

    /// Dynamite: 5D6 out to 2 yards, 4D6 to 4, 3D6 to 6 …, 1D6 to 10, none past 10 yards.
    #[test]
    fn a_blast_loses_a_die_every_two_yards() {
        let dice = |dx: u32, dy: u32| blast_dice(dx * dx + dy * dy, 5, 2);
        assert_eq!(dice(0, 0), 5);
        assert_eq!(dice(2, 0), 5, "2.0 yards");
        assert_eq!(dice(2, 1), 4, "2.24 yards");
        assert_eq!(dice(4, 0), 4);
        assert_eq!(dice(5, 0), 3);
        assert_eq!(dice(8, 0), 2);
        assert_eq!(dice(10, 0), 1);
        assert_eq!(dice(11, 0), 0);
        assert_eq!(dice(30, 0), 0);
    }

    /// The Kingsport Warehouse (SPECS.md section 1.4): Harvey's Handgun 55 is 110 inside his
    /// 14 feet and 27 at Ezra's door 17 yards off (twice the .38's 15 yards); at the Thing in
    /// the Hold (SIZ 42) point-blank, (55 + 5) x 2 = 120. Tommy's SMG 45 with a burst of 4 is 65.
    #[test]
    fn the_warehouse_shots() {
        let harvey = |situation: ShotSituation| chance(55, &shot_modifiers(55, &situation));
        let plain = ShotSituation {
            range_multiple: 1,
            ..ShotSituation::default()
        };
        assert!(point_blank(4 * 4 + 2 * 2, 14, false), "4.47 yards");
        assert!(!point_blank(5 * 5, 14, false), "5 yards is 15 feet");
        let close = ShotSituation {
            point_blank: true,
            ..plain
        };
        assert_eq!(harvey(close), 110);
        let door = ShotSituation {
            range_multiple: range_multiple(17 * 17, 15, false),
            ..plain
        };
        assert_eq!(door.range_multiple, 2);
        assert_eq!(harvey(door), 27);
        let thing = ShotSituation {
            target_size: 42,
            ..close
        };
        assert_eq!(harvey(thing), 120);
        let words: Vec<String> = shot_modifiers(55, &thing)
            .iter()
            .map(Modifier::words)
            .collect();
        assert_eq!(words, ["+5 large target", "×2 point-blank"]);
        let burst = ShotSituation { burst: 4, ..plain };
        assert_eq!(chance(45, &shot_modifiers(45, &burst)), 65);
        let far_burst = ShotSituation {
            range_multiple: 4,
            burst: 4,
            ..plain
        };
        let words: Vec<String> = shot_modifiers(40, &far_burst)
            .iter()
            .map(Modifier::words)
            .collect();
        assert_eq!(words, ["+20 burst", "×1/8 extended range"]);
        assert_eq!(
            chance(40, &shot_modifiers(40, &far_burst)),
            7,
            "(40 + 20) / 8 = 7.5"
        );
    }
}
