//! Damage on the d100 house sheet, read off the attack roll (SPECS.md 4.1): a bullet does the
//! roll itself, at most the gun's max damage, and a critical the max; hand to hand the digit sum
//! (0 counting as 10) plus the weapon's qualities, a critical 25 (50 with a +6 weapon), a
//! matched success the digit sum twice and the qualities (the roll itself, uncapped, with a +6
//! weapon). Small-calibre artillery (max 200) does its roll doubled. A bullet brought down by
//! cover or a dodge does the digit sum alone, a matched blow dodged a plain blow's damage. A
//! thrown object does a blow's damage without its qualities; the edge of a blast the digit sum
//! of a fresh roll. Where a hit lands comes from the roll's digits swapped: 37 lands at 73, a
//! leg.

use crate::rules::body::BodyPart;
use crate::rules::class_rolls::{FACES, RollClass, Window, class_of, judge, verdict_of};
use crate::rules::damage::{DamagePart, DamageQuality, DamageRoll, DamageSource};
use crate::rules::roll::{Demand, Verdict};
use crate::rules::roll_harm::{HitForm, RollHit};

/// A critical blow's damage, and with a weapon of `BIG_WEAPON` or more.
const CRITICAL_BLOW: u32 = 25;
const BIG_CRITICAL_BLOW: u32 = 50;
/// The quality bonus from which a matched blow does bullet damage and a critical 50.
const BIG_WEAPON: u32 = 6;

/// The max damage of small-calibre artillery: its roll is doubled.
pub const ARTILLERY: u32 = 200;

/// Damage a part must take, all told, to be crippled.
pub const CRIPPLING: u32 = 25;

/// How far a unit with a crippled leg crawls a round, in tenths of a yard: SPECS.md's yard, made
/// one tile in any direction (a diagonal step is a yard and a half).
pub const CRAWL: u32 = 15;

/// The digits of a roll added up, 0 counting as 10: 37 is 10, 30 is 13, 05 is 15, 00 is 20.
pub fn digit_sum(roll: u32) -> u32 {
    let read = |digit: u32| if digit == 0 { 10 } else { digit };
    read(roll / 10 % 10) + read(roll % 10)
}

/// The roll with its digits swapped: 37 is 73, 01 is 10, 90 is 09; 00 stays 00 (read 100).
pub fn flip(roll: u32) -> u32 {
    match roll % 100 {
        0 => 100,
        read => read % 10 * 10 + read / 10,
    }
}

/// The parts of the location table, the ones a shot may be called at.
pub const PARTS: [BodyPart; 6] = [
    BodyPart::Head,
    BodyPart::RightArm,
    BodyPart::LeftArm,
    BodyPart::Torso,
    BodyPart::RightLeg,
    BodyPart::LeftLeg,
];

/// A called shot: the shift on the attack, and the parts it may be called at.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CalledShot {
    pub shift: i32,
    pub parts: &'static [BodyPart],
}

/// A called shot is −20, at any part of the location table.
pub const CALLED: CalledShot = CalledShot {
    shift: -20,
    parts: &PARTS,
};

/// The part a flipped roll lands on: 01-10 head, 11-20 right arm, 21-30 left arm, 31-70 torso,
/// 71-85 right leg, 86-99 left leg; `None` for 00, which never hits.
pub fn part(flipped: u32) -> Option<BodyPart> {
    Some(match flipped {
        1..=10 => BodyPart::Head,
        11..=20 => BodyPart::RightArm,
        21..=30 => BodyPart::LeftArm,
        31..=70 => BodyPart::Torso,
        71..=85 => BodyPart::RightLeg,
        86..=99 => BodyPart::LeftLeg,
        _ => return None,
    })
}

/// Where a hit lands, read off its roll: the digits swapped, on the location table; the number
/// read and the part (`None` where the table names none).
pub fn roll_location(verdict: &Verdict) -> Option<(u32, BodyPart)> {
    let flipped = flip(verdict.value);
    part(flipped).map(|part| (flipped, part))
}

/// What a failed blow still does: to the
/// target (a sharp weapon's 1 on a plain miss), to the wielder (the weapon's bonus on a matched
/// failure or a fumble), and whether the wielder drops the weapon (a fumble).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct MissHarm {
    pub target: u32,
    pub wielder: u32,
    pub drops: bool,
}

/// What a failed blow with `weapon` (its bonus and whether it is sharp; `None` bare-handed)
/// still does: a sharp weapon's plain miss 1 to the target ([house] unless it dodged: the
/// battle's part); a matched failure the weapon's bonus to its wielder, a fumble that and
/// ([house]) the weapon dropped.
pub fn miss_harm(miss: &Verdict, weapon: Option<(u32, bool)>) -> MissHarm {
    let Some((bonus, sharp)) = weapon else {
        return MissHarm::default();
    };
    match class_of(miss) {
        RollClass::Failure => MissHarm {
            target: u32::from(sharp),
            ..MissHarm::default()
        },
        RollClass::MatchedFailure => MissHarm {
            wielder: bonus,
            ..MissHarm::default()
        },
        RollClass::Fumble => MissHarm {
            wielder: bonus,
            drops: true,
            ..MissHarm::default()
        },
        RollClass::Success | RollClass::MatchedSuccess | RollClass::Critical => MissHarm::default(),
    }
}

/// One part of the damage, from a rule.
fn piece(source: DamageSource, value: u32) -> DamagePart {
    DamagePart {
        source,
        dice: Vec::new(),
        value: i32::try_from(value).unwrap_or(i32::MAX),
    }
}

/// The mean harm of one roll against a chance in `window` with a weapon of `weapon_value`
/// dealt in `form`, over the hundred faces: a miss nothing, a hit on a part in `cover` stopped
/// (it stops bullets) or brought down to the digit sum.
pub fn mean_harm(
    (chance, window): (u32, Window),
    weapon_value: u32,
    form: HitForm,
    cover: Option<(&[BodyPart], bool)>,
) -> f64 {
    let total: u32 = FACES
        .map(|roll| {
            let landed = part(flip(roll));
            let covered = cover
                .filter(|(parts, _)| landed.is_some_and(|landed| parts.contains(&landed)))
                .map(|(_, stops)| stops);
            if covered == Some(true) {
                return 0;
            }
            let hit = RollHit {
                verdict: verdict_of(roll, judge(roll, chance, window), false),
                weapon_value,
                form,
                downgraded: covered.is_some(),
            };
            damage_from_roll(&hit).map_or(0, |rolled| rolled.total)
        })
        .sum();
    f64::from(total) / 100.0
}

/// The mean harm of one roll against `demand` with a weapon of `weapon_value` dealt in `form`,
/// misses counted as nothing, and a hit on a part among `cover`'s (the parts, and whether it
/// stops bullets) as that cover makes it: for the AI and the shot's preview.
pub fn roll_harm_mean(
    demand: &Demand,
    weapon_value: u32,
    form: HitForm,
    cover: Option<(&[BodyPart], bool)>,
) -> f64 {
    let chance = crate::rules::class_rolls::chance(demand.value, &demand.modifiers);
    mean_harm(
        (chance, super::check::window(demand)),
        weapon_value,
        form,
        cover,
    )
}

/// The damage a hit does, read off its roll; `None` for a roll that did not succeed.
pub fn damage_from_roll(hit: &RollHit) -> Option<DamageRoll> {
    let roll = hit.verdict.value;
    let class = class_of(&hit.verdict);
    if !class.is_success() {
        return None;
    }
    let bonus = hit.weapon_value;
    let parts = match (hit.form, class) {
        // A critical is not dodged, nor brought down.
        (HitForm::Suppressing | HitForm::Fringe, _) => {
            vec![piece(DamageSource::DigitSum, digit_sum(roll))]
        }
        // A thrown object does a blow's damage, its qualities left out.
        (HitForm::Thrown, _) => {
            return damage_from_roll(&RollHit {
                form: HitForm::HandToHand,
                weapon_value: 0,
                ..*hit
            });
        }
        (HitForm::Firearm, RollClass::Critical) => vec![piece(DamageSource::Critical, bonus)],
        (HitForm::Firearm, _) if hit.downgraded => {
            vec![piece(DamageSource::DigitSum, digit_sum(roll))]
        }
        (HitForm::Firearm, _) if bonus >= ARTILLERY => {
            vec![piece(DamageSource::DoubledRoll, (roll * 2).min(bonus))]
        }
        (HitForm::Firearm, _) if roll > bonus => vec![piece(DamageSource::Cap, bonus)],
        (HitForm::Firearm, _) => vec![piece(DamageSource::TheRoll, roll)],
        (HitForm::HandToHand, RollClass::Critical) => vec![piece(
            DamageSource::Critical,
            if bonus >= BIG_WEAPON {
                BIG_CRITICAL_BLOW
            } else {
                CRITICAL_BLOW
            },
        )],
        // A matched blow dodged is only brought down to a plain one.
        (HitForm::HandToHand, RollClass::MatchedSuccess) if hit.downgraded => vec![
            piece(DamageSource::DigitSum, digit_sum(roll)),
            piece(DamageSource::Quality, bonus),
        ],
        (HitForm::HandToHand, RollClass::MatchedSuccess) if bonus >= BIG_WEAPON => {
            vec![piece(DamageSource::TheRoll, roll)]
        }
        (HitForm::HandToHand, RollClass::MatchedSuccess) => vec![
            piece(DamageSource::DoubledDigitSum, digit_sum(roll) * 2),
            piece(DamageSource::Quality, bonus),
        ],
        (HitForm::HandToHand, _) => vec![
            piece(DamageSource::DigitSum, digit_sum(roll)),
            piece(DamageSource::Quality, bonus),
        ],
    };
    let parts: Vec<DamagePart> = parts
        .into_iter()
        .filter(|part| part.value > 0 || part.source != DamageSource::Quality)
        .collect();
    let total = parts
        .iter()
        .map(|part| u32::try_from(part.value).unwrap_or(0))
        .sum();
    Some(DamageRoll {
        quality: if class == RollClass::Critical {
            DamageQuality::Extreme
        } else {
            DamageQuality::Normal
        },
        parts,
        divisor: 1,
        total,
    })
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;

    /// The verdict of `roll` against `chance`.
    pub(in crate::rulesets::d100_house) fn verdict(roll: u32, chance: u32) -> Verdict {
        verdict_of(roll, judge(roll, chance, Window::default()), false)
    }

    fn damage(
        roll: u32,
        chance: u32,
        form: HitForm,
        weapon_value: u32,
        downgraded: bool,
    ) -> Option<u32> {
        damage_from_roll(&RollHit {
            verdict: verdict(roll, chance),
            weapon_value,
            form,
            downgraded,
        })
        .map(|rolled| rolled.total)
    }

    /// SPECS.md's digit sums, and the flip of every example.
    #[test]
    fn digit_sums_and_flips() {
        for (roll, sum) in [
            (37, 10),
            (30, 13),
            (5, 15),
            (100, 20),
            (1, 11),
            (99, 18),
            (10, 11),
        ] {
            assert_eq!(digit_sum(roll), sum, "{roll}");
        }
        for (roll, flipped) in [
            (37, 73),
            (1, 10),
            (90, 9),
            (44, 44),
            (100, 100),
            (10, 1),
            (55, 55),
        ] {
            assert_eq!(flip(roll), flipped, "{roll}");
        }
    }

    /// Every edge of the location table, and 00 that never lands.
    #[test]
    fn each_band_edge_of_the_flipped_table() {
        let table = [
            (1, Some(BodyPart::Head)),
            (10, Some(BodyPart::Head)),
            (11, Some(BodyPart::RightArm)),
            (20, Some(BodyPart::RightArm)),
            (21, Some(BodyPart::LeftArm)),
            (30, Some(BodyPart::LeftArm)),
            (31, Some(BodyPart::Torso)),
            (70, Some(BodyPart::Torso)),
            (71, Some(BodyPart::RightLeg)),
            (85, Some(BodyPart::RightLeg)),
            (86, Some(BodyPart::LeftLeg)),
            (99, Some(BodyPart::LeftLeg)),
            (100, None),
        ];
        for (flipped, landed) in table {
            assert_eq!(part(flipped), landed, "{flipped}");
        }
        // Rico's 37 lands on the right leg (73); his 01 on the head (10).
        assert_eq!(part(flip(37)), Some(BodyPart::RightLeg));
        assert_eq!(part(flip(1)), Some(BodyPart::Head));
        // Over the 99 faces that can hit, the torso takes 40, each arm 10, the head 10.
        let landed = |wanted| {
            (1..=99)
                .filter(|roll| part(flip(*roll)) == Some(wanted))
                .count()
        };
        assert_eq!(
            [
                BodyPart::Head,
                BodyPart::RightArm,
                BodyPart::LeftArm,
                BodyPart::Torso,
                BodyPart::RightLeg,
                BodyPart::LeftLeg
            ]
            .map(landed),
            [10, 10, 10, 40, 15, 14]
        );
    }

    /// Bullets: the roll, capped; a critical the cap; matched no different; a downgraded bullet
    /// the digit sum; a miss nothing.
    #[test]
    fn bullet_damage_is_the_roll_capped() {
        let heavy = |roll| damage(roll, 55, HitForm::Firearm, 50, false);
        assert_eq!(heavy(37), Some(37));
        assert_eq!(heavy(50), Some(50));
        assert_eq!(heavy(44), Some(44), "matched: no effect");
        assert_eq!(heavy(1), Some(50), "a critical does the max");
        assert_eq!(heavy(56), None, "a miss");
        assert_eq!(
            damage(55, 60, HitForm::Firearm, 40, false),
            Some(40),
            "past the cap"
        );
        assert_eq!(
            damage(37, 55, HitForm::Firearm, 50, true),
            Some(10),
            "brought down"
        );
        assert_eq!(
            damage(1, 55, HitForm::Firearm, 50, true),
            Some(50),
            "a critical is not"
        );
    }

    /// Small-calibre artillery (max 200) doubles the roll: 37 does 74, 99 does 198, a
    /// critical the 200; brought down by cover, the digit sum alone.
    #[test]
    fn artillery_doubles_the_roll() {
        let cannon = |roll, downgraded| damage(roll, 100, HitForm::Firearm, ARTILLERY, downgraded);
        assert_eq!(cannon(37, false), Some(74));
        assert_eq!(cannon(98, false), Some(196));
        assert_eq!(cannon(1, false), Some(200));
        assert_eq!(cannon(37, true), Some(10));
    }

    /// Blows: Dee's machete (+6) does 10 + 6 on 37, 50 on a critical, the roll itself (44) on
    /// a matched success; Bruno's bat (+3) 2 x 8 + 3 = 19 on 44, 25 on a critical; fists 13 on
    /// 30.
    #[test]
    fn hand_to_hand_damage_from_the_digits() {
        let blow = |roll, bonus| damage(roll, 60, HitForm::HandToHand, bonus, false);
        assert_eq!(blow(37, 6), Some(16));
        assert_eq!(blow(1, 6), Some(50));
        assert_eq!(blow(44, 6), Some(44));
        assert_eq!(blow(44, 3), Some(19));
        assert_eq!(blow(1, 3), Some(25));
        assert_eq!(blow(30, 0), Some(13));
        assert_eq!(blow(61, 6), None);
        let fists = damage_from_roll(&RollHit {
            verdict: verdict(30, 60),
            weapon_value: 0,
            form: HitForm::HandToHand,
            downgraded: false,
        })
        .expect("a hit");
        assert_eq!(fists.parts.len(), 1, "no +0 qualities shown");
    }

    /// Rico's heavy pistol at 55: 15.74 a roll in the open; at a crouched right-hander behind a
    /// steel washer only the head and weapon arm can be hit; behind a table the covered hits do
    /// their digit sum.
    #[test]
    fn the_mean_harm_of_a_roll_by_cover() {
        let open = mean_harm((55, Window::default()), 50, HitForm::Firearm, None);
        assert!((open - 15.74).abs() < 1e-9, "{open}");
        let crouched = [
            BodyPart::LeftLeg,
            BodyPart::RightLeg,
            BodyPart::Torso,
            BodyPart::LeftArm,
        ];
        let steel = mean_harm(
            (55, Window::default()),
            50,
            HitForm::Firearm,
            Some((&crouched, true)),
        );
        let table = mean_harm(
            (55, Window::default()),
            50,
            HitForm::Firearm,
            Some((&crouched, false)),
        );
        assert!(steel < table && table < open, "{steel} {table} {open}");
        // Head (flips 01-10: rolls 10, 20 … 50 and 01) and right arm (11-20 flipped: 11, 21 …
        // 51 and 02 … 52 less those past 55): the steel leaves only those faces' damage.
        let exposed: u32 = (1..=55)
            .filter(|roll| matches!(part(flip(*roll)), Some(BodyPart::Head | BodyPart::RightArm)))
            .map(|roll| if roll == 1 { 50 } else { roll.min(50) })
            .sum();
        assert!((steel - f64::from(exposed) / 100.0).abs() < 1e-9, "{steel}");
    }

    /// Dividing pays for a blow, whose digit sum does not grow with the roll, and each share
    /// keeps the 01's critical: Bruno's bat (+3) at 55 does 7.16 a turn, as 19 + 18 + 18 7.84;
    /// Dee's machete (+6) at 60 does 10.74, as 20 + 20 + 20 11.04 (its matched 44 does 44, so two
    /// shares of 30 do less, 10.32). Rico's pistol at 55 (15.74) as 30 + 25 does 8.88.
    #[test]
    fn the_mean_harm_of_divided_shares() {
        let mean = |chance, value, form| mean_harm((chance, Window::default()), value, form, None);
        let close = |got: f64, want: f64| assert!((got - want).abs() < 1e-9, "{got} {want}");
        close(mean(55, 3, HitForm::HandToHand), 7.16);
        close(
            mean(19, 3, HitForm::HandToHand) + 2.0 * mean(18, 3, HitForm::HandToHand),
            7.84,
        );
        close(mean(60, 6, HitForm::HandToHand), 10.74);
        close(3.0 * mean(20, 6, HitForm::HandToHand), 11.04);
        close(2.0 * mean(30, 6, HitForm::HandToHand), 10.32);
        close(
            mean(30, 50, HitForm::Firearm) + mean(25, 50, HitForm::Firearm),
            8.88,
        );
    }

    /// A failed blow: Dee's sharp machete (+6) at 60 grazes for 1 on a plain miss (70), turns
    /// its 6 on her on a matched failure (77), and on a fumble (00) does that and is dropped;
    /// Bruno's bat (+3, not sharp) does nothing on a plain miss; bare hands nothing at all; a
    /// hit is no miss.
    #[test]
    fn what_a_failed_blow_still_does() {
        let machete = Some((6, true));
        let miss = |roll, weapon| miss_harm(&verdict(roll, 60), weapon);
        assert_eq!(
            miss(70, machete),
            MissHarm {
                target: 1,
                ..MissHarm::default()
            }
        );
        assert_eq!(
            miss(77, machete),
            MissHarm {
                wielder: 6,
                ..MissHarm::default()
            }
        );
        assert_eq!(
            miss(100, machete),
            MissHarm {
                wielder: 6,
                drops: true,
                ..MissHarm::default()
            }
        );
        assert_eq!(miss(70, Some((3, false))), MissHarm::default());
        assert_eq!(miss(100, None), MissHarm::default());
        assert_eq!(miss(37, machete), MissHarm::default());
    }

    /// SPECS.md's means over all 100 faces: min(d100, 70) is 45.85, the digit sum 11.
    #[test]
    fn the_means_over_every_face() {
        let capped: u32 = (1..=100).map(|roll: u32| roll.min(70)).sum();
        assert_eq!(f64::from(capped) / 100.0, 45.85);
        let sums: u32 = (1..=100).map(digit_sum).sum();
        assert_eq!(f64::from(sums) / 100.0, 11.0);
    }
}
