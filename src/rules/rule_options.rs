//! A scenario's optional rules (`rules: (ruleset: Coc7e, prone_dice: false)`): the rulebook, the
//! options every rulebook reads (initiative by a DEX roll, damage described, shooting through
//! cover, blows at the rulebook's reach), and the rulebook's own options, written beside them by
//! name and read by its room alone (CoC's prone dice, hit locations, …), each checked against
//! the options the rulebook has (`OwnOption`).

use serde::de::{Error, MapAccess, Visitor};
use serde::ser::SerializeStruct;
use serde::{Deserialize, Serialize};

use super::bare_name::{BareName, NameProblem};
use super::ruleset_id::RulesetId;

/// The most own options one file may write.
pub const MOST_OWN_OPTIONS: usize = 32;

/// Optional rules the scenario turns on (or, for the ones on unless told, off).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RuleOptions {
    pub ruleset: RulesetId,
    /// Order the round by a DEX roll instead of DEX.
    pub dex_roll_initiative: bool,
    /// Damage to investigators is described, not shown as numbers.
    pub concealed_damage: bool,
    /// A target hidden behind cover beside it may be shot through the cover (its armor off
    /// the damage); off, such a target cannot be shot. On unless told.
    pub shooting_through_cover: bool,
    /// The rulebook's hand-to-hand reach (the western: 10 ft, so units 3 tiles apart may
    /// punch each other); off, a blow reaches the tiles beside the unit alone. On unless told.
    pub hand_to_hand_at_reach: bool,
    /// The rulebook's own options the file writes, by name, in the order written.
    pub own: Vec<(BareName, bool)>,
}

impl Default for RuleOptions {
    fn default() -> Self {
        Self {
            ruleset: RulesetId::default(),
            dex_roll_initiative: false,
            concealed_damage: false,
            shooting_through_cover: true,
            hand_to_hand_at_reach: true,
            own: Vec::new(),
        }
    }
}

/// One of a rulebook's own options: the name a file writes, its words for the editor, and
/// whether it is on where the file does not say.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OwnOption {
    pub name: &'static str,
    pub words: &'static str,
    pub on_unless_told: bool,
}

impl OwnOption {
    /// Whether the option is on in `options`: as written, else its default.
    pub fn on(&self, options: &RuleOptions) -> bool {
        options.own(self.name).unwrap_or(self.on_unless_told)
    }
}

impl RuleOptions {
    /// The rulebook's own option `name` as the file writes it; `None` where it does not.
    pub fn own(&self, name: &str) -> Option<bool> {
        self.own
            .iter()
            .find(|(written, _)| written.as_str() == name)
            .map(|(_, on)| *on)
    }

    /// These options with the rulebook's own option `name` set to `on`.
    pub fn with_own(mut self, name: &'static str, on: bool) -> Self {
        self.set_own(BareName::named(name), on);
        self
    }

    /// Sets the rulebook's own option `name` to `on`, in its place where it is written.
    pub fn set_own(&mut self, name: BareName, on: bool) {
        match self.own.iter_mut().find(|(written, _)| *written == name) {
            Some((_, written)) => *written = on,
            None => self.own.push((name, on)),
        }
    }

    /// What is wrong with the own options written for a rulebook that has `options`: one it
    /// does not have switched on (one switched off changes nothing: files written before each
    /// rulebook had its own options wrote every option off); `None`: nothing.
    pub fn own_problem(&self, rulebook: &str, options: &[OwnOption]) -> Option<(BareName, String)> {
        let (name, _) = self
            .own
            .iter()
            .find(|(name, on)| *on && !options.iter().any(|own| own.name == name.as_str()))?;
        let known: Vec<&str> = options.iter().map(|option| option.name).collect();
        Some((
            *name,
            if known.is_empty() {
                format!("{rulebook} has no optional rule `{name}` (it has none of its own)")
            } else {
                format!(
                    "{rulebook} has no optional rule `{name}`: its own are {}",
                    known.join(", ")
                )
            },
        ))
    }
}

/// The shared options, as files write them.
const SHARED: [&str; 5] = [
    "ruleset",
    "dex_roll_initiative",
    "concealed_damage",
    "shooting_through_cover",
    "hand_to_hand_at_reach",
];

impl Serialize for RuleOptions {
    /// The rulebook and the first two always, the options on unless told only where off, then
    /// the rulebook's own as written.
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let off = |on: bool| usize::from(!on);
        let fields =
            3 + off(self.shooting_through_cover) + off(self.hand_to_hand_at_reach) + self.own.len();
        let mut rules = serializer.serialize_struct("rules", fields)?;
        rules.serialize_field("ruleset", &self.ruleset)?;
        rules.serialize_field("dex_roll_initiative", &self.dex_roll_initiative)?;
        rules.serialize_field("concealed_damage", &self.concealed_damage)?;
        if !self.shooting_through_cover {
            rules.serialize_field("shooting_through_cover", &false)?;
        }
        if !self.hand_to_hand_at_reach {
            rules.serialize_field("hand_to_hand_at_reach", &false)?;
        }
        for (name, on) in &self.own {
            rules.serialize_field(name.as_str(), on)?;
        }
        rules.end()
    }
}

impl<'de> Deserialize<'de> for RuleOptions {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_struct("rules", &SHARED, OptionsVisitor)
    }
}

/// Reads the options: the shared ones by name, any other a rulebook's own, on or off.
struct OptionsVisitor;

impl<'de> Visitor<'de> for OptionsVisitor {
    type Value = RuleOptions;

    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        formatter.write_str("the scenario's rules: a ruleset and its options, each true or false")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
        let mut options = RuleOptions::default();
        let mut seen: Vec<String> = Vec::new();
        while let Some(key) = map.next_key::<String>()? {
            if seen.contains(&key) {
                return Err(A::Error::duplicate_field(
                    SHARED
                        .iter()
                        .find(|shared| **shared == key)
                        .copied()
                        .unwrap_or("an option"),
                ));
            }
            match key.as_str() {
                "ruleset" => options.ruleset = map.next_value()?,
                "dex_roll_initiative" => options.dex_roll_initiative = map.next_value()?,
                "concealed_damage" => options.concealed_damage = map.next_value()?,
                "shooting_through_cover" => options.shooting_through_cover = map.next_value()?,
                "hand_to_hand_at_reach" => options.hand_to_hand_at_reach = map.next_value()?,
                _ => {
                    if options.own.len() >= MOST_OWN_OPTIONS {
                        return Err(A::Error::custom(format!(
                            "more than {MOST_OWN_OPTIONS} options of the rulebook's own"
                        )));
                    }
                    let on: bool = map.next_value()?;
                    let name = BareName::kept(key.clone()).map_err(|problem| match problem {
                        NameProblem::NotAName(name) => {
                            A::Error::custom(format!("`{name}` is no option's name"))
                        }
                        NameProblem::TooMany => {
                            A::Error::custom("too many different names read in one run")
                        }
                    })?;
                    options.own.push((name, on));
                }
            }
            seen.push(key);
        }
        Ok(options)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shared_options_and_a_rulebooks_own_are_read_and_written_as_before() {
        let text = "(ruleset: Coc7e, dex_roll_initiative: false, concealed_damage: true, \
                    point_blank_revisited: false, prone_dice: false)";
        let options: RuleOptions = ron::from_str(text).expect("rules");
        assert!(options.concealed_damage);
        assert_eq!(options.own("prone_dice"), Some(false));
        assert_eq!(options.own("hit_locations"), None);
        assert_eq!(
            ron::to_string(&options).expect("plain data"),
            "(ruleset:Coc7e,dex_roll_initiative:false,concealed_damage:true,\
             point_blank_revisited:false,prone_dice:false)"
        );
    }

    #[test]
    fn an_own_option_must_be_true_or_false_and_once() {
        for bad in [
            "(ruleset: Coc7e, prone_dice: 3)",
            "(ruleset: Coc7e, prone_dice: true, prone_dice: false)",
            "(ruleset: Coc7e, ruleset: Coc7e)",
        ] {
            assert!(ron::from_str::<RuleOptions>(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn an_option_the_rulebook_lacks_is_refused_only_when_on() {
        let own = [OwnOption {
            name: "prone_dice",
            words: "Prone dice",
            on_unless_told: true,
        }];
        let off = RuleOptions::default().with_own("hit_locations", false);
        assert_eq!(off.own_problem("Call of Cthulhu 7e", &own), None);
        let on = RuleOptions::default().with_own("hit_locations", true);
        assert_eq!(
            on.own_problem("Call of Cthulhu 7e", &own)
                .map(|(_, words)| words),
            Some(
                "Call of Cthulhu 7e has no optional rule `hit_locations`: its own are prone_dice"
                    .to_string()
            )
        );
        assert!(!own[0].on(&RuleOptions::default().with_own("prone_dice", false)));
        assert!(own[0].on(&RuleOptions::default()));
    }
}
