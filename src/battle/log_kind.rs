//! What an event is about, the log's filter: one of a few kinds, which every event, the
//! engine's and a rulebook's own, says.

/// What an event is about, for filtering the log.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum LogKind {
    /// Rounds, turns, delays and the battle's start and end.
    Turns,
    /// Moving, standing up, fleeing, arriving.
    Moves,
    /// Attacks, shots, throws, blasts and the rolls they make.
    Attacks,
    /// Damage, wounds and what harms (fire, stun).
    Wounds,
    /// First Aid, Medicine, putting out fires.
    Care,
    /// Readying, aiming, reloading, jams, charges and refused orders.
    Gear,
    /// The keeper's hand: typed-in dice, corrections, secret rolls.
    Keeper,
}

impl LogKind {
    pub const ALL: [Self; 7] = [
        Self::Turns,
        Self::Moves,
        Self::Attacks,
        Self::Wounds,
        Self::Care,
        Self::Gear,
        Self::Keeper,
    ];

    pub fn label(self) -> &'static str {
        match self {
            Self::Turns => "turns",
            Self::Moves => "moves",
            Self::Attacks => "attacks and rolls",
            Self::Wounds => "wounds",
            Self::Care => "care",
            Self::Gear => "weapons and orders",
            Self::Keeper => "keeper",
        }
    }
}
