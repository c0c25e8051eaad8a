//! Invalid commands change nothing: each refusal and the state left as it was.

use super::*;

#[test]
fn invalid_commands_change_nothing() {
    let mut first = fighter("First", "a", (2, 2));
    first.dexterity = 70;
    first.movement = Some(2);
    let mut ghoul = built(fighter("Huge", "b", (3, 2)), 3);
    ghoul.dexterity = 60;
    let far = fighter("Far", "b", (9, 4));
    let mut app = test_app(scenario(&[first, ghoul, far]));
    refuse(&mut app, Command::EndTurn { unit: A }, Rejection::NotBegun);
    refuse(
        &mut app,
        Command::Move {
            unit: UnitId(9),
            to: Tile::new(1, 1),
        },
        Rejection::UnknownUnit(UnitId(9)),
    );
    send(&mut app, Command::Begin);
    refuse(&mut app, Command::Begin, Rejection::AlreadyBegun);
    refuse(
        &mut app,
        Command::Move {
            unit: B,
            to: Tile::new(4, 2),
        },
        Rejection::NotItsTurn,
    );
    refuse(
        &mut app,
        Command::Attack {
            unit: A,
            target: C,
            weapon: WeaponChoice::Unarmed,
        },
        Rejection::OutOfReach("Far is not within reach".to_string()),
    );
    refuse(
        &mut app,
        Command::Move {
            unit: A,
            to: Tile::new(0, 0),
        },
        Rejection::NoPath,
    );
    refuse(
        &mut app,
        Command::Move {
            unit: A,
            to: Tile::new(10, 5),
        },
        Rejection::OverBudget { cost: 92, left: 40 },
    );
    refuse(
        &mut app,
        Command::Maneuver {
            unit: A,
            target: B,
            goal: ManeuverGoal::KnockProne,
        },
        Rejection::TooBig(3),
    );
    refuse(
        &mut app,
        Command::Attack {
            unit: A,
            target: B,
            weapon: WeaponChoice::Carried(0),
        },
        Rejection::NoSuchWeapon,
    );
    refuse(
        &mut app,
        Command::Answer {
            unit: B,
            answer: Answer::Dodge,
        },
        Rejection::NotDefending,
    );
    refuse(&mut app, Command::StandUp { unit: A }, Rejection::NotProne);
    refuse(&mut app, Command::Flee { unit: A }, Rejection::NoExit);
    refuse(
        &mut app,
        Command::Delay {
            unit: A,
            until: Some(A),
        },
        Rejection::CannotDelay("a unit cannot wait for itself".to_string()),
    );
    punch(&mut app);
    refuse(
        &mut app,
        Command::EndTurn { unit: A },
        Rejection::AwaitingAnswer,
    );
    refuse(
        &mut app,
        Command::Answer {
            unit: C,
            answer: Answer::Dodge,
        },
        Rejection::NotDefending,
    );
    load(&mut app, &rolls(&[70, 70], &[]));
    send(
        &mut app,
        Command::Answer {
            unit: B,
            answer: Answer::Dodge,
        },
    );
    refuse(
        &mut app,
        Command::Attack {
            unit: A,
            target: B,
            weapon: WeaponChoice::Unarmed,
        },
        Rejection::NoAttacksLeft,
    );
    // A dead unit cannot act, even on its turn.
    let mut query = app.world_mut().query::<(&UnitId, &mut Vitals)>();
    for (id, mut vitals) in query.iter_mut(app.world_mut()) {
        if *id == C {
            vitals.vital = Vital::Dead;
        }
    }
    refuse(
        &mut app,
        Command::EndTurn { unit: C },
        Rejection::CannotAct("dead".to_string()),
    );
}
