//! Harm read off the attack roll, where a rulebook reads it so (the d100 house sheet): what the
//! rulebook's reading hands back to the engine (the damage, where it landed, who took it), and
//! the cover beside a target where the rulebook's cover hides body parts, and the mean harm of a
//! roll for a shot's preview. The reading itself is the rulebook's, at its `harm_off_the_roll`
//! and `harm_preview` stages.

use serde::Serialize;

use super::UnitId;
use crate::rules::body::BodyPart;
use crate::rules::damage::{DamageQuality, DamageRoll};

/// A hit whose harm was read off its roll: the damage, where it landed (`None` where cover
/// stopped it), the human shield that took it in the target's place, if one did, and whether
/// what the hit did instead of harm strikes one more blow at once (the house sheet's Second
/// Helping).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RolledHit {
    pub roll: DamageRoll,
    pub part: Option<BodyPart>,
    pub shield: Option<UnitId>,
    pub strikes_again: bool,
}

impl RolledHit {
    /// Whether the hit does nothing, stopped by cover or dodged clean: no blow to send.
    pub fn is_nothing(&self) -> bool {
        self.part.is_none() && self.roll.parts.is_empty()
    }

    /// A hit that does nothing: stopped by cover, or dodged clean.
    pub fn nothing() -> Self {
        Self {
            roll: DamageRoll {
                quality: DamageQuality::Normal,
                parts: Vec::new(),
                divisor: 1,
                total: 0,
            },
            part: None,
            shield: None,
            strikes_again: false,
        }
    }
}

/// The cover beside a target, where the rulebook's cover hides body parts: the parts it hides,
/// what it is, and whether it stops a bullet outright.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CoverByPart {
    pub parts: Vec<BodyPart>,
    pub name: String,
    pub stops: bool,
}

/// The exact mean harm of one roll, where the rulebook reads harm off the roll: in the open,
/// and where cover beside the target hides parts of it, behind that cover (its name).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct RollHarm {
    pub open: f64,
    pub behind: Option<(String, f64)>,
}

impl RollHarm {
    /// "15.7 harm a roll" or "15.7 harm a roll, 3.1 behind the steel washer".
    pub fn words(&self) -> String {
        let open = format!("{:.1} harm a roll", self.open);
        match &self.behind {
            Some((cover, harm)) => format!("{open}, {harm:.1} behind the {cover}"),
            None => open,
        }
    }
}
