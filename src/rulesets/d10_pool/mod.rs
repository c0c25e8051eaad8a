//! The d10 dice-pool rulebook (SPECS.md section 2): a pool of ten-sided dice against a
//! difficulty, successes counted and 1s taking them away, and injuries in place of hit points.
//! Its harm and its reach are here so far (its core roll, a kind every rulebook's record can
//! hold, is `rules::pool`); the rest of the rulebook joins them behind the `Ruleset` seam.

pub mod check;
pub mod injuries;
pub mod reach;
pub mod round;
