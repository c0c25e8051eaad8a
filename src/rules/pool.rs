//! The dice pool's core roll (the d10 pool rulebook's): so many ten-sided dice against a difficulty from 2 to 10. Each die
//! at or above the difficulty is a success, each 1 takes one away (SPECS.md decides it, as the
//! text's negative initiative needs), a 10 is nothing more than a success; a net below nothing
//! is a botch. The exact odds of every net come from counting the faces, not from sampling.

use serde::Serialize;

use crate::rules::dice::FaceSource;

/// The easiest difficulty a roll is made at, however much is taken off it.
pub const EASIEST: u32 = 2;

/// The hardest difficulty a roll is made at, however much is added to it.
pub const HARDEST: u32 = 10;

/// The most dice one pool may hold (far past any sheet: five dots and five).
pub const MOST_DICE: u32 = 30;

/// The sides of the pool's dice.
const SIDES: u32 = 10;

/// A pool rolled: every face, what it was rolled against, and what came of it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PoolRoll {
    pub faces: Vec<u32>,
    pub difficulty: u32,
    pub successes: u32,
    pub ones: u32,
}

impl PoolRoll {
    /// Roll `dice` d10s against `difficulty` (brought within 2 to 10).
    pub fn roll(source: &mut impl FaceSource, dice: u32, difficulty: u32) -> Self {
        let faces = (0..dice.min(MOST_DICE))
            .map(|_| source.face(SIDES))
            .collect();
        Self::of_faces(faces, difficulty)
    }

    /// The roll these faces make against `difficulty`.
    pub fn of_faces(faces: Vec<u32>, difficulty: u32) -> Self {
        let difficulty = difficulty.clamp(EASIEST, HARDEST);
        let successes = faces.iter().filter(|face| **face >= difficulty).count();
        let ones = faces.iter().filter(|face| **face == 1).count();
        Self {
            faces,
            difficulty,
            successes: u32::try_from(successes).unwrap_or(u32::MAX),
            ones: u32::try_from(ones).unwrap_or(u32::MAX),
        }
    }

    /// Successes less ones: below nothing on a botch.
    pub fn net(&self) -> i32 {
        i32::try_from(self.successes).unwrap_or(i32::MAX)
            - i32::try_from(self.ones).unwrap_or(i32::MAX)
    }

    /// More 1s than successes: logged, with no other effect.
    pub fn botch(&self) -> bool {
        self.net() < 0
    }

    /// "3 successes − 1 at difficulty 6", as the roll card and the log read it.
    pub fn words(&self) -> String {
        tally_words(self.successes, self.ones, self.difficulty)
    }
}

/// A pool's count, its 1s taken off: "3 successes − 1", "1 success".
pub fn count_words(successes: u32, ones: u32) -> String {
    let plural = if successes == 1 { "" } else { "es" };
    let ones = if ones > 0 {
        format!(" − {ones}")
    } else {
        String::new()
    };
    format!("{successes} success{plural}{ones}")
}

/// A pool's count at its difficulty: "3 successes − 1 at difficulty 6".
pub fn tally_words(successes: u32, ones: u32, difficulty: u32) -> String {
    format!(
        "{} at difficulty {difficulty}",
        count_words(successes, ones)
    )
}

/// The exact odds of every net a pool can make: counts of the ways out of 10 to the power of
/// the dice.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NetOdds {
    dice: u32,
    /// Ways to make each net, from −dice to +dice.
    ways: Vec<u128>,
}

impl NetOdds {
    /// Count the ways `dice` d10s make each net against `difficulty` (within 2 to 10).
    pub fn of(dice: u32, difficulty: u32) -> Self {
        let dice = dice.min(MOST_DICE);
        let difficulty = difficulty.clamp(EASIEST, HARDEST);
        // One die: a success on difficulty..=10, a 1 takes one away, the rest count nothing.
        let success = u128::from(SIDES + 1 - difficulty);
        let one = 1;
        let blank = u128::from(SIDES) - success - one;
        let span = usize::try_from(2 * dice + 1).unwrap_or_default();
        let centre = usize::try_from(dice).unwrap_or_default();
        let mut ways = vec![0u128; span];
        ways[centre] = 1;
        for _ in 0..dice {
            let mut next = vec![0u128; span];
            for (net, count) in ways.iter().enumerate().filter(|(_, count)| **count > 0) {
                next[net] += count * blank;
                next[net + 1] += count * success;
                next[net - 1] += count * one;
            }
            ways = next;
        }
        Self { dice, ways }
    }

    /// All the ways the dice can land: 10 to the power of the dice.
    pub fn outcomes(&self) -> u128 {
        u128::from(SIDES).pow(self.dice)
    }

    /// The ways to make exactly `net`.
    pub fn ways(&self, net: i32) -> u128 {
        let index = i64::from(net) + i64::from(self.dice);
        usize::try_from(index)
            .ok()
            .and_then(|index| self.ways.get(index))
            .copied()
            .unwrap_or(0)
    }

    /// The chance of exactly `net`.
    pub fn chance(&self, net: i32) -> f64 {
        self.ways(net) as f64 / self.outcomes() as f64
    }

    /// The mean net of the rolls that make at least `net` (nothing where none can).
    pub fn mean_at_least(&self, net: i32) -> f64 {
        let dice = i32::try_from(self.dice).unwrap_or(i32::MAX);
        let (ways, sum) = (net.max(-dice)..=dice).fold((0u128, 0.0), |(ways, sum), each| {
            let these = self.ways(each);
            (ways + these, sum + f64::from(each) * these as f64)
        });
        if ways == 0 { 0.0 } else { sum / ways as f64 }
    }

    /// The chance of a net of at least `net`.
    pub fn at_least(&self, net: i32) -> f64 {
        let dice = i32::try_from(self.dice).unwrap_or(i32::MAX);
        let ways: u128 = (net.max(-dice)..=dice).map(|net| self.ways(net)).sum();
        ways as f64 / self.outcomes() as f64
    }

    /// The chance of a botch (a net below nothing).
    pub fn botch(&self) -> f64 {
        1.0 - self.at_least(0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Faces handed out in order, for worked examples.
    struct Scripted(std::vec::IntoIter<u32>);

    impl FaceSource for Scripted {
        fn face(&mut self, sides: u32) -> u32 {
            assert_eq!(sides, 10);
            self.0.next().expect("a face left")
        }
    }

    #[test]
    fn worked_examples_count_successes_and_take_ones_away() {
        // (faces, difficulty, successes, ones, net, words)
        let table: [(&[u32], u32, u32, u32, i32, &str); 6] = [
            (
                &[7, 3, 1, 9, 10],
                6,
                3,
                1,
                2,
                "3 successes − 1 at difficulty 6",
            ),
            (&[6, 6, 5], 6, 2, 0, 2, "2 successes at difficulty 6"),
            (&[1, 1, 8], 7, 1, 2, -1, "1 success − 2 at difficulty 7"),
            (&[10, 10], 10, 2, 0, 2, "2 successes at difficulty 10"),
            // A 1 is never a success, even at the easiest difficulty.
            (&[1, 2, 2], 2, 2, 1, 1, "2 successes − 1 at difficulty 2"),
            (&[4, 5], 9, 0, 0, 0, "0 successes at difficulty 9"),
        ];
        for (faces, difficulty, successes, ones, net, words) in table {
            let roll = PoolRoll::of_faces(faces.to_vec(), difficulty);
            assert_eq!(
                (roll.successes, roll.ones, roll.net(), roll.words()),
                (successes, ones, net, words.to_string()),
                "{faces:?} at {difficulty}"
            );
            assert_eq!(roll.botch(), net < 0);
        }
    }

    #[test]
    fn a_roll_takes_one_face_a_die_and_difficulties_stay_within_two_and_ten() {
        let mut source = Scripted(vec![3, 8, 1, 10].into_iter());
        let roll = PoolRoll::roll(&mut source, 4, 6);
        assert_eq!(roll.faces, vec![3, 8, 1, 10]);
        assert_eq!(roll.net(), 1);
        assert_eq!(source.0.len(), 0);
        let held = |difficulty| PoolRoll::of_faces(vec![10], difficulty).difficulty;
        assert_eq!((held(0), held(2), held(7), held(12)), (2, 2, 7, 10));
    }

    #[test]
    fn the_odds_are_counted_exactly() {
        // One die at 6: 5 faces succeed, the 1 botches, 4 do nothing.
        let one = NetOdds::of(1, 6);
        assert_eq!((one.ways(1), one.ways(0), one.ways(-1)), (5, 4, 1));
        // Two dice at 6, out of 100: 25 ways to two, 40 to one (5 x 4 twice), 26 to none
        // (16 blanks, 10 a success and a 1), 8 to minus one, 1 to minus two.
        let two = NetOdds::of(2, 6);
        let ways: Vec<u128> = (-2..=2).rev().map(|net| two.ways(net)).collect();
        assert_eq!(ways, vec![25, 40, 26, 8, 1]);
        assert_eq!(two.outcomes(), 100);
        assert!((two.at_least(1) - 0.65).abs() < 1e-12);
        assert!((two.botch() - 0.09).abs() < 1e-12);
        // A roll that lands nets 2 in 25 ways of 65 and 1 in 40: 90 / 65 on average.
        assert!((two.mean_at_least(1) - 90.0 / 65.0).abs() < 1e-12);
        assert!((one.mean_at_least(1) - 1.0).abs() < 1e-12);
        assert!(NetOdds::of(0, 6).mean_at_least(1).abs() < 1e-12);
        // At 10 one die in ten succeeds and one in ten botches: the net is as likely either way.
        let hard = NetOdds::of(3, 10);
        for net in 1..=3 {
            assert_eq!(hard.ways(net), hard.ways(-net));
        }
        // Every pool's ways add up to all the outcomes.
        for dice in [0, 1, 5, 12, MOST_DICE] {
            for difficulty in EASIEST..=HARDEST {
                let odds = NetOdds::of(dice, difficulty);
                let total: u128 = (-30..=30).map(|net| odds.ways(net)).sum();
                assert_eq!(total, odds.outcomes(), "{dice} dice at {difficulty}");
            }
        }
    }

    /// The ways to each net by the multinomial count, a way apart from the die-by-die sum:
    /// choose which dice succeed and which show 1, the rest blank.
    fn multinomial(dice: u32, difficulty: u32) -> Vec<(i64, u128)> {
        let factorial = |n: u32| (1..=u128::from(n)).product::<u128>();
        let success = u128::from(SIDES + 1 - difficulty);
        let blank = u128::from(SIDES) - success - 1;
        let mut ways = Vec::new();
        for successes in 0..=dice {
            for ones in 0..=dice - successes {
                let blanks = dice - successes - ones;
                let arrangements =
                    factorial(dice) / (factorial(successes) * factorial(ones) * factorial(blanks));
                let net = i64::from(successes) - i64::from(ones);
                ways.push((
                    net,
                    arrangements * success.pow(successes) * blank.pow(blanks),
                ));
            }
        }
        ways
    }

    #[test]
    fn every_pool_of_one_to_ten_dice_at_three_to_ten_matches_the_multinomial_count() {
        for dice in 1..=10 {
            for difficulty in 3..=10 {
                let odds = NetOdds::of(dice, difficulty);
                let mut expected = std::collections::BTreeMap::new();
                for (net, ways) in multinomial(dice, difficulty) {
                    *expected.entry(net).or_insert(0u128) += ways;
                }
                for net in -10..=10 {
                    assert_eq!(
                        odds.ways(net),
                        expected.get(&i64::from(net)).copied().unwrap_or(0),
                        "{dice} dice at {difficulty}, net {net}"
                    );
                }
            }
        }
        // Worked by hand from the same count: (dice, difficulty, ways to a net of 1 or more,
        // ways to a botch), out of 10 to the power of the dice.
        let table: [(u32, u32, u128, u128); 7] = [
            (1, 3, 8, 1),
            (3, 6, 740, 76),
            (5, 7, 76_244, 8_231),
            (6, 8, 686_718, 120_286),
            (7, 9, 5_539_494, 1_929_215),
            (10, 3, 9_965_983_120, 10_625_183),
            // At 10 a success and a 1 are as likely: a net up as often as a botch.
            (10, 10, 3_534_301_122, 3_534_301_122),
        ];
        for (dice, difficulty, hits, botches) in table {
            let odds = NetOdds::of(dice, difficulty);
            let out_of = odds.outcomes() as f64;
            assert!((odds.at_least(1) - hits as f64 / out_of).abs() < 1e-15);
            assert!((odds.botch() - botches as f64 / out_of).abs() < 1e-15);
        }
    }

    #[test]
    fn the_counted_odds_match_a_million_seeded_rolls() {
        let mut dice = crate::rules::dice::Dice::from_seed(5);
        let odds = NetOdds::of(6, 7);
        let rolls = 1_000_000;
        let hits = (0..rolls)
            .filter(|_| PoolRoll::roll(&mut dice, 6, 7).net() >= 2)
            .count();
        let seen = hits as f64 / f64::from(rolls);
        assert!(
            (seen - odds.at_least(2)).abs() < 0.003,
            "{seen} against {}",
            odds.at_least(2)
        );
    }
}
