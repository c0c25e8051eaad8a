//! The d100 house sheet's cherries (SPECS.md 4.1, hand to hand): earned by an obsession with
//! Struggle, taken in place of a matched blow's damage. Three of them still do damage: Big Hurt
//! the roll itself as bullet damage, uncapped; More Hurt the blow's damage and a d10; New
//! Damage the blow's damage read again off a fresh d100 ([house]: read as the matched blow it
//! was). Blind is −30 for 3 rounds, Dazed the heavy weapon's daze for 3.

use serde::{Deserialize, Serialize};

use super::damage::damage_from_roll;
use crate::rules::bare_name::BareName;
use crate::rules::damage::{DamagePart, DamageRoll, DamageSource};
use crate::rules::dice::DieFace;
use crate::rules::roll::Verdict;
use crate::rules::roll_harm::{HitForm, RollHit};

/// A cherry: taken instead of a matched blow's damage.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Cherry {
    /// The roll itself as bullet damage, uncapped.
    BigHurt,
    /// No damage: the target's rolls take the rulebook's blinding shift for a few rounds.
    Blind,
    /// No damage: the target is dazed.
    Dazed,
    /// No damage: the target drops the weapon in its hand.
    Disarm,
    /// No damage: the target is knocked down, to the back of the queue.
    KnockDown,
    /// No damage: the striker holds the target at once, with no roll.
    KungFuGrip,
    /// No damage: the next attack aimed at the striker goes to another target.
    MonkeyDodge,
    /// The blow's damage and a die more.
    MoreHurt,
    /// The damage read again off a fresh roll.
    NewDamage,
    /// No damage: one more blow at once, with no shift for the turn's division, dodge or call.
    SecondHelping,
}

impl Cherry {
    pub const ALL: [Self; 10] = [
        Self::BigHurt,
        Self::Blind,
        Self::Dazed,
        Self::Disarm,
        Self::KnockDown,
        Self::KungFuGrip,
        Self::MonkeyDodge,
        Self::MoreHurt,
        Self::NewDamage,
        Self::SecondHelping,
    ];

    /// The name a file writes it by (`KnockDown`), as serde writes the variant.
    pub fn written(self) -> BareName {
        BareName::named(match self {
            Self::BigHurt => "BigHurt",
            Self::Blind => "Blind",
            Self::Dazed => "Dazed",
            Self::Disarm => "Disarm",
            Self::KnockDown => "KnockDown",
            Self::KungFuGrip => "KungFuGrip",
            Self::MonkeyDodge => "MonkeyDodge",
            Self::MoreHurt => "MoreHurt",
            Self::NewDamage => "NewDamage",
            Self::SecondHelping => "SecondHelping",
        })
    }

    /// The cherry a file names `name`, if any.
    pub fn named(name: BareName) -> Option<Self> {
        Self::ALL
            .into_iter()
            .find(|cherry| cherry.written() == name)
    }

    /// The cherries a file names in `names`, those it names right.
    pub fn all_named(names: &[BareName]) -> Vec<Self> {
        names.iter().copied().filter_map(Self::named).collect()
    }

    /// The cherry's name, as the sheet writes it.
    pub fn words(self) -> &'static str {
        match self {
            Self::BigHurt => "Big Hurt",
            Self::Blind => "Blind",
            Self::Dazed => "Dazed",
            Self::Disarm => "Disarm",
            Self::KnockDown => "Knock Down",
            Self::KungFuGrip => "Kung Fu Grip",
            Self::MonkeyDodge => "Monkey Dodge",
            Self::MoreHurt => "More Hurt",
            Self::NewDamage => "New Damage",
            Self::SecondHelping => "Second Helping",
        }
    }

    /// Whether it still does damage (changed), rather than something else in its place.
    pub fn does_damage(self) -> bool {
        matches!(self, Self::BigHurt | Self::MoreHurt | Self::NewDamage)
    }
}

/// The rulebook's terms for cherries: the obsession that earns them, the blinding shift and
/// how many rounds it lasts, how many rounds a daze lasts, and More Hurt's die.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CherryTerms {
    pub obsession: &'static str,
    pub blind_shift: i32,
    pub blind_rounds: u32,
    pub daze_rounds: u32,
    pub more_hurt_die: u32,
    /// The die New Damage reads its fresh damage off.
    pub fresh_die: u32,
}

impl CherryTerms {
    /// The die `cherry` rolls before its damage is read, where it rolls one.
    pub fn die_for(&self, cherry: Cherry) -> Option<u32> {
        match cherry {
            Cherry::MoreHurt => Some(self.more_hurt_die),
            Cherry::NewDamage => Some(self.fresh_die),
            _ => None,
        }
    }
}

/// The sheet's cherries' terms.
pub const CHERRIES: CherryTerms = CherryTerms {
    obsession: "Struggle",
    blind_shift: -30,
    blind_rounds: 3,
    daze_rounds: super::firearms::DAZE_ROUNDS,
    more_hurt_die: 10,
    fresh_die: 100,
};

/// What is wrong with the cherries `names` listed for `unit` with `obsession`, where anything
/// is: each must be one of the sheet's, and only the obsession of the terms earns them.
pub fn names_problem(unit: &str, names: &[BareName], obsession: Option<&str>) -> Option<String> {
    if let Some(unknown) = names.iter().find(|name| Cherry::named(**name).is_none()) {
        let known: Vec<&str> = Cherry::ALL
            .iter()
            .map(|cherry| cherry.written().as_str())
            .collect();
        return Some(format!(
            "`{}` is no cherry: the cherries are {}",
            unknown.as_str(),
            known.join(", ")
        ));
    }
    (!names.is_empty() && obsession != Some(CHERRIES.obsession)).then(|| {
        format!(
            "{unit} earns cherries only with an obsession of {}: write `obsession: Some({:?})`",
            CHERRIES.obsession, CHERRIES.obsession
        )
    })
}

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

    /// Each cherry is written by the name serde gives its variant (the file's and the
    /// replay's), and read back by it; a name no cherry has is refused with the ones there are.
    #[test]
    fn a_cherry_is_named_as_files_write_it() {
        for cherry in Cherry::ALL {
            let written = ron::to_string(&cherry).expect("plain data");
            assert_eq!(cherry.written().as_str(), written);
            assert_eq!(Cherry::named(cherry.written()), Some(cherry));
        }
        let bad = [BareName::named("KnockDown"), BareName::named("Tickle")];
        assert_eq!(
            names_problem("Dee", &bad, Some("Struggle")).as_deref(),
            Some(
                "`Tickle` is no cherry: the cherries are BigHurt, Blind, Dazed, Disarm, \
                 KnockDown, KungFuGrip, MonkeyDodge, MoreHurt, NewDamage, SecondHelping"
            )
        );
        assert_eq!(names_problem("Dee", &bad[..1], Some("Struggle")), None);
        assert_eq!(
            names_problem("Dee", &bad[..1], Some("Dodge")).as_deref(),
            Some(
                "Dee earns cherries only with an obsession of Struggle: write `obsession: Some(\"Struggle\")`"
            )
        );
    }
}
