//! Where the battle stands: the phase (before the fight, a turn, an attack waiting for its
//! answer, over), the turn being taken and what it has spent, the round's order and what is
//! kept from one round to the next.

use std::collections::{BTreeMap, VecDeque};

use bevy::prelude::*;
use serde::{Deserialize, Serialize};

use super::command::{ManeuverGoal, WeaponChoice};
use super::event::Outcome;
use super::fire_plan::FirePlan;
use super::*;
use crate::map::Tile;
use crate::rules::characteristics::MoveAllowance;
use crate::rules::initiative::KeptInitiative;
use crate::rules::percentile::SuccessLevel;
use crate::rules::round::{Slot, TurnLimits};

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
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
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
}

/// Why a turn has no action.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
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
    /// For a reason of its rulebook's own (the d10 pool's dice spent, the western's pain of a
    /// wound), in its words.
    Rulebook(&'static str),
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
            Self::Rulebook(words) => words,
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
    /// The order planned in the first round, where the rulebook keeps it for the battle (the
    /// western's declaration order, its roll-offs included).
    pub kept_order: Vec<Slot>,
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
            kept_order: Vec::new(),
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
