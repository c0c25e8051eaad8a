//! What the facts of a shot are worth in the d10 pool, in steps of difficulty: the range bands
//! past the listed range, point-blank within 2 metres (not for a weapon thrown, nor a committed
//! one: a sniper rifle), a target behind cover beside it on the line of fire, and a shooter in
//! cover of its own.

use super::reach;
use crate::rules::modifiers::{Modifier, ModifierReason};
use crate::rules::situation::{LineCover, ShotFacts, Worth};
use crate::rulesets::d10_pool::reasons;

/// Point-blank eases a shot by two steps.
const POINT_BLANK_STEPS: i8 = -2;

/// A target in cover is two steps harder to hit.
const TARGET_IN_COVER_STEPS: i8 = 2;

/// A shooter in cover is a step harder put.
const SHOOTER_IN_COVER_STEPS: i8 = 1;

/// What a shot's facts are worth to its difficulty; no shot past twice the listed range.
pub fn shot_value(facts: &ShotFacts) -> Worth {
    let Some(mut modifiers) = reach::range_value(facts.reading.band) else {
        return Worth {
            modifiers: Vec::new(),
            possible: false,
        };
    };
    if facts.reading.point_blank && !facts.thrown && !facts.committed {
        modifiers.push(Modifier::steps(
            ModifierReason::PointBlank,
            POINT_BLANK_STEPS,
        ));
    }
    match facts.cover {
        LineCover::Open => {}
        LineCover::HalfConcealed => modifiers.push(Modifier::steps(
            ModifierReason::HalfCover,
            TARGET_IN_COVER_STEPS,
        )),
        LineCover::Through => modifiers.push(Modifier::steps(
            ModifierReason::ThroughCover,
            TARGET_IN_COVER_STEPS,
        )),
    }
    if facts.shooter_in_cover {
        modifiers.push(Modifier::steps(
            reasons::SHOOTER_IN_COVER,
            SHOOTER_IN_COVER_STEPS,
        ));
    }
    if facts.aim_rounds > 0 {
        let most = if facts.target_moved {
            MOST_AIM_AT_A_MOVING_TARGET
        } else {
            MOST_AIM
        };
        let steps = i8::try_from(facts.aim_rounds.min(most)).unwrap_or(0);
        modifiers.push(Modifier::steps(ModifierReason::Aiming, -steps));
    }
    modifiers.extend(sight_and_size(
        facts.target_siz,
        facts.target_in_dark,
        facts.shooter_perception,
    ));
    modifiers.extend(target_on_the_move(
        facts.target_ran,
        facts.target_immobilised,
    ));
    Worth {
        modifiers,
        possible: true,
    }
}

/// The most a shot's aim takes off its difficulty: a step a round, three rounds at most.
pub const MOST_AIM: u32 = 3;

/// The most aim counts against a target that moved this round.
const MOST_AIM_AT_A_MOVING_TARGET: u32 = 2;

/// A person's size class (SPECS.md's table runs from a mouse, 1, to a house, 7).
pub const PERSON_SIZE: u32 = 4;

/// The keenest Perception, which sees better in the dark.
const KEEN_PERCEPTION: u32 = 5;

/// A target running is a step harder to hit, and one that cannot get out of the way three
/// steps easier (SPECS.md 2.1: running +1, "[house] it moved beyond its free movement this
/// round"; immobilised −3), for any attack.
pub fn target_on_the_move(ran: bool, immobilised: bool) -> Vec<Modifier> {
    let mut modifiers = Vec::new();
    if immobilised {
        modifiers.push(Modifier::steps(
            reasons::IMMOBILISED_TARGET,
            IMMOBILISED_STEPS,
        ));
    } else if ran {
        modifiers.push(Modifier::steps(reasons::RUNNING_TARGET, RUNNING_STEPS));
    }
    modifiers
}

/// A running target is a step harder to hit.
const RUNNING_STEPS: i8 = 1;

/// An immobilised target is three steps easier to hit.
const IMMOBILISED_STEPS: i8 = -3;

/// What the target's size and the light cost any attack on it: a step harder for each size
/// class smaller than a person's (a child 3: +1; a cat 2: +2; a mouse 1: +3), a step easier for
/// each larger (a horse 5: −1, a truck, a house); in the dark two steps harder, one for keen
/// eyes (Perception 5). A size of 0 (left out) is a person's.
pub fn sight_and_size(target_size: u32, dark: bool, perception: u32) -> Vec<Modifier> {
    let mut modifiers = Vec::new();
    if target_size > 0 && target_size != PERSON_SIZE {
        let steps = i8::try_from(i64::from(PERSON_SIZE) - i64::from(target_size)).unwrap_or(0);
        let reason = if steps > 0 {
            ModifierReason::SmallTarget
        } else {
            ModifierReason::LargeTarget
        };
        modifiers.push(Modifier::steps(reason, steps));
    }
    if dark {
        let steps = if perception >= KEEN_PERCEPTION { 1 } else { 2 };
        modifiers.push(Modifier::steps(ModifierReason::Dark, steps));
    }
    modifiers
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::situation::{RangeBand, RangeReading};

    fn steps(facts: &ShotFacts) -> i32 {
        shot_value(facts)
            .modifiers
            .iter()
            .map(|modifier| i32::from(modifier.difficulty_steps()))
            .sum()
    }

    /// (band, point-blank, cover) → steps: +2 behind cover, −2 point-blank, +1/+2 past range.
    #[test]
    fn a_shot_is_harder_behind_cover_and_easier_point_blank() {
        let table = [
            ((RangeBand::Base, false, LineCover::Open), 0),
            ((RangeBand::Base, true, LineCover::Open), -2),
            ((RangeBand::Base, false, LineCover::HalfConcealed), 2),
            ((RangeBand::Long, false, LineCover::HalfConcealed), 3),
            ((RangeBand::VeryLong, false, LineCover::Through), 4),
            ((RangeBand::Base, true, LineCover::HalfConcealed), 0),
        ];
        for ((band, point_blank, cover), expected) in table {
            let facts = ShotFacts {
                cover,
                ..ShotFacts::plain(RangeReading { band, point_blank })
            };
            assert_eq!(steps(&facts), expected, "{band:?} {point_blank} {cover:?}");
        }
        // A sniper rifle has no point-blank; a shooter in cover is a step harder put.
        let sniper = ShotFacts {
            committed: true,
            shooter_in_cover: true,
            ..ShotFacts::plain(RangeReading {
                band: RangeBand::Base,
                point_blank: true,
            })
        };
        assert_eq!(steps(&sniper), 1);
        let beyond = ShotFacts::plain(RangeReading {
            band: RangeBand::OutOfRange,
            point_blank: false,
        });
        assert!(!shot_value(&beyond).possible);
    }

    /// (rounds of aim, target moved) → steps: a step a round, three at most, two at a target
    /// that moved this round.
    #[test]
    fn aim_takes_a_step_a_round_to_three_or_two_at_a_moving_target() {
        let table = [
            ((0, false), 0),
            ((1, false), -1),
            ((3, false), -3),
            ((5, false), -3),
            ((1, true), -1),
            ((3, true), -2),
        ];
        for ((aim_rounds, target_moved), expected) in table {
            let facts = ShotFacts {
                aimed: aim_rounds > 0,
                aim_rounds,
                target_moved,
                ..ShotFacts::plain(RangeReading {
                    band: RangeBand::Base,
                    point_blank: false,
                })
            };
            assert_eq!(steps(&facts), expected, "{aim_rounds} {target_moved}");
        }
    }

    #[test]
    fn size_and_darkness_make_any_attack_harder() {
        use ModifierReason::{Dark, LargeTarget, SmallTarget};
        let steps = |modifiers: Vec<Modifier>| -> Vec<(ModifierReason, i8)> {
            modifiers
                .iter()
                .map(|modifier| (modifier.reason, modifier.difficulty_steps()))
                .collect()
        };
        let table: [((u32, bool, u32), &[(ModifierReason, i8)]); 8] = [
            ((0, false, 2), &[]),
            ((PERSON_SIZE, false, 2), &[]),
            // Level B2's guard dog, child-sized.
            ((3, false, 2), &[(SmallTarget, 1)]),
            ((1, false, 2), &[(SmallTarget, 3)]),
            ((5, false, 2), &[(LargeTarget, -1)]),
            ((7, false, 2), &[(LargeTarget, -3)]),
            // The unlit bay: two steps, one for Perception 5.
            ((0, true, 4), &[(Dark, 2)]),
            ((3, true, 5), &[(SmallTarget, 1), (Dark, 1)]),
        ];
        for ((size, dark, perception), expected) in table {
            assert_eq!(
                steps(sight_and_size(size, dark, perception)),
                expected,
                "size {size}, dark {dark}, Perception {perception}"
            );
        }
    }

    /// SPECS.md 2.1's target modifiers: running +1 ("[house] it moved beyond its free movement
    /// this round"), immobilised −3; a target held fast runs nowhere, so −3 alone.
    #[test]
    fn a_running_target_is_harder_and_an_immobilised_one_easier() {
        use crate::rulesets::d10_pool::reasons::{IMMOBILISED_TARGET, RUNNING_TARGET};
        let table: [((bool, bool), &[(ModifierReason, i8)]); 4] = [
            ((false, false), &[]),
            ((true, false), &[(RUNNING_TARGET, 1)]),
            ((false, true), &[(IMMOBILISED_TARGET, -3)]),
            ((true, true), &[(IMMOBILISED_TARGET, -3)]),
        ];
        for ((ran, immobilised), expected) in table {
            let found: Vec<(ModifierReason, i8)> = target_on_the_move(ran, immobilised)
                .iter()
                .map(|modifier| (modifier.reason, modifier.difficulty_steps()))
                .collect();
            assert_eq!(found, expected, "ran {ran}, immobilised {immobilised}");
        }
        // In a shot's worth, with the rest: a running target in cover at long range is +4.
        let facts = ShotFacts {
            cover: LineCover::HalfConcealed,
            target_ran: true,
            ..ShotFacts::plain(RangeReading {
                band: RangeBand::Long,
                point_blank: false,
            })
        };
        assert_eq!(steps(&facts), 4);
    }
}
