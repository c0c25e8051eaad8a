//! Exact odds of each success level, found by counting every face of every die.

use serde::Serialize;

use super::percentile::{Difficulty, NetDice, SuccessLevel, success_level};

/// How many of all equally likely face combinations give each success level.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct LevelOdds {
    /// Counts indexed like [`SuccessLevel::ALL`]: critical first, fumble last.
    pub counts: [u32; 6],
    /// How many face combinations there are in all: 10 for the units die times 10 per tens die.
    pub total: u32,
    /// How many of them meet the difficulty.
    pub successes: u32,
}

impl LevelOdds {
    /// Count every combination of tens dice and the units die for this roll.
    pub fn count(skill: u32, difficulty: Difficulty, dice: NetDice) -> Self {
        Self::count_below(skill, difficulty, dice, u32::MAX)
    }

    /// As [`LevelOdds::count`], but a roll at or above `malfunction` counts as no success (a
    /// firearm that does not fire).
    pub fn count_below(
        skill: u32,
        difficulty: Difficulty,
        dice: NetDice,
        malfunction: u32,
    ) -> Self {
        let ways = value_ways(dice);
        let mut counts = [0; 6];
        let mut successes = 0;
        for (value, &ways) in (1..=100).zip(&ways) {
            let level = success_level(value, skill, difficulty);
            counts[Self::index(level)] += ways;
            if level >= difficulty.required_level() && value < malfunction {
                successes += ways;
            }
        }
        Self {
            counts,
            total: ways.iter().sum(),
            successes,
        }
    }

    fn index(level: SuccessLevel) -> usize {
        SuccessLevel::ALL
            .iter()
            .position(|&candidate| candidate == level)
            .unwrap_or_default()
    }

    /// The counts with every level that misses `difficulty` read as a failure (a fumble stays a
    /// fumble): what an opposed roll at that difficulty compares.
    pub fn effective_counts(&self, difficulty: Difficulty) -> [u32; 6] {
        let needed = difficulty.required_level();
        let mut counts = [0; 6];
        for (index, level) in SuccessLevel::ALL.iter().enumerate() {
            let reads_as = if *level < needed && *level > SuccessLevel::Failure {
                SuccessLevel::Failure
            } else {
                *level
            };
            counts[Self::index(reads_as)] += self.counts[index];
        }
        counts
    }

    /// The probability of one success level.
    pub fn probability(&self, level: SuccessLevel) -> f64 {
        f64::from(self.counts[Self::index(level)]) / f64::from(self.total)
    }

    /// The probability that the roll meets its difficulty.
    pub fn success_probability(&self) -> f64 {
        f64::from(self.successes) / f64::from(self.total)
    }
}

/// In how many of all equally likely face combinations the roll reads each value, 1 to 100
/// (index 0 is 1), without visiting each combination. For one units die the tens dice give ten
/// values, ranked from lowest to highest (with units 0, the tens 00 reads 100, the highest);
/// among `n` tens dice the lowest kept is of rank `k` in `(10 - k)^n - (9 - k)^n` of the `10^n`
/// ways, and the highest in `(k + 1)^n - k^n`.
fn value_ways(dice: NetDice) -> [u32; 100] {
    let tens_dice = u32::try_from(dice.tens_dice()).unwrap_or(1);
    let power = |base: u32| base.pow(tens_dice);
    let mut ways = [0; 100];
    for units in 0..10 {
        for rank in 0..10 {
            // The value of rank `rank` with this units die: 10, 20, … 90, then 100 for units 0.
            let value = if units == 0 {
                10 * (rank + 1)
            } else {
                10 * rank + units
            };
            let kept = match dice {
                NetDice::Bonus(_) => power(10 - rank) - power(9 - rank),
                NetDice::Penalty(_) => power(rank + 1) - power(rank),
            };
            ways[value as usize - 1] += kept;
        }
    }
    ways
}

#[cfg(test)]
mod tests {
    use super::*;
    use Difficulty::{Extreme, Hard, Regular};
    use NetDice::{Bonus, Penalty};

    /// Worked examples: counts of (critical, extreme, hard, regular, failure, fumble) out of
    /// 100, 1,000 or 10,000, worked out by hand for the plain rolls and by a separate
    /// enumeration (written outside this crate) for the bonus and penalty rolls.
    #[test]
    fn exact_level_counts() {
        let cases: &[(u32, Difficulty, NetDice, [u32; 6], u32)] = &[
            // Skill 50, plain: 01 | 02-10 | 11-25 | 26-50 | 51-99 | 100.
            (50, Regular, Bonus(0), [1, 9, 15, 25, 49, 1], 50),
            (50, Hard, Bonus(0), [1, 9, 15, 25, 45, 5], 25),
            (50, Extreme, Bonus(0), [1, 9, 15, 25, 45, 5], 10),
            // Skill 40, plain: 01 | 02-08 | 09-20 | 21-40 | 41-95 | 96-100.
            (40, Regular, Bonus(0), [1, 7, 12, 20, 55, 5], 40),
            // Skill 75 at regular needs 75 (no 96-99 fumbles); at hard needs 37.
            (75, Regular, Bonus(0), [1, 14, 22, 38, 24, 1], 75),
            (75, Hard, Bonus(0), [1, 14, 22, 38, 20, 5], 37),
            (5, Regular, Bonus(0), [1, 0, 1, 3, 90, 5], 5),
            (99, Regular, Bonus(0), CASE_99_REGULAR, 99),
            // Bonus and penalty dice.
            (50, Regular, Bonus(1), CASE_50_B1, 0),
            (50, Regular, Bonus(2), CASE_50_B2, 0),
            (50, Regular, Penalty(1), CASE_50_P1, 0),
            (50, Regular, Penalty(2), CASE_50_P2, 0),
            (40, Hard, Bonus(1), CASE_40_HARD_B1, 0),
            (40, Hard, Penalty(2), CASE_40_HARD_P2, 0),
            (65, Extreme, Bonus(2), CASE_65_EXTREME_B2, 0),
            (65, Regular, Penalty(1), CASE_65_P1, 0),
        ];
        for &(skill, difficulty, dice, counts, successes) in cases {
            let odds = LevelOdds::count(skill, difficulty, dice);
            assert_eq!(odds.counts, counts, "skill {skill} {difficulty} {dice:?}");
            if odds.total == 100 {
                assert_eq!(odds.successes, successes, "skill {skill} {difficulty}");
            }
            assert_eq!(odds.counts.iter().sum::<u32>(), odds.total);
        }
    }

    const CASE_99_REGULAR: [u32; 6] = [1, 18, 30, 50, 0, 1];
    const CASE_50_B1: [u32; 6] = [19, 171, 245, 315, 249, 1];
    const CASE_50_B2: [u32; 6] = [271, 2439, 3015, 3025, 1249, 1];
    const CASE_50_P1: [u32; 6] = [1, 9, 55, 185, 731, 19];
    const CASE_50_P2: [u32; 6] = [1, 9, 165, 1075, 8479, 271];
    const CASE_40_HARD_B1: [u32; 6] = [19, 133, 208, 280, 355, 5];
    const CASE_40_HARD_P2: [u32; 6] = [1, 7, 72, 560, 8005, 1355];
    const CASE_65_EXTREME_B2: [u32; 6] = [271, 3090, 3463, 2721, 450, 5];
    const CASE_65_P1: [u32; 6] = [1, 18, 85, 321, 556, 19];

    /// Every combination of faces read one by one, as the dice would read them.
    fn enumerated(
        skill: u32,
        difficulty: Difficulty,
        dice: NetDice,
        malfunction: u32,
    ) -> LevelOdds {
        use crate::rules::percentile::{PercentileRoll, SkillCheck, TensDice};
        let tens_dice = u32::try_from(dice.tens_dice()).unwrap_or(1);
        let total = 10u32.pow(tens_dice + 1);
        let mut counts = [0; 6];
        let mut successes = 0;
        for combination in 0..total {
            let tens: TensDice = (0..tens_dice)
                .map(|die| (combination / 10u32.pow(die + 1)) % 10 * 10)
                .collect();
            let roll = PercentileRoll::from_faces(tens, combination % 10, dice);
            let check = SkillCheck::judge(roll, skill, difficulty);
            counts[LevelOdds::index(check.level)] += 1;
            successes += u32::from(check.success && check.roll.value < malfunction);
        }
        LevelOdds {
            counts,
            total,
            successes,
        }
    }

    #[test]
    fn the_counts_are_those_of_every_face_read_one_by_one() {
        let all_dice = [Bonus(0), Bonus(1), Bonus(2), Penalty(1), Penalty(2)];
        for skill in [
            0, 1, 4, 5, 9, 10, 19, 37, 49, 50, 64, 75, 90, 96, 99, 100, 140,
        ] {
            for difficulty in Difficulty::ALL {
                for dice in all_dice {
                    for malfunction in [u32::MAX, 100, 96, 88] {
                        assert_eq!(
                            LevelOdds::count_below(skill, difficulty, dice, malfunction),
                            enumerated(skill, difficulty, dice, malfunction),
                            "skill {skill} {difficulty} {dice:?} malfunction {malfunction}"
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn a_malfunction_number_takes_the_top_rolls_away() {
        // Skill 99 at regular: 1-99 succeed; a malfunction at 96 stops 96-99 from firing.
        let plain = LevelOdds::count(99, Regular, NetDice::PLAIN);
        let jamming = LevelOdds::count_below(99, Regular, NetDice::PLAIN, 96);
        assert_eq!((plain.successes, jamming.successes), (99, 95));
    }

    #[test]
    fn success_probabilities_follow_the_dice() {
        let plain = LevelOdds::count(60, Regular, NetDice::PLAIN);
        let bonus = LevelOdds::count(60, Regular, Bonus(1));
        let penalty = LevelOdds::count(60, Regular, Penalty(1));
        assert!((plain.success_probability() - 0.60).abs() < 1e-12);
        assert!(bonus.success_probability() > plain.success_probability());
        assert!(penalty.success_probability() < plain.success_probability());
    }
}
