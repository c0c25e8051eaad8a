//! BRP classic's own choices for the AI: whom to name for its parry at the start of the round.

use bevy::prelude::*;

use crate::ai::Seen;
use crate::ai::hooks::{AiHooks, DeclarationSlot, HookAi, OwnFireChoice};
use crate::battle::UnitId;
use crate::battle::command::{Command, WeaponChoice};
use crate::map::range::distance_squared;
use crate::map::scenario::Scenario;
use crate::rules::weapons::{AttackForm, Weapon};
use crate::rulesets::brp_classic::ID;
use crate::rulesets::brp_classic::battle::fire_modes::BrpFireMode;
use crate::rulesets::brp_classic::battle::parry::BrpCommand;

/// BRP's AI plugin: its choices.
pub fn plugin(app: &mut App) {
    app.hook_ai(ID, BrpAi);
}

/// BRP's choices at the AI's stages.
struct BrpAi;

impl AiHooks for BrpAi {
    /// Both barrels at once hurt no more on average than one at a time, but together they drop
    /// a target one barrel would not (at the full damage of the nearest band, so only near).
    fn fire_modes(
        &self,
        scenario: &Scenario,
        (unit, weapon): (UnitId, &Weapon),
        (enemy, armor): (&Seen, u32),
    ) -> Vec<OwnFireChoice> {
        let barrel = scenario.units[unit.index()].mean_damage(&weapon.damage) - f64::from(armor);
        let hit_points = f64::from(enemy.hit_points);
        if weapon.double_barrelled() && barrel < hit_points && 2.0 * barrel >= hit_points {
            vec![OwnFireChoice {
                mode: BrpFireMode::BothBarrels(enemy.unit).into(),
                near_only: true,
            }]
        } else {
            Vec::new()
        }
    }

    /// The parry to name in the declaration slot.
    fn declaration_slot(&self, _world: &mut World, slot: &DeclarationSlot<'_>) -> Option<Command> {
        Some(parry_to_name(
            slot.scenario,
            slot.seen,
            slot.unit,
            slot.baseline(),
        ))
    }
}

/// The AI's name for its parry: the baseline names the nearest opponent; the levels the
/// nearest that fights hand to hand (a gun is not parried), or the nearest where none does.
fn parry_to_name(scenario: &Scenario, seen: &[Seen], unit: UnitId, baseline: bool) -> Command {
    let spec = &scenario.units[unit.index()];
    let Some(here) = seen.iter().find(|other| other.unit == unit).map(|me| me.at) else {
        return BrpCommand::DeclareParry {
            unit,
            against: None,
        }
        .into();
    };
    let hand_to_hand = |foe: &Seen| match foe.holding {
        WeaponChoice::Carried(index) => scenario.units[foe.unit.index()]
            .weapons
            .get(index)
            .is_some_and(|carried| carried.weapon.attack_form() == AttackForm::Melee),
        WeaponChoice::Natural(_) | WeaponChoice::Unarmed | WeaponChoice::Body(_) => true,
    };
    let nearest = |only_blows: bool| {
        seen.iter()
            .filter(|foe| foe.standing && foe.side != spec.side)
            .filter(|foe| !only_blows || hand_to_hand(foe))
            .min_by_key(|foe| (distance_squared(here, foe.at), foe.unit))
            .map(|foe| foe.unit)
    };
    let against = if baseline {
        nearest(false)
    } else {
        nearest(true).or_else(|| nearest(false))
    };
    BrpCommand::DeclareParry { unit, against }.into()
}
