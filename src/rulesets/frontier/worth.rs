//! What the facts of a shot, a blow and a unit's own state are worth in the western (SPECS.md
//! 3.1's modifier table), in steps of ten percentiles, positive helping: the range bands
//! (medium −2, long −4, none past four times the base range), point-blank +4 within 10 feet,
//! taking a bead +3, a target that moved −2, cover by posture (−2 standing behind low cover or
//! kneeling in the open, −4 kneeling behind it or prone, never past −4), night −2, n shots in a
//! pull −(n−1) each, the firer moved −2, drawing this round −2, and the wound bands of Damage
//! Points lost.

use super::check::CORE_ROLL;
use crate::rules::melee::{BodyBlow, SpecificBlow};
use crate::rules::modifiers::{Modifier, ModifierReason};
use crate::rules::situation::{BlowFacts, LineCover, RangeBand, ShotFacts, StandingFacts, Worth};
use crate::rulesets::frontier::reasons;

/// The steps of the modifier table.
const POINT_BLANK: i32 = 4;
const MEDIUM_RANGE: i32 = -2;
const LONG_RANGE: i32 = -4;
const TAKING_A_BEAD: i32 = 3;
const TARGET_MOVED: i32 = -2;
const TARGET_ZIGZAGGED: i32 = -4;
const HALF_COVER: i32 = -2;
const THREE_QUARTER_COVER: i32 = -4;
const NIGHT: i32 = -2;
const FIRER_MOVED: i32 = -2;
const SPECIFIC_SHOT: i32 = -2;
const TARGET_SURPRISED: i32 = 4;
const MOVED_INTO_RANGE: i32 = -2;
const KICK: i32 = -1;
const SPECIFIC_BLOW: i32 = -2;
const KNOCKOUT_OR_DISARM: i32 = -2;
const DRAWING: i32 = -2;

/// What a blow's facts are worth: −1 for a kick, −2 for a specific blow and a further −2 to
/// knock out or to disarm and catch, −2 for moving into range this round (the wound band is the
/// unit's standing modifier, on every roll).
pub fn blow_value(facts: &BlowFacts) -> Vec<Modifier> {
    let mut modifiers = Vec::new();
    if facts.body_blow == Some(BodyBlow::Kick) {
        modifiers.push(CORE_ROLL.step(reasons::KICK, KICK));
    }
    if let Some(blow) = facts.specific_blow {
        modifiers.push(CORE_ROLL.step(reasons::SPECIFIC_BLOW, SPECIFIC_BLOW));
        let further = match blow {
            SpecificBlow::Knockout => Some(reasons::KNOCKOUT_BLOW),
            SpecificBlow::DisarmAndCatch => Some(reasons::DISARM_AND_CATCH),
            SpecificBlow::Trip | SpecificBlow::Restrain => None,
        };
        if let Some(reason) = further {
            modifiers.push(CORE_ROLL.step(reason, KNOCKOUT_OR_DISARM));
        }
    }
    if facts.attacker_moved {
        modifiers.push(CORE_ROLL.step(reasons::MOVED_INTO_RANGE, MOVED_INTO_RANGE));
    }
    modifiers
}

/// What the range band is worth: nothing to the base range, −2 to twice it, −4 to four times
/// it, and no shot beyond.
pub fn range_value(band: RangeBand) -> Option<Vec<Modifier>> {
    match band {
        RangeBand::Touch | RangeBand::Base => Some(Vec::new()),
        RangeBand::Long => Some(vec![CORE_ROLL.step(reasons::MEDIUM_RANGE, MEDIUM_RANGE)]),
        RangeBand::VeryLong => Some(vec![CORE_ROLL.step(ModifierReason::LongRange, LONG_RANGE)]),
        RangeBand::OutOfRange => None,
    }
}

/// What a shot's facts are worth to the roll.
pub fn shot_value(facts: &ShotFacts) -> Worth {
    let Some(mut modifiers) = range_value(facts.reading.band) else {
        return Worth {
            modifiers: Vec::new(),
            possible: false,
        };
    };
    let mut step = |reason, steps| modifiers.push(CORE_ROLL.step(reason, steps));
    if facts.reading.point_blank {
        step(ModifierReason::PointBlank, POINT_BLANK);
    }
    if facts.aimed {
        step(reasons::TAKING_A_BEAD, TAKING_A_BEAD);
    }
    // A declared zigzag counts all round, in place of the step for moving.
    if facts.target_zigzagged {
        step(reasons::ZIGZAGGING, TARGET_ZIGZAGGED);
    } else if facts.target_moved {
        step(reasons::TARGET_MOVED, TARGET_MOVED);
    }
    let behind_low_cover = facts.cover == LineCover::HalfConcealed;
    if facts.target_prone || (facts.target_kneeling && behind_low_cover) {
        step(reasons::THREE_QUARTER_COVER, THREE_QUARTER_COVER);
    } else if facts.target_kneeling || behind_low_cover {
        step(ModifierReason::HalfCover, HALF_COVER);
    }
    if facts.shots_in_pull > 1 {
        let more = i32::try_from(facts.shots_in_pull - 1).unwrap_or(i32::MAX);
        step(ModifierReason::MultipleShots, -more);
    }
    if facts.shooter_moved {
        step(reasons::FIRER_MOVED, FIRER_MOVED);
    }
    if facts.drew_this_round {
        step(reasons::DRAWING, DRAWING);
    }
    if facts.specific_shot {
        step(reasons::SPECIFIC_SHOT, SPECIFIC_SHOT);
    }
    if facts.target_surprised {
        step(reasons::TARGET_SURPRISED, TARGET_SURPRISED);
    }
    if facts.target_in_dark {
        step(ModifierReason::Dark, NIGHT);
    }
    Worth {
        modifiers,
        possible: true,
    }
}

/// The wound band of a unit with `hit_points` of `most` left: 0 unhurt, −1 above three
/// quarters, −2 above a half (exactly three quarters included), −3 at a half or below.
pub fn wound_band(hit_points: u32, most: u32) -> i32 {
    let left = u64::from(hit_points);
    let most = u64::from(most);
    if left >= most {
        0
    } else if 4 * left > 3 * most {
        -1
    } else if 2 * left > most {
        -2
    } else {
        -3
    }
}

/// What the unit's wounds cost every roll it makes.
pub fn standing_modifiers(facts: &StandingFacts) -> Vec<Modifier> {
    let band = wound_band(facts.hit_points, facts.max_hit_points);
    if band == 0 {
        Vec::new()
    } else {
        vec![CORE_ROLL.step(ModifierReason::Wounded, band)]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::modifiers::Effect;
    use crate::rules::situation::RangeReading;

    fn steps(modifiers: &[Modifier]) -> i32 {
        modifiers
            .iter()
            .map(|modifier| match modifier.effect {
                Effect::Add(points) => points / 10,
                _ => 0,
            })
            .sum()
    }

    fn shot(band: RangeBand, point_blank: bool) -> ShotFacts {
        ShotFacts::plain(RangeReading { band, point_blank })
    }

    /// Each step of the table alone, and cover held at −4 for a prone target behind cover.
    #[test]
    fn the_modifier_steps() {
        let base = shot(RangeBand::Base, false);
        let table: [(ShotFacts, i32); 18] = [
            (base, 0),
            (shot(RangeBand::Base, true), 4),
            (shot(RangeBand::Long, false), -2),
            (shot(RangeBand::VeryLong, false), -4),
            (
                ShotFacts {
                    aimed: true,
                    ..base
                },
                3,
            ),
            (
                ShotFacts {
                    target_moved: true,
                    ..base
                },
                -2,
            ),
            (
                ShotFacts {
                    cover: LineCover::HalfConcealed,
                    ..base
                },
                -2,
            ),
            (
                ShotFacts {
                    cover: LineCover::HalfConcealed,
                    target_prone: true,
                    ..base
                },
                -4,
            ),
            (
                ShotFacts {
                    target_in_dark: true,
                    ..base
                },
                -2,
            ),
            (
                ShotFacts {
                    target_kneeling: true,
                    ..base
                },
                -2,
            ),
            (
                ShotFacts {
                    cover: LineCover::HalfConcealed,
                    target_kneeling: true,
                    ..base
                },
                -4,
            ),
            (
                ShotFacts {
                    shots_in_pull: 3,
                    ..base
                },
                -2,
            ),
            (
                ShotFacts {
                    shots_in_pull: 2,
                    ..base
                },
                -1,
            ),
            (
                ShotFacts {
                    shooter_moved: true,
                    ..base
                },
                -2,
            ),
            (
                ShotFacts {
                    drew_this_round: true,
                    ..base
                },
                -2,
            ),
            (
                ShotFacts {
                    specific_shot: true,
                    ..base
                },
                -2,
            ),
            (
                ShotFacts {
                    target_surprised: true,
                    ..base
                },
                4,
            ),
            // Big Jim's bead and specific shot at the legs, 2x out: +3 − 2 − 2.
            (
                ShotFacts {
                    aimed: true,
                    specific_shot: true,
                    ..shot(RangeBand::Long, false)
                },
                -1,
            ),
        ];
        for (facts, expected) in table {
            let worth = shot_value(&facts);
            assert!(worth.possible);
            assert_eq!(steps(&worth.modifiers), expected, "{facts:?}");
        }
        assert!(!shot_value(&shot(RangeBand::OutOfRange, false)).possible);
    }

    /// SPECS.md 3.4: Wes (RM 23) drawing his Colt at the Kid 33 yards off (long, −4; drawing,
    /// −2) has 16%; the Kid (RM 26) firing 3 shots at Wes (−2 each, and long) has 22% a shot.
    #[test]
    fn wes_and_the_kid() {
        let long = shot(RangeBand::VeryLong, false);
        let wes = shot_value(&ShotFacts {
            drew_this_round: true,
            ..long
        });
        assert_eq!(CORE_ROLL.chance(23, &wes.modifiers), 16);
        let kid = shot_value(&ShotFacts {
            shots_in_pull: 3,
            ..long
        });
        assert_eq!(CORE_ROLL.chance(26, &kid.modifiers), 22);
    }

    /// (DP left of 32, band): exactly three quarters is −2, exactly a half −3.
    #[test]
    fn wound_bands_at_their_edges() {
        let table = [
            (32, 0),
            (31, -1),
            (25, -1),
            (24, -2),
            (17, -2),
            (16, -3),
            (0, -3),
        ];
        for (left, band) in table {
            assert_eq!(wound_band(left, 32), band, "{left} of 32");
        }
        let facts = StandingFacts {
            hit_points: 20,
            max_hit_points: 32,
            ..StandingFacts::default()
        };
        assert_eq!(steps(&standing_modifiers(&facts)), -2);
    }
}
