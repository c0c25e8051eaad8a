//! Why a command was refused, in the engine's words or a rulebook's own (`OwnRejection`),
//! written as the event stream writes every refusal. A refused command leaves the battle
//! exactly as it was.

use std::fmt;

use serde::{Serialize, Serializer};

use super::UnitId;

/// Why a command was refused. The state is left exactly as it was.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, thiserror::Error)]
pub enum Rejection {
    #[error("there is no unit {0:?}")]
    UnknownUnit(UnitId),
    #[error("the battle has not begun")]
    NotBegun,
    #[error("the battle has already begun")]
    AlreadyBegun,
    #[error("the battle is over")]
    Over,
    #[error("it is not this unit's turn")]
    NotItsTurn,
    #[error("an attack is waiting for the defender's answer")]
    AwaitingAnswer,
    #[error("no attack is waiting for this unit's answer")]
    NotDefending,
    #[error("the unit cannot act: {0}")]
    CannotAct(String),
    #[error("the target cannot be attacked: {0}")]
    InvalidTarget(String),
    #[error("out of reach: {0}")]
    OutOfReach(String),
    #[error("the unit has no such weapon or attack")]
    NoSuchWeapon,
    #[error("the weapon was knocked away")]
    WeaponLost,
    #[error("not a hand-to-hand attack: {0}")]
    NotMelee(String),
    #[error("the unit has used its action")]
    ActionUsed,
    #[error("not at this point of the round: {0}")]
    NotNow(String),
    #[error("no such command in this battle: {0}")]
    NoSuchCommand(String),
    #[error("no attacks left this turn")]
    NoAttacksLeft,
    #[error("the move costs {cost} tenths of a yard but only {left} are left")]
    OverBudget { cost: u32, left: u32 },
    #[error("no way there")]
    NoPath,
    #[error("the unit is prone: it must stand up first")]
    Prone,
    #[error("the unit is not prone")]
    NotProne,
    #[error("the unit is held")]
    Held,
    #[error("the unit is held fast where it stands, until the keeper frees it")]
    HeldFast,
    #[error("holding someone: only what a holder does with the unit it holds, or let go")]
    Holding,
    #[error("the maneuver cannot work: the target's Build is {0} larger")]
    TooBig(i32),
    #[error("cannot knock out: {0}")]
    NoKnockOut(String),
    #[error("the maneuver makes no sense here: {0}")]
    PointlessManeuver(String),
    #[error("cannot delay: {0}")]
    CannotDelay(String),
    #[error("no way out here: flee from a map edge or an exit")]
    NoExit,
    #[error("nothing to treat: {0}")]
    NothingToTreat(String),
    #[error("medicine takes an hour or more: treat after the battle")]
    NotDuringBattle,
    #[error("the unit has already made its surprise attack")]
    SurpriseSpent,
    #[error("the weapon cannot do that: {0}")]
    WrongWeapon(String),
    #[error("not enough rounds: {0}")]
    OutOfAmmunition(String),
    #[error("the weapon is jammed")]
    Jammed,
    #[error("the weapon is not jammed")]
    NotJammed,
    #[error("the weapon can be used again from round {0}")]
    NotReadyUntil(u32),
    #[error("no line of fire: {0}")]
    NoLineOfFire(String),
    #[error("automatic fire sweeps at most sixty degrees: the targets are spread too wide")]
    OutOfArc,
    #[error("cannot reload: {0}")]
    CannotReload(crate::rules::firearms::ReloadRefusal),
    #[error("not an answer to this attack: {0}")]
    InvalidAnswer(String),
    #[error("not on fire: {0}")]
    NotBurning(String),
    /// A keeper's order the battle cannot carry out now (why, in words).
    #[error("{0}")]
    KeeperRefused(String),
    /// A rulebook's own refusal (the d10 pool's "no dice left for that this round: …"), written
    /// under its own name as the engine's are.
    #[error("{0}")]
    #[serde(untagged)]
    Rulebook(OwnRejection),
}

/// A refusal of one rulebook's own: its name as written (`NoDiceLeft`), its words ("no dice
/// left for that this round") and why.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct OwnRejection {
    pub name: &'static str,
    pub words: &'static str,
    pub why: String,
}

impl fmt::Display for OwnRejection {
    fn fmt(&self, formatter: &mut fmt::Formatter) -> fmt::Result {
        write!(formatter, "{}: {}", self.words, self.why)
    }
}

/// Written as the engine's own refusals are: its name, and why (`{"NoDiceLeft":"…"}`).
impl Serialize for OwnRejection {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_newtype_variant("Rejection", 0, self.name, &self.why)
    }
}
