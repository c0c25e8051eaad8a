//! The battle's rolls: every die through the seeded dice and logged, each demand as the
//! unit's own state leaves it (wounds, movement, its characteristics, skills and Luck), damage
//! and the resistance table.

use super::{Battle, standing_facts};

use bevy::prelude::*;

use crate::battle::event::{EventKind, Modifier};
use crate::battle::own_state::RulebookStanding;
use crate::battle::{BattleDice, UnitId};
use crate::rules::damage::{DamageNotation, DamageQuality, DamageReach, DamageRoll, Formula};
use crate::rules::dice::{DieFace, FaceSource};
use crate::rules::opposed::Resistance;
use crate::rules::roll::{Demand, RollPurpose, RollRecord, Verdict};
use crate::rules::roll_harm::CharacteristicCheck;
use crate::rules::situation::StandingFacts;

impl Battle<'_> {
    /// Roll a check for `unit` against a demand, as the unit's own state leaves it (its wounds,
    /// its extra movement, where the rulebook counts them), and record it.
    pub fn roll(&mut self, unit: UnitId, purpose: RollPurpose, demand: &Demand) -> Verdict {
        let demand = self.standing_demand(unit, demand);
        self.roll_as_is(unit, purpose, &demand)
    }

    /// Roll a demand again with the faces of a roll already made (a sweep's one roll counted
    /// for another target): the same dice, read at this demand's own difficulty, and recorded.
    pub fn roll_again(
        &mut self,
        unit: UnitId,
        purpose: RollPurpose,
        demand: &Demand,
        faces: &[u32],
    ) -> Verdict {
        self.world
            .resource_mut::<BattleDice>()
            .dice
            .load_next(faces);
        self.roll(unit, purpose, demand)
    }

    /// The faces of the last roll recorded, in the order rolled.
    pub fn last_rolled_faces(&self) -> Vec<u32> {
        self.events()
            .iter()
            .rev()
            .find_map(|event| match &event.kind {
                EventKind::Rolled { roll, .. } => {
                    Some(roll.dice.iter().map(|die| die.face).collect())
                }
                _ => None,
            })
            .unwrap_or_default()
    }

    /// `unit` falls prone, if it is not already.
    pub fn fall_prone(&mut self, unit: UnitId) {
        if !self.condition(unit).prone {
            self.change_condition(unit, |condition| condition.prone = true);
            self.emit(EventKind::FellProne { unit });
        }
    }

    /// Roll a check for `unit` against a demand as it is, and record it (initiative, which no
    /// wound touches).
    pub fn roll_as_is(&mut self, unit: UnitId, purpose: RollPurpose, demand: &Demand) -> Verdict {
        let (record, verdict) = self.roll_unrecorded(purpose, demand);
        self.emit(EventKind::Rolled { unit, roll: record });
        verdict
    }

    /// What `unit`'s state brings to every roll it makes: its injuries, its movement and its
    /// hit points, and what the rulebook's own state of it adds.
    pub fn standing_facts(&self, unit: UnitId) -> StandingFacts {
        let facts = standing_facts(self.spec(unit), &self.vitals(unit), &self.condition(unit));
        let own = self
            .world
            .get_resource::<RulebookStanding>()
            .and_then(|by| by.get(self.scenario.ruleset.id()));
        match own {
            Some(own) => own.standing_facts(self.world, (unit, self.entity(unit)), facts),
            None => facts,
        }
    }

    /// A demand as the unit's own state leaves it: what the rulebook makes of its standing
    /// (its injuries, how far it has moved this round, …), after the demand's own modifiers.
    pub fn standing_demand(&self, unit: UnitId, demand: &Demand) -> Demand {
        let standing = self
            .scenario
            .ruleset
            .standing_modifiers(&self.standing_facts(unit));
        let mut demand = demand.clone();
        demand.modifiers.extend(standing);
        demand
    }

    /// Roll a check against a demand; the caller's event records it.
    pub fn roll_unrecorded(
        &mut self,
        purpose: RollPurpose,
        demand: &Demand,
    ) -> (RollRecord, Verdict) {
        let ruleset = self.scenario.ruleset.clone();
        let checked = {
            let mut dice = self.world.resource_mut::<BattleDice>();
            ruleset.check(&mut dice.dice, purpose, demand)
        };
        (checked.record, checked.verdict)
    }

    /// Roll one of the unit's skills (by name, base values included) with these modifiers.
    pub fn roll_skill(&mut self, unit: UnitId, name: &str, modifiers: Vec<Modifier>) -> Verdict {
        let (purpose, demand) = self.skill_check(unit, name, modifiers);
        self.roll(unit, purpose, &demand)
    }

    /// What a roll of one of the unit's skills is for and made against.
    pub fn skill_check(
        &self,
        unit: UnitId,
        name: &str,
        modifiers: Vec<Modifier>,
    ) -> (RollPurpose, Demand) {
        (
            RollPurpose::Skill(name.to_string()),
            Demand::new(self.skill(unit, name), modifiers),
        )
    }

    /// Roll a characteristic (`CON`, `DEX`) or Luck with these modifiers, against what the
    /// rulebook makes of its value.
    pub fn roll_characteristic(
        &mut self,
        unit: UnitId,
        name: &str,
        value: u32,
        modifiers: Vec<Modifier>,
    ) -> Verdict {
        let (purpose, demand) = self.characteristic_check(name, value, modifiers);
        self.roll(unit, purpose, &demand)
    }

    /// Roll the characteristic `check` asks of `unit`, with its shift: whether it succeeded.
    pub fn passes(&mut self, unit: UnitId, check: CharacteristicCheck) -> bool {
        let modifiers = check.shift.into_iter().collect();
        self.roll_own_characteristic(unit, check.characteristic, modifiers)
            .success
    }

    /// Roll the unit's characteristic kept in the sheet's `field`, named `name` in the log (the
    /// western's Concentration is "Conc", kept in CON).
    pub fn roll_own_characteristic(
        &mut self,
        unit: UnitId,
        (name, field): (&str, &str),
        modifiers: Vec<Modifier>,
    ) -> Verdict {
        let value = self
            .spec(unit)
            .characteristics
            .by_name(field)
            .unwrap_or_default();
        self.roll_characteristic(unit, name, value, modifiers)
    }

    /// What a roll of a characteristic (or Luck) of this value is for and made against.
    pub fn characteristic_check(
        &self,
        name: &str,
        value: u32,
        modifiers: Vec<Modifier>,
    ) -> (RollPurpose, Demand) {
        let chance = self.scenario.ruleset.characteristic_chance(name, value);
        (
            RollPurpose::Characteristic(name.to_string()),
            Demand::new(chance, modifiers),
        )
    }

    /// Modifiers with what the unit's speciality in this weapon (its `secondary`) is worth,
    /// where it has it and the rulebook counts it.
    pub fn with_secondary(
        &self,
        unit: UnitId,
        secondary: Option<&str>,
        mut modifiers: Vec<Modifier>,
    ) -> Vec<Modifier> {
        if self.spec(unit).has_secondary(secondary)
            && let Some(modifier) = self.scenario.ruleset.sheet().secondary_value()
        {
            modifiers.push(modifier);
        }
        modifiers
    }

    /// The unit's Luck left: its own, less what it has spent.
    pub fn luck(&self, unit: UnitId) -> u32 {
        self.spec(unit)
            .characteristics
            .luck
            .saturating_sub(self.condition(unit).luck_spent)
    }

    /// `active` against `passive` on the rulebook's resistance table, rolled by `unit` where
    /// it is not sure either way (a rulebook without the table loses): the odds and whether the
    /// active side won. `what` names what is weighed, for the log.
    pub fn roll_resistance(
        &mut self,
        unit: UnitId,
        active: u32,
        passive: u32,
        what: String,
    ) -> (Resistance, bool) {
        let odds = self
            .scenario
            .ruleset
            .grappling()
            .resistance(active, passive)
            .unwrap_or(Resistance::Sure(false));
        let won = match odds {
            Resistance::Sure(won) => won,
            Resistance::Chance(chance) => {
                let demand = Demand::new(chance, Vec::new());
                self.roll(unit, RollPurpose::Resistance(what), &demand)
                    .success
            }
        };
        (odds, won)
    }

    /// Roll one die (for a jam's rounds of work, a scatter, a stun); the caller's event records
    /// the face.
    pub fn die(&mut self, sides: u32) -> DieFace {
        let face = self.world.resource_mut::<BattleDice>().dice.face(sides);
        DieFace { sides, face }
    }

    /// Roll damage dealt by `unit` to `target` and record it.
    pub fn roll_damage(
        &mut self,
        unit: UnitId,
        target: UnitId,
        weapon: &str,
        damage: &DamageNotation,
        reach: DamageReach,
        damage_bonus: &Formula,
        quality: DamageQuality,
    ) -> DamageRoll {
        let ruleset = self.scenario.ruleset.clone();
        // A target immune to impales takes an impaling hit as any other of its success.
        let quality = if quality == DamageQuality::Impale && self.spec(target).immune_to_impale {
            DamageQuality::Extreme
        } else {
            quality
        };
        let rolled = {
            let mut dice = self.world.resource_mut::<BattleDice>();
            ruleset.damage(
                &mut dice.dice,
                RollPurpose::Damage(weapon.to_string()),
                damage,
                reach,
                damage_bonus,
                quality,
            )
        };
        let roll = rolled
            .ok()
            .flatten()
            .map(|rolled| rolled.result)
            .unwrap_or(DamageRoll {
                quality,
                parts: Vec::new(),
                divisor: 1,
                total: 0,
            });
        self.emit(EventKind::DamageRolled {
            unit,
            target,
            weapon: weapon.to_string(),
            roll: roll.clone(),
        });
        roll
    }
}
