//! What the facts of a situation are worth in BRP: points added and factors multiplied, from
//! the exact distance (point-blank within DEX feet, the chance halving for each further
//! multiple of the base range, both doubled by aiming), big targets, and half concealment.
//! BRP gives a blow no modifiers of its own.

use super::chance::{ShotSituation, point_blank, range_factor, range_multiple, shot_modifiers};
use crate::rules::modifiers::{Effect, Modifier};
use crate::rules::situation::{LineCover, RangeBand, ShotFacts, Worth};
use crate::rulesets::brp_classic::reasons;

/// What a shot's facts are worth to its chance. A burst adds 5 a bullet, never more than the
/// skill; a thrown weapon is never at point-blank; a weapon with set bands (a shotgun's) loses
/// no chance with distance; cover the shot goes through costs nothing (its armor comes off the
/// damage).
pub fn shot_value(facts: &ShotFacts) -> Worth {
    let squared_yards = u32::try_from(facts.squared_yards).unwrap_or(u32::MAX);
    let multiple = facts.base_feet.map_or(1, |feet| {
        range_multiple(squared_yards, feet.div_ceil(3), facts.aimed)
    });
    let situation = ShotSituation {
        point_blank: !facts.thrown
            && point_blank(squared_yards, facts.shooter_dexterity, facts.aimed),
        range_multiple: multiple,
        unaimed: facts.unaimed,
        half_concealed: facts.cover == LineCover::HalfConcealed,
        target_size: facts.target_siz,
        burst: facts.volley_bullets,
    };
    Worth {
        modifiers: shot_modifiers(facts.shooter_skill, &situation),
        possible: true,
    }
}

/// What the range band alone is worth (a throw at a spot on the ground): the chance halves for
/// long range and quarters beyond.
pub fn range_value(band: RangeBand) -> Option<Vec<Modifier>> {
    let multiple = match band {
        RangeBand::Touch | RangeBand::Base => return Some(Vec::new()),
        RangeBand::Long => 2,
        RangeBand::VeryLong => 3,
        RangeBand::OutOfRange => return None,
    };
    Some(vec![Modifier {
        reason: reasons::EXTENDED_RANGE,
        effect: Effect::Times(range_factor(multiple)),
    }])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::situation::RangeReading;
    use crate::rulesets::brp_classic::chance::chance;

    /// Harvey (DEX 14, a .38 with a 15-yard base range) shooting from `squared_yards` away.
    fn harvey(squared_yards: u64) -> ShotFacts {
        ShotFacts {
            squared_yards,
            base_feet: Some(45),
            shooter_dexterity: 14,
            ..ShotFacts::plain(RangeReading {
                band: RangeBand::Base,
                point_blank: false,
            })
        }
    }

    fn chance_at(facts: &ShotFacts) -> u32 {
        chance(55, &shot_value(facts).modifiers)
    }

    /// SPECS.md 1.4's numbers: point-blank within 14 feet (4.67 yards) doubles 55; at 17 yards
    /// (the second multiple of 15) it halves to 27; aiming doubles both distances; half
    /// concealment halves; the Thing's SIZ 42 adds 5 before any factor.
    #[test]
    fn the_kingsport_numbers() {
        assert_eq!(chance_at(&harvey(16)), 110, "4 yards: point-blank");
        assert_eq!(chance_at(&harvey(25)), 55, "5 yards: not point-blank");
        assert_eq!(
            chance_at(&harvey(17 * 17)),
            27,
            "17 yards: the second multiple"
        );
        assert_eq!(
            chance_at(&harvey(31 * 31)),
            13,
            "31 yards: the third multiple"
        );
        let aimed = ShotFacts {
            aimed: true,
            ..harvey(25)
        };
        assert_eq!(chance_at(&aimed), 110, "aiming doubles point-blank's reach");
        let aimed_far = ShotFacts {
            aimed: true,
            ..harvey(17 * 17)
        };
        assert_eq!(chance_at(&aimed_far), 55, "and the base range");
        let crates = ShotFacts {
            cover: LineCover::HalfConcealed,
            ..harvey(17 * 17)
        };
        assert_eq!(
            chance_at(&crates),
            13,
            "half concealed, at the second multiple"
        );
        let through = ShotFacts {
            cover: LineCover::Through,
            ..harvey(100)
        };
        assert_eq!(
            chance_at(&through),
            55,
            "shooting through cover costs no chance"
        );
        let thing = ShotFacts {
            target_siz: 42,
            ..harvey(17 * 17)
        };
        assert_eq!(chance_at(&thing), 30, "(55 + 5) x 1/2");
        let shotgun = ShotFacts {
            base_feet: None,
            ..harvey(30 * 30)
        };
        assert_eq!(chance_at(&shotgun), 55, "a shotgun's bands cost no chance");
        let thrown = ShotFacts {
            thrown: true,
            ..harvey(4)
        };
        assert_eq!(chance_at(&thrown), 55, "a throw is never point-blank");
        // Tommy's Thompson (SMG 45): a burst of 5 adds 25; of 12, no more than 45.
        let burst = |bullets: u32| ShotFacts {
            volley_roll: Some(0),
            volley_bullets: bullets,
            shooter_skill: 45,
            ..harvey(10 * 10)
        };
        assert_eq!(chance(45, &shot_value(&burst(5)).modifiers), 70);
        assert_eq!(chance(45, &shot_value(&burst(12)).modifiers), 90);
    }
}
