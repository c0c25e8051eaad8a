//! Rolling a damage formula: its dice, flat terms and damage bonus, its extremes and mean.

use super::*;

impl Formula {
    /// The formula as a plain number, where it has no dice and no damage bonus.
    pub(super) fn points(&self) -> Option<u32> {
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
    pub(super) fn weapon_die_maxima(&self) -> Vec<i32> {
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
    pub(super) fn ring(&self, divisor: u32) -> (Formula, u32) {
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
