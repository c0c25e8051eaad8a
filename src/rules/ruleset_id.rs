//! A rulebook's name, as files write it and the registry looks it up.

use serde::{Deserialize, Serialize};

/// A rulebook's name as files write it (`ruleset: Coc7e`): a bare identifier, looked up in the
/// registry of rulebooks (`rulesets::rulebooks`), where one registered at run time (a test's)
/// is found the same way as the five built in. Any short identifier reads; a name no rulebook
/// answers to is refused where the rulebook is made, naming the ones there are.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct RulesetId(&'static str);

impl RulesetId {
    /// The rulebook named `name`.
    pub const fn named(name: &'static str) -> Self {
        Self(name)
    }

    /// The name files write.
    pub fn as_str(self) -> &'static str {
        self.0
    }
}

/// A file that names no rulebook plays Call of Cthulhu 7e, as every file did before the
/// others came.
impl Default for RulesetId {
    fn default() -> Self {
        Self::named("Coc7e")
    }
}

impl std::fmt::Display for RulesetId {
    fn fmt(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        formatter.write_str(self.0)
    }
}

/// Written as the unit variant it was when the five were an enum: `Coc7e` in RON, `"Coc7e"` in
/// JSON.
impl Serialize for RulesetId {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        // The index is written by neither RON nor JSON, which write the name.
        serializer.serialize_unit_variant("RulesetId", 0, self.0)
    }
}

impl<'de> Deserialize<'de> for RulesetId {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_enum("RulesetId", &[], RulebookName)
    }
}

/// The longest name a rulebook may have, and how many different names one run keeps: a name
/// read from a file is kept for the run (a `RulesetId` is a `'static` name, written as an
/// identifier), so a run of hostile files keeps at most `MOST_NAMES` of them.
const LONGEST_NAME: usize = 32;
const MOST_NAMES: usize = 256;

/// The names read so far, each kept once.
static NAMES_READ: std::sync::Mutex<Vec<&'static str>> = std::sync::Mutex::new(Vec::new());

/// A variant's name, read as the identifier it is (RON reads a variant's name only so).
struct VariantName(String);

impl<'de> Deserialize<'de> for VariantName {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct Identifier;
        impl serde::de::Visitor<'_> for Identifier {
            type Value = VariantName;
            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("a rulebook's name")
            }
            fn visit_str<E: serde::de::Error>(self, name: &str) -> Result<VariantName, E> {
                Ok(VariantName(name.to_string()))
            }
        }
        deserializer.deserialize_identifier(Identifier)
    }
}

/// Reads a rulebook's name: the bare identifier of a unit variant.
struct RulebookName;

impl<'de> serde::de::Visitor<'de> for RulebookName {
    type Value = RulesetId;

    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            formatter,
            "a rulebook's name (an identifier of at most {LONGEST_NAME} letters and digits)"
        )
    }

    fn visit_enum<A: serde::de::EnumAccess<'de>>(self, data: A) -> Result<Self::Value, A::Error> {
        use serde::de::{Error, VariantAccess};
        let (VariantName(name), variant) = data.variant()?;
        variant.unit_variant()?;
        let short_identifier = (1..=LONGEST_NAME).contains(&name.len())
            && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
            && name.starts_with(|c: char| c.is_ascii_alphabetic());
        if !short_identifier {
            return Err(A::Error::invalid_value(
                serde::de::Unexpected::Str(&name),
                &self,
            ));
        }
        let mut names = NAMES_READ
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        if let Some(kept) = names.iter().find(|kept| **kept == name) {
            return Ok(RulesetId(kept));
        }
        if names.len() >= MOST_NAMES {
            return Err(A::Error::custom(format!(
                "more than {MOST_NAMES} different rulebook names read in one run"
            )));
        }
        let kept: &'static str = Box::leak(name.into_boxed_str());
        names.push(kept);
        Ok(RulesetId(kept))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_name_is_written_and_read_as_the_bare_identifier_it_was() {
        let frontier = RulesetId::named("Frontier");
        assert_eq!(ron::to_string(&frontier).expect("plain data"), "Frontier");
        assert_eq!(
            serde_json::to_string(&frontier).expect("plain data"),
            "\"Frontier\""
        );
        let read: RulesetId = ron::from_str("Frontier").expect("a name");
        assert_eq!(read, frontier);
        let read: RulesetId = serde_json::from_str("\"Frontier\"").expect("a name");
        assert_eq!(read, frontier);
        let again: RulesetId = ron::from_str("Frontier").expect("a name");
        assert!(std::ptr::eq(read.as_str(), again.as_str()), "kept once");
    }

    #[test]
    fn a_name_that_is_no_short_identifier_is_refused() {
        let long = "A".repeat(LONGEST_NAME + 1);
        assert!(ron::from_str::<RulesetId>(&long).is_err());
        assert!(ron::from_str::<RulesetId>(&"A".repeat(LONGEST_NAME)).is_ok());
        for bad in ["\"_Coc7e\"", "\"\"", "\"Coc 7e\"", "\"Coc-7e\""] {
            assert!(serde_json::from_str::<RulesetId>(bad).is_err(), "{bad}");
        }
        assert!(ron::from_str::<RulesetId>("Coc7e(1)").is_err());
    }
}
