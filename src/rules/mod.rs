//! The rules, in pure Rust: no bevy here (a test enforces it), so every rule can be tested as a
//! plain function and reused by the battle, the AI, replays and the headless commands alike.

pub mod body;
pub mod budget;
pub mod chance_rolls;
pub mod characteristics;
pub mod cherries;
pub mod class_rolls;
pub mod damage;
pub mod dice;
pub mod explosions;
pub mod falls;
pub mod firearms;
pub mod grapple;
pub mod initiative;
pub mod injuries;
pub mod length;
pub mod level_rolls;
pub mod mechanisms;
pub mod melee;
pub mod modifiers;
pub mod odds;
pub mod opposed;
pub mod percentile;
pub mod pool;
pub mod pool_rolls;
pub mod quick_draw;
pub mod roll;
pub mod roll_class;
pub mod roll_harm;
pub mod round;
pub mod ruleset;
pub mod situation;
pub mod skills;
pub mod sweep;
pub mod weapons;
pub mod wounds;
