//! What the facts of a situation are worth in CoC: the difficulty a shot's range band sets, and
//! each bonus and penalty die a shot's or a blow's situation gives, named, in the order the roll
//! lists them. Automatic fire's later rolls add penalty dice, and past the second one steps of
//! difficulty.

use crate::rules::firearms::{
    FAST_MOVEMENT, following_volley_dice, following_volley_steps, raised, size_dice,
};
use crate::rules::melee::outnumbered;
use crate::rules::modifiers::{Modifier, ModifierReason};
use crate::rules::percentile::Difficulty;
use crate::rules::situation::{BlowFacts, LineCover, OwnRollFacts, RangeBand, ShotFacts, Worth};
use crate::rulesets::coc7e::reasons;

/// The difficulty of an attack at a band; `None` when it cannot be made.
pub fn band_difficulty(band: RangeBand) -> Option<Difficulty> {
    match band {
        RangeBand::Touch | RangeBand::Base => Some(Difficulty::Regular),
        RangeBand::Long => Some(Difficulty::Hard),
        RangeBand::VeryLong => Some(Difficulty::Extreme),
        RangeBand::OutOfRange => None,
    }
}

/// The steps of difficulty a band sets, named; `None` when no attack can reach.
pub fn range_value(band: RangeBand) -> Option<Vec<Modifier>> {
    let difficulty = band_difficulty(band)?;
    Some(match difficulty {
        Difficulty::Hard => vec![Modifier::steps(ModifierReason::LongRange, 1)],
        Difficulty::Extreme => vec![Modifier::steps(ModifierReason::VeryLongRange, 2)],
        Difficulty::Regular | Difficulty::Critical => Vec::new(),
    })
}

/// A shot's worth: the difficulty (`None`: no roll can hit), every bonus and penalty die, and
/// the steps of difficulty that set it, named.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ShotValue {
    pub difficulty: Option<Difficulty>,
    pub modifiers: Vec<Modifier>,
    pub steps: Vec<Modifier>,
}

impl ShotValue {
    /// Every modifier of the shot, dice first, then the steps, and whether it can hit.
    pub fn worth(self) -> Worth {
        Worth {
            possible: self.difficulty.is_some(),
            modifiers: self.modifiers.into_iter().chain(self.steps).collect(),
        }
    }
}

/// The net bonus (positive) or penalty (negative) dice of some modifiers, before they are
/// capped.
fn net_dice(modifiers: &[Modifier]) -> i8 {
    let sum: i32 = modifiers
        .iter()
        .map(|modifier| i32::from(modifier.dice()))
        .sum();
    i8::try_from(sum.clamp(-100, 100)).unwrap_or_default()
}

/// What the facts of a shot are worth. With `point_blank_revisited`, a cumbersome weapon gets
/// no point-blank bonus die.
pub fn shot_value(facts: &ShotFacts, point_blank_revisited: bool) -> ShotValue {
    let mut modifiers = Vec::new();
    let mut add = |reason, dice| modifiers.push(Modifier::new(reason, dice));
    let point_blank_counts = !(point_blank_revisited && facts.cumbersome);
    if !facts.thrown && facts.reading.point_blank && point_blank_counts {
        add(ModifierReason::PointBlank, 1);
    }
    if facts.aimed {
        add(ModifierReason::Aiming, 1);
    }
    match facts.cover {
        LineCover::HalfConcealed => add(ModifierReason::HalfCover, -1),
        LineCover::Through => add(ModifierReason::ThroughCover, -1),
        LineCover::Open => {}
    }
    if facts.dived {
        add(reasons::DIVED_FOR_COVER, -1);
    }
    if !facts.thrown && facts.shooter_prone {
        add(reasons::PRONE_SHOOTER, 1);
    }
    if facts.target_prone && !facts.reading.point_blank {
        add(reasons::PRONE_TARGET, -1);
    }
    if facts.target_ran && facts.target_movement >= FAST_MOVEMENT {
        add(reasons::FAST_TARGET, -1);
    }
    match size_dice(facts.target_size) {
        0 => {}
        dice if dice < 0 => add(ModifierReason::SmallTarget, dice),
        dice => add(ModifierReason::LargeTarget, dice),
    }
    if facts.into_melee {
        add(reasons::INTO_MELEE, -1);
    }
    if facts.multiple {
        add(ModifierReason::MultipleShots, -1);
    }
    if facts.chambered {
        add(reasons::CHAMBERED, -1);
    }
    if facts.initiative_edge {
        add(reasons::CRITICAL_INITIATIVE, 1);
    }
    if facts.hindered {
        add(reasons::HINDERED, -1);
    }
    if facts.held {
        add(reasons::HELD, -1);
    }
    let mut difficulty = band_difficulty(facts.reading.band);
    let mut steps = range_value(facts.reading.band).unwrap_or_default();
    if let Some(roll) = facts.volley_roll {
        let others = net_dice(&modifiers);
        if roll > 0 {
            modifiers.push(Modifier::new(
                reasons::FOLLOWING_VOLLEY,
                following_volley_dice(roll),
            ));
        }
        let volley_steps = following_volley_steps(others, roll);
        if volley_steps > 0 {
            steps.push(Modifier::steps(
                reasons::FOLLOWING_VOLLEY,
                i8::try_from(volley_steps).unwrap_or(i8::MAX),
            ));
        }
        difficulty = difficulty.and_then(|start| raised(start, volley_steps));
    }
    ShotValue {
        difficulty,
        modifiers,
        steps,
    }
}

/// What the facts of a blow or a maneuver are worth to the attacker's roll, made at Regular
/// difficulty.
pub fn blow_value(facts: &BlowFacts) -> Vec<Modifier> {
    let mut modifiers = Vec::new();
    let mut add = |reason, dice| modifiers.push(Modifier::new(reason, dice));
    if outnumbered(facts.defences_this_round, facts.defender_attacks) {
        add(reasons::OUTNUMBERED, 1);
    }
    if facts.target_prone {
        add(reasons::PRONE_TARGET, 1);
    }
    if facts.target_exposed {
        add(reasons::EXPOSED_TARGET, 1);
    }
    if facts.unseen_maneuver {
        add(reasons::UNSEEN, 1);
    }
    if facts.initiative_edge {
        add(reasons::CRITICAL_INITIATIVE, 1);
    }
    if facts.hindered {
        add(reasons::HINDERED, -1);
    }
    if facts.held && !facts.breaking_hold {
        add(reasons::HELD, -1);
    }
    if facts.size_penalty > 0 {
        add(reasons::SMALLER_BUILD, -facts.size_penalty.cast_signed());
    }
    modifiers
}

/// A unit's own roll: a penalty die hampered, another held, a bonus die for a critical DEX
/// roll's first attack.
pub fn own_roll_value(facts: &OwnRollFacts) -> Vec<Modifier> {
    let mut modifiers = Vec::new();
    if facts.hindered {
        modifiers.push(Modifier::new(reasons::HINDERED, -1));
    }
    if facts.held {
        modifiers.push(Modifier::new(reasons::HELD, -1));
    }
    if facts.initiative_edge {
        modifiers.push(Modifier::new(reasons::CRITICAL_INITIATIVE, 1));
    }
    if facts.size_penalty > 0 {
        modifiers.push(Modifier::new(
            reasons::SMALLER_BUILD,
            -facts.size_penalty.cast_signed(),
        ));
    }
    modifiers
}

/// The steps of difficulty an attacker's Stealth sets the roll to notice it: none below 50,
/// one (Hard) from 50, two (Extreme) from 90.
pub fn notice_value(stealth: u32) -> Vec<Modifier> {
    let steps = match stealth {
        0..=49 => return Vec::new(),
        50..=89 => 1,
        _ => 2,
    };
    vec![Modifier::steps(reasons::OPPOSING_SKILL, steps)]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::situation::RangeReading;
    use crate::rulesets::coc7e::difficulty_of;

    /// A plain shot at base range: nothing on it.
    fn plain() -> ShotFacts {
        ShotFacts {
            target_movement: 8,
            ..ShotFacts::plain(RangeReading {
                band: RangeBand::Base,
                point_blank: false,
            })
        }
    }

    fn named(value: &ShotValue) -> Vec<(ModifierReason, i8)> {
        value
            .modifiers
            .iter()
            .map(|modifier| (modifier.reason, modifier.dice()))
            .collect()
    }

    #[test]
    fn each_band_sets_its_difficulty() {
        for (band, difficulty) in [
            (RangeBand::Touch, Some(Difficulty::Regular)),
            (RangeBand::Base, Some(Difficulty::Regular)),
            (RangeBand::Long, Some(Difficulty::Hard)),
            (RangeBand::VeryLong, Some(Difficulty::Extreme)),
            (RangeBand::OutOfRange, None),
        ] {
            let facts = ShotFacts {
                reading: RangeReading {
                    band,
                    point_blank: false,
                },
                ..plain()
            };
            assert_eq!(shot_value(&facts, false).difficulty, difficulty, "{band:?}");
            // The steps the demand carries set the same difficulty.
            let worth = shot_value(&facts, false).worth();
            let demanded = worth.possible.then_some(worth.modifiers);
            assert_eq!(demanded.and_then(|m| difficulty_of(&m)), difficulty);
        }
    }

    #[test]
    fn the_situation_is_named_die_by_die() {
        use ModifierReason as R;
        let facts = ShotFacts {
            reading: RangeReading {
                band: RangeBand::Long,
                point_blank: true,
            },
            cover: LineCover::HalfConcealed,
            aimed: true,
            target_prone: true,
            target_ran: true,
            target_movement: 9,
            target_size: 4,
            into_melee: true,
            held: true,
            ..plain()
        };
        let value = shot_value(&facts, false);
        assert_eq!(value.difficulty, Some(Difficulty::Hard));
        // A prone target at point-blank range is no harder to hit.
        assert_eq!(
            named(&value),
            [
                (R::PointBlank, 1),
                (R::Aiming, 1),
                (R::HalfCover, -1),
                (reasons::FAST_TARGET, -1),
                (R::LargeTarget, 1),
                (reasons::INTO_MELEE, -1),
                (reasons::HELD, -1),
            ]
        );
        // A thrown weapon and a cumbersome one under the revisited rule get no point-blank die.
        let thrown = ShotFacts {
            thrown: true,
            ..facts
        };
        assert!(!named(&shot_value(&thrown, false)).contains(&(R::PointBlank, 1)));
        let rifle = ShotFacts {
            cumbersome: true,
            ..facts
        };
        assert!(named(&shot_value(&rifle, false)).contains(&(R::PointBlank, 1)));
        assert!(!named(&shot_value(&rifle, true)).contains(&(R::PointBlank, 1)));
    }

    #[test]
    fn later_volleys_add_dice_then_steps() {
        let volley = |roll: u32, cover: LineCover| {
            shot_value(
                &ShotFacts {
                    cover,
                    volley_roll: Some(roll),
                    ..plain()
                },
                false,
            )
        };
        assert_eq!(named(&volley(0, LineCover::Open)), []);
        assert_eq!(
            volley(2, LineCover::Open).difficulty,
            Some(Difficulty::Regular)
        );
        assert_eq!(
            named(&volley(2, LineCover::Open)),
            [(reasons::FOLLOWING_VOLLEY, -2)]
        );
        // A third penalty die becomes a step of difficulty.
        assert_eq!(
            volley(3, LineCover::Open).difficulty,
            Some(Difficulty::Hard)
        );
        assert_eq!(
            volley(2, LineCover::HalfConcealed).difficulty,
            Some(Difficulty::Hard)
        );
        // Past Critical no roll can hit.
        assert_eq!(volley(6, LineCover::Open).difficulty, None);
        let past = volley(6, LineCover::Open).worth();
        assert!(!past.possible);
        assert_eq!(difficulty_of(&past.modifiers), None);
        let third = volley(3, LineCover::Open).worth();
        assert!(third.possible);
        assert_eq!(difficulty_of(&third.modifiers), Some(Difficulty::Hard));
    }

    #[test]
    fn a_blow_is_worth_what_its_situation_gives() {
        let named = |facts: BlowFacts| -> Vec<(ModifierReason, i8)> {
            blow_value(&facts)
                .iter()
                .map(|modifier| (modifier.reason, modifier.dice()))
                .collect()
        };
        let plain = BlowFacts {
            defender_attacks: 1,
            ..BlowFacts::default()
        };
        assert_eq!(named(plain), []);
        // The defender has answered once already with its one attack: outnumbered.
        let ganged = BlowFacts {
            defences_this_round: 1,
            target_prone: true,
            held: true,
            size_penalty: 2,
            ..plain
        };
        assert_eq!(
            named(ganged),
            [
                (reasons::OUTNUMBERED, 1),
                (reasons::PRONE_TARGET, 1),
                (reasons::HELD, -1),
                (reasons::SMALLER_BUILD, -2)
            ]
        );
        // Breaking the hold one is in carries no penalty for being held.
        let breaking = BlowFacts {
            held: true,
            breaking_hold: true,
            ..plain
        };
        assert_eq!(named(breaking), []);
    }
}
