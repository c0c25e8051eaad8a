//! Movement: stepping over the fallen, and moving past MOV forfeiting the action.

use super::*;

/// A standing unit in a corridor bars it; a fallen one is stepped over, at a plain step's cost,
/// and nobody may stop on their tile (RULES.md, "Movement").
#[test]
fn a_unit_steps_over_the_fallen_and_may_not_stop_on_them() {
    let begun = |down: bool| {
        let mut walker = fighter("Walker", "a", (1, 1));
        walker.dexterity = 90;
        let mut app = test_app(scenario_with(
            &[
                walker,
                fighter("Lying", "b", (3, 1)),
                fighter("Far", "b", (6, 2)),
            ],
            &["########", "#......#", "#......#", "########"],
            "",
            "",
        ));
        send(&mut app, Command::Begin);
        if down {
            set_vitals(&mut app, B, |vitals| {
                vitals.hit_points = 0;
                vitals.vital = Vital::Dead;
            });
        }
        app
    };
    let beyond = Tile::new(5, 1);
    let moved = after(
        &mut begun(true),
        &[],
        Command::Move {
            unit: A,
            to: beyond,
        },
    );
    let path: Vec<Tile> = (1..=5).map(|x| Tile::new(x, 1)).collect();
    assert!(
        moved.contains(&EventKind::Moved {
            unit: A,
            path,
            cost: 40,
            spent: 40,
        }),
        "straight over the body: {moved:?}"
    );
    refuse(
        &mut begun(true),
        Command::Move {
            unit: A,
            to: Tile::new(3, 1),
        },
        Rejection::NoPath,
    );
    // Standing, it is gone round by the row below: a diagonal step off and one back on.
    let round = after(
        &mut begun(false),
        &[],
        Command::Move {
            unit: A,
            to: beyond,
        },
    );
    assert!(
        round.iter().any(|event| matches!(
            event,
            EventKind::Moved { unit: A, cost: 48, path, .. } if !path.contains(&Tile::new(3, 1))
        )),
        "{round:?}"
    );
}

#[test]
fn moving_past_mov_forfeits_the_action_and_twice_mov_is_the_limit() {
    // Characteristics 50 all round: MOV 8.
    let mut app = test_app(scenario_with(
        &[fighter("Walker", "a", (1, 1)), fighter("Far", "b", (20, 1))],
        &[
            "########################",
            "#......................#",
            "########################",
        ],
        "",
        "",
    ));
    send(&mut app, Command::Begin);
    send(
        &mut app,
        Command::Move {
            unit: A,
            to: Tile::new(9, 1),
        },
    );
    assert!(
        !events(&app).contains(&EventKind::ActionForfeited { unit: A }),
        "8 yards keeps the action"
    );
    send(
        &mut app,
        Command::Move {
            unit: A,
            to: Tile::new(10, 1),
        },
    );
    assert!(events(&app).contains(&EventKind::ActionForfeited { unit: A }));
    assert_eq!(
        app.world()
            .resource::<Flow>()
            .turn
            .and_then(|turn| turn.action_lost),
        Some(gridkeeper::battle::ActionLost::RanPastMov)
    );
    let mark = event_count(&app);
    send(
        &mut app,
        Command::Move {
            unit: A,
            to: Tile::new(18, 1),
        },
    );
    assert_eq!(
        rejected(&events_from(&app, mark)),
        Some(Rejection::OverBudget { cost: 80, left: 70 })
    );
}
