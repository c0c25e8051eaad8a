//! The scenario editor: a scene drawn and peopled in the game window, saved as a scenario file
//! that `check` accepts, and played at once.

pub mod draft;
pub mod history;

#[cfg(test)]
mod tests;
