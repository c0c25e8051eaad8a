//! Opposed rolls: the general rule, melee against fighting back or dodging, and the Build
//! comparison that limits fighting maneuvers.

use serde::{Deserialize, Serialize};

use super::percentile::{SkillCheck, SuccessLevel};

/// The active side's odds on a resistance table (an active value against a passive one, such
/// as a blow's damage against hit points): sure either way, or a percentile chance to roll at
/// or under.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Resistance {
    Sure(bool),
    Chance(u32),
}

/// Which tie rule an opposed roll uses.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum OpposedKind {
    /// Outside combat: equal levels go to the higher skill.
    General,
    /// A melee attack against a defender who fights back (or answers with a maneuver):
    /// equal levels go to the attacker.
    FightBack,
    /// A melee attack against a defender who dodges: equal levels go to the defender.
    Dodge,
}

/// Who came out ahead in an opposed roll. The first side is the one who acted (the attacker, or
/// the one who asked for the contest); the second is the one who answered.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum OpposedWinner {
    Attacker,
    Defender,
    /// Both failed, or (general rule only) equal levels and equal skills.
    Neither,
}

/// Resolve an opposed roll from both sides' levels and skills.
pub fn resolve_opposed(
    kind: OpposedKind,
    attacker: SideResult,
    defender: SideResult,
) -> OpposedWinner {
    let both_failed = !attacker.level.is_success() && !defender.level.is_success();
    if both_failed {
        return OpposedWinner::Neither;
    }
    match attacker.level.cmp(&defender.level) {
        std::cmp::Ordering::Greater => OpposedWinner::Attacker,
        std::cmp::Ordering::Less => OpposedWinner::Defender,
        std::cmp::Ordering::Equal => match kind {
            OpposedKind::FightBack => OpposedWinner::Attacker,
            OpposedKind::Dodge => OpposedWinner::Defender,
            OpposedKind::General => match attacker.skill.cmp(&defender.skill) {
                std::cmp::Ordering::Greater => OpposedWinner::Attacker,
                std::cmp::Ordering::Less => OpposedWinner::Defender,
                std::cmp::Ordering::Equal => OpposedWinner::Neither,
            },
        },
    }
}

/// What an opposed roll needs to know of one side.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SideResult {
    pub level: SuccessLevel,
    pub skill: u32,
    /// The roll's net (a pool's successes less its 1s; a percentile roll's 1 on a success).
    pub net: i32,
}

impl SideResult {
    /// A percentile roll's side: its level, and a net of 1 for a success, none otherwise.
    pub fn of_level(level: SuccessLevel, skill: u32) -> Self {
        Self {
            level,
            skill,
            net: i32::from(level >= SuccessLevel::Regular),
        }
    }
}

impl From<&SkillCheck> for SideResult {
    fn from(check: &SkillCheck) -> Self {
        Self {
            level: check.level,
            skill: check.skill,
            net: i32::from(check.success),
        }
    }
}

/// What the Build comparison allows a fighting maneuver.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ManeuverAllowance {
    /// The maneuver may be tried with this many penalty dice (0, 1 or 2).
    Possible { penalty_dice: u8 },
    /// The opponent's Build is three or more above: the maneuver cannot work.
    Impossible,
}

/// Compare Builds for a fighting maneuver: one penalty die per point the maneuvering side is
/// smaller, up to two; three or more smaller and the maneuver is impossible.
pub fn maneuver_allowance(maneuvering_build: i32, opponent_build: i32) -> ManeuverAllowance {
    match opponent_build.saturating_sub(maneuvering_build) {
        difference if difference >= 3 => ManeuverAllowance::Impossible,
        difference if difference > 0 => ManeuverAllowance::Possible {
            penalty_dice: u8::try_from(difference).unwrap_or(2),
        },
        _ => ManeuverAllowance::Possible { penalty_dice: 0 },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use OpposedKind::{Dodge, FightBack, General};
    use OpposedWinner::{Attacker, Defender, Neither};
    use SuccessLevel::{Critical, Extreme, Failure, Fumble, Hard, Regular};

    fn side(level: SuccessLevel, skill: u32) -> SideResult {
        SideResult::of_level(level, skill)
    }

    #[test]
    fn opposed_table() {
        let cases = [
            // kind, attacker, defender, winner
            (General, side(Hard, 40), side(Regular, 80), Attacker),
            (General, side(Regular, 40), side(Hard, 80), Defender),
            (General, side(Regular, 40), side(Regular, 80), Defender),
            (General, side(Regular, 80), side(Regular, 40), Attacker),
            (General, side(Regular, 50), side(Regular, 50), Neither),
            (General, side(Failure, 80), side(Fumble, 40), Neither),
            (General, side(Critical, 10), side(Extreme, 90), Attacker),
            // Fighting back: ties to the attacker.
            (FightBack, side(Regular, 30), side(Regular, 70), Attacker),
            (FightBack, side(Extreme, 30), side(Extreme, 70), Attacker),
            (FightBack, side(Regular, 70), side(Hard, 30), Defender),
            (FightBack, side(Failure, 70), side(Regular, 30), Defender),
            (FightBack, side(Regular, 70), side(Fumble, 30), Attacker),
            (FightBack, side(Failure, 70), side(Failure, 30), Neither),
            (FightBack, side(Fumble, 70), side(Failure, 30), Neither),
            // Dodging: ties to the defender.
            (Dodge, side(Regular, 70), side(Regular, 30), Defender),
            (Dodge, side(Hard, 70), side(Hard, 30), Defender),
            (Dodge, side(Hard, 70), side(Regular, 30), Attacker),
            (Dodge, side(Regular, 70), side(Failure, 30), Attacker),
            (Dodge, side(Failure, 70), side(Regular, 30), Defender),
            (Dodge, side(Failure, 70), side(Fumble, 30), Neither),
        ];
        for (kind, attacker, defender, winner) in cases {
            assert_eq!(
                resolve_opposed(kind, attacker, defender),
                winner,
                "{kind:?}: {attacker:?} against {defender:?}"
            );
        }
    }

    #[test]
    fn maneuver_build_comparison() {
        let cases = [
            (0, 0, ManeuverAllowance::Possible { penalty_dice: 0 }),
            (2, 0, ManeuverAllowance::Possible { penalty_dice: 0 }),
            (0, 1, ManeuverAllowance::Possible { penalty_dice: 1 }),
            (-1, 1, ManeuverAllowance::Possible { penalty_dice: 2 }),
            (0, 3, ManeuverAllowance::Impossible),
            (-2, 4, ManeuverAllowance::Impossible),
            (1, 3, ManeuverAllowance::Possible { penalty_dice: 2 }),
        ];
        for (maneuvering, opponent, allowance) in cases {
            assert_eq!(
                maneuver_allowance(maneuvering, opponent),
                allowance,
                "Build {maneuvering} against {opponent}"
            );
        }
    }
}
