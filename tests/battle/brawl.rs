//! The western's hand-to-hand on Noon at Dry Gulch: a blow reaches 10 feet (3 tiles straight
//! on), −2 after moving into range, a kick at −1, the specific blows in place of damage (with
//! the tripped unit's rise and the restrained unit's try to break free), and a scenario may keep
//! blows to the tiles beside a unit.

use gridkeeper::map::Tile;
use gridkeeper::rulesets::frontier::battle::commands::FrontierCommand;
use gridkeeper::rulesets::frontier::battle::declaration::{Declaration, DeclaredAct, DeclaredMove};
use gridkeeper::rulesets::frontier::battle::events::FrontierEvent;

use super::*;
use gridkeeper::rules::melee::SpecificBlow;

use crate::frontier::{
    LOLA, WES, dry_gulch_placed, first_chance, shot_modifiers, until_the_act_of,
};
use gridkeeper::battle::command::FireMode;
use gridkeeper::rules::modifiers::Effect;
use gridkeeper::rules::round::TurnKind;
use gridkeeper::rulesets::frontier::reasons;

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
        [vec![(reasons::MOVED_INTO_RANGE, -20)]]
    );

    let mut scenario = specs_sample("dry-gulch.ron", None);
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
#[cfg(feature = "coc7e")]
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
    assert_eq!(shot_modifiers(&kicked, BIG_JIM)[0], [(reasons::KICK, -10)]);
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
/// target's rolls after it (if any) on `then`: the events.
fn specific_blow(target: UnitId, blow: SpecificBlow, then: &[u32]) -> (App, Vec<EventKind>) {
    let mut app = dry_gulch_placed(&[7, 3], &[(target, (31, 4))]);
    let strike = Declaration {
        movement: DeclaredMove::Stay,
        act: DeclaredAct::Strike { target },
        blow: Some(blow),
        ..Declaration::default()
    };
    until_the_act_of(&mut app, BIG_JIM, &[(BIG_JIM, strike)]);
    let faces: Vec<u32> = percentile(10)
        .into_iter()
        .chain(then.iter().flat_map(|roll| percentile(*roll)))
        .collect();
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
    let (mut app, struck) = specific_blow(WES, SpecificBlow::Knockout, &[5]);
    assert_eq!(
        shot_modifiers(&struck, BIG_JIM)[0],
        [(reasons::SPECIFIC_BLOW, -20), (reasons::KNOCKOUT_BLOW, -20)]
    );
    assert_eq!(
        shot_modifiers(&struck, WES)[0],
        [(reasons::SPECIFIC_BLOW, -20), (reasons::KNOCKOUT_BLOW, -20)]
    );
    assert!(struck.contains(&EventKind::StunnedForRound { unit: WES }));
    assert_eq!(vitals(&mut app, WES).hit_points, 32, "no damage");

    let (mut app, _) = specific_blow(WES, SpecificBlow::Knockout, &[99]);
    assert_eq!(vitals(&mut app, WES).vital, Vital::Unconscious);

    let (mut app, struck) = specific_blow(LOLA, SpecificBlow::Trip, &[]);
    assert_eq!(
        shot_modifiers(&struck, BIG_JIM)[0],
        [(reasons::SPECIFIC_BLOW, -20)]
    );
    assert!(condition(&mut app, LOLA).prone);
    assert!(struck.contains(&EventKind::Disarmed {
        unit: LOLA,
        weapon: "Double-barrel shotgun".to_string()
    }));
    assert_eq!(vitals(&mut app, LOLA).hit_points, 28);

    let (mut app, _) = specific_blow(LOLA, SpecificBlow::DisarmAndCatch, &[]);
    let arsenal = unit_state::<gridkeeper::battle::Arsenal>(&mut app, LOLA);
    assert_eq!(arsenal.in_hand, WeaponChoice::Unarmed);
    assert_eq!(arsenal.lost, [0]);
}

/// Ends Big Jim's turn and takes the battle on to `unit`'s act in round 2, nobody declaring
/// anything.
fn on_to_round_two(app: &mut App, unit: UnitId) {
    send(app, Command::EndTurn { unit: BIG_JIM });
    until_the_act_of(app, unit, &[]);
    assert_eq!(app.world().resource::<Flow>().round, 2);
}

/// Big Jim restrains Lola at −2: she is held, and in her next act can do nothing but try to
/// break free, her Hand-to-Hand (RM 16, 62%) at the restrain's −2 (42%): 99 fails, and once
/// tried she is done for the round; a round on, 10 frees her.
#[test]
fn a_restrained_unit_can_only_try_to_break_free_at_the_restrains_steps() {
    let (mut app, struck) = specific_blow(LOLA, SpecificBlow::Restrain, &[]);
    assert!(struck.contains(&EventKind::Held {
        unit: LOLA,
        holder: BIG_JIM
    }));
    assert_eq!(vitals(&mut app, LOLA).hit_points, 28, "no damage");
    let held = condition(&mut app, LOLA);
    assert_eq!((held.held_by, held.restrained), (Some(BIG_JIM), true));
    assert_eq!(
        frontier_state(&mut app, LOLA)
            .release_at
            .map(|modifier| (modifier.reason, modifier.effect)),
        Some((reasons::RESTRAINT, Effect::Add(-20)))
    );

    on_to_round_two(&mut app, LOLA);
    let break_free = Command::Maneuver {
        unit: LOLA,
        target: BIG_JIM,
        goal: ManeuverGoal::BreakHold,
    };
    let fire = Command::Fire {
        unit: LOLA,
        weapon: WeaponChoice::Carried(0),
        mode: FireMode::single(BIG_JIM),
    };
    assert!(matches!(
        refusal(&mut app, fire),
        Some(Rejection::CannotAct(_))
    ));
    let tried = after(&mut app, &percentile(99), break_free.clone());
    assert_eq!(rejected(&tried), None);
    assert_eq!(
        shot_modifiers(&tried, LOLA),
        [vec![(reasons::RESTRAINT, -20)]]
    );
    assert_eq!(first_chance(&tried), Some(42));
    assert_eq!(condition(&mut app, LOLA).held_by, Some(BIG_JIM));
    assert_eq!(
        refusal(&mut app, break_free.clone()),
        Some(Rejection::ActionUsed)
    );

    send(&mut app, Command::EndTurn { unit: LOLA });
    until_the_act_of(&mut app, LOLA, &[]);
    let freed = after(&mut app, &percentile(10), break_free);
    assert!(freed.contains(&EventKind::Released {
        unit: LOLA,
        holder: BIG_JIM
    }));
    let free = condition(&mut app, LOLA);
    assert_eq!((free.held_by, free.restrained), (None, false));
    assert_eq!(condition(&mut app, BIG_JIM).holding, None);
}

/// Tripped, Lola rolls her Hand-to-Hand (62%) to get up: 10 and she is up; 99 and she is up
/// all the same but stumbles, and Big Jim (2 yards off, no longer declaring a trip) gets a free
/// punch at once: 10 hits (78%) for 2D10+1 = 5 + 6 + 1 = 12, a plain blow.
#[test]
fn a_tripped_unit_rolls_to_rise_and_a_stumble_gives_each_foe_a_free_blow() {
    let (mut app, _) = specific_blow(LOLA, SpecificBlow::Trip, &[]);
    assert!(frontier_state(&mut app, LOLA).tripped);
    on_to_round_two(&mut app, LOLA);
    let risen = after(&mut app, &percentile(10), Command::StandUp { unit: LOLA });
    assert!(risen.contains(&EventKind::StoodUp { unit: LOLA }));
    assert!(!risen.contains(&EventKind::from(FrontierEvent::Stumbled { unit: LOLA })));
    assert!(!frontier_state(&mut app, LOLA).tripped);

    let (mut app, _) = specific_blow(LOLA, SpecificBlow::Trip, &[]);
    on_to_round_two(&mut app, LOLA);
    let faces: Vec<u32> = [99, 10]
        .iter()
        .flat_map(|roll| percentile(*roll))
        .chain([5, 6])
        .chain(percentile(1))
        .collect();
    let stumbled = after(&mut app, &faces, Command::StandUp { unit: LOLA });
    assert_eq!(rejected(&stumbled), None);
    assert!(stumbled.contains(&EventKind::from(FrontierEvent::Stumbled { unit: LOLA })));
    assert!(stumbled.contains(&EventKind::Attacked {
        unit: BIG_JIM,
        target: LOLA,
        weapon: "bare hands".to_string()
    }));
    assert_eq!(shot_modifiers(&stumbled, BIG_JIM), [Vec::new()]);
    assert_eq!(vitals(&mut app, LOLA).hit_points, 28 - 12);
    assert!(!condition(&mut app, LOLA).prone);
}

/// Restrained by Big Jim, the careful AI playing Lola declares and then tries to break free in
/// her next act slot, refused nothing.
#[test]
fn a_restrained_ai_tries_to_break_free() {
    let mut scenario = specs_sample("dry-gulch.ron", None);
    for unit in &mut scenario.units {
        unit.control = Control::Person;
    }
    scenario.units[LOLA.index()].start = Tile { x: 31, y: 4 };
    let mut app = with_ai_playing(scenario, LOLA, gridkeeper::ai::Style::Careful);
    app.world_mut().resource_mut::<Controllers>().0[LOLA.index()] = Control::Person;
    load(&mut app, &[7, 3]);
    send(&mut app, Command::Begin);
    let restrain = Declaration {
        movement: DeclaredMove::Stay,
        act: DeclaredAct::Strike { target: LOLA },
        blow: Some(SpecificBlow::Restrain),
        ..Declaration::default()
    };
    until_the_act_of(&mut app, BIG_JIM, &[(BIG_JIM, restrain)]);
    let struck = after(
        &mut app,
        &percentile(10),
        Command::Attack {
            unit: BIG_JIM,
            target: LOLA,
            weapon: WeaponChoice::Unarmed,
        },
    );
    assert_eq!(rejected(&struck), None);
    app.world_mut().resource_mut::<Controllers>().0[LOLA.index()] = Control::Ai;
    send(&mut app, Command::EndTurn { unit: BIG_JIM });
    let tried = |app: &App| {
        events(app).contains(&EventKind::Maneuvered {
            unit: LOLA,
            target: BIG_JIM,
            goal: ManeuverGoal::BreakHold,
        })
    };
    for _ in 0..60 {
        match app.world().resource::<Flow>().turn {
            _ if tried(&app) => break,
            Some(turn) if turn.unit == LOLA => app.update(),
            Some(turn) if turn.limits.kind == TurnKind::Declare => send(
                &mut app,
                FrontierCommand::Declare {
                    unit: turn.unit,
                    declaration: Declaration::default(),
                }
                .into(),
            ),
            Some(turn) => send(&mut app, Command::EndTurn { unit: turn.unit }),
            None => app.update(),
        }
    }
    assert!(tried(&app));
    assert!(
        events(&app)
            .iter()
            .all(|event| !matches!(event, EventKind::Rejected { .. })),
        "nothing refused"
    );
}
