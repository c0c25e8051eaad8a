//! Reading untrusted RON files with errors that name the file, line, column and field.

use std::path::Path;

use serde::de::DeserializeOwned;

pub mod digest;
pub mod lines;
mod locate;
pub mod shipped;
mod writing;
pub use locate::{
    field_path_at, field_value_offset, line_and_column, list_items, string_char_offset,
};
use locate::{line_and_column_bytes, offset_of};
pub use writing::{
    first_free, numbered, remove_stale_temporaries, write_atomically, write_new_atomically,
};

/// The largest file we read: anything bigger is refused before it is parsed.
const MAX_FILE_BYTES: u64 = 64 * 1024 * 1024;

/// Something wrong with a file a user handed us.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum FileError {
    #[error("{}: {}", clip_quotes(file), clip_quotes(reason))]
    Unreadable { file: String, reason: String },
    #[error("{}:{line}:{column}: {}{}", clip_quotes(file), field_prefix(field.as_deref()), clip_quotes(message))]
    Content {
        file: String,
        line: usize,
        column: usize,
        /// The field the error is in, as a dotted path such as `weapons.damage`.
        field: Option<String>,
        message: String,
    },
}

fn field_prefix(field: Option<&str>) -> String {
    field
        .map(|field| clip_quotes(&format!("in `{field}`: ")))
        .unwrap_or_default()
}

/// The most characters of a file's own words quoted back in a message.
const MOST_QUOTED: usize = 48;

/// The most characters of a whole message (a quote that a stray backtick left unclipped, a
/// parser's own words about a string): past it, the rest is cut.
const MOST_SAID: usize = 400;

/// A message with every `quoted` part (the file's own words: a key name, a field, a unit's
/// name) cut to [`MOST_QUOTED`] characters and kept on one line, so that a name a megabyte long
/// is never said whole.
fn clip_quotes(message: &str) -> String {
    let mut clipped = String::with_capacity(message.len().min(1024));
    for (index, part) in message.split('`').enumerate() {
        if index > 0 {
            clipped.push('`');
        }
        if index % 2 == 0 {
            clipped.push_str(part);
            continue;
        }
        for character in part.chars().take(MOST_QUOTED) {
            if character.is_control() {
                clipped.extend(character.escape_default());
            } else {
                clipped.push(character);
            }
        }
        if part.chars().count() > MOST_QUOTED {
            clipped.push('…');
        }
    }
    if clipped.chars().count() > MOST_SAID {
        clipped = clipped.chars().take(MOST_SAID).collect();
        clipped.push('…');
    }
    clipped
        .chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect()
}

impl FileError {
    /// What is wrong, and in which field, without the file and place: for text that was never
    /// a file of the user's (a unit the keeper picked, the scene in the editor, written out
    /// only to be checked), where the place would mean nothing.
    pub fn problem(&self) -> String {
        match self {
            Self::Unreadable { reason, .. } => clip_quotes(reason),
            Self::Content { field, message, .. } => {
                format!("{}{}", field_prefix(field.as_deref()), clip_quotes(message))
            }
        }
    }

    /// An error at a byte offset of `text`.
    pub fn at_offset(file: &str, text: &str, offset: usize, message: impl Into<String>) -> Self {
        let (line, column) = line_and_column(text, offset);
        Self::Content {
            file: file.to_string(),
            line,
            column,
            field: field_path_at(text, offset),
            message: message.into(),
        }
    }

    /// An error at a byte offset of `text` that is not RON (a Tiled map's XML or JSON), in the
    /// field named, if any.
    pub fn in_field(
        file: &str,
        text: &str,
        offset: usize,
        field: Option<String>,
        message: impl Into<String>,
    ) -> Self {
        let (line, column) = line_and_column(text, offset);
        Self::Content {
            file: file.to_string(),
            line,
            column,
            field,
            message: message.into(),
        }
    }

    /// An error at the first place `needle` appears in `text` at or after `from` (or at the
    /// start of the text when it does not appear).
    pub fn at_text(
        file: &str,
        text: &str,
        from: usize,
        needle: &str,
        message: impl Into<String>,
    ) -> Self {
        let offset = text
            .get(from..)
            .and_then(|rest| rest.find(needle))
            .map_or(from.min(text.len()), |found| from + found);
        Self::at_offset(file, text, offset, message)
    }

    /// An error at the value of the first `field:` at or after `from` (or at `from` when there
    /// is no such field).
    pub fn at_field(
        file: &str,
        text: &str,
        from: usize,
        field: &str,
        message: impl Into<String>,
    ) -> Self {
        let offset = field_value_offset(text, from, field).unwrap_or(from.min(text.len()));
        Self::at_offset(file, text, offset, message)
    }
}

/// Parse RON text, turning any error into a located [`FileError`].
pub fn parse_ron<T: DeserializeOwned>(file: &str, text: &str) -> Result<T, FileError> {
    ron::Options::default().from_str(text).map_err(|error| {
        let ron::error::Position { line, col } = error.span.start;
        let offset = offset_of(text, line, col);
        FileError::Content {
            file: file.to_string(),
            line,
            column: col,
            field: field_path_at(text, offset),
            message: error.code.to_string(),
        }
    })
}

/// Read a whole file as text, refusing very large and non-UTF-8 files. The size is what is
/// actually read (a file under `/proc` says it holds nothing and never ends), and a UTF-8
/// byte-order mark is dropped so that places in errors count from the first character seen.
pub fn read_text(path: &Path) -> Result<String, FileError> {
    let file = path.display().to_string();
    let unreadable = |reason: String| FileError::Unreadable {
        file: file.clone(),
        reason,
    };
    let metadata = std::fs::metadata(path).map_err(|error| unreadable(error.to_string()))?;
    if !metadata.is_file() {
        return Err(unreadable("not a file".to_string()));
    }
    let too_big = |bytes: u64| {
        unreadable(format!(
            "more than the {MAX_FILE_BYTES} bytes we read ({bytes} or more)"
        ))
    };
    if metadata.len() > MAX_FILE_BYTES {
        return Err(too_big(metadata.len()));
    }
    let bytes =
        read_at_most(path, MAX_FILE_BYTES).map_err(|error| unreadable(error.to_string()))?;
    let read = u64::try_from(bytes.len()).unwrap_or(u64::MAX);
    if read > MAX_FILE_BYTES {
        return Err(too_big(read));
    }
    let bytes = match bytes.strip_prefix(UTF8_BOM) {
        Some(rest) => rest.to_vec(),
        None => bytes,
    };
    String::from_utf8(bytes).map_err(|error| {
        let (line, column) =
            line_and_column_bytes(error.as_bytes(), error.utf8_error().valid_up_to());
        FileError::Content {
            file: file.clone(),
            line,
            column,
            field: None,
            message: "the file is not UTF-8 text".to_string(),
        }
    })
}

/// The byte-order mark some editors put at the start of UTF-8 text.
const UTF8_BOM: &[u8] = b"\xEF\xBB\xBF";

/// Up to `most` bytes of a file and one more, so that a longer one shows as longer.
fn read_at_most(path: &Path, most: u64) -> std::io::Result<Vec<u8>> {
    read_limited(std::fs::File::open(path)?, most)
}

/// Up to `most` bytes from `source` and one more: a source that never ends stops there.
fn read_limited(source: impl std::io::Read, most: u64) -> std::io::Result<Vec<u8>> {
    use std::io::Read;
    let mut bytes = Vec::new();
    source
        .take(most.saturating_add(1))
        .read_to_end(&mut bytes)?;
    Ok(bytes)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug, serde::Deserialize)]
    struct Inner {
        count: u32,
    }

    #[derive(Debug, serde::Deserialize)]
    struct Outer {
        name: String,
        inner: Vec<Inner>,
    }

    /// A file of our own, written for a test and removed after.
    struct Scratch(tempfile::NamedTempFile);

    impl Scratch {
        fn new(bytes: &[u8]) -> Self {
            let mut file = tempfile::NamedTempFile::new().expect("a scratch file");
            std::io::Write::write_all(&mut file, bytes).expect("written");
            Self(file)
        }
    }

    #[test]
    fn a_byte_order_mark_is_dropped_and_places_count_from_the_text() {
        let file = Scratch::new(b"\xEF\xBB\xBF(name: 3)");
        let text = read_text(file.0.path()).expect("it reads");
        assert_eq!(text, "(name: 3)");
        let error = parse_ron::<Outer>("bom.ron", &text).expect_err("a number for a name");
        let without = parse_ron::<Outer>("bom.ron", "(name: 3)").expect_err("the same");
        assert_eq!(error, without);
    }

    #[test]
    fn a_source_that_never_ends_is_read_to_the_limit_and_one_byte_more() {
        let read = read_limited(std::io::repeat(b'x'), 10).expect("it reads");
        assert_eq!(read.len(), 11);
        let short = read_limited(&b"abc"[..], 10).expect("it reads");
        assert_eq!(short, b"abc");
    }

    /// A file under /proc says it holds nothing and reads on and on: what is read counts
    /// (where this system lets it be opened at all).
    #[cfg(target_os = "linux")]
    #[test]
    fn the_size_is_what_is_read_not_what_the_file_says() {
        let pagemap = Path::new("/proc/self/pagemap");
        if std::fs::File::open(pagemap).is_err() {
            return;
        }
        // Refused (too big, or the read itself fails), never read whole.
        assert!(read_text(pagemap).is_err());
    }

    #[test]
    fn quoted_words_are_cut_short_and_kept_on_one_line() {
        let long = "k".repeat(1_000_000);
        let error = FileError::Content {
            file: "keys.ron".to_string(),
            line: 3,
            column: 5,
            field: None,
            message: format!("`{long}` is not a key (docs/FORMATS.md lists them)"),
        };
        let said = error.to_string();
        assert_eq!(
            said,
            format!(
                "keys.ron:3:5: `{}…` is not a key (docs/FORMATS.md lists them)",
                "k".repeat(MOST_QUOTED)
            )
        );
        assert_eq!(clip_quotes("`Père\nNoël` a"), "`Père\\nNoël` a");
    }

    #[test]
    fn line_and_column_count_characters() {
        let text = "ab\ncdé\nf";
        assert_eq!(line_and_column(text, 0), (1, 1));
        assert_eq!(line_and_column(text, 3), (2, 1));
        assert_eq!(line_and_column(text, 7), (2, 4));
        assert_eq!(offset_of(text, 2, 4), 7);
        assert_eq!(offset_of(text, 3, 1), 8);
    }

    #[test]
    fn good_text_parses() {
        let outer: Outer =
            parse_ron("test.ron", "(name: \"x\", inner: [(count: 3)])").expect("valid");
        assert_eq!(outer.name, "x");
        assert_eq!(outer.inner.iter().map(|inner| inner.count).sum::<u32>(), 3);
    }

    #[test]
    fn a_type_error_names_line_column_and_field() {
        let text =
            "(\n  name: \"x\",\n  inner: [\n    (count: 3),\n    (count: \"many\"),\n  ],\n)";
        let error = parse_ron::<Outer>("test.ron", text).expect_err("a string is not a count");
        let FileError::Content {
            line,
            column,
            field,
            ..
        } = &error
        else {
            panic!("expected a located error, got {error}");
        };
        assert_eq!(*line, 5);
        assert!(*column >= 12, "column {column}");
        assert_eq!(field.as_deref(), Some("inner.count"));
        assert!(error.to_string().starts_with("test.ron:5:"), "{error}");
    }

    #[test]
    fn strings_and_comments_do_not_confuse_the_field_path() {
        let text = "( name: \"a: (b\", // note: [\n inner: [ (count: ";
        assert_eq!(
            field_path_at(text, text.len()).as_deref(),
            Some("inner.count")
        );
        let text = "( name: \"x\", inner: [ (count: 1), ";
        assert_eq!(field_path_at(text, text.len()).as_deref(), Some("inner"));
    }

    #[test]
    fn fields_are_found_outside_comments_and_strings() {
        let text =
            "( // rows: not here\n description: \"rows: nor here\",\n rows: [\"ab\", \"cd\"] )";
        let rows_at = field_value_offset(text, 0, "rows").expect("the rows field");
        assert_eq!(&text[rows_at..rows_at + 1], "[");
        let starts = list_items(text, rows_at);
        let rows: Vec<&str> = starts
            .iter()
            .map(|&start| &text[start..start + 2])
            .collect();
        assert_eq!(rows, ["ab", "cd"]);
        assert_eq!(field_value_offset(text, 0, "legend"), None);
    }

    #[test]
    fn enum_variants_are_list_items_bare_or_with_fields() {
        let text = "( commands: [Begin, Move(unit: 2, to: (x: 1, y: 1)),\n EndTurn(unit: 1)] )";
        let commands_at = field_value_offset(text, 0, "commands").expect("the commands field");
        let starts: Vec<&str> = list_items(text, commands_at)
            .iter()
            .map(|&start| &text[start..start + 4])
            .collect();
        assert_eq!(starts, ["Begi", "Move", "EndT"]);
    }

    #[test]
    fn unreadable_files_say_why() {
        let missing = read_text(Path::new("/definitely/not/here.ron")).expect_err("missing");
        assert!(
            missing
                .to_string()
                .starts_with("/definitely/not/here.ron: "),
            "{missing}"
        );
        let directory = read_text(Path::new(env!("CARGO_MANIFEST_DIR"))).expect_err("a directory");
        assert!(directory.to_string().ends_with("not a file"), "{directory}");
    }

    #[test]
    fn text_that_is_not_utf8_is_refused_with_its_place() {
        let file = Scratch::new(b"(\n  name: \"\xff\",\n)");
        let error = read_text(file.0.path()).expect_err("not UTF-8");
        assert!(
            error
                .to_string()
                .contains(":2:10: the file is not UTF-8 text"),
            "{error}"
        );
    }
}
