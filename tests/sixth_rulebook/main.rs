//! A sixth rulebook, defined here and nowhere under `src/`, proves the engine's seam is real:
//! registered at run time (the registry, its battle and AI plugin, its commands' decoder), it
//! is found by name from a scenario file, played by the AI to the end, written to a replay and
//! read back, and its one mechanism of its own (steadying the aim: a command, a component, an
//! event and its log line, an attack stage and an AI stage) works through the engine's doors.
//!
//! The rulebook is small: a d20 at most a fifth of the skill (points added by the situation),
//! damage rolled in the shared notation, whole turns by DEX, no answers to blows or shots,
//! and wounds that kill at 0 hit points.

mod rulebook;
mod steady;

use bevy::prelude::*;
use gridkeeper::battle::command::Command;
use gridkeeper::battle::event::{Event, EventKind};
use gridkeeper::battle::own_state::own_of;
use gridkeeper::battle::{EventLog, Flow, UnitId};
use gridkeeper::map::scenario::Scenario;
use gridkeeper::replay::{Replay, give};
use gridkeeper::rules::dice::Dice;
use gridkeeper::rules::modifiers::ModifierReason;
use gridkeeper::rules::roll::{Demand, RollPurpose};
use gridkeeper::rules::ruleset::Ruleset;

use rulebook::{ID, Sixth, added};
use steady::*;

// ---- A scenario of it ------------------------------------------------------------------------

/// Two wardens with pistols against a rifle and a knife, across a yard with low cover.
const SCENARIO: &str = r#"(
    name: "Sixth yard",
    map: Inline((
        name: "Yard",
        legend: { '.': Floor, 'W': Wall, 'c': LowCover },
        rows: [
            "WWWWWWWWWWWW",
            "W..........W",
            "W..c....c..W",
            "W....cc....W",
            "W..c....c..W",
            "W..........W",
            "WWWWWWWWWWWW",
        ],
    )),
    rules: (ruleset: Sixth),
    sides: [
        (id: "wardens", name: "Wardens"),
        (id: "raiders", name: "Raiders", control: Ai),
    ],
    units: [
        (name: "Ada", side: "wardens", at: (2, 1),
            characteristics: (STR: 50, CON: 60, SIZ: 55, DEX: 65, APP: 50, INT: 60, POW: 50, EDU: 60, LUCK: 50),
            skills: { "Pistol": 60, "Brawl": 40, "First Aid": 40 },
            weapons: [(weapon: "Service Pistol", spare: 16)]),
        (name: "Bram", side: "wardens", at: (2, 5),
            characteristics: (STR: 60, CON: 55, SIZ: 60, DEX: 50, APP: 45, INT: 50, POW: 45, EDU: 50, LUCK: 45),
            skills: { "Pistol": 50, "Brawl": 50 },
            weapons: [(weapon: "Service Pistol", spare: 16)],
            armor: Some((name: "Padded coat", points: 1))),
        (name: "Cole", side: "raiders", at: (9, 1),
            characteristics: (STR: 55, CON: 60, SIZ: 60, DEX: 55, APP: 40, INT: 50, POW: 50, EDU: 40, LUCK: 40),
            skills: { "Rifle": 55, "Brawl": 45 },
            weapons: [(weapon: "Hunting Rifle", spare: 10)]),
        (name: "Dana", side: "raiders", at: (9, 5),
            characteristics: (STR: 70, CON: 65, SIZ: 60, DEX: 70, APP: 40, INT: 45, POW: 40, EDU: 30, LUCK: 40),
            skills: { "Knife": 65, "Brawl": 60 },
            weapons: [(weapon: "Knife")]),
    ],
    victory: LastSideStanding,
)"#;

/// The scenario, read as a file is (the sixth rulebook registered first).
fn scenario() -> Scenario {
    register_the_sixth();
    Scenario::parse("sixth-yard.ron", SCENARIO, None).expect("the sixth rulebook's scenario")
}

/// The seeds the battles are played under.
const SEEDS: [u64; 3] = [1, 2, 3];

/// The most rounds a battle is played for.
const MOST_ROUNDS: u32 = 60;

/// Whether `event` is a roll of `unit`'s, and whether a steadied aim is on it.
fn roll_of(event: &Event, unit: UnitId) -> Option<bool> {
    match &event.kind {
        EventKind::Rolled { unit: roller, roll } if *roller == unit => {
            Some(roll.modifiers.contains(&STEADY))
        }
        _ => None,
    }
}

// ---- Tests -----------------------------------------------------------------------------------

/// The AI plays battles of the sixth rulebook to their end, every command taken; it steadies
/// before attacking, each steadying logged in the rulebook's words, and the roll of the
/// attack after it (and no other) carries the steadied aim, which is spent there.
#[test]
fn the_ai_plays_the_sixth_rulebook_to_the_end_steadying_its_aim() {
    let scenario = scenario();
    assert_eq!(scenario.ruleset.id(), ID);
    for seed in SEEDS {
        let app = Replay::unplayed(scenario.clone(), seed).played_on(Some(MOST_ROUNDS));
        let replay = Replay::of_battle(app.world()).expect("a battle");
        let events = &app.world().resource::<EventLog>().0;
        let winner = events.iter().find_map(|event| match &event.kind {
            EventKind::BattleEnded { outcome } => Some(outcome.winner),
            _ => None,
        });
        assert!(
            matches!(winner, Some(Some(_))),
            "seed {seed}: won by a side"
        );
        let refused: Vec<&Event> = events
            .iter()
            .filter(|event| matches!(event.kind, EventKind::Rejected { .. }))
            .collect();
        assert!(refused.is_empty(), "seed {seed}: {refused:?}");
        let steadyings = replay
            .commands
            .iter()
            .filter(|command| {
                matches!(command, Command::Rulebook(own) if own.of::<SixthCommand>().is_some())
            })
            .count();
        let steadied: Vec<(usize, UnitId)> = events
            .iter()
            .enumerate()
            .filter_map(|(at, event)| {
                let SixthEvent::Steadied { unit } = event.kind.own::<SixthEvent>()?;
                Some((at, *unit))
            })
            .collect();
        assert!(steadyings > 0, "seed {seed}: the AI steadies");
        assert_eq!(steadied.len(), steadyings, "seed {seed}: each is logged");
        for (at, unit) in &steadied {
            assert_eq!(
                gridkeeper::log::describe(&events[*at], &scenario),
                format!("{} steadies their aim", unit.name_in(&scenario))
            );
            let next_roll = events[at + 1..]
                .iter()
                .find_map(|event| roll_of(event, *unit));
            assert_eq!(next_roll, Some(true), "seed {seed}: the attack after it");
        }
        for unit in (0..4).map(UnitId) {
            // A roll with the steadied aim comes after a steadying, before any roll without.
            let mut held = false;
            for (at, event) in events.iter().enumerate() {
                if steadied.contains(&(at, unit)) {
                    held = true;
                }
                match roll_of(event, unit) {
                    Some(true) => assert!(held, "seed {seed}: event {at} was never steadied"),
                    Some(false) => held = false,
                    None => {}
                }
            }
            assert_eq!(
                own_of::<SteadyAim>(app.world(), unit),
                SteadyAim::default(),
                "seed {seed}: every steadied aim is spent"
            );
        }
    }
}

/// A battle's replay is written with the sixth rulebook's commands as its enum writes them,
/// read back through its decoder, and played again makes the same events; without its
/// steadyings the same dice make others.
#[test]
fn a_battle_of_the_sixth_rulebook_is_written_read_back_and_verifies() {
    let replay = Replay::unplayed(scenario(), SEEDS[0]).play_on(Some(MOST_ROUNDS));
    let text = replay.to_text();
    assert!(text.contains("ruleset: Sixth"), "{text}");
    assert!(text.contains("Steady(unit: "), "{text}");
    let read = Replay::parse("sixth.replay.ron", &text).expect("read back");
    assert_eq!(read.scenario.ruleset.id(), ID);
    assert_eq!(read.commands, replay.commands);
    assert_eq!(read.events, replay.events);
    read.verify().expect("the same events");
    let unsteady = Replay {
        commands: read
            .commands
            .iter()
            .filter(|command| !matches!(command, Command::Rulebook(_)))
            .cloned()
            .collect(),
        ..read.clone()
    };
    assert!(unsteady.verify().is_err(), "the steadyings made the events");
}

/// The core roll's chance is exact: a d20 at most a fifth of the value, points added, a 1
/// always and a 20 never; every face of the die, rolled, agrees with it.
#[test]
fn the_sixth_rulebooks_core_roll_is_exactly_its_chance() {
    let sixth = Sixth::new().expect("its tables read");
    let with = |value: u32, points: &[i32]| {
        let modifiers = points
            .iter()
            .map(|points| added(ModifierReason::LongRange, *points));
        Demand::new(value, modifiers.collect())
    };
    let table = [
        (with(60, &[]), 0.60),
        (with(60, &[2]), 0.70),
        (with(60, &[-2, -2]), 0.40),
        (with(3, &[]), 0.05),
        (with(40, &[-20]), 0.05),
        (with(200, &[]), 0.95),
        (with(95, &[2]), 0.95),
    ];
    for (demand, exact) in table {
        assert!((sixth.chance(&demand) - exact).abs() < 1e-12, "{demand:?}");
        let mut dice = Dice::from_seed(7);
        let successes = (1..=20)
            .filter(|face| {
                dice.load([*face]);
                let checked = sixth.check(&mut dice, RollPurpose::Skill("Pistol".into()), &demand);
                assert_eq!(checked.verdict.value, *face);
                assert_eq!(checked.record.success, checked.verdict.success);
                checked.verdict.success
            })
            .count();
        assert!(
            (f64::from(u32::try_from(successes).expect("few")) / 20.0 - exact).abs() < 1e-12,
            "{demand:?}: {successes} of 20"
        );
    }
}

/// A scenario naming a rulebook nobody registered is refused, naming those there are.
#[test]
fn a_scenario_of_a_rulebook_not_registered_is_refused_by_name() {
    register_the_sixth();
    let seventh = SCENARIO.replace("ruleset: Sixth", "ruleset: Seventh");
    let error = Scenario::parse("seventh-yard.ron", &seventh, None)
        .expect_err("no seventh rulebook")
        .to_string();
    assert!(error.contains("no rulebook named `Seventh`"), "{error}");
    assert!(
        error.contains(&format!("`{}`", gridkeeper::rulesets::ids()[0]))
            && error.contains("`Sixth`"),
        "{error}"
    );
}

/// Steadying again before the attack, or out of turn, is refused with the battle as it was.
#[test]
fn steadying_twice_or_out_of_turn_is_refused() {
    let mut app = gridkeeper::headless_app(scenario(), SEEDS[0]);
    app.update();
    give(app.world_mut(), Command::Begin);
    let acting = app.world().resource::<Flow>().acting().expect("a turn");
    let idle = UnitId(u16::from(acting.0 == 0));
    give(app.world_mut(), steady(acting));
    assert!(own_of::<SteadyAim>(app.world(), acting).held);
    for refused in [steady(acting), steady(idle)] {
        give(app.world_mut(), refused);
        let last = &app
            .world()
            .resource::<EventLog>()
            .0
            .last()
            .expect("an event")
            .kind;
        assert!(matches!(last, EventKind::Rejected { .. }), "{last:?}");
    }
    assert!(!own_of::<SteadyAim>(app.world(), idle).held);
}
