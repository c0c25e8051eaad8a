//! A rulebook's name, as files write it and the registry looks it up.

use serde::{Deserialize, Serialize};

use super::bare_name::BareName;

/// A rulebook's name as files write it (`ruleset: Coc7e`): a bare identifier, looked up in the
/// registry of rulebooks (`rulesets::rulebooks`), where one registered at run time (a test's)
/// is found the same way as the five built in. Any short identifier reads; a name no rulebook
/// answers to is refused where the rulebook is made, naming the ones there are.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct RulesetId(BareName);

impl RulesetId {
    /// The rulebook named `name`.
    pub const fn named(name: &'static str) -> Self {
        Self(BareName::named(name))
    }

    /// The name files write.
    pub fn as_str(self) -> &'static str {
        self.0.as_str()
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
        formatter.write_str(self.0.as_str())
    }
}

/// Written as the unit variant it was when the five were an enum: `Coc7e` in RON, `"Coc7e"` in
/// JSON.
impl Serialize for RulesetId {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.0.serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for RulesetId {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        BareName::read(deserializer, "a rulebook's name").map(Self)
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
        let long = "A".repeat(crate::rules::bare_name::LONGEST_NAME + 1);
        assert!(ron::from_str::<RulesetId>(&long).is_err());
        assert!(
            ron::from_str::<RulesetId>(&"A".repeat(crate::rules::bare_name::LONGEST_NAME)).is_ok()
        );
        for bad in ["\"_Coc7e\"", "\"\"", "\"Coc 7e\"", "\"Coc-7e\""] {
            assert!(serde_json::from_str::<RulesetId>(bad).is_err(), "{bad}");
        }
        assert!(ron::from_str::<RulesetId>("Coc7e(1)").is_err());
    }
}
