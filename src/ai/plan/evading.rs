//! Keeping out of reach where the rulebook has evading (the d10 pool): a careful unit that
//! several enemies can strike hand to hand this round, and whose evade is more likely than not
//! to net a success, evades rather than trading blows one against many; one that an enemy still
//! to act could strike keeps a dodge from its dice, where its attack keeps most of its own.

use bevy::prelude::World;

use super::{Planner, Reach};
use crate::ai::Seen;
use crate::battle::command::Command;
use crate::battle::planning::plan_pools;
use crate::battle::{Condition, Flow, UnitId};
use crate::map::range::distance_yards;
use crate::rules::budget::{DicePlan, LEAST_PART, PlanPart, PlannedAction};

/// How many enemies able to strike it this round make a unit outnumbered.
const OUTNUMBERED_BY: usize = 2;

/// The least chance of a net success worth an evade.
const WORTH_EVADING: f64 = 0.5;

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

    /// What is left of the unit's split dice this round, once it has planned them.
    fn dice_plan(&self, world: &mut World) -> Option<DicePlan> {
        let unit = self.unit();
        world
            .query::<(&UnitId, &Condition)>()
            .iter(world)
            .find(|(id, _)| **id == unit)
            .and_then(|(_, condition)| condition.dice_plan)
    }

    /// Evade, where the rulebook has it, the unit is careful, enough enemies can reach it hand
    /// to hand this round, and it has the dice: its whole pool, or a part of its split dice kept
    /// for an evade (not where an attack before its turn left it an attack alone).
    pub(super) fn evade_command(&self, world: &mut World, me: Seen) -> Option<Command> {
        if self.temper.caution < 0.5 {
            return None;
        }
        if self
            .dice_plan(world)
            .is_some_and(|plan| plan.peek(PlannedAction::Evade).is_none())
        {
            return None;
        }
        let spec = self.spec();
        let demand = self
            .scenario
            .ruleset
            .mechanisms()
            .evade_roll(&spec.characteristics, &spec.skills)?;
        (self.strikers(me, None) >= OUTNUMBERED_BY
            && self.scenario.ruleset.chance(&demand) >= WORTH_EVADING)
            .then_some(Command::Evade { unit: me.unit })
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
        if self.dice_plan(world).is_some()
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
