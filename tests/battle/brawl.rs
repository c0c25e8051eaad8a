//! The western's hand-to-hand on Noon at Dry Gulch: a blow reaches 10 feet (3 tiles straight
//! on), −2 after moving into range, a kick at −1, the specific blows in place of damage, and a
//! scenario may keep blows to the tiles beside a unit.

use gridkeeper::battle::declaration::{Declaration, DeclaredAct, DeclaredMove};
use gridkeeper::map::Tile;

use super::*;
use gridkeeper::rules::melee::SpecificBlow;

use crate::frontier::{LOLA, WES, dry_gulch_placed, shot_modifiers, until_the_act_of};

const BIG_JIM: UnitId = UnitId(4);

/// Big Jim's punch at Wes, declared: moving (or not) and striking him.
fn big_jim_strikes(app: &mut App) {
    let strike = Declaration {
        movement: DeclaredMove::Move,
        act: DeclaredAct::Strike { target: WES },
        ..Declaration::default()
    };
    until_the_act_of(app, BIG_JIM, &[(BIG_JIM, strike)]);
}

fn punch() -> Command {
    Command::Attack {
        unit: BIG_JIM,
        target: WES,
        weapon: WeaponChoice::Unarmed,
    }
}

/// Wes 3 yards (9 ft) west of Big Jim is within reach: his punch (H2H RM 24, 78%) goes at no
/// step; from 4 yards he steps a yard closer first and strikes at −2 for moving into range.
/// A scenario without the reach keeps him to the tiles beside him.
#[test]
fn a_blow_reaches_ten_feet_and_costs_two_after_moving_into_range() {
    let mut app = dry_gulch_placed(&[7, 3], &[(WES, (30, 4))]);
    big_jim_strikes(&mut app);
    let struck = after(&mut app, &percentile(99), punch());
    assert_eq!(rejected(&struck), None);
    assert_eq!(shot_modifiers(&struck, BIG_JIM), [Vec::new()]);

    let mut app = dry_gulch_placed(&[7, 3], &[(WES, (29, 4))]);
    big_jim_strikes(&mut app);
    assert!(matches!(
        refusal(&mut app, punch()),
        Some(Rejection::OutOfReach(_))
    ));
    send(
        &mut app,
        Command::Move {
            unit: BIG_JIM,
            to: Tile { x: 32, y: 4 },
        },
    );
    let struck = after(&mut app, &percentile(99), punch());
    assert_eq!(
        shot_modifiers(&struck, BIG_JIM),
        [vec![(ModifierReason::MovedIntoRange, -20)]]
    );

    let mut scenario = shipped("dry-gulch.ron");
    scenario.rules.hand_to_hand_at_reach = false;
    for unit in &mut scenario.units {
        unit.control = Control::Person;
    }
    scenario.units[WES.index()].start = Tile { x: 31, y: 4 };
    let mut app = test_app(scenario);
    load(&mut app, &[7, 3]);
    send(&mut app, Command::Begin);
    big_jim_strikes(&mut app);
    assert!(matches!(
        refusal(&mut app, punch()),
        Some(Rejection::OutOfReach(_))
    ));
}

/// Big Jim (STR 15) kicks Wes at −1 (78 − 10 = 68%) for 2D10+2: 5 + 6 + 2 = 13. A rulebook
/// without kicks has none to give.
#[test]
fn a_kick_is_struck_at_minus_one_for_the_strength_tables_damage() {
    let mut app = dry_gulch_placed(&[7, 3], &[(WES, (31, 4))]);
    big_jim_strikes(&mut app);
    let kick = WeaponChoice::Body(gridkeeper::rules::melee::BodyBlow::Kick);
    let faces: Vec<u32> = percentile(10)
        .into_iter()
        .chain([5, 6])
        .chain(percentile(1))
        .collect();
    let kicked = after(
        &mut app,
        &faces,
        Command::Attack {
            unit: BIG_JIM,
            target: WES,
            weapon: kick,
        },
    );
    assert_eq!(
        shot_modifiers(&kicked, BIG_JIM)[0],
        [(ModifierReason::Kick, -10)]
    );
    assert_eq!(vitals(&mut app, WES).hit_points, 32 - 13);

    let mut app = begun(scenario(&[
        fighter("Brawler", "a", (1, 1)),
        fighter("Other", "b", (2, 1)),
    ]));
    assert_eq!(
        refusal(
            &mut app,
            Command::Ready {
                unit: UnitId(0),
                weapon: kick
            }
        ),
        Some(Rejection::NoSuchWeapon)
    );
}

/// Big Jim's declared specific blow at `target` 2 yards off, struck with a roll of 10 and the
/// target's roll after it (if any) on `then`: the events.
fn specific_blow(target: UnitId, blow: SpecificBlow, then: u32) -> (App, Vec<EventKind>) {
    let mut app = dry_gulch_placed(&[7, 3], &[(target, (31, 4))]);
    let strike = Declaration {
        movement: DeclaredMove::Stay,
        act: DeclaredAct::Strike { target },
        blow: Some(blow),
        ..Declaration::default()
    };
    until_the_act_of(&mut app, BIG_JIM, &[(BIG_JIM, strike)]);
    let faces: Vec<u32> = percentile(10).into_iter().chain(percentile(then)).collect();
    let struck = after(
        &mut app,
        &faces,
        Command::Attack {
            unit: BIG_JIM,
            target,
            weapon: WeaponChoice::Unarmed,
        },
    );
    assert_eq!(rejected(&struck), None);
    (app, struck)
}

/// Big Jim's specific blows, each in place of damage: a knockout at −4 (38%) has Wes roll
/// Concentration at −4 too (54 − 40 = 14%): 05 leaves him stunned for the round, 99 out for the
/// fight; a trip (−2) puts Lola down with her shotgun dropped; a disarm and catch (−4) takes
/// it from her for good.
#[test]
fn specific_blows_knock_out_trip_and_disarm() {
    let (mut app, struck) = specific_blow(WES, SpecificBlow::Knockout, 5);
    assert_eq!(
        shot_modifiers(&struck, BIG_JIM)[0],
        [
            (ModifierReason::SpecificBlow, -20),
            (ModifierReason::KnockoutBlow, -20)
        ]
    );
    assert_eq!(
        shot_modifiers(&struck, WES)[0],
        [
            (ModifierReason::SpecificBlow, -20),
            (ModifierReason::KnockoutBlow, -20)
        ]
    );
    assert!(struck.contains(&EventKind::StunnedForRound { unit: WES }));
    assert_eq!(vitals(&mut app, WES).hit_points, 32, "no damage");

    let (mut app, _) = specific_blow(WES, SpecificBlow::Knockout, 99);
    assert_eq!(vitals(&mut app, WES).vital, Vital::Unconscious);

    let (mut app, struck) = specific_blow(LOLA, SpecificBlow::Trip, 50);
    assert_eq!(
        shot_modifiers(&struck, BIG_JIM)[0],
        [(ModifierReason::SpecificBlow, -20)]
    );
    assert!(condition(&mut app, LOLA).prone);
    assert!(struck.contains(&EventKind::Disarmed {
        unit: LOLA,
        weapon: "Double-barrel shotgun".to_string()
    }));
    assert_eq!(vitals(&mut app, LOLA).hit_points, 28);

    let (mut app, _) = specific_blow(LOLA, SpecificBlow::DisarmAndCatch, 50);
    let arsenal = unit_state::<gridkeeper::battle::Arsenal>(&mut app, LOLA);
    assert_eq!(arsenal.in_hand, WeaponChoice::Unarmed);
    assert_eq!(arsenal.lost, [0]);
}
