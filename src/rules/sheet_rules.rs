//! A rulebook's sheet (`SheetRules`): the characteristics and skills it keeps, what they
//! derive, the limits a scenario's values must fit, and the fields only some sheets read.

use super::bare_name::BareName;
use super::characteristics::{Characteristics, DerivedStats};
use super::modifiers::Modifier;
use super::skills::{SkillEntry, find_skill, skill_rating};
use std::collections::BTreeMap;

/// The nine characteristics of the percentile sheets (CoC 7e's, BRP classic's), by their own
/// names: the names the shared fields are kept under.
const PERCENTILE_SHEET: [(&str, &str); 9] = [
    ("STR", "STR"),
    ("CON", "CON"),
    ("SIZ", "SIZ"),
    ("DEX", "DEX"),
    ("APP", "APP"),
    ("INT", "INT"),
    ("POW", "POW"),
    ("EDU", "EDU"),
    ("LUCK", "LUCK"),
];

/// A field of a unit's sheet that only some rulebooks read (each says which in
/// [`SheetRules::fields`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SheetField {
    /// Its specialities (the d10 pool's Secondary abilities).
    Secondary,
    /// The hand it holds its weapon in (cover by body part).
    Handed,
    /// Its obsession, one of its skills.
    Obsession,
    /// The cherries it may take in place of a matched blow's damage.
    Cherries,
    /// An impale does it no more harm than another such hit.
    ImmuneToImpale,
    /// No blow knocks it out.
    CannotBeKnockedOut,
}

impl SheetField {
    pub const ALL: [Self; 6] = [
        Self::Secondary,
        Self::Handed,
        Self::Obsession,
        Self::Cherries,
        Self::ImmuneToImpale,
        Self::CannotBeKnockedOut,
    ];

    /// The field as a scenario writes it.
    pub fn written(self) -> &'static str {
        match self {
            Self::Secondary => "secondary",
            Self::Handed => "handed",
            Self::Obsession => "obsession",
            Self::Cherries => "cherries",
            Self::ImmuneToImpale => "immune_to_impale",
            Self::CannotBeKnockedOut => "cannot_be_knocked_out",
        }
    }
}

/// The rulebook's sheet: its characteristics and skills, what they derive, and the limits a
/// scenario's values must fit.
pub trait SheetRules {
    /// Hit points, movement, Build and damage bonus.
    fn derive(&self, characteristics: &Characteristics, age: u32) -> DerivedStats;

    /// The characteristics a unit's sheet shows (the editor's), each by the rulebook's own
    /// name and the shared field it is kept in: the nine of the percentile sheets unless told.
    fn characteristics(&self) -> &'static [(&'static str, &'static str)] {
        &PERCENTILE_SHEET
    }

    /// Luck, where the rulebook works it out from the other characteristics (BRP classic: POW
    /// x 5), so a scenario may leave it out and a stated value must agree; `None` where the
    /// sheet states it.
    fn derived_luck(&self, _characteristics: &Characteristics) -> Option<u32> {
        None
    }

    /// Why a characteristic's value does not fit the rulebook's sheet, if it does not. A
    /// `creature` (a unit with attacks of its own: claws, tentacles) may pass a person's limits.
    fn characteristic_problem(&self, name: &str, value: u32, creature: bool) -> Option<String>;

    /// Why a skill's value does not fit the rulebook's sheet with these characteristics (the
    /// western's bonus, at most its characteristic), if it does not; past the shared limit
    /// (`MAX_RATING`) is checked for every rulebook.
    fn skill_problem(
        &self,
        _name: &str,
        _value: u32,
        _characteristics: &Characteristics,
    ) -> Option<String> {
        None
    }

    /// The skill fists and feet are rolled with.
    fn unarmed_skill(&self) -> &'static str;

    /// The value a unit rolls for a skill named here, from its characteristics and its skills
    /// (by the rulebook's names, base values included); 0 for a skill it lacks. A rulebook
    /// whose rolls add an attribute to an ability (the d10 pool's "Dex+Firearms") sums them.
    fn skill_value(
        &self,
        name: &str,
        _characteristics: &Characteristics,
        skills: &BTreeMap<String, u32>,
    ) -> u32 {
        skill_rating(self.skills(), skills, name)
    }

    /// The skills this rulebook knows.
    fn skills(&self) -> &[SkillEntry];

    /// The base value of a skill by name (or alias), or `None` if the rulebook has no such skill.
    fn base_skill(&self, name: &str, characteristics: &Characteristics) -> Option<u32> {
        find_skill(self.skills(), name).map(|entry| entry.base_value(characteristics))
    }

    /// The fields of a unit's sheet that only some rulebooks read, those this one reads: a
    /// scenario giving a unit another is refused, not ignored.
    fn fields(&self) -> &'static [SheetField];

    /// Where maneuvers are grapples (BRP), the skill a grapple is rolled on: one that lands is
    /// weighed STR against STR before it holds, and what the holder then does with the held
    /// unit resolves at once. `None`: each maneuver is one opposed exchange (CoC 7e).
    fn grapple_skill(&self) -> Option<&'static str> {
        None
    }

    /// The skill a unit with `obsession` throws a weapon of `weapon_skill` on, where it is not
    /// the weapon's own (the d100 house sheet: Struggle, where that is the obsession).
    fn throwing_skill(
        &self,
        _weapon_skill: &str,
        _obsession: Option<&str>,
    ) -> Option<&'static str> {
        None
    }

    /// What using a weapon with the unit's own speciality in it is worth (the d10 pool's
    /// Secondary ability: a step easier); nothing where the rulebook has none.
    fn secondary_value(&self) -> Option<Modifier> {
        None
    }

    /// What is wrong with the names `unit`'s sheet lists under `field`, a field of names this
    /// rulebook reads (the d100 house sheet's cherries, earned by an obsession), where anything
    /// is; `None`: nothing.
    fn names_problem(
        &self,
        _unit: &str,
        _field: SheetField,
        _names: &[BareName],
        _obsession: Option<&str>,
    ) -> Option<String> {
        None
    }
}
