//! The d10 pool's sheet: five attributes and seven abilities in dots, Willpower, and what
//! follows from them. The attributes sit in the shared sheet's fields (Strength in STR,
//! Dexterity in DEX, Stamina in CON, Wits in INT, Perception in POW, Willpower in LUCK), so a
//! unit file may write either name; SIZ (or `Size`) is a size class, 1 a mouse to 7 a house, 4 or
//! 0 a person; APP and EDU mean nothing here. A roll adds an attribute
//! to an ability, and a skill named for both ("Dex+Firearms") is their sum.

use std::collections::BTreeMap;

use crate::rules::characteristics::{Characteristics, DerivedStats, MoveAllowance};
use crate::rules::damage::Formula;
use crate::rules::length::feet_in_tenths;
use crate::rules::skills::{DODGE, SkillEntry, fighting, skill, skill_rating};

/// Body: the wound levels a unit can take before it is incapacitated (SPECS.md 2.1's house
/// table: 7 less the wound level is what remains).
pub const BODY: u32 = 7;

/// The most dots an attribute or ability has.
pub const MOST_DOTS: u32 = 5;

/// The most Willpower a unit has.
pub const MOST_WILLPOWER: u32 = 10;

/// The pool fists strike with, and the difficulty they strike at.
pub const BRAWL_POOL: &str = "Str+Brawl";
pub const BRAWL_DIFFICULTY: u32 = 5;

/// The pool a dodge is rolled with (Dex + Dodge), under the shared name a dodge goes by.
const DODGE_ATTRIBUTE: &str = "Dex";

/// The attributes as the pool names them, and the shared field each is kept in.
pub const ATTRIBUTES: [(&str, &str); 5] = [
    ("Str", "STR"),
    ("Dex", "DEX"),
    ("Sta", "CON"),
    ("Wits", "INT"),
    ("Per", "POW"),
];

/// The sheet as the editor shows it: the attributes, Willpower (kept in LUCK) and the size
/// class (kept in SIZ: 0 or 4 a person).
pub const SHEET: [(&str, &str); 7] = [
    ATTRIBUTES[0],
    ATTRIBUTES[1],
    ATTRIBUTES[2],
    ATTRIBUTES[3],
    ATTRIBUTES[4],
    ("Willpower", "LUCK"),
    ("Size", "SIZ"),
];

/// The abilities, and the pools a fight rolls (an attribute and an ability: the name says
/// which). A hand-to-hand pool strikes in reach.
pub const POOL_SKILLS: &[SkillEntry] = &[
    fighting("Brawl", &[], 0),
    fighting("Melee", &[], 0),
    skill("Firearms", &[], 0),
    skill("Athletics", &[], 0),
    skill(DODGE, &[], 0),
    skill("Alertness", &[], 0),
    skill("Stealth", &[], 0),
    fighting(BRAWL_POOL, &[], 0),
    fighting("Dex+Brawl", &[], 0),
    fighting("Str+Melee", &[], 0),
    fighting("Dex+Melee", &[], 0),
    skill("Dex+Firearms", &[], 0),
    skill("Str+Athletics", &[], 0),
    skill("Dex+Athletics", &[], 0),
    skill("Dex+Stealth", &[], 0),
    skill("Per+Alertness", &[], 0),
];

/// What a unit rolls for a skill: an attribute and an ability summed for a pool named for both
/// ("Dex+Firearms"), Dex + Dodge for a dodge, an ability's dots alone otherwise.
pub fn skill_value(
    name: &str,
    characteristics: &Characteristics,
    skills: &BTreeMap<String, u32>,
) -> u32 {
    let (attribute_name, ability_name) = match name.split_once('+') {
        Some((attribute_name, ability_name)) => (attribute_name, ability_name),
        None if name.eq_ignore_ascii_case(DODGE) => (DODGE_ATTRIBUTE, name),
        None => return skill_rating(POOL_SKILLS, skills, name),
    };
    characteristics
        .by_alias(&ATTRIBUTES, attribute_name)
        .unwrap_or_default()
        .saturating_add(skill_rating(POOL_SKILLS, skills, ability_name))
}

/// Body 7 for hit points (7 less the wound level remains), and movement: 5 feet and 5 more a
/// Dexterity dot free, up to 5 feet a Strength dot further at a cost in dice.
pub fn derive(characteristics: &Characteristics) -> DerivedStats {
    let free_feet = 5 + 5 * characteristics.dexterity;
    let extra_feet = 5 * characteristics.strength;
    let free = feet_in_tenths(free_feet);
    DerivedStats {
        hit_points: BODY,
        moves: MoveAllowance {
            free,
            most: feet_in_tenths(free_feet + extra_feet),
            past_free_forfeits: false,
        },
        build: 0,
        damage_bonus: Formula::default(),
    }
}

/// Why a sheet value does not fit: attributes run 1 to 5 dots, Willpower 0 to 10; the shared
/// sheet's SIZ, APP and EDU are not used and may be anything.
pub fn characteristic_problem(name: &str, value: u32) -> Option<String> {
    if let Some((pool, _)) = ATTRIBUTES.iter().find(|(_, field)| *field == name) {
        return (!(1..=MOST_DOTS).contains(&value)).then(|| {
            format!(
                "{pool} ({name}) {value} is out of range: attributes run from 1 to {MOST_DOTS} dots"
            )
        });
    }
    if name == "SIZ" && value > LARGEST_SIZE {
        return Some(format!(
            "Size (SIZ) {value} is out of range: a size class from 1 (a mouse) to \
             {LARGEST_SIZE} (a house), 4 a person, or 0 for a person"
        ));
    }
    (name == "LUCK" && value > MOST_WILLPOWER)
        .then(|| format!("Willpower (LUCK) {value} is out of range: from 0 to {MOST_WILLPOWER}"))
}

/// The largest size class (a house).
const LARGEST_SIZE: u32 = 7;

/// Each size class as the card names it (a person's, and 0's, need no word).
const SIZE_WORDS: [&str; 8] = ["", "mouse", "cat", "child", "", "horse", "truck", "house"];

/// A dot filled and a dot empty, as the sheet draws them (the card sets the sheet line in the
/// monospace font, which has both).
const FILLED_DOT: &str = "●";
const EMPTY_DOT: &str = "○";

/// Dots as a sheet shows them: "●●●○○".
pub fn dots(value: u32) -> String {
    let filled = usize::try_from(value.min(MOST_DOTS)).unwrap_or_default();
    let most = usize::try_from(MOST_DOTS).unwrap_or_default();
    format!(
        "{}{}",
        FILLED_DOT.repeat(filled),
        EMPTY_DOT.repeat(most - filled)
    )
}

/// The sheet in one line: "Str ●●○○○ · Dex ●●●●○ · Sta ●●○○○ · Wits ●●●○○ · Per ●●●○○ · WP 5".
pub fn sheet_line(characteristics: &Characteristics) -> String {
    let mut parts: Vec<String> = ATTRIBUTES
        .iter()
        .map(|(pool, field)| {
            format!(
                "{pool} {}",
                dots(characteristics.by_name(field).unwrap_or_default())
            )
        })
        .collect();
    parts.push(format!("WP {}", characteristics.luck));
    if let Some(size) = SIZE_WORDS.get(usize::try_from(characteristics.size).unwrap_or(0))
        && !size.is_empty()
    {
        parts.push(format!("size: {size}"));
    }
    parts.join(" · ")
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;

    /// Mara Voss (SPECS.md 2.4): Str 2, Dex 4, Sta 2, Wits 3, Per 3, Willpower 5.
    pub(crate) fn mara() -> Characteristics {
        Characteristics {
            strength: 2,
            constitution: 2,
            size: 0,
            dexterity: 4,
            appearance: 0,
            intelligence: 3,
            power: 3,
            education: 0,
            luck: 5,
        }
    }

    #[test]
    fn a_pool_adds_an_attribute_to_an_ability() {
        let skills: BTreeMap<String, u32> = [("Firearms", 3), ("Dodge", 3), ("Melee", 1)]
            .into_iter()
            .map(|(name, dots)| (name.to_string(), dots))
            .collect();
        let value = |name| skill_value(name, &mara(), &skills);
        assert_eq!(value("Dex+Firearms"), 7);
        assert_eq!(value(DODGE), 7, "a dodge is Dex + Dodge");
        assert_eq!(value("Str+Melee"), 3);
        assert_eq!(value("Str+Brawl"), 2, "no Brawl dots: Strength alone");
        assert_eq!(value("Firearms"), 3);
        assert_eq!(value("Per+Alertness"), 3);
        assert_eq!(mara().by_alias(&ATTRIBUTES, "Wits"), Some(3));
        assert_eq!(mara().by_alias(&ATTRIBUTES, "INT"), Some(3));
    }

    /// Dex 4: 25 feet free (8.3 yards); Str 2: 10 feet more, to 35 (11.6 yards).
    #[test]
    fn movement_in_feet_as_tenths_of_a_yard() {
        let derived = derive(&mara());
        assert_eq!(derived.hit_points, BODY);
        assert_eq!(derived.movement(), 8);
        assert_eq!(
            derived.moves,
            MoveAllowance {
                free: 83,
                most: 116,
                past_free_forfeits: false
            }
        );
    }

    #[test]
    fn the_sheet_reads_in_dots() {
        assert_eq!(
            sheet_line(&mara()),
            "Str ●●○○○ · Dex ●●●●○ · Sta ●●○○○ · Wits ●●●○○ · Per ●●●○○ · WP 5"
        );
        assert_eq!(characteristic_problem("DEX", 4), None);
        assert_eq!(
            characteristic_problem("DEX", 40).as_deref(),
            Some("Dex (DEX) 40 is out of range: attributes run from 1 to 5 dots")
        );
        assert_eq!(characteristic_problem("SIZ", 0), None);
        assert_eq!(characteristic_problem("SIZ", 3), None);
        assert_eq!(
            characteristic_problem("SIZ", 8).as_deref(),
            Some(
                "Size (SIZ) 8 is out of range: a size class from 1 (a mouse) to 7 (a house), 4 \
                 a person, or 0 for a person"
            )
        );
        let dog = Characteristics { size: 3, ..mara() };
        assert!(
            sheet_line(&dog).ends_with("WP 5 · size: child"),
            "{}",
            sheet_line(&dog)
        );
        assert!(sheet_line(&mara()).ends_with("WP 5"));
        assert!(characteristic_problem("LUCK", 11).is_some());
    }
}
