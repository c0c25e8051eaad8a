//! Events: everything that happened, in order. The log, the overlay, replays and the headless
//! commands all read this one stream; every roll is in it with its dice.

use serde::{Deserialize, Serialize};

use super::UnitId;
use super::command::{Answer, Command, ManeuverGoal, Rejection};
use crate::map::Tile;
use crate::rules::damage::DamageRoll;
use crate::rules::melee::MeleeOutcome;
use crate::rules::percentile::SkillCheck;
use crate::rules::ruleset::RollPurpose;
use crate::rules::wounds::BlowSeverity;

/// Why a roll got a bonus or penalty die.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ModifierReason {
    /// The defender has already dodged or fought back all it can this round.
    Outnumbered,
    /// Kicking someone when they are down.
    ProneTarget,
    /// An enemy's maneuver left the target open.
    ExposedTarget,
    /// The target did not see the maneuver coming.
    Unseen,
    /// A maneuver hampers the roller.
    Hindered,
    /// The roller is held.
    Held,
    /// A maneuver against a larger opponent: one die per point of Build.
    SmallerBuild,
    /// A readied firearm (DEX-roll initiative).
    ReadiedFirearm,
    /// A critical DEX roll for initiative: a bonus die on the first attack.
    InitiativeCritical,
}

/// One bonus (positive) or penalty (negative) die and why.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Modifier {
    pub reason: ModifierReason,
    pub dice: i8,
}

/// A unit's condition, for badges and the log.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum WoundState {
    Unhurt,
    Hurt,
    MajorWound,
    Unconscious,
    Stabilised,
    Dying,
    Dead,
}

/// How the battle ended.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Outcome {
    /// The winning side's index, or `None` for nobody.
    pub winner: Option<usize>,
    pub reason: String,
}

/// One thing that happened.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "kind")]
pub enum EventKind {
    BattleBegan {
        seed: u64,
    },
    RoundBegan {
        order: Vec<UnitId>,
    },
    UnitJoined {
        unit: UnitId,
        at: Tile,
    },
    TurnBegan {
        unit: UnitId,
    },
    /// A percentile roll, with what made its dice.
    Rolled {
        unit: UnitId,
        purpose: RollPurpose,
        check: SkillCheck,
        modifiers: Vec<Modifier>,
    },
    DamageRolled {
        unit: UnitId,
        target: UnitId,
        weapon: String,
        roll: DamageRoll,
    },
    Moved {
        unit: UnitId,
        path: Vec<Tile>,
        cost: u32,
        spent: u32,
    },
    ActionForfeited {
        unit: UnitId,
    },
    StoodUp {
        unit: UnitId,
    },
    FellProne {
        unit: UnitId,
    },
    ReadiedWeapon {
        unit: UnitId,
        weapon: String,
    },
    SurpriseAttempted {
        unit: UnitId,
        target: UnitId,
        seen: bool,
    },
    Attacked {
        unit: UnitId,
        target: UnitId,
        weapon: String,
    },
    Maneuvered {
        unit: UnitId,
        target: UnitId,
        goal: ManeuverGoal,
    },
    /// The attack waits for the defender's answer.
    DefenceAsked {
        unit: UnitId,
        attacker: UnitId,
    },
    Answered {
        unit: UnitId,
        answer: Answer,
    },
    MeleeResolved {
        attacker: UnitId,
        defender: UnitId,
        outcome: MeleeOutcome,
    },
    Damaged {
        unit: UnitId,
        by: Option<UnitId>,
        /// Damage rolled, armor taken off, damage taken.
        rolled: u32,
        armor: u32,
        taken: u32,
        hit_points: u32,
        severity: BlowSeverity,
        /// The optional concealed-damage rule hides the numbers from the player.
        concealed: bool,
    },
    WoundChanged {
        unit: UnitId,
        from: WoundState,
        to: WoundState,
    },
    Disarmed {
        unit: UnitId,
        weapon: String,
    },
    Held {
        unit: UnitId,
        holder: UnitId,
    },
    Released {
        unit: UnitId,
        holder: UnitId,
    },
    Hindered {
        unit: UnitId,
    },
    Exposed {
        unit: UnitId,
    },
    Stabilised {
        unit: UnitId,
        by: UnitId,
    },
    Healed {
        unit: UnitId,
        by: UnitId,
        amount: u32,
    },
    Delayed {
        unit: UnitId,
        until: Option<UnitId>,
    },
    DelayLapsed {
        unit: UnitId,
    },
    Fled {
        unit: UnitId,
    },
    TurnEnded {
        unit: UnitId,
    },
    RoundEnded,
    BattleEnded {
        outcome: Outcome,
    },
    Rejected {
        command: Command,
        reason: Rejection,
    },
}

/// An event with the round it happened in (0 before the first round).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Event {
    pub round: u32,
    #[serde(flatten)]
    pub kind: EventKind,
}
