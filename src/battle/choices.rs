//! What a rulebook offers a unit on its turn beyond the engine's own actions, as data: each
//! offer the command it gives, its label and hint in the rulebook's words, and whether it is
//! open now; the flags its own state puts on a unit, and how it bounds a unit's round (its
//! movement, a stay, what binds its turn). The rulebook makes them at its `offers`, `flags`,
//! `second_guns`, `moves`, `stays` and `binding` stages (`hooks/choices.rs`); the action bar,
//! the unit cards, the round order and the move overlay draw them (and the players' devices
//! will), so no panel names a rulebook's mechanism.

use super::command::Command;
use crate::rules::characteristics::MoveAllowance;

/// What the unit whose turn it is may do beyond the engine's own actions, as the rulebook says:
/// its offers, and whether its action, spent, went on something only an attack may follow
/// (the house sheet's stance taken first: its attacks stay open, its other actions do not).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct TurnChoices {
    pub offers: Offers,
    pub attack_follows_action: bool,
    /// The guns it may still fire this turn beyond its spent action (BRP's handgun in the
    /// other hand), each with the style it fires in.
    pub second_guns: Vec<(usize, OwnFireStyle)>,
}

/// A style of firing of a rulebook's own, as the action bar offers it: its label, the count it
/// fires where it has one ("4 unaimed"; "both barrels"), and where the player sets that count
/// (the d10 pool's sweep of so many rounds), within what.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OwnFireStyle {
    pub label: &'static str,
    pub count: Option<u32>,
    pub set: Option<CountSetting>,
}

/// The counts a player may set for a style of firing: from `least` to `most`, each a `unit`
/// (" rounds").
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CountSetting {
    pub least: u32,
    pub most: u32,
    pub unit: &'static str,
}

impl OwnFireStyle {
    /// "4 unaimed", "both barrels"; a style whose count the player sets, its label alone
    /// ("sweep"), the count set beside it.
    pub fn words(self) -> String {
        match self.count.filter(|_| self.set.is_none()) {
            Some(count) => format!("{count} {}", self.label),
            None => self.label.to_string(),
        }
    }

    /// Whether `other` is this style, its count set anew or not.
    pub fn same_kind(self, other: Self) -> bool {
        self.label == other.label && (self.count == other.count || self.set.is_some())
    }
}

/// What binds a unit's turn this round, where its rulebook binds every turn (the western's
/// declaration): its words, whether the unit gave it (one that declared nothing is bound to
/// staying and doing nothing), and whether it leaves first aid open. A bound turn keeps its
/// place in the order: nobody waits.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Binding {
    pub words: String,
    pub given: bool,
    pub tends: bool,
}

/// How a unit's rulebook bounds it this round: the movement it has, whether it keeps its tile,
/// and what binds its turn.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RoundBounds {
    pub moves: MoveAllowance,
    pub stays: bool,
    pub binding: Option<Binding>,
}

/// A rulebook's offers to one unit: what it asks first, where it asks something (BRP: name
/// the one opponent to parry this round), its menus (a choice among several), then its buttons.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Offers {
    pub prompt: Option<String>,
    pub menus: Vec<OfferMenu>,
    pub buttons: Vec<Offer>,
}

/// One button: the command it gives.
#[derive(Debug, Clone, PartialEq)]
pub struct Offer {
    pub label: String,
    pub hint: String,
    /// Whether it may be given now (a closed one is shown, greyed).
    pub open: bool,
    pub command: Command,
}

/// A menu of choices, one of which may stand chosen.
#[derive(Debug, Clone, PartialEq)]
pub struct OfferMenu {
    /// A stable name for the menu, never shown.
    pub id: &'static str,
    /// Words before it, where it needs them ("On a match:").
    pub caption: Option<String>,
    /// What it shows while closed: the choice standing, or what it is for.
    pub shown: String,
    pub hint: String,
    pub open: bool,
    pub items: Vec<MenuItem>,
}

/// A choice in a menu: the command that makes it, `None` where choosing it changes nothing
/// (it stands chosen already).
#[derive(Debug, Clone, PartialEq)]
pub struct MenuItem {
    pub label: String,
    pub chosen: bool,
    pub command: Option<Command>,
}

/// A flag the rulebook's own state puts on a unit, as its card shows it: its words in the
/// rulebook's terms ("dodging", "pinned −10"), its tone, and whether the round order's short
/// list shows it too.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnitFlag {
    pub words: String,
    pub tone: FlagTone,
    pub in_short: bool,
}

/// What kind of flag it is, which its chip's colour says.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FlagTone {
    /// A defence held ready (a dodge stance).
    Guarded,
    /// Its senses or wits impaired (dazed, blinded).
    Impaired,
    /// Kept down by fire (pinned).
    Pressed,
    /// Held back by an enemy's maneuver (hampered).
    Hampered,
}
