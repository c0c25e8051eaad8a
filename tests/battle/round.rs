//! The round: turn order by DEX and combat skill, delays and waits, arrivals, the DEX-roll
//! initiative, and units fleeing through the exits.

use super::*;

#[test]
fn turn_order_by_dex_ties_by_combat_skill_then_scenario_order_and_dex_plus_fifty() {
    let mut quick = fighter("Quick", "a", (1, 1));
    quick.dexterity = 70;
    let mut skilled = fighter("Skilled", "a", (1, 2));
    skilled.skills = vec![("Fighting (Brawl)", 60)];
    let first_plain = fighter("First plain", "b", (9, 1));
    let second_plain = fighter("Second plain", "b", (9, 2));
    let mut gunman = fighter("Gunman", "b", (9, 3));
    gunman.dexterity = 40;
    gunman.weapons = vec![".38 or 9mm Revolver"];
    let mut app = test_app(scenario(&[
        quick,
        skilled,
        first_plain,
        second_plain,
        gunman,
    ]));
    send(&mut app, Command::Begin);
    let order = events(&app).into_iter().find_map(|event| match event {
        EventKind::RoundBegan { order, .. } => Some(order),
        _ => None,
    });
    // Gunman 40 + 50 = 90; Quick 70; then the three at 50: Skilled (60) before the two at
    // Brawl 50, those by their place in the scenario.
    assert_eq!(
        order,
        Some(vec![UnitId(4), UnitId(0), UnitId(1), UnitId(2), UnitId(3)])
    );
    assert_eq!(acting(&app), Some(UnitId(4)));
}

/// A gun the scenario opens holstered is no readied firearm (Call of Cthulhu's DEX + 50): the
/// Gunman (DEX 40) acts after Quick (70), and his hand is empty until he draws (the field counts
/// in every rulebook: nothing in hand until drawn).
#[test]
fn a_holstered_gun_is_not_a_readied_firearm() {
    let mut quick = fighter("Quick", "a", (1, 1));
    quick.dexterity = 70;
    let mut gunman = fighter("Gunman", "b", (9, 3));
    gunman.dexterity = 40;
    gunman.weapons = vec![".38 or 9mm Revolver"];
    let begun = |holstered: bool| {
        let mut scenario = scenario(&[quick.clone(), gunman.clone()]);
        scenario.units[1].opening.holstered = holstered;
        let mut app = test_app(scenario);
        send(&mut app, Command::Begin);
        app
    };
    let order = |app: &App| {
        events(app).into_iter().find_map(|event| match event {
            EventKind::RoundBegan { order, .. } => Some(order),
            _ => None,
        })
    };
    let readied = begun(false);
    assert_eq!(order(&readied), Some(vec![B, A]), "40 + 50 = 90 before 70");
    let mut holstered = begun(true);
    assert_eq!(order(&holstered), Some(vec![A, B]));
    assert_eq!(
        unit_state::<Arsenal>(&mut holstered, B).in_hand,
        WeaponChoice::Unarmed
    );
}

/// Three units acting First (DEX 70), Second (60), Third (50), round 1 begun.
fn three_in_dex_order() -> App {
    let mut first = fighter("First", "a", (1, 1));
    first.dexterity = 70;
    let mut second = fighter("Second", "b", (9, 1));
    second.dexterity = 60;
    let third = fighter("Third", "b", (9, 3));
    let mut app = test_app(scenario(&[first, second, third]));
    send(&mut app, Command::Begin);
    app
}

#[test]
fn a_unit_can_delay_until_another_has_acted() {
    let mut app = three_in_dex_order();
    wait(&mut app, A, Some(C));
    assert_eq!(acting(&app), Some(B));
    send(&mut app, Command::EndTurn { unit: B });
    assert_eq!(acting(&app), Some(C));
    send(&mut app, Command::EndTurn { unit: C });
    assert_eq!(acting(&app), Some(A), "First acts right after Third");
    send(&mut app, Command::EndTurn { unit: A });
    assert!(events(&app).contains(&EventKind::RoundEnded));
}

#[test]
fn units_waiting_for_each_other_both_lose_their_action() {
    let mut app = three_in_dex_order();
    wait(&mut app, A, Some(B));
    wait(&mut app, B, Some(A));
    assert_eq!(acting(&app), Some(C));
    send(&mut app, Command::EndTurn { unit: C });
    let all = events(&app);
    assert!(all.contains(&EventKind::DelayLapsed { unit: A }));
    assert!(all.contains(&EventKind::DelayLapsed { unit: B }));
    assert_eq!(app.world().resource::<Flow>().round, 2);
    assert_eq!(acting(&app), Some(A), "round 2 starts in DEX order again");
}

#[test]
fn units_waiting_for_everyone_act_last_by_dex() {
    let mut app = three_in_dex_order();
    wait(&mut app, A, None);
    wait(&mut app, B, None);
    assert_eq!(acting(&app), Some(C));
    send(&mut app, Command::EndTurn { unit: C });
    assert_eq!(acting(&app), Some(A));
    send(&mut app, Command::EndTurn { unit: A });
    assert_eq!(acting(&app), Some(B));
}

#[test]
fn units_arrive_at_the_start_of_their_round() {
    let mut late = fighter("Late", "b", (9, 1));
    late.arrives = Some(2);
    let mut app = test_app(scenario(&[
        fighter("Early", "a", (1, 1)),
        fighter("Other", "b", (9, 4)),
        late,
    ]));
    assert_eq!(
        app.world_mut()
            .query::<&TilePosition>()
            .iter(app.world())
            .count(),
        2
    );
    send(&mut app, Command::Begin);
    send(&mut app, Command::EndTurn { unit: A });
    send(&mut app, Command::EndTurn { unit: B });
    let all = events(&app);
    assert!(all.contains(&EventKind::UnitJoined {
        unit: C,
        at: Tile::new(9, 1)
    }));
    let orders: Vec<Vec<UnitId>> = all
        .iter()
        .filter_map(|event| match event {
            EventKind::RoundBegan { order, .. } => Some(order.clone()),
            _ => None,
        })
        .collect();
    assert_eq!(orders, [vec![A, B], vec![A, B, C]]);
}

#[test]
fn dex_roll_initiative_orders_by_level_and_keeps_the_rolls() {
    let fighters = [
        fighter("Fails", "a", (1, 1)),
        fighter("Hard", "a", (1, 2)),
        fighter("Extreme", "b", (9, 1)),
    ];
    let mut app = test_app(scenario_with(
        &fighters,
        &ARENA,
        "dex_roll_initiative: true",
        "",
    ));
    // DEX rolls in unit order against 50: 80 fails, 20 is hard, 5 is extreme.
    load(&mut app, &rolls(&[80, 20, 5], &[]));
    send(&mut app, Command::Begin);
    let order = events(&app).into_iter().find_map(|event| match event {
        EventKind::RoundBegan { order, .. } => Some(order),
        _ => None,
    });
    assert_eq!(order, Some(vec![C, B, A]));
    for unit in [C, B, A] {
        send(&mut app, Command::EndTurn { unit });
    }
    let rolled = events(&app)
        .iter()
        .filter(|event| matches!(event, EventKind::Rolled { .. }))
        .count();
    assert_eq!(rolled, 3, "the order is kept: no new rolls in round 2");
}

#[test]
fn a_unit_flees_through_an_exit_or_off_the_edge() {
    let rows = ["#####", "#...#", "#....", "#####"];
    let mut app = test_app(scenario_with(
        &[
            fighter("Runner", "a", (4, 2)),
            fighter("Stays", "b", (1, 1)),
            fighter("Friend", "a", (2, 1)),
        ],
        &rows,
        "",
        "(2, 1)",
    ));
    send(&mut app, Command::Begin);
    send(&mut app, Command::Flee { unit: A });
    assert!(rejected(&events(&app)).is_none(), "{:?}", events(&app));
    assert!(events(&app).contains(&EventKind::Fled { unit: A }));
    assert_eq!(
        condition(&mut app, A).presence,
        gridkeeper::battle::Presence::Fled
    );
}

/// An escape with a deadline: once its rounds pass with nobody out, the side holding the way
/// out wins.
#[test]
fn the_side_holding_the_way_out_wins_when_the_escape_runs_late() {
    let mut scenario = scenario(&[
        fighter("Runner", "a", (1, 1)),
        fighter("Guard", "b", (8, 5)),
    ]);
    scenario.victory = gridkeeper::map::scenario::Victory::ReachExit {
        side: "a".to_string(),
        count: 1,
        by_round: Some(2),
    };
    let mut app = begun(scenario);
    for _ in 0..8 {
        let Some(unit) = acting(&app) else { break };
        send(&mut app, Command::EndTurn { unit });
    }
    let ended = events(&app).into_iter().find_map(|event| match event {
        EventKind::BattleEnded { outcome } => Some(outcome),
        _ => None,
    });
    let outcome = ended.expect("the battle ends once round 2 is over");
    assert_eq!(outcome.winner, Some(1));
    assert_eq!(outcome.reason, "Side B held the way out for 2 rounds");
    assert_eq!(app.world().resource::<Flow>().round, 2);
}

/// A body on the exit tile does not keep the exit from a unit beside it: with the guard
/// standing there the runner beside it has no way out; once the guard is down, it leaves. Not
/// from a tile diagonally past a wall's corner, a step it could not take.
#[test]
fn a_unit_beside_an_exit_a_body_lies_on_may_leave_by_it() {
    let rows = ["#######", "#...#.#", "#.....#", "#######"];
    let begun_beside = |at| {
        let mut runner = fighter("Runner", "a", at);
        runner.dexterity = 90;
        let mut app = test_app(scenario_with(
            &[
                runner,
                fighter("Guard", "b", (3, 1)),
                fighter("Other", "b", (1, 2)),
            ],
            &rows,
            "",
            "(3, 1)",
        ));
        send(&mut app, Command::Begin);
        app
    };
    let mut app = begun_beside((2, 1));
    refuse(&mut app, Command::Flee { unit: A }, Rejection::NoExit);
    let guard_down = |at| {
        let mut app = begun_beside(at);
        set_vitals(&mut app, B, |vitals| {
            vitals.hit_points = 0;
            vitals.vital = Vital::Dead;
        });
        app
    };
    for beside in [(2, 1), (2, 2)] {
        let fled = after(&mut guard_down(beside), &[], Command::Flee { unit: A });
        assert!(fled.contains(&EventKind::Fled { unit: A }), "{fled:?}");
    }
    refuse(
        &mut guard_down((4, 2)),
        Command::Flee { unit: A },
        Rejection::NoExit,
    );
}
