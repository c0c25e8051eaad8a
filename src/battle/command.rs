//! Commands: everything a person, the AI or a replay can ask of the battle, as plain data naming
//! units by their stable ids. Each is validated against the state before it changes anything.

use std::fmt;

use serde::de::value::EnumAccessDeserializer;
use serde::de::{
    self, DeserializeSeed, EnumAccess, IntoDeserializer, SeqAccess, VariantAccess, Visitor,
};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use super::UnitId;
use super::own::{Decode, RulebookCommand, RulebookFireMode, decoder_of, fire_mode_decoder_of};
use crate::map::Tile;
use crate::map::scenario::UnitFile;

pub use super::rejection::{OwnRejection, Rejection};
pub use crate::map::scenario::WeaponChoice;
pub use crate::rules::grapple::ManeuverGoal;

/// How a firearm is fired this turn, and at whom.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub enum FireMode {
    /// Single shots, one at each listed target in turn (list a target twice for two shots at
    /// it). More shots than the weapon fires without penalty each take a penalty die; at most
    /// the weapon's limit (the number in brackets in the table).
    Shots(Vec<UnitId>),
    /// One burst (2 or 3 bullets, by the weapon) at one target.
    Burst(UnitId),
    /// Full automatic: this many bullets at each target in turn, split into volleys.
    FullAuto(Vec<(UnitId, u32)>),
    /// Suppressing fire on a group, where the rulebook has it (CoC's optional rule): `bullets`
    /// single shots (or, from a gun that fires full auto, bullets in volleys). Everyone in the
    /// group may dive for cover first; then each roll's target is drawn from the group by a die.
    Suppressing { bullets: u32, at: Vec<UnitId> },
    /// A way of firing of a rulebook's own (BRP's both barrels at once, the d10 pool's sweep
    /// across an area), written as its rulebook writes it and read back by its name
    /// (`read_fire_mode`).
    #[serde(skip)]
    Rulebook(RulebookFireMode),
}

/// Written as the engine's enum of fire modes writes itself (`Shots([2])`), a rulebook's own as
/// its rulebook writes it (`BothBarrels(2)`).
impl Serialize for FireMode {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        /// The engine's fire modes as written.
        #[derive(Serialize)]
        #[serde(rename = "FireMode")]
        enum Written<'a> {
            Shots(&'a [UnitId]),
            Burst(UnitId),
            FullAuto(&'a [(UnitId, u32)]),
            Suppressing { bullets: u32, at: &'a [UnitId] },
        }
        let written = match self {
            Self::Rulebook(own) => return own.serialize(serializer),
            Self::Shots(targets) => Written::Shots(targets),
            Self::Burst(target) => Written::Burst(*target),
            Self::FullAuto(targets) => Written::FullAuto(targets),
            Self::Suppressing { bullets, at } => Written::Suppressing {
                bullets: *bullets,
                at,
            },
        };
        written.serialize(serializer)
    }
}

impl FireMode {
    /// A single shot at one target.
    pub fn single(target: UnitId) -> Self {
        Self::Shots(vec![target])
    }

    /// Every target, each once, in the order first named.
    pub fn targets(&self) -> Vec<UnitId> {
        let named: Vec<UnitId> = match self {
            Self::Shots(targets) => targets.clone(),
            Self::Burst(target) => vec![*target],
            Self::Rulebook(own) => own.mode().targets(),
            Self::Suppressing { at, .. } => at.clone(),
            Self::FullAuto(targets) => targets.iter().map(|(target, _)| *target).collect(),
        };
        each_once(named)
    }

    /// The same fire with `to` named wherever `from` was.
    pub fn retarget(&self, from: UnitId, to: UnitId) -> Self {
        let swap = |unit: UnitId| if unit == from { to } else { unit };
        let swap_all = |units: &[UnitId]| units.iter().map(|unit| swap(*unit)).collect();
        match self {
            Self::Shots(targets) => Self::Shots(swap_all(targets)),
            Self::Burst(target) => Self::Burst(swap(*target)),
            Self::Suppressing { bullets, at } => Self::Suppressing {
                bullets: *bullets,
                at: swap_all(at),
            },
            Self::FullAuto(targets) => Self::FullAuto(
                targets
                    .iter()
                    .map(|(target, bullets)| (swap(*target), *bullets))
                    .collect(),
            ),
            Self::Rulebook(own) => Self::Rulebook(own.mode().retarget(from, to)),
        }
    }
}

/// The units `named`, each once, in the order first named.
pub fn each_once(named: impl IntoIterator<Item = UnitId>) -> Vec<UnitId> {
    let mut units: Vec<UnitId> = Vec::new();
    for unit in named {
        if !units.contains(&unit) {
            units.push(unit);
        }
    }
    units
}

/// A defender's answer to an attack: a melee attack or maneuver, a thrown weapon, or shots.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Answer {
    Dodge,
    FightBack,
    /// Against shots: throw oneself into cover (a Dodge roll; the next action is lost).
    DiveForCover,
    /// Answer with a maneuver of one's own: resolved as fighting back, with its effect instead
    /// of damage.
    Maneuver(ManeuverGoal),
    /// Take it: the attack lands unless fumbled.
    Nothing,
}

/// How a surprise attack is made.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum SurpriseAttack {
    /// A blow: if the target does not see it coming it lands unless fumbled.
    Strike(WeaponChoice),
    /// A maneuver (seizing a weapon, say): if unseen, the attacker gets a bonus die.
    Maneuver(ManeuverGoal),
    /// A shot (or an arrow): always rolled to hit; a target that did not see it coming cannot
    /// dive for cover.
    Shot(WeaponChoice),
}

/// Something asked of the battle.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Command {
    /// End the set-up (and any surprise attacks) and start round 1.
    Begin,
    /// Before round 1: attack someone who may not see it coming.
    Surprise {
        unit: UnitId,
        target: UnitId,
        attack: SurpriseAttack,
    },
    /// Move to a tile, by the cheapest path.
    Move { unit: UnitId, to: Tile },
    /// Get up from prone (free, on the unit's own turn).
    StandUp { unit: UnitId },
    /// Kneel, lie down or stand, where the rulebook lets a unit choose (the western).
    TakePosture {
        unit: UnitId,
        posture: crate::rules::situation::Posture,
    },
    /// A melee attack, or a thrown weapon (a rock, a spear) at a unit.
    Attack {
        unit: UnitId,
        target: UnitId,
        weapon: WeaponChoice,
    },
    /// Fire a gun, bow or other missile weapon at units.
    Fire {
        unit: UnitId,
        weapon: WeaponChoice,
        #[serde(deserialize_with = "read_fire_mode")]
        mode: FireMode,
    },
    /// Take careful aim at a unit with the weapon in hand: a bonus die on the shot next turn.
    Aim { unit: UnitId, target: UnitId },
    /// Load a weapon (two rounds, a magazine, or half a belt).
    Reload { unit: UnitId, weapon: WeaponChoice },
    /// Work on a jammed weapon.
    ClearJam { unit: UnitId, weapon: WeaponChoice },
    /// Throw or fire an explosive (or a Molotov) at a tile.
    Blast {
        unit: UnitId,
        weapon: WeaponChoice,
        at: Tile,
    },
    /// Set a charge or a mine on the unit's own tile or one beside it: with a fuse it goes off
    /// at the end of the round that many rounds on (0: this one); without one it is a mine.
    SetCharge {
        unit: UnitId,
        weapon: WeaponChoice,
        at: Tile,
        fuse: Option<u32>,
    },
    /// Beat out the flames on a burning unit (oneself, rolling on the ground, or one beside).
    Extinguish { unit: UnitId, patient: UnitId },
    /// A blow struck to knock the target out, where the rulebook has them (BRP: with bare hands
    /// or a blunt weapon, declared before the roll).
    KnockOut {
        unit: UnitId,
        target: UnitId,
        weapon: WeaponChoice,
    },
    /// A fighting maneuver.
    Maneuver {
        unit: UnitId,
        target: UnitId,
        goal: ManeuverGoal,
    },
    /// The defender's answer to the attack waiting on it.
    Answer { unit: UnitId, answer: Answer },
    /// Take another weapon in hand (free).
    Ready { unit: UnitId, weapon: WeaponChoice },
    /// Let go of the unit being held (free).
    Release { unit: UnitId },
    /// First Aid on an adjacent unit (or oneself).
    FirstAid { unit: UnitId, patient: UnitId },
    /// Medicine: an hour's work, so only once the fighting is over.
    Medicine { unit: UnitId, patient: UnitId },
    /// Wait until another unit has acted (`None`: until everyone else has).
    Delay { unit: UnitId, until: Option<UnitId> },
    /// Leave the battle from a map edge or an exit tile.
    Flee { unit: UnitId },
    /// Finish the unit's turn.
    EndTurn { unit: UnitId },
    /// The keeper's hand on the battle, from behind the screen.
    Keeper(KeeperOrder),
    /// A command of the battle's rulebook's own, written as that rulebook writes it
    /// ([`Written`]) and read back by its decoder ([`read_commands`]).
    #[serde(skip)]
    Rulebook(RulebookCommand),
}

/// What the keeper may do at any point of the fight (but after it ends): each is a command in
/// the replay like any other.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum KeeperOrder {
    /// Faces typed in from real dice (1 to 100 each; a d10's 0 is 10): the next dice the
    /// battle rolls take them, in order, exactly as the same faces from the stream would land;
    /// then the stream goes on where it was.
    EnterDice { faces: Vec<u32> },
    /// Correct a unit's state.
    Adjust { unit: UnitId, change: Adjustment },
    /// Bring a unit that is not on the map (in reserve, arriving later, or removed) into the
    /// fight at a free tile.
    Bring { unit: UnitId, at: Tile },
    /// Bring a unit the scenario does not have into the fight (one from the rulebook's roster,
    /// say), on the side and at the tile it names: it takes the next unit id.
    Enlist { unit: Box<UnitFile> },
    /// Show a hidden unit to the players.
    Reveal { unit: UnitId },
    /// A roll of one of the unit's skills or characteristics (CON, DEX, Luck) the keeper calls
    /// for; a secret one is the keeper's alone.
    Roll {
        unit: UnitId,
        skill: String,
        secret: bool,
    },
    /// The unit falls `feet` (through a floor, off a ledge), `controlled` or not, where the
    /// rulebook has falls: its dice rolled and taken.
    Fall {
        unit: UnitId,
        feet: u32,
        controlled: bool,
    },
}

/// A correction the keeper makes to a unit.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Adjustment {
    /// Hit points now (at most the unit's most); its wound state follows.
    HitPoints(u32),
    /// Rounds in a carried weapon (by its place in the list) and spare.
    Ammunition {
        weapon: usize,
        loaded: u32,
        spare: u32,
    },
    Prone(bool),
    /// Held fast where it stands (bound, trapped), or freed: a unit held fast cannot move and
    /// counts as immobilised where the rulebook says.
    HeldFast(bool),
    /// Turns it loses to a stun (0: none).
    Stunned(u32),
    /// Its flames are out.
    PutOut,
    /// Set it down on another tile (a dragged token).
    Place(Tile),
    /// Take it off the map.
    Remove,
}

impl KeeperOrder {
    /// The unit the order is about, if any.
    pub fn unit(&self) -> Option<UnitId> {
        match self {
            Self::EnterDice { .. } | Self::Enlist { .. } => None,
            Self::Adjust { unit, .. }
            | Self::Bring { unit, .. }
            | Self::Reveal { unit }
            | Self::Roll { unit, .. }
            | Self::Fall { unit, .. } => Some(*unit),
        }
    }
}

impl Command {
    /// The unit the command is about (who acts, or who answers).
    pub fn unit(&self) -> Option<UnitId> {
        match self {
            Self::Begin | Self::Keeper(_) => None,
            Self::Surprise { unit, .. }
            | Self::Move { unit, .. }
            | Self::StandUp { unit }
            | Self::TakePosture { unit, .. }
            | Self::Attack { unit, .. }
            | Self::Fire { unit, .. }
            | Self::Aim { unit, .. }
            | Self::Reload { unit, .. }
            | Self::ClearJam { unit, .. }
            | Self::Blast { unit, .. }
            | Self::SetCharge { unit, .. }
            | Self::Extinguish { unit, .. }
            | Self::Maneuver { unit, .. }
            | Self::KnockOut { unit, .. }
            | Self::Answer { unit, .. }
            | Self::Ready { unit, .. }
            | Self::Release { unit }
            | Self::FirstAid { unit, .. }
            | Self::Medicine { unit, .. }
            | Self::Delay { unit, .. }
            | Self::Flee { unit }
            | Self::EndTurn { unit } => Some(*unit),
            Self::Rulebook(own) => own.command().unit(),
        }
    }
}

/// A command as it is written: a rulebook's own as its rulebook writes it (its name and fields,
/// as if one of the engine's), every other as the engine's own. Whatever writes a command
/// writes it through this.
pub struct Written<'a>(pub &'a Command);

impl Serialize for Written<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self.0 {
            Command::Rulebook(own) => own.serialize(serializer),
            command => command.serialize(serializer),
        }
    }
}

impl Command {
    /// The command as a replay writes it (RON, on one line).
    pub fn written(&self) -> String {
        ron::to_string(&Written(self)).unwrap_or_default()
    }
}

/// Write one command ([`Written`]), for a field that holds one.
pub fn write_command<S: Serializer>(command: &Command, serializer: S) -> Result<S::Ok, S::Error> {
    Written(command).serialize(serializer)
}

/// Write a list of commands ([`Written`]), for a field that holds them.
pub fn write_commands<S: Serializer>(
    commands: &[Command],
    serializer: S,
) -> Result<S::Ok, S::Error> {
    serializer.collect_seq(commands.iter().map(Written))
}

/// Read a list of commands as written (a replay's): each one of a rulebook's own by the decoder
/// its rulebook registered for its name, every other as the engine's own (a name neither knows
/// is refused there, with the names expected).
pub fn read_commands<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Vec<Command>, D::Error> {
    deserializer.deserialize_seq(CommandsVisitor)
}

struct CommandsVisitor;

impl<'de> Visitor<'de> for CommandsVisitor {
    type Value = Vec<Command>;

    fn expecting(&self, formatter: &mut fmt::Formatter) -> fmt::Result {
        formatter.write_str("a list of commands")
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Vec<Command>, A::Error> {
        // No room is kept from a count the file gives: each command is read before it is kept.
        let mut commands = Vec::new();
        while let Some(ReadCommand(command)) = seq.next_element()? {
            commands.push(command);
        }
        Ok(commands)
    }
}

/// One command as written, read by the rulebook that owns its name or as the engine's own.
struct ReadCommand(Command);

impl<'de> Deserialize<'de> for ReadCommand {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_enum("Command", &[], ReadCommandVisitor)
    }
}

struct ReadCommandVisitor;

impl<'de> Visitor<'de> for ReadCommandVisitor {
    type Value = ReadCommand;

    fn expecting(&self, formatter: &mut fmt::Formatter) -> fmt::Result {
        formatter.write_str("a command")
    }

    fn visit_enum<A: EnumAccess<'de>>(self, data: A) -> Result<ReadCommand, A::Error> {
        read_by_name(data, decoder_of, Command::Rulebook).map(ReadCommand)
    }
}

/// Read a fire mode as written (a fire command's): one of a rulebook's own by the decoder its
/// rulebook registered for its name, every other as the engine's own.
pub fn read_fire_mode<'de, D: Deserializer<'de>>(deserializer: D) -> Result<FireMode, D::Error> {
    deserializer.deserialize_enum("FireMode", &[], ReadFireModeVisitor)
}

struct ReadFireModeVisitor;

impl<'de> Visitor<'de> for ReadFireModeVisitor {
    type Value = FireMode;

    fn expecting(&self, formatter: &mut fmt::Formatter) -> fmt::Result {
        formatter.write_str("a fire mode")
    }

    fn visit_enum<A: EnumAccess<'de>>(self, data: A) -> Result<FireMode, A::Error> {
        read_by_name(data, fire_mode_decoder_of, FireMode::Rulebook)
    }
}

/// One of an enum's values as written, its name read first: a rulebook's own, where `own`
/// finds the decoder its rulebook registered for the name (`carry` making it the engine's
/// type), else the engine's own `T` (a name neither knows is refused there, with the names
/// expected).
fn read_by_name<'de, A: EnumAccess<'de>, T: Deserialize<'de>, O>(
    data: A,
    own: fn(&str) -> Option<Decode<O>>,
    carry: fn(O) -> T,
) -> Result<T, A::Error> {
    let (name, variant) = data.variant_seed(VariantName)?;
    let whole = EnumAccessDeserializer::new(Named {
        name: name.clone(),
        variant,
    });
    match own(&name) {
        Some(decode) => {
            let mut erased = <dyn erased_serde::Deserializer>::erase(whole);
            decode(&mut erased).map(carry).map_err(de::Error::custom)
        }
        None => T::deserialize(whole),
    }
}

/// A command's name, read first.
struct VariantName;

impl<'de> DeserializeSeed<'de> for VariantName {
    type Value = String;

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<String, D::Error> {
        deserializer.deserialize_identifier(self)
    }
}

impl Visitor<'_> for VariantName {
    type Value = String;

    fn expecting(&self, formatter: &mut fmt::Formatter) -> fmt::Result {
        formatter.write_str("a command's name")
    }

    fn visit_str<E: de::Error>(self, name: &str) -> Result<String, E> {
        Ok(name.to_string())
    }
}

/// A command whose name was read, with the name put back.
struct Named<V> {
    name: String,
    variant: V,
}

impl<'de, V: VariantAccess<'de>> EnumAccess<'de> for Named<V> {
    type Error = V::Error;
    type Variant = V;

    fn variant_seed<S: DeserializeSeed<'de>>(self, seed: S) -> Result<(S::Value, V), V::Error> {
        let name = seed.deserialize(self.name.into_deserializer())?;
        Ok((name, self.variant))
    }
}
