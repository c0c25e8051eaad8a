//! What one roll of a ranged attack is (`ShotTerms`) and how it stands once read (`ShotSetup`),
//! apart from the reading itself (`shot.rs`), so that the stages a rulebook hooks may name them.

use serde::Serialize;

use super::event::Modifier;
use crate::map::range::RangeReading;
use crate::map::sight::ShotLine;

/// What one roll of a ranged attack is, beyond who, at whom and with what.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
pub struct ShotTerms {
    /// The shooter's aim at this target counts for this roll (the one shot, or every volley of
    /// one pull of the trigger).
    pub aimed: bool,
    /// The first attack roll of the turn (a critical DEX roll's bonus die goes on it).
    pub first: bool,
    /// Several shots this round, more than the weapon fires without penalty.
    pub multiple: bool,
    /// The shots in this pull of the trigger (0 read as 1).
    pub shots: u32,
    /// One round chambered and fired in the same round.
    pub chambered: bool,
    /// One of a fusillade of unaimed shots.
    pub unaimed: bool,
    /// The target dived for cover and made it.
    pub dived: bool,
    /// The target did not see the shot coming (a surprise shot).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub surprised: bool,
    /// The roll's place in a burst or full-auto trigger pull.
    pub volley_roll: Option<u32>,
    /// The bullets the roll covers, for a burst or full auto.
    pub volley_bullets: u32,
}

/// How one roll of a ranged attack stands: range, line, difficulty and every modifier.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ShotSetup {
    pub reading: RangeReading,
    pub line: ShotLine,
    /// Every modifier on the roll, in the rulebook's currency.
    pub modifiers: Vec<Modifier>,
    /// Whether any roll can hit.
    pub possible: bool,
    /// The shooter fires from behind cover with its head down (the d100 house sheet's hidden
    /// stance): only a Hail Mary, a 01 or doubles within the chance, hits.
    pub hail_mary: bool,
}
