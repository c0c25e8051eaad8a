//! The western's sheet (SPECS.md 3.1): STR, AGI, Concentration, INT and CHA from 1 to 15, kept
//! in the shared sheet's fields (AGI in DEX, Concentration in CON, CHA in APP, so a unit file
//! writes either name); skills as bonuses from 0 to their characteristic, a roll's RM being the
//! characteristic and the bonus; Damage Points of STR + Concentration + 10; movement of twice AGI
//! in feet (at least 10), or AGI feet zigzagging.

use std::collections::BTreeMap;

use crate::rules::characteristics::{Characteristics, DerivedStats, MoveAllowance};
use crate::rules::damage::Formula;
use crate::rules::length::feet_in_tenths;
use crate::rules::skills::{FIRST_AID, SkillEntry, fighting, find_skill, skill};

/// The highest a characteristic goes.
pub const HIGHEST: u32 = 15;

/// What Damage Points add to STR and Concentration.
const DAMAGE_POINTS_BASE: u32 = 10;

/// The least normal movement, in feet.
const LEAST_MOVE_FEET: u32 = 10;

pub const HAND_GUNS: &str = "Hand Guns";
pub const RIFLES: &str = "Rifles and Shotguns";
pub const HAND_TO_HAND: &str = "Hand-to-Hand";
pub const QUICK_DRAW: &str = "Quick Draw";

/// The characteristics as the western names them, and the shared field each is kept in.
pub const CHARACTERISTICS: [(&str, &str); 5] = [
    ("STR", "STR"),
    ("AGI", "DEX"),
    ("Conc", "CON"),
    ("INT", "INT"),
    ("CHA", "APP"),
];

/// The skills a fight calls for (a house list: the skill chapter is missing).
pub const FRONTIER_SKILLS: &[SkillEntry] = &[
    skill(HAND_GUNS, &["Handguns", "Hand Gun"], 0),
    skill(RIFLES, &["Rifles & Shotguns", "Rifles", "Shotguns"], 0),
    skill("Archery", &[], 0),
    fighting(HAND_TO_HAND, &["Hand-to-Hand Combat", "H2H"], 0),
    skill(QUICK_DRAW, &[], 0),
    skill(FIRST_AID, &[], 0),
];

/// The shared field of the characteristic a skill goes on: AGI for the guns, the bow and the
/// draw, INT for First Aid, the higher of STR and AGI hand to hand; `None` for no such skill.
fn governing(name: &str, characteristics: &Characteristics) -> Option<u32> {
    let entry = find_skill(FRONTIER_SKILLS, name)?;
    Some(match entry.name {
        HAND_TO_HAND => characteristics.strength.max(characteristics.dexterity),
        FIRST_AID => characteristics.intelligence,
        _ => characteristics.dexterity,
    })
}

/// A roll's RM: a skill's characteristic and its bonus (the bonus counts only up to the
/// characteristic), or a bare characteristic; 0 for a name that is neither.
pub fn roll_modifier(
    name: &str,
    characteristics: &Characteristics,
    skills: &BTreeMap<String, u32>,
) -> u32 {
    match governing(name, characteristics) {
        Some(value) => {
            let bonus = find_skill(FRONTIER_SKILLS, name)
                .and_then(|entry| skills.get(entry.name).copied())
                .unwrap_or_default();
            value.saturating_add(bonus.min(value))
        }
        None => characteristics
            .by_alias(&CHARACTERISTICS, name)
            .unwrap_or_default(),
    }
}

/// Why a skill's bonus does not fit: it runs from 0 to its characteristic.
pub fn skill_problem(name: &str, bonus: u32, characteristics: &Characteristics) -> Option<String> {
    let most = governing(name, characteristics)?;
    (bonus > most).then(|| {
        format!(
            "{name} +{bonus} is out of range: a skill bonus runs from 0 to its characteristic \
             ({most} here)"
        )
    })
}

/// Normal movement: twice AGI in feet, at least 10, in tenths of a yard.
pub fn normal_move(characteristics: &Characteristics) -> u32 {
    feet_in_tenths(
        characteristics
            .dexterity
            .saturating_mul(2)
            .max(LEAST_MOVE_FEET),
    )
}

/// Zigzagging: AGI in feet (no least), in tenths of a yard.
pub fn zigzag_move(characteristics: &Characteristics) -> u32 {
    feet_in_tenths(characteristics.dexterity)
}

/// Damage Points (STR + Concentration + 10) and normal movement; no Build or damage bonus
/// (punches and kicks take their damage from the STR table).
pub fn derive(characteristics: &Characteristics) -> DerivedStats {
    let moves = normal_move(characteristics);
    DerivedStats {
        hit_points: characteristics
            .strength
            .saturating_add(characteristics.constitution)
            .saturating_add(DAMAGE_POINTS_BASE),
        moves: MoveAllowance {
            free: moves,
            most: moves,
            past_free_forfeits: true,
        },
        build: 0,
        damage_bonus: Formula::default(),
    }
}

/// Why a sheet value does not fit: STR, AGI, Concentration and INT run from 1 to 15, CHA from
/// 1 to 15 or 0 where left out; the shared sheet's SIZ, POW, EDU and Luck mean nothing here.
pub fn characteristic_problem(name: &str, value: u32) -> Option<String> {
    let (western, _) = CHARACTERISTICS.iter().find(|(_, field)| *field == name)?;
    let least = u32::from(name != "APP");
    (!(least..=HIGHEST).contains(&value)).then(|| {
        format!(
            "{western} ({name}) {value} is out of range: characteristics run from 1 to {HIGHEST}"
        )
    })
}

/// "STR 10 · AGI 13 · Conc 12 · INT 9".
pub fn sheet_line(characteristics: &Characteristics) -> String {
    CHARACTERISTICS[..4]
        .iter()
        .map(|(western, field)| {
            format!(
                "{western} {}",
                characteristics.by_name(field).unwrap_or_default()
            )
        })
        .collect::<Vec<_>>()
        .join(" · ")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sheet(
        strength: u32,
        agility: u32,
        concentration: u32,
        intelligence: u32,
    ) -> Characteristics {
        Characteristics {
            strength,
            constitution: concentration,
            size: 0,
            dexterity: agility,
            appearance: 0,
            intelligence,
            power: 0,
            education: 0,
            luck: 0,
        }
    }

    /// SPECS.md 3.4's six: RM from characteristic and bonus, and Damage Points.
    #[test]
    fn dry_gulch_sheets() {
        let wes = sheet(10, 13, 12, 9);
        let skills = BTreeMap::from([
            (HAND_GUNS.to_string(), 10),
            (QUICK_DRAW.to_string(), 9),
            (HAND_TO_HAND.to_string(), 5),
            (FIRST_AID.to_string(), 2),
        ]);
        assert_eq!(roll_modifier("Hand Guns", &wes, &skills), 23);
        assert_eq!(roll_modifier("Quick Draw", &wes, &skills), 22);
        assert_eq!(
            roll_modifier("H2H", &wes, &skills),
            18,
            "on AGI, the higher"
        );
        assert_eq!(roll_modifier("First Aid", &wes, &skills), 11, "on INT");
        assert_eq!(
            roll_modifier("Conc", &wes, &skills),
            12,
            "a bare characteristic"
        );
        assert_eq!(
            roll_modifier("Archery", &wes, &skills),
            13,
            "no bonus: AGI alone"
        );
        assert_eq!(derive(&wes).hit_points, 32);
        let jim = sheet(15, 8, 13, 6);
        let brawl = BTreeMap::from([(HAND_TO_HAND.to_string(), 9)]);
        assert_eq!(
            roll_modifier(HAND_TO_HAND, &jim, &brawl),
            24,
            "on STR, the higher"
        );
        assert_eq!(derive(&jim).hit_points, 38);
        for (characteristics, points) in [
            (sheet(8, 13, 10, 11), 28),
            (sheet(7, 9, 11, 13), 28),
            (sheet(9, 14, 8, 10), 27),
            (sheet(11, 10, 9, 8), 30),
        ] {
            assert_eq!(derive(&characteristics).hit_points, points);
        }
    }

    /// Movement in tenths of a yard from feet, rounded down: (AGI, normal, zigzag). AGI 3
    /// still moves 10 feet; zigzagging has no least.
    #[test]
    fn movement_in_yards_from_feet() {
        let table = [
            (3, 33, 10),
            (5, 33, 16),
            (8, 53, 26),
            (10, 66, 33),
            (13, 86, 43),
            (14, 93, 46),
            (15, 100, 50),
        ];
        for (agility, normal, zigzag) in table {
            let unit = sheet(10, agility, 10, 10);
            assert_eq!(normal_move(&unit), normal, "AGI {agility}");
            assert_eq!(zigzag_move(&unit), zigzag, "AGI {agility}");
            assert_eq!(derive(&unit).moves.most, normal);
        }
    }

    #[test]
    fn characteristics_and_bonuses_stay_in_their_ranges() {
        assert_eq!(characteristic_problem("DEX", 15), None);
        assert_eq!(
            characteristic_problem("DEX", 16).as_deref(),
            Some("AGI (DEX) 16 is out of range: characteristics run from 1 to 15")
        );
        assert!(characteristic_problem("CON", 0).is_some());
        assert_eq!(
            characteristic_problem("APP", 0),
            None,
            "CHA may be left out"
        );
        assert_eq!(characteristic_problem("POW", 0), None, "no POW here");
        let kid = sheet(9, 14, 8, 10);
        assert_eq!(skill_problem(QUICK_DRAW, 13, &kid), None);
        assert!(skill_problem(QUICK_DRAW, 15, &kid).is_some());
        assert_eq!(sheet_line(&kid), "STR 9 · AGI 14 · Conc 8 · INT 10");
    }
}
