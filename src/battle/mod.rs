//! The battle in the ECS: units as entities with components, the round and its turns, commands
//! in and events out. The systems validate each command, call the pure rules with the seeded
//! dice, change components and announce every change as an event.

pub mod aim;
pub mod answer;
pub mod arms;
pub mod blast;
pub mod blow_odds;
pub mod by_rulebook;
pub mod choices;
pub mod command;
mod condition;
pub mod effects;
mod engine;
pub mod event;
mod event_facts;
pub mod exchange;
pub mod fighting;
mod fire_odds;
pub mod fire_plan;
mod fire_preview;
pub mod flow;
pub mod grapple;
pub mod harm_read;
mod hiding;
pub mod hits;
pub mod hold;
pub mod hooks;
mod keeper;
mod landing;
mod log_kind;
pub mod melee;
pub mod melee_weapon;
pub mod movement;
pub mod moves;
pub mod own;
pub mod own_state;
pub mod ranged;
mod rejection;
pub mod rolls;
mod round_end;
mod round_order;
pub mod scope;
mod setup;
pub mod shot;
pub mod shot_terms;
pub mod state;
pub mod tally;
pub mod threat;
mod trigger_pull;
mod turn;
pub mod volley;
pub mod wounds;

use std::collections::VecDeque;
use std::sync::Arc;

use bevy::prelude::*;
use serde::{Deserialize, Serialize};

use crate::map::Tile;
use crate::map::scenario::{CarriedWeapon, Control, Scenario};
use crate::rules::dice::Dice;
use crate::rules::firearms::{Ammunition, rounds_ready};
use crate::rules::injuries::InjuryList;
use crate::rules::roll_harm::LocationTally;
use crate::rules::weapons::AttackForm;
use command::{Command, WeaponChoice};
use event::{Event, WoundState};
use scope::BattleScoped;

pub use condition::{AimTaken, Condition, Footing, Idle, IdleRound};
pub use engine::resolve;
pub use fighting::hand_reaches;
pub use setup::{clear, restart};
pub use turn::{
    ActionLost, AttackKind, Charge, Flow, PendingAttack, PendingFire, Phase, TurnState,
};

/// A unit's stable id: its index in the scenario, the same in every replay of it.
#[derive(
    Component, Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize,
)]
#[serde(transparent)]
pub struct UnitId(pub u16);

impl UnitId {
    /// The unit's index in the scenario's list.
    pub fn index(self) -> usize {
        usize::from(self.0)
    }

    /// The id of the unit at this index in the scenario.
    pub fn of_index(index: usize) -> Self {
        Self(u16::try_from(index).unwrap_or(u16::MAX))
    }

    /// The unit's name in `scenario` (as the log writes it: "unit 7" for one it does not hold).
    pub fn name_in(self, scenario: &Scenario) -> String {
        scenario
            .units
            .get(self.index())
            .map_or_else(|| format!("unit {}", self.0), |spec| spec.name.clone())
    }
}

/// Where a unit stands. Units that have not arrived yet, or have fled, have none.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub struct TilePosition(pub Tile);

/// Whether a unit is awake, and how close to death.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Vital {
    Conscious,
    Unconscious,
    Dying,
    Stabilised,
    Dead,
}

/// Hit points and the state of a unit's wounds.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Vitals {
    pub hit_points: u32,
    pub max_hit_points: u32,
    /// How far below zero the hit points are, where the rulebook lets them go there (BRP).
    pub below_zero: u32,
    /// The major wound box.
    pub major_wound: bool,
    pub vital: Vital,
    /// The round in which the unit started dying; it rolls CON from the end of the next one.
    pub dying_since: u32,
    /// Its injuries, where the rulebook keeps wounds so (its hit points then are what remains).
    #[serde(default, skip_serializing_if = "InjuryList::is_empty")]
    pub injuries: InjuryList,
    /// The damage each body part has taken, where the rulebook tallies it (the d100 house
    /// sheet).
    #[serde(default, skip_serializing_if = "LocationTally::is_empty")]
    pub locations: LocationTally,
}

impl Vitals {
    pub fn new(max_hit_points: u32) -> Self {
        Self {
            hit_points: max_hit_points,
            max_hit_points,
            below_zero: 0,
            major_wound: false,
            vital: Vital::Conscious,
            dying_since: 0,
            injuries: InjuryList::default(),
            locations: LocationTally::default(),
        }
    }

    /// Awake and able to act.
    pub fn conscious(&self) -> bool {
        self.vital == Vital::Conscious
    }

    /// The state shown on a unit's badge.
    pub fn wound_state(&self) -> WoundState {
        match self.vital {
            Vital::Dead => WoundState::Dead,
            Vital::Dying => WoundState::Dying,
            Vital::Stabilised => WoundState::Stabilised,
            Vital::Unconscious => WoundState::Unconscious,
            Vital::Conscious if self.major_wound => WoundState::MajorWound,
            Vital::Conscious if self.hit_points < self.max_hit_points => WoundState::Hurt,
            Vital::Conscious => WoundState::Unhurt,
        }
    }
}

/// Whether a unit is in the battle.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Presence {
    /// Arrives at the start of this round.
    Arriving(u32),
    #[default]
    Present,
    Fled,
    /// Held back: it joins only when the keeper brings it in.
    Reserve,
    /// Taken off the map by the keeper.
    Removed,
}

/// What a unit holds ready, which of its weapons it has lost, and the state of each one.
#[derive(Component, Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Arsenal {
    pub in_hand: WeaponChoice,
    /// Carried weapons knocked away, thrown or stuck in someone, by index.
    pub lost: Vec<usize>,
    /// Carried weapons stuck in a target by an impale (BRP), by index: in whom, and the round.
    pub stuck: Vec<(usize, UnitId, u32)>,
    /// Each carried weapon's rounds, jam and last use, by index.
    pub weapons: Vec<WeaponState>,
    /// The carried weapon it dropped in the pain of a wound (the western), to take up again.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub dropped: Option<usize>,
}

/// A carried weapon's state in the fight.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct WeaponState {
    pub ammunition: Ammunition,
    /// Jammed: it fires again once cleared.
    pub jam: Option<Jam>,
    /// The round it was last fired, thrown or set (for weapons used every second round or
    /// less often).
    pub last_used: Option<u32>,
}

/// A jammed weapon: rounds of work still needed, then a roll to clear it, once a round (one
/// action a turn).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Jam {
    pub work_left: u32,
}

impl Arsenal {
    /// The state of a carried weapon (a default state for anything else).
    pub fn state(&self, index: usize) -> WeaponState {
        self.weapons.get(index).copied().unwrap_or_default()
    }

    /// The gun a unit carrying `weapons` would draw: one not lost with rounds ready to fire,
    /// the one it dropped first, else the first it carries.
    pub fn gun_to_draw(&self, weapons: &[CarriedWeapon]) -> Option<WeaponChoice> {
        let carried = weapons.iter().enumerate();
        carried
            .clone()
            .filter(|(index, _)| Some(*index) == self.dropped)
            .chain(carried)
            .find(|(index, carried)| {
                carried.weapon.attack_form() == AttackForm::Shot
                    && !self.lost.contains(index)
                    && rounds_ready(carried.weapon.feed(), self.state(*index).ammunition) > 0
            })
            .map(|(index, _)| WeaponChoice::Carried(index))
    }

    /// The gun it would fire now: the one in hand, else the one it would draw.
    pub fn gun_to_fire(&self, weapons: &[CarriedWeapon]) -> Option<WeaponChoice> {
        self.gun_in_hand(weapons)
            .or_else(|| self.gun_to_draw(weapons))
    }

    /// The gun in hand, where a gun is in hand.
    fn gun_in_hand(&self, weapons: &[CarriedWeapon]) -> Option<WeaponChoice> {
        match self.in_hand {
            WeaponChoice::Carried(index)
                if weapons
                    .get(index)
                    .is_some_and(|carried| carried.weapon.attack_form() == AttackForm::Shot) =>
            {
                Some(self.in_hand)
            }
            _ => None,
        }
    }
}

/// The rulebook the battle plays by, shared by every system that asks a rules question.
#[derive(Resource, Clone, Debug)]
pub struct ActiveRuleset(pub Arc<dyn crate::rules::ruleset::Ruleset>);

/// The scenario being played.
#[derive(Resource, Debug, Clone)]
pub struct ActiveScenario(pub Arc<Scenario>);

/// Units' entities, by unit id.
#[derive(Resource, Debug, Clone, Default)]
pub struct Roster(pub Vec<Entity>);

/// The seeded dice every battle roll comes from.
#[derive(Resource, Debug)]
pub struct BattleDice {
    pub seed: u64,
    pub dice: Dice,
}

impl BattleDice {
    pub fn new(seed: u64) -> Self {
        Self {
            seed,
            dice: Dice::from_seed(seed),
        }
    }
}

/// Who gives each unit's orders (by unit id); AI defenders answer by the default policy.
#[derive(Resource, Debug, Clone, Default)]
pub struct Controllers(pub Vec<Control>);

/// Commands waiting to be resolved, in order.
#[derive(Resource, Debug, Default)]
pub struct CommandQueue(pub VecDeque<Command>);

/// Every command resolved or refused, in order: with the seed, enough to replay the battle.
#[derive(Resource, Debug, Default)]
pub struct CommandLog(pub Vec<Command>);

/// Every event so far.
#[derive(Resource, Debug, Default)]
pub struct EventLog(pub Vec<Event>);

/// The commands of the [`CommandLog`] the battle refused, by their place in it.
#[derive(Resource, Debug, Default)]
pub struct RefusedCommands(pub Vec<usize>);

/// The battle's systems, in `Update`.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct BattleSystems;

pub(super) fn plugin(app: &mut App) {
    app.battle_record::<CommandQueue>()
        .battle_record::<CommandLog>()
        .battle_record::<RefusedCommands>()
        .battle_record::<answer::AiAnsweredAt>()
        .battle_record::<EventLog>()
        .battle_record::<Flow>()
        .battle_record::<Roster>()
        .battle_only::<ActiveScenario>()
        .battle_only::<BattleDice>()
        .battle_only::<Controllers>()
        .add_systems(
            Startup,
            setup::spawn_units
                .run_if(resource_exists::<ActiveScenario>.and_then(setup::no_units_yet)),
        )
        .add_systems(
            Update,
            engine::resolve_queued_commands
                .run_if(resource_exists::<ActiveScenario>)
                .in_set(BattleSystems),
        );
}
