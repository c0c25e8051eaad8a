//! The frontier western (SPECS.md section 3, from a western's combat chapter): a d100 at most
//! 30 + 2 x RM + 10 x the modifier steps, characteristics from 1 to 15 with skill bonuses on
//! them, Damage Points, movement in feet, the round declared from the lowest AGI up and acted
//! in reverse, ranges to four times a weapon's base, cover by posture and d10 damage codes.
//! Played in maps/dry-gulch.ron; docs/RULES.md has every decision.

pub mod ai;
pub mod battle;
pub mod check;
pub mod draw;
pub mod melee;
pub mod postures;
pub mod reasons;
pub mod roll_command;
pub mod round;
pub mod sheet;
pub mod ui;
pub mod worth;
pub mod wounds;

use std::collections::BTreeMap;

use crate::files::FileError;
use crate::rules::characteristics::{Characteristics, DerivedStats};
use crate::rules::damage::{
    DamageNotation, DamageQuality, DamageReach, DamageRoll, DamageShape, Formula, ReachError,
};
use crate::rules::dice::Dice;
use crate::rules::explosions::{BlastRing, banded_rings, halving_rings};
use crate::rules::hand_to_hand::HandToHand;
use crate::rules::initiative::InitiativeEntry;
use crate::rules::length::Length;
use crate::rules::mechanisms::Mechanisms;
use crate::rules::melee::{BareHands, BodyBlow};
use crate::rules::modifiers::Modifier;
use crate::rules::roll::{Checked, Demand, RollPurpose};
use crate::rules::round::{RoundHistory, Slot, TurnKind, TurnLimits};
use crate::rules::ruleset::{Rolled, Ruleset};
use crate::rules::ruleset_id::RulesetId;
use crate::rules::sheet_rules::{SheetField, SheetRules};
use crate::rules::situation::{
    BlowFacts, PointBlank, RangeBand, RangeReading, RangeScale, ShotFacts, StandingFacts, Worth,
};
use crate::rules::skills::SkillEntry;
use crate::rules::vocabulary::DeclarationWords;
use crate::rules::vocabulary::{DemandWords, Vocabulary, WeaponDefenceWords};
use crate::rules::weapons::{ArmorTable, Weapon, WeaponTable};
use crate::rules::wounds::{BlowResult, WoundBlow};

/// The name files give this rulebook (`ruleset: Frontier`).
pub const ID: RulesetId = RulesetId::named("Frontier");

/// The shipped weapon table, armor (none) and roster, compiled in so the game always has them.
pub const FRONTIER_WEAPONS_FILE: &str = "assets/rules/frontier/weapons.ron";
pub const FRONTIER_ARMOR_FILE: &str = "assets/rules/frontier/armor.ron";
const FRONTIER_ROSTER_FILE: &str = "assets/rules/frontier/roster.ron";
const FRONTIER_WEAPONS: &str = include_str!("../../../assets/rules/frontier/weapons.ron");
const FRONTIER_ARMOR: &str = include_str!("../../../assets/rules/frontier/armor.ron");
const FRONTIER_ROSTER: &str = include_str!("../../../assets/rules/frontier/roster.ron");

/// Point-blank: within 10 feet, whoever shoots.
const POINT_BLANK: Length = Length::feet(10);
/// How far hand-to-hand reaches (SPECS.md 3.1).
const HAND_TO_HAND_REACH: Length = Length::feet(10);

/// The frontier western.
#[derive(Debug, Clone)]
pub struct Frontier {
    weapons: WeaponTable,
    armor: ArmorTable,
}

impl Frontier {
    /// The rulebook with its shipped data.
    pub fn shipped() -> Result<Self, FileError> {
        Ok(Self {
            weapons: WeaponTable::parse(
                FRONTIER_WEAPONS_FILE,
                FRONTIER_WEAPONS,
                sheet::FRONTIER_SKILLS,
            )?,
            armor: ArmorTable::parse(FRONTIER_ARMOR_FILE, FRONTIER_ARMOR)?,
        })
    }
}

impl Ruleset for Frontier {
    fn sheet(&self) -> &dyn SheetRules {
        self
    }

    fn words(&self) -> &dyn Vocabulary {
        self
    }

    fn id(&self) -> RulesetId {
        ID
    }

    fn name(&self) -> &'static str {
        "frontier western"
    }

    /// Standing, kneeling or prone at will; the posture feeds cover.
    fn mechanisms(&self) -> Mechanisms<'_> {
        Mechanisms {
            postures: Some(self),
            kept_order: true,
            ..Mechanisms::default()
        }
    }

    fn roster(&self) -> (&'static str, &'static str) {
        (FRONTIER_ROSTER_FILE, FRONTIER_ROSTER)
    }

    fn round_plan(
        &self,
        entries: &[InitiativeEntry],
        tie_roll: &mut dyn FnMut(u32) -> u32,
    ) -> Vec<Slot> {
        round::plan(entries, tie_roll)
    }

    fn turn_limits(&self, kind: TurnKind, _history: &RoundHistory) -> Option<TurnLimits> {
        Some(match kind {
            TurnKind::Declare => TurnLimits {
                kind,
                ..TurnLimits::WHOLE
            },
            _ => TurnLimits::WHOLE,
        })
    }

    /// A bare characteristic is rolled with RM = its value.
    fn characteristic_chance(&self, _name: &str, value: u32) -> u32 {
        value
    }

    /// RM read as the core roll's chance: 30 + 2 x RM.
    fn on_percentile_scale(&self, _name: &str, value: u32) -> u32 {
        check::CORE_ROLL.base(value)
    }

    fn check(&self, dice: &mut Dice, purpose: RollPurpose, demand: &Demand) -> Checked {
        check::check(dice, purpose, demand)
    }

    fn chance(&self, demand: &Demand) -> f64 {
        check::chance(demand)
    }

    /// Short to the base range, medium to twice it, long to four times; point-blank within 10
    /// feet.
    fn range_scale(&self) -> RangeScale {
        RangeScale {
            band_multiples: [[1, 1], [2, 1], [4, 1]],
            point_blank: PointBlank::Fixed(POINT_BLANK),
        }
    }

    fn range_value(&self, reading: RangeReading) -> Option<Vec<Modifier>> {
        worth::range_value(reading.band)
    }

    fn shot_value(&self, facts: &ShotFacts) -> Worth {
        worth::shot_value(facts)
    }

    /// −1 for a kick, −2 for a specific blow (−4 to knock out or disarm), −2 for a blow struck
    /// after moving into range.
    fn blow_value(&self, facts: &BlowFacts) -> Vec<Modifier> {
        worth::blow_value(facts)
    }

    /// An explosive's damage bands are its rings, 10 ft each, with a ring of stun beyond (a
    /// Strength roll, SPECS.md 3.1 [house] M 0).
    fn blast_rings(&self, damage: &DamageNotation) -> Vec<BlastRing> {
        match &damage.shape {
            DamageShape::Bands(bands) => banded_rings(bands, Length::feet(10), "STR"),
            _ => damage
                .blast_radius_yards()
                .map(halving_rings)
                .unwrap_or_default(),
        }
    }

    /// Damage Points fall below zero: incapacitated at 0, dead at −10.
    fn take_blow(&self, blow: &WoundBlow) -> BlowResult {
        wounds::take_blow(blow)
    }

    /// The wound band of the Damage Points lost, on every roll.
    fn standing_modifiers(&self, facts: &StandingFacts) -> Vec<Modifier> {
        worth::standing_modifiers(facts)
    }

    /// A fresh wound may be tended again (it bleeds again).
    fn first_aid_per_wound(&self) -> bool {
        true
    }

    /// The weapon's d10 code, never below 0; no damage bonus.
    fn damage(
        &self,
        dice: &mut Dice,
        purpose: RollPurpose,
        damage: &DamageNotation,
        reach: DamageReach,
        _damage_bonus: &Formula,
        quality: DamageQuality,
    ) -> Result<Option<Rolled<DamageRoll>>, ReachError> {
        Ok(damage
            .roll(dice, reach, &Formula::default(), quality)?
            .map(|result| Rolled { purpose, result }))
    }

    fn weapons(&self) -> &WeaponTable {
        &self.weapons
    }

    fn armor(&self) -> &ArmorTable {
        &self.armor
    }

    fn hand_to_hand(&self) -> &dyn HandToHand {
        self
    }
}

impl HandToHand for Frontier {
    /// A punch, by the STR table.
    fn bare_hands(&self, strength: u32) -> BareHands {
        BareHands {
            damage: Some(melee::body_blow(melee::PUNCH, strength)),
            ..BareHands::default()
        }
    }

    /// A kick or a bite, by the STR table.
    fn body_blow_damage(&self, blow: BodyBlow, strength: u32) -> Option<DamageNotation> {
        Some(melee::body_blow(Some(blow), strength))
    }

    /// Hand-to-hand within 10 ft.
    fn hand_to_hand_reach(&self) -> Option<Length> {
        Some(HAND_TO_HAND_REACH)
    }
}

impl SheetRules for Frontier {
    fn derive(&self, characteristics: &Characteristics, _age: u32) -> DerivedStats {
        sheet::derive(characteristics)
    }

    fn characteristics(&self) -> &'static [(&'static str, &'static str)] {
        &sheet::CHARACTERISTICS
    }

    fn characteristic_problem(&self, name: &str, value: u32, _creature: bool) -> Option<String> {
        sheet::characteristic_problem(name, value)
    }

    fn skill_problem(
        &self,
        name: &str,
        value: u32,
        characteristics: &Characteristics,
    ) -> Option<String> {
        sheet::skill_problem(name, value, characteristics)
    }

    fn unarmed_skill(&self) -> &'static str {
        sheet::HAND_TO_HAND
    }

    fn skill_value(
        &self,
        name: &str,
        characteristics: &Characteristics,
        skills: &BTreeMap<String, u32>,
    ) -> u32 {
        sheet::roll_modifier(name, characteristics, skills)
    }

    fn skills(&self) -> &[SkillEntry] {
        sheet::FRONTIER_SKILLS
    }

    /// None: its sheet has nothing of another rulebook's.
    fn fields(&self) -> &'static [SheetField] {
        &[]
    }
}

impl Vocabulary for Frontier {
    fn declaration_words(&self) -> DeclarationWords {
        DeclarationWords {
            business: "declare the round",
            in_slot: "declare the round: how the unit moves and what it does",
            out_of_slot: "a round is declared in the unit's declaration slot",
        }
    }

    fn sheet_line(&self, characteristics: &Characteristics, _derived: &DerivedStats) -> String {
        sheet::sheet_line(characteristics)
    }

    fn round_words(&self) -> &'static str {
        "The highest AGI acts first (the lowest declares first); ties are rolled off with d10s, \
         the lowest roll acting earlier."
    }

    fn slot_words(&self, slot: &Slot) -> String {
        round::slot_words(slot)
    }

    fn demand_words(&self, demand: &Demand) -> DemandWords {
        check::demand_words(demand)
    }

    fn band_words(&self, band: RangeBand) -> &'static str {
        match band {
            RangeBand::Base => "short range",
            RangeBand::Long => "medium range",
            RangeBand::VeryLong => "long range",
            RangeBand::Touch | RangeBand::OutOfRange => band.label(),
        }
    }

    fn weapon_defence(&self) -> WeaponDefenceWords {
        WeaponDefenceWords {
            answer: "fight back",
            answers: "fights back",
            against: "fighting back",
        }
    }

    fn hit_point_words(&self) -> &'static str {
        "Damage Points"
    }

    fn value_words(&self, value: u32) -> String {
        format!("RM {value}")
    }

    /// "Hand Guns RM 23 (76%) · 2D10".
    fn weapon_words(&self, weapon: &Weapon, value: u32) -> String {
        format!(
            "{} RM {value} ({}%) · {}",
            weapon.skill,
            check::CORE_ROLL.chance(value, &[]),
            weapon.damage
        )
    }

    fn blast_words(&self, yards: u32) -> String {
        format!("radius {yards} yards")
    }
}
