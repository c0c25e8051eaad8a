//! The rulebooks, one folder each, pure Rust like `rules` (no bevy: a test enforces it). Each
//! brings its own unit sheet, rolls and what a situation is worth in its own currency; the
//! shared engine reaches them only through the `Ruleset` seam (docs/ARCHITECTURE.md).

pub mod brp_classic;
