//! A name a file writes as a bare identifier (`KnockDown`, `Coc7e`), as it writes an enum's
//! variant, for a list the shared format carries and a rulebook reads (a unit's cherries on
//! the d100 house sheet; a rulebook's own name): short, read without knowing which names there
//! are, each checked by the rulebook that reads it.

use serde::{Deserialize, Serialize};

/// The longest name read, in characters, and how many different names one run keeps: a name
/// read from a file is kept for the run (a `'static` name, so that it is written back as the
/// identifier it was), so a run of hostile files keeps at most `MOST_NAMES` of them.
pub const LONGEST_NAME: usize = 32;
const MOST_NAMES: usize = 256;

/// The names read so far, each kept once.
static NAMES_READ: std::sync::Mutex<Vec<&'static str>> = std::sync::Mutex::new(Vec::new());

/// A bare identifier of at most [`LONGEST_NAME`] letters, digits and underscores, starting with
/// a letter.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct BareName(&'static str);

impl BareName {
    /// A name the program itself gives.
    pub const fn named(name: &'static str) -> Self {
        Self(name)
    }

    pub fn as_str(self) -> &'static str {
        self.0
    }

    /// Reads a name (a bare identifier, as a file writes an enum's unit variant), telling a
    /// file that gives something else that `what` was expected.
    pub fn read<'de, D: serde::Deserializer<'de>>(
        deserializer: D,
        what: &'static str,
    ) -> Result<Self, D::Error> {
        deserializer.deserialize_enum("BareName", &[], NameVisitor { what })
    }
}

/// Whether `name` is an identifier of at most [`LONGEST_NAME`] letters, digits and underscores,
/// starting with a letter.
fn short_identifier(name: &str) -> bool {
    (1..=LONGEST_NAME).contains(&name.len())
        && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
        && name.starts_with(|c: char| c.is_ascii_alphabetic())
}

impl std::fmt::Display for BareName {
    fn fmt(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        formatter.write_str(self.as_str())
    }
}

impl Serialize for BareName {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_unit_variant("BareName", 0, self.0)
    }
}

impl<'de> Deserialize<'de> for BareName {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        Self::read(deserializer, "a name")
    }
}

/// Reads a name: the bare identifier of a unit variant, kept once for the run.
struct NameVisitor {
    what: &'static str,
}

impl<'de> serde::de::Visitor<'de> for NameVisitor {
    type Value = BareName;

    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            formatter,
            "{} (an identifier of at most {LONGEST_NAME} letters and digits)",
            self.what
        )
    }

    fn visit_enum<A: serde::de::EnumAccess<'de>>(self, data: A) -> Result<Self::Value, A::Error> {
        use serde::de::{Error, VariantAccess};
        let (VariantName(name), variant) = data.variant()?;
        variant.unit_variant()?;
        BareName::kept(name).map_err(|problem| match problem {
            NameProblem::NotAName(name) => {
                A::Error::invalid_value(serde::de::Unexpected::Str(&name), &self)
            }
            NameProblem::TooMany => A::Error::custom(format!(
                "more than {MOST_NAMES} different names read in one run"
            )),
        })
    }
}

/// Why a name read is not kept.
pub enum NameProblem {
    /// It is not a short identifier.
    NotAName(String),
    /// The run has kept as many names as it keeps.
    TooMany,
}

impl BareName {
    /// `name`, read from a file, kept once for the run; or why not.
    pub fn kept(name: String) -> Result<Self, NameProblem> {
        if !short_identifier(&name) {
            return Err(NameProblem::NotAName(name));
        }
        let mut names = NAMES_READ
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        if let Some(kept) = names.iter().find(|kept| **kept == name) {
            return Ok(BareName(kept));
        }
        if names.len() >= MOST_NAMES {
            return Err(NameProblem::TooMany);
        }
        let kept: &'static str = Box::leak(name.into_boxed_str());
        names.push(kept);
        Ok(BareName(kept))
    }
}

/// The name of an enum's variant as a file writes it, read as an identifier.
struct VariantName(String);

impl<'de> Deserialize<'de> for VariantName {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct Identifier;
        impl serde::de::Visitor<'_> for Identifier {
            type Value = VariantName;
            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("a name")
            }
            fn visit_str<E: serde::de::Error>(self, name: &str) -> Result<VariantName, E> {
                Ok(VariantName(name.to_string()))
            }
        }
        deserializer.deserialize_identifier(Identifier)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Written and read as the bare identifier it is, in RON and JSON alike.
    #[test]
    fn a_name_is_written_and_read_bare() {
        let grip = BareName::named("KungFuGrip");
        assert_eq!(ron::to_string(&grip).expect("plain data"), "KungFuGrip");
        assert_eq!(
            serde_json::to_string(&grip).expect("plain data"),
            "\"KungFuGrip\""
        );
        let read: Vec<BareName> = ron::from_str("[KungFuGrip, Blind]").expect("names");
        assert_eq!(read.first(), Some(&grip));
        assert_eq!(read.get(1).map(|name| name.as_str()), Some("Blind"));
        let again: BareName = ron::from_str("Blind").expect("a name");
        assert!(std::ptr::eq(read[1].as_str(), again.as_str()), "kept once");
    }

    /// What is no short identifier is refused, at any length, before it is kept.
    #[test]
    fn what_is_no_short_identifier_is_refused() {
        assert!(ron::from_str::<BareName>(&"A".repeat(LONGEST_NAME)).is_ok());
        assert!(ron::from_str::<BareName>(&"A".repeat(LONGEST_NAME + 1)).is_err());
        assert!(ron::from_str::<BareName>("Blind(1)").is_err());
        for bad in [
            "\"_Blind\"",
            "\"\"",
            "\"Kung Fu\"",
            "\"Kung-Fu\"",
            "\"9Lives\"",
        ] {
            assert!(serde_json::from_str::<BareName>(bad).is_err(), "{bad}");
        }
    }
}
