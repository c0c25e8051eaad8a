//! Replays and saves: a battle recorded as it is played replays to the very same events, saved at
//! any command it plays on to the same end, a save cut off mid-write leaves the one before it
//! whole, and broken, cut-short and newer files are refused by file, line, column and field.
// Plays the shipped files of every rulebook: built with all five.
#![cfg(all_rulebooks)]

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

/// The save at `path` as its text, read back.
fn reload(path: &Path) -> String {
    Replay::load(path)
        .unwrap_or_else(|error| panic!("{error}"))
        .to_text()
}

#[test]
fn a_save_cut_off_mid_write_leaves_the_one_before_it_loadable() {
    let scratch = tempfile::tempdir().expect("a scratch folder");
    let folder = scratch.path();
    let path = folder.join("saves").join("cellar.ron");
    let early = simulate(shipped("cellar.ron"), 5, Some(1));
    early.save(&path).expect("the first save");
    let later = early.play_on(Some(2));
    // A process killed while writing: half the new text in its temporary file, never renamed.
    let temporary = PathBuf::from(format!("{}.999999-0.tmp", path.display()));
    let text = later.to_text();
    std::fs::write(&temporary, &text[..text.len() / 2]).expect("half a save");
    assert_eq!(reload(&path), early.to_text());

    // The next save goes through beside the half-written leftover, leaving nothing of its own.
    later.save(&path).expect("the next save");
    assert_eq!(reload(&path), later.to_text());
    let left: Vec<String> = std::fs::read_dir(folder.join("saves"))
        .expect("the folder")
        .flatten()
        .map(|entry| entry.file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(left.len(), 2, "the save and the old leftover: {left:?}");
    // Whoever holds the save next clears the leftover away.
    gridkeeper::files::remove_stale_temporaries(&path);
    assert!(!temporary.exists());
    assert_eq!(reload(&path), later.to_text());
}

// ---- Broken files are refused by place ---------------------------------------------------------

/// The message for a replay text that should be refused, with its line and column.
fn refusal(text: &str) -> (usize, usize, Option<String>, String) {
    match Replay::parse("saves/cellar.ron", text) {
        Ok(_) => panic!("accepted:\n{text}"),
        Err(FileError::Content {
            file,
            line,
            column,
            field,
            message,
        }) => {
            assert_eq!(file, "saves/cellar.ron");
            (line, column, field, message)
        }
        Err(other) => panic!("no place named: {other}"),
    }
}

/// The 1-based line of `text` that contains `needle`.
fn line_of(text: &str, needle: &str) -> usize {
    1 + text
        .lines()
        .position(|line| line.contains(needle))
        .unwrap_or_else(|| panic!("{needle} not in the text"))
}

#[test]
fn corrupt_cut_short_and_newer_replays_are_refused_by_place() {
    let good = simulate(shipped("cellar.ron"), 9, Some(2)).to_text();
    let current = format!("format: {REPLAY_FORMAT},");
    let format_line = line_of(&good, &current);

    let next = REPLAY_FORMAT + 1;
    let newer = good.replace(&current, &format!("format: {next},"));
    let (line, _, field, message) = refusal(&newer);
    assert_eq!(line, format_line);
    assert_eq!(field.as_deref(), Some("format"));
    assert!(
        message.contains(&format!("replay format {next} is newer")),
        "{message}"
    );

    // Newer files may hold fields this build does not know: still refused by their format.
    let newer_with_fields = newer.replace("    seed:", "    weather: Fog,\n    seed:");
    let (_, _, _, message) = refusal(&newer_with_fields);
    assert!(
        message.contains(&format!("replay format {next} is newer")),
        "{message}"
    );

    let nothing = good.replace(&current, "format: 0,");
    assert!(refusal(&nothing).3.contains("format 0 does not exist"));

    let first_move = good
        .lines()
        .find(|line| line.trim_start().starts_with("Move("))
        .expect("the ghoul moves");

    // Cut off in the middle of the commands.
    let cut = &good[..good.find(first_move).expect("the move is in the text")];
    let (line, _, _, message) = refusal(cut);
    assert_eq!(line, cut.trim_end().lines().count());
    assert!(message.contains("cut short"), "{message}");
    let teleport = good.replacen(first_move, &first_move.replace("Move(", "Teleport("), 1);
    let (line, _, field, message) = refusal(&teleport);
    assert_eq!(line, line_of(&good, first_move));
    assert_eq!(field.as_deref(), Some("commands"));
    assert!(message.contains("Teleport"), "{message}");

    let stranger = good.replacen(first_move, &first_move.replacen("unit: ", "unit: 4", 1), 1);
    let (line, column, _, message) = refusal(&stranger);
    assert_eq!(line, line_of(&good, first_move));
    assert_eq!(column, 9, "the command itself is pointed at");
    assert!(message.contains("names unit 4"), "{message}");

    let control = good.replacen("control: [", "control: [Ai, ", 1);
    let (line, _, _, message) = refusal(&control);
    assert_eq!(line, line_of(&good, "control: ["));
    assert!(message.contains("`control`"), "{message}");

    let seed = good.replacen("seed: 9,", "seed: \"nine\",", 1);
    let (line, _, field, _) = refusal(&seed);
    assert_eq!(line, line_of(&good, "seed:"));
    assert_eq!(field.as_deref(), Some("seed"));

    let wall = good.replacen("units: [", "units: [(name: \"Ghost\"),", 1);
    let (line, _, field, _) = refusal(&wall);
    assert_eq!(line, line_of(&good, "units: ["));
    assert!(field.is_some_and(|field| field.starts_with("scenario.units")));

    assert!(refusal("").3.contains("cut short"));
}

#[test]
fn a_replay_whose_commands_were_changed_fails_its_check() {
    let mut replay = read_back(&simulate(shipped("cellar.ron"), 9, Some(2)));
    assert_eq!(replay.verify(), Ok(()));
    let last = replay.commands.pop().expect("commands");
    replay.commands.insert(1, last);
    let difference = replay.verify().expect_err("other events");
    assert!(difference.contains("the file recorded"), "{difference}");
}

// ---- A save that lost a command ---------------------------------------------------------------

/// The cellar battle under `seed` with its first answer taken out, and where that answer was.
fn without_its_first_answer(seed: u64) -> (Replay, usize) {
    let mut replay = simulate(shipped("cellar.ron"), seed, None);
    let answer = replay
        .commands
        .iter()
        .position(|command| matches!(command, Command::Answer { .. }))
        .expect("someone answers an attack");
    replay.commands.remove(answer);
    (replay, answer)
}

/// The cellar battle under seed 3 with its first answer taken out, cut after the command that
/// came next (refused: the attack still waits for that answer): as a hand-edited save might be.
fn save_that_lost_an_answer() -> Replay {
    let (mut replay, answer) = without_its_first_answer(3);
    replay.commands.truncate(answer + 1);
    read_back(&replay)
}

/// The cellar battle under `seed` with its first answer taken out and every command after it
/// kept (each refused while the attack waits), as a save with one line deleted.
fn save_that_lost_an_answer_and_kept_the_rest(seed: u64) -> Replay {
    read_back(&without_its_first_answer(seed).0)
}

/// Played on, a save that lost one answer and kept every later command does not stop for
/// good: the question left waiting is answered by the AI, whatever came after it, under every
/// seed tried, headless as in the window.
#[test]
fn a_save_that_lost_one_answer_plays_on_to_its_end() {
    for seed in 1..=12 {
        let saved = save_that_lost_an_answer_and_kept_the_rest(seed);
        let (_, stalled) = saved.play_on_or_stall(None, AiStyles::default());
        assert_eq!(stalled, None, "seed {seed}");
    }
}

/// The AI answers the question left waiting for a unit it plays, and the battle goes on to its
/// end; a person's unit is still asked, and the battle says it waits for that answer.
#[test]
fn a_question_left_unanswered_in_a_save_is_answered_or_asked_again() {
    let saved = save_that_lost_an_answer();
    let (ended, stalled) = saved.play_on_or_stall(None, AiStyles::default());
    assert_eq!(stalled, None);
    let app = Replay::parse("ended.ron", &ended.to_text())
        .expect("it reads")
        .play();
    assert!(matches!(
        app.world().resource::<Flow>().phase,
        Phase::Over(_)
    ));
    let mut by_hand = saved.clone();
    by_hand.control = vec![Control::Person; by_hand.control.len()];
    let app = by_hand.play();
    let waiting = stall(app.world(), None).expect("it waits");
    assert!(waiting.contains("waits for"), "{waiting}");
    assert!(waiting.contains("'s answer"), "{waiting}");
}

/// Its check names the command that went astray: the one refused, by number, and why.
#[test]
fn a_save_that_lost_an_answer_fails_its_check_at_the_refused_command() {
    let saved = save_that_lost_an_answer();
    let difference = saved.verify().expect_err("other events than recorded");
    let number = saved.commands.len();
    assert!(
        difference.starts_with(&format!("command {number} of {number} (`")),
        "{difference}"
    );
    assert!(
        difference.contains("was refused: an attack is waiting for the defender's answer"),
        "{difference}"
    );
}

// ---- The shipped replay and the viewer ---------------------------------------------------------

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
