//! The replay file, which is also the save: the scenario written out in full (its map inline),
//! the dice seed, who gave each unit's orders, and every command in order, with a digest of
//! the events they made so a replay can be checked. Read like every file a user hands us:
//! a bad one is refused with its place named, a newer format is refused by name.

use std::path::Path;

use serde::{Deserialize, Serialize};

use crate::battle::command::{Command, KeeperOrder, Written};
use crate::battle::event::Event;
use crate::files::{
    FileError, field_value_offset, list_items, parse_ron, read_text, write_atomically,
    write_new_atomically,
};
use crate::map::scenario::{Control, Scenario, ScenarioFile};

/// The replay format this build writes and reads. Raise it when an old reader could
/// misread a new file, or when the events change shape (a digest is of the events as this
/// build writes them); document each change in `docs/FORMATS.md`.
pub const REPLAY_FORMAT: u32 = 7;

/// A replay as its file is written.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename = "replay")]
pub struct ReplayFile {
    pub format: u32,
    /// The seed of the battle's dice.
    pub seed: u64,
    /// Who gave each unit's orders, in the scenario's unit order.
    pub control: Vec<Control>,
    pub scenario: ScenarioFile,
    /// Every command given, refused ones too, in order (a rulebook's own read by its decoder).
    #[serde(
        serialize_with = "crate::battle::command::write_commands",
        deserialize_with = "crate::battle::command::read_commands"
    )]
    pub commands: Vec<Command>,
    /// The events the commands made when they were recorded.
    pub events: EventDigest,
}

/// How many events a battle made and a digest of them all: enough to tell whether a replay
/// makes the same ones.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename = "events")]
pub struct EventDigest {
    pub count: usize,
    /// FNV-1a (64 bits) over each event's JSON, one line each, in hex.
    pub digest: String,
}

impl EventDigest {
    /// The digest of these events.
    pub fn of(events: &[Event]) -> Self {
        let mut hash = crate::files::digest::Fnv1a::default();
        for event in events {
            // Events are plain data: serialising them cannot fail.
            let line = serde_json::to_string(event).unwrap_or_default();
            hash.write(line.as_bytes());
            hash.write(b"\n");
        }
        Self {
            count: events.len(),
            digest: hash.hex(),
        }
    }
}

/// A replay, read and checked: ready to play.
#[derive(Debug, Clone)]
pub struct Replay {
    /// The format it was recorded in: its digest is of the events as that format wrote them.
    pub format: u32,
    pub scenario: Scenario,
    pub seed: u64,
    pub control: Vec<Control>,
    pub commands: Vec<Command>,
    pub events: EventDigest,
}

/// Just the format number, read before anything else so that a newer file is refused by
/// name rather than by the first field this build does not know.
#[derive(Debug, Deserialize)]
struct FormatOnly {
    format: u32,
}

impl Replay {
    /// Read and check a replay file.
    pub fn load(path: &Path) -> Result<Self, FileError> {
        let text = read_text(path)?;
        Self::parse(&path.display().to_string(), &text)
    }

    /// Parse and check a replay's text; `file` names it in errors.
    pub fn parse(file: &str, text: &str) -> Result<Self, FileError> {
        // The rulebooks' own commands are read by their decoders.
        crate::rulesets::plugins::register_commands();
        if let Ok(FormatOnly { format }) = ron::Options::default().from_str::<FormatOnly>(text)
            && format > REPLAY_FORMAT
        {
            return Err(FileError::at_field(
                file,
                text,
                0,
                "format",
                format!(
                    "replay format {format} is newer than this Gridkeeper reads \
                     ({REPLAY_FORMAT}): open it with a newer build"
                ),
            ));
        }
        let source: ReplayFile = parse_ron(file, text).map_err(|error| cut_short(error, text))?;
        if source.format == 0 {
            return Err(FileError::at_field(
                file,
                text,
                0,
                "format",
                "replay format 0 does not exist: the first is 1",
            ));
        }
        let scenario = Scenario::from_source(file, text, source.scenario)?;
        if source.control.len() != scenario.units.len() {
            return Err(FileError::at_field(
                file,
                text,
                0,
                "control",
                format!(
                    "`control` names who plays {} units, but the scenario has {}",
                    source.control.len(),
                    scenario.units.len()
                ),
            ));
        }
        // Each unit the keeper brought in takes the next id from its order on.
        let mut units = scenario.units.len();
        if let Some(index) = source.commands.iter().position(|command| {
            if matches!(command, Command::Keeper(KeeperOrder::Enlist { .. })) {
                units += 1;
            }
            command.unit().is_some_and(|unit| unit.index() >= units)
        }) {
            let commands_at = field_value_offset(text, 0, "commands").unwrap_or_default();
            let at = list_items(text, commands_at)
                .get(index)
                .copied()
                .unwrap_or(commands_at);
            return Err(FileError::at_offset(
                file,
                text,
                at,
                format!(
                    "command {} names unit {}, but the scenario's units are 0 to {}",
                    index + 1,
                    source.commands[index].unit().map_or(0, |unit| unit.0),
                    units.saturating_sub(1)
                ),
            ));
        }
        Ok(Self {
            format: source.format,
            scenario,
            seed: source.seed,
            control: source.control,
            commands: source.commands,
            events: source.events,
        })
    }

    /// The replay as its file is written.
    pub fn to_file(&self) -> ReplayFile {
        ReplayFile {
            format: self.format,
            seed: self.seed,
            control: self.control.clone(),
            scenario: self.scenario.source.clone(),
            commands: self.commands.clone(),
            events: self.events.clone(),
        }
    }

    /// The replay's text: RON laid out to be read, the scenario's map a row a line and its
    /// units a line each, then a command a line.
    pub fn to_text(&self) -> String {
        let file = self.to_file();
        let mut text = String::from(
            "// A Gridkeeper replay (docs/FORMATS.md, \"Replays\"): `gridkeeper replay FILE` shows\n\
             // it step by step; `gridkeeper FILE` plays on from where it ends.\n(\n",
        );
        text.push_str(&format!("    format: {},\n", file.format));
        text.push_str(&format!("    seed: {},\n", file.seed));
        text.push_str(&format!("    control: {},\n", one_line(&file.control)));
        let scenario = file.scenario.written_in_a_save();
        text.push_str(&format!(
            "    scenario: {},\n",
            scenario.replace('\n', "\n    ")
        ));
        text.push_str("    commands: [\n");
        for command in &file.commands {
            text.push_str(&format!("        {},\n", one_line(&Written(command))));
        }
        text.push_str("    ],\n");
        text.push_str(&format!("    events: {},\n)\n", one_line(&file.events)));
        text
    }

    /// Write the replay so that an earlier file at `path` is replaced whole or not at all.
    pub fn save(&self, path: &Path) -> std::io::Result<()> {
        make_folder_of(path)?;
        write_atomically(path, &self.to_text())
    }

    /// As [`Replay::save`], where no file is yet: one already at `path` is left alone and the
    /// save fails (`AlreadyExists`).
    pub fn save_new(&self, path: &Path) -> std::io::Result<()> {
        make_folder_of(path)?;
        write_new_atomically(path, &self.to_text())
    }
}

/// Make the folder a file is to be written in, where it is not there.
fn make_folder_of(path: &Path) -> std::io::Result<()> {
    match path
        .parent()
        .filter(|folder| !folder.as_os_str().is_empty())
    {
        Some(folder) => std::fs::create_dir_all(folder),
        None => Ok(()),
    }
}

/// A value as RON on one line. Replay data is plain: writing it cannot fail.
fn one_line<T: Serialize>(value: &T) -> String {
    let layout = ron::ser::PrettyConfig::new().depth_limit(0);
    ron::ser::to_string_pretty(value, layout).unwrap_or_default()
}

/// A file that ends in the middle of its text was cut short (a copy or a write that stopped):
/// say so, not just what token was missing.
fn cut_short(error: FileError, text: &str) -> FileError {
    match error {
        FileError::Content {
            file,
            line,
            column,
            field,
            message,
        } if ends_at(text, line, column) => FileError::Content {
            file,
            line,
            column,
            field,
            message: format!("the file ends before the replay does (cut short?): {message}"),
        },
        other => other,
    }
}

/// Whether a 1-based line and column is at (or past) the last character of `text`, trailing
/// blanks aside, or at the start of its last word (a name the cut split: `attac`).
fn ends_at(text: &str, line: usize, column: usize) -> bool {
    let trimmed = text.trim_end();
    let last_line = trimmed.lines().count().max(1);
    let last = trimmed.lines().last().unwrap_or_default();
    let last_column = last.chars().count();
    let last_word = last
        .chars()
        .rev()
        .take_while(|character| character.is_alphanumeric() || *character == '_')
        .count();
    line > last_line || (line == last_line && column + last_word > last_column)
}

/// Whether a file's text is a replay (rather than a scenario or a map): it has a format or a
/// list of commands, which neither of those has. A replay cut short before its commands is
/// still one, and is refused as one.
pub fn is_replay(text: &str) -> bool {
    field_value_offset(text, 0, "format").is_some()
        || field_value_offset(text, 0, "commands").is_some()
}
