//! A unit the enemies can reach hand to hand: the rulebook's own answer to it, where it has one
//! (the d10 pool's evade, asked at the AI's `outnumbered` stage); and where the rulebook keeps a
//! dice budget, a careful unit that an enemy still to act could strike keeps a dodge from its
//! dice, where its attack keeps most of its own.

use bevy::prelude::World;

use super::{Planner, Reach};
use crate::ai::Seen;
use crate::ai::hooks::{Outnumbered, dice_plan_of};
use crate::battle::Flow;
use crate::battle::command::Command;
use crate::battle::planning::plan_pools;
use crate::map::range::distance_yards;
use crate::rules::budget::{LEAST_PART, PlanPart, PlannedAction};

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
        let strikers = || self.strikers(me, None);
        let outnumbered = Outnumbered {
            unit: self.unit(),
            caution: self.temper.caution,
            strikers: &strikers,
        };
        own.outnumbered(world, self.scenario, &outnumbered)
    }

    /// Where the rulebook keeps a dice budget: at the start of its turn, with nothing planned,
    /// a careful unit that an enemy still to act this round could strike hand to hand keeps a
    /// dodge from its dice, the attack the larger part, so long as the attack keeps at least
    /// half its pool (a sword of 8 with a Dodge of 5 would keep 3, and does not split).
    pub(super) fn keep_dice_command(&self, world: &mut World, me: Seen) -> Option<Command> {
        let unit = self.unit();
        if self.temper.caution < 0.5 || self.turn.spent > 0 || self.turn.action_used {
            return None;
        }
        if dice_plan_of(world, self.unit()).is_some()
            || self.strikers(me, Some(world.get_resource::<Flow>()?)) == 0
        {
            return None;
        }
        let pools = plan_pools(world, unit)?;
        if pools.committed {
            return None;
        }
        let budget = pools.keeping_budget(PlannedAction::Dodge);
        let dodge = budget / 2;
        let attack = budget - dodge;
        (dodge >= LEAST_PART && 2 * attack >= pools.attack).then(|| Command::PlanDice {
            unit,
            parts: vec![
                PlanPart::new(PlannedAction::Attack, attack),
                PlanPart::new(PlannedAction::Dodge, dodge),
            ],
        })
    }
}
