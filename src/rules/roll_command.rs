//! `gridkeeper roll`'s seam: what the command asks of any rulebook's core roll (the skill, the
//! difficulty, the seed, how many and whether as JSON), answered by the rulebook's own flags
//! and roll in its room.

use crate::files::lines::Lines;
use crate::rules::percentile::Difficulty;

/// What `roll` asks whatever the rulebook: each rulebook takes the parts its roll has and
/// refuses the others.
#[derive(Debug, Clone, Copy)]
pub struct RollAsk {
    /// The skill or characteristic rolled against.
    pub skill: Option<u32>,
    pub difficulty: Option<DifficultyAsk>,
    pub seed: u64,
    /// How many rolls are made from the one stream of dice.
    pub count: u64,
    /// One JSON object per line instead of text.
    pub json: bool,
}

impl RollAsk {
    /// The skill rolled against, for a rulebook whose roll needs one; refused in words where
    /// none was given.
    pub fn skill(&self) -> Result<u32, String> {
        self.skill
            .ok_or_else(|| "say the skill rolled against: --skill N".to_string())
    }
}

/// A difficulty as asked: a percentile success level, or the number a pool's dice must reach.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DifficultyAsk {
    Level(Difficulty),
    Target(u32),
}

/// A rulebook's own flags of the `roll` command, and its core roll.
pub trait RollFlags {
    /// The rulebook, in words (`the d10 pool`).
    fn rulebook(&self) -> &'static str;

    /// The first of these flags given, by its name (`--pool`); `None` when none was.
    fn given(&self) -> Option<&'static str>;

    /// Makes the rolls asked, a line each, after a line that says what is rolled (text only);
    /// an ask out of the rulebook's terms is refused, in words, before anything is written.
    fn roll(&self, ask: &RollAsk, lines: &mut Lines) -> Result<(), String>;
}
