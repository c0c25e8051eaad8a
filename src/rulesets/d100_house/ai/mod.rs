//! The d100 house sheet's own choices for the AI, at the AI's stages: a divided skill, pinning
//! fire, crouching behind low cover and a dodge stance in place of the planner's command; a
//! cherry picked or a shot called before the command is given.

mod called_shots;
mod cherries;
mod shares;
mod stance;
mod suppressing;

use bevy::prelude::*;

use crate::ai::Seen;
use crate::ai::hooks::{AiHooks, HookAi};
use crate::battle::TurnState;
use crate::battle::command::Command;
use crate::map::scenario::Scenario;
use crate::rulesets::d100_house::ID;

/// The house sheet's AI plugin: its choices.
pub fn plugin(app: &mut App) {
    app.hook_ai(ID, HouseAi);
}

/// The house sheet's choices at the AI's stages.
struct HouseAi;

impl AiHooks for HouseAi {
    /// A divided skill (not for a grapple, the turn's one attack), crouching behind low cover
    /// (to shoot from, or to end the turn in), pinning fire, and a dodge stance to end the
    /// turn with, the first that pays.
    fn instead(
        &self,
        world: &mut World,
        scenario: &Scenario,
        (seen, turn): (&[Seen], &TurnState),
        planned: &Command,
    ) -> Option<Command> {
        if !matches!(planned, Command::Maneuver { .. })
            && let Some(divided) = shares::divide_or_strike(world, scenario, seen, turn)
        {
            return Some(divided);
        }
        if matches!(planned, Command::Fire { .. } | Command::EndTurn { .. })
            && let Some(crouch) = stance::crouch_behind_cover(world, scenario, seen, turn.unit)
        {
            return Some(crouch);
        }
        if let Some(pinning) = suppressing::suppress(world, scenario, seen, turn, planned) {
            return Some(pinning);
        }
        matches!(planned, Command::EndTurn { .. })
            .then(|| stance::dodge_before_ending(world, scenario, seen, turn))
            .flatten()
    }

    /// The cherry worth most picked before a blow, or a shot called at a part the cover
    /// leaves out.
    fn first(&self, world: &mut World, scenario: &Scenario, command: &Command) -> Option<Command> {
        cherries::before_the_blow(world, scenario, command)
            .or_else(|| called_shots::before_the_shot(world, scenario, command))
    }
}
