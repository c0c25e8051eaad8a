//! The rulebooks, one folder each. A rulebook's rules are pure Rust like `rules` (no bevy: a
//! test enforces it): its own unit sheet, rolls and what a situation is worth in its own
//! currency, which the shared engine reaches only through the `Ruleset` seam. Its code in the
//! battle sits in its folder's `battle/`, on the engine's stages (`plugins` adds each
//! rulebook's); docs/ARCHITECTURE.md has the map.

#[cfg(feature = "brp_classic")]
pub mod brp_classic;
#[cfg(feature = "coc7e")]
pub mod coc7e;
#[cfg(feature = "d100_house")]
pub mod d100_house;
#[cfg(feature = "d10_pool")]
pub mod d10_pool;
#[cfg(feature = "frontier")]
pub mod frontier;
pub mod panels;
pub mod plugins;

#[cfg(not(any(
    feature = "coc7e",
    feature = "brp_classic",
    feature = "d10_pool",
    feature = "frontier",
    feature = "d100_house"
)))]
compile_error!(
    "build at least one rulebook: the features are coc7e, brp_classic, d10_pool, frontier and \
     d100_house (all five by default)"
);

use std::sync::RwLock;

use crate::files::FileError;
use crate::rules::rule_options::OwnOption;
use crate::rules::ruleset::{RuleOptions, Ruleset};
use crate::rules::ruleset_id::RulesetId;

/// A rulebook in the registry: the name files give it, the optional rules of its own a scenario
/// may write, and how it is made for a scenario's optional rules (its shipped weapons and
/// armor read, its options kept).
#[derive(Clone, Copy)]
pub struct Rulebook {
    pub id: RulesetId,
    pub options: &'static [OwnOption],
    pub make: fn(&RuleOptions) -> Result<Box<dyn Ruleset>, FileError>,
}

/// The rulebooks built in (each a cargo feature), Call of Cthulhu 7e (the default) first.
const BUILT_IN: &[Rulebook] = &[
    #[cfg(feature = "coc7e")]
    Rulebook {
        id: coc7e::ID,
        options: coc7e::options::OPTIONS,
        make: |options| Ok(Box::new(coc7e::Coc7e::shipped()?.with_options(options))),
    },
    #[cfg(feature = "brp_classic")]
    Rulebook {
        id: brp_classic::ID,
        options: &[],
        make: |_| Ok(Box::new(brp_classic::BrpClassic::shipped()?)),
    },
    #[cfg(feature = "d10_pool")]
    Rulebook {
        id: d10_pool::ID,
        options: &[],
        make: |_| Ok(Box::new(d10_pool::D10Pool::shipped()?)),
    },
    #[cfg(feature = "frontier")]
    Rulebook {
        id: frontier::ID,
        options: &[],
        make: |_| Ok(Box::new(frontier::Frontier::shipped()?)),
    },
    #[cfg(feature = "d100_house")]
    Rulebook {
        id: d100_house::ID,
        options: &[],
        make: |_| Ok(Box::new(d100_house::D100House::shipped()?)),
    },
];

/// The rulebooks registered while running (a test's own), after the built-in ones.
static REGISTERED: RwLock<Vec<Rulebook>> = RwLock::new(Vec::new());

/// Puts `rulebook` in the registry, in place of any of its name registered before (a built-in
/// one keeps its place: a name is looked up among those first).
pub fn register(rulebook: Rulebook) {
    let mut registered = REGISTERED
        .write()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    registered.retain(|known| known.id != rulebook.id);
    registered.push(rulebook);
}

/// Every rulebook there is: the built-in ones, the default first, then those registered.
pub fn rulebooks() -> Vec<Rulebook> {
    let registered = REGISTERED
        .read()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    BUILT_IN.iter().chain(registered.iter()).copied().collect()
}

/// The names of every rulebook there is, the default first.
pub fn ids() -> Vec<RulesetId> {
    rulebooks().iter().map(|rulebook| rulebook.id).collect()
}

/// The rulebook named `id`, where there is one.
pub fn find(id: RulesetId) -> Option<Rulebook> {
    rulebooks().into_iter().find(|rulebook| rulebook.id == id)
}

/// What is said of a name no rulebook answers to.
pub fn unknown(id: RulesetId) -> String {
    let known: Vec<String> = ids().iter().map(|id| format!("`{id}`")).collect();
    format!(
        "no rulebook named `{id}` in this build (it has {})",
        known.join(", ")
    )
}

/// The rulebook a scenario's rules name, with its shipped data and the scenario's optional
/// rules; a name no rulebook answers to is refused, naming those there are.
pub fn ruleset(options: &RuleOptions) -> Result<Box<dyn Ruleset>, FileError> {
    let rulebook = find(options.ruleset).ok_or_else(|| FileError::Unreadable {
        file: "rules.ruleset".to_string(),
        reason: unknown(options.ruleset),
    })?;
    (rulebook.make)(options)
}
