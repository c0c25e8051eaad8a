//! Tests of reading Tiled maps: the shipped examples, and broken files named with their place.

use std::path::{Path, PathBuf};

use super::{TiledMap, TiledUnit, mapping_file_name};
use crate::map::map_path::MapReach;
#[cfg(feature = "coc7e")]
use crate::map::scenario::Scenario;
use crate::map::{Cover, GridMap, TerrainKind, Tile};
use crate::rules::situation::Material;

fn shipped(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("maps/tiled")
        .join(name)
}

fn load(path: &Path) -> TiledMap {
    TiledMap::load(path, MapReach::InsideTheFolder).unwrap_or_else(|error| panic!("{error}"))
}

/// The boathouse, drawn in Tiled with every terrain kind and a tile of its own (sandbags by
/// their properties), read from `.tmx` and from `.tmj`, is the map its RON twin writes.
#[test]
fn a_tiled_map_is_the_same_ground_as_its_ron_twin() {
    let twin = GridMap::load(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/tiled/boathouse.map.ron"),
    )
    .unwrap_or_else(|error| panic!("{error}"));
    let kinds: std::collections::BTreeSet<TerrainKind> =
        twin.tiles().map(|(_, terrain)| terrain.kind).collect();
    assert_eq!(kinds.len(), TerrainKind::ALL.len(), "every kind is drawn");
    for file in ["boathouse.tmx", "boathouse.tmj"] {
        let read = load(&shipped(file));
        assert_eq!(read.map, twin, "{file}");
        let sandbags = read.map.terrain(Tile::new(8, 6)).expect("on the map");
        assert_eq!(
            (sandbags.name.as_str(), sandbags.armor, sandbags.cover),
            ("sandbags", 20, Cover::Half),
            "{file}"
        );
    }
}

/// The object layer's units (a roster entry each, by `roster` or by name, on a `side`) and its
/// exit (every tile the rectangle covers), the same from either format.
#[test]
fn the_objects_place_units_and_exits() {
    for file in ["boathouse.tmx", "boathouse.tmj"] {
        let read = load(&shipped(file));
        let units: Vec<(&str, &str, Option<&str>, Tile)> = read
            .units
            .iter()
            .map(|unit: &TiledUnit| {
                (
                    unit.name.as_str(),
                    unit.roster.as_str(),
                    unit.side.as_deref(),
                    unit.tile,
                )
            })
            .collect();
        assert_eq!(
            units,
            [
                (
                    "Constable Hale",
                    "Police officer",
                    Some("investigators"),
                    Tile::new(11, 2)
                ),
                (
                    "Professor Wendell",
                    "Professor",
                    Some("investigators"),
                    Tile::new(10, 2)
                ),
                ("Deep One", "Deep One", Some("deep-ones"), Tile::new(6, 12)),
                (
                    "Deep One 2",
                    "Deep One",
                    Some("deep-ones"),
                    Tile::new(13, 12)
                ),
                (
                    "Boathouse keeper",
                    "Cultist with a revolver",
                    Some("deep-ones"),
                    Tile::new(8, 5)
                ),
            ],
            "{file}"
        );
        assert_eq!(
            read.exits,
            (8..12).map(|x| Tile::new(x, 0)).collect::<Vec<_>>(),
            "{file}"
        );
    }
}

/// A scenario fought on a Tiled map gets its units from the roster and its exits; as begun it
/// carries the map written inline, which reads back to the same ground.
#[cfg(feature = "coc7e")]
#[test]
fn a_scenario_on_a_tiled_map_fights_with_what_the_map_places() {
    let scenario =
        Scenario::load(&shipped("boathouse.ron")).unwrap_or_else(|error| panic!("{error}"));
    let units: Vec<(&str, &str)> = scenario
        .units
        .iter()
        .map(|unit| (unit.name.as_str(), scenario.sides[unit.side].id.as_str()))
        .collect();
    assert_eq!(
        units,
        [
            ("Constable Hale", "investigators"),
            ("Professor Wendell", "investigators"),
            ("Deep One", "deep-ones"),
            ("Deep One 2", "deep-ones"),
            ("Boathouse keeper", "deep-ones"),
        ]
    );
    assert_eq!(scenario.exits.len(), 4);
    let keeper = &scenario.units[4];
    assert!(
        keeper
            .weapons
            .iter()
            .any(|weapon| weapon.weapon.name.contains("Revolver")),
        "the roster's revolver"
    );
    let text = ron::ser::to_string(&scenario.source).expect("the scenario writes");
    let again = Scenario::from_source("as begun", &text, scenario.source.clone())
        .unwrap_or_else(|error| panic!("{error}"));
    assert_eq!(again.map, scenario.map);
    assert_eq!(again.units.len(), 5);
}

/// A map drawn for another game: its tileset knows nothing of us, and the mapping file beside
/// it says what each tile is, by id, by class and by a property; the cobweb layer drawn over
/// the floor is left to the floor beneath.
#[test]
fn a_foreign_tileset_is_read_through_its_mapping() {
    assert_eq!(
        mapping_file_name("Crypt Tiles"),
        "crypt-tiles.gridkeeper.ron"
    );
    let crypt = load(&shipped("crypt.tmx")).map;
    assert_eq!((crypt.width(), crypt.height()), (12, 10));
    let at = |x, y| crypt.terrain(Tile::new(x, y)).expect("on the map").clone();
    assert_eq!(
        (at(0, 0).name.as_str(), at(0, 0).kind),
        ("crypt wall", TerrainKind::Wall)
    );
    let cobwebbed = at(1, 1);
    assert_eq!(
        (cobwebbed.name.as_str(), cobwebbed.dark),
        ("flagstones", true)
    );
    let coffin = at(2, 2);
    assert_eq!(
        (coffin.name.as_str(), coffin.kind, coffin.armor),
        ("stone coffin", TerrainKind::LowCover, 10)
    );
    assert_eq!(at(5, 4).name, "black puddle");
    assert_eq!(at(5, 4).kind, TerrainKind::Water);
    assert_eq!(at(6, 1).armor, 20);
    assert_eq!(at(5, 8).material, Some(Material::Iron));
}

/// Where a tileset's image is at hand, the map is drawn with it: each cell its layers painted
/// one over the other (a cobweb over the flagstones), scaled to 32 pixels from the tileset's 16.
/// Without the image the ground is the same and Gridkeeper's own tiles are drawn.
#[test]
fn the_tiles_own_art_is_painted_where_the_image_is_at_hand() {
    let crypt = load(&shipped("crypt.tmx")).map;
    let art = crypt.art.clone().expect("crypt-tiles.png is beside it");
    let pixel = |tile: Tile, x: u32, y: u32| {
        let painted = art.cells[crypt.index(tile).expect("on the map")];
        let columns = art.width / super::ART_PIXELS;
        let left = (painted % columns) * super::ART_PIXELS + x;
        let top = (painted / columns) * super::ART_PIXELS + y;
        let at = ((top * art.width + left) * 4) as usize;
        [art.pixels[at], art.pixels[at + 1], art.pixels[at + 2]]
    };
    assert_eq!(
        pixel(Tile::new(0, 0), 0, 0),
        [120, 116, 108],
        "the wall's grey"
    );
    assert_eq!(pixel(Tile::new(2, 1), 0, 0), [70, 66, 60], "the flagstones");
    assert_ne!(
        pixel(Tile::new(1, 1), 0, 0),
        pixel(Tile::new(2, 1), 0, 0),
        "a cobweb over the flagstones"
    );
    // Wall, floor, pillar, coffin, puddle, rubble, gate, and the cobwebbed floor.
    assert_eq!(
        art.cells
            .iter()
            .collect::<std::collections::HashSet<_>>()
            .len(),
        8
    );
    let scratch = Scratch::new();
    std::fs::remove_file(scratch.0.path().join("crypt-tiles.png")).expect("the image goes");
    let bare = load(&scratch.0.path().join("crypt.tmx")).map;
    assert!(bare.art.is_none());
    assert_eq!(bare, crypt);
}

/// A tileset checked alone says each tile's terrain, and which its mapping leaves out.
#[test]
fn a_tileset_checked_alone_says_what_each_tile_is() {
    let crypt = super::tileset_summary(&shipped("crypt-tiles.tsx"))
        .unwrap_or_else(|error| panic!("{error}"));
    assert_eq!(
        crypt,
        "tileset `Crypt Tiles`: 8 tiles, 7 with a terrain (mapped by crypt-tiles.gridkeeper.ron): \
         0 flagstones (Floor), 1 crypt wall (Wall), 2 stone coffin (LowCover), 3 pillar \
         (HighCover), 4 black puddle (Water), 5 rubble (Difficult), 6 iron gate (DoorClosed); \
         no terrain: 7"
    );
    let ours = super::tileset_summary(&shipped("gridkeeper.tsx"))
        .unwrap_or_else(|error| panic!("{error}"));
    assert!(ours.starts_with("tileset `gridkeeper`: 12 tiles, 12 with a terrain: 0 floor (Floor)"));
}

/// A scratch folder holding copies of the shipped Tiled files, one of them changed.
struct Scratch(tempfile::TempDir);

impl Scratch {
    fn new() -> Self {
        let folder = tempfile::tempdir().expect("a scratch folder");
        for entry in std::fs::read_dir(shipped("")).expect("maps/tiled") {
            let path = entry.expect("an entry").path();
            if let Some(file) = path.file_name() {
                std::fs::copy(&path, folder.path().join(file)).expect("a copy");
            }
        }
        Self(folder)
    }

    /// The error reading `file` (a map, or a scenario on one) once `from` in `changed` is
    /// replaced by `to`.
    #[cfg(feature = "coc7e")]
    fn error(&self, changed: &str, from: &str, to: &str, file: &str) -> String {
        let path = self.0.path().join(changed);
        let text = std::fs::read_to_string(&path).expect("a copy");
        assert!(text.contains(from), "{changed} has no `{from}`");
        std::fs::write(&path, text.replacen(from, to, 1)).expect("a write");
        let read = self.0.path().join(file);
        let complaint = |error: crate::files::FileError| error.to_string();
        let error = if file.ends_with(".ron") {
            Scenario::load(&read).err().map(complaint)
        } else {
            TiledMap::load(&read, MapReach::InsideTheFolder)
                .err()
                .map(complaint)
        }
        .unwrap_or_else(|| "read without a complaint".to_string());
        std::fs::write(&path, text).expect("put back");
        let folder = format!("{}/", self.0.path().display());
        error.replace(&folder, "")
    }
}

/// Broken Tiled files are named with the line, column and field of the problem, never a panic.
#[cfg(feature = "coc7e")]
#[test]
fn broken_tiled_files_get_file_and_place() {
    let scratch = Scratch::new();
    let cases = [
        // XML that stops being XML: where it stops.
        (
            "boathouse.tmx",
            "<layer id=\"1\"",
            "<layer id=\"1\"<",
            "boathouse.tmx",
            "boathouse.tmx:18:17: this is not well-formed XML",
        ),
        // A layer short of a cell (which the tiled crate would index past): at its data.
        (
            "boathouse.tmx",
            "<data encoding=\"csv\">\n12,12,",
            "<data encoding=\"csv\">\n12,",
            "boathouse.tmx",
            "boathouse.tmx:19:3: in `data`: the layer holds 279 cells; a 20x14 layer has 280",
        ),
        // A tile property naming no kind: at the property.
        (
            "boathouse.tmx",
            "value=\"LowCover\"",
            "value=\"Sandbag\"",
            "boathouse.tmx",
            "boathouse.tmx:12:37: in `property `terrain``: `Sandbag` is not a terrain kind",
        ),
        // An armor that is no number of ours.
        (
            "boathouse.tmx",
            "type=\"int\" value=\"20\"",
            "type=\"int\" value=\"-4\"",
            "boathouse.tmx",
            "boathouse.tmx:14:46: in `property `armor``: `-4` is not a whole number from 0 to 1000",
        ),
        // A tileset file that is not there: at the map's `source`.
        (
            "boathouse.tmx",
            "source=\"gridkeeper.tsx\"",
            "source=\"gone.tsx\"",
            "boathouse.tmx",
            "boathouse.tmx:7:24: in `tileset`: Could not open 'gone.tsx'",
        ),
        // Hexagonal tiles.
        (
            "boathouse.tmx",
            "orientation=\"orthogonal\"",
            "orientation=\"isometric\"",
            "boathouse.tmx",
            "boathouse.tmx:2:43: in `orientation`: the map is not orthogonal",
        ),
        // A unit on a side the scenario does not have is the scenario's to say; one without a
        // name or roster entry is the map's.
        (
            "boathouse.tmx",
            "name=\"Boathouse keeper\" type=\"unit\" x=\"272\" y=\"176\">",
            "name=\"Boathouse keeper\" type=\"unit\" x=\"80\" y=\"112\">",
            "boathouse.tmx",
            "boathouse.tmx:65:3: in `object 6`: `Boathouse keeper` stands at (2, 3) is not a tile a unit can stand on",
        ),
        // A tile of the foreign tileset that its mapping leaves out, in no layer above: at its
        // cell in the CSV.
        (
            "crypt-tiles.gridkeeper.ron",
            "5: (kind: Difficult, name: \"rubble\"),",
            "",
            "crypt.tmx",
            "crypt.tmx:16:13: in `layer `floor and walls``: tile 5 of the tileset `Crypt Tiles` at (6, 6) has no terrain",
        ),
        // The mapping file itself wrong: in it.
        (
            "crypt-tiles.gridkeeper.ron",
            "(kind: HighCover, name: \"pillar\", armor: 20)",
            "(kind: Pillar)",
            "crypt.tmx",
            "crypt-tiles.gridkeeper.ron:10:25: in `tiles.kind`:",
        ),
        // A mapping with a move cost past the most.
        (
            "crypt-tiles.gridkeeper.ron",
            "(kind: Difficult, name: \"rubble\")",
            "(kind: Difficult, name: \"rubble\", move_cost: 40)",
            "crypt.tmx",
            "crypt-tiles.gridkeeper.ron:",
        ),
        // The JSON twin: broken JSON at its line and column.
        (
            "boathouse.tmj",
            "\"tilewidth\": 32,\n \"tileheight\"",
            "\"tilewidth\": 32\n \"tileheight\"",
            "boathouse.tmj",
            "boathouse.tmj:12:2: expected `,` or `}`",
        ),
        // A cell holding a tile no tileset has.
        (
            "boathouse.tmj",
            "\"data\":[12,",
            "\"data\":[99,",
            "boathouse.tmj",
            "boathouse.tmj:79:4: in `data`: cell 0 holds tile 99, which is in no tileset",
        ),
        // A unit on a side the scenario does not have, and one no roster entry is: at the
        // object, in the map.
        (
            "boathouse.tmx",
            "value=\"deep-ones\"",
            "value=\"cult\"",
            "boathouse.ron",
            "boathouse.tmx:54:36: in `unit`: `cult` is not a side here (sides: investigators, deep-ones)",
        ),
        (
            "boathouse.tmx",
            "value=\"Professor\"",
            "value=\"Dean\"",
            "boathouse.ron",
            "boathouse.tmx:47:38: in `unit`: `Dean` is not in the roster of Call of Cthulhu 7th edition",
        ),
        // A tileset read from outside the map's folder.
        (
            "boathouse.tmx",
            "source=\"gridkeeper.tsx\"",
            "source=\"../gridkeeper.tsx\"",
            "boathouse.tmx",
            "--maps-anywhere",
        ),
    ];
    let wrong: Vec<String> = cases
        .into_iter()
        .filter_map(|(changed, from, to, file, expected)| {
            let error = scratch.error(changed, from, to, file);
            (!error.contains(expected)).then(|| {
                format!(
                    "changing `{from}` in {changed}:\n  got      {error}\n  expected {expected}"
                )
            })
        })
        .collect();
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}
