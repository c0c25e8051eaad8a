//! Every modifier of a shot alone and together.

use super::*;
use gridkeeper::rulesets::coc7e::reasons;

/// Each modifier alone, from the state of the map and the units: the one die it gives.
#[test]
fn each_modifier_alone() {
    let rows = field(20, &[(11, 5, 'c')]);
    type Tweak = fn(&mut Fighter);
    let none: Tweak = |_| {};
    // (what, the target's change, an ally of the shooter beside it, the modifier expected)
    let cases: [(
        &str,
        Tweak,
        Option<(u32, u32)>,
        Option<(ModifierReason, i8)>,
    ); 5] = [
        (
            "half cover beside the target",
            |target| target.at = (12, 5),
            None,
            Some((ModifierReason::HalfCover, -1)),
        ),
        (
            "a small target (Build -2)",
            |target| (target.strength, target.size) = (30, 30),
            None,
            Some((ModifierReason::SmallTarget, -1)),
        ),
        (
            "a large target (Build 4)",
            |target| (target.strength, target.size) = (150, 140),
            None,
            Some((ModifierReason::LargeTarget, 1)),
        ),
        (
            "a target in melee with the shooter's ally",
            none,
            Some((9, 6)),
            Some((reasons::INTO_MELEE, -1)),
        ),
        ("nothing at all", none, None, None),
    ];
    for (what, target_tweak, ally, expected) in cases {
        let shooter = gunman((1, 5), REVOLVER, HANDGUN, 60);
        let mut target = fighter("Target", "b", (9, 5));
        target_tweak(&mut target);
        let mut fighters = vec![shooter, target];
        if let Some(at) = ally {
            fighters.push(fighter("Ally", "a", at));
        }
        let mut app = begun(on_field(&fighters, &rows, ""));
        let (check, modifiers) = one_shot(&mut app);
        match expected {
            None => {
                assert!(modifiers.is_empty(), "{what}: {modifiers:?}");
                assert_eq!(check.roll.dice, NetDice::PLAIN, "{what}");
            }
            Some((reason, dice)) => {
                assert_eq!(reasons(&modifiers), [(reason, dice)], "{what}");
                let expected = if dice > 0 {
                    NetDice::Bonus(1)
                } else {
                    NetDice::Penalty(1)
                };
                assert_eq!(check.roll.dice, expected, "{what}");
            }
        }
    }
}

/// Prone: a penalty die at a prone target unless point-blank; a bonus die for a prone shooter.
#[test]
fn prone_targets_and_prone_shooters() {
    let rows = field(20, &[]);
    for (distance, expected) in [
        (8, vec![(reasons::PRONE_TARGET, -1)]),
        (2, vec![(ModifierReason::PointBlank, 1)]),
    ] {
        let shooter = gunman((1, 5), REVOLVER, HANDGUN, 60);
        let target = fighter("Target", "b", (1 + distance, 5));
        let mut app = begun(on_field(&[shooter, target], &rows, ""));
        app.world_mut()
            .query::<(&UnitId, &mut Condition)>()
            .iter_mut(app.world_mut())
            .filter(|(id, _)| **id == B)
            .for_each(|(_, mut condition)| condition.prone = true);
        let (_, modifiers) = one_shot(&mut app);
        assert_eq!(reasons(&modifiers), expected, "{distance} yards");
    }
    let shooter = gunman((1, 5), REVOLVER, HANDGUN, 60);
    let target = fighter("Target", "b", (9, 5));
    let mut app = begun(on_field(&[shooter, target], &rows, ""));
    app.world_mut()
        .query::<(&UnitId, &mut Condition)>()
        .iter_mut(app.world_mut())
        .filter(|(id, _)| **id == A)
        .for_each(|(_, mut condition)| condition.prone = true);
    let (check, modifiers) = one_shot(&mut app);
    assert_eq!(reasons(&modifiers), [(reasons::PRONE_SHOOTER, 1)]);
    assert_eq!(check.roll.dice, NetDice::Bonus(1));
}

/// A target that ran past its MOV this round is fast-moving if its MOV is 8 or more.
#[test]
fn fast_moving_targets() {
    let rows = field(30, &[]);
    for (movement, fast) in [(8, true), (7, false)] {
        let shooter = gunman((1, 5), REVOLVER, HANDGUN, 60);
        let mut target = fighter("Runner", "b", (20, 5));
        target.dexterity = 90;
        target.movement = Some(movement);
        let mut app = begun(on_field(&[target, shooter], &rows, ""));
        // The runner acts first (DEX 90 + nothing) only if the gunman is slower: the gunman is
        // listed second and acts at DEX 100 with his revolver, so let him wait for the runner.
        let (runner, gunman) = (A, B);
        wait(&mut app, gunman, Some(runner));
        send(
            &mut app,
            Command::Move {
                unit: runner,
                to: Tile::new(20 - movement - 1, 5),
            },
        );
        send(&mut app, Command::EndTurn { unit: runner });
        let mark = event_count(&app);
        send(
            &mut app,
            Command::Fire {
                unit: gunman,
                weapon: GUN,
                mode: FireMode::single(runner),
            },
        );
        take_it(&mut app);
        let rolls = attack_rolls(&events_from(&app, mark), gunman);
        assert_eq!(
            reasons(&rolls[0].1).contains(&(reasons::FAST_TARGET, -1)),
            fast,
            "MOV {movement}"
        );
    }
}

/// Modifiers combine: a bonus and a penalty die cancel (both still named); three bonus dice
/// are capped at two.
#[test]
fn modifiers_combine_and_cancel() {
    let rows = field(12, &[(3, 5, 'c')]);
    let shooter = gunman((1, 5), REVOLVER, HANDGUN, 60);
    let target = fighter("Target", "b", (4, 5));
    let mut app = begun(on_field(&[shooter, target], &rows, ""));
    let (check, modifiers) = one_shot(&mut app);
    assert_eq!(
        reasons(&modifiers),
        [
            (ModifierReason::PointBlank, 1),
            (ModifierReason::HalfCover, -1)
        ]
    );
    assert_eq!(check.roll.dice, NetDice::PLAIN);
    assert_eq!(check.roll.tens.len(), 1);

    // Aimed last round, shooting prone, point-blank: three bonus dice, two rolled.
    let shooter = gunman((1, 5), REVOLVER, HANDGUN, 60);
    let target = fighter("Target", "b", (3, 5));
    let mut app = begun(on_field(&[shooter, target], &field(12, &[]), ""));
    send(&mut app, Command::Aim { unit: A, target: B });
    next_round(&mut app);
    app.world_mut()
        .query::<(&UnitId, &mut Condition)>()
        .iter_mut(app.world_mut())
        .filter(|(id, _)| **id == A)
        .for_each(|(_, mut condition)| condition.prone = true);
    let (check, modifiers) = one_shot(&mut app);
    assert_eq!(
        reasons(&modifiers),
        [
            (ModifierReason::PointBlank, 1),
            (ModifierReason::Aiming, 1),
            (reasons::PRONE_SHOOTER, 1)
        ]
    );
    assert_eq!(check.roll.dice, NetDice::Bonus(2));
    assert_eq!(check.roll.tens.len(), 3);
}
