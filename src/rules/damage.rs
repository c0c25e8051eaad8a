//! Damage notation as the weapon table writes it, and rolling it.
//!
//! Forms understood (case does not matter, spaces are ignored except inside `half DB`):
//! `1D10+1D4+2`, `1D6+DB`, `1D3+half DB`, `2D8+Stun`, `2D6+burn`, `Stun` on its own,
//! shotgun bands `4D6/2D6/1D6` (the band ranges are the weapon's range field) and blasts
//! `4D10/3 yards`. A damage bonus is itself a formula without `DB` in it: `-2`, `0`, `1D4`, `2D6`.

use serde::{Deserialize, Serialize};

use super::dice::{DieFace, FaceSource};

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

impl Formula {
    /// The formula as a plain number, where it has no dice and no damage bonus.
    fn points(&self) -> Option<u32> {
        self.terms
            .iter()
            .try_fold(0u32, |total, term| match term.kind {
                TermKind::Flat(points) if term.negative => Some(total.saturating_sub(points)),
                TermKind::Flat(points) => Some(total.saturating_add(points)),
                _ => None,
            })
    }

    /// Whether any term refers to the damage bonus.
    pub fn uses_damage_bonus(&self) -> bool {
        self.terms.iter().any(|term| term.uses_damage_bonus())
    }

    /// The weapon's own terms: everything but the damage bonus.
    fn weapon_terms(&self) -> impl Iterator<Item = Term> + '_ {
        self.terms
            .iter()
            .copied()
            .filter(|term| !term.uses_damage_bonus())
    }

    /// The largest value the weapon's own terms can give.
    pub fn weapon_maximum(&self) -> i32 {
        self.weapon_terms().map(Term::extreme_value).sum()
    }

    /// The smallest value the weapon's own terms can give (every die showing 1), never below
    /// zero: what a burning weapon does on the round after it sets someone alight.
    pub fn weapon_minimum(&self) -> u32 {
        let sum: i32 = self
            .weapon_terms()
            .map(|term| {
                let magnitude = match term.kind {
                    TermKind::Dice { count, .. } => to_i32(count),
                    TermKind::Flat(value) => to_i32(value),
                    TermKind::DamageBonus | TermKind::HalfDamageBonus => 0,
                };
                term.sign() * magnitude
            })
            .sum();
        u32::try_from(sum.max(0)).unwrap_or_default()
    }

    /// The mean of the weapon's own terms, halfway between the least and the most they give
    /// (each die is even about its middle): what the AI expects a hit to do.
    pub fn weapon_mean(&self) -> f64 {
        (f64::from(self.weapon_minimum()) + f64::from(self.weapon_maximum())) / 2.0
    }

    /// The largest face of each of the weapon's dice, one entry a die, and its flat additions.
    fn weapon_die_maxima(&self) -> Vec<i32> {
        self.weapon_terms()
            .flat_map(|term| match term.kind {
                TermKind::Dice { count, sides } => {
                    vec![term.sign() * to_i32(sides); usize::try_from(count).unwrap_or(0)]
                }
                TermKind::Flat(value) => vec![term.sign() * to_i32(value)],
                TermKind::DamageBonus | TermKind::HalfDamageBonus => Vec::new(),
            })
            .collect()
    }

    /// The largest value of the formula with the damage bonus at its own maximum.
    pub fn maximum(&self, damage_bonus: &Formula) -> i32 {
        self.weapon_maximum()
            + self
                .damage_bonus_maximum_parts(damage_bonus)
                .iter()
                .map(|part| part.value)
                .sum::<i32>()
    }

    /// The damage bonus terms at their maximum, as parts of an extreme or impale roll.
    fn damage_bonus_maximum_parts(&self, damage_bonus: &Formula) -> Vec<DamagePart> {
        let full = damage_bonus.weapon_maximum();
        self.terms
            .iter()
            .filter_map(|term| {
                let (source, value) = match term.kind {
                    TermKind::DamageBonus => (DamageSource::DamageBonusMaximum, full),
                    TermKind::HalfDamageBonus => {
                        (DamageSource::HalfDamageBonusMaximum, half_rounded_up(full))
                    }
                    TermKind::Dice { .. } | TermKind::Flat(_) => return None,
                };
                Some(DamagePart {
                    source,
                    dice: Vec::new(),
                    value: term.sign() * value,
                })
            })
            .collect()
    }

    /// Roll this formula: rolled dice, or the extreme and impale readings.
    pub fn roll(
        &self,
        source: &mut impl FaceSource,
        damage_bonus: &Formula,
        quality: DamageQuality,
    ) -> DamageRoll {
        let mut parts = Vec::new();
        match quality {
            // Martial Arts rolls as normal here; the rulebook rolls the weapon's dice again.
            DamageQuality::Normal | DamageQuality::MartialArts | DamageQuality::Doubled => {
                for term in &self.terms {
                    parts.push(term.roll(source, damage_bonus));
                }
            }
            DamageQuality::Extreme | DamageQuality::Impale => {
                parts.push(DamagePart {
                    source: DamageSource::WeaponMaximum,
                    dice: Vec::new(),
                    value: self.weapon_maximum(),
                });
                parts.extend(self.damage_bonus_maximum_parts(damage_bonus));
                if quality == DamageQuality::Impale {
                    let mut impale = DamagePart {
                        source: DamageSource::ImpaleRoll,
                        dice: Vec::new(),
                        value: 0,
                    };
                    for term in self.weapon_terms() {
                        let rolled = term.roll(source, damage_bonus);
                        impale.dice.extend(rolled.dice);
                        impale.value += rolled.value;
                    }
                    parts.push(impale);
                }
            }
        }
        let sum: i32 = parts.iter().map(|part| part.value).sum();
        let total = u32::try_from(sum.max(0)).unwrap_or_default();
        DamageRoll {
            quality,
            parts,
            divisor: 1,
            total: if quality == DamageQuality::Doubled {
                total.saturating_mul(2)
            } else {
                total
            },
        }
    }

    /// The formula's first dice term, as (count, sides).
    pub fn first_dice(&self) -> Option<(u32, u32)> {
        self.terms.iter().find_map(|term| match term.kind {
            TermKind::Dice { count, sides } if !term.negative => Some((count, sides)),
            _ => None,
        })
    }

    /// This formula with `fewer` dice taken from its first dice term; `None` when none are
    /// left.
    pub fn less_dice(&self, fewer: u32) -> Option<Formula> {
        let (count, _) = self.first_dice()?;
        let left = count.checked_sub(fewer).filter(|left| *left > 0)?;
        let mut taken = false;
        let terms = self
            .terms
            .iter()
            .map(|term| match term.kind {
                TermKind::Dice { sides, .. } if !term.negative && !taken => {
                    taken = true;
                    Term {
                        kind: TermKind::Dice { count: left, sides },
                        ..*term
                    }
                }
                _ => *term,
            })
            .collect();
        Some(Formula { terms })
    }

    /// This formula at a blast ring: scaled down in dice where they divide evenly, else the full
    /// formula with the divisor for its total.
    fn ring(&self, divisor: u32) -> (Formula, u32) {
        match self.scaled_down(divisor) {
            Some(scaled) => (scaled, 1),
            None => (self.clone(), divisor),
        }
    }

    /// This formula with every dice count and flat number divided by `divisor`, when they all
    /// divide exactly (4D10 halves to 2D10 and quarters to 1D10); `None` otherwise.
    fn scaled_down(&self, divisor: u32) -> Option<Formula> {
        let terms = self
            .terms
            .iter()
            .map(|term| {
                let kind = match term.kind {
                    TermKind::Dice { count, sides } if count % divisor == 0 => TermKind::Dice {
                        count: count / divisor,
                        sides,
                    },
                    TermKind::Flat(value) if value % divisor == 0 => {
                        TermKind::Flat(value / divisor)
                    }
                    _ => return None,
                };
                Some(Term {
                    negative: term.negative,
                    kind,
                })
            })
            .collect::<Option<Vec<_>>>()?;
        Some(Formula { terms })
    }
}

impl Term {
    /// The value of this term at its most favourable to the attacker, without damage bonus.
    fn extreme_value(self) -> i32 {
        let magnitude = match self.kind {
            TermKind::Dice { count, .. } if self.negative => to_i32(count),
            TermKind::Dice { count, sides } => to_i32(count.saturating_mul(sides)),
            TermKind::Flat(value) => to_i32(value),
            TermKind::DamageBonus | TermKind::HalfDamageBonus => 0,
        };
        self.sign() * magnitude
    }

    fn roll(self, source: &mut impl FaceSource, damage_bonus: &Formula) -> DamagePart {
        match self.kind {
            TermKind::Dice { count, sides } => {
                let dice: Vec<DieFace> = (0..count)
                    .map(|_| DieFace {
                        sides,
                        face: source.face(sides),
                    })
                    .collect();
                let sum: u32 = dice.iter().map(|die| die.face).sum();
                DamagePart {
                    source: DamageSource::Weapon,
                    dice,
                    value: self.sign() * to_i32(sum),
                }
            }
            TermKind::Flat(value) => DamagePart {
                source: DamageSource::Weapon,
                dice: Vec::new(),
                value: self.sign() * to_i32(value),
            },
            TermKind::DamageBonus | TermKind::HalfDamageBonus => {
                let rolled = damage_bonus.roll(source, &Formula::default(), DamageQuality::Normal);
                let full: i32 = rolled.parts.iter().map(|part| part.value).sum();
                let dice = rolled
                    .parts
                    .into_iter()
                    .flat_map(|part| part.dice)
                    .collect();
                let (source, value) = if self.kind == TermKind::DamageBonus {
                    (DamageSource::DamageBonus, full)
                } else {
                    (DamageSource::HalfDamageBonus, half_rounded_up(full))
                };
                DamagePart {
                    source,
                    dice,
                    value: self.sign() * value,
                }
            }
        }
    }
}

/// Which band of a shotgun or which ring of a blast a target is in.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DamageReach {
    /// The only formula of a single-shape damage, the nearest band, or the blast's centre.
    Full,
    /// A shotgun band, 0 for the nearest.
    Band(usize),
    /// Distance in yards from a blast's centre.
    BlastDistance(f32),
    /// A blast's ring by its divisor: 1 within the radius, 2 to twice it, 4 to three times it
    /// (CoC; see [`crate::rules::explosions::halving_rings`]).
    Ring(u32),
    /// A blast this many steps out from its first ring, one die fewer for each (BRP; see
    /// [`crate::rules::explosions::falloff_rings`]).
    Falloff(u32),
}

/// Why a damage could not be rolled at a reach.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum ReachError {
    /// `asked` counts from 0; the words count bands from 1, as the command line does.
    #[error("this damage has {bands} bands, 1 to {bands}; there is no band {}", asked + 1)]
    NoSuchBand { bands: usize, asked: usize },
    #[error("a distance applies only to blasts")]
    NotABlast,
    #[error("a band applies only to shotgun damage")]
    NotBanded,
}

impl DamageNotation {
    /// A plain sum of terms with no effects.
    pub fn sum(terms: Vec<Term>) -> Self {
        Self {
            shape: DamageShape::Single(Formula { terms }),
            effects: Vec::new(),
        }
    }

    /// Fists and feet: 1D3 plus the damage bonus.
    pub fn fists() -> Self {
        Self::sum(vec![Term::dice(1, 3), Term::damage_bonus()])
    }

    /// The blast radius in yards, for explosives.
    pub fn blast_radius_yards(&self) -> Option<u32> {
        match self.shape {
            DamageShape::Blast { radius_yards, .. } => Some(radius_yards),
            _ => None,
        }
    }

    /// Every formula in this damage (one, or one per band).
    /// The damage as a plain number, where it is nothing else (the d10 pool's weapon damage
    /// added to an attack's net): `None` for dice, a damage bonus or bands.
    pub fn flat(&self) -> Option<u32> {
        let DamageShape::Single(formula) = &self.shape else {
            return None;
        };
        formula.points()
    }

    /// A blast's damage as a plain number, where it is nothing else (the d100 house sheet's
    /// grenade, `70/3 yards`: its cap).
    pub fn blast_points(&self) -> Option<u32> {
        let DamageShape::Blast { formula, .. } = &self.shape else {
            return None;
        };
        formula.points()
    }

    pub fn formulas(&self) -> Vec<&Formula> {
        match &self.shape {
            DamageShape::Single(formula) | DamageShape::Blast { formula, .. } => vec![formula],
            DamageShape::Bands(bands) => bands.iter().collect(),
        }
    }

    /// The formula that applies at `reach` and the divisor for its total (blast rings that cannot
    /// be scaled in dice are rolled in full and divided, rounding down). `None` beyond a blast.
    pub fn formula_at(&self, reach: DamageReach) -> Result<Option<(Formula, u32)>, ReachError> {
        match (&self.shape, reach) {
            (DamageShape::Single(formula), DamageReach::Full) => Ok(Some((formula.clone(), 1))),
            (DamageShape::Bands(bands), DamageReach::Full) => {
                Ok(bands.first().cloned().map(|first| (first, 1)))
            }
            (DamageShape::Bands(bands), DamageReach::Band(index)) => bands
                .get(index)
                .map(|band| Some((band.clone(), 1)))
                .ok_or(ReachError::NoSuchBand {
                    bands: bands.len(),
                    asked: index,
                }),
            (DamageShape::Blast { formula, .. }, DamageReach::Full) => {
                Ok(Some((formula.clone(), 1)))
            }
            (
                DamageShape::Blast {
                    formula,
                    radius_yards,
                },
                DamageReach::BlastDistance(yards),
            ) => {
                let radius = f64::from(*radius_yards);
                let yards = f64::from(yards);
                let divisor = if yards <= radius {
                    1
                } else if yards <= 2.0 * radius {
                    2
                } else if yards <= 3.0 * radius {
                    4
                } else {
                    return Ok(None);
                };
                Ok(Some(formula.ring(divisor)))
            }
            (DamageShape::Blast { formula, .. }, DamageReach::Ring(divisor)) => {
                Ok(Some(formula.ring(divisor)))
            }
            (DamageShape::Blast { formula, .. }, DamageReach::Falloff(steps)) => {
                Ok(formula.less_dice(steps).map(|less| (less, 1)))
            }
            (_, DamageReach::BlastDistance(_) | DamageReach::Ring(_) | DamageReach::Falloff(_)) => {
                Err(ReachError::NotABlast)
            }
            (_, DamageReach::Band(_)) => Err(ReachError::NotBanded),
        }
    }

    /// Roll the damage at `reach`; `Ok(None)` when the target is beyond a blast's reach.
    pub fn roll(
        &self,
        source: &mut impl FaceSource,
        reach: DamageReach,
        damage_bonus: &Formula,
        quality: DamageQuality,
    ) -> Result<Option<DamageRoll>, ReachError> {
        Ok(self.formula_at(reach)?.map(|(formula, divisor)| {
            let mut rolled = formula.roll(source, damage_bonus, quality);
            rolled.divisor = divisor;
            rolled.total /= divisor;
            rolled
        }))
    }

    /// The most this damage can do at `reach` with the damage bonus at its maximum.
    pub fn maximum(&self, reach: DamageReach, damage_bonus: &Formula) -> Result<u32, ReachError> {
        Ok(self
            .formula_at(reach)?
            .map(|(formula, divisor)| {
                u32::try_from(formula.maximum(damage_bonus).max(0)).unwrap_or_default() / divisor
            })
            .unwrap_or_default())
    }
}

// ---------------------------------------------------------------------------------------------
// Parsing

impl std::str::FromStr for Formula {
    type Err = DamageNotationError;

    /// A plain formula, such as a damage bonus: no bands, no blast, no effects.
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let mut parser = Parser::new(text);
        let (formula, effects) = parser.formula()?;
        parser.end()?;
        if !effects.is_empty() {
            return Err(parser.error_at(0, "effects such as burn or stun are not allowed here"));
        }
        Ok(formula)
    }
}

impl std::str::FromStr for DamageNotation {
    type Err = DamageNotationError;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let mut parser = Parser::new(text);
        let (first, mut effects) = parser.formula()?;
        let shape = if parser.eat('/') {
            if let Some(radius_yards) = parser.blast_radius()? {
                DamageShape::Blast {
                    formula: first,
                    radius_yards,
                }
            } else {
                let mut bands = vec![first];
                loop {
                    let (band, band_effects) = parser.formula()?;
                    effects.extend(band_effects);
                    bands.push(band);
                    if !parser.eat('/') {
                        break;
                    }
                }
                DamageShape::Bands(bands)
            }
        } else {
            DamageShape::Single(first)
        };
        parser.end()?;
        let notation = Self { shape, effects };
        notation.validate(&parser)?;
        Ok(notation)
    }
}

impl DamageNotation {
    fn validate(&self, parser: &Parser<'_>) -> Result<(), DamageNotationError> {
        let formulas = self.formulas();
        if formulas.iter().all(|formula| formula.terms.is_empty()) && self.effects.is_empty() {
            return Err(parser.error_at(0, "no damage in it"));
        }
        if formulas.len() > 1 && formulas.iter().any(|formula| formula.terms.is_empty()) {
            return Err(parser.error_at(0, "every band needs damage"));
        }
        if matches!(
            self.shape,
            DamageShape::Blast {
                radius_yards: 0,
                ..
            }
        ) {
            return Err(parser.error_at(0, "a blast radius must be at least 1 yard"));
        }
        Ok(())
    }
}

impl TryFrom<String> for DamageNotation {
    type Error = DamageNotationError;
    fn try_from(text: String) -> Result<Self, Self::Error> {
        text.parse()
    }
}

impl From<DamageNotation> for String {
    fn from(notation: DamageNotation) -> Self {
        notation.to_string()
    }
}

impl std::fmt::Display for Term {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.kind {
            TermKind::Dice { count, sides } => write!(f, "{count}D{sides}"),
            TermKind::Flat(value) => write!(f, "{value}"),
            TermKind::DamageBonus => f.write_str("DB"),
            TermKind::HalfDamageBonus => f.write_str("half DB"),
        }
    }
}

impl std::fmt::Display for Formula {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        for (index, term) in self.terms.iter().enumerate() {
            match (index, term.negative) {
                (0, true) => f.write_str("-")?,
                (0, false) => {}
                (_, true) => f.write_str("-")?,
                (_, false) => f.write_str("+")?,
            }
            write!(f, "{term}")?;
        }
        Ok(())
    }
}

impl std::fmt::Display for DamageNotation {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match &self.shape {
            DamageShape::Single(formula) => write!(f, "{formula}")?,
            DamageShape::Bands(bands) => {
                for (index, band) in bands.iter().enumerate() {
                    if index > 0 {
                        f.write_str("/")?;
                    }
                    write!(f, "{band}")?;
                }
            }
            DamageShape::Blast {
                formula,
                radius_yards,
            } => {
                let unit = if *radius_yards == 1 { "yard" } else { "yards" };
                write!(f, "{formula}/{radius_yards} {unit}")?;
            }
        }
        for (index, effect) in self.effects.iter().enumerate() {
            let written = match effect {
                DamageEffect::Burn => "burn",
                DamageEffect::Stun => "Stun",
            };
            let nothing_before = index == 0
                && self
                    .formulas()
                    .iter()
                    .all(|formula| formula.terms.is_empty());
            if !nothing_before {
                f.write_str("+")?;
            }
            f.write_str(written)?;
        }
        Ok(())
    }
}

/// A small hand-written reader over the notation's characters.
struct Parser<'a> {
    text: &'a str,
    chars: Vec<char>,
    position: usize,
}

impl<'a> Parser<'a> {
    fn new(text: &'a str) -> Self {
        Self {
            text,
            chars: text.chars().collect(),
            position: 0,
        }
    }

    fn error_at(&self, position: usize, reason: impl Into<String>) -> DamageNotationError {
        DamageNotationError {
            notation: self.text.to_string(),
            column: position + 1,
            reason: reason.into(),
        }
    }

    fn error(&self, reason: impl Into<String>) -> DamageNotationError {
        self.error_at(self.position, reason)
    }

    fn skip_spaces(&mut self) {
        while self
            .chars
            .get(self.position)
            .is_some_and(|c| c.is_whitespace())
        {
            self.position += 1;
        }
    }

    fn peek(&mut self) -> Option<char> {
        self.skip_spaces();
        self.chars.get(self.position).copied()
    }

    fn eat(&mut self, wanted: char) -> bool {
        if self.peek() == Some(wanted) {
            self.position += 1;
            true
        } else {
            false
        }
    }

    /// Consume `word` (case-insensitive) if it comes next as a whole word.
    fn eat_word(&mut self, word: &str) -> bool {
        self.skip_spaces();
        let length = word.chars().count();
        let candidate: String = self.chars.iter().skip(self.position).take(length).collect();
        let whole = !self
            .chars
            .get(self.position + length)
            .is_some_and(|c| c.is_ascii_alphanumeric());
        if whole && candidate.eq_ignore_ascii_case(word) {
            self.position += length;
            true
        } else {
            false
        }
    }

    fn end(&mut self) -> Result<(), DamageNotationError> {
        match self.peek() {
            None => Ok(()),
            Some(found) => Err(self.error(format!("unexpected `{found}`"))),
        }
    }

    fn number(&mut self) -> Result<Option<u32>, DamageNotationError> {
        self.skip_spaces();
        let start = self.position;
        while self
            .chars
            .get(self.position)
            .is_some_and(char::is_ascii_digit)
        {
            self.position += 1;
        }
        if start == self.position {
            return Ok(None);
        }
        let digits: String = self.chars[start..self.position].iter().collect();
        digits
            .parse()
            .map(Some)
            .map_err(|_| self.error_at(start, format!("the number {digits} is too large")))
    }

    /// A sum of terms and effects.
    fn formula(&mut self) -> Result<(Formula, Vec<DamageEffect>), DamageNotationError> {
        let mut formula = Formula::default();
        let mut effects = Vec::new();
        let mut negative = self.eat('-');
        loop {
            let term_start = self.position;
            if self.eat_word("burn") || self.eat_word("stun") {
                let word: String = self.chars[term_start..self.position].iter().collect();
                if negative {
                    return Err(self.error_at(term_start, "an effect cannot be subtracted"));
                }
                let effect = if word.trim().eq_ignore_ascii_case("burn") {
                    DamageEffect::Burn
                } else {
                    DamageEffect::Stun
                };
                if effects.contains(&effect) {
                    return Err(
                        self.error_at(term_start, format!("`{}` is written twice", word.trim()))
                    );
                }
                effects.push(effect);
            } else {
                if !effects.is_empty() {
                    return Err(self.error("effects such as burn or stun go after the damage"));
                }
                let kind = self.term()?;
                if formula.terms.len() == MAX_TERMS {
                    return Err(self.error(format!("more than {MAX_TERMS} terms")));
                }
                formula.terms.push(Term { negative, kind });
            }
            negative = match self.peek() {
                Some('+') => false,
                Some('-') => true,
                _ => break,
            };
            self.position += 1;
        }
        Ok((formula, effects))
    }

    fn term(&mut self) -> Result<TermKind, DamageNotationError> {
        if self.eat_word("db") {
            return Ok(TermKind::DamageBonus);
        }
        if self.eat_word("half") {
            if self.eat_word("db") {
                return Ok(TermKind::HalfDamageBonus);
            }
            return Err(self.error("expected `DB` after `half`"));
        }
        let start = self.position;
        let count = self.number()?;
        let dice_letter = self
            .chars
            .get(self.position)
            .is_some_and(|c| c.eq_ignore_ascii_case(&'d'));
        if dice_letter {
            self.position += 1;
            let count = count.unwrap_or(1);
            let sides_at = self.position;
            let sides = self
                .number()?
                .ok_or_else(|| self.error("expected the number of sides after `D`"))?;
            if !(1..=MAX_DICE_IN_TERM).contains(&count) {
                return Err(self.error_at(
                    start,
                    format!("{count} dice: a term rolls from 1 to {MAX_DICE_IN_TERM} dice"),
                ));
            }
            if !(2..=MAX_SIDES).contains(&sides) {
                return Err(self.error_at(
                    sides_at,
                    format!("a D{sides}: dice have from 2 to {MAX_SIDES} sides"),
                ));
            }
            return Ok(TermKind::Dice { count, sides });
        }
        match count {
            Some(value) if value <= MAX_FLAT => Ok(TermKind::Flat(value)),
            Some(value) => Err(self.error_at(start, format!("{value} is more than {MAX_FLAT}"))),
            None => match self.peek() {
                Some(found) => Err(self.error(format!(
                    "expected dice (such as 1D6), a number, DB or half DB, found `{found}`"
                ))),
                None => Err(self.error("expected dice (such as 1D6), a number, DB or half DB")),
            },
        }
    }

    /// After a `/`: a blast radius such as `3 yards`, or nothing (then bands follow).
    fn blast_radius(&mut self) -> Result<Option<u32>, DamageNotationError> {
        let start = self.position;
        let Some(radius) = self.number()? else {
            return Ok(None);
        };
        if self.eat_word("yards") || self.eat_word("yard") {
            return Ok(Some(radius));
        }
        // Not a radius: rewind so the band parser reads it as a formula.
        self.position = start;
        Ok(None)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::dice::Dice;

    fn notation(text: &str) -> DamageNotation {
        text.parse()
            .unwrap_or_else(|error| panic!("{text} should parse: {error}"))
    }

    fn formula(text: &str) -> Formula {
        text.parse()
            .unwrap_or_else(|error| panic!("{text} should parse: {error}"))
    }

    fn dice(count: u32, sides: u32) -> Term {
        Term {
            negative: false,
            kind: TermKind::Dice { count, sides },
        }
    }

    fn flat(value: u32) -> Term {
        Term {
            negative: false,
            kind: TermKind::Flat(value),
        }
    }

    /// A face source that returns faces from a list, in order.
    struct Faces(Vec<u32>);

    impl FaceSource for Faces {
        fn face(&mut self, sides: u32) -> u32 {
            let face = self.0.remove(0);
            assert!(face <= sides, "scripted face {face} on a D{sides}");
            face
        }
    }

    /// Roll `damage` with scripted faces, expecting a roll in reach.
    fn scripted(
        damage: &DamageNotation,
        faces: &[u32],
        reach: DamageReach,
        bonus: &str,
        quality: DamageQuality,
    ) -> DamageRoll {
        damage
            .roll(&mut Faces(faces.to_vec()), reach, &formula(bonus), quality)
            .expect("a valid reach")
            .expect("in reach")
    }

    #[test]
    fn parses_the_forms_of_the_weapon_table() {
        assert_eq!(
            notation("1D10+1D4+2").shape,
            DamageShape::Single(Formula {
                terms: vec![dice(1, 10), dice(1, 4), flat(2)]
            })
        );
        let knife = notation("1D4+DB");
        assert!(knife.formulas()[0].uses_damage_bonus());
        assert_eq!(
            notation("1D3 + half DB").formulas()[0].terms[1].kind,
            TermKind::HalfDamageBonus
        );
        let shotgun = notation("2D6/1D6/1D3");
        assert_eq!(
            shotgun.shape,
            DamageShape::Bands(vec![
                Formula {
                    terms: vec![dice(2, 6)]
                },
                Formula {
                    terms: vec![dice(1, 6)]
                },
                Formula {
                    terms: vec![dice(1, 3)]
                },
            ])
        );
        assert_eq!(notation("2D6+2/1D6+1/1D4").formulas().len(), 3);
        let dynamite = notation("4D10/3 yards");
        assert_eq!(dynamite.blast_radius_yards(), Some(3));
        assert_eq!(notation("8D10/1 yard").blast_radius_yards(), Some(1));
        assert_eq!(notation("2D6+burn").effects, vec![DamageEffect::Burn]);
        assert_eq!(notation("1D10+1D3+burn").formulas()[0].terms.len(), 2);
        assert_eq!(notation("2D8+Stun").effects, vec![DamageEffect::Stun]);
        assert_eq!(notation("1d3+stun").effects, vec![DamageEffect::Stun]);
        let mace = notation("Stun");
        assert!(mace.formulas()[0].terms.is_empty());
        assert_eq!(mace.effects, [DamageEffect::Stun]);
        assert_eq!(notation("D6").formulas()[0].terms, vec![dice(1, 6)]);
    }

    /// Shot is stopped pellet by pellet: every die and every flat addition is its own piece,
    /// read at its maximum on an extreme success.
    #[test]
    fn damage_comes_apart_into_pieces_for_armor() {
        let twelve_gauge = notation("4D6/2D6/1D6");
        let rolled = scripted(
            &twelve_gauge,
            &[3, 1, 6, 2],
            DamageReach::Band(0),
            "0",
            DamageQuality::Normal,
        );
        assert_eq!(rolled.pieces(twelve_gauge.formulas()[0]), [3, 1, 6, 2]);
        let sixteen = notation("2D6+2/1D6+1/1D4");
        let rolled = scripted(
            &sixteen,
            &[4, 5],
            DamageReach::Band(0),
            "0",
            DamageQuality::Normal,
        );
        assert_eq!(rolled.pieces(sixteen.formulas()[0]), [4, 5, 2]);
        let maximum = scripted(
            &twelve_gauge,
            &[],
            DamageReach::Band(0),
            "0",
            DamageQuality::Extreme,
        );
        assert_eq!(maximum.total, 24);
        assert_eq!(maximum.pieces(twelve_gauge.formulas()[0]), [6, 6, 6, 6]);
    }

    #[test]
    fn the_least_a_weapon_can_do() {
        assert_eq!(formula("2D6").weapon_minimum(), 2);
        assert_eq!(formula("1D10+1D3").weapon_minimum(), 2);
        assert_eq!(formula("1D6+DB").weapon_minimum(), 1);
        assert_eq!(formula("1D6-2").weapon_minimum(), 0);
    }

    #[test]
    fn the_mean_a_weapon_does() {
        assert!((formula("1D10").weapon_mean() - 5.5).abs() < 1e-12);
        assert!((formula("1D6+1D4").weapon_mean() - 6.0).abs() < 1e-12);
        assert!((formula("2D6+1").weapon_mean() - 8.0).abs() < 1e-12);
        assert!(
            (formula("1D8+DB").weapon_mean() - 4.5).abs() < 1e-12,
            "without the bonus"
        );
    }

    #[test]
    fn display_round_trips() {
        for text in [
            "1D10+1D4+2",
            "1D6+DB",
            "1D3+half DB",
            "4D6/2D6/1D6",
            "4D10/3 yards",
            "8D10/1 yard",
            "2D6+burn",
            "Stun",
            "1D3+Stun",
            "-1",
            "1D6-1",
        ] {
            assert_eq!(notation(text).to_string(), text);
        }
    }

    #[test]
    fn malformed_notation_is_a_clear_error() {
        let cases = [
            ("", 1, "expected dice"),
            ("1D", 3, "number of sides"),
            ("1D6+", 5, "expected dice"),
            ("1D6 + Q", 7, "found `Q`"),
            ("1D6)", 4, "unexpected `)`"),
            ("0D6", 1, "0 dice"),
            ("1D1", 3, "D1"),
            ("1D6+half", 9, "expected `DB` after `half`"),
            ("burn+1D6", 6, "go after the damage"),
            ("1D6-burn", 5, "cannot be subtracted"),
            ("4D10/0 yards", 1, "at least 1 yard"),
            ("1D6+burn+burn", 10, "written twice"),
            ("99999999999D6", 1, "too large"),
            ("2D6//1D6", 5, "found `/`"),
        ];
        for (text, column, reason) in cases {
            let error = text.parse::<DamageNotation>().expect_err(text);
            assert_eq!(error.column, column, "{text}: {error}");
            assert!(error.to_string().contains(reason), "{text}: {error}");
        }
        let error = "1D4+burn".parse::<Formula>().expect_err("effects");
        assert!(error.to_string().contains("not allowed"), "{error}");
    }

    #[test]
    fn maximum_extreme_and_impale() {
        let no_bonus = Formula::default();
        let bonus_1d4 = formula("1D4");
        let knife = notation("1D4+DB");
        assert_eq!(knife.maximum(DamageReach::Full, &bonus_1d4), Ok(8));
        assert_eq!(knife.maximum(DamageReach::Full, &no_bonus), Ok(4));
        assert_eq!(
            notation("1D10+1D4+2").maximum(DamageReach::Full, &no_bonus),
            Ok(16)
        );
        assert_eq!(
            notation("1D3+half DB").maximum(DamageReach::Full, &formula("1D6")),
            Ok(6)
        );
        assert_eq!(
            notation("1D3+half DB").maximum(DamageReach::Full, &formula("1D4")),
            Ok(5)
        );
        assert_eq!(
            notation("1D6+DB").maximum(DamageReach::Full, &formula("-1")),
            Ok(5)
        );
        assert_eq!(
            notation("4D6/2D6/1D6").maximum(DamageReach::Band(0), &no_bonus),
            Ok(24)
        );
        assert_eq!(
            notation("4D6/2D6/1D6").maximum(DamageReach::Band(2), &no_bonus),
            Ok(6)
        );
    }

    /// Harvey's switchblade: an extreme success with a 1D4 damage bonus is 1D4+8, 9 to 12.
    #[test]
    fn harvey_switchblade_impale() {
        let switchblade = notation("1D4+DB");
        let bonus = formula("1D4");
        let mut seen = std::collections::BTreeSet::new();
        for face in 1..=4 {
            let rolled = scripted(
                &switchblade,
                &[face],
                DamageReach::Full,
                "1D4",
                DamageQuality::Impale,
            );
            assert_eq!(rolled.total, face + 8);
            let sources: Vec<_> = rolled.parts.iter().map(|part| part.source).collect();
            assert_eq!(
                sources,
                [
                    DamageSource::WeaponMaximum,
                    DamageSource::DamageBonusMaximum,
                    DamageSource::ImpaleRoll
                ]
            );
            seen.insert(rolled.total);
        }
        assert_eq!(seen.into_iter().collect::<Vec<_>>(), [9, 10, 11, 12]);
        // Many seeded rolls stay within 9 to 12.
        let mut dice = Dice::from_seed(3);
        for _ in 0..500 {
            let total = switchblade
                .roll(&mut dice, DamageReach::Full, &bonus, DamageQuality::Impale)
                .ok()
                .flatten()
                .map(|rolled| rolled.total);
            assert!(matches!(total, Some(9..=12)), "{total:?}");
        }
    }

    #[test]
    fn extreme_with_a_blunt_weapon_rolls_nothing() {
        let club = notation("1D8+DB");
        let rolled = scripted(&club, &[], DamageReach::Full, "1D6", DamageQuality::Extreme);
        assert_eq!(rolled.total, 14);
        assert_eq!(rolled.dice().count(), 0);
    }

    #[test]
    fn impale_rolls_the_weapon_constants_too() {
        // .45 revolver 1D10+2: maximum 12 plus a fresh 1D10+2.
        let revolver = notation("1D10+2");
        let rolled = scripted(
            &revolver,
            &[7],
            DamageReach::Full,
            "0",
            DamageQuality::Impale,
        );
        assert_eq!(rolled.total, 12 + 7 + 2);
    }

    #[test]
    fn normal_rolls_with_damage_bonus() {
        let club = notation("1D6+DB");
        // Weapon 4, DB 1D4 rolls 3.
        let rolled = scripted(
            &club,
            &[4, 3],
            DamageReach::Full,
            "1D4",
            DamageQuality::Normal,
        );
        assert_eq!(rolled.total, 7);
        let faces: Vec<_> = rolled
            .dice()
            .map(|(source, die)| (source, die.sides, die.face))
            .collect();
        assert_eq!(
            faces,
            [
                (DamageSource::Weapon, 6, 4),
                (DamageSource::DamageBonus, 4, 3)
            ]
        );
        // A negative bonus can take damage to zero, never below.
        let punch = notation("1D3+DB");
        let rolled = scripted(&punch, &[1], DamageReach::Full, "-2", DamageQuality::Normal);
        assert_eq!(rolled.total, 0);
    }

    #[test]
    fn half_damage_bonus_rounds_up() {
        let rock = notation("1D4+half DB");
        // Half of a 1D4 bonus: faces 1,2,3,4 give 1,1,2,2 (as a D2).
        for (bonus_face, half) in [(1, 1), (2, 1), (3, 2), (4, 2)] {
            let rolled = scripted(
                &rock,
                &[2, bonus_face],
                DamageReach::Full,
                "1D4",
                DamageQuality::Normal,
            );
            assert_eq!(rolled.total, 2 + half, "bonus face {bonus_face}");
        }
        // Half of 1D6 reads as a D3; half of -1 is 0, half of -2 is -1.
        for (bonus, expected) in [("-1", 2), ("-2", 1), ("0", 2)] {
            let rolled = scripted(&rock, &[2], DamageReach::Full, bonus, DamageQuality::Normal);
            assert_eq!(rolled.total, expected, "bonus {bonus}");
        }
    }

    #[test]
    fn shotgun_bands() {
        let shotgun = notation("4D6/2D6/1D6");
        let middle = scripted(
            &shotgun,
            &[5, 6],
            DamageReach::Band(1),
            "0",
            DamageQuality::Normal,
        );
        assert_eq!(middle.total, 11);
        assert_eq!(
            shotgun.roll(
                &mut Faces(vec![]),
                DamageReach::Band(3),
                &Formula::default(),
                DamageQuality::Normal
            ),
            Err(ReachError::NoSuchBand { bands: 3, asked: 3 })
        );
        assert_eq!(
            ReachError::NoSuchBand { bands: 3, asked: 3 }.to_string(),
            "this damage has 3 bands, 1 to 3; there is no band 4"
        );
        assert_eq!(
            notation("1D6").formula_at(DamageReach::Band(0)),
            Err(ReachError::NotBanded)
        );
    }

    /// A blast's rings by divisor (CoC) and by dice lost (BRP's dynamite, 5D6 less 1D6 a step).
    #[test]
    fn blast_rings_scale_the_formula() {
        let brp_dynamite = notation("5D6/2 yards");
        assert_eq!(
            brp_dynamite.formula_at(DamageReach::Falloff(1)),
            Ok(Some((formula("4D6"), 1)))
        );
        assert_eq!(
            brp_dynamite.formula_at(DamageReach::Falloff(4)),
            Ok(Some((formula("1D6"), 1)))
        );
        assert_eq!(brp_dynamite.formula_at(DamageReach::Falloff(5)), Ok(None));
        let dynamite = notation("4D10/3 yards");
        assert_eq!(
            dynamite.formula_at(DamageReach::Ring(2)),
            Ok(Some((formula("2D10"), 1)))
        );
        assert_eq!(
            notation("3D10/2 yards").formula_at(DamageReach::Ring(4)),
            Ok(Some((formula("3D10"), 4)))
        );
    }

    #[test]
    fn blast_rings() {
        let dynamite = notation("4D10/3 yards");
        let no_bonus = Formula::default();
        let ring = |yards: f32| dynamite.formula_at(DamageReach::BlastDistance(yards));
        assert_eq!(ring(0.0), Ok(Some((formula("4D10"), 1))));
        assert_eq!(ring(3.0), Ok(Some((formula("4D10"), 1))));
        assert_eq!(ring(3.5), Ok(Some((formula("2D10"), 1))));
        assert_eq!(ring(6.0), Ok(Some((formula("2D10"), 1))));
        assert_eq!(ring(9.0), Ok(Some((formula("1D10"), 1))));
        assert_eq!(ring(9.1), Ok(None));
        // 3D10 cannot be halved in dice: rolled in full and the total halved, rounding down.
        let grenade_launcher = notation("3D10/2 yards");
        let rolled = scripted(
            &grenade_launcher,
            &[7, 8, 4],
            DamageReach::BlastDistance(3.0),
            "0",
            DamageQuality::Normal,
        );
        assert_eq!((rolled.divisor, rolled.total), (2, 9));
        assert_eq!(
            grenade_launcher.maximum(DamageReach::BlastDistance(5.0), &no_bonus),
            Ok(7)
        );
        assert_eq!(
            dynamite.maximum(DamageReach::BlastDistance(20.0), &no_bonus),
            Ok(0)
        );
        assert_eq!(
            notation("1D6").formula_at(DamageReach::BlastDistance(1.0)),
            Err(ReachError::NotABlast)
        );
    }
}
