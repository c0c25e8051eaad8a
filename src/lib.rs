//! Gridkeeper: a tactical map client for percentile horror-RPG combat.
//!
//! The crate is one library with a thin binary. `rules` and the grid algorithms in `map` are
//! pure Rust; the rest are bevy plugins, each a `plugin(app)` function that slots its systems
//! into the ordered [`schedule::AppSystems`] sets. Folders import only folders below them: the
//! order is in docs/ARCHITECTURE.md and a test holds the code to it.

pub mod ai;
pub mod battle;
pub mod cli;
pub mod editor;
pub mod files;
pub mod game;
pub mod headless;
pub mod input;
pub mod log;
pub mod map;
pub mod menu;
pub mod replay;
pub mod rules;
pub mod rulesets;
pub mod schedule;
pub mod session;
pub mod simulation;
pub mod ui;
pub mod view;
pub mod words;

pub use headless::headless_app;
