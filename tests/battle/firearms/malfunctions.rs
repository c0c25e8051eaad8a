//! Malfunctions, jams worked on and cleared, and reloading.

use super::*;
use gridkeeper::rulesets::coc7e::reasons;

/// Col. Moran's air rifle malfunctions from 88: 87 fires, 88 jams it (1D6 rounds of work, then a
/// Mechanical Repair or Firearms roll).
#[test]
fn malfunctions_at_the_weapons_number_and_clearing_a_jam() {
    let rows = field(20, &[]);
    let shooter = gunman((1, 5), "Col. Moran's Air Rifle", RIFLE, 95);
    let target = fighter("Target", "b", (8, 5));
    let mut app = begun(on_field(&[shooter.clone(), target.clone()], &rows, ""));
    let mark = event_count(&app);
    load(&mut app, &rolls(&[87], &[]));
    fire(&mut app, A, FireMode::single(B));
    let events = events_from(&app, mark);
    assert!(
        !events
            .iter()
            .any(|event| matches!(event, EventKind::Malfunctioned { .. })),
        "87 fires"
    );
    assert!(
        events
            .iter()
            .any(|event| matches!(event, EventKind::ShotHit { .. }))
    );

    let mut app = begun(on_field(&[shooter, target], &rows, ""));
    let mark = event_count(&app);
    load(&mut app, &rolls(&[88], &[2]));
    fire(&mut app, A, FireMode::single(B));
    let events = events_from(&app, mark);
    assert!(events.contains(&EventKind::Malfunctioned {
        unit: A,
        weapon: "Col. Moran's Air Rifle".to_string(),
        outcome: MalfunctionKind::Jam,
        work: Some(gridkeeper::rules::dice::DieFace { sides: 6, face: 2 }),
        rounds: None,
    }));
    assert!(!events.iter().any(|event| matches!(
        event,
        EventKind::ShotHit { .. } | EventKind::ShotMissed { .. }
    )));
    next_round(&mut app);
    refuse_a_shot(&mut app, Rejection::Jammed);
    send(
        &mut app,
        Command::ClearJam {
            unit: A,
            weapon: GUN,
        },
    );
    assert!(crate::events(&app).contains(&EventKind::JamWorkedOn {
        unit: A,
        weapon: "Col. Moran's Air Rifle".to_string(),
        rounds_left: 1
    }));
    next_round(&mut app);
    // The second round of work, then the roll: the better of Mechanical Repair (10) and
    // Firearms (95).
    let events = after(
        &mut app,
        &rolls(&[50], &[]),
        Command::ClearJam {
            unit: A,
            weapon: GUN,
        },
    );
    assert!(events.contains(&EventKind::JamCleared {
        unit: A,
        weapon: "Col. Moran's Air Rifle".to_string()
    }));
    let check = events
        .iter()
        .find_map(|event| match event {
            EventKind::Rolled { roll, .. } => level_rolls::check_of(roll),
            _ => None,
        })
        .expect("a roll to clear it");
    assert_eq!(check.skill, 95);
}

/// A revolver's dud does not stop the next shot of the round; it costs the round.
#[test]
fn a_revolvers_dud_is_one_round() {
    let rows = field(20, &[]);
    let shooter = gunman((1, 5), REVOLVER, HANDGUN, 60);
    let target = fighter("Target", "b", (8, 5));
    let mut app = begun(on_field(&[shooter, target], &rows, ""));
    let mark = event_count(&app);
    load(
        &mut app,
        &[percentile_with(100, 2), percentile_with(90, 2)].concat(),
    );
    fire(&mut app, A, FireMode::Shots(vec![B, B]));
    let events = events_from(&app, mark);
    assert!(events.iter().any(|event| matches!(
        event,
        EventKind::Malfunctioned {
            outcome: MalfunctionKind::Dud,
            work: None,
            rounds: None,
            ..
        }
    )));
    assert_eq!(
        attack_rolls(&events, A).len(),
        2,
        "the second shot is fired"
    );
    assert!(events.contains(&EventKind::ShotMissed { unit: A, target: B }));
    assert_eq!(ammunition(&mut app, A), (4, 0));
}

/// Reloading takes the action: two rounds into a revolver, a fresh magazine into a pistol;
/// an empty revolver with a spare round may chamber it and fire with a penalty die; with
/// nothing left, no shot.
#[test]
fn reloading_and_running_dry() {
    let rows = field(20, &[]);
    let mut shooter = gunman((1, 5), REVOLVER, HANDGUN, 60);
    shooter.weapons.clear();
    shooter.kit = vec![
        format!("(weapon: {REVOLVER:?}, loaded: Some(0), spare: 3)"),
        "(weapon: \".45 Automatic\", loaded: Some(1), spare: 14)".to_string(),
    ];
    let target = fighter("Target", "b", (8, 5));
    let mut app = begun(on_field(&[shooter, target], &rows, ""));
    send(
        &mut app,
        Command::Reload {
            unit: A,
            weapon: GUN,
        },
    );
    assert_eq!(ammunition(&mut app, A), (2, 1));
    assert!(crate::events(&app).contains(&EventKind::Reloaded {
        unit: A,
        weapon: REVOLVER.to_string(),
        loaded: 2,
        spare: 1,
        half_done: false
    }));
    refuse(
        &mut app,
        Command::Reload {
            unit: A,
            weapon: WeaponChoice::Carried(1),
        },
        Rejection::ActionUsed,
    );
    next_round(&mut app);
    send(
        &mut app,
        Command::Reload {
            unit: A,
            weapon: WeaponChoice::Carried(1),
        },
    );
    assert!(crate::events(&app).contains(&EventKind::Reloaded {
        unit: A,
        weapon: ".45 Automatic".to_string(),
        loaded: 7,
        spare: 8,
        half_done: false
    }));

    // Empty, one spare: chamber it and fire, with a penalty die.
    let mut shooter = gunman((1, 5), REVOLVER, HANDGUN, 60);
    shooter.weapons.clear();
    shooter.kit = vec![format!("(weapon: {REVOLVER:?}, loaded: Some(0), spare: 1)")];
    let target = fighter("Target", "b", (8, 5));
    let mut app = begun(on_field(&[shooter, target], &rows, ""));
    let (_, modifiers) = one_shot(&mut app);
    assert_eq!(reasons(&modifiers), [(reasons::CHAMBERED, -1)]);
    assert_eq!(ammunition(&mut app, A), (0, 0));
    next_round(&mut app);
    refuse_a_shot(
        &mut app,
        Rejection::OutOfAmmunition(format!("the {REVOLVER} has 0 ready, 1 needed")),
    );
    refuse(
        &mut app,
        Command::Reload {
            unit: A,
            weapon: GUN,
        },
        Rejection::CannotReload(gridkeeper::rules::firearms::ReloadRefusal::NoSpare),
    );
}

/// A crossbow fires every second round.
#[test]
fn slow_weapons_fire_every_second_round() {
    let rows = field(20, &[]);
    let mut shooter = gunman((1, 5), "Crossbow", "Firearms (Bow)", 60);
    shooter.weapons.clear();
    shooter.kit = vec!["(weapon: \"Crossbow\", spare: 10)".to_string()];
    let mut target = fighter("Target", "b", (8, 5));
    target.constitution = 500;
    let mut app = begun(on_field(&[shooter, target], &rows, ""));
    fire(&mut app, A, FireMode::single(B));
    next_round(&mut app);
    refuse_a_shot(&mut app, Rejection::NotReadyUntil(3));
    next_round(&mut app);
    let mark = event_count(&app);
    fire(&mut app, A, FireMode::single(B));
    assert_eq!(attack_rolls(&events_from(&app, mark), A).len(), 1);
    assert_eq!(
        ammunition(&mut app, A),
        (0, 9),
        "bolts come from the quiver"
    );
}
