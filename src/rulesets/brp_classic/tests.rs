//! BRP classic's rulebook whole: its shipped tables read, its sheets derived, its seam's answers
//! against the text's worked examples.

use super::*;
use crate::rules::percentile::SuccessLevel;

fn brp() -> BrpClassic {
    BrpClassic::shipped().expect("the shipped BRP data loads")
}

/// A person's characteristics run 3-18 (EDU to 21); a percentile value says it looks like
/// one; a creature may go past them; Luck is not weighed here but against POW.
#[test]
fn the_sheet_checks_its_scale() {
    let brp = brp();
    let problem = brp
        .sheet()
        .characteristic_problem("STR", 65, false)
        .expect("STR 65 is no 3-18 value");
    assert!(problem.contains("from 3 to 18"), "{problem}");
    assert!(problem.contains("CoC 7e percentile"), "{problem}");
    assert_eq!(brp.sheet().characteristic_problem("STR", 18, false), None);
    assert_eq!(brp.sheet().characteristic_problem("EDU", 21, false), None);
    assert!(
        brp.sheet()
            .characteristic_problem("EDU", 22, false)
            .is_some()
    );
    assert!(
        brp.sheet()
            .characteristic_problem("DEX", 2, false)
            .is_some()
    );
    assert_eq!(
        brp.sheet().characteristic_problem("SIZ", 42, true),
        None,
        "the Thing"
    );
    assert_eq!(brp.sheet().characteristic_problem("LUCK", 65, false), None);
}

/// Harvey Walters (SPECS.md 1.4): 13 hit points, no damage bonus, MOV 8, Dodge 28 at base.
#[test]
fn a_sheet_derives_as_the_specs_say() {
    let harvey = Characteristics {
        strength: 11,
        constitution: 12,
        size: 13,
        dexterity: 14,
        appearance: 10,
        intelligence: 14,
        power: 13,
        education: 16,
        luck: 65,
    };
    let derived = brp().derive(&harvey, 42);
    assert_eq!(derived.hit_points, 13);
    assert_eq!(derived.movement(), 8);
    assert_eq!(derived.damage_bonus.to_string(), "0");
    assert_eq!(brp().base_skill("Dodge", &harvey), Some(28));
    assert_eq!(brp().characteristic_chance("CON", harvey.constitution), 60);
    assert_eq!(brp().derived_luck(&harvey), Some(65), "POW 13 x 5");
    assert_eq!(brp().characteristic_chance("Luck", harvey.luck), 65);
    assert_eq!(
        brp().sheet_line(&harvey, &derived),
        "STR 11 · CON 12 · SIZ 13 · DEX 14 · POW 13 · DB 0"
    );
}

/// A burst that hits puts 1dN of its N bullets into the target (the die asked for has N
/// sides), only the first of them impaling; a miss puts none and rolls no die.
#[test]
fn a_burst_hits_with_one_die_of_its_bullets() {
    let verdict = |success, special| Verdict {
        value: 10,
        level: SuccessLevel::Regular,
        success,
        special,
        malfunction: false,
        matched: false,
        net: i32::from(success),
    };
    let mut asked = Vec::new();
    let mut die = |sides| {
        asked.push(sides);
        4
    };
    let hit = brp().volley_hits(9, &verdict(true, false), &mut die);
    let impaled = brp().volley_hits(9, &verdict(true, true), &mut die);
    let missed = brp().volley_hits(9, &verdict(false, false), &mut die);
    assert_eq!((hit.hits, hit.extreme), (4, 0));
    assert_eq!((impaled.hits, impaled.extreme), (4, 1));
    assert_eq!((missed.hits, missed.extreme), (0, 0));
    assert_eq!(asked, [9, 9]);
    assert_eq!(brp().burst_size(45), 9, "enough to double SMG 45");
}

/// An impale rolls the weapon's dice twice and adds the damage bonus once.
#[test]
fn an_impale_rolls_the_weapon_twice() {
    let knife: DamageNotation = "1D4+2+DB".parse().expect("a damage notation");
    let bonus: Formula = "1D4".parse().expect("a damage bonus");
    let mut dice = Dice::from_seed(3);
    let purpose = RollPurpose::Damage("Knife".to_string());
    let rolled = brp()
        .damage(
            &mut dice,
            purpose,
            &knife,
            DamageReach::Full,
            &bonus,
            DamageQuality::Impale,
        )
        .expect("in reach")
        .expect("it lands")
        .result;
    assert_eq!(rolled.quality, DamageQuality::Impale);
    // The weapon's D4 and +2, the bonus's D4, then the weapon's D4 and +2 again.
    let sources: Vec<DamageSource> = rolled.parts.iter().map(|part| part.source).collect();
    use DamageSource::{DamageBonus, ImpaleRoll, Weapon};
    assert_eq!(
        sources,
        [Weapon, Weapon, DamageBonus, ImpaleRoll, ImpaleRoll]
    );
    assert!((1 + 2 + 1 + 2 + 1..=4 + 2 + 4 + 2 + 4).contains(&rolled.total));
}
