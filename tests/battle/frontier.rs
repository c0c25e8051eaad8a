//! The frontier western in the battle, with Noon at Dry Gulch's six, every one played by a
//! person: the order of declaration and action from AGI with its d10 roll-off, postures that
//! feed cover, standing up from prone at half the movement, a holstered gun drawn at −2, and
//! several shots in one pull at −(n−1) each.

use gridkeeper::battle::Arsenal;
use gridkeeper::battle::command::FireMode;
use gridkeeper::map::Tile;
use gridkeeper::rules::modifiers::Effect;
use gridkeeper::rules::round::TurnKind;
use gridkeeper::rules::situation::Posture;
use gridkeeper::rulesets::frontier::battle::commands::FrontierCommand;
use gridkeeper::rulesets::frontier::battle::declaration::{Declaration, DeclaredAct, DeclaredMove};

use super::*;
use gridkeeper::rulesets::frontier::battle::events::FrontierEvent;
use gridkeeper::rulesets::frontier::reasons;

pub(crate) const WES: UnitId = UnitId(0);
pub(crate) const LOLA: UnitId = UnitId(1);
pub(crate) const KID: UnitId = UnitId(3);

/// A declaration to move (or not) and fire `shots` at `target`.
pub(crate) fn firing(target: UnitId, shots: u32) -> Declaration {
    Declaration {
        movement: DeclaredMove::Move,
        act: DeclaredAct::Fire { target, shots },
        ..Declaration::default()
    }
}

/// Go on to `unit`'s act slot: each unit declaring on the way declares as `declared` says
/// (the rest stay and do nothing), and each acting passes.
pub(crate) fn until_the_act_of(app: &mut App, unit: UnitId, declared: &[(UnitId, Declaration)]) {
    while let Some(turn) = app.world().resource::<Flow>().turn {
        if turn.limits.kind == TurnKind::Declare {
            let declaration = declared
                .iter()
                .find(|(declarer, _)| *declarer == turn.unit)
                .map(|(_, declaration)| *declaration)
                .unwrap_or_default();
            send(
                app,
                FrontierCommand::Declare {
                    unit: turn.unit,
                    declaration,
                }
                .into(),
            );
        } else if turn.unit == unit {
            return;
        } else {
            send(app, Command::EndTurn { unit: turn.unit });
        }
    }
}

/// Dry Gulch with every unit played by a person, its round begun with the roll-off's d10s
/// loaded (Wes's, then Lola's).
pub(crate) fn dry_gulch(roll_off: &[u32]) -> App {
    dry_gulch_placed(roll_off, &[])
}

/// [`dry_gulch`], with `places` moving units to other tiles first.
pub(crate) fn dry_gulch_placed(roll_off: &[u32], places: &[(UnitId, (u32, u32))]) -> App {
    let mut scenario = specs_sample("dry-gulch.ron", None);
    for unit in &mut scenario.units {
        unit.control = Control::Person;
    }
    for (unit, at) in places {
        scenario.units[unit.index()].start = Tile { x: at.0, y: at.1 };
    }
    let mut app = test_app(scenario);
    load(&mut app, roll_off);
    send(&mut app, Command::Begin);
    app
}

/// The order of the first round begun.
fn first_order(app: &App) -> Vec<UnitId> {
    events(app)
        .into_iter()
        .find_map(|event| match event {
            EventKind::RoundBegan { order, .. } => Some(order),
            _ => None,
        })
        .expect("a round began")
}

/// The modifiers of each attack roll `unit` made among `events`, as (reason, points).
pub(crate) fn shot_modifiers(
    events: &[EventKind],
    unit: UnitId,
) -> Vec<Vec<(ModifierReason, i32)>> {
    events
        .iter()
        .filter_map(|event| match event {
            EventKind::Rolled { unit: roller, roll } if *roller == unit => Some(
                roll.modifiers
                    .iter()
                    .map(|modifier| match modifier.effect {
                        Effect::Add(points) => (modifier.reason, points),
                        _ => panic!("the western's steps are points: {modifier:?}"),
                    })
                    .collect(),
            ),
            _ => None,
        })
        .collect()
}

/// Every unit declares, the lowest AGI first, then acts in the reverse order.
fn declared_then_acting(acting: [UnitId; 6]) -> Vec<UnitId> {
    acting.iter().rev().chain(acting.iter()).copied().collect()
}

/// Big Jim (AGI 8) declares first, then Doc (9), Pete (10), Wes and Lola (13) by their
/// roll-off, the higher d10 first, and the Kid (14) last; they act in the reverse order. A
/// roll-off that ties rolls again; the order is kept for the battle, so round 2 rolls no die
/// for it.
#[test]
fn the_lowest_agi_declares_first_and_the_highest_acts_first() {
    let kid_lola_wes = declared_then_acting([KID, LOLA, WES, UnitId(5), UnitId(2), UnitId(4)]);
    let mut app = dry_gulch(&[7, 3]);
    assert_eq!(first_order(&app), kid_lola_wes);
    assert_eq!(
        kid_lola_wes[..6],
        [UnitId(4), UnitId(2), UnitId(5), WES, LOLA, KID]
    );
    load(&mut app, &[1, 10]);
    for unit in kid_lola_wes.clone() {
        send(&mut app, Command::EndTurn { unit });
    }
    let orders: Vec<Vec<UnitId>> = events(&app)
        .into_iter()
        .filter_map(|event| match event {
            EventKind::RoundBegan { order, .. } => Some(order),
            _ => None,
        })
        .collect();
    assert_eq!(
        orders,
        vec![kid_lola_wes.clone(); 2],
        "round 2 keeps round 1's order"
    );
    let waiting: Vec<u32> = app
        .world()
        .resource::<BattleDice>()
        .dice
        .waiting()
        .collect();
    assert_eq!(waiting, [1, 10], "no die was rolled for the order");
    assert_eq!(
        first_order(&dry_gulch(&[2, 9])),
        declared_then_acting([KID, WES, LOLA, UnitId(5), UnitId(2), UnitId(4)])
    );
    assert_eq!(first_order(&dry_gulch(&[6, 6, 9, 1])), kid_lola_wes);
}

/// Lola kneels in the open (−2 to shots at her); next round the Kid fires the three shots he
/// declared at her in one pull, 32 yards off (long, −4), each at −2 for the three; Lola lies
/// down (−4 in place of the −2), and standing up again costs half her 8.6 yards.
#[test]
fn postures_feed_cover_and_several_shots_cost_each() {
    let mut app = dry_gulch(&[7, 3]);
    until_the_act_of(&mut app, LOLA, &[]);
    let taken = after(
        &mut app,
        &[],
        Command::TakePosture {
            unit: LOLA,
            posture: Posture::Kneeling,
        },
    );
    assert!(taken.contains(&EventKind::PostureTaken {
        unit: LOLA,
        posture: Posture::Kneeling
    }));
    assert!(condition(&mut app, LOLA).kneeling);
    until_the_act_of(&mut app, KID, &[(KID, firing(LOLA, 3))]);
    let misses: Vec<u32> = [99, 98, 97]
        .iter()
        .flat_map(|value| percentile(*value))
        .collect();
    let fired = after(
        &mut app,
        &misses,
        Command::Fire {
            unit: KID,
            weapon: WeaponChoice::Carried(0),
            mode: FireMode::Shots(vec![LOLA; 3]),
        },
    );
    let expected = vec![
        (ModifierReason::LongRange, -40),
        (ModifierReason::HalfCover, -20),
        (ModifierReason::MultipleShots, -20),
    ];
    assert_eq!(shot_modifiers(&fired, KID), vec![expected; 3]);
    send(&mut app, Command::EndTurn { unit: KID });
    send(
        &mut app,
        Command::TakePosture {
            unit: LOLA,
            posture: Posture::Prone,
        },
    );
    let lying = condition(&mut app, LOLA);
    assert!(lying.prone && !lying.kneeling);
    // Standing costs half of 86 tenths of a yard: 43 are left of the turn's movement.
    send(
        &mut app,
        Command::TakePosture {
            unit: LOLA,
            posture: Posture::Standing,
        },
    );
    assert!(!condition(&mut app, LOLA).prone);
    let turn = app.world().resource::<Flow>().turn.expect("Lola's turn");
    assert_eq!(turn.spent, 43);
    assert_eq!(
        refusal(
            &mut app,
            Command::TakePosture {
                unit: LOLA,
                posture: Posture::Standing
            }
        ),
        Some(Rejection::NotNow("it is standing already".to_string()))
    );
}

/// Wes's Colt is holstered: his hand is empty until he draws, and a shot the round he draws
/// is at −2; the Kid at 33 yards is long range (−4): 76 − 60 = 16%.
#[test]
fn a_holstered_gun_is_drawn_at_minus_two() {
    let mut app = dry_gulch(&[2, 9]);
    until_the_act_of(&mut app, WES, &[(WES, firing(KID, 1))]);
    let in_hand = unit_state::<Arsenal>(&mut app, WES).in_hand;
    assert_eq!(in_hand, WeaponChoice::Unarmed);
    send(
        &mut app,
        Command::Ready {
            unit: WES,
            weapon: WeaponChoice::Carried(0),
        },
    );
    assert_eq!(frontier_state(&mut app, WES).drew_in, Some(1));
    let fired = after(
        &mut app,
        &percentile(99),
        Command::Fire {
            unit: WES,
            weapon: WeaponChoice::Carried(0),
            mode: FireMode::Shots(vec![KID]),
        },
    );
    assert_eq!(
        shot_modifiers(&fired, WES),
        vec![vec![
            (ModifierReason::LongRange, -40),
            (reasons::DRAWING, -20)
        ]]
    );
    assert_eq!(first_chance(&fired), Some(16));
}

/// The chance the first roll among `events` was made at.
pub(crate) fn first_chance(events: &[EventKind]) -> Option<u32> {
    events.iter().find_map(|event| match event {
        EventKind::Rolled { roll, .. } => match &roll.verdict {
            gridkeeper::rules::roll::RollVerdict::Chance(verdict) => Some(verdict.chance),
            _ => None,
        },
        _ => None,
    })
}

/// The Kid's bullet takes 18 from Lola (28): her Concentration roll (RM 10, 50%; −1 for the
/// heavy wound, −3 at half her Damage Points or below: 10%) fails on 99, so she falls, drops her
/// shotgun and her turn goes by. As the round ends the wound is located (d100 78: the right
/// arm) and she bleeds 1. Next round she masters the pain on a 5, and Doc's First Aid (RM 23,
/// 76%) stops the bleeding without healing her.
#[test]
fn a_wound_is_felt_located_and_bleeds_until_first_aid() {
    const DOC: UnitId = UnitId(2);
    let mut app = dry_gulch(&[7, 3]);
    until_the_act_of(&mut app, KID, &[(KID, firing(LOLA, 1))]);
    let hit: Vec<u32> = percentile(10)
        .into_iter()
        .chain([9, 9])
        .chain(percentile(99))
        .collect();
    let shot = after(
        &mut app,
        &hit,
        Command::Fire {
            unit: KID,
            weapon: WeaponChoice::Carried(0),
            mode: FireMode::Shots(vec![LOLA]),
        },
    );
    assert!(shot.contains(&EventKind::from(FrontierEvent::PainFelt {
        unit: LOLA,
        failure: gridkeeper::rulesets::frontier::wounds::PainFailure::FallAndDrop,
        dropped: Some("Double-barrel shotgun".to_string()),
    })));
    let concentration = shot_modifiers(&shot, LOLA);
    assert_eq!(
        concentration,
        vec![vec![
            (reasons::HEAVY_WOUND, -10),
            (ModifierReason::Wounded, -30)
        ]]
    );
    assert!(condition(&mut app, LOLA).prone);
    let mark = event_count(&app);
    send(&mut app, Command::EndTurn { unit: KID });
    assert!(
        events_from(&app, mark)
            .contains(&EventKind::from(FrontierEvent::DownInPain { unit: LOLA }))
    );
    assert_ne!(acting(&app), Some(LOLA));
    // The round ends on Big Jim's turn: a d100 for the location; the order is kept, so no
    // roll-off follows.
    until_the_turn_of(&mut app, UnitId(4));
    let mark = event_count(&app);
    load(&mut app, &[78]);
    send(&mut app, Command::EndTurn { unit: UnitId(4) });
    let ended = events_from(&app, mark);
    assert!(
        ended.contains(&EventKind::from(FrontierEvent::WoundLocated {
            unit: LOLA,
            weapon: "Colt .45".to_string(),
            die: 78,
            part: gridkeeper::rules::body::BodyPart::RightArm,
        }))
    );
    assert!(ended.contains(&EventKind::from(FrontierEvent::Bled {
        unit: LOLA,
        loss: 1
    })));
    assert_eq!(vitals(&mut app, LOLA).hit_points, 9);
    // Round 2: Doc declares First Aid for Lola; the Kid passes; Lola rolls against the pain
    // again and masters it.
    let tending = Declaration {
        movement: DeclaredMove::Move,
        act: DeclaredAct::FirstAid { patient: LOLA },
        ..Declaration::default()
    };
    until_the_act_of(&mut app, KID, &[(DOC, tending)]);
    let mark = event_count(&app);
    load(&mut app, &percentile(5));
    send(&mut app, Command::EndTurn { unit: KID });
    assert!(
        events_from(&app, mark)
            .contains(&EventKind::from(FrontierEvent::PainMastered { unit: LOLA }))
    );
    assert_eq!(acting(&app), Some(LOLA));
    until_the_turn_of(&mut app, DOC);
    send(
        &mut app,
        Command::Move {
            unit: DOC,
            to: Tile::new(3, 8),
        },
    );
    let tended = after(
        &mut app,
        &percentile(20),
        Command::FirstAid {
            unit: DOC,
            patient: LOLA,
        },
    );
    assert!(
        tended.contains(&EventKind::from(FrontierEvent::BleedingStopped {
            unit: LOLA,
            by: DOC
        }))
    );
    assert!(!frontier_state(&mut app, LOLA).bleeding);
    assert_eq!(
        vitals(&mut app, LOLA).hit_points,
        9,
        "First Aid heals nothing here"
    );
}

/// A bullet through an iron water tank loses 1D10 (the western's iron) rather than the tank's
/// armor points: the Colt's 18 less a 4 is 14 taken, and the log tells the tank's roll.
#[test]
fn a_bullet_through_iron_loses_a_d10() {
    let text = r#"(name: "Tank", map: Inline((name: "Street", legend: { '.': Floor, 'W': Wall,
        'i': (kind: HighCover, name: "iron water tank", material: Some(Iron)) },
        rows: ["WWWWWWWWWW", "W........W", "W........W", "W......i.W", "W........W", "WWWWWWWWWW"])),
        rules: (ruleset: Frontier),
        sides: [(id: "law", name: "Law"), (id: "outlaws", name: "Outlaws")],
        units: [
            (name: "Wes", side: "law", at: (2, 3), characteristics: (STR: 10, AGI: 14, Conc: 12, INT: 9),
             skills: { "Hand Guns": 10 }, weapons: [(weapon: "Colt .45", spare: 12)]),
            (name: "Kid", side: "outlaws", at: (8, 3), characteristics: (STR: 9, AGI: 8, Conc: 8, INT: 10),
             skills: { "Hand Guns": 8 }, weapons: [(weapon: "Colt .45", spare: 12)]),
        ],
        victory: LastSideStanding)"#;
    let scenario = Scenario::parse("tank", text, None).unwrap_or_else(|error| panic!("{error}"));
    let mut app = test_app(scenario);
    send(&mut app, Command::Begin);
    until_the_act_of(&mut app, UnitId(0), &[(UnitId(0), firing(UnitId(1), 1))]);
    let dice: Vec<u32> = percentile(10)
        .into_iter()
        .chain([9, 9, 4])
        .chain(percentile(1))
        .collect();
    let shot = after(
        &mut app,
        &dice,
        Command::Fire {
            unit: UnitId(0),
            weapon: WeaponChoice::Carried(0),
            mode: FireMode::Shots(vec![UnitId(1)]),
        },
    );
    assert!(
        shot.contains(&EventKind::from(FrontierEvent::ThroughMaterial {
            unit: UnitId(1),
            cover: "iron water tank".to_string(),
            faces: vec![4],
            stopped: 4,
        }))
    );
    let taken = shot.iter().find_map(|event| match event {
        EventKind::Damaged { taken, cover, .. } => Some((*taken, *cover)),
        _ => None,
    });
    assert_eq!(taken, Some((14, 4)));
}
