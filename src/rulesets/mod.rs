//! The rulebooks, one folder each. A rulebook's rules are pure Rust like `rules` (no bevy: a
//! test enforces it): its own unit sheet, rolls and what a situation is worth in its own
//! currency, which the shared engine reaches only through the `Ruleset` seam. Its code in the
//! battle sits in its folder's `battle/`, on the engine's stages (`plugins` adds each
//! rulebook's); docs/ARCHITECTURE.md has the map.

pub mod brp_classic;
pub mod coc7e;
pub mod d100_house;
pub mod d10_pool;
pub mod frontier;
pub mod plugins;

use crate::files::FileError;
use crate::rules::ruleset::{RuleOptions, Ruleset, RulesetId};

/// The rulebook a scenario's rules name, with its shipped data and the scenario's optional
/// rules.
pub fn ruleset(options: &RuleOptions) -> Result<Box<dyn Ruleset>, FileError> {
    match options.ruleset {
        RulesetId::Coc7e => Ok(Box::new(coc7e::Coc7e::shipped()?.with_options(options))),
        RulesetId::BrpClassic => Ok(Box::new(brp_classic::BrpClassic::shipped()?)),
        RulesetId::D10Pool => Ok(Box::new(d10_pool::D10Pool::shipped()?)),
        RulesetId::Frontier => Ok(Box::new(frontier::Frontier::shipped()?)),
        RulesetId::D100House => Ok(Box::new(d100_house::D100House::shipped()?)),
    }
}
