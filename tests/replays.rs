//! Replays and saves: a battle recorded as it is played replays to the very same events, saved at
//! any command it plays on to the same end, a save cut off mid-write leaves the one before it
//! whole, and broken, cut-short and newer files are refused by file, line, column and field.
// Plays the shipped files of every rulebook: built with all five.
#![cfg(all_rulebooks)]

#[path = "replays/damaged.rs"]
mod damaged;
mod shipped;

use gridkeeper::rules::bare_name::BareName;
use std::path::{Path, PathBuf};

use bevy::prelude::*;
use gridkeeper::ai::AiStyles;
use gridkeeper::battle::command::{Answer, Command};
use gridkeeper::battle::{
    CommandLog, CommandQueue, Controllers, EventLog, Flow, Phase, TilePosition, UnitId,
};
use gridkeeper::files::FileError;
use gridkeeper::map::Tile;
use gridkeeper::map::scenario::{Control, Scenario, ScenarioFile};
use gridkeeper::replay::{Playback, REPLAY_FORMAT, Replay, give, replay_to, simulate, stall};
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use shipped::shipped;

fn shipped_scenarios() -> Vec<Scenario> {
    ["cellar.ron", "warehouse.ron", "farmstead.ron"]
        .into_iter()
        .map(shipped)
        .collect()
}

fn shipped_replay() -> Replay {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("replays/farmstead-night.ron");
    Replay::load(&path).unwrap_or_else(|error| panic!("{error}"))
}

/// The replay's text read back, or the test fails with the reader's message.
fn read_back(replay: &Replay) -> Replay {
    Replay::parse("battle.ron", &replay.to_text()).unwrap_or_else(|error| panic!("{error}"))
}

fn events(app: &App) -> &[gridkeeper::battle::event::Event] {
    &app.world().resource::<EventLog>().0
}

/// The name CoC's own option of point-blank revisited is written by.
const POINT_BLANK: &str = "point_blank_revisited";

/// A shipped scenario changed at random, as a keeper might lay out another fight on the same
/// map: units left out, moved to each other's places, armed with each other's weapons, put in
/// another order (so another unit wins a DEX tie), and the optional rules switched.
fn random_scenario(rng: &mut ChaCha8Rng, shipped: &[Scenario]) -> Scenario {
    let base = &shipped[rng.random_range(0..shipped.len())];
    loop {
        let mut file: ScenarioFile = base.source.clone();
        file.rules.dex_roll_initiative = rng.random_bool(0.5);
        // CoC's own point-blank option, where the rulebook has it.
        let point_blank = rng.random_bool(0.5);
        let own = gridkeeper::rulesets::find(file.rules.ruleset).and_then(|rulebook| {
            rulebook
                .options
                .iter()
                .find(|option| option.name == POINT_BLANK)
        });
        if let Some(option) = own {
            file.rules
                .set_own(BareName::named(option.name), point_blank);
        }
        file.rules.concealed_damage = rng.random_bool(0.5);
        file.units.shuffle(rng);
        let kept: Vec<_> = file
            .units
            .iter()
            .filter(|_| rng.random_bool(0.75))
            .cloned()
            .collect();
        if file
            .sides
            .iter()
            .all(|side| kept.iter().any(|unit| unit.side == side.id))
        {
            file.units = kept;
        }
        for _ in 0..rng.random_range(0..3) {
            let (a, b) = (
                rng.random_range(0..file.units.len()),
                rng.random_range(0..file.units.len()),
            );
            let (at_a, at_b) = (file.units[a].at, file.units[b].at);
            file.units[a].at = at_b;
            file.units[b].at = at_a;
            if rng.random_bool(0.5) {
                let weapons = std::mem::take(&mut file.units[a].weapons);
                file.units[a].weapons = std::mem::replace(&mut file.units[b].weapons, weapons);
            }
        }
        for unit in &mut file.units {
            let dexterity = &mut unit.characteristics.dexterity;
            *dexterity = (*dexterity + rng.random_range(0..=20))
                .saturating_sub(10)
                .max(15);
        }
        // A victory that names a unit left out is no scenario: lay it out again.
        if let Ok(scenario) = Scenario::from_source("random.ron", "", file) {
            return scenario;
        }
    }
}

// ---- Recorded battles replay exactly ------------------------------------------------------------

#[test]
fn a_battle_the_ai_plays_through_the_app_replays_to_the_very_same_events() {
    for scenario in shipped_scenarios() {
        let name = scenario.name.clone();
        let app = Replay::unplayed(scenario, 7).played_on(None);
        assert!(
            matches!(app.world().resource::<Flow>().phase, Phase::Over(_)),
            "{name}: the battle ends"
        );
        let recorded = Replay::of_battle(app.world()).expect("a battle");
        let text = recorded.to_text();
        let again = read_back(&recorded);
        assert_eq!(
            again.to_text(),
            text,
            "{name}: the text reads back as written"
        );
        let replayed = again.play();
        assert_eq!(events(&replayed), events(&app), "{name}");
        assert_eq!(again.verify(), Ok(()), "{name}");
    }
}

/// The person at the keyboard in the hotseat test: steps toward the nearest enemy, or ends the
/// turn; when attacked, dodges.
fn keyboard_orders(world: &mut World, rng: &mut ChaCha8Rng) -> Option<Command> {
    let flow = world.resource::<Flow>().clone();
    let controllers = world.resource::<Controllers>().0.clone();
    let person = |unit: UnitId| controllers.get(unit.index()) == Some(&Control::Person);
    if let Some(pending) = flow.pending().filter(|pending| person(pending.target)) {
        return Some(Command::Answer {
            unit: pending.target,
            answer: Answer::Dodge,
        });
    }
    let unit = flow.acting().filter(|unit| person(*unit))?;
    if !matches!(flow.phase, Phase::Turn) {
        return None;
    }
    let at = world
        .query::<(&UnitId, &TilePosition)>()
        .iter(world)
        .find(|(id, _)| **id == unit)
        .map(|(_, position)| position.0)?;
    if rng.random_bool(0.4) {
        return Some(Command::EndTurn { unit });
    }
    let to = Tile::new(
        at.x.saturating_add_signed(rng.random_range(-2..=2)),
        at.y.saturating_add_signed(rng.random_range(-2..=2)),
    );
    Some(Command::Move { unit, to })
}

#[test]
fn a_hotseat_battle_with_answers_and_refusals_replays_to_the_very_same_events() {
    let scenario = shipped("cellar.ron");
    let control: Vec<Control> = scenario
        .units
        .iter()
        .map(|unit| {
            if unit.side == 0 {
                Control::Person
            } else {
                Control::Ai
            }
        })
        .collect();
    let mut app = gridkeeper::headless_app(scenario, 21);
    app.insert_resource(Controllers(control.clone()))
        .add_plugins(gridkeeper::ai::plugin);
    app.update();
    let mut rng = ChaCha8Rng::seed_from_u64(21);
    app.world_mut()
        .resource_mut::<CommandQueue>()
        .0
        .push_back(Command::Begin);
    for _ in 0..2_000 {
        let flow = app.world().resource::<Flow>();
        if matches!(flow.phase, Phase::Over(_)) || flow.round > 6 {
            break;
        }
        if app.world().resource::<CommandQueue>().0.is_empty()
            && let Some(order) = keyboard_orders(app.world_mut(), &mut rng)
        {
            app.world_mut()
                .resource_mut::<CommandQueue>()
                .0
                .push_back(order);
        }
        app.update();
    }
    let commands = &app.world().resource::<CommandLog>().0;
    assert!(
        commands.iter().any(|command| matches!(
            command,
            Command::Answer {
                answer: Answer::Dodge,
                ..
            }
        )),
        "the person was attacked and dodged"
    );
    let recorded = Replay::of_battle(app.world()).expect("a battle");
    assert_eq!(recorded.control, control, "who played each unit is saved");
    let again = read_back(&recorded);
    assert_eq!(again.control, control);
    assert_eq!(events(&again.play()), events(&app));
    assert!(
        events(&app).iter().any(|event| matches!(
            event.kind,
            gridkeeper::battle::event::EventKind::Rejected { .. }
        )),
        "some of the person's steps were refused, and replay refused the same way"
    );
}

#[test]
fn two_hundred_random_scenario_and_seed_pairs_round_trip() {
    let shipped = shipped_scenarios();
    let mut rng = ChaCha8Rng::seed_from_u64(200);
    let mut ended = 0;
    for pair in 0..200 {
        let scenario = random_scenario(&mut rng, &shipped);
        let seed = rng.random();
        let recorded = simulate(scenario, seed, Some(4));
        assert!(!recorded.commands.is_empty());
        let again = read_back(&recorded);
        assert_eq!(
            again.to_text(),
            recorded.to_text(),
            "pair {pair}, seed {seed}"
        );
        assert_eq!(again.verify(), Ok(()), "pair {pair}, seed {seed}");
        if recorded.commands.last() != Some(&Command::Begin)
            && matches!(
                again.play().world().resource::<Flow>().phase,
                Phase::Over(_)
            )
        {
            ended += 1;
        }
    }
    assert!(
        ended > 10,
        "some random battles end within four rounds ({ended})"
    );
}

/// A battle of each rulebook's shipped scenario, its own commands among them (the house
/// sheet's dodge stance and divided skill, the western's declarations, the pool's dice plans),
/// written as a replay's text and read back: the same commands, each on its line as the
/// engine's own are, replaying to the same events.
#[test]
fn every_rulebooks_battle_is_written_and_read_back_whole() {
    for file in [
        "warehouse.ron",
        "kingsport.ron",
        "level-b2.ron",
        "dry-gulch.ron",
        "spin-cycle.ron",
    ] {
        let recorded = simulate(shipped(file), 1, Some(3));
        if file == "spin-cycle.ron" {
            assert!(
                recorded
                    .commands
                    .iter()
                    .any(|command| matches!(command, Command::Rulebook(_))),
                "the house sheet's own commands are among them"
            );
        }
        let text = recorded.to_text();
        assert!(
            !text.contains("        ,\n"),
            "{file}: a command written as nothing"
        );
        let again = read_back(&recorded);
        assert_eq!(again.commands, recorded.commands, "{file}");
        assert_eq!(again.verify(), Ok(()), "{file}");
    }
}

#[test]
fn a_battle_saved_at_any_command_plays_on_to_the_same_end() {
    let shipped = shipped_scenarios();
    let mut rng = ChaCha8Rng::seed_from_u64(30);
    for pair in 0..30 {
        let scenario = random_scenario(&mut rng, &shipped);
        let seed = rng.random();
        let whole = simulate(scenario, seed, Some(3));
        let mut saved = whole.clone();
        saved
            .commands
            .truncate(rng.random_range(0..=whole.commands.len()));
        let stop = saved.commands.len();
        let saved = read_back(&saved);
        let resumed = saved.play_on(Some(3));
        assert_eq!(
            resumed.commands, whole.commands,
            "pair {pair}, seed {seed}, saved after {stop} commands"
        );
        assert_eq!(resumed.events, whole.events, "pair {pair}, seed {seed}");
    }
}

// ---- Saves survive being cut off -------------------------------------------------------------

#[test]
fn every_shipped_replay_loads_and_verifies() {
    let folder = Path::new(env!("CARGO_MANIFEST_DIR")).join("replays");
    let mut checked = 0;
    for entry in std::fs::read_dir(&folder).expect("replays/ exists") {
        let path = entry.expect("an entry").path();
        let replay = Replay::load(&path).unwrap_or_else(|error| panic!("{error}"));
        assert_eq!(replay.verify(), Ok(()), "{}", path.display());
        assert_eq!(
            read_back(&replay).to_text(),
            std::fs::read_to_string(&path).expect("text")
        );
        checked += 1;
    }
    assert!(checked >= 1, "no replays in {}", folder.display());
}

#[test]
fn the_shipped_replay_is_eight_rounds_to_the_end() {
    let replay = shipped_replay();
    let played = replay.play();
    let flow = played.world().resource::<Flow>();
    assert_eq!(flow.round, 8);
    assert!(matches!(flow.phase, Phase::Over(_)));
}

#[test]
fn the_viewer_steps_back_to_the_very_battle_it_showed() {
    let replay = shipped_replay();
    let playback = Playback::of(&replay);
    assert_eq!(playback.len(), replay.commands.len());
    assert_eq!(playback.last_round(), 8);
    let starts: Vec<usize> = (1..=8)
        .map(|round| {
            playback
                .step_of_round(round)
                .expect("every round is reached")
        })
        .collect();
    assert!(starts.windows(2).all(|pair| pair[0] < pair[1]));
    assert_eq!(playback.step_of_round(9), None);

    let mut forward = replay.headless(replay.seed);
    let mut seen = vec![events(&forward).to_vec()];
    for command in &replay.commands {
        give(forward.world_mut(), command.clone());
        seen.push(events(&forward).to_vec());
    }
    let mut viewer = replay.headless(replay.seed);
    let mut rng = ChaCha8Rng::seed_from_u64(10);
    for _ in 0..12 {
        let step = rng.random_range(0..=replay.commands.len());
        replay_to(viewer.world_mut(), replay.seed, &replay.commands, step);
        assert_eq!(
            events(&viewer),
            seen[step].as_slice(),
            "back to step {step}"
        );
        assert_eq!(
            viewer.world().resource::<Flow>().round,
            playback.rounds[step]
        );
    }
}

/// A replay of an older format (format 1 wrote its rolls apart from their modifiers, format 2
/// left the steps of difficulty out of them) still plays to the same end, but its digest, of
/// events in the old form, is not checked against the new form.
#[test]
fn an_older_replay_plays_but_its_digest_is_not_checked() {
    let current = simulate(shipped("cellar.ron"), 9, Some(2));
    let older_text = current
        .to_text()
        .replace(&format!("format: {REPLAY_FORMAT},"), "format: 1,");
    let older = Replay::parse("old.ron", &older_text).expect("format 1 is still read");
    assert_eq!(older.format, 1);
    let refusal = older.verify().expect_err("an old digest is not checked");
    assert!(refusal.contains("replay format 1"), "{refusal}");
    assert!(current.verify().is_ok());
    let events = |replay: &Replay| replay.play().world().resource::<EventLog>().0.clone();
    assert_eq!(events(&older), events(&current));
    assert!(
        older.to_text().contains("format: 1,"),
        "written out again, it keeps the format its digest was made in"
    );
}

// ---- The largest scenario ----------------------------------------------------------------------

/// A scenario at every limit: the largest map, the most units, every tile an exit, and its
/// description as long as the scenario may be in a save, less `short_of` bytes.
fn largest_scenario_text(short_of: usize) -> String {
    use gridkeeper::map::MAX_MAP_SIDE;
    use gridkeeper::map::scenario::{MAX_SCENARIO_IN_A_SAVE, MAX_UNITS};
    let side = MAX_MAP_SIDE;
    let rows: Vec<String> = (0..side)
        .map(|_| format!("{:?}", ".".repeat(side)))
        .collect();
    let units: Vec<String> = (0..MAX_UNITS)
        .map(|index| {
            format!(
                "(name: \"Unit {index}\", side: \"{}\", at: ({}, {}), characteristics: (STR: 50, \
                 CON: 50, SIZ: 50, DEX: 50, APP: 50, INT: 50, POW: 50, EDU: 50, LUCK: 50))",
                if index % 2 == 0 { "a" } else { "b" },
                index % side,
                (index / side) * 400 + (index % 2) * 300
            )
        })
        .collect();
    let exits: Vec<String> = (0..side * side)
        .map(|cell| format!("({}, {})", cell % side, cell / side))
        .collect();
    let write = |description: &str| {
        format!(
            "(name: \"The largest\", description: {description:?}, map: Inline((name: \"Plain\", \
             legend: {{'.': Floor}}, rows: [{}])), sides: [(id: \"a\", name: \"A\"), (id: \"b\", \
             name: \"B\", control: Ai)], units: [{}], exits: [{}], victory: LastSideStanding)",
            rows.join(", "),
            units.join(", "),
            exits.join(", ")
        )
    };
    let bare = Scenario::parse("largest.ron", &write(""), None)
        .unwrap_or_else(|error| panic!("{error}"))
        .source
        .written_in_a_save()
        .len();
    write(&"x".repeat(MAX_SCENARIO_IN_A_SAVE - bare - short_of))
}

/// The largest scenario `check` accepts makes saves the game reads back: begun and saved, the
/// save is read again, under the 64 MiB the game reads, with the scenario whole; one byte more
/// of it is refused, saying why.
#[test]
fn the_largest_scenario_makes_saves_the_game_reads_back() {
    let scenario = Scenario::parse("largest.ron", &largest_scenario_text(0), None)
        .unwrap_or_else(|error| panic!("{error}"));
    assert_eq!(scenario.units.len(), gridkeeper::map::scenario::MAX_UNITS);
    assert_eq!(scenario.exits.len(), 512 * 512);
    let mut app = gridkeeper::headless::headless_app(scenario.clone(), 5);
    app.update();
    give(app.world_mut(), Command::Begin);
    let replay = Replay::of_battle(app.world()).expect("a battle");
    let folder_dir = tempfile::tempdir().expect("a scratch folder");
    let folder = folder_dir.path();
    let path = folder.join("largest-save.ron");
    replay.save(&path).expect("saved");
    let size = std::fs::metadata(&path).expect("written").len();
    let read = Replay::load(&path).unwrap_or_else(|error| panic!("{size} bytes: {error}"));
    assert!(size < 64 * 1024 * 1024, "{size} bytes");
    assert_eq!(read.scenario.source, scenario.source);
    assert_eq!(read.verify(), Ok(()));
    let past = Scenario::parse(
        "largest.ron",
        &largest_scenario_text(0).replacen("xx", "xxx", 1),
        None,
    )
    .expect_err("one byte past the most");
    assert!(
        past.to_string().contains("a save holds at most 16777216"),
        "{past}"
    );
}
