//! Fighting maneuvers and grapples as plain data: what a maneuver is for, the grip a grappler
//! keeps on a held opponent, and how long a strangled unit holds its breath.

use serde::{Deserialize, Serialize};

use super::damage::{DamageNotation, Term};
use super::modifiers::Modifier;

/// What a fighting maneuver is for. A rulebook offers some of these (`Ruleset::maneuver_goals`):
/// CoC 7e's maneuvers are one opposed roll each; BRP's grapple (`Hold`) seizes the opponent and
/// the rest are what the holder does with it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum ManeuverGoal {
    /// Knock the weapon out of the target's hand.
    Disarm,
    /// Throw the target to the ground.
    KnockProne,
    /// Restrain the target (a grapple, in BRP): it cannot move or flee (in BRP, nor shoot) until
    /// it breaks free.
    Hold,
    /// Break out of a hold (the target is whoever holds the unit).
    BreakHold,
    /// Hamper the target: a penalty die on its rolls until the end of its next turn.
    Hinder,
    /// Leave the target open: its enemies get a bonus die on melee attacks on it this round.
    Expose,
    /// Pin the held target (STR against STR): it can do nothing until the holder does
    /// something else.
    Immobilise,
    /// Hurt the held target: 1D6 on a successful grapple roll (it may be done again each
    /// round).
    Injure,
    /// Strangle the held target: no further roll; it holds its breath, then chokes.
    Strangle,
    /// Knock the held target out: the grapple's 1D6 weighed against its hit points.
    KnockOut,
    /// Choke the held target by the blood (the d100 house sheet): a grapple roll in each of
    /// several rounds running, and it is out.
    BloodChoke,
    /// Turn the held target into a human shield (the d100 house sheet): hits on the holder's off
    /// side land on it instead.
    HumanShield,
    /// Kill the held target point-blank (the d100 house sheet): a roll of the grapple skill or
    /// the firearm in hand; failed, the roll's damage or the gun's greatest.
    Execute,
}

impl ManeuverGoal {
    /// What a maneuver tries to do, in words: "knock down".
    pub fn words(self) -> &'static str {
        match self {
            Self::Disarm => "disarm",
            Self::KnockProne => "knock down",
            Self::Hold => "seize and hold",
            Self::BreakHold => "break free of",
            Self::Hinder => "hamper",
            Self::Expose => "leave open",
            Self::Immobilise => "pin",
            Self::Injure => "hurt",
            Self::Strangle => "strangle",
            Self::KnockOut => "knock out",
            Self::BloodChoke => "blood-choke",
            Self::HumanShield => "shield themselves with",
            Self::Execute => "execute",
        }
    }
}

/// The damage of a grapple's injury (and of its knock-out, weighed against hit points), and of a
/// round without breath: 1D6, no damage bonus.
#[must_use]
pub fn grapple_injury() -> DamageNotation {
    DamageNotation::sum(vec![Term::dice(1, 6)])
}

/// What a holder keeps doing to the opponent it holds, until it does anything else.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Grip {
    /// The held unit can do nothing.
    Immobilise,
    /// The held unit is choking: `rounds` ended since, and whether its breath has given out
    /// (then it takes 1D6 a round).
    Strangle { rounds: u32, breathless: bool },
    /// A garrote tight on the held unit: 1D6 a round until it escapes; let go, it is off.
    Garrote,
    /// Choking the held unit by the blood: the grapple rolls made in rounds running.
    BloodChoke { successes: u32 },
    /// The held unit is a human shield.
    Shield,
}

/// Where grapples are opposed rolls settled at once (the d100 house sheet, SPECS.md 4.1): the
/// skill both sides roll, the least roll that counts, and what the holder's options do.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GrappleContest {
    /// The skill of every grapple roll (Struggle).
    pub skill: &'static str,
    /// The least roll that counts as a success below the skill (a critical still does).
    pub minimum: u32,
    /// The damage the holder does without a roll: bare-handed, and with a weapon in hand.
    pub injury: (u32, u32),
    /// The grapple rolls in rounds running that choke by the blood.
    pub blood_choke: u32,
    /// The damage taken in one round that makes a holder let go.
    pub forced_release: u32,
    /// The damage a disarmer takes from a sharp weapon unless its roll was special.
    pub sharp_disarm: u32,
    /// The shift on an attack at a unit someone holds, with the rulebook's reason for it.
    pub at_the_held: Modifier,
    /// The skill rolled on letting go: won, the unit keeps its action.
    pub let_go: &'static str,
    /// The skill an execution may be rolled on with a gun in hand (else the grapple's).
    pub execution_firearm: &'static str,
}

/// A characteristic times a multiplier that drops by one each round, from `first` in the first
/// round (BRP's breath: CON x10, then x9, x8, …), never below nothing.
#[must_use]
pub fn falling_multiple(characteristic: u32, first: u32, round: u32) -> u32 {
    characteristic.saturating_mul(first.saturating_sub(round.saturating_sub(1)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn breath_falls_by_one_multiple_a_round() {
        // CON 11: x10 = 110 in the first round, x9 = 99, x8 = 88, … nothing from the eleventh.
        let cases = [
            (1, 110),
            (2, 99),
            (3, 88),
            (9, 22),
            (10, 11),
            (11, 0),
            (40, 0),
        ];
        for (round, chance) in cases {
            assert_eq!(falling_multiple(11, 10, round), chance, "round {round}");
        }
        assert_eq!(falling_multiple(0, 10, 1), 0);
    }
}
