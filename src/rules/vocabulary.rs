//! A rulebook's words (`Vocabulary`): how the log, the cards and the panels say its rolls,
//! values, order slots, wounds and weapons, each in its own terms.

use super::characteristics::{Characteristics, DerivedStats};
use super::grapple::ManeuverGoal;
use super::injuries::InjuryList;
use super::roll::{Demand, RollRecord, RollSketch, RollVerdict};
use super::round::Slot;
use super::situation::RangeBand;
use super::weapons::Weapon;
use super::wounds::BlowSeverity;
use super::{chance_rolls, class_rolls, level_rolls, pool_rolls};
use serde::Serialize;

/// The defence with the weapon in hand in the rulebook's words.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct WeaponDefenceWords {
    /// "fight back", "parry".
    pub answer: &'static str,
    /// "fights back", "parries".
    pub answers: &'static str,
    /// "fighting back", "a parry".
    pub against: &'static str,
}

/// A demand in words, as the rulebook says it: the preview and the defence window show it.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct DemandWords {
    pub head: String,
    pub modifiers: String,
}

/// The rulebook's words: how it names its rolls, values, slots, wounds and weapons, for the
/// log, the cards and the panels.
pub trait Vocabulary {
    /// A unit's sheet in one line, for its card: what the rulebook's fights turn on.
    fn sheet_line(&self, characteristics: &Characteristics, derived: &DerivedStats) -> String;

    /// How the round is ordered, in a line, for the panel before the fight.
    fn round_words(&self) -> &'static str;

    /// A slot in the rulebook's words for the order panel ("cycle 2 · DEX 7.5"); empty where
    /// the order alone says it all.
    fn slot_words(&self, slot: &Slot) -> String;

    /// What a demand reads as, before any die falls: the head ("Hard", "45 · ×2 point-blank =
    /// 90") and the modifiers the head leaves out, in words (empty when none).
    fn demand_words(&self, demand: &Demand) -> DemandWords;

    /// A range band in the rulebook's words (the western's short, medium and long are the
    /// engine's base, long and very long).
    fn band_words(&self, band: RangeBand) -> &'static str {
        band.label()
    }

    /// What the defence with the weapon in hand is called (CoC's fight back, BRP's parry).
    fn weapon_defence(&self) -> WeaponDefenceWords;

    /// What a declaration slot is for, where the round has them (BRP's parry named, the
    /// western's round declared): plain words by default.
    fn declaration_words(&self) -> DeclarationWords {
        DeclarationWords {
            business: "a declaration to make",
            in_slot: "only the declaration in this slot",
            out_of_slot: "a declaration is made in the unit's declaration slot",
        }
    }

    /// What the rulebook calls hit points ("Damage Points").
    fn hit_point_words(&self) -> &'static str {
        "hit points"
    }

    /// A unit's injuries in the rulebook's words for its card ("Injuries 2, 4 · wound level 5,
    /// mauled · −3 dice"); empty where it keeps none.
    fn injury_words(&self, _injuries: &InjuryList) -> String {
        String::new()
    }

    /// A value rolled against, in the rulebook's terms: "45%", "5 dice".
    fn value_words(&self, value: u32) -> String {
        format!("{value}%")
    }

    /// A weapon in a unit's hand, in the rulebook's terms, for its card: what it is rolled with
    /// (`value`, the unit's) and what it does ("Handgun 55% · 1D10").
    fn weapon_words(&self, weapon: &Weapon, value: u32) -> String {
        format!("{} {value}% · {}", weapon.skill, weapon.damage)
    }

    /// A wound level in the rulebook's words ("wounded"), where it keeps injuries.
    fn wound_level_words(&self, _level: u32) -> &'static str {
        ""
    }

    /// How a blast of the weapon table's `yards` reads in the log: CoC's radius ("radius 3
    /// yards"), BRP's step ("a die fewer every 2 yards").
    fn blast_words(&self, yards: u32) -> String;

    /// A blow's severity in the rulebook's words for the log ("major wound", "shock"); empty
    /// for a plain one.
    fn severity_words(&self, _severity: BlowSeverity) -> &'static str {
        ""
    }

    /// A maneuver's name on its button where the rulebook calls it otherwise.
    fn maneuver_label(&self, _goal: ManeuverGoal) -> Option<&'static str> {
        None
    }

    /// One of the rulebook's rolls in the log's words: what it read, against what, with which
    /// modifiers, and what came of it. Each kind of roll has its words; a rulebook may say its
    /// rolls its own way.
    fn roll_words(&self, roll: &RollRecord) -> String {
        match &roll.verdict {
            RollVerdict::Levels(verdict) => level_rolls::roll_words(roll, verdict),
            RollVerdict::Chance(verdict) => chance_rolls::roll_words(roll, verdict),
            RollVerdict::Pool(verdict) => pool_rolls::roll_words(roll, verdict),
            RollVerdict::Classes(verdict) => class_rolls::roll_words(roll, verdict),
        }
    }

    /// One of the rulebook's rolls as a roll card draws it.
    fn sketch(&self, roll: &RollRecord) -> RollSketch {
        match &roll.verdict {
            RollVerdict::Levels(verdict) => level_rolls::sketch(roll, verdict),
            RollVerdict::Chance(verdict) => chance_rolls::sketch(roll, verdict),
            RollVerdict::Pool(verdict) => pool_rolls::sketch(roll, verdict),
            RollVerdict::Classes(verdict) => class_rolls::sketch(roll, verdict),
        }
    }
}

/// What a declaration slot is for, in the rulebook's words: the turn's business on the action
/// bar, and the refusals of any other order in the slot and of a declaration out of it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DeclarationWords {
    pub business: &'static str,
    pub in_slot: &'static str,
    pub out_of_slot: &'static str,
}
