//! The classes a d100 roll falls in on the d100 house sheet (SPECS.md 4.1): critical, matched
//! success, success, failure, matched failure, fumble; and the verdict of such a roll as the
//! roll record keeps it. Judged in `class_rolls`.

use serde::{Deserialize, Serialize};

use super::percentile::SuccessLevel;

/// What class a d100 roll falls in, from best to worst.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RollClass {
    Fumble,
    MatchedFailure,
    Failure,
    Success,
    MatchedSuccess,
    Critical,
}

impl RollClass {
    pub fn is_success(self) -> bool {
        matches!(self, Self::Success | Self::MatchedSuccess | Self::Critical)
    }

    /// Doubles that came up: a matched success or a matched failure.
    pub fn is_matched(self) -> bool {
        matches!(self, Self::MatchedSuccess | Self::MatchedFailure)
    }

    pub fn words(self) -> &'static str {
        match self {
            Self::Critical => "critical",
            Self::MatchedSuccess => "matched success",
            Self::Success => "success",
            Self::Failure => "failure",
            Self::MatchedFailure => "matched failure",
            Self::Fumble => "fumble",
        }
    }

    /// The class on the shared ladder: a critical is critical, a matched success extreme, a
    /// plain success regular, either failure a failure, a fumble a fumble.
    pub fn level(self) -> SuccessLevel {
        match self {
            Self::Critical => SuccessLevel::Critical,
            Self::MatchedSuccess => SuccessLevel::Extreme,
            Self::Success => SuccessLevel::Regular,
            Self::Failure | Self::MatchedFailure => SuccessLevel::Failure,
            Self::Fumble => SuccessLevel::Fumble,
        }
    }
}

/// A d100 roll judged by class: what it read, the skill, the chance its shifts made, the
/// minimum where one was asked, and its class.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct ClassVerdict {
    pub value: u32,
    pub skill: u32,
    pub chance: u32,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub minimum: Option<u32>,
    /// Only a Hail Mary could succeed.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub hail_mary: bool,
    pub class: RollClass,
}
