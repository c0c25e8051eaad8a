//! Terrain kinds and what each does to movement, sight and shots.

use serde::{Deserialize, Serialize};

/// What a tile is made of.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Terrain {
    Floor,
    Wall,
    /// Crates, low walls, overturned tables: conceal half of whoever crouches behind them.
    LowCover,
    /// Pillars, stacked crates, vehicles: taller than a person.
    HighCover,
    DoorOpen,
    DoorClosed,
    Window,
    /// Rubble, mud, undergrowth: costs double to cross.
    Difficult,
    Water,
}

impl Terrain {
    pub const ALL: [Self; 9] = [
        Self::Floor,
        Self::Wall,
        Self::LowCover,
        Self::HighCover,
        Self::DoorOpen,
        Self::DoorClosed,
        Self::Window,
        Self::Difficult,
        Self::Water,
    ];

    /// The tile's index in the tileset.
    pub fn tile_index(self) -> u32 {
        self as u32
    }

    /// The name shown to people.
    pub fn label(self) -> &'static str {
        match self {
            Self::Floor => "floor",
            Self::Wall => "wall",
            Self::LowCover => "low cover",
            Self::HighCover => "high cover",
            Self::DoorOpen => "open door",
            Self::DoorClosed => "closed door",
            Self::Window => "window",
            Self::Difficult => "difficult ground",
            Self::Water => "water",
        }
    }
}
