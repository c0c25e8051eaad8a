//! Grapples where they are opposed rolls (the d100 house sheet): a unit beside a foe it is
//! likely enough to seize and then execute grabs it; holding one, it takes it as a human shield
//! while other foes have guns (where the shield is likely to work), then executes it; a holder
//! with nothing left to do ends its turn (it may not attack while it holds).

use bevy::prelude::*;

use super::Planner;
use crate::ai::Seen;
use crate::battle::UnitId;
use crate::battle::command::{Command, ManeuverGoal, WeaponChoice};
use crate::battle::melee::{at_once_chance, execution_chance};
use crate::rules::weapons::AttackForm;

/// The least chance of seizing a foe and then executing it, one after the other, that makes a
/// grapple worth the turn's action.
const SEIZE_AND_EXECUTE: f64 = 0.2;

/// The least chance of taking a human shield that makes it worth a turn before the execution.
const SHIELD_WORTH_TRYING: f64 = 0.4;

impl Planner<'_> {
    /// Where grapples are opposed rolls: the holder's command (ending its turn where it has no
    /// action left), or a grapple worth trying; `None` otherwise.
    pub(super) fn wrestle_command(&mut self, world: &mut World, me: Seen) -> Option<Command> {
        self.scenario.ruleset.grappling().grapple_contest()?;
        let unit = self.unit();
        let chance = |world: &mut World, target: UnitId, goal: ManeuverGoal| {
            at_once_chance(world, unit, target, goal)
                .and_then(Result::ok)
                .unwrap_or(0.0)
        };
        let maneuver = |target, goal| Command::Maneuver { unit, target, goal };
        if let Some(held) = me.holds {
            if !self.action_left() {
                return Some(Command::EndTurn { unit });
            }
            let shield = chance(world, held, ManeuverGoal::HumanShield);
            if shield >= SHIELD_WORTH_TRYING && self.guns_on_me(held) {
                return Some(maneuver(held, ManeuverGoal::HumanShield));
            }
            return Some(if chance(world, held, ManeuverGoal::Execute) > 0.0 {
                maneuver(held, ManeuverGoal::Execute)
            } else {
                Command::EndTurn { unit }
            });
        }
        if !self.action_left() || self.turn.attacks_made > 0 {
            return None;
        }
        let execute = execution_chance(world, unit)?;
        self.enemies()
            .filter(|foe| foe.at.is_adjacent(me.at) && foe.held_by.is_none())
            .map(|foe| (foe.unit, chance(world, foe.unit, ManeuverGoal::Hold)))
            .filter(|(_, seize)| seize * execute >= SEIZE_AND_EXECUTE)
            .max_by(|a, b| a.1.total_cmp(&b.1))
            .map(|(target, _)| maneuver(target, ManeuverGoal::Hold))
    }

    /// Whether a foe other than the one it holds has a gun in hand.
    fn guns_on_me(&self, held: UnitId) -> bool {
        self.enemies().filter(|foe| foe.unit != held).any(|foe| {
            let WeaponChoice::Carried(index) = foe.holding else {
                return false;
            };
            self.scenario.units[foe.unit.index()]
                .weapons
                .get(index)
                .is_some_and(|carried| carried.weapon.attack_form() == AttackForm::Shot)
        })
    }
}
