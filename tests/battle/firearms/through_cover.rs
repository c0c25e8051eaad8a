//! Shots through cover and what it stops.

use super::*;

/// A target behind a closed door beside it is shot through the door: a penalty die, and the
/// door's armor (3) comes off the damage before the target's own.
#[test]
fn shooting_through_the_cover_the_target_hides_behind() {
    let rows = field(20, &[(8, 5, '+'), (8, 4, '#'), (8, 6, '#')]);
    let shooter = gunman((1, 5), REVOLVER, HANDGUN, 60);
    let mut target = fighter("Target", "b", (9, 5));
    (target.constitution, target.armor) = (500, 1);
    let mut app = begun(on_field(&[shooter, target], &rows, ""));
    let mark = event_count(&app);
    load(&mut app, &[percentile_with(20, 2), vec![9]].concat());
    fire(&mut app, A, FireMode::single(B));
    let events = events_from(&app, mark);
    assert!(events.iter().any(|event| matches!(
        event,
        EventKind::ShotAt {
            line: ShotLine::ThroughCover { armor: 3, .. },
            ..
        }
    )));
    let (_, modifiers) = &attack_rolls(&events, A)[0];
    assert_eq!(reasons(modifiers), [(ModifierReason::ThroughCover, -1)]);
    assert!(events.iter().any(|event| matches!(
        event,
        EventKind::Damaged {
            rolled: 9,
            armor: 4,
            cover: 3,
            taken: 5,
            ..
        }
    )));
}

/// With the scenario's `shooting_through_cover: false`, the target behind the door cannot be
/// shot at all: the command is refused and says why.
#[test]
fn a_scenario_may_turn_shooting_through_cover_off() {
    let rows = field(20, &[(8, 5, '+'), (8, 4, '#'), (8, 6, '#')]);
    let shooter = gunman((1, 5), REVOLVER, HANDGUN, 60);
    let target = fighter("Target", "b", (9, 5));
    let mut app = begun(on_field(
        &[shooter, target],
        &rows,
        "shooting_through_cover: false",
    ));
    let mark = event_count(&app);
    fire(&mut app, A, FireMode::single(B));
    let refused = events_from(&app, mark);
    assert!(
        matches!(rejected(&refused), Some(Rejection::NoLineOfFire(said)) if said.contains("does not shoot through")),
        "{refused:?}"
    );
}

/// With the scenario's `prone_dice: false`, lying prone is worth nothing either way: no penalty
/// die at a prone target, no bonus die for a prone shooter, none for a blow at one.
#[test]
fn a_scenario_may_turn_the_prone_dice_off() {
    let rows = field(20, &[]);
    let lie_down = |app: &mut App, unit: UnitId| {
        app.world_mut()
            .query::<(&UnitId, &mut Condition)>()
            .iter_mut(app.world_mut())
            .filter(|(id, _)| **id == unit)
            .for_each(|(_, mut condition)| condition.prone = true);
    };
    for prone in [A, B] {
        let shooter = gunman((1, 5), REVOLVER, HANDGUN, 60);
        let target = fighter("Target", "b", (9, 5));
        let mut app = begun(on_field(&[shooter, target], &rows, "prone_dice: false"));
        lie_down(&mut app, prone);
        let (check, modifiers) = one_shot(&mut app);
        assert!(reasons(&modifiers).is_empty(), "{prone:?}: {modifiers:?}");
        assert_eq!(check.roll.dice, NetDice::Bonus(0));
    }
    let mut app = begun(on_field(
        &[fighter("Boxer", "a", (2, 2)), fighter("Down", "b", (3, 2))],
        &rows,
        "prone_dice: false",
    ));
    lie_down(&mut app, B);
    let odds = melee::strike_odds(
        app.world_mut(),
        A,
        B,
        AttackKind::Strike(WeaponChoice::Unarmed),
    );
    let (modifiers, _) = odds.expect("a blow in reach");
    assert!(reasons(&modifiers).is_empty(), "{modifiers:?}");
}
