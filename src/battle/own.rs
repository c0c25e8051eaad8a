//! A rulebook's own events, carried by the engine's event stream as the rulebook's own data:
//! the engine keeps, counts, digests and shows them without knowing what they are. Each is
//! written (in the JSON lines and the digest) exactly as the rulebook's own enum writes it, so a
//! mechanism moved into its room keeps every replay's digest.

use std::any::Any;
use std::fmt::Debug;
use std::sync::Arc;

use serde::{Serialize, Serializer};

use super::UnitId;
use super::log_kind::LogKind;
use crate::map::scenario::Scenario;

/// An event of one rulebook's own: what it names, and its words for the log.
pub trait OwnEvent: erased_serde::Serialize + SameEvent + Debug + Send + Sync + 'static {
    /// What it is about, for filtering the log.
    fn kind(&self) -> LogKind;

    /// The units it names, the one it is about first (whose being hidden hides it from the
    /// players).
    fn units(&self) -> Vec<UnitId>;

    /// Its line in the log, as the keeper reads it.
    fn words(&self, scenario: &Scenario) -> String;

    /// Its line as the players read it; the keeper's line unless the rulebook says.
    fn players_words(&self, scenario: &Scenario) -> String {
        self.words(scenario)
    }
}

/// Comparing two events of any rulebook: equal only when of one type and equal as it says.
pub trait SameEvent {
    fn as_any(&self) -> &dyn Any;
    fn same(&self, other: &dyn Any) -> bool;
}

impl<T: PartialEq + Any> SameEvent for T {
    fn as_any(&self) -> &dyn Any {
        self
    }

    fn same(&self, other: &dyn Any) -> bool {
        other.downcast_ref::<T>().is_some_and(|other| other == self)
    }
}

/// A rulebook's own event, as the stream carries it.
#[derive(Debug, Clone)]
pub struct RulebookEvent(Arc<dyn OwnEvent>);

impl RulebookEvent {
    pub fn new(event: impl OwnEvent) -> Self {
        Self(Arc::new(event))
    }

    /// The event as the rulebook's own type `T`, if it is one.
    pub fn of<T: 'static>(&self) -> Option<&T> {
        self.0.as_any().downcast_ref::<T>()
    }

    pub fn event(&self) -> &dyn OwnEvent {
        self.0.as_ref()
    }
}

impl PartialEq for RulebookEvent {
    fn eq(&self, other: &Self) -> bool {
        self.0.same(other.0.as_any())
    }
}

impl Serialize for RulebookEvent {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        erased_serde::serialize(self.0.as_ref(), serializer)
    }
}
