//! The d10 dice-pool rulebook (SPECS.md section 2): a pool of ten-sided dice against a
//! difficulty, successes counted and 1s taking them away. Its core roll is here so far; the
//! rest of the rulebook joins it behind the `Ruleset` seam.

pub mod pool;
