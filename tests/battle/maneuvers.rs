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

/// The modifiers' reasons on `unit`'s rolls among `events`.
fn reasons_rolled(events: &[EventKind], unit: UnitId) -> Vec<ModifierReason> {
    events
        .iter()
        .filter_map(|event| match event {
            EventKind::Rolled { unit: roller, roll } if *roller == unit => {
                Some(roll.modifiers.clone())
            }
            _ => None,
        })
        .flatten()
        .map(|modifier| modifier.reason)
        .collect()
}

/// Expose leaves its target open to the maneuver's side for the round (a bonus die on the
/// Wrestler's next maneuver at it); Hinder hampers it until its own turn ends (a penalty die on
/// its blow, its card's "hampered"), both told as CoC's own events.
#[test]
fn an_exposed_unit_is_open_to_blows_and_a_hampered_one_rolls_worse_until_its_turn_ends() {
    use gridkeeper::battle::own_state::own_of;
    use gridkeeper::rulesets::coc7e::battle::condition::CocCondition;
    use gridkeeper::rulesets::coc7e::battle::events::CocEvent;
    let mut wrestler = fighter("Wrestler", "a", (2, 2));
    wrestler.dexterity = 70;
    wrestler.attacks = 2;
    let mut app = test_app(scenario(&[wrestler, fighter("Guard", "b", (3, 2))]));
    send(&mut app, Command::Begin);
    let maneuver = |app: &mut App, goal, bonus_dice: usize| {
        let mark = event_count(app);
        load(
            app,
            &[percentile_with(10, 1 + bonus_dice), percentile(90).to_vec()].concat(),
        );
        send(
            app,
            Command::Maneuver {
                unit: A,
                target: B,
                goal,
            },
        );
        send(
            app,
            Command::Answer {
                unit: B,
                answer: Answer::Dodge,
            },
        );
        events_from(app, mark)
    };
    let exposed = maneuver(&mut app, ManeuverGoal::Expose, 0);
    assert!(exposed.contains(&EventKind::from(CocEvent::Exposed { unit: B })));
    // Outnumbered (the guard has dodged once) and exposed: two bonus dice.
    let hindered = maneuver(&mut app, ManeuverGoal::Hinder, 2);
    assert_eq!(
        reasons_rolled(&hindered, A),
        [reasons::OUTNUMBERED, reasons::EXPOSED_TARGET]
    );
    assert!(hindered.contains(&EventKind::from(CocEvent::Hindered { unit: B })));
    assert!(own_of::<CocCondition>(app.world(), B).hindered);
    let flags = gridkeeper::battle::hooks::flagged(app.world_mut());
    let words: Vec<(UnitId, Vec<String>)> = flags
        .into_iter()
        .map(|(unit, flags)| (unit, flags.into_iter().map(|flag| flag.words).collect()))
        .collect();
    assert_eq!(
        words,
        [(B, vec!["hampered".to_string()])],
        "its card's flag"
    );
    send(&mut app, Command::EndTurn { unit: A });
    let mark = event_count(&app);
    strike(&mut app, B, A, WeaponChoice::Unarmed, Answer::Nothing);
    assert!(reasons_rolled(&events_from(&app, mark), B).contains(&reasons::HINDERED));
    send(&mut app, Command::EndTurn { unit: B });
    assert!(
        !own_of::<CocCondition>(app.world(), B).hindered,
        "hampered until its turn ends"
    );
}
