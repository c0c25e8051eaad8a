//! The keeper's hand, headless: typed-in dice land exactly as the same faces from the stream
//! would, undo takes the battle back to the very events it had, every keeper's order survives a
//! save and a replay, and nothing the players may not read reaches their copy of the log.
// Plays the shipped files of every rulebook: built with all five.
#![cfg(all_rulebooks)]

use bevy::prelude::*;
use gridkeeper::battle::command::{Adjustment, Command, KeeperOrder, WeaponChoice};
use gridkeeper::battle::event::{Event, EventKind, Reveal};
use gridkeeper::battle::{
    ActiveScenario, BattleDice, CommandLog, CommandQueue, Controllers, EventLog, Flow, UnitId,
};
use gridkeeper::log::visibility::players_lines;
use gridkeeper::log::{Reader, markdown};
use gridkeeper::map::Tile;
use gridkeeper::map::roster::{recruit, roster};
use gridkeeper::map::scenario::{Control, Scenario, UnitFile};
use gridkeeper::replay::{EventDigest, Replay, undo};
use gridkeeper::rules::roll::DieRole;

const ADA: UnitId = UnitId(0);
const BO: UnitId = UnitId(1);
const CULTIST: UnitId = UnitId(2);
const LURKER: UnitId = UnitId(3);
const LATECOMER: UnitId = UnitId(4);

/// Two rooms split by a wall: the investigators and a cultist beside Ada in the west, a hidden
/// lurker in the east, out of everyone's sight; a latecomer held in reserve. The cult is played
/// by the AI, so its numbers are secret.
fn two_rooms() -> Scenario {
    let unit = |name: &str, side: &str, at: (u32, u32), dex: u32, extra: &str| {
        format!(
            "(name: \"{name}\", side: \"{side}\", at: {at:?}, characteristics: (STR: 50, CON: 50, \
             SIZ: 50, DEX: {dex}, APP: 50, INT: 50, POW: 50, EDU: 50, LUCK: 50), skills: \
             {{ \"Fighting (Brawl)\": 50, \"Dodge\": 40, \"Firearms (Handgun)\": 50, \
             \"Listen\": 60 }}{extra})"
        )
    };
    let units = [
        unit(
            "Ada",
            "investigators",
            (2, 2),
            90,
            ", weapons: [(weapon: \".38 or 9mm Revolver\", spare: 6)]",
        ),
        unit("Bo", "investigators", (2, 4), 70, ""),
        unit("Cultist", "cult", (3, 2), 40, ""),
        unit("Lurker", "cult", (10, 3), 30, ", hidden: true"),
        unit("Latecomer", "cult", (10, 1), 20, ", reserve: true"),
    ];
    let text = format!(
        "(name: \"Two rooms\", map: Inline((name: \"Two rooms\", legend: {{ '.': Floor, \
         '#': Wall }}, rows: [\"#############\", \"#......#....#\", \"#......#....#\", \
         \"#......#....#\", \"#......#....#\", \"#......#....#\", \"#############\"])), \
         sides: [(id: \"investigators\", name: \"Investigators\"), (id: \"cult\", name: \
         \"Cult\", control: Ai)], units: [{}], victory: LastSideStanding)",
        units.join(", ")
    );
    Scenario::parse("two rooms", &text, None).unwrap_or_else(|error| panic!("{error}"))
}

fn app(seed: u64) -> App {
    let mut app = gridkeeper::headless_app(two_rooms(), seed);
    app.update();
    app
}

fn events(app: &App) -> &[Event] {
    &app.world().resource::<EventLog>().0
}

fn digest(app: &App) -> EventDigest {
    EventDigest::of(events(app))
}

/// Queue a command and let the battle resolve it, with the AI's answers it sets off.
fn send(app: &mut App, command: Command) {
    app.world_mut()
        .resource_mut::<CommandQueue>()
        .0
        .push_back(command);
    app.update();
}

fn keeper(app: &mut App, order: KeeperOrder) {
    send(app, Command::Keeper(order));
}

fn punch() -> Command {
    Command::Attack {
        unit: ADA,
        target: CULTIST,
        weapon: WeaponChoice::Unarmed,
    }
}

/// The faces the dice showed in these events, as they would be typed in: a percentile tens
/// die's 40 is a 4 (its 00 a 10), a units die's 0 a 10.
fn faces_shown(events: &[Event]) -> Vec<u32> {
    let ten_for_zero = |face: u32| if face == 0 { 10 } else { face };
    let mut faces = Vec::new();
    for event in events {
        match &event.kind {
            EventKind::Rolled { roll, .. } => {
                faces.extend(roll.dice.iter().map(|die| match die.role {
                    DieRole::Tens => ten_for_zero(die.face / 10),
                    _ => ten_for_zero(die.face),
                }));
            }
            EventKind::DamageRolled { roll, .. } => {
                faces.extend(roll.dice().map(|(_, die)| die.face));
            }
            _ => {}
        }
    }
    faces
}

fn refused(events: &[Event]) -> Vec<&Event> {
    events
        .iter()
        .filter(|event| matches!(event.kind, EventKind::Rejected { .. }))
        .collect()
}

#[test]
fn typed_in_dice_give_what_the_same_faces_from_the_stream_give() {
    // Under seed 7 Ada punches the cultist (who answers by the AI's policy): the faces the
    // stream gave, read back from the events.
    let mut streamed = app(7);
    send(&mut streamed, Command::Begin);
    let from = events(&streamed).len();
    let drawn_before = streamed.world().resource::<BattleDice>().dice.drawn();
    send(&mut streamed, punch());
    let by_stream: Vec<Event> = events(&streamed)[from..].to_vec();
    let faces = faces_shown(&by_stream);
    let drawn = streamed.world().resource::<BattleDice>().dice.drawn() - drawn_before;
    assert_eq!(
        faces.len() as u64,
        drawn,
        "every face is in the events: {by_stream:?}"
    );

    // Under seed 99 the same punch with those faces typed in makes the very same events.
    let mut typed = app(99);
    send(&mut typed, Command::Begin);
    keeper(
        &mut typed,
        KeeperOrder::EnterDice {
            faces: faces.clone(),
        },
    );
    let from = events(&typed).len();
    send(&mut typed, punch());
    assert_eq!(events(&typed)[from..], by_stream[..]);

    // And seed 99's own faces make other events: the typed faces were what counted.
    let mut other = app(99);
    send(&mut other, Command::Begin);
    let from = events(&other).len();
    send(&mut other, punch());
    assert_ne!(events(&other)[from..], by_stream[..]);

    // Faces no die has are refused, and nothing is loaded.
    keeper(&mut other, KeeperOrder::EnterDice { faces: vec![4, 0] });
    keeper(&mut other, KeeperOrder::EnterDice { faces: vec![101] });
    keeper(&mut other, KeeperOrder::EnterDice { faces: Vec::new() });
    assert_eq!(refused(events(&other)).len(), 3);
}

#[test]
fn undo_takes_the_battle_back_to_exactly_the_events_before() {
    let mut app = app(7);
    send(&mut app, Command::Begin);
    send(
        &mut app,
        Command::Move {
            unit: ADA,
            to: Tile::new(2, 1),
        },
    );
    let before = digest(&app);
    let commands_before = app.world().resource::<CommandLog>().0.clone();
    send(
        &mut app,
        Command::Attack {
            unit: ADA,
            target: CULTIST,
            weapon: WeaponChoice::Unarmed,
        },
    );
    // A command refused after it (Ada has no second attack) is taken back with it.
    send(&mut app, punch());
    assert_ne!(digest(&app), before);

    let taken_back = undo(app.world_mut());
    assert_eq!(taken_back, Some(punch()));
    assert_eq!(digest(&app), before);
    assert_eq!(app.world().resource::<CommandLog>().0, commands_before);

    // A keeper's order is undone like any other command: the typed dice are gone with it.
    keeper(&mut app, KeeperOrder::EnterDice { faces: vec![1, 1] });
    assert_eq!(
        undo(app.world_mut()),
        Some(Command::Keeper(KeeperOrder::EnterDice {
            faces: vec![1, 1]
        }))
    );
    assert_eq!(digest(&app), before);
    send(&mut app, punch());
    let mut fresh = self::app(7);
    for command in commands_before.iter().chain([&punch()]) {
        send(&mut fresh, command.clone());
    }
    assert_eq!(digest(&app), digest(&fresh));
}

/// Every kind of keeper's order, each carried out.
fn every_order(app: &mut App) {
    let adjust = |unit, change| KeeperOrder::Adjust { unit, change };
    send(app, Command::Begin);
    let ghoul = enlist(app, "Ghoul", 1, Tile::new(5, 5));
    for order in [
        KeeperOrder::EnterDice { faces: vec![5, 5] },
        adjust(BO, Adjustment::HitPoints(6)),
        adjust(
            ADA,
            Adjustment::Ammunition {
                weapon: 0,
                loaded: 2,
                spare: 1,
            },
        ),
        adjust(BO, Adjustment::Prone(true)),
        adjust(CULTIST, Adjustment::Stunned(1)),
        adjust(BO, Adjustment::Place(Tile::new(4, 4))),
        KeeperOrder::Bring {
            unit: LATECOMER,
            at: Tile::new(9, 1),
        },
        adjust(LATECOMER, Adjustment::Remove),
        KeeperOrder::Reveal { unit: LURKER },
        KeeperOrder::Roll {
            unit: BO,
            skill: "Listen".to_string(),
            secret: true,
        },
        KeeperOrder::Roll {
            unit: ADA,
            skill: "con".to_string(),
            secret: false,
        },
        adjust(CULTIST, Adjustment::HitPoints(2)),
        ghoul,
        // An order for the unit brought in: its id is the next after the scenario's.
        adjust(ENLISTED, Adjustment::Prone(true)),
    ] {
        keeper(app, order);
    }
    assert_eq!(refused(events(app)), Vec::<&Event>::new());
}

/// The unit the keeper brings in first takes the id after the scenario's five.
const ENLISTED: UnitId = UnitId(5);

/// The roster's unit of this name, made ready to join the battle in `app` on the side at
/// `side`, at `at`.
fn enlist(app: &App, name: &str, side: usize, at: Tile) -> KeeperOrder {
    let scenario = &app.world().resource::<ActiveScenario>().0;
    let units = roster(scenario.ruleset.as_ref()).unwrap_or_else(|error| panic!("{error}"));
    let entry = units
        .iter()
        .find(|unit| unit.name == name)
        .unwrap_or_else(|| panic!("the roster has no {name}"));
    KeeperOrder::Enlist {
        unit: Box::new(recruit(entry, scenario, side, at)),
    }
}

fn names(app: &App) -> Vec<String> {
    let scenario = &app.world().resource::<ActiveScenario>().0;
    scenario
        .units
        .iter()
        .map(|unit| unit.name.clone())
        .collect()
}

#[test]
fn a_unit_from_the_roster_joins_takes_turns_and_goes_again_with_an_undo() {
    let mut app = app(5);
    send(&mut app, Command::Begin);
    let before = digest(&app);
    let ghoul = enlist(&app, "Ghoul", 1, Tile::new(5, 5));
    keeper(&mut app, ghoul);
    assert_eq!(refused(events(&app)), Vec::<&Event>::new());
    assert_eq!(names(&app).len(), 6);
    assert_eq!(names(&app)[5], "Ghoul");
    assert!(matches!(
        events(&app).last().map(|event| &event.kind),
        Some(EventKind::UnitJoined { unit: ENLISTED, at }) if *at == Tile::new(5, 5)
    ));
    let (vitals, side) = {
        let scenario = &app.world().resource::<ActiveScenario>().0;
        let spec = &scenario.units[5];
        (spec.derived.hit_points, spec.side)
    };
    assert_eq!(
        (vitals, side),
        (13, 1),
        "a ghoul of SIZ 65, CON 65 for the cult"
    );
    // Played as its side is here: by the AI.
    assert_eq!(
        app.world().resource::<Controllers>().0.get(5),
        Some(&Control::Ai)
    );

    // A second ghoul is told apart by its name; one on a taken tile, on no side, or with a
    // name already taken is refused with the reason.
    let second = enlist(&app, "Ghoul", 1, Tile::new(5, 4));
    keeper(&mut app, second);
    assert_eq!(names(&app)[6], "Ghoul 2");
    let refusals = |app: &App| refused(events(app)).len();
    for (order, why) in [
        (
            enlist(&app, "Ghoul", 1, Tile::new(5, 5)),
            "someone is already at",
        ),
        (
            enlist(&app, "Ghoul", 1, Tile::new(7, 3)),
            "where nobody can stand",
        ),
        (
            KeeperOrder::Enlist {
                unit: Box::new(UnitFile {
                    name: "Ada".to_string(),
                    ..recruit_file(&app)
                }),
            },
            "already called `Ada`",
        ),
        (
            KeeperOrder::Enlist {
                unit: Box::new(UnitFile {
                    side: "deep ones".to_string(),
                    ..recruit_file(&app)
                }),
            },
            "`deep ones` is not a side here",
        ),
    ] {
        let count = refusals(&app);
        keeper(&mut app, order);
        assert_eq!(refusals(&app), count + 1, "refused: {why}");
        let said = format!("{:?}", events(&app).last().map(|event| &event.kind));
        assert!(said.contains(why), "{said} says {why}");
    }

    // The ghouls take turns from the next round on (the turn order is rolled each round).
    for _ in 0..40 {
        let acting = app.world().resource::<Flow>().acting();
        let Some(unit) = acting else { break };
        if app.world().resource::<Flow>().round > 2 {
            break;
        }
        send(&mut app, Command::EndTurn { unit });
    }
    let ghoul_turns = events(&app)
        .iter()
        .filter(|event| matches!(event.kind, EventKind::TurnBegan { unit, .. } if unit == ENLISTED))
        .count();
    assert!(ghoul_turns > 0, "the ghoul acted: {:?}", events(&app));

    // Undo back past both: the battle and its scenario stand as they did before them.
    while names(&app).len() > 5 {
        undo(app.world_mut()).expect("something to take back");
    }
    assert_eq!(digest(&app), before);
    assert_eq!(app.world().resource::<Controllers>().0.len(), 5);
    let replay = Replay::of_battle(app.world()).expect("a battle");
    assert_eq!(replay.scenario.units.len(), 5);
}

/// The roster's ghoul as it would join the cult at (5, 6).
fn recruit_file(app: &App) -> UnitFile {
    match enlist(app, "Ghoul", 1, Tile::new(5, 6)) {
        KeeperOrder::Enlist { unit } => *unit,
        _ => unreachable!("enlist makes an Enlist order"),
    }
}

#[test]
fn every_keeper_order_survives_a_save_and_a_replay() {
    let mut app = app(11);
    every_order(&mut app);
    let replay = Replay::of_battle(app.world()).expect("a battle");
    let text = replay.to_text();
    assert!(text.contains("Keeper(EnterDice("), "{text}");
    let read = Replay::parse("saved.ron", &text).unwrap_or_else(|error| panic!("{error}"));
    read.verify().unwrap_or_else(|error| panic!("{error}"));
    assert_eq!(digest(&read.play()), digest(&app));
}

#[test]
fn the_players_copy_holds_nothing_of_the_keepers() {
    let mut app = app(11);
    send(&mut app, Command::Begin);
    // Ada shoots the cultist beside her until a bullet lands.
    let hurt = |app: &App| {
        events(app).iter().any(
            |event| matches!(event.kind, EventKind::Damaged { unit, taken, .. } if unit == CULTIST && taken > 0),
        )
    };
    keeper(
        &mut app,
        KeeperOrder::EnterDice {
            faces: vec![1, 5, 3, 3],
        },
    );
    send(
        &mut app,
        Command::Fire {
            unit: ADA,
            weapon: WeaponChoice::Carried(0),
            mode: gridkeeper::battle::command::FireMode::single(CULTIST),
        },
    );
    assert!(hurt(&app), "{:?}", events(&app));
    keeper(
        &mut app,
        KeeperOrder::Roll {
            unit: BO,
            skill: "Listen".to_string(),
            secret: true,
        },
    );
    keeper(
        &mut app,
        KeeperOrder::Adjust {
            unit: CULTIST,
            change: Adjustment::HitPoints(3),
        },
    );
    // A refused order's reason names the unit it aimed at: a hidden one stays unnamed.
    send(
        &mut app,
        Command::Fire {
            unit: ADA,
            weapon: WeaponChoice::Carried(0),
            mode: gridkeeper::battle::command::FireMode::single(LURKER),
        },
    );
    assert!(matches!(
        events(&app).last().map(|event| &event.kind),
        Some(EventKind::Rejected { .. })
    ));
    let scenario = two_rooms();
    let players = markdown(events(&app), &scenario, 11, Reader::Players);
    // Nor the seed, from which the secret rolls could be worked out.
    assert!(!players.contains("seed 11"), "{players}");
    let keepers = markdown(events(&app), &scenario, 11, Reader::Keeper);
    for secret in [
        "Lurker",
        "hit points left",
        "in secret",
        "enters dice",
        "hit points to 3",
    ] {
        assert!(keepers.contains(secret), "the keeper reads {secret:?}");
        assert!(
            !players.contains(secret),
            "the players read {secret:?}:\n{players}"
        );
    }
    assert!(players.contains("Cultist takes a wound"), "{players}");
    // A secret unit's rolls say what came of them, not what they were against; an open one's
    // say both.
    assert!(
        players.contains("Cultist rolls Dodge: hard success\n"),
        "{players}"
    );
    assert!(
        keepers.contains("Cultist rolls Dodge: 15 against 40"),
        "{keepers}"
    );
    assert!(players.contains("Ada rolls Firearms (Handgun): 33 against 50"));

    // Shown by the keeper, the lurker is in the players' copy from then on.
    keeper(&mut app, KeeperOrder::Reveal { unit: LURKER });
    let lines = players_lines(&scenario, events(&app));
    assert!(
        lines
            .last()
            .is_some_and(|(_, line)| line == "Lurker comes out of hiding: the keeper shows it"),
        "{lines:?}"
    );
}

#[test]
fn a_hidden_unit_in_an_enemys_sight_is_revealed_and_one_out_of_it_is_not() {
    let mut app = app(3);
    send(&mut app, Command::Begin);
    assert!(
        !events(&app)
            .iter()
            .any(|event| matches!(event.kind, EventKind::Revealed { .. }))
    );
    // The keeper sets Bo down in the east room: the lurker is seen at once.
    keeper(
        &mut app,
        KeeperOrder::Adjust {
            unit: BO,
            change: Adjustment::Place(Tile::new(8, 5)),
        },
    );
    assert_eq!(
        events(&app).last().map(|event| &event.kind),
        Some(&EventKind::Revealed {
            unit: LURKER,
            how: Reveal::SeenBy(BO)
        })
    );
}

/// The keeper setting a unit's hit points leaves it as the rulebook's sheet says a wound taking
/// it there would: one rule for both. The d100 house sheet (SPECS.md 4.1, Hit points and dying:
/// "at 5 HP or less the unit is unconscious; at 0 or less it is dead") kills a unit set to 0
/// and knocks out one set to 3, which wakes when set to 10; CoC 7e's unit set to 0 with no
/// major wound is unconscious, not dead (Keeper Rulebook, "Reaching zero hit points").
#[test]
fn the_keepers_hit_points_read_as_the_rulebooks_sheet() {
    use gridkeeper::battle::event::WoundState;
    let wound_states = |app: &App, unit: UnitId| -> Vec<WoundState> {
        events(app)
            .iter()
            .filter_map(|event| match event.kind {
                EventKind::WoundChanged {
                    unit: changed, to, ..
                } if changed == unit => Some(to),
                _ => None,
            })
            .collect()
    };
    let spin_cycle = Scenario::load(
        &std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("maps/spin-cycle.ron"),
    )
    .unwrap_or_else(|error| panic!("{error}"));
    let mut house = gridkeeper::headless_app(spin_cycle, 3);
    house.update();
    send(&mut house, Command::Begin);
    let (first, second) = (UnitId(0), UnitId(1));
    for (unit, hit_points) in [(first, 0), (second, 3), (second, 10)] {
        keeper(
            &mut house,
            KeeperOrder::Adjust {
                unit,
                change: Adjustment::HitPoints(hit_points),
            },
        );
    }
    assert_eq!(refused(events(&house)), Vec::<&Event>::new());
    assert_eq!(wound_states(&house, first), [WoundState::Dead]);
    assert_eq!(
        wound_states(&house, second),
        [WoundState::Unconscious, WoundState::Hurt]
    );
    let mut coc = app(3);
    send(&mut coc, Command::Begin);
    keeper(
        &mut coc,
        KeeperOrder::Adjust {
            unit: BO,
            change: Adjustment::HitPoints(0),
        },
    );
    assert_eq!(wound_states(&coc, BO), [WoundState::Unconscious]);
}
