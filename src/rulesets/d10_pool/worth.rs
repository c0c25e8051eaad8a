//! What the facts of a shot are worth in the d10 pool, in steps of difficulty: the range bands
//! past the listed range, point-blank within 2 metres (not for a weapon thrown, nor a committed
//! one: a sniper rifle), a target behind cover beside it on the line of fire, and a shooter in
//! cover of its own.

use super::reach;
use crate::rules::modifiers::{Modifier, ModifierReason};
use crate::rules::situation::{LineCover, ShotFacts, Worth};

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
            ModifierReason::ShooterInCover,
            SHOOTER_IN_COVER_STEPS,
        ));
    }
    Worth {
        modifiers,
        possible: true,
    }
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
}
