//! What a unit declares for the round, where the rulebook declares rounds (the western,
//! SPECS.md 3.1): how it will move and the one thing it will do, as plain data with its words.

use serde::{Deserialize, Serialize};

use crate::battle::UnitId;
use crate::map::Tile;
use crate::rules::characteristics::MoveAllowance;
use crate::rules::melee::SpecificBlow;

/// How a unit declares it will move this round.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum DeclaredMove {
    /// It keeps its tile (it may still change posture).
    #[default]
    Stay,
    /// Its normal movement, before or after its action.
    Move,
    /// Zigzagging: the rulebook's shorter dodging move, and no attack this round; shooters at
    /// it take the rulebook's step for it all round.
    Zigzag,
}

/// The one thing a unit declares it will do this round.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum DeclaredAct {
    #[default]
    Nothing,
    /// Fire this many shots at one target (each at the rulebook's step for the number).
    Fire {
        target: UnitId,
        shots: u32,
    },
    /// Take a bead on the target (the unit neither moves nor does anything else).
    Bead {
        target: UnitId,
    },
    /// Strike the target hand to hand.
    Strike {
        target: UnitId,
    },
    /// Throw an explosive at a tile.
    Throw {
        at: Tile,
    },
    /// Hold fire until fired upon: a shot back at the first enemy who shoots at it, once that
    /// enemy's pull is done.
    HoldFire,
    /// Take a weapon in hand (a gun drawn, a dropped one taken up).
    Draw,
    Reload,
    FirstAid {
        patient: UnitId,
    },
}

impl DeclaredAct {
    /// An attack of some kind: what a zigzag rules out.
    pub fn attacks(self) -> bool {
        matches!(
            self,
            Self::Fire { .. }
                | Self::Bead { .. }
                | Self::Strike { .. }
                | Self::Throw { .. }
                | Self::HoldFire
        )
    }

    /// Whether doing it spends the turn's action (so a turn that ends without it has lost it;
    /// a unit holding fire that nobody shot at has lost nothing).
    pub fn spends_the_action(self) -> bool {
        !matches!(self, Self::Nothing | Self::Draw | Self::HoldFire)
    }

    /// The unit it is aimed at, if any.
    pub fn target(self) -> Option<UnitId> {
        match self {
            Self::Fire { target, .. } | Self::Bead { target } | Self::Strike { target } => {
                Some(target)
            }
            Self::FirstAid { patient } => Some(patient),
            Self::Nothing | Self::Throw { .. } | Self::HoldFire | Self::Draw | Self::Reload => None,
        }
    }
}

/// A specific shot, declared with the shots (the western): each goes at the rulebook's step for
/// it, and a hit either doubles the damage or does what was named without changing it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum SpecificShot {
    DoubleDamage,
    /// In the legs: the unit moves no further than its zigzag for the rest of the fight.
    Legs,
    /// At the hand: the unit drops what it holds.
    Disarm,
}

impl SpecificShot {
    pub const ALL: [Self; 3] = [Self::DoubleDamage, Self::Legs, Self::Disarm];

    /// "double damage", "legs", "disarm".
    pub fn name(self) -> &'static str {
        match self {
            Self::DoubleDamage => "double damage",
            Self::Legs => "legs",
            Self::Disarm => "disarm",
        }
    }

    /// "for double damage", "at the legs", "to disarm".
    pub fn words(self) -> &'static str {
        match self {
            Self::DoubleDamage => "for double damage",
            Self::Legs => "at the legs",
            Self::Disarm => "to disarm",
        }
    }
}

/// A unit's declaration for the round: its movement, its act and, with shots, a specific shot
/// (by default it stays and does nothing, as a unit that declared nothing does).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Declaration {
    pub movement: DeclaredMove,
    pub act: DeclaredAct,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub specific: Option<SpecificShot>,
    /// With a strike: a specific blow.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub blow: Option<SpecificBlow>,
    /// With shots: through the low cover in the target's way, which then gives no cover step
    /// but takes its material's share off the damage.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub through: bool,
}

impl Declaration {
    /// The movement it allows of `moves`: the `zigzag` allowance when zigzagging, or always,
    /// for a unit `lamed` by a shot in the legs.
    pub fn allowance(&self, moves: MoveAllowance, zigzag: u32, lamed: bool) -> MoveAllowance {
        if self.movement == DeclaredMove::Zigzag || lamed {
            MoveAllowance {
                free: zigzag.min(moves.free),
                most: zigzag.min(moves.free),
                past_free_forfeits: false,
            }
        } else {
            moves
        }
    }

    /// "moves · fires 2 shots at "Kid" Sam Ortega", naming units through `name`.
    pub fn words(&self, name: impl Fn(UnitId) -> String) -> String {
        let movement = match self.movement {
            DeclaredMove::Stay => "stays",
            DeclaredMove::Move => "moves",
            DeclaredMove::Zigzag => "zigzags",
        };
        let act = match self.act {
            DeclaredAct::Nothing => "nothing more".to_string(),
            DeclaredAct::Fire { target, shots: 1 } => format!("fires at {}", name(target)),
            DeclaredAct::Fire { target, shots } => {
                format!("fires {shots} shots at {}", name(target))
            }
            DeclaredAct::Bead { target } => format!("takes a bead on {}", name(target)),
            DeclaredAct::Strike { target } => format!("strikes {}", name(target)),
            DeclaredAct::Throw { at } => format!("throws at ({}, {})", at.x, at.y),
            DeclaredAct::HoldFire => "holds fire until fired upon".to_string(),
            DeclaredAct::Draw => "draws".to_string(),
            DeclaredAct::Reload => "reloads".to_string(),
            DeclaredAct::FirstAid { patient } => format!("gives First Aid to {}", name(patient)),
        };
        let specific = self
            .specific
            .map(|specific| format!(" {}", specific.words()))
            .unwrap_or_default();
        let blow = self
            .blow
            .map(|blow| format!(" to {}", blow.name()))
            .unwrap_or_default();
        let through = if self.through {
            " through its cover"
        } else {
            ""
        };
        format!("{movement} · {act}{specific}{blow}{through}")
    }
}
