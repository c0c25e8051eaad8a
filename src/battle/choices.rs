//! What a rulebook offers a unit on its turn beyond the engine's own actions, as data: each
//! offer the command it gives, its label and hint in the rulebook's words, and whether it is
//! open now; and the flags its own state puts on a unit. The rulebook makes them at its
//! `offers` and `flags` stages (`hooks/choices.rs`); the action bar and the unit cards draw them (and
//! the players' devices will), so no panel names a rulebook's mechanism.

use super::command::Command;

/// What the unit whose turn it is may do beyond the engine's own actions, as the rulebook says:
/// its offers, and whether its action, spent, went on something only an attack may follow
/// (the house sheet's stance taken first: its attacks stay open, its other actions do not).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct TurnChoices {
    pub offers: Offers,
    pub attack_follows_action: bool,
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
}
