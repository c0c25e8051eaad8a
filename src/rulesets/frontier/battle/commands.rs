//! The western's own command: a unit's declaration for the round, in its declaration slot.
//! Written in a replay as it always was (`Declare(unit: 0, declaration: (...))`), read back by
//! the decoder registered here, and carried out at the command stage of the western's hooks
//! (`mod.rs`).

use serde::{Deserialize, Serialize};

use super::declaration::Declaration;
use crate::battle::UnitId;
use crate::battle::command::Command;
use crate::battle::own::{CommandDecoder, OwnCommand, RulebookCommand, register_commands};

/// The western's own commands.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum FrontierCommand {
    /// In its declaration slot: how the unit will move and what it will do, binding on its act
    /// slot.
    Declare {
        unit: UnitId,
        declaration: Declaration,
    },
}

impl OwnCommand for FrontierCommand {
    fn unit(&self) -> Option<UnitId> {
        match self {
            Self::Declare { unit, .. } => Some(*unit),
        }
    }

    fn declares(&self) -> bool {
        true
    }
}

impl From<FrontierCommand> for Command {
    fn from(command: FrontierCommand) -> Self {
        Self::Rulebook(RulebookCommand::new(command))
    }
}

/// The western's commands read back from a replay by their names.
pub fn register() {
    register_commands(CommandDecoder::of::<FrontierCommand>(&["Declare"]));
}
