//! The d10 pool's own commands: evading, and the plan of a unit's dice for the round. Each is
//! written in a replay as it always was (`Evade(unit: 0)`), read back by the decoder registered here, and carried out at the command
//! stage of the pool's hooks (`mod.rs`).

use serde::{Deserialize, Serialize};

use crate::battle::UnitId;
use crate::battle::command::Command;
use crate::battle::own::{CommandDecoder, OwnCommand, RulebookCommand, register_commands};
use crate::rulesets::d10_pool::budget::PlanPart;

/// The pool's own commands.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum PoolCommand {
    /// Roll to evade, as the turn's action: the successes come off hand-to-hand attacks on the
    /// unit until its next turn.
    Evade { unit: UnitId },
    /// Split the round's dice among the actions planned, at the unit's first decision of the
    /// round (its turn, or an attack on it before then).
    PlanDice { unit: UnitId, parts: Vec<PlanPart> },
}

impl OwnCommand for PoolCommand {
    fn unit(&self) -> Option<UnitId> {
        match self {
            Self::Evade { unit } | Self::PlanDice { unit, .. } => Some(*unit),
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
    register_commands(CommandDecoder::of::<PoolCommand>(&["Evade", "PlanDice"]));
}
