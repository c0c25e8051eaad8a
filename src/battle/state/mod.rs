//! The battle's state as a command sees it: reading and changing the units' components, the
//! round's flow and the event log, and rolling the seeded dice with every roll recorded. Every
//! procedure of the battle works through it.

use std::sync::Arc;

use bevy::prelude::*;

use super::command::{Rejection, WeaponChoice};
use super::event::{Event, EventKind};
use super::own_state::own_of;
use super::{
    ActiveScenario, Arsenal, Condition, Controllers, EventLog, Flow, Phase, Roster, TilePosition,
    TurnState, UnitId, Vital, Vitals,
};
use crate::map::Tile;
use crate::map::scenario::{Scenario, UnitSpec};
use crate::rules::situation::StandingFacts;

mod rolling;

/// What a unit's own roll is, for the worth of its situation on it: a roll to break the hold it
/// is in, one that spends an initiative edge, one with the penalty dice of a maneuver at an
/// opponent of a bigger Build.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct OwnRoll {
    pub breaking_hold: bool,
    pub initiative_edge: bool,
    pub size_penalty: u8,
}

/// The battle's state seen from a command: the world, and the scenario it plays.
pub struct Battle<'w> {
    pub world: &'w mut World,
    pub scenario: Arc<Scenario>,
}

impl<'w> Battle<'w> {
    pub fn new(world: &'w mut World) -> Self {
        let scenario = world.resource::<ActiveScenario>().0.clone();
        Self { world, scenario }
    }

    // ---- Reading the state --------------------------------------------------------------

    pub fn flow(&self) -> &Flow {
        self.world.resource::<Flow>()
    }

    pub fn flow_mut(&mut self) -> Mut<'_, Flow> {
        self.world.resource_mut::<Flow>()
    }

    pub fn round(&self) -> u32 {
        self.flow().round
    }

    /// Every unit id in the scenario.
    pub fn unit_ids(&self) -> Vec<UnitId> {
        (0..self.scenario.units.len())
            .map(UnitId::of_index)
            .collect()
    }

    pub fn spec(&self, unit: UnitId) -> &UnitSpec {
        &self.scenario.units[unit.index()]
    }

    fn entity(&self, unit: UnitId) -> Entity {
        self.world.resource::<Roster>().0[unit.index()]
    }

    /// Refuse a unit id the scenario does not have.
    pub fn known(&self, unit: UnitId) -> Result<(), Rejection> {
        if unit.index() < self.scenario.units.len() {
            Ok(())
        } else {
            Err(Rejection::UnknownUnit(unit))
        }
    }

    pub fn vitals(&self, unit: UnitId) -> Vitals {
        *self
            .world
            .get::<Vitals>(self.entity(unit))
            .expect("every unit has vitals")
    }

    pub fn condition(&self, unit: UnitId) -> Condition {
        *self
            .world
            .get::<Condition>(self.entity(unit))
            .expect("every unit has a condition")
    }

    pub fn arsenal(&self, unit: UnitId) -> Arsenal {
        self.world
            .get::<Arsenal>(self.entity(unit))
            .expect("every unit has an arsenal")
            .clone()
    }

    pub fn position(&self, unit: UnitId) -> Option<Tile> {
        self.world
            .get::<TilePosition>(self.entity(unit))
            .map(|position| position.0)
    }

    /// Refuse a target that is the unit itself, not on the map, or dead.
    pub fn target_there(&self, unit: UnitId, target: UnitId) -> Result<(), Rejection> {
        self.known(target)?;
        if target == unit {
            return Err(Rejection::InvalidTarget(
                "a unit cannot attack itself".to_string(),
            ));
        }
        if self.position(target).is_none() {
            return Err(Rejection::InvalidTarget(format!(
                "{} is not on the map",
                self.spec(target).name
            )));
        }
        if self.vitals(target).vital == Vital::Dead {
            return Err(Rejection::InvalidTarget(format!(
                "{} is dead",
                self.spec(target).name
            )));
        }
        Ok(())
    }

    /// On the map and conscious: can act and be an active part of the fight.
    pub fn standing(&self, unit: UnitId) -> bool {
        self.position(unit).is_some() && self.vitals(unit).conscious()
    }

    /// The unit at a tile, if any.
    pub fn unit_at(&self, tile: Tile) -> Option<UnitId> {
        self.unit_ids()
            .into_iter()
            .find(|unit| self.position(*unit) == Some(tile))
    }

    /// The acting unit's turn, if `unit` is the one acting; else why not.
    pub fn own_turn(&self, unit: UnitId) -> Result<TurnState, Rejection> {
        match &self.flow().phase {
            Phase::Setup => return Err(Rejection::NotBegun),
            Phase::Defending(_) => return Err(Rejection::AwaitingAnswer),
            Phase::Over(_) => return Err(Rejection::Over),
            Phase::Turn => {}
        }
        let vitals = self.vitals(unit);
        if !vitals.conscious() {
            return Err(Rejection::CannotAct(
                format!("{:?}", vitals.wound_state()).to_lowercase(),
            ));
        }
        if self.position(unit).is_none() {
            return Err(Rejection::CannotAct("not on the map".to_string()));
        }
        self.flow()
            .turn
            .filter(|turn| turn.unit == unit)
            .ok_or(Rejection::NotItsTurn)
    }

    /// The acting unit's turn, if it may still take its action.
    pub fn action_available(&self, unit: UnitId) -> Result<TurnState, Rejection> {
        let turn = self.own_turn(unit)?;
        if turn.action_forfeited() || turn.action_used {
            return Err(Rejection::ActionUsed);
        }
        Ok(turn)
    }

    // ---- Changing the state -------------------------------------------------------------

    pub fn set_vitals(&mut self, unit: UnitId, vitals: Vitals) {
        let entity = self.entity(unit);
        if let Some(mut current) = self.world.get_mut::<Vitals>(entity) {
            *current = vitals;
        }
    }

    pub fn change_condition(&mut self, unit: UnitId, change: impl FnOnce(&mut Condition)) {
        let entity = self.entity(unit);
        if let Some(mut condition) = self.world.get_mut::<Condition>(entity) {
            change(&mut condition);
        }
    }

    /// The battle's rulebook's own part of `unit`'s state (`own_state.rs`): the default where
    /// the unit has none yet.
    pub fn own<T: Component + Clone + Default>(&self, unit: UnitId) -> T {
        own_of(self.world, unit)
    }

    /// Changes the rulebook's own part of `unit`'s state, putting it on the unit first where
    /// it has none.
    pub fn change_own<T: Component<Mutability = bevy::ecs::component::Mutable> + Default>(
        &mut self,
        unit: UnitId,
        change: impl FnOnce(&mut T),
    ) {
        let entity = self.entity(unit);
        let mut entity = self.world.entity_mut(entity);
        if let Some(mut own) = entity.get_mut::<T>() {
            change(&mut own);
        } else {
            let mut own = T::default();
            change(&mut own);
            entity.insert(own);
        }
    }

    pub fn change_arsenal(&mut self, unit: UnitId, change: impl FnOnce(&mut Arsenal)) {
        let entity = self.entity(unit);
        if let Some(mut arsenal) = self.world.get_mut::<Arsenal>(entity) {
            change(&mut arsenal);
        }
    }

    pub fn place(&mut self, unit: UnitId, tile: Option<Tile>) {
        let entity = self.entity(unit);
        match tile {
            Some(tile) => {
                self.world.entity_mut(entity).insert(TilePosition(tile));
            }
            None => {
                self.world.entity_mut(entity).remove::<TilePosition>();
            }
        }
    }

    /// A unit the scenario did not have joins the battle: the scenario grows by its sheet, and
    /// the unit gets the next id and an entity on its tile, played as the others of its side
    /// are played here.
    pub fn enlist(&mut self, spec: UnitSpec) -> UnitId {
        let index = self.scenario.units.len();
        let control = {
            let controllers = self.world.get_resource::<Controllers>();
            self.scenario
                .units
                .iter()
                .position(|other| other.side == spec.side)
                .and_then(|fellow| controllers.and_then(|them| them.0.get(fellow).copied()))
                .unwrap_or(spec.control)
        };
        let mut grown = (*self.scenario).clone();
        grown.units.push(spec);
        self.scenario = Arc::new(grown);
        self.world
            .insert_resource(ActiveScenario(self.scenario.clone()));
        let root = super::scope::root(self.world);
        let entity = super::setup::spawn_unit(
            &mut self.world.commands(),
            root,
            index,
            &self.scenario.units[index],
        );
        self.world.flush();
        self.world.resource_mut::<Roster>().0.push(entity);
        if let Some(mut controllers) = self.world.get_resource_mut::<Controllers>() {
            controllers.0.push(control);
        }
        UnitId::of_index(index)
    }

    pub fn change_turn(&mut self, change: impl FnOnce(&mut TurnState)) {
        if let Some(turn) = self.flow_mut().turn.as_mut() {
            change(turn);
        }
    }

    /// Every event so far.
    pub fn events(&self) -> &[super::event::Event] {
        &self.world.resource::<EventLog>().0
    }

    /// Record what happened: an engine's event, or a rulebook's own (`Into` its carrier).
    pub fn emit(&mut self, kind: impl Into<EventKind>) {
        let kind = kind.into();
        let round = self.round();
        self.world
            .resource_mut::<EventLog>()
            .0
            .push(Event { round, kind });
    }

    /// The unit's carried weapon and its state, if it still has it.
    pub fn carried(&self, unit: UnitId, index: usize) -> Option<&crate::rules::weapons::Weapon> {
        self.spec(unit)
            .weapons
            .get(index)
            .map(|carried| &carried.weapon)
    }

    /// Change the state of one of the unit's carried weapons.
    pub fn change_weapon_state(
        &mut self,
        unit: UnitId,
        index: usize,
        change: impl FnOnce(&mut super::WeaponState),
    ) {
        self.change_arsenal(unit, |arsenal| {
            if let Some(state) = arsenal.weapons.get_mut(index) {
                change(state);
            }
        });
    }

    /// Whether the unit rolled a critical DEX roll for initiative and has not yet had its bonus
    /// die.
    pub fn critical_initiative_unspent(&self, unit: UnitId) -> bool {
        self.flow()
            .dex_rolls
            .get(&unit)
            .is_some_and(|(level, _)| *level == crate::rules::percentile::SuccessLevel::Critical)
            && !self.condition(unit).initiative_edge_spent
    }

    /// A unit's skill value by name (base values included).
    pub fn skill(&self, unit: UnitId, name: &str) -> u32 {
        self.spec(unit).skill(self.scenario.ruleset.as_ref(), name)
    }

    /// Whether a weapon choice names something the unit has and still holds.
    pub fn usable_weapon(&self, unit: UnitId, weapon: WeaponChoice) -> Result<(), Rejection> {
        let spec = self.spec(unit);
        match weapon {
            WeaponChoice::Carried(index) if index >= spec.weapons.len() => {
                Err(Rejection::NoSuchWeapon)
            }
            WeaponChoice::Carried(index) if self.arsenal(unit).lost.contains(&index) => {
                Err(Rejection::WeaponLost)
            }
            WeaponChoice::Natural(index) if index >= spec.natural_attacks.len() => {
                Err(Rejection::NoSuchWeapon)
            }
            WeaponChoice::Body(blow)
                if self
                    .scenario
                    .ruleset
                    .hand_to_hand()
                    .body_blow_damage(blow, spec.characteristics.strength)
                    .is_none() =>
            {
                Err(Rejection::NoSuchWeapon)
            }
            _ => Ok(()),
        }
    }
}

/// What a unit's state is worth on all its rolls, from its sheet, vitals and condition (what
/// the rulebook's own state adds aside: `Battle::standing_facts`).
pub fn standing_facts(spec: &UnitSpec, vitals: &Vitals, condition: &Condition) -> StandingFacts {
    StandingFacts {
        injuries: vitals.injuries,
        moved: condition.moved_this_round,
        free_movement: spec.derived.moves.free,
        hit_points: vitals.hit_points,
        max_hit_points: vitals.max_hit_points,
        burning_rounds: condition.burning.map_or(0, |fire| fire.rounds_burnt),
        ..StandingFacts::default()
    }
}
