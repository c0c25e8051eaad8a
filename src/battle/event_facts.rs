//! What events carry beside units, rolls and weapons: a unit's wound state, what a grapple's
//! strength is pitted for, the kind of attack a defender answers, how the battle ended, and what
//! brought a hidden unit into sight.

use serde::{Deserialize, Serialize, Serializer};

use super::UnitId;

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

/// What strength is pitted against strength for in a grapple.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Contest {
    /// The grappled unit throws off a grapple that landed on it (its STR against the
    /// grapplers').
    ThrowOff,
    /// The holder pins the held unit (the holders' STR against the held unit's).
    Pin,
    /// The held unit breaks free (its STR against the holders').
    BreakFree,
}

/// What a defender is asked to answer, which decides the answers it may give.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum DefenceKind {
    /// A blow or maneuver: dodge, fight back, a maneuver, or nothing.
    Melee,
    /// A thrown weapon: dodge, or nothing; fighting back only from close by.
    Thrown { may_fight_back: bool },
    /// Shots: the rulebook's plain answer to them, or nothing.
    Shots,
    /// Shots the rulebook has an answer of its own to here, asked as that answer's kind (the
    /// d10 pool's sweep caught in the open, `sweep`: dodge from the round's dice, or nothing).
    OwnShots(&'static str),
}

/// Written as an enum of its kinds (`"shots"`, `{"thrown": {"may_fight_back": true}}`), a
/// rulebook's own kind of shots by its name (`"sweep"`).
impl Serialize for DefenceKind {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        /// The engine's kinds as written.
        #[derive(Serialize)]
        #[serde(rename = "DefenceKind", rename_all = "snake_case")]
        enum Written {
            Melee,
            Thrown { may_fight_back: bool },
            Shots,
        }
        match *self {
            Self::Melee => Written::Melee.serialize(serializer),
            Self::Thrown { may_fight_back } => {
                Written::Thrown { may_fight_back }.serialize(serializer)
            }
            Self::Shots => Written::Shots.serialize(serializer),
            Self::OwnShots(name) => serializer.serialize_unit_variant("DefenceKind", 3, name),
        }
    }
}

/// How the battle ended.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Outcome {
    /// The winning side's index, or `None` for nobody.
    pub winner: Option<usize>,
    pub reason: String,
}

/// What brought a hidden unit into the players' sight.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Reveal {
    /// It attacked.
    Attacked,
    /// It was hurt.
    Hurt,
    /// An enemy has a line of sight to it.
    SeenBy(UnitId),
    /// The keeper showed it.
    Keeper,
}
