//! The d100 house sheet's cherries (SPECS.md 4.1, hand to hand): earned by an obsession with
//! Struggle, taken in place of a matched blow's damage. Three of them still do damage: Big Hurt
//! the roll itself as bullet damage, uncapped; More Hurt the blow's damage and a d10; New
//! Damage the blow's damage read again off a fresh d100 ([house]: read as the matched blow it
//! was). Blind is −30 for 3 rounds, Dazed the heavy weapon's daze for 3.

use super::damage::damage_from_roll;
use crate::rules::cherries::{Cherry, CherryTerms};
use crate::rules::damage::{DamagePart, DamageRoll, DamageSource};
use crate::rules::dice::DieFace;
use crate::rules::roll::Verdict;
use crate::rules::roll_harm::{HitForm, RollHit};

/// The sheet's cherries' terms.
pub const CHERRIES: CherryTerms = CherryTerms {
    obsession: "Struggle",
    blind_shift: -30,
    blind_rounds: 3,
    daze_rounds: super::firearms::DAZE_ROUNDS,
    more_hurt_die: 10,
    fresh_die: 100,
};

/// Above any roll: Big Hurt's bullet damage has no cap.
const UNCAPPED: u32 = 100;

/// The damage `cherry` does in place of the matched blow `hit`'s, where it does any; `rolled`
/// is the die its terms ask for.
pub fn cherry_damage(cherry: Cherry, hit: &RollHit, rolled: Option<DieFace>) -> Option<DamageRoll> {
    match cherry {
        Cherry::BigHurt => damage_from_roll(&RollHit {
            form: HitForm::Firearm,
            weapon_value: UNCAPPED,
            downgraded: false,
            ..*hit
        }),
        Cherry::MoreHurt => {
            let die = rolled?;
            let mut roll = damage_from_roll(hit)?;
            roll.parts.push(DamagePart {
                source: DamageSource::ExtraDie,
                dice: vec![die],
                value: i32::try_from(die.face).unwrap_or(i32::MAX),
            });
            roll.total = roll.total.saturating_add(die.face);
            Some(roll)
        }
        Cherry::NewDamage => {
            let fresh = rolled?;
            damage_from_roll(&RollHit {
                verdict: Verdict {
                    value: fresh.face,
                    ..hit.verdict
                },
                ..*hit
            })
        }
        Cherry::Blind
        | Cherry::Dazed
        | Cherry::Disarm
        | Cherry::KnockDown
        | Cherry::KungFuGrip
        | Cherry::MonkeyDodge
        | Cherry::SecondHelping => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rulesets::d100_house::damage::tests::verdict;

    /// A matched blow of `roll` against 60 with a weapon of `bonus`.
    fn matched(roll: u32, bonus: u32) -> RollHit {
        RollHit {
            verdict: verdict(roll, 60),
            weapon_value: bonus,
            form: HitForm::HandToHand,
            downgraded: false,
        }
    }

    fn total(cherry: Cherry, hit: &RollHit, rolled: Option<DieFace>) -> Option<u32> {
        cherry_damage(cherry, hit, rolled).map(|roll| roll.total)
    }

    /// Worked examples: a matched 44 with the bat (+3) does 2 x 8 + 3 = 19; Big Hurt makes it
    /// 44; More Hurt with a 7 makes it 26; New Damage off a fresh 37 reads 2 x 10 + 3 = 23, and
    /// with the machete (+6) the fresh roll itself, 37. The rest do no damage.
    #[test]
    fn the_damage_of_each_cherry() {
        let bat = matched(44, 3);
        assert_eq!(damage_from_roll(&bat).map(|roll| roll.total), Some(19));
        assert_eq!(total(Cherry::BigHurt, &bat, None), Some(44));
        let seven = DieFace { sides: 10, face: 7 };
        assert_eq!(total(Cherry::MoreHurt, &bat, Some(seven)), Some(26));
        let fresh = DieFace {
            sides: 100,
            face: 37,
        };
        assert_eq!(total(Cherry::NewDamage, &bat, Some(fresh)), Some(23));
        assert_eq!(
            total(Cherry::NewDamage, &matched(44, 6), Some(fresh)),
            Some(37)
        );
        for cherry in Cherry::ALL
            .into_iter()
            .filter(|cherry| !cherry.does_damage())
        {
            assert_eq!(total(cherry, &bat, Some(seven)), None, "{cherry:?}");
        }
        // Big Hurt is the roll whatever the weapon: 55 with the machete too, uncapped.
        assert_eq!(total(Cherry::BigHurt, &matched(55, 6), None), Some(55));
    }

    /// More Hurt's die is a part of its own: the log shows the 7 rolled.
    #[test]
    fn more_hurt_shows_its_die() {
        let seven = DieFace { sides: 10, face: 7 };
        let roll = cherry_damage(Cherry::MoreHurt, &matched(22, 3), Some(seven));
        let sources: Vec<(DamageSource, i32)> = roll
            .iter()
            .flat_map(|roll| roll.parts.iter().map(|part| (part.source, part.value)))
            .collect();
        assert_eq!(
            sources,
            vec![
                (DamageSource::DoubledDigitSum, 8),
                (DamageSource::Quality, 3),
                (DamageSource::ExtraDie, 7)
            ]
        );
        assert_eq!(CHERRIES.die_for(Cherry::MoreHurt), Some(10));
        assert_eq!(CHERRIES.die_for(Cherry::NewDamage), Some(100));
        assert_eq!(CHERRIES.die_for(Cherry::KnockDown), None);
    }
}
