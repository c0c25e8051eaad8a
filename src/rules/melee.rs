//! Hand-to-hand combat: who hurts whom when an attack meets a dodge or a fight back, when an
//! attack does extreme damage, and when the outnumbered bonus die applies.

use serde::{Deserialize, Serialize};

use super::damage::{DamageNotation, DamageQuality};
use super::opposed::{OpposedKind, OpposedWinner, SideResult, resolve_opposed};
use super::percentile::SuccessLevel;

/// A specific blow, declared with a strike (the western): at −2, a further −2 to knock out or
/// to disarm and catch; it does what it names in place of damage.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum SpecificBlow {
    /// The target rolls Concentration at the blow's steps: passed, it is stunned for the round;
    /// failed, it is out for the rest of the fight.
    Knockout,
    /// The target falls and drops what it holds.
    Trip,
    /// The target's weapon is taken from it for good.
    DisarmAndCatch,
    /// The target is pinned: it can do nothing but try to break free, at the restrain's steps.
    Restrain,
}

impl SpecificBlow {
    pub const ALL: [Self; 4] = [
        Self::Knockout,
        Self::Trip,
        Self::DisarmAndCatch,
        Self::Restrain,
    ];

    /// "knockout", "trip", "disarm and catch", "restrain".
    pub fn name(self) -> &'static str {
        match self {
            Self::Knockout => "knockout",
            Self::Trip => "trip",
            Self::DisarmAndCatch => "disarm and catch",
            Self::Restrain => "restrain",
        }
    }
}

/// A blow with the body other than the plain unarmed one, where the rulebook offers it (the
/// western's kick and bite, each with its own damage by STR and its own step).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum BodyBlow {
    Kick,
    Bite,
}

impl BodyBlow {
    pub const ALL: [Self; 2] = [Self::Kick, Self::Bite];

    /// "kick", "bite".
    pub fn name(self) -> &'static str {
        match self {
            Self::Kick => "kick",
            Self::Bite => "bite",
        }
    }
}

/// How the target of a melee attack answers it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Defence {
    /// Dodge skill against the attack: ties go to the defender.
    Dodge,
    /// Fighting skill against the attack: ties go to the attacker; a better result hurts the
    /// attacker instead (or applies the defender's own maneuver).
    FightBack,
    /// No defence (unable or unwilling): the attack hits unless it is fumbled.
    None,
}

/// What came of a melee exchange.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MeleeOutcome {
    /// The attack lands (or the attacker's maneuver succeeds).
    AttackerWins,
    /// The defender fought back better and lands a blow (or its maneuver) on the attacker.
    DefenderStrikes,
    /// The defender dodged, or both missed: nobody is hurt.
    NoHarm,
    /// Both land a blow on the other, each with the least it can (the d10 pool's clash that
    /// ties with a success each).
    BothStrike,
}

/// Resolve a melee exchange from both rolls' levels and skills. Without a defence the defender
/// has no level: the attack lands unless fumbled.
pub fn melee_outcome(
    defence: Defence,
    attacker: SideResult,
    defender: Option<SideResult>,
) -> MeleeOutcome {
    let kind = match defence {
        Defence::Dodge => OpposedKind::Dodge,
        Defence::FightBack => OpposedKind::FightBack,
        Defence::None => {
            return if attacker.level == SuccessLevel::Fumble {
                MeleeOutcome::NoHarm
            } else {
                MeleeOutcome::AttackerWins
            };
        }
    };
    let Some(defender) = defender else {
        return MeleeOutcome::NoHarm;
    };
    match (resolve_opposed(kind, attacker, defender), defence) {
        (OpposedWinner::Attacker, _) => MeleeOutcome::AttackerWins,
        (OpposedWinner::Defender, Defence::FightBack) => MeleeOutcome::DefenderStrikes,
        _ => MeleeOutcome::NoHarm,
    }
}

/// The chances of each outcome of a melee exchange (or a throw against a dodge).
#[derive(Debug, Clone, Copy, Default, PartialEq, Serialize, Deserialize)]
pub struct ExchangeOdds {
    pub attacker_wins: f64,
    pub defender_strikes: f64,
    pub no_harm: f64,
    /// Both land a blow (a clash that ties).
    #[serde(default, skip_serializing_if = "is_nothing")]
    pub both_strike: f64,
}

impl ExchangeOdds {
    /// The odds of a blow nobody answers (the western, the d100 house sheet): it lands as often
    /// as its roll succeeds.
    pub fn unanswered(attacker_wins: f64) -> Self {
        Self {
            attacker_wins,
            defender_strikes: 0.0,
            no_harm: 1.0 - attacker_wins,
            both_strike: 0.0,
        }
    }
}

/// What comes of a blow nobody answers: it lands on a success.
pub fn unanswered(attacker: &SideResult) -> MeleeOutcome {
    if attacker.level >= SuccessLevel::Regular {
        MeleeOutcome::AttackerWins
    } else {
        MeleeOutcome::NoHarm
    }
}

/// A chance of nothing, left out of what is written.
fn is_nothing(chance: &f64) -> bool {
    *chance == 0.0
}

/// One side of an exchange for the odds: how many face combinations give each level (indexed
/// like [`SuccessLevel::ALL`]) out of how many, and the skill rolled.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SideOdds {
    pub counts: [u32; 6],
    pub total: u32,
    pub skill: u32,
}

/// The exact chances of each outcome of an exchange, over every pair of levels the two rolls
/// can reach; without a defence, the attack lands unless fumbled.
pub fn exchange_odds(
    defence: Defence,
    attacker: SideOdds,
    defender: Option<SideOdds>,
) -> ExchangeOdds {
    let mut odds = ExchangeOdds {
        attacker_wins: 0.0,
        defender_strikes: 0.0,
        no_harm: 0.0,
        both_strike: 0.0,
    };
    let chance = |side: &SideOdds, index: usize| {
        f64::from(side.counts[index]) / f64::from(side.total.max(1))
    };
    for (attack_index, attack_level) in SuccessLevel::ALL.iter().enumerate() {
        let attack_chance = chance(&attacker, attack_index);
        let attack = SideResult::of_level(*attack_level, attacker.skill);
        let defences: Vec<(f64, Option<SideResult>)> = match (defence, defender) {
            (Defence::None, _) | (_, None) => vec![(1.0, None)],
            (_, Some(side)) => SuccessLevel::ALL
                .iter()
                .enumerate()
                .map(|(index, level)| {
                    (
                        chance(&side, index),
                        Some(SideResult::of_level(*level, side.skill)),
                    )
                })
                .collect(),
        };
        for (defence_chance, defence_result) in defences {
            let weight = attack_chance * defence_chance;
            match melee_outcome(defence, attack, defence_result) {
                MeleeOutcome::AttackerWins => odds.attacker_wins += weight,
                MeleeOutcome::DefenderStrikes => odds.defender_strikes += weight,
                MeleeOutcome::NoHarm => odds.no_harm += weight,
                MeleeOutcome::BothStrike => odds.both_strike += weight,
            }
        }
    }
    odds
}

/// How damage is worked out for a blow that lands. Only the attacker, on its own turn, gets
/// extreme damage (an impale with a penetrating weapon) for an extreme or critical success; a
/// defender fighting back deals normal damage whatever it rolls. An attack that lands only
/// because the target did not defend still uses the level rolled.
pub fn blow_quality(level: SuccessLevel, own_turn: bool, impaling: bool) -> DamageQuality {
    let extreme = own_turn && level >= SuccessLevel::Extreme;
    match (extreme, impaling) {
        (false, _) => DamageQuality::Normal,
        (true, false) => DamageQuality::Extreme,
        (true, true) => DamageQuality::Impale,
    }
}

/// Whether an attack on a defender gets the outnumbered bonus die: once the defender has
/// dodged or fought back as many times this round as it has attacks (once for most people),
/// every further melee attack on it gets a bonus die.
pub fn outnumbered(defences_this_round: u32, defender_attacks_per_round: u32) -> bool {
    defences_this_round >= defender_attacks_per_round.max(1)
}

/// What bare hands are in a rulebook, for a unit of some STR: what fists do, the difficulty
/// they strike at, and the speciality that makes them easier.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct BareHands {
    /// What fists do, where the rulebook has its own table (the western's punch: 1D10−2 to
    /// 2D10+1 by STR); `None`: 1D3 and the damage bonus.
    pub damage: Option<DamageNotation>,
    /// The difficulty fists and feet strike at, where the rulebook rolls against one (the d10
    /// pool's).
    pub difficulty: Option<u32>,
    /// The speciality that makes bare hands easier to fight with (the d10 pool's Boxing).
    pub secondary: Option<&'static str>,
}

#[cfg(test)]
mod tests {
    use super::*;
    use SuccessLevel::{Critical, Extreme, Failure, Fumble, Hard, Regular};

    fn side(level: SuccessLevel) -> SideResult {
        SideResult::of_level(level, 50)
    }

    /// Every pairing of success levels, both ways of defending.
    #[test]
    fn melee_outcome_table() {
        let levels = [Fumble, Failure, Regular, Hard, Extreme, Critical];
        for attacker in levels {
            for defender in levels {
                let both_fail = !attacker.is_success() && !defender.is_success();
                let dodge = melee_outcome(Defence::Dodge, side(attacker), Some(side(defender)));
                let expected_dodge = if !both_fail && attacker > defender {
                    MeleeOutcome::AttackerWins
                } else {
                    MeleeOutcome::NoHarm
                };
                assert_eq!(
                    dodge, expected_dodge,
                    "{attacker} against a {defender} dodge"
                );
                let fight = melee_outcome(Defence::FightBack, side(attacker), Some(side(defender)));
                let expected_fight = if both_fail {
                    MeleeOutcome::NoHarm
                } else if attacker >= defender {
                    MeleeOutcome::AttackerWins
                } else {
                    MeleeOutcome::DefenderStrikes
                };
                assert_eq!(
                    fight, expected_fight,
                    "{attacker} against a {defender} fight back"
                );
            }
        }
    }

    #[test]
    fn an_undefended_target_is_hit_unless_the_attack_is_fumbled() {
        for level in [Failure, Regular, Hard, Extreme, Critical] {
            assert_eq!(
                melee_outcome(Defence::None, side(level), None),
                MeleeOutcome::AttackerWins,
                "{level}"
            );
        }
        assert_eq!(
            melee_outcome(Defence::None, side(Fumble), None),
            MeleeOutcome::NoHarm
        );
    }

    #[test]
    fn extreme_damage_only_on_the_attackers_own_turn() {
        assert_eq!(blow_quality(Extreme, true, true), DamageQuality::Impale);
        assert_eq!(blow_quality(Critical, true, false), DamageQuality::Extreme);
        assert_eq!(blow_quality(Hard, true, true), DamageQuality::Normal);
        assert_eq!(
            blow_quality(Extreme, false, true),
            DamageQuality::Normal,
            "fighting back"
        );
        assert_eq!(
            blow_quality(Critical, false, false),
            DamageQuality::Normal,
            "fighting back"
        );
    }

    #[test]
    fn outnumbered_after_every_own_attack_is_spent_on_defence() {
        assert!(!outnumbered(0, 1));
        assert!(outnumbered(1, 1));
        assert!(outnumbered(2, 1));
        // A ghoul with three attacks defends three times before the bonus die applies.
        assert!(!outnumbered(2, 3));
        assert!(outnumbered(3, 3));
        assert!(outnumbered(1, 0), "no attacks counts as one");
    }

    fn side_odds(skill: u32) -> SideOdds {
        let odds = crate::rules::odds::LevelOdds::count(
            skill,
            crate::rules::percentile::Difficulty::Regular,
            crate::rules::percentile::NetDice::PLAIN,
        );
        SideOdds {
            counts: odds.counts,
            total: odds.total,
            skill,
        }
    }

    /// The odds of an exchange match counting every pair of plain rolls (100 × 100) one by one.
    #[test]
    fn exchange_odds_count_every_pair_of_rolls() {
        use crate::rules::percentile::{Difficulty, success_level};
        for (defence, attack_skill, defence_skill) in [
            (Defence::Dodge, 50, 50),
            (Defence::FightBack, 60, 45),
            (Defence::Dodge, 30, 75),
        ] {
            let mut counted = [0u32; 3];
            for attack in 1..=100 {
                for answer in 1..=100 {
                    let outcome = melee_outcome(
                        defence,
                        SideResult::of_level(
                            success_level(attack, attack_skill, Difficulty::Regular),
                            attack_skill,
                        ),
                        Some(SideResult::of_level(
                            success_level(answer, defence_skill, Difficulty::Regular),
                            defence_skill,
                        )),
                    );
                    counted[match outcome {
                        MeleeOutcome::AttackerWins => 0,
                        MeleeOutcome::DefenderStrikes => 1,
                        MeleeOutcome::NoHarm | MeleeOutcome::BothStrike => 2,
                    }] += 1;
                }
            }
            let odds = exchange_odds(
                defence,
                side_odds(attack_skill),
                Some(side_odds(defence_skill)),
            );
            let close = |odds: f64, count: u32| (odds - f64::from(count) / 10_000.0).abs() < 1e-9;
            assert!(
                close(odds.attacker_wins, counted[0])
                    && close(odds.defender_strikes, counted[1])
                    && close(odds.no_harm, counted[2]),
                "{defence:?} {attack_skill} vs {defence_skill}: {odds:?} against {counted:?}"
            );
        }
        // Taking it: the attack lands unless fumbled (skill 50 fumbles only on 100).
        let undefended = exchange_odds(Defence::None, side_odds(50), None);
        assert!((undefended.attacker_wins - 0.99).abs() < 1e-12);
    }
}
