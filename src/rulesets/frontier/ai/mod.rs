//! The western's own choices for the AI: its declaration in each declaration slot (how quick a
//! unit is on the draw, for one answering a declared shot at it by declaring one back), and its
//! turn held to what it declared.

mod declare;

use bevy::prelude::*;

use crate::ai::Seen;
use crate::ai::hooks::{AiHooks, DeclarationSlot, HookAi};
use crate::battle::command::{Command, WeaponChoice};
use crate::battle::{Arsenal, TurnState, UnitId};
use crate::map::scenario::Scenario;
use crate::rules::situation::StandingFacts;
use crate::rulesets::frontier::ID;
use crate::rulesets::frontier::battle::quick_draw::draw_facts;
use crate::rulesets::frontier::draw::{DrawTotal, draw_bonus};

/// The western's AI plugin: its choices.
pub fn plugin(app: &mut App) {
    app.hook_ai(ID, FrontierAi);
}

/// The western's choices at the AI's stages.
struct FrontierAi;

impl AiHooks for FrontierAi {
    fn declaration_slot(&self, world: &mut World, slot: &DeclarationSlot<'_>) -> Option<Command> {
        Some(declare::declare(world, slot))
    }

    fn bound_turn(
        &self,
        world: &mut World,
        scenario: &Scenario,
        (seen, turn, arsenal): (&[Seen], &TurnState, &Arsenal),
        planned: &Command,
    ) -> Option<Command> {
        Some(declare::keep_to_declaration(
            world,
            scenario,
            seen,
            turn,
            arsenal,
            planned.clone(),
        ))
    }
}

/// The mean of a unit's quick-draw total with `gun`: the die's mean and its bonus (its wounds
/// counted).
fn draw_mean(
    scenario: &Scenario,
    seen: &[Seen],
    unit: UnitId,
    arsenal: &Arsenal,
    gun: WeaponChoice,
) -> f64 {
    let ruleset = scenario.ruleset.as_ref();
    let spec = &scenario.units[unit.index()];
    let mut bonus = draw_bonus(&draw_facts(ruleset, spec, arsenal.in_hand, gun));
    let hit_points = seen
        .iter()
        .find(|other| other.unit == unit)
        .map_or(spec.derived.hit_points, |me| me.hit_points);
    bonus
        .modifiers
        .extend(ruleset.standing_modifiers(&StandingFacts {
            hit_points,
            max_hit_points: spec.derived.hit_points,
            ..StandingFacts::default()
        }));
    let total = DrawTotal::new(0, bonus.clone());
    f64::from(total.total) + (f64::from(bonus.sides) + 1.0) / 2.0
}

/// The mean quick-draw total of a unit, with the gun it would draw: the die's mean and the
/// draw's bonus, its wounds counted.
fn draw_mean_of(
    world: &mut World,
    scenario: &Scenario,
    seen: &[Seen],
    unit: UnitId,
) -> Option<f64> {
    let arsenal = world
        .query::<(&UnitId, &Arsenal)>()
        .iter(world)
        .find(|(id, _)| **id == unit)
        .map(|(_, arsenal)| arsenal.clone())?;
    let gun = arsenal.gun_to_fire(&scenario.units[unit.index()].weapons)?;
    Some(draw_mean(scenario, seen, unit, &arsenal, gun))
}
