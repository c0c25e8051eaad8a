//! The `Ruleset` seam: everything the battle asks of a rulebook, and Call of Cthulhu 7e behind it.
//!
//! The battle systems hold a `dyn Ruleset` and never call a rulebook's functions directly, so
//! the other rulebooks in `shared/rules/` plug in as further implementations of this trait.

use serde::{Deserialize, Serialize};

use super::characteristics::{Characteristics, DerivedStats};
use super::damage::{DamageNotation, DamageQuality, DamageReach, DamageRoll, Formula, ReachError};
use super::dice::Dice;
use super::opposed::{
    ManeuverAllowance, OpposedKind, OpposedWinner, SideResult, maneuver_allowance, resolve_opposed,
};
use super::percentile::{Difficulty, ExtraDice, SkillCheck};
use super::roll::{RollPurpose, RollRecord, RollSketch, RollVerdict};
use super::skills::{COC7E_SKILLS, SkillEntry, find_skill};
use super::weapons::{ArmorTable, WeaponTable};
use super::{chance_rolls, level_rolls};
use crate::files::FileError;

/// The rulebooks Gridkeeper knows.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum RulesetId {
    #[default]
    Coc7e,
}

/// A roll with what it was for: the record every caller puts in the event stream.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Rolled<T> {
    pub purpose: RollPurpose,
    pub result: T,
}

/// Everything the battle needs from a rulebook.
pub trait Ruleset: Send + Sync + std::fmt::Debug + 'static {
    fn id(&self) -> RulesetId;

    /// The rulebook's name as shown to people.
    fn name(&self) -> &'static str;

    /// Hit points, movement, Build and damage bonus.
    fn derive(&self, characteristics: &Characteristics, age: u32) -> DerivedStats;

    /// The skills this rulebook knows.
    fn skills(&self) -> &[SkillEntry];

    /// The base value of a skill by name (or alias), or `None` if the rulebook has no such skill.
    fn base_skill(&self, name: &str, characteristics: &Characteristics) -> Option<u32> {
        find_skill(self.skills(), name).map(|entry| entry.base_value(characteristics))
    }

    /// Roll a skill or characteristic against `value`.
    fn check(
        &self,
        dice: &mut Dice,
        purpose: RollPurpose,
        value: u32,
        difficulty: Difficulty,
        extra: ExtraDice,
    ) -> Rolled<SkillCheck>;

    /// Who wins an opposed roll.
    fn opposed(
        &self,
        kind: OpposedKind,
        attacker: SideResult,
        defender: SideResult,
    ) -> OpposedWinner;

    /// Whether a fighting maneuver is possible between these Builds, and at what penalty.
    fn maneuver(&self, maneuvering_build: i32, opponent_build: i32) -> ManeuverAllowance;

    /// Roll a weapon's damage at `reach`; `Ok(None)` beyond a blast's reach.
    fn damage(
        &self,
        dice: &mut Dice,
        purpose: RollPurpose,
        damage: &DamageNotation,
        reach: DamageReach,
        damage_bonus: &Formula,
        quality: DamageQuality,
    ) -> Result<Option<Rolled<DamageRoll>>, ReachError>;

    /// The rulebook's weapon table.
    fn weapons(&self) -> &WeaponTable;

    /// The rulebook's armor examples.
    fn armor(&self) -> &ArmorTable;

    /// One of the rulebook's rolls in the log's words: what it read, against what, with which
    /// modifiers, and what came of it. Each kind of roll has its words; a rulebook may say its
    /// rolls its own way.
    fn roll_words(&self, roll: &RollRecord) -> String {
        match &roll.verdict {
            RollVerdict::Levels(verdict) => level_rolls::roll_words(roll, verdict),
            RollVerdict::Chance(verdict) => chance_rolls::roll_words(roll, verdict),
        }
    }

    /// One of the rulebook's rolls as a roll card draws it.
    fn sketch(&self, roll: &RollRecord) -> RollSketch {
        match &roll.verdict {
            RollVerdict::Levels(verdict) => level_rolls::sketch(roll, verdict),
            RollVerdict::Chance(verdict) => chance_rolls::sketch(roll, verdict),
        }
    }
}

/// Call of Cthulhu 7th edition, the default rulebook.
#[derive(Debug, Clone)]
pub struct Coc7e {
    weapons: WeaponTable,
    armor: ArmorTable,
}

/// The shipped weapon table and armor examples, compiled in so the game always has them.
pub const COC7E_WEAPONS_FILE: &str = "assets/rules/coc7e/weapons.ron";
pub const COC7E_ARMOR_FILE: &str = "assets/rules/coc7e/armor.ron";
const COC7E_WEAPONS: &str = include_str!("../../assets/rules/coc7e/weapons.ron");
const COC7E_ARMOR: &str = include_str!("../../assets/rules/coc7e/armor.ron");

impl Coc7e {
    /// The rulebook with its shipped data.
    pub fn shipped() -> Result<Self, FileError> {
        Self::from_texts(COC7E_WEAPONS, COC7E_ARMOR)
    }

    /// The rulebook with weapon and armor data from these texts.
    pub fn from_texts(weapons: &str, armor: &str) -> Result<Self, FileError> {
        Ok(Self {
            weapons: WeaponTable::parse(COC7E_WEAPONS_FILE, weapons, COC7E_SKILLS)?,
            armor: ArmorTable::parse(COC7E_ARMOR_FILE, armor)?,
        })
    }
}

impl Ruleset for Coc7e {
    fn id(&self) -> RulesetId {
        RulesetId::Coc7e
    }

    fn name(&self) -> &'static str {
        "Call of Cthulhu 7th edition"
    }

    fn derive(&self, characteristics: &Characteristics, age: u32) -> DerivedStats {
        characteristics.derive(age)
    }

    fn skills(&self) -> &[SkillEntry] {
        COC7E_SKILLS
    }

    fn check(
        &self,
        dice: &mut Dice,
        purpose: RollPurpose,
        value: u32,
        difficulty: Difficulty,
        extra: ExtraDice,
    ) -> Rolled<SkillCheck> {
        Rolled {
            purpose,
            result: SkillCheck::roll(dice, value, difficulty, extra),
        }
    }

    fn opposed(
        &self,
        kind: OpposedKind,
        attacker: SideResult,
        defender: SideResult,
    ) -> OpposedWinner {
        resolve_opposed(kind, attacker, defender)
    }

    fn maneuver(&self, maneuvering_build: i32, opponent_build: i32) -> ManeuverAllowance {
        maneuver_allowance(maneuvering_build, opponent_build)
    }

    fn damage(
        &self,
        dice: &mut Dice,
        purpose: RollPurpose,
        damage: &DamageNotation,
        reach: DamageReach,
        damage_bonus: &Formula,
        quality: DamageQuality,
    ) -> Result<Option<Rolled<DamageRoll>>, ReachError> {
        Ok(damage
            .roll(dice, reach, damage_bonus, quality)?
            .map(|result| Rolled { purpose, result }))
    }

    fn weapons(&self) -> &WeaponTable {
        &self.weapons
    }

    fn armor(&self) -> &ArmorTable {
        &self.armor
    }
}

/// The rulebook for an id, with its shipped data.
pub fn ruleset(id: RulesetId) -> Result<Box<dyn Ruleset>, FileError> {
    match id {
        RulesetId::Coc7e => Ok(Box::new(Coc7e::shipped()?)),
    }
}
