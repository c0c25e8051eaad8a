//! Fighting maneuvers at each Build difference, their effects and breaking free, and no
//! knock-out blows in Call of Cthulhu 7e.

use super::*;
use gridkeeper::rulesets::coc7e::reasons;

#[test]
fn maneuvers_at_each_build_difference() {
    for (difference, penalty) in [(0, 0), (1, 1), (2, 2), (3, -1)] {
        let mut wrestler = fighter("Wrestler", "a", (2, 2));
        wrestler.dexterity = 70;
        let brute = built(fighter("Brute", "b", (3, 2)), difference);
        let mut app = test_app(scenario(&[wrestler, brute]));
        send(&mut app, Command::Begin);
        let mark = event_count(&app);
        load(&mut app, &rolls(&[10, 90], &[]));
        send(
            &mut app,
            Command::Maneuver {
                unit: A,
                target: B,
                goal: ManeuverGoal::KnockProne,
            },
        );
        if penalty < 0 {
            assert_eq!(
                rejected(&events_from(&app, mark)),
                Some(Rejection::TooBig(3))
            );
            continue;
        }
        send(
            &mut app,
            Command::Answer {
                unit: B,
                answer: Answer::Dodge,
            },
        );
        let modifiers = events_from(&app, mark)
            .into_iter()
            .find_map(|event| match event {
                EventKind::Rolled { unit: A, roll } => Some(roll.modifiers),
                _ => None,
            });
        let build_dice: i8 = modifiers
            .unwrap_or_default()
            .iter()
            .filter(|modifier| {
                modifier.reason == gridkeeper::rulesets::coc7e::reasons::SMALLER_BUILD
            })
            .map(|modifier| modifier.dice())
            .sum();
        assert_eq!(build_dice, -penalty, "Build {difference} larger");
    }
}

#[test]
fn knocked_down_held_disarmed_and_breaking_free() {
    let mut wrestler = fighter("Wrestler", "a", (2, 2));
    wrestler.dexterity = 70;
    wrestler.attacks = 3;
    let mut guard = fighter("Guard", "b", (3, 2));
    guard.weapons = vec!["Club, small (nightstick)"];
    let mut app = test_app(scenario(&[wrestler, guard]));
    send(&mut app, Command::Begin);
    // An extreme maneuver against a failed dodge. After the first, the guard is down and has
    // dodged, so the wrestler's rolls carry two bonus dice (prone target, outnumbered).
    let win =
        |bonus_dice: usize| [percentile_with(10, 1 + bonus_dice), percentile(90).to_vec()].concat();
    load(&mut app, &win(0));
    send(
        &mut app,
        Command::Maneuver {
            unit: A,
            target: B,
            goal: ManeuverGoal::KnockProne,
        },
    );
    send(
        &mut app,
        Command::Answer {
            unit: B,
            answer: Answer::Dodge,
        },
    );
    assert!(condition(&mut app, B).prone);
    load(&mut app, &win(2));
    send(
        &mut app,
        Command::Maneuver {
            unit: A,
            target: B,
            goal: ManeuverGoal::Disarm,
        },
    );
    send(
        &mut app,
        Command::Answer {
            unit: B,
            answer: Answer::Dodge,
        },
    );
    assert!(events(&app).contains(&EventKind::Disarmed {
        unit: B,
        weapon: "Club, small (nightstick)".to_string()
    }));
    load(&mut app, &win(2));
    send(
        &mut app,
        Command::Maneuver {
            unit: A,
            target: B,
            goal: ManeuverGoal::Hold,
        },
    );
    send(
        &mut app,
        Command::Answer {
            unit: B,
            answer: Answer::Dodge,
        },
    );
    assert_eq!(condition(&mut app, B).held_by, Some(A));
    send(&mut app, Command::EndTurn { unit: A });
    // The guard's turn: held, it cannot walk away or use its club.
    let mark = event_count(&app);
    send(&mut app, Command::StandUp { unit: B });
    send(
        &mut app,
        Command::Move {
            unit: B,
            to: Tile::new(5, 2),
        },
    );
    send(
        &mut app,
        Command::Attack {
            unit: B,
            target: A,
            weapon: WeaponChoice::Carried(0),
        },
    );
    let refusals: Vec<Rejection> = events_from(&app, mark)
        .into_iter()
        .filter_map(|event| match event {
            EventKind::Rejected { reason, .. } => Some(reason),
            _ => None,
        })
        .collect();
    assert_eq!(refusals, [Rejection::Held, Rejection::WeaponLost]);
    // It breaks free, with no penalty die for being held on that roll.
    let mark = event_count(&app);
    load(&mut app, &rolls(&[10, 90], &[]));
    send(
        &mut app,
        Command::Maneuver {
            unit: B,
            target: A,
            goal: ManeuverGoal::BreakHold,
        },
    );
    send(
        &mut app,
        Command::Answer {
            unit: A,
            answer: Answer::Dodge,
        },
    );
    assert_eq!(condition(&mut app, B).held_by, None);
    let held_penalty = events_from(&app, mark)
        .into_iter()
        .any(|event| match event {
            EventKind::Rolled { unit: B, roll } => {
                roll.modifiers.iter().any(|m| m.reason == reasons::HELD)
            }
            _ => false,
        });
    assert!(!held_penalty);
}

/// CoC 7e has no knock-out blows: the command is refused, and says why.
#[test]
fn no_knock_out_blows_in_coc() {
    let mut app = begun(scenario(&[
        fighter("Boxer", "a", (2, 2)),
        fighter("Other", "b", (3, 2)),
    ]));
    let refused = refusal(
        &mut app,
        Command::KnockOut {
            unit: A,
            target: B,
            weapon: WeaponChoice::Unarmed,
        },
    );
    assert_eq!(
        refused,
        Some(Rejection::NoKnockOut(
            "this rulebook has no knock-out blows".to_string()
        ))
    );
}
