//! The battle in the ECS: units as entities with components, the round and its turns, commands
//! in and events out. The systems validate each command, call the pure rules with the seeded
//! dice, change components and announce every change as an event.

mod aim;
pub mod answer;
mod arms;
pub mod blast;
mod body_harm;
pub mod budget;
mod called_shot;
mod cherries;
mod cherry_effects;
pub mod command;
mod condition;
pub mod declaration;
pub mod declaring;
mod dodge_stance;
mod effects;
mod engine;
mod evade;
pub mod event;
mod exchange;
mod fighting;
mod fire_odds;
mod fire_preview;
mod flow;
mod grapple;
mod hiding;
mod hits;
mod hold;
pub mod hooks;
mod injuries;
mod keeper;
mod knock_down;
mod landing;
mod log_kind;
pub mod melee;
mod missed_blow;
pub mod movement;
pub mod own;
mod pain;
pub mod planning;
mod quick_draw;
pub mod ranged;
mod recovering;
mod round_end;
pub mod scope;
pub mod shot;
pub mod skill_shares;
mod specifics;
pub mod state;
mod suppression;
pub mod sweep;
pub mod tally;
pub mod threat;
mod trigger_pull;
mod volley;
mod wounds;
mod wrestling;

use std::collections::{BTreeMap, VecDeque};
use std::sync::Arc;

use bevy::ecs::system::RunSystemOnce;
use bevy::prelude::*;
use serde::{Deserialize, Serialize};

use crate::map::Tile;
use crate::map::scenario::{CarriedWeapon, Control, Scenario, UnitSpec};
use crate::rules::characteristics::MoveAllowance;
use crate::rules::dice::Dice;
use crate::rules::explosions::Burning;
use crate::rules::firearms::{Ammunition, rounds_ready};
use crate::rules::initiative::KeptInitiative;
use crate::rules::injuries::InjuryList;
use crate::rules::percentile::SuccessLevel;
use crate::rules::roll_harm::LocationTally;
use crate::rules::round::{Slot, TurnLimits};
use crate::rules::weapons::AttackForm;
use command::{Command, ManeuverGoal, WeaponChoice};
use event::{Event, Outcome, WoundState};
use scope::{BattleRoot, BattleScoped, InBattle};
use volley::FirePlan;

pub use condition::{
    AimTaken, Condition, Footing, Idle, Pain, Restraint, SkillShares, Suppression,
};
pub use engine::resolve;
pub use fighting::hand_reaches;

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

/// What an attack waiting for its answer is.
#[derive(Debug, Clone, PartialEq)]
pub enum AttackKind {
    /// A blow, or a thrown weapon.
    Strike(WeaponChoice),
    Maneuver(ManeuverGoal),
    /// Shots fired: each target in turn may dive for cover before any roll is made.
    Fire(PendingFire),
}

/// Shots waiting for their targets to choose whether to dive for cover: the trigger pull as
/// planned when it was fired, kept until its rolls are made.
#[derive(Debug, Clone, PartialEq)]
pub struct PendingFire {
    pub plan: Box<FirePlan>,
    /// Targets still to be asked, after the one asked now.
    pub to_ask: Vec<UnitId>,
    /// Targets that dived for cover and made their Dodge roll.
    pub dived: Vec<UnitId>,
    /// Targets that made their Dodge roll against the first bullet (where the rulebook has
    /// that answer): the first roll at each lands one hit fewer.
    pub dodged: Vec<UnitId>,
    /// Targets that dodged behind cover, or with their round's dice in a sweep (where the
    /// rulebook has those answers), with the net successes that come off the roll at each.
    pub dodge_nets: Vec<(UnitId, u32)>,
    /// Fired before round 1 (a surprise shot): the set-up goes on after it.
    pub during_setup: bool,
}

/// A charge or mine set on the map.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Charge {
    pub owner: UnitId,
    /// The owner's carried weapon it is.
    pub weapon: usize,
    pub at: Tile,
    /// Goes off at the end of this round; `None`: a mine, set off by whoever steps on it.
    pub fuse: Option<u32>,
    /// The way a directional mine faces (from its setter towards the tile).
    pub facing: Option<(i32, i32)>,
    /// Badly set: it will not go off.
    pub dud: bool,
}

/// A melee attack or maneuver waiting for the defender's answer.
#[derive(Debug, Clone, PartialEq)]
pub struct PendingAttack {
    pub attacker: UnitId,
    pub target: UnitId,
    pub kind: AttackKind,
    /// Made before round 1 by a unit the target did not see coming.
    pub unseen: bool,
    /// Made during the set-up (a surprise attack the target saw coming).
    pub during_setup: bool,
    /// A blow struck to knock out (where the rulebook has them).
    pub knock_out: bool,
    /// A free blow at a unit that stumbled getting up (the western): a plain blow, whatever
    /// the attacker declared.
    pub free: bool,
}

/// Where the battle stands.
#[derive(Debug, Clone, PartialEq)]
pub enum Phase {
    /// Before round 1: surprise attacks may be made.
    Setup,
    /// A unit's turn.
    Turn,
    /// An attack waits for its defender's answer.
    Defending(PendingAttack),
    Over(Outcome),
}

/// The acting unit's turn so far.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct TurnState {
    pub unit: UnitId,
    /// Movement spent, in tenths of a yard.
    pub spent: u32,
    pub action_used: bool,
    /// Why it cannot act this turn, where it cannot: it ran past its MOV, or lost the action
    /// before the turn began.
    pub action_lost: Option<ActionLost>,
    pub attacks_made: u32,
    /// What the round plan's slot allows this turn.
    pub limits: TurnLimits,
    /// The handgun that fired unaimed this turn, and whether a second one (in the other hand)
    /// has fired too (BRP's two handguns).
    pub unaimed_gun: Option<usize>,
    pub off_hand_fired: bool,
    /// It put the fire on it out on a roll this turn (the d100 house sheet): it may attack or
    /// take a dodge stance, not both.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub put_out_quickly: bool,
}

/// Why a turn has no action.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum ActionLost {
    /// It moved past its MOV this turn.
    RanPastMov,
    /// It dived for cover since its last turn.
    DivedForCover,
    /// Its DEX roll for initiative was a fumble (its first action).
    FumbledInitiative,
    /// It dodged this round, where that costs the attack (BRP).
    Dodged,
    /// Taken wholly by surprise, it makes no attack in round 1 (BRP).
    WhollySurprised,
    /// Its dice for the round are spent or kept for defence (a dice budget).
    NoDiceLeft,
    /// It failed the roll against a wound's pain (the western).
    InPain,
}

impl ActionLost {
    /// "dived for cover", as the turn's panel says why there is no action.
    pub fn words(self) -> &'static str {
        match self {
            Self::RanPastMov => "ran past MOV",
            Self::DivedForCover => "dived for cover",
            Self::FumbledInitiative => "fumbled the DEX roll",
            Self::Dodged => "dodged this round",
            Self::WhollySurprised => "taken wholly by surprise",
            Self::NoDiceLeft => "no dice left this round",
            Self::InPain => "overcome by the pain of a wound",
        }
    }
}

impl TurnState {
    /// Whether the turn's action is lost (ran past MOV, dived, …).
    pub fn action_forfeited(&self) -> bool {
        self.action_lost.is_some()
    }

    /// Whether the turn still has an attack for a unit with `attacks_per_round`: its action not
    /// forfeited nor spent on something else, and an attack left (the battle's own check).
    pub fn attack_left(&self, attacks_per_round: u32) -> bool {
        !self.action_forfeited()
            && self.attacks_made < attacks_per_round
            && (!self.action_used || self.attacks_made > 0)
    }

    /// Whether a dodge stance `condition` took first this turn (the d100 house sheet) is all
    /// the turn's action went on: an attack may still follow it.
    pub fn only_the_stance(&self, condition: &Condition) -> bool {
        condition
            .dodge_stance
            .is_some_and(|stance| stance.shift == 0)
            && self.attacks_made == 0
            && !self.put_out_quickly
    }

    /// Whether the unit in `condition` may take a dodge stance this turn: none held, holding
    /// nobody, and its action unspent or spent on an attack.
    pub fn dodge_stance_open(&self, condition: &Condition) -> bool {
        condition.dodge_stance.is_none()
            && condition.holding.is_none()
            && !self.action_forfeited()
            && (!self.action_used || (self.attacks_made > 0 && !self.put_out_quickly))
    }

    /// Whether an attack may still come this turn from the unit in `condition`: its action
    /// unspent, spent only on a dodge stance taken first, or a share of its divided skill left.
    pub fn attack_to_come(&self, condition: &Condition) -> bool {
        !self.action_forfeited()
            && (!self.action_used
                || self.only_the_stance(condition)
                || condition
                    .skill_shares
                    .is_some_and(|shares| shares.next().is_some()))
    }

    /// Whether the unit in `condition` may divide its skill this turn: not yet divided, before
    /// its first attack, its action unspent or spent only on a dodge stance taken first.
    pub fn division_open(&self, condition: &Condition) -> bool {
        condition.skill_shares.is_none() && self.attacks_made == 0 && self.attack_to_come(condition)
    }

    /// The movement this turn has left, in tenths of a yard (all the unit's allowance while
    /// the action is unused; once it is, only the free part where going further gives up the
    /// action); or why it may not move at all (a slot kept for a shot or a declaration, or a
    /// rulebook with no movement after acting).
    pub fn movement_left(&self, moves: MoveAllowance) -> Result<u32, &'static str> {
        if !self.limits.moves() {
            return Err("no moving in this slot");
        }
        if self.action_used && !self.limits.moves_after_acting {
            return Err("no moving after acting in the round");
        }
        let budget = if self.action_used && moves.past_free_forfeits {
            moves.free
        } else {
            moves.most
        };
        Ok(budget.saturating_sub(self.spent))
    }

    /// How far the unit may still move and act as it would have: in tenths of a yard, nothing
    /// once its action is lost.
    pub fn free_movement_left(&self, moves: MoveAllowance) -> u32 {
        if self.action_forfeited() {
            0
        } else {
            moves.free.saturating_sub(self.spent)
        }
    }

    /// A turn just begun: nothing moved, nothing done.
    pub fn fresh(unit: UnitId) -> Self {
        Self {
            unit,
            spent: 0,
            action_used: false,
            action_lost: None,
            attacks_made: 0,
            limits: TurnLimits::WHOLE,
            unaimed_gun: None,
            off_hand_fired: false,
            put_out_quickly: false,
        }
    }
}

/// The round: its order, whose turn it is, who waits.
#[derive(Resource, Debug, Clone, PartialEq)]
pub struct Flow {
    pub phase: Phase,
    pub round: u32,
    /// This round's order: the slots of the rulebook's round plan.
    pub order: Vec<Slot>,
    /// How far through `order` the round has come.
    pub next_in_order: usize,
    pub turn: Option<TurnState>,
    /// Units delaying, and whom they wait for (`None`: everyone).
    pub delayed: Vec<(UnitId, Option<UnitId>)>,
    /// Delayed units whose wait is over, to act next.
    pub released: VecDeque<UnitId>,
    /// DEX-roll initiative: each unit's roll, and whether it had a readied firearm then.
    pub dex_rolls: BTreeMap<UnitId, (SuccessLevel, bool)>,
    /// Initiative rolled once for the combat, where the rulebook rolls it so: each unit's.
    pub kept_initiative: BTreeMap<UnitId, KeptInitiative>,
    /// Charges and mines waiting to go off.
    pub charges: Vec<Charge>,
    /// Bullet and blade wounds taken this round, to be located as it ends (the western): the
    /// unit and the weapon, in the order taken.
    pub wounds_to_locate: Vec<(UnitId, String)>,
    /// The order planned in the first round, where the rulebook keeps it for the battle (the
    /// western's declaration order, its roll-offs included).
    pub kept_order: Vec<Slot>,
    /// This round's declarations, in the order made (the western).
    pub declarations: Vec<(UnitId, declaration::Declaration)>,
}

impl Default for Flow {
    fn default() -> Self {
        Self {
            phase: Phase::Setup,
            round: 0,
            order: Vec::new(),
            next_in_order: 0,
            turn: None,
            delayed: Vec::new(),
            released: VecDeque::new(),
            dex_rolls: BTreeMap::new(),
            kept_initiative: BTreeMap::new(),
            charges: Vec::new(),
            wounds_to_locate: Vec::new(),
            kept_order: Vec::new(),
            declarations: Vec::new(),
        }
    }
}

impl Flow {
    /// Whether `unit` has a turn still to come this round: its slot not yet reached, or
    /// waiting on a delay.
    pub fn turn_to_come(&self, unit: UnitId) -> bool {
        self.order
            .get(self.next_in_order..)
            .is_some_and(|rest| rest.iter().any(|slot| UnitId(slot.unit) == unit))
            || self.delayed.iter().any(|(waiting, _)| *waiting == unit)
            || self.released.contains(&unit)
    }

    /// The unit whose turn it is.
    pub fn acting(&self) -> Option<UnitId> {
        self.turn.map(|turn| turn.unit)
    }

    /// The attack waiting for an answer, if any.
    pub fn pending(&self) -> Option<&PendingAttack> {
        match &self.phase {
            Phase::Defending(pending) => Some(pending),
            _ => None,
        }
    }
}

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
            spawn_units.run_if(resource_exists::<ActiveScenario>.and_then(no_units_yet)),
        )
        .add_systems(
            Update,
            engine::resolve_queued_commands
                .run_if(resource_exists::<ActiveScenario>)
                .in_set(BattleSystems),
        );
}

/// Put the battle back to its start under `seed`: the units as the scenario sets them, no
/// command given, no event, fresh dice. Who plays each unit stays as it is.
pub fn restart(world: &mut World, seed: u64) {
    clear(world);
    world.insert_resource(BattleDice::new(seed));
    // Units the keeper brought in from a roster go: the orders that brought them are gone too.
    let scenario = world.resource::<ActiveScenario>().0.clone();
    if scenario.units.len() > scenario.units_as_begun() {
        world.insert_resource(ActiveScenario(Arc::new(scenario.as_begun())));
    }
    if let Some(mut controllers) = world.get_resource_mut::<Controllers>() {
        controllers.0.truncate(scenario.units_as_begun());
    }
    // The scenario is there: a battle is only restarted once it has begun.
    if let Err(error) = world.run_system_once(spawn_units) {
        error!("the battle could not be set up again: {error}");
    }
}

/// Take the battle off the board: its units gone, no command given, no event, the flow at its
/// set-up (every resource registered as the battle's record, [`scope::BattleScoped`]). The
/// scenario, the dice and who plays each unit stay where they are.
pub fn clear(world: &mut World) {
    scope::clear(world);
}

/// Whether no unit is on the board yet: a battle the window began as it opened (entering its
/// battle screen comes before `Startup`) already has its units, and spawning them again left a
/// second, stale set that the map named and the AI read.
fn no_units_yet(roster: Res<Roster>) -> bool {
    roster.0.is_empty()
}

fn spawn_units(
    mut commands: Commands,
    scenario: Res<ActiveScenario>,
    mut roster: ResMut<Roster>,
    controllers: Option<Res<Controllers>>,
) {
    let scenario = &scenario.0;
    let root = commands.spawn((Name::new("Battle"), BattleRoot)).id();
    roster.0.clear();
    for (index, unit) in scenario.units.iter().enumerate() {
        roster.0.push(spawn_unit(&mut commands, root, index, unit));
    }
    if controllers.is_none() {
        commands.insert_resource(Controllers(
            scenario.units.iter().map(|unit| unit.control).collect(),
        ));
    }
}

/// A unit's entity as the scenario sets it at the start (or as it joins, brought in by the
/// keeper), in the battle of `root`: its id, vitals, condition and weapons, and its tile if it
/// is on the map.
pub(crate) fn spawn_unit(
    commands: &mut Commands,
    root: Entity,
    index: usize,
    unit: &UnitSpec,
) -> Entity {
    let presence = match unit.arrives {
        _ if unit.reserve => Presence::Reserve,
        Some(round) if round > 1 => Presence::Arriving(round),
        _ => Presence::Present,
    };
    let opening = unit.opening;
    let mut vitals = Vitals::new(unit.derived.hit_points);
    vitals.hit_points = opening.hit_points.unwrap_or(vitals.hit_points);
    vitals.major_wound = opening.major_wound;
    vitals.vital = match (vitals.hit_points, opening.major_wound) {
        (0, true) => Vital::Dying,
        (0, false) => Vital::Unconscious,
        _ => Vital::Conscious,
    };
    let mut entity = commands.spawn((
        InBattle(root),
        Name::new(unit.name.clone()),
        UnitId::of_index(index),
        vitals,
        Condition {
            presence,
            prone: opening.prone || vitals.hit_points == 0,
            aim: opening.aiming_at.map(|target| AimTaken {
                target: UnitId::of_index(target),
                round: 0,
                rounds: 1,
            }),
            burning: opening.burning.map(|damage| Burning {
                rounds_burnt: 0,
                since_round: 0,
                minimum: damage,
            }),
            hidden: unit.hidden,
            held_fast: opening.held_fast,
            ..default()
        },
        Arsenal {
            in_hand: if opening.holstered {
                WeaponChoice::Unarmed
            } else {
                unit.default_weapon()
            },
            lost: Vec::new(),
            stuck: Vec::new(),
            dropped: None,
            weapons: unit
                .weapons
                .iter()
                .map(|carried| WeaponState {
                    ammunition: Ammunition {
                        loaded: carried.loaded,
                        spare: carried.spare,
                        belt_half_changed: false,
                    },
                    ..WeaponState::default()
                })
                .collect(),
        },
    ));
    if presence == Presence::Present {
        entity.insert(TilePosition(unit.start));
    }
    entity.id()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A unit that used its action may still go its free movement; past it only where going
    /// further costs no action.
    #[test]
    fn movement_left_after_acting_depends_on_what_going_further_costs() {
        let acted = TurnState {
            spent: 30,
            action_used: true,
            ..TurnState::fresh(UnitId(0))
        };
        let running = MoveAllowance::running(8);
        let paid = MoveAllowance {
            past_free_forfeits: false,
            ..running
        };
        assert_eq!(acted.movement_left(running), Ok(50));
        assert_eq!(acted.movement_left(paid), Ok(130));
        assert_eq!(acted.free_movement_left(paid), 50);
        let ran = TurnState {
            spent: 100,
            action_lost: Some(ActionLost::RanPastMov),
            ..TurnState::fresh(UnitId(0))
        };
        assert_eq!(ran.movement_left(running), Ok(60));
        assert_eq!(ran.free_movement_left(running), 0);
    }
}
