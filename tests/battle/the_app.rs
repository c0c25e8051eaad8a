//! The app itself: stable unit ids, taps within one frame, every event in words, the AI's turns
//! and battles to their end, the strike preview and how units open the fight.

use super::*;

/// Every unit there from the start stands on its start tile; one that comes in later (the
/// farmstead's ghouls, the warehouse has none) is not on the map yet.
#[test]
fn every_unit_stands_on_its_start_tile_with_a_stable_id() {
    for file in ["warehouse.ron", "farmstead.ron", "cellar.ron"] {
        let mut app = test_app(shipped(file));
        let mut placed: Vec<(UnitId, Tile)> = app
            .world_mut()
            .query::<(&UnitId, &TilePosition)>()
            .iter(app.world())
            .map(|(id, position)| (*id, position.0))
            .collect();
        placed.sort();
        let scenario = app.world().resource::<ActiveScenario>().0.clone();
        let from_the_start: Vec<UnitId> = (0..scenario.units.len())
            .filter(|index| scenario.units[*index].arrives.is_none())
            .map(|index| UnitId(u16::try_from(index).expect("a unit's index")))
            .collect();
        assert_eq!(
            placed.iter().map(|(id, _)| *id).collect::<Vec<_>>(),
            from_the_start,
            "{file}"
        );
        for (id, tile) in placed {
            assert_eq!(
                tile,
                scenario.units[id.index()].start,
                "{file}: {}",
                scenario.units[id.index()].name
            );
        }
    }
}

/// A key pressed and released within one frame still triggers its action: the tap is held for
/// that frame.
#[test]
fn a_tap_within_one_frame_is_not_lost() {
    use bevy::input::ButtonState;
    use bevy::input::keyboard::{Key, KeyboardInput};
    use gridkeeper::input::MapAction;
    use leafwing_input_manager::prelude::ActionState;

    let mut app = App::new();
    app.add_plugins((
        MinimalPlugins,
        bevy::input::InputPlugin,
        gridkeeper::input::plugin,
    ));
    app.update();
    let key = |state| KeyboardInput {
        key_code: KeyCode::KeyG,
        logical_key: Key::Character("g".into()),
        state,
        text: None,
        repeat: false,
        window: Entity::PLACEHOLDER,
    };
    app.world_mut().write_message(key(ButtonState::Pressed));
    app.world_mut().write_message(key(ButtonState::Released));
    app.update();
    let pressed_now = |app: &mut App| {
        let mut controls = app.world_mut().query::<&ActionState<MapAction>>();
        let state = controls.single(app.world()).expect("one set of controls");
        (
            state.just_pressed(&MapAction::ToggleGrid),
            state.pressed(&MapAction::ToggleGrid),
        )
    };
    assert_eq!(
        pressed_now(&mut app),
        (true, true),
        "held for the frame of the tap"
    );
    app.update();
    assert_eq!(
        pressed_now(&mut app),
        (false, false),
        "let go the next frame"
    );
}

/// Every event of a fight reads as a line of the log, naming who it is about.
#[test]
fn the_log_puts_every_event_in_words() {
    let scenario = harvey_and_the_deep_one();
    let mut app = test_app(scenario.clone());
    send(&mut app, Command::Begin);
    load(&mut app, &rolls(&[30, 90], &[5]));
    strike(&mut app, A, B, WeaponChoice::Carried(0), Answer::Dodge);
    send(&mut app, Command::EndTurn { unit: B });
    let lines: Vec<String> = app
        .world()
        .resource::<EventLog>()
        .0
        .iter()
        .map(|event| gridkeeper::log::describe(event, &scenario))
        .collect();
    assert!(lines.iter().all(|line| !line.is_empty()));
    assert!(
        lines.contains(&"Harvey attacks Deep one with the Club, small (nightstick)".to_string()),
        "{lines:#?}"
    );
    assert!(
        lines.contains(&"Deep one takes 4 damage (5 less 1 armor), 6 hit points left".to_string()),
        "{lines:#?}"
    );
    assert!(
        lines.contains(&"Deep one cannot do that: it is not this unit's turn".to_string()),
        "{lines:#?}"
    );
}

/// With DEX-roll initiative a critical gives a bonus die on the first attack; a fumble costs the
/// first action.
#[test]
fn a_critical_or_fumbled_dex_roll_for_initiative() {
    let fighters = [
        fighter("Lucky", "a", (2, 2)),
        fighter("Clumsy", "b", (3, 2)),
    ];
    let mut app = test_app(scenario_with(
        &fighters,
        &ARENA,
        "dex_roll_initiative: true",
        "",
    ));
    // Lucky rolls 01, Clumsy 100.
    load(&mut app, &rolls(&[1, 100], &[]));
    send(&mut app, Command::Begin);
    let critical_bonus = |events: &[EventKind]| {
        events.iter().any(|event| match event {
            EventKind::Rolled { unit: A, roll } => roll
                .modifiers
                .iter()
                .any(|m| m.reason == gridkeeper::rulesets::coc7e::reasons::CRITICAL_INITIATIVE),
            _ => false,
        })
    };
    let mark = event_count(&app);
    // Two tens dice for the bonus die, then the dodge.
    load(
        &mut app,
        &[percentile_with(70, 2), percentile(70).to_vec()].concat(),
    );
    strike(&mut app, A, B, WeaponChoice::Unarmed, Answer::Dodge);
    assert!(critical_bonus(&events_from(&app, mark)));
    send(&mut app, Command::EndTurn { unit: A });
    assert!(
        events(&app).contains(&EventKind::ActionForfeited { unit: B }),
        "the fumble costs Clumsy its first action"
    );
    let mark = event_count(&app);
    send(
        &mut app,
        Command::Attack {
            unit: B,
            target: A,
            weapon: WeaponChoice::Unarmed,
        },
    );
    assert_eq!(
        rejected(&events_from(&app, mark)),
        Some(Rejection::ActionUsed)
    );
    send(&mut app, Command::EndTurn { unit: B });
    // Round 2: no more bonus die, and Clumsy acts normally.
    let mark = event_count(&app);
    load(&mut app, &rolls(&[70, 70], &[]));
    strike(&mut app, A, B, WeaponChoice::Unarmed, Answer::Dodge);
    assert!(!critical_bonus(&events_from(&app, mark)));
    send(&mut app, Command::EndTurn { unit: A });
    assert!(!events_from(&app, mark).contains(&EventKind::ActionForfeited { unit: B }));
}

/// AI units take their turns one command at a time, waiting for a person's answers.
#[test]
fn ai_units_take_their_turns() {
    let mut person = fighter("Person", "a", (2, 2));
    person.dexterity = 70;
    let monster = fighter("Monster", "b", (8, 2));
    let mut app = test_app(scenario(&[person, monster]));
    app.add_plugins(gridkeeper::ai::plugin);
    app.world_mut().resource_mut::<Controllers>().0 = vec![Control::Person, Control::Ai];
    send(&mut app, Command::Begin);
    send(&mut app, Command::EndTurn { unit: A });
    for _ in 0..10 {
        app.update();
    }
    // It walked over and attacked; the attack waits for the person's answer.
    assert_eq!(
        app.world()
            .resource::<Flow>()
            .pending()
            .map(|pending| pending.attacker),
        Some(B)
    );
    send(
        &mut app,
        Command::Answer {
            unit: A,
            answer: Answer::Dodge,
        },
    );
    for _ in 0..10 {
        app.update();
    }
    assert_eq!(acting(&app), Some(A), "the AI ended its turn");
    assert_eq!(app.world().resource::<Flow>().round, 2);
}

/// Both sides played by the AI: every shipped scenario's battle runs to its end.
#[test]
fn ai_against_ai_battles_end() {
    for file in ["warehouse.ron", "farmstead.ron", "cellar.ron"] {
        for seed in 0..3 {
            let scenario = shipped(file);
            let units = scenario.units.len();
            let mut app = gridkeeper::headless_app(scenario, seed);
            app.add_plugins(gridkeeper::ai::plugin);
            app.update();
            app.world_mut().resource_mut::<Controllers>().0 = vec![Control::Ai; units];
            send(&mut app, Command::Begin);
            let mut frames = 0;
            while !matches!(app.world().resource::<Flow>().phase, Phase::Over(_)) {
                app.update();
                frames += 1;
                assert!(
                    frames < 20_000,
                    "{file} seed {seed}: stuck in round {}",
                    app.world().resource::<Flow>().round
                );
            }
        }
    }
}

/// The level a plain roll of `value` reaches against skill 50 (a fumble only on 100).
fn level_against_50(value: u32) -> SuccessLevel {
    match value {
        1 => SuccessLevel::Critical,
        2..=10 => SuccessLevel::Extreme,
        11..=25 => SuccessLevel::Hard,
        26..=50 => SuccessLevel::Regular,
        100 => SuccessLevel::Fumble,
        _ => SuccessLevel::Failure,
    }
}

/// The attacker's preview of a blow gives the exact chance it lands against each answer,
/// counted here over all 10,000 pairs of plain rolls; a blow that cannot be struck says why.
#[test]
fn the_strike_preview_counts_every_pair_of_rolls() {
    let mut app = test_app(scenario(&[
        fighter("Attacker", "a", (2, 2)),
        fighter("Defender", "b", (3, 2)),
        fighter("Far", "b", (9, 5)),
    ]));
    let before = melee::strike_odds(
        app.world_mut(),
        A,
        B,
        AttackKind::Strike(WeaponChoice::Unarmed),
    );
    assert!(before.is_err(), "before the fight nobody has a turn");
    send(&mut app, Command::Begin);
    assert_eq!(acting(&app), Some(A));
    let (modifiers, odds) = melee::strike_odds(
        app.world_mut(),
        A,
        B,
        AttackKind::Strike(WeaponChoice::Unarmed),
    )
    .expect("the defender is beside the attacker");
    assert!(modifiers.is_empty());
    let (mut lands_on_dodge, mut lands_on_fight) = (0u32, 0u32);
    for attack in 1..=100 {
        for defence in 1..=100 {
            let (attack, defence) = (level_against_50(attack), level_against_50(defence));
            if attack.is_success() && attack > defence {
                lands_on_dodge += 1;
            }
            if attack.is_success() && attack >= defence {
                lands_on_fight += 1;
            }
        }
    }
    let AnswerOdds::Exchange {
        dodge, fight_back, ..
    } = odds.clone()
    else {
        panic!("a blow is answered by dodging or fighting back, not {odds:?}");
    };
    let dodge = dodge.expect("a blow may be dodged");
    assert!((dodge.attacker_wins - f64::from(lands_on_dodge) / 10_000.0).abs() < 1e-12);
    let fight_back = fight_back.expect("a blow may be fought back");
    assert!((fight_back.attacker_wins - f64::from(lands_on_fight) / 10_000.0).abs() < 1e-12);
    assert!(matches!(
        melee::strike_odds(
            app.world_mut(),
            A,
            UnitId(2),
            AttackKind::Strike(WeaponChoice::Unarmed)
        ),
        Err(Rejection::OutOfReach(_))
    ));
    // A maneuver between equals is rolled like a brawl: the same odds; one that makes no sense
    // says why.
    let (_, knock_down) = melee::strike_odds(
        app.world_mut(),
        A,
        B,
        AttackKind::Maneuver(ManeuverGoal::KnockProne),
    )
    .expect("a knock-down in reach");
    assert_eq!(knock_down, odds);
    assert!(matches!(
        melee::strike_odds(
            app.world_mut(),
            A,
            B,
            AttackKind::Maneuver(ManeuverGoal::BreakHold)
        ),
        Err(Rejection::PointlessManeuver(_))
    ));
}

/// A fight that starts mid-story: the shooter opens with 3 hit points and a major wound, lying
/// prone, aiming at the target and on fire; the fallen opens at zero, unconscious. The aim
/// counts on the first shot, and the fire burns at the end of round 1.
#[test]
fn units_open_the_fight_as_the_scenario_says() {
    let mut shooter = fighter("Shooter", "a", (2, 2));
    shooter.weapons = vec![".38 or 9mm Revolver"];
    shooter.skills.push(("Firearms (Handgun)", 50));
    let mut opening = scenario(&[
        shooter,
        fighter("Target", "b", (6, 2)),
        fighter("Fallen", "b", (2, 4)),
    ]);
    opening.units[0].opening = Opening {
        hit_points: Some(3),
        major_wound: true,
        prone: true,
        aiming_at: Some(1),
        burning: Some(2),
        surprised: false,
        extreme_surprise: false,
        ..Opening::default()
    };
    opening.units[2].opening = Opening {
        hit_points: Some(0),
        ..Opening::default()
    };
    let mut app = test_app(opening);
    let wounded = vitals(&mut app, A);
    assert_eq!(
        (wounded.hit_points, wounded.major_wound, wounded.vital),
        (3, true, Vital::Conscious)
    );
    let down = vitals(&mut app, UnitId(2));
    assert_eq!((down.hit_points, down.vital), (0, Vital::Unconscious));
    assert!(condition(&mut app, UnitId(2)).prone);
    let state = condition(&mut app, A);
    assert!(state.prone && state.burning.is_some());
    send(&mut app, Command::Begin);
    send(
        &mut app,
        Command::Fire {
            unit: A,
            weapon: WeaponChoice::Carried(0),
            mode: gridkeeper::battle::command::FireMode::single(B),
        },
    );
    let fired = after(
        &mut app,
        // Aiming and lying prone: two bonus dice, three tens dice; a regular hit for 1.
        &[percentile_with(45, 3), vec![1]].concat(),
        Command::Answer {
            unit: B,
            answer: Answer::Nothing,
        },
    );
    let aimed = fired.iter().any(|event| match event {
        EventKind::Rolled { unit: A, roll } => roll
            .modifiers
            .iter()
            .any(|modifier| modifier.reason == ModifierReason::Aiming),
        _ => false,
    });
    assert!(aimed, "{fired:?}");
    send(&mut app, Command::EndTurn { unit: A });
    send(&mut app, Command::EndTurn { unit: B });
    assert!(
        events_from(&app, 0).contains(&EventKind::Burned { unit: A, damage: 2 }),
        "{:?}",
        events(&app)
    );
}
