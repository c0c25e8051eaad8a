//! Damaged saves and replays: a save cut off mid-write leaves the one before it loadable;
//! corrupt, cut-short and newer files are refused by place; a replay whose commands were
//! changed fails its check; a save that lost an answer plays on, asks again, or fails its check
//! at the refused command.

use super::*;

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
