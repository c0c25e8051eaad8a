//! Damage notation as the weapon table writes it, and rolling it.
//!
//! Forms understood (case does not matter, spaces are ignored except inside `half DB`):
//! `1D10+1D4+2`, `1D6+DB`, `1D3+half DB`, `2D8+Stun`, `2D6+burn`, `Stun` on its own,
//! shotgun bands `4D6/2D6/1D6` (the band ranges are the weapon's range field) and blasts
//! `4D10/3 yards`. A damage bonus is itself a formula without `DB` in it: `-2`, `0`, `1D4`, `2D6`.

use serde::{Deserialize, Serialize};

use super::dice::{DieFace, FaceSource};

mod reach;
mod rolling;
#[cfg(test)]
mod tests;
mod written;

pub use reach::{DamageReach, ReachError};

/// The most dice one term may roll, and the most sides a die may have.
const MAX_DICE_IN_TERM: u32 = 100;
const MAX_SIDES: u32 = 1000;
const MAX_FLAT: u32 = 1000;
const MAX_TERMS: usize = 32;

/// One piece of a damage formula.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum TermKind {
    Dice {
        count: u32,
        sides: u32,
    },
    Flat(u32),
    /// The wielder's full damage bonus.
    DamageBonus,
    /// Half the wielder's damage bonus (thrown weapons, bows).
    HalfDamageBonus,
}

/// A term with its sign.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Term {
    pub negative: bool,
    pub kind: TermKind,
}

/// A sum of dice, flat numbers and damage bonus terms.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Formula {
    pub terms: Vec<Term>,
}

/// A special effect written after the damage.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DamageEffect {
    /// The target may catch fire.
    Burn,
    /// The target may not act for a while.
    Stun,
}

/// The shape of a weapon's damage.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DamageShape {
    /// One formula (possibly empty, for `Stun` alone).
    Single(Formula),
    /// Shotgun damage by range band, nearest first.
    Bands(Vec<Formula>),
    /// Full damage within `radius_yards`, half to twice it, a quarter to three times it.
    Blast { formula: Formula, radius_yards: u32 },
}

/// A parsed damage entry: its shape and any effects.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct DamageNotation {
    pub shape: DamageShape,
    pub effects: Vec<DamageEffect>,
}

/// A damage notation that could not be read, with the column (1-based) where reading stopped.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("damage notation `{notation}` at column {column}: {reason}")]
pub struct DamageNotationError {
    pub notation: String,
    pub column: usize,
    pub reason: String,
}

/// How the attack went, which decides how damage is worked out.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DamageQuality {
    /// Roll the damage.
    #[default]
    Normal,
    /// Maximum damage plus maximum damage bonus, nothing rolled.
    Extreme,
    /// As extreme, plus one more roll of the weapon's own damage (without the damage bonus).
    Impale,
    /// A blow under the Martial Arts skill (BRP): the weapon's dice twice, the damage bonus once.
    MartialArts,
    /// A specific shot for double damage (the western): the roll's total doubled.
    Doubled,
}

/// Where a part of a damage roll came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DamageSource {
    Weapon,
    DamageBonus,
    HalfDamageBonus,
    WeaponMaximum,
    DamageBonusMaximum,
    HalfDamageBonusMaximum,
    /// The weapon's own dice rolled again (an impale; BRP's Martial Arts).
    ImpaleRoll,
    /// The attack roll itself as damage (the d100 house sheet's bullet damage).
    TheRoll,
    /// The weapon's max damage, where the roll went past it (or a critical reached it).
    Cap,
    /// The attack roll's digits added up, 0 counting as 10 (hand-to-hand damage).
    DigitSum,
    /// The digit sum twice (a matched success hand to hand).
    DoubledDigitSum,
    /// What a weapon's qualities add (+3 each: sharp, heavy, large).
    Quality,
    /// The fixed damage of a critical blow (25, or 50 with a +6 weapon).
    Critical,
    /// A die more (a cherry's).
    ExtraDie,
    /// The attack roll doubled (the d100 house sheet's small-calibre artillery).
    DoubledRoll,
}

/// One part of a damage roll: the dice it rolled (if any) and what it adds.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct DamagePart {
    pub source: DamageSource,
    pub dice: Vec<DieFace>,
    pub value: i32,
}

/// A rolled damage: every part, the divisor of a blast ring, and the total (never below 0).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct DamageRoll {
    pub quality: DamageQuality,
    pub parts: Vec<DamagePart>,
    /// 1, or 2 and 4 for the outer rings of a blast when the dice could not be scaled down.
    pub divisor: u32,
    pub total: u32,
}

impl DamageRoll {
    /// The damage in pieces, each of which armor must pierce on its own: every die rolled (or
    /// read at its maximum) and every flat addition. Shotgun pellets are stopped piece by piece.
    pub fn pieces(&self, formula: &Formula) -> Vec<u32> {
        let mut pieces: Vec<i32> = Vec::new();
        for part in &self.parts {
            if part.source == DamageSource::WeaponMaximum {
                pieces.extend(formula.weapon_die_maxima());
            } else if part.dice.is_empty() {
                pieces.push(part.value);
            } else {
                let flat = part.value - part.dice.iter().map(|die| to_i32(die.face)).sum::<i32>();
                pieces.extend(part.dice.iter().map(|die| to_i32(die.face)));
                if flat != 0 {
                    pieces.push(flat);
                }
            }
        }
        pieces
            .into_iter()
            .filter(|piece| *piece > 0)
            .map(|piece| u32::try_from(piece).unwrap_or_default())
            .collect()
    }

    /// Every die rolled, in order.
    pub fn dice(&self) -> impl Iterator<Item = (DamageSource, DieFace)> + '_ {
        self.parts
            .iter()
            .flat_map(|part| part.dice.iter().map(move |&face| (part.source, face)))
    }
}

impl Term {
    /// `count` dice of `sides` sides, added.
    pub const fn dice(count: u32, sides: u32) -> Self {
        Self {
            negative: false,
            kind: TermKind::Dice { count, sides },
        }
    }

    /// The wielder's damage bonus, added.
    pub const fn damage_bonus() -> Self {
        Self {
            negative: false,
            kind: TermKind::DamageBonus,
        }
    }

    fn sign(self) -> i32 {
        if self.negative { -1 } else { 1 }
    }

    fn uses_damage_bonus(self) -> bool {
        matches!(self.kind, TermKind::DamageBonus | TermKind::HalfDamageBonus)
    }
}

fn to_i32(value: u32) -> i32 {
    i32::try_from(value).unwrap_or(i32::MAX)
}

/// Half of a damage bonus, rounded up: half of 1D4 is 1 or 2 as on a D2, half of -1 is 0.
fn half_rounded_up(value: i32) -> i32 {
    value.div_euclid(2) + value.rem_euclid(2)
}
