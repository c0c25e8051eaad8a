//! The d10 pool's own choices for the AI: a careful unit that several enemies can strike hand to
//! hand this round, and whose evade is more likely than not to net a success, evades rather
//! than trading blows one against many; its dice kept for a dodge or for its turn
//! (`kept_dice.rs`).

mod kept_dice;
mod sweeping;

use bevy::prelude::*;

use crate::ai::Seen;
use crate::ai::hooks::{AiHooks, HookAi, Outnumbered, OwnFireChoice};
use crate::battle::PendingAttack;
use crate::battle::UnitId;
use crate::battle::answer::AiAnswer;
use crate::battle::command::Command;
use crate::battle::own::OwnFireMode;
use crate::battle::ranged::RollPreview;
use crate::battle::threat::Threat;
use crate::map::scenario::Scenario;
use crate::rules::weapons::Weapon;
use crate::rulesets::d10_pool::ID;
use crate::rulesets::d10_pool::battle::budget::plan_of;
use crate::rulesets::d10_pool::battle::commands::PoolCommand;
use crate::rulesets::d10_pool::battle::sweep::PoolFireMode;
use crate::rulesets::d10_pool::budget::PlannedAction;
use crate::rulesets::d10_pool::evade_roll;

/// How many enemies able to strike it this round make a unit outnumbered.
const OUTNUMBERED_BY: usize = 2;

/// The least chance of a net success worth an evade.
const WORTH_EVADING: f64 = 0.5;

/// The least caution that evades, or keeps a dodge from its dice.
const CAREFUL: f64 = 0.5;

/// The pool's AI plugin: its choices.
pub fn plugin(app: &mut App) {
    app.hook_ai(ID, PoolAi);
}

/// The pool's choices at the AI's stages.
struct PoolAi;

impl AiHooks for PoolAi {
    /// Evade, where it pays; else keep a dodge from its dice, where an enemy still to act could
    /// strike it.
    fn outnumbered(
        &self,
        world: &mut World,
        scenario: &Scenario,
        outnumbered: &Outnumbered<'_>,
    ) -> Option<Command> {
        evade(world, scenario, outnumbered).or_else(|| kept_dice::keep_a_dodge(world, outnumbered))
    }

    /// With nothing planned before its turn: the dice it keeps for that turn, weighed.
    fn weighed_answer(
        &self,
        world: &mut World,
        _scenario: &Scenario,
        pending: &PendingAttack,
        threat: &Threat,
    ) -> Option<AiAnswer> {
        kept_dice::answer(world, pending, threat)
    }

    /// Sweeps of each width worth weighing, centred on the enemy.
    fn fire_modes(
        &self,
        _scenario: &Scenario,
        (_unit, weapon): (UnitId, &Weapon),
        (enemy, _armor): (&Seen, u32),
    ) -> Vec<OwnFireChoice> {
        sweeping::sweeps(weapon, enemy.unit)
    }

    /// A sweep harms everyone in it, friends too.
    fn fire_worth(
        &self,
        scenario: &Scenario,
        seen: (&[Seen], usize),
        mode: &dyn OwnFireMode,
        rolls: &[RollPreview],
        harm: &dyn Fn(&[(f64, u32)], u32, u32) -> f64,
    ) -> Option<(u32, f64)> {
        let sweep = mode.as_any().downcast_ref::<PoolFireMode>()?;
        Some(sweeping::worth(scenario, seen, sweep, rolls, harm))
    }
}

/// Evade, where the unit is careful, enough enemies can reach it hand to hand this round, and it
/// has the dice: its whole pool, or a part of its split dice kept for an evade (not where an
/// attack before its turn left it an attack alone).
fn evade(world: &mut World, scenario: &Scenario, outnumbered: &Outnumbered<'_>) -> Option<Command> {
    if outnumbered.caution < CAREFUL
        || plan_of(world, outnumbered.unit)
            .is_some_and(|plan| plan.peek(PlannedAction::Evade).is_none())
    {
        return None;
    }
    let spec = &scenario.units[outnumbered.unit.index()];
    let demand = evade_roll(&spec.characteristics, &spec.skills);
    ((outnumbered.strikers)(None) >= OUTNUMBERED_BY
        && scenario.ruleset.chance(&demand) >= WORTH_EVADING)
        .then(|| {
            PoolCommand::Evade {
                unit: outnumbered.unit,
            }
            .into()
        })
}
