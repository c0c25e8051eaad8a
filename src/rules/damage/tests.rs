//! The notation read, written back and rolled, with worked examples from the weapon tables.

use super::*;
use crate::rules::dice::Dice;

fn notation(text: &str) -> DamageNotation {
    text.parse()
        .unwrap_or_else(|error| panic!("{text} should parse: {error}"))
}

fn formula(text: &str) -> Formula {
    text.parse()
        .unwrap_or_else(|error| panic!("{text} should parse: {error}"))
}

fn dice(count: u32, sides: u32) -> Term {
    Term {
        negative: false,
        kind: TermKind::Dice { count, sides },
    }
}

fn flat(value: u32) -> Term {
    Term {
        negative: false,
        kind: TermKind::Flat(value),
    }
}

/// A face source that returns faces from a list, in order.
struct Faces(Vec<u32>);

impl FaceSource for Faces {
    fn face(&mut self, sides: u32) -> u32 {
        let face = self.0.remove(0);
        assert!(face <= sides, "scripted face {face} on a D{sides}");
        face
    }
}

/// Roll `damage` with scripted faces, expecting a roll in reach.
fn scripted(
    damage: &DamageNotation,
    faces: &[u32],
    reach: DamageReach,
    bonus: &str,
    quality: DamageQuality,
) -> DamageRoll {
    damage
        .roll(&mut Faces(faces.to_vec()), reach, &formula(bonus), quality)
        .expect("a valid reach")
        .expect("in reach")
}

#[test]
fn parses_the_forms_of_the_weapon_table() {
    assert_eq!(
        notation("1D10+1D4+2").shape,
        DamageShape::Single(Formula {
            terms: vec![dice(1, 10), dice(1, 4), flat(2)]
        })
    );
    let knife = notation("1D4+DB");
    assert!(knife.formulas()[0].uses_damage_bonus());
    assert_eq!(
        notation("1D3 + half DB").formulas()[0].terms[1].kind,
        TermKind::HalfDamageBonus
    );
    let shotgun = notation("2D6/1D6/1D3");
    assert_eq!(
        shotgun.shape,
        DamageShape::Bands(vec![
            Formula {
                terms: vec![dice(2, 6)]
            },
            Formula {
                terms: vec![dice(1, 6)]
            },
            Formula {
                terms: vec![dice(1, 3)]
            },
        ])
    );
    assert_eq!(notation("2D6+2/1D6+1/1D4").formulas().len(), 3);
    let dynamite = notation("4D10/3 yards");
    assert_eq!(dynamite.blast_radius_yards(), Some(3));
    assert_eq!(notation("8D10/1 yard").blast_radius_yards(), Some(1));
    assert_eq!(notation("2D6+burn").effects, vec![DamageEffect::Burn]);
    assert_eq!(notation("1D10+1D3+burn").formulas()[0].terms.len(), 2);
    assert_eq!(notation("2D8+Stun").effects, vec![DamageEffect::Stun]);
    assert_eq!(notation("1d3+stun").effects, vec![DamageEffect::Stun]);
    let mace = notation("Stun");
    assert!(mace.formulas()[0].terms.is_empty());
    assert_eq!(mace.effects, [DamageEffect::Stun]);
    assert_eq!(notation("D6").formulas()[0].terms, vec![dice(1, 6)]);
}

/// Shot is stopped pellet by pellet: every die and every flat addition is its own piece,
/// read at its maximum on an extreme success.
#[test]
fn damage_comes_apart_into_pieces_for_armor() {
    let twelve_gauge = notation("4D6/2D6/1D6");
    let rolled = scripted(
        &twelve_gauge,
        &[3, 1, 6, 2],
        DamageReach::Band(0),
        "0",
        DamageQuality::Normal,
    );
    assert_eq!(rolled.pieces(twelve_gauge.formulas()[0]), [3, 1, 6, 2]);
    let sixteen = notation("2D6+2/1D6+1/1D4");
    let rolled = scripted(
        &sixteen,
        &[4, 5],
        DamageReach::Band(0),
        "0",
        DamageQuality::Normal,
    );
    assert_eq!(rolled.pieces(sixteen.formulas()[0]), [4, 5, 2]);
    let maximum = scripted(
        &twelve_gauge,
        &[],
        DamageReach::Band(0),
        "0",
        DamageQuality::Extreme,
    );
    assert_eq!(maximum.total, 24);
    assert_eq!(maximum.pieces(twelve_gauge.formulas()[0]), [6, 6, 6, 6]);
}

#[test]
fn the_least_a_weapon_can_do() {
    assert_eq!(formula("2D6").weapon_minimum(), 2);
    assert_eq!(formula("1D10+1D3").weapon_minimum(), 2);
    assert_eq!(formula("1D6+DB").weapon_minimum(), 1);
    assert_eq!(formula("1D6-2").weapon_minimum(), 0);
}

#[test]
fn the_mean_a_weapon_does() {
    assert!((formula("1D10").weapon_mean() - 5.5).abs() < 1e-12);
    assert!((formula("1D6+1D4").weapon_mean() - 6.0).abs() < 1e-12);
    assert!((formula("2D6+1").weapon_mean() - 8.0).abs() < 1e-12);
    assert!(
        (formula("1D8+DB").weapon_mean() - 4.5).abs() < 1e-12,
        "without the bonus"
    );
}

#[test]
fn display_round_trips() {
    for text in [
        "1D10+1D4+2",
        "1D6+DB",
        "1D3+half DB",
        "4D6/2D6/1D6",
        "4D10/3 yards",
        "8D10/1 yard",
        "2D6+burn",
        "Stun",
        "1D3+Stun",
        "-1",
        "1D6-1",
    ] {
        assert_eq!(notation(text).to_string(), text);
    }
}

#[test]
fn malformed_notation_is_a_clear_error() {
    let cases = [
        ("", 1, "expected dice"),
        ("1D", 3, "number of sides"),
        ("1D6+", 5, "expected dice"),
        ("1D6 + Q", 7, "found `Q`"),
        ("1D6)", 4, "unexpected `)`"),
        ("0D6", 1, "0 dice"),
        ("1D1", 3, "D1"),
        ("1D6+half", 9, "expected `DB` after `half`"),
        ("burn+1D6", 6, "go after the damage"),
        ("1D6-burn", 5, "cannot be subtracted"),
        ("4D10/0 yards", 1, "at least 1 yard"),
        ("1D6+burn+burn", 10, "written twice"),
        ("99999999999D6", 1, "too large"),
        ("2D6//1D6", 5, "found `/`"),
    ];
    for (text, column, reason) in cases {
        let error = text.parse::<DamageNotation>().expect_err(text);
        assert_eq!(error.column, column, "{text}: {error}");
        assert!(error.to_string().contains(reason), "{text}: {error}");
    }
    let error = "1D4+burn".parse::<Formula>().expect_err("effects");
    assert!(error.to_string().contains("not allowed"), "{error}");
}

#[test]
fn maximum_extreme_and_impale() {
    let no_bonus = Formula::default();
    let bonus_1d4 = formula("1D4");
    let knife = notation("1D4+DB");
    assert_eq!(knife.maximum(DamageReach::Full, &bonus_1d4), Ok(8));
    assert_eq!(knife.maximum(DamageReach::Full, &no_bonus), Ok(4));
    assert_eq!(
        notation("1D10+1D4+2").maximum(DamageReach::Full, &no_bonus),
        Ok(16)
    );
    assert_eq!(
        notation("1D3+half DB").maximum(DamageReach::Full, &formula("1D6")),
        Ok(6)
    );
    assert_eq!(
        notation("1D3+half DB").maximum(DamageReach::Full, &formula("1D4")),
        Ok(5)
    );
    assert_eq!(
        notation("1D6+DB").maximum(DamageReach::Full, &formula("-1")),
        Ok(5)
    );
    assert_eq!(
        notation("4D6/2D6/1D6").maximum(DamageReach::Band(0), &no_bonus),
        Ok(24)
    );
    assert_eq!(
        notation("4D6/2D6/1D6").maximum(DamageReach::Band(2), &no_bonus),
        Ok(6)
    );
}

/// Harvey's switchblade: an extreme success with a 1D4 damage bonus is 1D4+8, 9 to 12.
#[test]
fn harvey_switchblade_impale() {
    let switchblade = notation("1D4+DB");
    let bonus = formula("1D4");
    let mut seen = std::collections::BTreeSet::new();
    for face in 1..=4 {
        let rolled = scripted(
            &switchblade,
            &[face],
            DamageReach::Full,
            "1D4",
            DamageQuality::Impale,
        );
        assert_eq!(rolled.total, face + 8);
        let sources: Vec<_> = rolled.parts.iter().map(|part| part.source).collect();
        assert_eq!(
            sources,
            [
                DamageSource::WeaponMaximum,
                DamageSource::DamageBonusMaximum,
                DamageSource::ImpaleRoll
            ]
        );
        seen.insert(rolled.total);
    }
    assert_eq!(seen.into_iter().collect::<Vec<_>>(), [9, 10, 11, 12]);
    // Many seeded rolls stay within 9 to 12.
    let mut dice = Dice::from_seed(3);
    for _ in 0..500 {
        let total = switchblade
            .roll(&mut dice, DamageReach::Full, &bonus, DamageQuality::Impale)
            .ok()
            .flatten()
            .map(|rolled| rolled.total);
        assert!(matches!(total, Some(9..=12)), "{total:?}");
    }
}

#[test]
fn extreme_with_a_blunt_weapon_rolls_nothing() {
    let club = notation("1D8+DB");
    let rolled = scripted(&club, &[], DamageReach::Full, "1D6", DamageQuality::Extreme);
    assert_eq!(rolled.total, 14);
    assert_eq!(rolled.dice().count(), 0);
}

#[test]
fn impale_rolls_the_weapon_constants_too() {
    // .45 revolver 1D10+2: maximum 12 plus a fresh 1D10+2.
    let revolver = notation("1D10+2");
    let rolled = scripted(
        &revolver,
        &[7],
        DamageReach::Full,
        "0",
        DamageQuality::Impale,
    );
    assert_eq!(rolled.total, 12 + 7 + 2);
}

#[test]
fn normal_rolls_with_damage_bonus() {
    let club = notation("1D6+DB");
    // Weapon 4, DB 1D4 rolls 3.
    let rolled = scripted(
        &club,
        &[4, 3],
        DamageReach::Full,
        "1D4",
        DamageQuality::Normal,
    );
    assert_eq!(rolled.total, 7);
    let faces: Vec<_> = rolled
        .dice()
        .map(|(source, die)| (source, die.sides, die.face))
        .collect();
    assert_eq!(
        faces,
        [
            (DamageSource::Weapon, 6, 4),
            (DamageSource::DamageBonus, 4, 3)
        ]
    );
    // A negative bonus can take damage to zero, never below.
    let punch = notation("1D3+DB");
    let rolled = scripted(&punch, &[1], DamageReach::Full, "-2", DamageQuality::Normal);
    assert_eq!(rolled.total, 0);
}

#[test]
fn half_damage_bonus_rounds_up() {
    let rock = notation("1D4+half DB");
    // Half of a 1D4 bonus: faces 1,2,3,4 give 1,1,2,2 (as a D2).
    for (bonus_face, half) in [(1, 1), (2, 1), (3, 2), (4, 2)] {
        let rolled = scripted(
            &rock,
            &[2, bonus_face],
            DamageReach::Full,
            "1D4",
            DamageQuality::Normal,
        );
        assert_eq!(rolled.total, 2 + half, "bonus face {bonus_face}");
    }
    // Half of 1D6 reads as a D3; half of -1 is 0, half of -2 is -1.
    for (bonus, expected) in [("-1", 2), ("-2", 1), ("0", 2)] {
        let rolled = scripted(&rock, &[2], DamageReach::Full, bonus, DamageQuality::Normal);
        assert_eq!(rolled.total, expected, "bonus {bonus}");
    }
}

#[test]
fn shotgun_bands() {
    let shotgun = notation("4D6/2D6/1D6");
    let middle = scripted(
        &shotgun,
        &[5, 6],
        DamageReach::Band(1),
        "0",
        DamageQuality::Normal,
    );
    assert_eq!(middle.total, 11);
    assert_eq!(
        shotgun.roll(
            &mut Faces(vec![]),
            DamageReach::Band(3),
            &Formula::default(),
            DamageQuality::Normal
        ),
        Err(ReachError::NoSuchBand { bands: 3, asked: 3 })
    );
    assert_eq!(
        ReachError::NoSuchBand { bands: 3, asked: 3 }.to_string(),
        "this damage has 3 bands, 1 to 3; there is no band 4"
    );
    assert_eq!(
        notation("1D6").formula_at(DamageReach::Band(0)),
        Err(ReachError::NotBanded)
    );
}

/// A blast's rings by divisor (CoC) and by dice lost (BRP's dynamite, 5D6 less 1D6 a step).
#[test]
fn blast_rings_scale_the_formula() {
    let brp_dynamite = notation("5D6/2 yards");
    assert_eq!(
        brp_dynamite.formula_at(DamageReach::Falloff(1)),
        Ok(Some((formula("4D6"), 1)))
    );
    assert_eq!(
        brp_dynamite.formula_at(DamageReach::Falloff(4)),
        Ok(Some((formula("1D6"), 1)))
    );
    assert_eq!(brp_dynamite.formula_at(DamageReach::Falloff(5)), Ok(None));
    let dynamite = notation("4D10/3 yards");
    assert_eq!(
        dynamite.formula_at(DamageReach::Ring(2)),
        Ok(Some((formula("2D10"), 1)))
    );
    assert_eq!(
        notation("3D10/2 yards").formula_at(DamageReach::Ring(4)),
        Ok(Some((formula("3D10"), 4)))
    );
}

#[test]
fn blast_rings() {
    let dynamite = notation("4D10/3 yards");
    let no_bonus = Formula::default();
    let ring = |yards: f32| dynamite.formula_at(DamageReach::BlastDistance(yards));
    assert_eq!(ring(0.0), Ok(Some((formula("4D10"), 1))));
    assert_eq!(ring(3.0), Ok(Some((formula("4D10"), 1))));
    assert_eq!(ring(3.5), Ok(Some((formula("2D10"), 1))));
    assert_eq!(ring(6.0), Ok(Some((formula("2D10"), 1))));
    assert_eq!(ring(9.0), Ok(Some((formula("1D10"), 1))));
    assert_eq!(ring(9.1), Ok(None));
    // 3D10 cannot be halved in dice: rolled in full and the total halved, rounding down.
    let grenade_launcher = notation("3D10/2 yards");
    let rolled = scripted(
        &grenade_launcher,
        &[7, 8, 4],
        DamageReach::BlastDistance(3.0),
        "0",
        DamageQuality::Normal,
    );
    assert_eq!((rolled.divisor, rolled.total), (2, 9));
    assert_eq!(
        grenade_launcher.maximum(DamageReach::BlastDistance(5.0), &no_bonus),
        Ok(7)
    );
    assert_eq!(
        dynamite.maximum(DamageReach::BlastDistance(20.0), &no_bonus),
        Ok(0)
    );
    assert_eq!(
        notation("1D6").formula_at(DamageReach::BlastDistance(1.0)),
        Err(ReachError::NotABlast)
    );
}
