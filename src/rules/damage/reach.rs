//! Where a target stands in a damage's shape (a shotgun's band, a blast's ring), and the
//! notation rolled there.

use super::*;

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
