//! The unit sheet: characteristics on the 3-18 scale and what follows from them (hit points,
//! damage bonus, Luck, movement, the base skills). The text assumes a classic sheet it never
//! prints; these are the classic values SPECS.md section 1.1 sets down.

use crate::rules::characteristics::Characteristics;
use crate::rules::damage::{Formula, Term, TermKind};
use crate::rules::skills::{
    DODGE, FIRST_AID, MECHANICAL_REPAIR, MEDICINE, SkillBase, SkillEntry, THROW, fighting,
    find_skill, skill,
};
use crate::rules::wounds::{BlowResult, BlowSeverity};

/// Hit points: the average of CON and SIZ, rounded up.
pub fn hit_points(constitution: u32, size: u32) -> u32 {
    (constitution + size).div_ceil(2)
}

/// Luck: POW x 5.
pub fn luck(power: u32) -> u32 {
    power * 5
}

/// Yards a human moves in a round and still acts.
pub const MOVEMENT: u32 = 8;

/// The damage bonus for a total of STR + SIZ: up to 12 is −1D6, up to 16 −1D4, up to 24 none,
/// up to 32 +1D4, up to 40 +1D6, up to 56 +2D6, up to 72 +3D6, and one more D6 for each further
/// 16 points.
pub fn damage_bonus(strength_plus_size: u32) -> Formula {
    let dice = |negative: bool, count: u32, sides: u32| Formula {
        terms: vec![Term {
            negative,
            kind: TermKind::Dice { count, sides },
        }],
    };
    match strength_plus_size {
        0..=12 => dice(true, 1, 6),
        13..=16 => dice(true, 1, 4),
        17..=24 => Formula {
            terms: vec![Term {
                negative: false,
                kind: TermKind::Flat(0),
            }],
        },
        25..=32 => dice(false, 1, 4),
        33..=40 => dice(false, 1, 6),
        41..=56 => dice(false, 2, 6),
        total => dice(false, 3 + (total - 57) / 16, 6),
    }
}

/// What one wound of `damage` (after armor) does to a unit with `hit_points` left (or already
/// `below_zero`): a shock when it takes half of them or more (the unit rolls CON x 5 or falls
/// unconscious, if it is still above 2); unconscious at 1 or 2 left; dying at none or fewer,
/// the hit points going below zero (healing counts from there).
pub fn take_blow(damage: u32, hit_points: u32, below_zero: u32) -> BlowResult {
    let shock = damage > 0 && damage.saturating_mul(2) >= hit_points;
    let remaining = hit_points.saturating_sub(damage);
    let under = below_zero + damage.saturating_sub(hit_points);
    BlowResult {
        severity: if shock {
            BlowSeverity::Major
        } else {
            BlowSeverity::Regular
        },
        hit_points: remaining,
        below_zero: under,
        major_wound: false,
        dead: false,
        dying: remaining == 0,
        knocked_out: (1..=2).contains(&remaining),
        needs_con_roll: shock && remaining >= 3,
    }
}

/// Hit points after `healed` more, from `hit_points` (or `below_zero`), never past `maximum`:
/// the hit points and how far below zero they still are.
pub fn heal(hit_points: u32, below_zero: u32, healed: u32, maximum: u32) -> (u32, u32) {
    if healed <= below_zero {
        return (0, below_zero - healed);
    }
    ((hit_points + healed - below_zero).min(maximum), 0)
}

/// The skill fists are rolled with.
pub const FIST: &str = "Fist/Punch";

/// The skill under which an unarmed blow does double damage.
pub const MARTIAL_ARTS: &str = "Martial Arts";

/// The skill a grapple is rolled on.
pub const GRAPPLE: &str = "Grapple";

/// The skills a BRP classic fight calls for, with the classic base values (SPECS.md 1.1).
pub const BRP_SKILLS: &[SkillEntry] = &[
    SkillEntry {
        name: DODGE,
        aliases: &[],
        base: SkillBase::TwiceDexterity,
        hand_to_hand: false,
    },
    fighting(FIST, &["Fist", "Punch"], 50),
    fighting("Kick", &[], 25),
    fighting("Head Butt", &[], 10),
    fighting(GRAPPLE, &[], 25),
    fighting(MARTIAL_ARTS, &[], 1),
    skill("Handgun", &[], 20),
    skill("Rifle", &[], 25),
    skill("Shotgun", &[], 30),
    skill("SMG", &["Submachine Gun"], 15),
    skill("MG", &["Machine Gun"], 15),
    skill(THROW, &[], 25),
    fighting("Knife", &[], 25),
    fighting("Club", &[], 25),
    fighting("Tentacle", &[], 0),
    skill(FIRST_AID, &[], 30),
    skill(MEDICINE, &[], 5),
    skill(MECHANICAL_REPAIR, &[], 20),
];

/// The base value of a skill by its name, or `None` for a skill the sheet does not know.
pub fn base_skill(name: &str, characteristics: &Characteristics) -> Option<u32> {
    find_skill(BRP_SKILLS, name).map(|entry| entry.base_value(characteristics))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hit_points_round_up() {
        for (constitution, size, expected) in [(10, 13, 12), (12, 12, 12), (3, 8, 6), (18, 18, 18)]
        {
            assert_eq!(
                hit_points(constitution, size),
                expected,
                "CON {constitution} SIZ {size}"
            );
        }
        assert_eq!(luck(11), 55);
    }

    /// (damage, hit points before) → (hit points after, shock, CON roll, unconscious, dying).
    #[test]
    fn what_one_wound_does() {
        for (damage, before, expected) in [
            (3, 13, (10, false, false, false, false)),
            (7, 13, (6, true, true, false, false)),
            (6, 13, (7, false, false, false, false)),
            (10, 13, (3, true, true, false, false)),
            (11, 13, (2, true, false, true, false)),
            (1, 3, (2, false, false, true, false)),
            (13, 13, (0, true, false, false, true)),
            (40, 13, (0, true, false, false, true)),
        ] {
            let blow = take_blow(damage, before, 0);
            let got = (
                blow.hit_points,
                blow.severity == BlowSeverity::Major,
                blow.needs_con_roll,
                blow.knocked_out,
                blow.dying,
            );
            assert_eq!(got, expected, "{damage} damage at {before} hit points");
            assert!(
                !blow.dead && !blow.major_wound,
                "nothing kills outright in BRP"
            );
        }
    }

    /// Hit points go below zero and count from there: 13 damage at 8 is 5 below, 2 more is 7;
    /// healing 3 leaves 4 below, 8 more is 4 hit points.
    #[test]
    fn hit_points_go_below_zero() {
        let blow = take_blow(13, 8, 0);
        assert_eq!((blow.hit_points, blow.below_zero, blow.dying), (0, 5, true));
        let again = take_blow(2, 0, 5);
        assert_eq!(
            (again.hit_points, again.below_zero, again.dying),
            (0, 7, true)
        );
        assert_eq!(heal(0, 7, 3, 13), (0, 4));
        assert_eq!(heal(0, 4, 8, 13), (4, 0));
        assert_eq!(heal(10, 0, 3, 12), (12, 0), "never past the maximum");
    }

    #[test]
    fn the_damage_bonus_table() {
        let words = |total: u32| damage_bonus(total).to_string();
        for (total, expected) in [
            (2, "-1D6"),
            (12, "-1D6"),
            (13, "-1D4"),
            (16, "-1D4"),
            (17, "0"),
            (24, "0"),
            (25, "1D4"),
            (32, "1D4"),
            (33, "1D6"),
            (40, "1D6"),
            (41, "2D6"),
            (56, "2D6"),
            (57, "3D6"),
            (72, "3D6"),
            (73, "4D6"),
            (88, "4D6"),
            (89, "5D6"),
        ] {
            assert_eq!(words(total), expected, "STR + SIZ {total}");
        }
    }

    #[test]
    fn base_skills_from_the_sheet() {
        let investigator = Characteristics {
            strength: 11,
            constitution: 12,
            size: 13,
            intelligence: 14,
            power: 11,
            dexterity: 14,
            appearance: 10,
            education: 16,
            luck: 55,
        };
        assert_eq!(base_skill("Dodge", &investigator), Some(28));
        assert_eq!(base_skill("Fist/Punch", &investigator), Some(50));
        assert_eq!(base_skill("Shotgun", &investigator), Some(30));
        assert_eq!(base_skill("Medicine", &investigator), Some(5));
        assert_eq!(base_skill("Cthulhu Mythos", &investigator), None);
    }
}
