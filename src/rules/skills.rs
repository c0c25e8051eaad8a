//! The skills the battle rolls, with their base values, and reading a skill's name.

use std::collections::BTreeMap;

use super::characteristics::Characteristics;

/// Where a skill's base value comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SkillBase {
    Fixed(u32),
    /// Half DEX, rounded down (CoC's Dodge).
    HalfDexterity,
    /// Twice DEX (BRP's Dodge).
    TwiceDexterity,
}

/// One skill: its written name, other names it is known by, and its base value.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SkillEntry {
    pub name: &'static str,
    pub aliases: &'static [&'static str],
    pub base: SkillBase,
    /// A skill of fighting hand to hand: a weapon rolled with it strikes in reach.
    pub hand_to_hand: bool,
}

pub const DODGE: &str = "Dodge";
pub const BRAWL: &str = "Fighting (Brawl)";
pub const FIRST_AID: &str = "First Aid";
pub const MEDICINE: &str = "Medicine";
pub const MECHANICAL_REPAIR: &str = "Mechanical Repair";
pub const THROW: &str = "Throw";
pub const BOW: &str = "Firearms (Bow)";

/// A skill with a fixed base value.
pub const fn skill(name: &'static str, aliases: &'static [&'static str], base: u32) -> SkillEntry {
    SkillEntry {
        name,
        aliases,
        base: SkillBase::Fixed(base),
        hand_to_hand: false,
    }
}

/// A hand-to-hand fighting skill with a fixed base value.
pub const fn fighting(
    name: &'static str,
    aliases: &'static [&'static str],
    base: u32,
) -> SkillEntry {
    SkillEntry {
        hand_to_hand: true,
        ..skill(name, aliases, base)
    }
}

/// The Call of Cthulhu 7th edition skills a fight can call for.
pub const COC7E_SKILLS: &[SkillEntry] = &[
    SkillEntry {
        name: DODGE,
        aliases: &[],
        base: SkillBase::HalfDexterity,
        hand_to_hand: false,
    },
    fighting(BRAWL, &["Brawl", "Fighting"], 25),
    fighting("Fighting (Axe)", &["Axe"], 15),
    fighting("Fighting (Chainsaw)", &["Chainsaw"], 10),
    fighting("Fighting (Flail)", &["Flail"], 10),
    fighting("Fighting (Garrote)", &["Garrote"], 15),
    fighting("Fighting (Spear)", &["Spear"], 20),
    fighting("Fighting (Sword)", &["Sword"], 20),
    fighting("Fighting (Whip)", &["Whip"], 5),
    skill("Firearms (Handgun)", &["Firearms (HG)", "Handgun"], 20),
    skill(
        "Firearms (Rifle/Shotgun)",
        &[
            "Firearms (R/S)",
            "Firearms (Rifle)",
            "Firearms (Shotgun)",
            "Rifle/Shotgun",
        ],
        25,
    ),
    skill("Firearms (SMG)", &["Firearms (Submachine Gun)", "SMG"], 15),
    skill("Firearms (MG)", &["Firearms (Machine Gun)", "MG"], 10),
    skill("Firearms (Bow)", &["Bow"], 15),
    skill("Firearms (Flamethrower)", &["Flamethrower"], 10),
    skill("Firearms (Heavy Weapons)", &["Heavy Weapons"], 10),
    skill(THROW, &[], 20),
    skill("Demolitions", &[], 1),
    skill("Artillery", &[], 1),
    skill("Electrical Repair", &["Electrical"], 10),
    skill(MECHANICAL_REPAIR, &[], 10),
    skill(FIRST_AID, &[], 30),
    skill(MEDICINE, &[], 1),
    skill("Listen", &[], 20),
    skill("Spot Hidden", &[], 25),
    skill("Psychology", &[], 10),
    skill("Stealth", &[], 20),
];

/// A name's letters with case and spaces squashed, so `firearms(hg)` and `Firearms (HG)` read
/// the same.
fn squashed(name: &str) -> impl Iterator<Item = char> + '_ {
    name.chars()
        .filter(|c| !c.is_whitespace())
        .flat_map(char::to_lowercase)
}

/// As [`squashed`], byte by byte, for a name in plain ASCII.
fn squashed_ascii(name: &str) -> impl Iterator<Item = u8> + '_ {
    name.bytes()
        .filter(|byte| !char::from(*byte).is_whitespace())
        .map(|byte| byte.to_ascii_lowercase())
}

/// Find a skill in `catalog` by its name or an alias, ignoring case and spaces. Names are
/// compared letter by letter (a lookup allocates nothing); two names in plain ASCII, as every
/// rulebook's are, byte by byte.
pub fn find_skill<'a>(catalog: &'a [SkillEntry], name: &str) -> Option<&'a SkillEntry> {
    // Whether the name asked for is ASCII is asked once, not once an entry.
    let ascii = name.is_ascii();
    let reads_as_wanted = |other: &str| {
        if ascii && other.is_ascii() {
            squashed_ascii(other).eq(squashed_ascii(name))
        } else {
            squashed(other).eq(squashed(name))
        }
    };
    catalog.iter().find(|entry| {
        reads_as_wanted(entry.name) || entry.aliases.iter().any(|alias| reads_as_wanted(alias))
    })
}

/// A unit's value in a skill of `catalog` named here (or by an alias), read from its skills
/// by the catalog's names; 0 where it has none.
pub fn skill_rating(catalog: &[SkillEntry], skills: &BTreeMap<String, u32>, name: &str) -> u32 {
    find_skill(catalog, name)
        .and_then(|entry| skills.get(entry.name).copied())
        .unwrap_or_default()
}

impl SkillEntry {
    /// The base value for someone with these characteristics.
    pub fn base_value(&self, characteristics: &Characteristics) -> u32 {
        match self.base {
            SkillBase::Fixed(value) => value,
            SkillBase::HalfDexterity => characteristics.dexterity / 2,
            SkillBase::TwiceDexterity => characteristics.dexterity * 2,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn base_skills() {
        let characteristics = Characteristics {
            strength: 50,
            constitution: 50,
            size: 50,
            dexterity: 65,
            appearance: 50,
            intelligence: 50,
            power: 50,
            education: 50,
            luck: 50,
        };
        let cases = [
            ("Dodge", 32),
            ("Fighting (Brawl)", 25),
            ("Firearms (Handgun)", 20),
            ("Firearms (Rifle/Shotgun)", 25),
            ("Firearms (SMG)", 15),
            ("Firearms (MG)", 10),
            ("Throw", 20),
            ("First Aid", 30),
            ("Medicine", 1),
            ("Fighting (Axe)", 15),
            ("Fighting (Sword)", 20),
            ("Fighting (Spear)", 20),
            ("Fighting (Flail)", 10),
            ("Fighting (Whip)", 5),
            ("Fighting (Chainsaw)", 10),
            ("Fighting (Garrote)", 15),
        ];
        for (name, base) in cases {
            let entry = find_skill(COC7E_SKILLS, name).unwrap_or_else(|| panic!("{name} is known"));
            assert_eq!(entry.base_value(&characteristics), base, "{name}");
        }
    }

    #[test]
    fn names_and_aliases_ignore_case_and_spaces() {
        let handgun = find_skill(COC7E_SKILLS, "firearms(hg)").map(|entry| entry.name);
        assert_eq!(handgun, Some("Firearms (Handgun)"));
        let rifle = find_skill(COC7E_SKILLS, "Firearms (rifle)").map(|entry| entry.name);
        assert_eq!(rifle, Some("Firearms (Rifle/Shotgun)"));
        assert_eq!(find_skill(COC7E_SKILLS, "Basket Weaving"), None);
    }

    #[test]
    fn no_two_skills_share_a_name() {
        let mut seen = std::collections::HashSet::new();
        for entry in COC7E_SKILLS {
            for name in std::iter::once(&entry.name).chain(entry.aliases) {
                assert!(
                    seen.insert(squashed(name).collect::<String>()),
                    "{name} appears twice"
                );
            }
        }
    }
}
