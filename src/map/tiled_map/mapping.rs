//! How a tileset's tiles become terrain: the mapping file a keeper keeps beside a tileset made
//! for another game (by tile id, by class, by a property's value, and for every other tile),
//! and a tile's own `terrain` property with its overrides.

use std::collections::BTreeMap;
use std::path::Path;

use serde::{Deserialize, Serialize};

use super::{Place, PropertyValue, SceneTile, Source, kind_named};
use crate::files::{FileError, parse_ron, read_text};
use crate::map::map_path::{MapReach, map_path};
use crate::map::terrain::{CustomTerrain, LegendEntry, MAX_MOVE_COST};
use crate::map::{Cover, Terrain};
use crate::rules::situation::Material;

/// A tileset's mapping file: which terrain each of its tiles is. Every part may be left out.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename = "tileset_mapping")]
pub struct TilesetMapping {
    /// The tileset's name, as Tiled shows it.
    pub tileset: String,
    /// By tile id (the first tile is 0).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub tiles: BTreeMap<u32, LegendEntry>,
    /// By the tile's class (Tiled's "Class" field, "Type" before Tiled 1.9).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub classes: BTreeMap<String, LegendEntry>,
    /// By a property's value: the property's name, then each value (written as text:
    /// `"true"`, `"3"`, `"stone"`).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub properties: BTreeMap<String, BTreeMap<String, LegendEntry>>,
    /// Every tile nothing else maps.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub otherwise: Option<LegendEntry>,
}

impl TilesetMapping {
    /// The entry for tile `id` (with its class and properties, where it has any).
    pub fn entry(&self, id: u32, tile: Option<&SceneTile>) -> Option<&LegendEntry> {
        self.tiles.get(&id).or_else(|| {
            let tile = tile?;
            self.classes.get(&tile.class).or_else(|| {
                tile.properties.iter().find_map(|property| {
                    self.properties
                        .get(&property.name)?
                        .get(&property.value.as_text())
                })
            })
        })
    }
}

impl TilesetMapping {
    /// Read and check a mapping file on its own (`check`); a map using it checks it again.
    pub fn load(path: &Path) -> Result<Self, FileError> {
        let name = path
            .file_name()
            .and_then(|name| name.to_str())
            .unwrap_or_default();
        let text = read_text(path)?;
        let file = path.display().to_string();
        let mapping = parse_checked(&file, &text)?;
        if mapping_file_name(&mapping.tileset) != name {
            return Err(FileError::at_field(
                &file,
                &text,
                0,
                "tileset",
                format!(
                    "the mapping of `{}` is read from `{}`, not `{name}`",
                    mapping.tileset,
                    mapping_file_name(&mapping.tileset)
                ),
            ));
        }
        Ok(mapping)
    }

    /// One line saying what it maps.
    pub fn summary(&self) -> String {
        let count = |count: usize, one: &str, many: &str| {
            format!("{count} {}", if count == 1 { one } else { many })
        };
        format!(
            "the mapping of the tileset `{}`: {} by id, {}, {}{}",
            self.tileset,
            count(self.tiles.len(), "tile", "tiles"),
            count(self.classes.len(), "class", "classes"),
            count(
                self.properties.values().map(BTreeMap::len).sum(),
                "property value",
                "property values",
            ),
            if self.otherwise.is_some() {
                ", and every other tile"
            } else {
                ""
            }
        )
    }
}

/// The mapping file's name for a tileset: its name in lower case, runs of anything but letters
/// and digits made one `-`, then `.gridkeeper.ron`.
pub fn mapping_file_name(tileset: &str) -> String {
    let mut name = String::new();
    for character in tileset.chars() {
        if character.is_alphanumeric() {
            name.extend(character.to_lowercase());
        } else if !name.ends_with('-') {
            name.push('-');
        }
    }
    let name = name.trim_matches('-');
    format!(
        "{}.gridkeeper.ron",
        if name.is_empty() { "tileset" } else { name }
    )
}

/// Why a mapping could not be read.
pub(super) enum MappingError {
    /// The file, read, is wrong: located in it.
    File(FileError),
    /// The file may not be read from where it is.
    Path(String),
}

/// The mapping file of the tileset `name` in `folder`, with its source, where there is one.
pub(super) fn read(
    folder: &Path,
    name: &str,
    reach: MapReach,
) -> Result<Option<(TilesetMapping, Source)>, MappingError> {
    let file_name = mapping_file_name(name);
    let path = map_path(folder, &file_name, reach).map_err(MappingError::Path)?;
    if !path.exists() {
        return Ok(None);
    }
    let text = read_text(&path).map_err(MappingError::File)?;
    let file = path.display().to_string();
    let mapping = parse_checked(&file, &text).map_err(MappingError::File)?;
    Ok(Some((mapping, Source { file, text })))
}

/// A mapping file's text parsed, each terrain's move cost checked.
fn parse_checked(file: &str, text: &str) -> Result<TilesetMapping, FileError> {
    let mapping: TilesetMapping = parse_ron(file, text)?;
    for entry in mapping
        .tiles
        .values()
        .chain(mapping.classes.values())
        .chain(mapping.properties.values().flat_map(BTreeMap::values))
        .chain(&mapping.otherwise)
    {
        let cost = entry.terrain().move_cost;
        if cost == 0 || cost > MAX_MOVE_COST {
            return Err(FileError::at_text(
                file,
                text,
                0,
                "move_cost",
                format!("move_cost {cost} is not from 1 to {MAX_MOVE_COST}"),
            ));
        }
    }
    Ok(mapping)
}

/// A tile's terrain by its own `terrain` property (a kind), changed by any of the properties
/// `name`, `armor`, `cover`, `blocks_movement`, `blocks_sight`, `move_cost`, `dark`, `material`
/// and `stops_bullets` it also has; `None` without the property. `error` locates a problem.
pub(super) fn own_terrain(
    tile: &SceneTile,
    error: impl Fn(Place, &str, String) -> FileError,
) -> Result<Option<Terrain>, FileError> {
    let Some(named) = tile
        .properties
        .iter()
        .find(|property| property.name == "terrain")
    else {
        return Ok(None);
    };
    let kinds = || {
        crate::map::TerrainKind::ALL
            .iter()
            .map(|kind| format!("{kind:?}"))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let kind = match &named.value {
        PropertyValue::Text(text) => kind_named(text),
        _ => None,
    }
    .ok_or_else(|| {
        error(
            named.place,
            "property `terrain`",
            format!(
                "`{}` is not a terrain kind: one of {}",
                named.value.as_text(),
                kinds()
            ),
        )
    })?;
    let mut custom = CustomTerrain::of(kind);
    for property in &tile.properties {
        let wrong = |wanted: &str| {
            error(
                property.place,
                &format!("property `{}`", property.name),
                format!("`{}` is not {wanted}", property.value.as_text()),
            )
        };
        let flag = || match property.value {
            PropertyValue::Flag(flag) => Ok(flag),
            _ => Err(wrong("true or false")),
        };
        let number = |most: u32, least: u32| match property.value {
            PropertyValue::Number(number)
                if number.fract() == 0.0
                    && (f64::from(least)..=f64::from(most)).contains(&number) =>
            {
                #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
                Ok(number as u32)
            }
            _ => Err(wrong(&format!("a whole number from {least} to {most}"))),
        };
        let text = property.value.as_text();
        match property.name.as_str() {
            "name" => custom.name = Some(text),
            "armor" => custom.armor = Some(number(1000, 0)?),
            "move_cost" => custom.move_cost = Some(number(MAX_MOVE_COST, 1)?),
            "blocks_movement" => custom.blocks_movement = Some(flag()?),
            "blocks_sight" => custom.blocks_sight = Some(flag()?),
            "dark" => custom.dark = flag()?,
            "stops_bullets" => custom.stops_bullets = Some(flag()?),
            "cover" => {
                custom.cover = Some(match text.to_ascii_lowercase().as_str() {
                    "none" => Cover::None,
                    "half" => Cover::Half,
                    "full" => Cover::Full,
                    _ => return Err(wrong("a cover: None, Half or Full")),
                });
            }
            "material" => {
                custom.material = Some(match text.to_ascii_lowercase().as_str() {
                    "wood" => Material::Wood,
                    "iron" => Material::Iron,
                    "steel" => Material::Steel,
                    _ => return Err(wrong("a material: Wood, Iron or Steel")),
                });
            }
            _ => {}
        }
    }
    Ok(Some(LegendEntry::Custom(custom).terrain()))
}
