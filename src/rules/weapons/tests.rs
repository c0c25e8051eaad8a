//! The weapon and armor tables read from their files, every bad field refused at its place.

use super::*;
use crate::rules::skills::COC7E_SKILLS;

const ENTRY: &str = r#"
(
    name: "Test Revolver",
    category: Handgun,
    skill: "Firearms (Handgun)",
    damage: "1D10",
    range: Yards(15),
    uses: (attacks: 1, max: Some(3)),
    magazine: Rounds([6]),
    malfunction: Some(100),
    impale: true,
    action: Revolver,
    eras: [Twenties, Modern],
),"#;

fn table(entries: &[&str]) -> String {
    format!("(weapons: [{}\n])", entries.concat())
}

#[test]
fn a_good_row_loads() {
    let table = WeaponTable::parse("w.ron", &table(&[ENTRY]), COC7E_SKILLS).expect("valid row");
    let revolver = table.find("test revolver").expect("found ignoring case");
    assert_eq!(revolver.uses.every, 1);
    assert_eq!(revolver.uses.max, Some(3));
    assert_eq!(revolver.blast_radius_yards(), None);
}

/// An explosive's damage bands are its blast's rings (the western's dynamite), so it needs
/// no range per band; thrown by Strength, it is lobbed.
#[test]
fn an_explosive_may_have_bands_without_band_ranges() {
    let dynamite = ENTRY
        .replace("Handgun,", "Explosive,")
        .replace("\"1D10\"", "\"6D10+1/3D10+1/1D10+1\"")
        .replace("Yards(15)", "StrFeetTimes((5, 2))");
    let table = WeaponTable::parse("w.ron", &table(&[&dynamite]), COC7E_SKILLS)
        .expect("a banded explosive");
    let weapon = &table.weapons[0];
    assert_eq!(weapon.damage.formulas().len(), 3);
    assert_eq!(weapon.attack_form(), AttackForm::Lobbed);
}

#[test]
fn bad_rows_are_located() {
    let cases = [
        (
            "\"1D10\"",
            "\"1D1O\"",
            6,
            "weapons.damage",
            "damage notation `1D1O`",
        ),
        (
            "\"Firearms (Handgun)\"",
            "\"Firearms (Hangun)\"",
            5,
            "weapons.skill",
            "unknown skill",
        ),
        (
            "Yards(15)",
            "Bands([10])",
            7,
            "weapons.range",
            "one range per band",
        ),
        (
            "\"1D10\"",
            "\"3D10/2D10\"",
            7,
            "weapons.range",
            "one range per band",
        ),
        ("Revolver,", "Revolvr,", 12, "weapons.action", "Revolvr"),
        (
            "max: Some(3))",
            "max: Some(3), every: 0)",
            8,
            "weapons.uses.every",
            "at least 1",
        ),
    ];
    for (good, bad, line, field, message) in cases {
        let text = table(&[&ENTRY.replace(good, bad)]);
        let error = WeaponTable::parse("w.ron", &text, COC7E_SKILLS).expect_err(bad);
        let shown = error.to_string();
        assert!(
            shown.starts_with(&format!("w.ron:{line}:")),
            "{bad}: {shown}"
        );
        assert!(shown.contains(&format!("in `{field}`")), "{bad}: {shown}");
        assert!(shown.contains(message), "{bad}: {shown}");
    }
}

#[test]
fn duplicate_names_are_refused_at_the_second() {
    let error = WeaponTable::parse("w.ron", &table(&[ENTRY, ENTRY]), COC7E_SKILLS)
        .expect_err("listed twice");
    let shown = error.to_string();
    assert!(shown.starts_with("w.ron:16:"), "{shown}");
    assert!(shown.contains("listed twice"), "{shown}");
}
