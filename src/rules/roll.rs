//! The roll record: one shape that every rulebook's rolls fit, for the event stream, the log,
//! the roll cards and replays. It keeps every die as it fell and whether it counted, what the
//! roll was made against and what came of it (by the kind of roll), and every modifier by name.
//! A rulebook turns a record into words and into a sketch the overlay draws.

use serde::{Deserialize, Serialize};

use super::modifiers::Modifier;
use super::percentile::{Difficulty, NetDice, SuccessLevel};
use super::roll_class::ClassVerdict;

/// What a roll was for, as shown in the log and the event stream.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "for", content = "name")]
pub enum RollPurpose {
    /// A skill roll, by skill name.
    Skill(String),
    /// A characteristic roll (CON to stay conscious, DEX for initiative, Luck).
    Characteristic(String),
    /// Damage, by what dealt it.
    Damage(String),
    /// A roll on the resistance table, by what it weighs ("knock-out, 7 damage against 13 hit
    /// points").
    Resistance(String),
}

impl RollPurpose {
    /// The skill, characteristic or weapon rolled for.
    pub fn name(&self) -> &str {
        match self {
            Self::Skill(name)
            | Self::Characteristic(name)
            | Self::Damage(name)
            | Self::Resistance(name) => name,
        }
    }
}

/// What a roll is made against before any die falls: the skill or characteristic, every named
/// modifier (dice, points, multipliers, steps of difficulty, in the rulebook's currency), and
/// for a firearm the number at or above which it malfunctions instead of firing. The rulebook
/// rolls it and gives its odds from this one description.
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash)]
pub struct Demand {
    pub value: u32,
    pub modifiers: Vec<Modifier>,
    pub malfunction: Option<u32>,
    /// The roll is an attack with a weapon that impales (a pointed weapon, a bullet): a
    /// rulebook whose specials belong to such weapons alone (BRP's impales) judges them by it.
    pub impaling: bool,
    /// An awkward weapon doubles the chance of a fumble (CoC's chainsaw).
    pub awkward: bool,
    /// The difficulty before its modifiers, where the rulebook rolls against one (a pool's
    /// 2 to 10); `None` where the value alone says it (a percentile skill) or the rulebook's
    /// usual difficulty applies.
    pub difficulty: Option<u32>,
    /// The lowest roll that succeeds, where the rulebook asks one (the d100 house sheet's
    /// Struggle at a minimum of 20; a critical still counts).
    pub minimum: Option<u32>,
    /// Only a Hail Mary succeeds, where the rulebook has one (the d100 house sheet's shot from
    /// behind cover with the head down: a critical or doubles within the chance).
    pub hail_mary: bool,
}

impl Demand {
    /// A plain roll against `value` with these modifiers.
    pub fn new(value: u32, modifiers: Vec<Modifier>) -> Self {
        Self {
            value,
            modifiers,
            malfunction: None,
            impaling: false,
            awkward: false,
            difficulty: None,
            minimum: None,
            hail_mary: false,
        }
    }

    /// The same roll made at `difficulty` before its modifiers (left as it is for `None`: a
    /// weapon that names none).
    pub fn at_difficulty(self, difficulty: impl Into<Option<u32>>) -> Self {
        Self {
            difficulty: difficulty.into().or(self.difficulty),
            ..self
        }
    }

    /// The same roll with a weapon that doubles the chance of a fumble.
    pub fn awkward(self, awkward: bool) -> Self {
        Self { awkward, ..self }
    }

    /// The same roll as an attack with a weapon: its malfunction number, and whether it
    /// impales.
    pub fn with_weapon(self, malfunction: Option<u32>, impaling: bool) -> Self {
        Self {
            malfunction,
            impaling,
            ..self
        }
    }
}

/// What came of a roll, read alike in every rulebook: the battle decides what happens next
/// from this, the rulebook having judged the dice.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Verdict {
    /// The roll as read (1 to 100 for a percentile roll).
    pub value: u32,
    /// How well it went on the shared ladder (a level that misses what was needed reads as a
    /// failure; a fumble stays a fumble).
    pub level: SuccessLevel,
    /// Whether it did what was needed.
    pub success: bool,
    /// A success that counts for more: CoC's extreme hit, BRP's impale.
    pub special: bool,
    /// The weapon malfunctioned instead of firing.
    pub malfunction: bool,
    /// The roll showed doubles the rulebook counts (the d100 house sheet's matched success or
    /// failure).
    pub matched: bool,
    /// How far past what was needed: a pool's successes less its 1s; a percentile roll reads 1
    /// for a success and 0 for a failure.
    pub net: i32,
}

impl Verdict {
    /// A verdict that is a plain pass or fail (nothing special, no malfunction): the roll as
    /// read, whether it passed, and its net.
    pub fn pass_or_fail(value: u32, success: bool, net: i32) -> Self {
        Self {
            value,
            level: if success {
                SuccessLevel::Regular
            } else {
                SuccessLevel::Failure
            },
            success,
            special: false,
            malfunction: false,
            matched: false,
            net,
        }
    }
}

/// A roll made: its record for the event stream, and its verdict for the battle.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Checked {
    pub record: RollRecord,
    pub verdict: Verdict,
}

/// What a die is in its roll.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DieRole {
    /// A percentile tens die: its face reads 0, 10, ... 90.
    Tens,
    /// A percentile units die: 0 to 9.
    Units,
    /// One die of a pool, read as it fell.
    Pool,
}

/// One die of a roll as it fell.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct RolledDie {
    pub sides: u32,
    /// The face as read in the roll (a tens die's 4 reads 40).
    pub face: u32,
    pub role: DieRole,
    /// Whether it counted (of several tens dice, only the one kept does).
    pub kept: bool,
}

impl RolledDie {
    /// A percentile tens die reading `face` (0, 10 … 90), kept or not.
    pub fn tens(face: u32, kept: bool) -> Self {
        Self {
            sides: 10,
            face,
            role: DieRole::Tens,
            kept,
        }
    }

    /// A percentile units die reading `face` (0 to 9).
    pub fn units(face: u32) -> Self {
        Self {
            sides: 10,
            face,
            role: DieRole::Units,
            kept: true,
        }
    }

    /// One d10 of a pool reading `face`, kept when it counted as a success.
    pub fn pool(face: u32, kept: bool) -> Self {
        Self {
            sides: 10,
            face,
            role: DieRole::Pool,
            kept,
        }
    }
}

/// What a roll was made against and what came of it, by the kind of roll. In the event stream
/// the kind's fields stand beside `"kind"`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "kind")]
pub enum RollVerdict {
    Levels(LevelVerdict),
    Chance(ChanceVerdict),
    Pool(PoolVerdict),
    Classes(ClassVerdict),
}

/// A percentile roll against a value at a difficulty, judged by success levels, with bonus or
/// penalty tens dice.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct LevelVerdict {
    pub value: u32,
    pub skill: u32,
    pub difficulty: Difficulty,
    pub level: SuccessLevel,
    pub dice: NetDice,
}

/// A percentile roll at most a chance built from the skill by adding and multiplying: a roll
/// within a fifth of it may be special, and a firearm may malfunction on a high one.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct ChanceVerdict {
    pub value: u32,
    pub skill: u32,
    pub chance: u32,
    /// The weapon's malfunction number, for a firearm that has one.
    pub malfunction: Option<u32>,
    /// Whether a roll within a fifth of the chance counts for more (an impaling weapon's).
    #[serde(default)]
    pub specials: bool,
    pub outcome: ChanceOutcome,
}

/// A pool of dice against a difficulty: every die at or above it a success, every 1 taking one
/// away.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct PoolVerdict {
    /// The dice rolled.
    pub pool: u32,
    /// The difficulty before any modifier moved it.
    pub base_difficulty: u32,
    /// The difficulty rolled at.
    pub difficulty: u32,
    pub successes: u32,
    pub ones: u32,
    /// Successes less 1s: below nothing on a botch.
    pub net: i32,
}

/// What came of a roll against a chance.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ChanceOutcome {
    /// A success within a fifth of the chance that counts for more (an impale).
    Special,
    Success,
    Failure,
    /// The weapon did not fire, whatever the chance.
    Malfunction,
}

impl ChanceOutcome {
    pub fn is_success(self) -> bool {
        matches!(self, Self::Special | Self::Success)
    }
}

/// One roll as the event stream keeps it, whatever the rulebook.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct RollRecord {
    pub purpose: RollPurpose,
    /// Every die, in the order rolled.
    pub dice: Vec<RolledDie>,
    pub verdict: RollVerdict,
    /// Every modifier on the roll, by name.
    pub modifiers: Vec<Modifier>,
    /// Whether the roll did what was needed.
    pub success: bool,
}

impl RollRecord {
    /// The face of the first die of `role` (a percentile roll's tens or units), 0 where none.
    pub fn face(&self, role: DieRole) -> u32 {
        self.dice
            .iter()
            .find(|die| die.role == role)
            .map(|die| die.face)
            .unwrap_or_default()
    }
}

/// How good a roll's verdict is, for its colour on a card.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Tone {
    /// An outstanding success (a critical, an extreme success).
    Great,
    Good,
    Bad,
    /// A disaster (a fumble).
    Dire,
}

/// The colour a die is drawn in on a card.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum DieTint {
    #[default]
    Plain,
    /// A die that counted for the roll (a pool's success): green.
    Counted,
    /// A die that took something away (a pool's 1): red.
    Cancelling,
}

/// One die as a card draws it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SketchedDie {
    /// The face as printed on the die ("07", "40").
    pub face: String,
    /// Ringed: the die that was kept out of several.
    pub ringed: bool,
    /// Faded: a die that did not count.
    pub faded: bool,
    pub tint: DieTint,
}

impl SketchedDie {
    /// A die drawn as it is: neither ringed, faded nor tinted.
    pub fn plain(face: String) -> Self {
        Self {
            face,
            ringed: false,
            faded: false,
            tint: DieTint::Plain,
        }
    }
}

/// One mark of what a roll was measured against ("hard ≤30"), and whether it was the one
/// needed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Threshold {
    pub words: String,
    pub needed: bool,
}

/// A roll as its rulebook draws it on a card: the overlay lays out any rulebook's rolls from
/// this, and knows none of their rules.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RollSketch {
    /// What was rolled and against what: "Dodge 50%".
    pub heading: String,
    /// The dice in groups, drawn with a "+" between groups.
    pub dice: Vec<Vec<SketchedDie>>,
    /// What the dice read: "= 42".
    pub reading: String,
    /// What came of it: "regular success, not enough".
    pub verdict: String,
    pub tone: Tone,
    pub thresholds: Vec<Threshold>,
    /// The modifiers in words ("+1 outnumbered, −1 half cover"), empty when there are none.
    pub modifiers: String,
}
