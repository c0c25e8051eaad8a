//! Range bands and point-blank: the bands a shot is taken in, and point-blank's bonus die.

use super::*;

/// A .38 revolver (base range 15 yards) at every band boundary: Regular to 15 yards, Hard to 30,
/// Extreme to 60, then no shot at all.
#[test]
fn difficulty_by_range_band_at_every_boundary() {
    let cases = [
        (1, Some(Difficulty::Regular)),
        (15, Some(Difficulty::Regular)),
        (16, Some(Difficulty::Hard)),
        (30, Some(Difficulty::Hard)),
        (31, Some(Difficulty::Extreme)),
        (60, Some(Difficulty::Extreme)),
        (61, None),
    ];
    let rows = field(66, &[]);
    for (yards, difficulty) in cases {
        let shooter = gunman((1, 5), REVOLVER, HANDGUN, 60);
        let target = fighter("Target", "b", (1 + yards, 5));
        let mut app = begun(on_field(&[shooter, target], &rows, ""));
        let mark = event_count(&app);
        fire(&mut app, A, FireMode::single(B));
        let events = events_from(&app, mark);
        match difficulty {
            Some(difficulty) => {
                let rolls = attack_rolls(&events, A);
                assert_eq!(rolls[0].0.difficulty, difficulty, "{yards} yards");
            }
            None => assert!(
                matches!(rejected(&events), Some(Rejection::OutOfReach(_))),
                "{yards} yards: {events:?}"
            ),
        }
    }
}

/// Point-blank is within DEX/5 feet: DEX 60 reaches 4 yards, DEX 45 3 yards, DEX 30 2 yards,
/// DEX 15 the next tile.
#[test]
fn point_blank_at_several_dex_values() {
    let cases = [
        (60, 4, true),
        (60, 5, false),
        (45, 3, true),
        (45, 4, false),
        (44, 3, false),
        (30, 2, true),
        (30, 3, false),
        (15, 1, true),
        (14, 1, false),
    ];
    for (dexterity, yards, point_blank) in cases {
        let mut shooter = gunman((1, 5), REVOLVER, HANDGUN, 60);
        shooter.dexterity = dexterity;
        assert_eq!(
            point_blank_die(shooter, 1 + yards, ""),
            point_blank,
            "DEX {dexterity} at {yards} yards"
        );
    }
}

/// Whether a shot by `shooter` at a target in column `column` gets the point-blank die.
fn point_blank_die(shooter: Fighter, column: u32, rules: &str) -> bool {
    let target = fighter("Target", "b", (column, 5));
    let mut app = begun(on_field(&[shooter, target], &field(12, &[]), rules));
    let (_, modifiers) = one_shot(&mut app);
    reasons(&modifiers).contains(&(ModifierReason::PointBlank, 1))
}

/// "Point-blank revisited": no bonus die for rifles and full-length shotguns; a sawed-off and a
/// handgun keep it.
#[test]
fn point_blank_revisited_leaves_out_long_guns() {
    let cases = [
        (".303 Lee-Enfield", RIFLE, "", true),
        (
            ".303 Lee-Enfield",
            RIFLE,
            "point_blank_revisited: true",
            false,
        ),
        (
            "12-gauge Shotgun (2B)",
            RIFLE,
            "point_blank_revisited: true",
            false,
        ),
        (
            "12-gauge Shotgun (2B, sawed off)",
            RIFLE,
            "point_blank_revisited: true",
            true,
        ),
        (REVOLVER, HANDGUN, "point_blank_revisited: true", true),
    ];
    for (weapon, skill, rules, bonus) in cases {
        assert_eq!(
            point_blank_die(gunman((1, 5), weapon, skill, 60), 3, rules),
            bonus,
            "{weapon} with rules ({rules})"
        );
    }
}
