//! Terrain: the kinds a map can be made of, and what each does to movement, sight and shots.
//!
//! Every kind has sensible defaults; a map's legend may override any property of any symbol
//! (a river that cannot be waded, sandbags with 20 points of armor).

use serde::{Deserialize, Serialize};

use crate::rules::situation::Material;

/// What a tile looks like and how it behaves by default.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum TerrainKind {
    Floor,
    Wall,
    /// Crates, low walls, overturned tables, fences: conceal half of whoever is right behind
    /// them; cannot be walked through.
    LowCover,
    /// Pillars, stacked crates, vehicles, haystacks: taller than a person; block sight.
    HighCover,
    DoorOpen,
    DoorClosed,
    /// A window in a wall: can be seen and shot through, conceals half of whoever stands at it.
    Window,
    /// Rubble, mud, undergrowth, ploughed field: costs double to cross.
    Difficult,
    /// Shallow water: costs double to wade.
    Water,
    /// Open ground outdoors: grass, earth, a yard.
    Grass,
    /// A wooden fence or hedge: conceals half of whoever is right behind it, stops little.
    Fence,
    /// A tree trunk and its canopy: blocks sight and movement.
    Tree,
}

/// How much of a target a tile hides when it lies on the line of fire next to the target.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Cover {
    None,
    /// Half the target is hidden: one penalty die, or shoot through it against its armor.
    Half,
    /// Nothing can be seen through it.
    Full,
}

/// A terrain as a map uses it: a kind and its properties.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Terrain {
    pub kind: TerrainKind,
    /// What people call it: "crates", "hay bales". Defaults to the kind's name.
    pub name: String,
    pub blocks_movement: bool,
    pub blocks_sight: bool,
    pub cover: Cover,
    /// Armor points subtracted from a shot that passes through it.
    pub armor: u32,
    /// Movement cost as a multiple of a plain step: 1 normal, 2 double (difficult ground).
    pub move_cost: u32,
    /// Unlit: a unit standing on it is harder to make out, where the rulebook counts that.
    pub dark: bool,
    /// What it is made of, where the rulebook says what a bullet loses going through it (the
    /// western's wood, iron and steel); its armor counts otherwise.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub material: Option<Material>,
    /// Whether it stops a bullet outright, where the map says (the d100 house sheet's cover by
    /// body part: a steel washer does, a folding table does not); otherwise by what it is made
    /// of (iron and steel do) and whether it hides all (full cover does).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stops_bullets: Option<bool>,
}

impl Terrain {
    /// Whether it stops a bullet outright: as the map says, else iron, steel and full cover do.
    pub fn stops_bullets(&self) -> bool {
        self.stops_bullets.unwrap_or(
            matches!(self.material, Some(Material::Iron | Material::Steel))
                || self.cover == Cover::Full,
        )
    }
}

impl TerrainKind {
    pub const ALL: [Self; 12] = [
        Self::Floor,
        Self::Wall,
        Self::LowCover,
        Self::HighCover,
        Self::DoorOpen,
        Self::DoorClosed,
        Self::Window,
        Self::Difficult,
        Self::Water,
        Self::Grass,
        Self::Fence,
        Self::Tree,
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
            Self::Grass => "grass",
            Self::Fence => "fence",
            Self::Tree => "tree",
        }
    }

    /// This kind with its default properties.
    pub fn terrain(self) -> Terrain {
        // (blocks movement, blocks sight, cover, armor, move cost)
        let (blocks_movement, blocks_sight, cover, armor, move_cost) = match self {
            Self::Floor | Self::DoorOpen | Self::Grass => (false, false, Cover::None, 0, 1),
            Self::Wall => (true, true, Cover::Full, 20, 1),
            Self::LowCover => (true, false, Cover::Half, 3, 1),
            Self::HighCover | Self::Tree => (true, true, Cover::Full, 10, 1),
            Self::Fence => (true, false, Cover::Half, 1, 1),
            Self::DoorClosed => (true, true, Cover::Full, 3, 1),
            Self::Window => (true, false, Cover::Half, 1, 1),
            Self::Difficult | Self::Water => (false, false, Cover::None, 0, 2),
        };
        Terrain {
            kind: self,
            name: self.label().to_string(),
            blocks_movement,
            blocks_sight,
            cover,
            armor,
            move_cost,
            dark: false,
            material: None,
            stops_bullets: None,
        }
    }
}

/// A legend entry as written: a bare kind, or a kind with some properties changed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum LegendEntry {
    Kind(TerrainKind),
    Custom(CustomTerrain),
}

/// A kind with overrides; every property left out keeps the kind's default.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename = "terrain")]
pub struct CustomTerrain {
    pub kind: TerrainKind,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub blocks_movement: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub blocks_sight: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cover: Option<Cover>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub armor: Option<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub move_cost: Option<u32>,
    /// Unlit (false when left out).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub dark: bool,
    /// What it is made of (none when left out).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub material: Option<Material>,
    /// Whether it stops a bullet outright (by its material and cover when left out).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stops_bullets: Option<bool>,
}

impl CustomTerrain {
    /// `kind` with nothing overridden yet.
    pub fn of(kind: TerrainKind) -> Self {
        Self {
            kind,
            name: None,
            blocks_movement: None,
            blocks_sight: None,
            cover: None,
            armor: None,
            move_cost: None,
            dark: false,
            material: None,
            stops_bullets: None,
        }
    }
}

/// The highest movement cost multiple a terrain may have.
pub const MAX_MOVE_COST: u32 = 10;

impl LegendEntry {
    /// The kind of terrain it is.
    pub fn kind(&self) -> TerrainKind {
        match self {
            Self::Kind(kind) => *kind,
            Self::Custom(custom) => custom.kind,
        }
    }

    /// The terrain this entry describes.
    pub fn terrain(&self) -> Terrain {
        match self {
            Self::Kind(kind) => kind.terrain(),
            Self::Custom(custom) => {
                let base = custom.kind.terrain();
                Terrain {
                    kind: custom.kind,
                    name: custom.name.clone().unwrap_or(base.name),
                    blocks_movement: custom.blocks_movement.unwrap_or(base.blocks_movement),
                    blocks_sight: custom.blocks_sight.unwrap_or(base.blocks_sight),
                    cover: custom.cover.unwrap_or(base.cover),
                    armor: custom.armor.unwrap_or(base.armor),
                    move_cost: custom.move_cost.unwrap_or(base.move_cost),
                    dark: custom.dark,
                    material: custom.material,
                    stops_bullets: custom.stops_bullets,
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_per_kind() {
        let wall = TerrainKind::Wall.terrain();
        assert!(wall.blocks_movement && wall.blocks_sight);
        let crates = TerrainKind::LowCover.terrain();
        assert!(crates.blocks_movement && !crates.blocks_sight);
        assert_eq!(crates.cover, Cover::Half);
        let rubble = TerrainKind::Difficult.terrain();
        assert!(!rubble.blocks_movement);
        assert_eq!(rubble.move_cost, 2);
        let door = TerrainKind::DoorOpen.terrain();
        assert!(!door.blocks_movement && !door.blocks_sight);
        let window = TerrainKind::Window.terrain();
        assert!(window.blocks_movement && !window.blocks_sight);
    }

    #[test]
    fn legend_entries_override_what_they_name() {
        let entries: Vec<LegendEntry> = ron::from_str(
            "[LowCover, (kind: LowCover, name: \"sandbags\", armor: 20), (kind: Water, blocks_movement: true)]",
        )
        .expect("valid entries");
        let terrains: Vec<Terrain> = entries.iter().map(LegendEntry::terrain).collect();
        assert_eq!(terrains[0], TerrainKind::LowCover.terrain());
        assert_eq!(terrains[1].name, "sandbags");
        assert_eq!(terrains[1].armor, 20);
        assert_eq!(terrains[1].cover, Cover::Half);
        assert!(terrains[2].blocks_movement);
        assert_eq!(terrains[2].move_cost, 2);
    }

    /// A steel washer stops bullets by its material, a wall by hiding all, a folding table not
    /// at all; the map may say otherwise either way.
    #[test]
    fn what_stops_a_bullet() {
        let entries: Vec<LegendEntry> = ron::from_str(
            "[(kind: LowCover, material: Some(Steel)), Wall, (kind: LowCover, name: \"folding table\"), \
             (kind: LowCover, stops_bullets: Some(true)), (kind: HighCover, stops_bullets: Some(false))]",
        )
        .expect("valid entries");
        let stops: Vec<bool> = entries
            .iter()
            .map(|entry| entry.terrain().stops_bullets())
            .collect();
        assert_eq!(stops, [true, true, false, true, false]);
    }
}
