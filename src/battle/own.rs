//! A rulebook's own commands, fire modes and events, carried by the engine's command and event
//! streams as the rulebook's own data: the engine keeps, replays, counts, digests and shows
//! them without knowing what they are. Each is written (in a replay's RON, the JSON lines and
//! the digest) exactly as the rulebook's own enum writes it, so a mechanism moved into its room
//! keeps every replay. A command or a fire mode is read back by the decoder its rulebook
//! registered for its name (`command::read_commands`, `command::read_fire_mode`).

use std::any::Any;
use std::fmt::Debug;
use std::sync::{Arc, RwLock};

use serde::{Serialize, Serializer};

use super::UnitId;
use super::log_kind::LogKind;
use crate::map::scenario::Scenario;

/// An event of one rulebook's own: what it names, and its words for the log.
pub trait OwnEvent: erased_serde::Serialize + SameData + Debug + Send + Sync + 'static {
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

    /// What it adds to the roll card it follows in the rolls panel, if anything.
    fn roll_note(&self) -> Option<RollNote> {
        None
    }

    /// The unit whose numbers it tells (CoC's Luck spent), which the players read only where
    /// that unit's numbers are not secret; `None`: it tells no one's.
    fn numbers_of(&self) -> Option<UnitId> {
        None
    }

    /// Where an earlier wound it tells of landed, for that wound's damage card (the western's
    /// wounds located as the round ends); `None`: it locates none.
    fn locates(&self) -> Option<Located> {
        None
    }

    /// Whether it begins a new moment of the fight in the rolls panel, as an attack does.
    fn begins_a_moment(&self) -> bool {
        false
    }

    /// The card of two sides it shows in the rolls panel, if it is a contest (the western's
    /// quick draw).
    fn contest_card(&self) -> Option<ContestCard> {
        None
    }
}

/// A contest of two sides as the rolls panel shows it: "`title`: <first> `won`" over the two
/// sides (or "`title`: `even`" where neither came first), each side's die, total and parts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ContestCard {
    pub title: &'static str,
    pub first: Option<UnitId>,
    pub won: &'static str,
    pub even: &'static str,
    pub sides: [ContestSide; 2],
}

/// One side of a contest: whose it is, its die as shown, its total and what made it up.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ContestSide {
    pub unit: UnitId,
    pub die: String,
    pub total: i32,
    pub parts: Vec<String>,
}

/// What a rulebook's own event adds to the roll card it follows: `words` added to the outcome
/// of `unit`'s card (`None`: the last card's), and how they bear on where the hit landed, if
/// they do.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RollNote {
    pub unit: Option<UnitId>,
    pub words: String,
    pub landing: Option<Landing>,
}

/// An earlier wound located: the wounded `unit`, the `weapon` that dealt it, and `words` for
/// where it landed ("in the right arm · d100 78").
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Located {
    pub unit: UnitId,
    pub weapon: String,
    pub words: String,
}

/// How a roll note bears on where the hit landed, which the damage card after it says.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Landing {
    /// The hit landed here.
    At(String),
    /// The note's words add to where it landed.
    Further,
}

/// Comparing two commands or events of any rulebook: equal only when of one type and equal as
/// it says.
pub trait SameData {
    fn as_any(&self) -> &dyn Any;
    fn same(&self, other: &dyn Any) -> bool;
}

impl<T: PartialEq + Any> SameData for T {
    fn as_any(&self) -> &dyn Any {
        self
    }

    fn same(&self, other: &dyn Any) -> bool {
        other.downcast_ref::<T>().is_some_and(|other| other == self)
    }
}

/// A rulebook's own event or command, as a stream carries it.
#[derive(Debug)]
pub struct Carried<T: ?Sized>(Arc<T>);

/// A rulebook's own event, as the event stream carries it.
pub type RulebookEvent = Carried<dyn OwnEvent>;

/// A rulebook's own command, as the command stream carries it.
pub type RulebookCommand = Carried<dyn OwnCommand>;

/// A rulebook's own way of firing, as a fire command carries it.
pub type RulebookFireMode = Carried<dyn OwnFireMode>;

impl RulebookEvent {
    pub fn new(event: impl OwnEvent) -> Self {
        Self(Arc::new(event))
    }

    pub fn event(&self) -> &dyn OwnEvent {
        self.0.as_ref()
    }
}

impl RulebookCommand {
    pub fn new(command: impl OwnCommand) -> Self {
        Self(Arc::new(command))
    }

    pub fn command(&self) -> &dyn OwnCommand {
        self.0.as_ref()
    }
}

impl RulebookFireMode {
    pub fn new(mode: impl OwnFireMode) -> Self {
        Self(Arc::new(mode))
    }

    pub fn mode(&self) -> &dyn OwnFireMode {
        self.0.as_ref()
    }
}

impl<T: ?Sized + SameData> Carried<T> {
    /// The carried data as the rulebook's own type `U`, if it is one.
    pub fn of<U: 'static>(&self) -> Option<&U> {
        self.0.as_any().downcast_ref::<U>()
    }
}

impl<T: ?Sized> Clone for Carried<T> {
    fn clone(&self) -> Self {
        Self(self.0.clone())
    }
}

impl<T: ?Sized + SameData> PartialEq for Carried<T> {
    fn eq(&self, other: &Self) -> bool {
        self.0.same(other.0.as_any())
    }
}

impl Eq for RulebookCommand {}

impl Eq for RulebookFireMode {}

/// Written exactly as the rulebook's own type writes it.
impl<T: ?Sized + erased_serde::Serialize> Serialize for Carried<T> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        erased_serde::serialize(self.0.as_ref(), serializer)
    }
}

/// A command of one rulebook's own.
pub trait OwnCommand: erased_serde::Serialize + SameData + Debug + Send + Sync + 'static {
    /// The unit that gives it (or answers with it).
    fn unit(&self) -> Option<UnitId>;

    /// Whether it is what a unit gives in its declaration slot (BRP's parry named), which the
    /// slot allows and nothing else does; no by default.
    fn declares(&self) -> bool {
        false
    }
}

/// A way of firing of one rulebook's own (BRP's both barrels at once), planned at its
/// `plan_own_fire` stage.
pub trait OwnFireMode: erased_serde::Serialize + SameData + Debug + Send + Sync + 'static {
    /// Every unit it is aimed at, each once, in the order first named.
    fn targets(&self) -> Vec<UnitId>;

    /// The same fire with `to` named wherever `from` was.
    fn retarget(&self, from: UnitId, to: UnitId) -> RulebookFireMode;

    /// What the pull adds to the firer's shots this round; `None`: it counts as a burst.
    fn shots_counted(&self) -> Option<u32>;

    /// Whether each of its shots goes at one of its targets drawn by a die (BRP's unaimed fire
    /// at several): no by default.
    fn draws_targets(&self) -> bool {
        false
    }
}

/// How a rulebook's own data of one kind (its commands, its fire modes) is read back: the names
/// it knows, and its decoder, which reads one of them (as its enum reads itself).
pub struct Decoder<T> {
    pub names: &'static [&'static str],
    pub decode: Decode<T>,
}

impl<T> Clone for Decoder<T> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<T> Copy for Decoder<T> {}

/// A rulebook's reading of one of its own of kind `T`.
pub type Decode<T> = fn(&mut dyn erased_serde::Deserializer) -> Result<T, erased_serde::Error>;

/// How a rulebook's commands are read back.
pub type CommandDecoder = Decoder<RulebookCommand>;

/// How a rulebook's fire modes are read back.
pub type FireModeDecoder = Decoder<RulebookFireMode>;

impl CommandDecoder {
    /// The decoder of a rulebook's commands of type `T`, known by `names` (as its enum writes
    /// them), each read as `T` reads itself.
    pub fn of<T: OwnCommand + serde::de::DeserializeOwned>(names: &'static [&'static str]) -> Self {
        Self {
            names,
            decode: |deserializer| {
                Ok(RulebookCommand::new(erased_serde::deserialize::<T>(
                    deserializer,
                )?))
            },
        }
    }
}

impl FireModeDecoder {
    /// The decoder of a rulebook's fire modes of type `T`, known by `names` (as its enum writes
    /// them), each read as `T` reads itself.
    pub fn of<T: OwnFireMode + serde::de::DeserializeOwned>(
        names: &'static [&'static str],
    ) -> Self {
        Self {
            names,
            decode: |deserializer| {
                Ok(RulebookFireMode::new(erased_serde::deserialize::<T>(
                    deserializer,
                )?))
            },
        }
    }
}

/// The decoders of every rulebook registered, of one kind (its own are read before any app is
/// built, as a replay is loaded, so they are kept for the whole program).
struct Registry<T>(RwLock<Vec<Decoder<T>>>);

impl<T> Registry<T> {
    const fn new() -> Self {
        Self(RwLock::new(Vec::new()))
    }

    /// Register a rulebook's decoder (again: no change).
    fn register(&self, decoder: Decoder<T>) {
        let mut decoders = self
            .0
            .write()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        if !decoders.iter().any(|known| known.names == decoder.names) {
            decoders.push(decoder);
        }
    }

    /// The decoder of the rulebook whose own `name` is, if one is registered.
    fn decoder_of(&self, name: &str) -> Option<Decode<T>> {
        self.0
            .read()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
            .iter()
            .find(|decoder| decoder.names.contains(&name))
            .map(|decoder| decoder.decode)
    }
}

static COMMANDS: Registry<RulebookCommand> = Registry::new();
static FIRE_MODES: Registry<RulebookFireMode> = Registry::new();

/// Register a rulebook's decoder of commands (again: no change).
pub fn register_commands(decoder: CommandDecoder) {
    COMMANDS.register(decoder);
}

/// The decoder of the rulebook whose command `name` is, if one is registered.
pub fn decoder_of(name: &str) -> Option<Decode<RulebookCommand>> {
    COMMANDS.decoder_of(name)
}

/// Register a rulebook's decoder of fire modes (again: no change).
pub fn register_fire_modes(decoder: FireModeDecoder) {
    FIRE_MODES.register(decoder);
}

/// The decoder of the rulebook whose fire mode `name` is, if one is registered.
pub fn fire_mode_decoder_of(name: &str) -> Option<Decode<RulebookFireMode>> {
    FIRE_MODES.decoder_of(name)
}
