//! Keeping out of reach where the rulebook has evading (the d10 pool): a careful unit that
//! several enemies can strike hand to hand this round, and whose evade is more likely than not
//! to net a success, evades rather than trading blows one against many.

use super::{Planner, Reach};
use crate::ai::Seen;
use crate::battle::command::Command;
use crate::map::range::distance_yards;

/// How many enemies able to strike it this round make a unit outnumbered.
const OUTNUMBERED_BY: usize = 2;

/// The least chance of a net success worth an evade.
const WORTH_EVADING: f64 = 0.5;

/// Beyond its stride, the yards a striker still reaches: the next tile, diagonally.
const STRIKING_REACH: f64 = 1.5;

impl<'a> Planner<'a> {
    /// Evade, where the rulebook has it, the unit is careful, and enough enemies can reach it
    /// hand to hand this round.
    pub(super) fn evade_command(&self, me: Seen) -> Option<Command> {
        if self.temper.caution < 0.5 {
            return None;
        }
        let spec = self.spec();
        let demand = self
            .scenario
            .ruleset
            .evade_roll(&spec.characteristics, &spec.skills)?;
        let strikers = self
            .enemies()
            .filter(|enemy| match &self.reaches[self.index_of(enemy.unit)] {
                Reach::Blows { stride, .. } => {
                    distance_yards(me.at, enemy.at) <= stride + STRIKING_REACH
                }
                Reach::Missile(_) => false,
            })
            .count();
        (strikers >= OUTNUMBERED_BY && self.scenario.ruleset.chance(&demand) >= WORTH_EVADING)
            .then_some(Command::Evade { unit: me.unit })
    }
}
