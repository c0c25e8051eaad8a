//! The percentile roll: a tens die and a units die, bonus and penalty dice, success levels,
//! difficulty and fumbles. The roll's small steps are marked `#[inline]`, so that a caller in
//! another crate (the benches, a rulebook's check) makes the roll in one piece.

use serde::{Deserialize, Serialize};

use super::dice::FaceSource;

/// The most bonus or penalty dice that can remain after they cancel.
pub const MAX_EXTRA_DICE: u8 = 2;

/// Bonus and penalty dice as asked for, before they cancel.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ExtraDice {
    pub bonus: u8,
    pub penalty: u8,
}

impl ExtraDice {
    #[inline]
    pub fn bonus(count: u8) -> Self {
        Self {
            bonus: count,
            penalty: 0,
        }
    }

    /// What remains after bonus and penalty dice cancel one for one, capped at two.
    #[inline]
    pub fn net(self) -> NetDice {
        let cap = |count: u8| count.min(MAX_EXTRA_DICE);
        match self.bonus.cmp(&self.penalty) {
            std::cmp::Ordering::Greater => NetDice::Bonus(cap(self.bonus - self.penalty)),
            std::cmp::Ordering::Less => NetDice::Penalty(cap(self.penalty - self.bonus)),
            std::cmp::Ordering::Equal => NetDice::Bonus(0),
        }
    }
}

/// The extra tens dice that remain after cancelling: `Bonus(0)` is a plain roll.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum NetDice {
    Bonus(u8),
    Penalty(u8),
}

impl NetDice {
    pub const PLAIN: Self = Self::Bonus(0);

    /// How many tens dice are rolled in all.
    #[inline]
    pub fn tens_dice(self) -> usize {
        let extra = match self {
            Self::Bonus(count) | Self::Penalty(count) => count,
        };
        1 + usize::from(extra)
    }

    /// Bonus dice count positive, penalty dice negative.
    pub fn signed(self) -> i8 {
        match self {
            Self::Bonus(count) => count.cast_signed(),
            Self::Penalty(count) => -count.cast_signed(),
        }
    }
}

/// The most tens dice a percentile roll has: the plain one and two bonus or penalty dice.
pub const MOST_TENS_DICE: usize = MAX_EXTRA_DICE as usize + 1;

/// The tens dice of a percentile roll in the order rolled, held in place (a roll allocates
/// nothing); read as a slice. Past `MOST_TENS_DICE`, further dice are not kept.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct TensDice {
    faces: [u32; MOST_TENS_DICE],
    count: usize,
}

impl std::ops::Deref for TensDice {
    type Target = [u32];

    #[inline]
    fn deref(&self) -> &[u32] {
        &self.faces[..self.count]
    }
}

impl FromIterator<u32> for TensDice {
    #[inline]
    fn from_iter<Faces: IntoIterator<Item = u32>>(faces: Faces) -> Self {
        let mut tens = Self::default();
        for face in faces.into_iter().take(MOST_TENS_DICE) {
            tens.faces[tens.count] = face;
            tens.count += 1;
        }
        tens
    }
}

impl From<Vec<u32>> for TensDice {
    fn from(faces: Vec<u32>) -> Self {
        faces.into_iter().collect()
    }
}

impl Serialize for TensDice {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.iter())
    }
}

impl<'de> Deserialize<'de> for TensDice {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let faces = Vec::<u32>::deserialize(deserializer)?;
        if faces.len() > MOST_TENS_DICE {
            return Err(serde::de::Error::invalid_length(
                faces.len(),
                &"at most three tens dice",
            ));
        }
        Ok(faces.into_iter().collect())
    }
}

/// A percentile roll as it landed: every tens die, the units die, and the value kept.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PercentileRoll {
    /// Each tens die as read: 0, 10, ... 90 (`00` reads 0 here).
    pub tens: TensDice,
    /// The units die, 0 to 9.
    pub units: u32,
    /// Index into `tens` of the die that was kept.
    pub kept: usize,
    /// The value read, 1 to 100 (`00` with `0` reads 100).
    pub value: u32,
    pub dice: NetDice,
}

impl PercentileRoll {
    /// Roll the tens dice and the units die from `source`.
    #[inline]
    pub fn roll(source: &mut impl FaceSource, dice: NetDice) -> Self {
        let tens: TensDice = (0..dice.tens_dice())
            .map(|_| (source.face(10) % 10) * 10)
            .collect();
        let units = source.face(10) % 10;
        Self::from_faces(tens, units, dice)
    }

    /// Read already rolled dice: a bonus keeps the lowest value, a penalty the highest.
    #[inline]
    pub fn from_faces(tens: impl Into<TensDice>, units: u32, dice: NetDice) -> Self {
        let tens = tens.into();
        let reads = |tens_die: u32| match tens_die + units {
            0 => 100,
            value => value,
        };
        let values = tens.iter().map(|&tens_die| reads(tens_die));
        let kept_by_value = match dice {
            NetDice::Bonus(_) => values.enumerate().min_by_key(|&(_, value)| value),
            NetDice::Penalty(_) => values.enumerate().max_by_key(|&(_, value)| value),
        };
        let (kept, value) = kept_by_value.unwrap_or((0, reads(0)));
        Self {
            tens,
            units,
            kept,
            value,
            dice,
        }
    }

    /// The tens die that was kept.
    pub fn kept_tens(&self) -> u32 {
        self.tens.get(self.kept).copied().unwrap_or_default()
    }
}

/// How well a roll went, from worst to best (the order is used to compare opposed rolls).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SuccessLevel {
    Fumble,
    Failure,
    Regular,
    Hard,
    Extreme,
    Critical,
}

impl SuccessLevel {
    pub const ALL: [Self; 6] = [
        Self::Critical,
        Self::Extreme,
        Self::Hard,
        Self::Regular,
        Self::Failure,
        Self::Fumble,
    ];

    /// Regular success or better.
    pub fn is_success(self) -> bool {
        self >= Self::Regular
    }

    pub fn name(self) -> &'static str {
        match self {
            Self::Fumble => "fumble",
            Self::Failure => "failure",
            Self::Regular => "regular",
            Self::Hard => "hard",
            Self::Extreme => "extreme",
            Self::Critical => "critical",
        }
    }
}

impl std::fmt::Display for SuccessLevel {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// How good a roll must be to count as a success.
#[derive(
    Debug, Clone, Copy, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
#[serde(rename_all = "snake_case")]
pub enum Difficulty {
    #[default]
    Regular,
    Hard,
    Extreme,
    /// Only a 01 succeeds (automatic fire pushed past Extreme).
    Critical,
}

impl Difficulty {
    pub const ALL: [Self; 4] = [Self::Regular, Self::Hard, Self::Extreme, Self::Critical];

    /// The value a roll must not exceed to succeed at this difficulty: S, S/2, S/5, or 1.
    #[inline]
    pub fn target(self, skill: u32) -> u32 {
        // Read from a table in the order of `ALL`, so a difficulty that varies from roll to
        // roll costs no mispredicted branch.
        [skill, skill / 2, skill / 5, 1][self as usize]
    }

    /// The lowest success level that meets this difficulty.
    #[inline]
    pub fn required_level(self) -> SuccessLevel {
        match self {
            Self::Regular => SuccessLevel::Regular,
            Self::Hard => SuccessLevel::Hard,
            Self::Extreme => SuccessLevel::Extreme,
            Self::Critical => SuccessLevel::Critical,
        }
    }

    /// One step harder, or `None` past Critical (the roll cannot succeed).
    pub fn harder(self) -> Option<Self> {
        match self {
            Self::Regular => Some(Self::Hard),
            Self::Hard => Some(Self::Extreme),
            Self::Extreme => Some(Self::Critical),
            Self::Critical => None,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Self::Regular => "regular",
            Self::Hard => "hard",
            Self::Extreme => "extreme",
            Self::Critical => "critical",
        }
    }
}

impl std::fmt::Display for Difficulty {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// The lowest roll that fumbles when `needed` is the value to roll under: 96 below 50, else 100;
/// with a weapon that doubles the chance of a fumble (`doubled`: the chainsaw), 91 below 50,
/// else 99.
#[inline]
pub fn fumbles_from(needed: u32, doubled: bool) -> u32 {
    match (needed < 50, doubled) {
        (true, false) => 96,
        (false, false) => 100,
        (true, true) => 91,
        (false, true) => 99,
    }
}

/// The success level of `value` against `skill` when rolling at `difficulty`.
///
/// 01 is always a critical and 100 always a fumble. 96 to 99 are fumbles too when the value
/// needed at this difficulty is below 50: a hard roll against skill 90 needs 45, so 96 fumbles.
#[inline]
pub fn success_level(value: u32, skill: u32, difficulty: Difficulty) -> SuccessLevel {
    // The thresholds the value is within are counted, not branched on: the value is random,
    // so each branch would be mispredicted as often as not. S/5 <= S/2 <= S, so within all
    // three is an extreme success, within none a failure.
    let within =
        u32::from(value <= skill) + u32::from(value <= skill / 2) + u32::from(value <= skill / 5);
    let best_first = if value == 1 {
        0
    } else if value >= fumbles_from(difficulty.target(skill), false) {
        5
    } else {
        4 - within as usize
    };
    SuccessLevel::ALL[best_first]
}

/// A skill or characteristic roll judged against its value and difficulty.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SkillCheck {
    pub roll: PercentileRoll,
    pub skill: u32,
    pub difficulty: Difficulty,
    pub level: SuccessLevel,
    /// Whether the level meets the difficulty.
    pub success: bool,
}

impl SkillCheck {
    /// Judge an already rolled percentile roll.
    #[inline]
    pub fn judge(roll: PercentileRoll, skill: u32, difficulty: Difficulty) -> Self {
        let level = success_level(roll.value, skill, difficulty);
        Self {
            success: level >= difficulty.required_level(),
            roll,
            skill,
            difficulty,
            level,
        }
    }

    /// Roll and judge in one step.
    #[inline]
    pub fn roll(
        source: &mut impl FaceSource,
        skill: u32,
        difficulty: Difficulty,
        extra: ExtraDice,
    ) -> Self {
        Self::judge(PercentileRoll::roll(source, extra.net()), skill, difficulty)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tens_dice_are_held_in_place_and_written_as_a_list() {
        let tens: TensDice = vec![50, 10, 80].into();
        assert_eq!(&tens[..], [50, 10, 80]);
        assert_eq!(ron::to_string(&tens).expect("written"), "[50,10,80]");
        let read: TensDice = ron::from_str("[70, 20]").expect("read");
        assert_eq!((&read[..], read.len()), (&[70, 20][..], 2));
        let error = ron::from_str::<TensDice>("[1, 2, 3, 4]").expect_err("four is too many");
        assert!(
            error.to_string().contains("at most three tens dice"),
            "{error}"
        );
        let roll = PercentileRoll::roll(
            &mut crate::rules::dice::Dice::from_seed(3),
            NetDice::Penalty(2),
        );
        assert_eq!(roll.tens.len(), 3);
    }

    #[test]
    fn bonus_and_penalty_dice_cancel_and_cap_at_two() {
        let cases = [
            ((0, 0), NetDice::Bonus(0)),
            ((1, 0), NetDice::Bonus(1)),
            ((2, 0), NetDice::Bonus(2)),
            ((3, 0), NetDice::Bonus(2)),
            ((0, 1), NetDice::Penalty(1)),
            ((0, 5), NetDice::Penalty(2)),
            ((1, 1), NetDice::Bonus(0)),
            ((2, 1), NetDice::Bonus(1)),
            ((1, 3), NetDice::Penalty(2)),
            ((4, 1), NetDice::Bonus(2)),
        ];
        for ((bonus, penalty), expected) in cases {
            assert_eq!(
                ExtraDice { bonus, penalty }.net(),
                expected,
                "{bonus} bonus, {penalty} penalty"
            );
        }
        assert_eq!(NetDice::Penalty(2).tens_dice(), 3);
        assert_eq!(NetDice::PLAIN.tens_dice(), 1);
        assert_eq!(NetDice::Penalty(2).signed(), -2);
    }

    #[test]
    fn reading_the_dice() {
        // (tens dice, units, dice, value, kept)
        let cases: [(&[u32], u32, NetDice, u32, usize); 9] = [
            (&[30], 7, NetDice::PLAIN, 37, 0),
            (&[0], 0, NetDice::PLAIN, 100, 0),
            (&[0], 5, NetDice::PLAIN, 5, 0),
            (&[90], 0, NetDice::PLAIN, 90, 0),
            (&[30, 70], 7, NetDice::Bonus(1), 37, 0),
            (&[30, 70], 7, NetDice::Penalty(1), 77, 1),
            // 00 with 0 is 100: the worst value, never kept by a bonus die.
            (&[0, 40], 0, NetDice::Bonus(1), 40, 1),
            (&[40, 0], 0, NetDice::Penalty(1), 100, 1),
            (&[50, 10, 80], 3, NetDice::Bonus(2), 13, 1),
        ];
        for (tens, units, dice, value, kept) in cases {
            let roll = PercentileRoll::from_faces(tens.to_vec(), units, dice);
            assert_eq!(roll.value, value, "{tens:?} + {units}");
            assert_eq!(roll.kept, kept, "{tens:?} + {units}");
        }
    }

    #[test]
    fn success_levels_against_skill_and_difficulty() {
        use Difficulty::{Extreme, Hard, Regular};
        use SuccessLevel as L;
        let cases = [
            // value, skill, difficulty, level, success
            (1, 50, Regular, L::Critical, true),
            (1, 0, Extreme, L::Critical, true),
            (10, 50, Regular, L::Extreme, true),
            (11, 50, Regular, L::Hard, true),
            (25, 50, Regular, L::Hard, true),
            (26, 50, Regular, L::Regular, true),
            (50, 50, Regular, L::Regular, true),
            (51, 50, Regular, L::Failure, false),
            (26, 50, Hard, L::Regular, false),
            (25, 50, Hard, L::Hard, true),
            (11, 50, Extreme, L::Hard, false),
            (10, 50, Extreme, L::Extreme, true),
            // Skill 50, regular: needs 50, so only 100 fumbles.
            (99, 50, Regular, L::Failure, false),
            (100, 50, Regular, L::Fumble, false),
            // Skill 49: needs 49, so 96-100 fumble.
            (95, 49, Regular, L::Failure, false),
            (96, 49, Regular, L::Fumble, false),
            // Skill 90 at hard difficulty needs 45: 96 fumbles even though 96 > 90 anyway.
            (96, 90, Hard, L::Fumble, false),
            (96, 90, Regular, L::Failure, false),
            // Skill 99: 97 is a regular success at Regular, a fumble when Hard is needed.
            (97, 99, Regular, L::Regular, true),
            (97, 99, Hard, L::Fumble, false),
            (100, 120, Regular, L::Fumble, false),
            // Fractions round down: skill 64 -> hard 32, extreme 12.
            (12, 64, Regular, L::Extreme, true),
            (13, 64, Regular, L::Hard, true),
            (32, 64, Regular, L::Hard, true),
            (33, 64, Regular, L::Regular, true),
            // Skill 4: extreme needs 0, so only 01 (a critical) beats hard.
            (2, 4, Regular, L::Hard, true),
            (5, 4, Regular, L::Failure, false),
        ];
        for (value, skill, difficulty, level, success) in cases {
            let roll =
                PercentileRoll::from_faces(vec![value / 10 * 10 % 100], value % 10, NetDice::PLAIN);
            assert_eq!(roll.value, value);
            let check = SkillCheck::judge(roll, skill, difficulty);
            assert_eq!(check.level, level, "{value} vs {skill} at {difficulty}");
            assert_eq!(check.success, success, "{value} vs {skill} at {difficulty}");
        }
    }

    #[test]
    fn an_awkward_weapon_fumbles_twice_as_often() {
        // needed, doubled, lowest fumble: five faces (96-100) become ten (91-100); one (100)
        // becomes two (99-100).
        let cases = [
            (49, false, 96),
            (49, true, 91),
            (50, false, 100),
            (50, true, 99),
            (1, true, 91),
        ];
        for (needed, doubled, from) in cases {
            assert_eq!(fumbles_from(needed, doubled), from, "{needed} {doubled}");
        }
    }

    #[test]
    fn a_critical_difficulty_needs_a_01() {
        let needed = |value: u32| {
            SkillCheck::judge(
                PercentileRoll::from_faces(vec![value / 10 * 10 % 100], value % 10, NetDice::PLAIN),
                90,
                Difficulty::Critical,
            )
        };
        assert!(needed(1).success);
        assert!(!needed(2).success);
        assert_eq!(
            needed(96).level,
            SuccessLevel::Fumble,
            "the value needed (1) is below 50"
        );
        assert_eq!(Difficulty::Extreme.harder(), Some(Difficulty::Critical));
        assert_eq!(Difficulty::Critical.harder(), None);
    }

    #[test]
    fn difficulty_targets_round_down() {
        assert_eq!(Difficulty::Regular.target(67), 67);
        assert_eq!(Difficulty::Hard.target(67), 33);
        assert_eq!(Difficulty::Extreme.target(67), 13);
    }
}
