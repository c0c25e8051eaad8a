//! A unit the enemies can reach hand to hand: the rulebook's own answer to it, where it has one
//! (the d10 pool's evade, or a dodge kept from its dice), asked at the AI's `outnumbered`
//! stage.

use bevy::prelude::World;

use super::{Planner, Reach};
use crate::ai::Seen;
use crate::ai::hooks::Outnumbered;
use crate::battle::Flow;
use crate::battle::command::Command;
use crate::map::range::distance_yards;

/// Beyond its stride, the yards a striker still reaches: the next tile, diagonally.
const STRIKING_REACH: f64 = 1.5;

impl<'a> Planner<'a> {
    /// The enemies that can strike `me` hand to hand this round, those in `still_to_act` only.
    fn strikers(&self, me: Seen, still_to_act: Option<&Flow>) -> usize {
        self.enemies()
            .filter(|enemy| still_to_act.is_none_or(|flow| flow.turn_to_come(enemy.unit)))
            .filter(|enemy| match &self.reaches[self.index_of(enemy.unit)] {
                Reach::Blows { stride, .. } => {
                    distance_yards(me.at, enemy.at) <= stride + STRIKING_REACH
                }
                Reach::Missile(_) => false,
            })
            .count()
    }

    /// The rulebook's own command for a unit the enemies can reach hand to hand this round
    /// (the d10 pool's evade), where it has one: asked with the unit's caution and, where it
    /// asks, the strikers.
    pub(super) fn outnumbered_command(&self, world: &mut World, me: Seen) -> Option<Command> {
        let own = crate::ai::hooks::of(world, self.scenario)?;
        let strikers = |still_to_act: Option<&Flow>| self.strikers(me, still_to_act);
        let outnumbered = Outnumbered {
            unit: self.unit(),
            caution: self.temper.caution,
            untouched: self.turn.spent == 0 && !self.turn.action_used,
            strikers: &strikers,
        };
        own.outnumbered(world, self.scenario, &outnumbered)
    }
}
