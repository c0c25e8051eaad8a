//! The d10 pool's own commands: evading. Each is written in a replay as it always was
//! (`Evade(unit: 0)`), read back by the decoder registered here, and carried out at the command
//! stage of the pool's hooks (`mod.rs`).

use serde::{Deserialize, Serialize};

use crate::battle::UnitId;
use crate::battle::command::Command;
use crate::battle::own::{CommandDecoder, OwnCommand, RulebookCommand, register_commands};

/// The pool's own commands.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum PoolCommand {
    /// Roll to evade, as the turn's action: the successes come off hand-to-hand attacks on the
    /// unit until its next turn.
    Evade { unit: UnitId },
}

impl OwnCommand for PoolCommand {
    fn unit(&self) -> Option<UnitId> {
        match self {
            Self::Evade { unit } => Some(*unit),
        }
    }
}

impl From<PoolCommand> for Command {
    fn from(command: PoolCommand) -> Self {
        Self::Rulebook(RulebookCommand::new(command))
    }
}

/// The pool's commands read back from a replay by their names.
pub fn register() {
    register_commands(CommandDecoder::of::<PoolCommand>(&["Evade"]));
}
