//! Every shipped data file loads: the weapon table (every row's damage parses), the armor
//! examples, each rulebook's roster and every map in `maps/`.
// Plays the shipped files of every rulebook: built with all five.
#![cfg(all_rulebooks)]

use std::path::Path;

use gridkeeper::map::roster::{recruit, roster};
use gridkeeper::map::scenario::Scenario;
use gridkeeper::map::{GridMap, Tile};
use gridkeeper::rules::damage::{DamageQuality, DamageReach, Formula};
use gridkeeper::rules::dice::Dice;
use gridkeeper::rules::ruleset::Ruleset;
use gridkeeper::rules::weapons::{AttackForm, WeaponCategory, WeaponRange};
use gridkeeper::rulesets::brp_classic::BrpClassic;
use gridkeeper::rulesets::coc7e::Coc7e;
use gridkeeper::rulesets::frontier::{self, Frontier};

fn coc7e() -> Coc7e {
    Coc7e::shipped().unwrap_or_else(|error| panic!("the shipped rules data loads: {error}"))
}

#[test]
fn the_shipped_weapon_file_is_the_one_compiled_in() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let weapons =
        std::fs::read_to_string(root.join("assets/rules/coc7e/weapons.ron")).expect("weapons.ron");
    let armor =
        std::fs::read_to_string(root.join("assets/rules/coc7e/armor.ron")).expect("armor.ron");
    let from_disk = Coc7e::from_texts(&weapons, &armor).expect("the files on disk load");
    assert_eq!(from_disk.weapons(), coc7e().weapons());
}

/// BRP classic's weapons and armor load from disk as compiled in, and every weapon names one
/// of the rulebook's own skills and rolls its damage.
#[test]
fn the_brp_files_load_and_name_brp_skills() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let read = |file: &str| {
        std::fs::read_to_string(root.join("assets/rules/brp-classic").join(file)).expect(file)
    };
    let from_disk =
        BrpClassic::from_texts(&read("weapons.ron"), &read("armor.ron")).expect("they load");
    let shipped = BrpClassic::shipped().expect("the compiled-in files load");
    assert_eq!(from_disk.weapons(), shipped.weapons());
    assert_eq!(shipped.weapons().weapons.len(), 11);
    assert_eq!(shipped.armor().armor.len(), 4);
    let mut dice = Dice::from_seed(1);
    for weapon in &shipped.weapons().weapons {
        assert!(
            shipped
                .sheet()
                .skills()
                .iter()
                .any(|skill| skill.name == weapon.skill),
            "{} rolls {}",
            weapon.name,
            weapon.skill
        );
        let rolled = weapon
            .damage
            .roll(
                &mut dice,
                DamageReach::Full,
                &Formula::default(),
                DamageQuality::Normal,
            )
            .expect("its damage rolls");
        assert!(rolled.is_some(), "{} does damage", weapon.name);
    }
}

/// The frontier western's weapons and armor (none) load from disk as compiled in; every weapon
/// names one of the rulebook's skills, has its quick-draw modifier and rolls its damage in
/// d10s; the thrown knife reaches 10 x STR feet at its longest.
#[test]
fn the_frontier_files_load_and_roll_in_d10s() {
    use gridkeeper::map::range::WeaponReach;
    use gridkeeper::rules::length::Length;
    use gridkeeper::rules::weapons::{ArmorTable, WeaponTable};
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let shipped = Frontier::shipped().expect("the compiled-in files load");
    let weapons_file = root.join(frontier::FRONTIER_WEAPONS_FILE);
    let text = std::fs::read_to_string(&weapons_file).expect("weapons.ron");
    let from_disk = WeaponTable::parse(
        frontier::FRONTIER_WEAPONS_FILE,
        &text,
        frontier::sheet::FRONTIER_SKILLS,
    )
    .expect("it loads");
    assert_eq!(&from_disk, shipped.weapons());
    let armor = std::fs::read_to_string(root.join(frontier::FRONTIER_ARMOR_FILE)).expect("armor");
    let armor = ArmorTable::parse(frontier::FRONTIER_ARMOR_FILE, &armor).expect("it loads");
    assert!(armor.armor.is_empty(), "the text has no armor");
    let mut dice = Dice::from_seed(3);
    for weapon in &shipped.weapons().weapons {
        assert!(
            shipped
                .sheet()
                .skills()
                .iter()
                .any(|skill| skill.name == weapon.skill),
            "{} rolls {}",
            weapon.name,
            weapon.skill
        );
        // Everything but dynamite may be drawn (the house table leaves its QD blank).
        assert_eq!(
            weapon.draw.is_some(),
            weapon.attack_form() != AttackForm::Lobbed,
            "{} has a quick-draw modifier",
            weapon.name
        );
        let rolled = weapon
            .damage
            .roll(
                &mut dice,
                DamageReach::Full,
                &Formula::default(),
                DamageQuality::Normal,
            )
            .expect("its damage rolls")
            .expect("it does damage");
        let faces: Vec<u32> = rolled
            .parts
            .iter()
            .flat_map(|part| &part.dice)
            .map(|die| die.sides)
            .collect();
        assert!(
            !faces.is_empty() && faces.iter().all(|sides| *sides == 10),
            "{}: {faces:?}",
            weapon.name
        );
    }
    let knife = shipped
        .weapons()
        .find("Knife (thrown)")
        .expect("a thrown knife");
    let WeaponReach::Ranged { limits } = WeaponReach::of(&knife.range, 11, &shipped.range_scale())
    else {
        panic!("a thrown knife is aimed");
    };
    assert_eq!(
        limits[2],
        Some(Length::feet(110)),
        "10 x STR feet for STR 11"
    );
    assert_eq!(limits[0], Some(Length::feet(11).times([5, 2])));
    let dynamite = shipped.weapons().find("Dynamite").expect("dynamite");
    assert_eq!(dynamite.attack_form(), AttackForm::Lobbed);
    assert_eq!(dynamite.range, knife.range, "thrown like a knife");
    let rings = shipped.blast_rings(&dynamite.damage);
    let rings: Vec<(Length, &str, Option<&str>)> = rings
        .iter()
        .map(|ring| (ring.outer, ring.words.as_str(), ring.stun))
        .collect();
    assert_eq!(
        rings,
        [
            (Length::feet(10), "6D10+1", None),
            (Length::feet(20), "3D10+1", None),
            (Length::feet(30), "1D10+1", None),
            (Length::feet(40), "stun", Some("STR")),
        ]
    );
}

#[test]
fn every_section_of_the_weapon_table_is_complete() {
    let rules = coc7e();
    let count = |category| {
        rules
            .weapons()
            .weapons
            .iter()
            .filter(|weapon| weapon.category == category)
            .count()
    };
    // The table's rows, less the repeated thrown spear, plus the unarmed attack.
    assert_eq!(count(WeaponCategory::Melee), 29);
    assert_eq!(count(WeaponCategory::Handgun), 16);
    assert_eq!(count(WeaponCategory::Rifle), 12);
    assert_eq!(count(WeaponCategory::Shotgun), 9);
    assert_eq!(count(WeaponCategory::AssaultRifle), 9);
    assert_eq!(count(WeaponCategory::SubmachineGun), 6);
    assert_eq!(count(WeaponCategory::MachineGun), 8);
    assert_eq!(count(WeaponCategory::Explosive), 16);
}

/// Every row's damage rolls within its minimum and maximum, at every band or blast ring.
#[test]
fn every_row_damage_parses_and_rolls() {
    let rules = coc7e();
    let mut dice = Dice::from_seed(11);
    let bonus: Formula = "1D6".parse().expect("a damage bonus");
    for weapon in &rules.weapons().weapons {
        let reaches: Vec<DamageReach> = match &weapon.range {
            WeaponRange::Bands(bands) => (0..bands.len()).map(DamageReach::Band).collect(),
            _ => match weapon.blast_radius_yards() {
                Some(radius) => [0.0, 1.5, 2.0, 3.0]
                    .iter()
                    .map(|factor| DamageReach::BlastDistance(factor * radius as f32))
                    .collect(),
                None => vec![DamageReach::Full],
            },
        };
        for reach in reaches {
            let maximum = weapon
                .damage
                .maximum(reach, &bonus)
                .unwrap_or_else(|error| panic!("{}: {error}", weapon.name));
            for _ in 0..20 {
                let rolled = weapon
                    .damage
                    .roll(&mut dice, reach, &bonus, DamageQuality::Normal)
                    .unwrap_or_else(|error| panic!("{}: {error}", weapon.name))
                    .unwrap_or_else(|| panic!("{} at {reach:?} is in reach", weapon.name));
                assert!(
                    rolled.total <= maximum,
                    "{} rolled {} over {maximum}",
                    weapon.name,
                    rolled.total
                );
            }
        }
    }
}

#[test]
fn table_rows_read_as_printed() {
    let rules = coc7e();
    let weapon = |name: &str| {
        rules
            .weapons()
            .find(name)
            .unwrap_or_else(|| panic!("{name} is in the table"))
    };
    let switchblade = weapon("Knife, small (switchblade, etc.)");
    assert_eq!(switchblade.damage.to_string(), "1D4+DB");
    assert!(switchblade.impale);
    let revolver = weapon(".38 or 9mm Revolver");
    assert_eq!(revolver.range, WeaponRange::Yards(15));
    assert_eq!((revolver.uses.attacks, revolver.uses.max), (1, Some(3)));
    assert_eq!(revolver.malfunction, Some(100));
    let shotgun = weapon("12-gauge Shotgun (2B)");
    assert_eq!(shotgun.damage.to_string(), "4D6/2D6/1D6");
    assert_eq!(shotgun.range, WeaponRange::Bands(vec![10, 20, 50]));
    assert!(!shotgun.impale);
    let dynamite = weapon("Dynamite Stick");
    assert_eq!(dynamite.blast_radius_yards(), Some(3));
    assert_eq!(dynamite.range, WeaponRange::StrFeet);
    assert_eq!(dynamite.uses.every, 2);
    let thompson = weapon("Thompson");
    assert!(thompson.uses.full_auto);
    assert_eq!(thompson.malfunction, Some(96));
    let m16 = weapon("M16A2");
    assert_eq!(m16.uses.burst, Some(3));
    assert_eq!(m16.auto_skill.as_deref(), Some("Firearms (SMG)"));
    let desert_eagle = weapon("IMI Desert Eagle");
    assert_eq!(desert_eagle.damage.to_string(), "1D10+1D6+3");
    assert_eq!(desert_eagle.malfunction, Some(94));
}

/// Harvey's switchblade: an extreme success with a 1D4 damage bonus is 1D4+8, 9 to 12.
#[test]
fn harvey_switchblade_through_the_ruleset() {
    let rules = coc7e();
    let switchblade = rules
        .weapons()
        .find("Knife, small (switchblade, etc.)")
        .expect("the switchblade");
    let bonus: Formula = "1D4".parse().expect("1D4");
    let mut dice = Dice::from_seed(2026);
    let mut totals = std::collections::BTreeSet::new();
    for _ in 0..400 {
        let rolled = rules
            .damage(
                &mut dice,
                gridkeeper::rules::roll::RollPurpose::Damage(switchblade.name.clone()),
                &switchblade.damage,
                DamageReach::Full,
                &bonus,
                DamageQuality::Impale,
            )
            .expect("a single formula")
            .expect("in reach");
        totals.insert(rolled.result.total);
    }
    assert_eq!(totals.into_iter().collect::<Vec<_>>(), [9, 10, 11, 12]);
}

#[test]
fn the_armor_examples_load() {
    let rules = coc7e();
    let points: Vec<u32> = rules
        .armor()
        .armor
        .iter()
        .map(|armor| armor.points)
        .collect();
    assert_eq!(points, [1, 2, 3, 5, 8, 12, 15, 19, 20]);
}

/// The d100 house sheet's weapons and armor (none) load from disk as compiled in; every weapon
/// names one of the sheet's skills; a firearm's damage is one of SPECS.md's max damage classes,
/// a hand-to-hand or thrown weapon's its qualities, +3 each, a grenade's its cap over its
/// radius, and a burning bottle nothing over a yard, with its burn.
#[test]
fn the_d100_house_files_load_with_caps_and_qualities() {
    use gridkeeper::rules::damage::DamageEffect;
    use gridkeeper::rules::weapons::{ArmorTable, WeaponTable};
    use gridkeeper::rulesets::d100_house::{self, D100House};
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let shipped = D100House::shipped().expect("the compiled-in files load");
    let text = std::fs::read_to_string(root.join(d100_house::HOUSE_WEAPONS_FILE)).expect("weapons");
    let from_disk = WeaponTable::parse(
        d100_house::HOUSE_WEAPONS_FILE,
        &text,
        d100_house::sheet::HOUSE_SKILLS,
    )
    .expect("it loads");
    assert_eq!(&from_disk, shipped.weapons());
    let armor = std::fs::read_to_string(root.join(d100_house::HOUSE_ARMOR_FILE)).expect("armor");
    let armor = ArmorTable::parse(d100_house::HOUSE_ARMOR_FILE, &armor).expect("it loads");
    assert!(
        armor.armor.is_empty(),
        "cover by body part does the stopping"
    );
    for weapon in &shipped.weapons().weapons {
        assert!(
            shipped
                .sheet()
                .skills()
                .iter()
                .any(|skill| skill.name == weapon.skill),
            "{} rolls {}",
            weapon.name,
            weapon.skill
        );
        if let Some(radius) = weapon.damage.blast_radius_yards() {
            let burns = weapon.damage.effects.contains(&DamageEffect::Burn);
            assert_eq!(
                (weapon.damage.blast_points(), radius, burns),
                if burns {
                    (Some(0), 1, true)
                } else {
                    (Some(70), 3, false)
                },
                "{}",
                weapon.name
            );
            continue;
        }
        let flat = weapon.damage.flat().expect("a number, not dice");
        if weapon.hand_to_hand || weapon.range.thrown() {
            assert!([3, 6, 9].contains(&flat), "{}: +{flat}", weapon.name);
        } else {
            assert!(
                [40, 50, 55, 60, 70, 80, 200].contains(&flat),
                "{}: max {flat}",
                weapon.name
            );
            assert_eq!(
                weapon.malfunction,
                Some(100),
                "{} fumbles on 00",
                weapon.name
            );
        }
    }
}

#[test]
fn every_shipped_map_loads() {
    let maps = Path::new(env!("CARGO_MANIFEST_DIR")).join("maps");
    let mut loaded = 0;
    for entry in std::fs::read_dir(&maps).expect("maps/ exists") {
        let path = entry.expect("an entry").path();
        let name = path
            .file_name()
            .and_then(|name| name.to_str())
            .unwrap_or_default();
        if name.ends_with(".map.ron") {
            let map = GridMap::load(&path).unwrap_or_else(|error| panic!("{error}"));
            assert!(
                map.width() >= 10 && map.height() >= 10,
                "{name} is too small to play"
            );
            loaded += 1;
        }
    }
    assert!(loaded >= 1, "no maps found in {}", maps.display());
    assert!(
        maps.join("warehouse.map.ron").exists(),
        "the default map is shipped"
    );
}

/// Each rulebook's roster is the file on disk, and every ready-made unit in it checks as a unit
/// of a shipped scenario of that rulebook (its characteristics, skills and weapons all the
/// rulebook's own), on either side.
#[test]
fn every_roster_unit_joins_a_scenario_of_its_rulebook() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let rulebooks: [(&str, (u32, u32), &[&str]); 5] = [
        (
            "farmstead.ron",
            (20, 20),
            &["creature", "cultist", "investigator"],
        ),
        (
            "kingsport.ron",
            (10, 8),
            &["creature", "cultist", "investigator"],
        ),
        ("level-b2.ron", (14, 8), &["animal", "contractor", "guard"]),
        ("dry-gulch.ron", (20, 5), &["lawman", "outlaw"]),
        ("spin-cycle.ron", (13, 10), &["crew", "heavy"]),
    ];
    for (scenario, free, expected_kinds) in rulebooks {
        let scenario = Scenario::load(&root.join("maps").join(scenario))
            .unwrap_or_else(|error| panic!("{error}"));
        let (file, text) = scenario.ruleset.roster();
        assert_eq!(
            std::fs::read_to_string(root.join(file)).expect("the roster file"),
            text,
            "{file} is the one compiled in"
        );
        let units = roster(scenario.ruleset.as_ref()).unwrap_or_else(|error| panic!("{error}"));
        assert!(units.len() >= 5, "{file} has {} units", units.len());
        let kinds: std::collections::BTreeSet<&str> =
            units.iter().map(|unit| unit.side.as_str()).collect();
        assert_eq!(
            kinds.into_iter().collect::<Vec<_>>(),
            expected_kinds,
            "{file}"
        );
        for unit in &units {
            for side in 0..scenario.sides.len() {
                let recruit = recruit(unit, &scenario, side, Tile::new(free.0, free.1));
                let spec = scenario
                    .check_recruit(&recruit)
                    .unwrap_or_else(|error| panic!("{}: {error}", unit.name));
                assert_eq!((spec.side, spec.start), (side, Tile::new(free.0, free.1)));
                assert!(spec.derived.hit_points > 0, "{}", unit.name);
                // BRP classic's roster leaves Luck out: it is POW x 5 (SPECS.md 1.1).
                if let Some(luck) = scenario.ruleset.sheet().derived_luck(&spec.characteristics) {
                    assert_eq!(unit.characteristics.luck, 0, "{} states Luck", unit.name);
                    assert_eq!(luck, spec.characteristics.power * 5);
                    assert_eq!(spec.characteristics.luck, luck, "{}", unit.name);
                }
            }
        }
    }
}
