//! The hostile Tiled files of issue 51, each refused by `check` with its file, place and
//! reason, or read, never a panic, a hang or a blow-up: each `check` runs under a limit of
//! 256 MB of memory (`ulimit -d`), where an allocation past it fails the test. The compressed
//! and image inputs are kept in tests/fixtures/hostile-tiled/ (made by
//! scripts/hostile_tiled_fixtures.py); the rest are written here.
// Plays the shipped files of every rulebook: built with all five.
#![cfg(all_rulebooks)]

mod memory;

use std::path::{Path, PathBuf};

use gridkeeper::map::map_path::MapReach;
use gridkeeper::map::scenario::Scenario;
use gridkeeper::map::tiled_map::TiledMap;
use memory::run_within;

/// The memory `check` may take on any of them: the issue's bound.
const MEGABYTES: u64 = 256;

/// The processor time `check` may take on one before it is stopped: far past the issue's
/// second, a guard against a file that once spun for ever.
const PROCESSOR_SECONDS: u64 = 60;

fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/hostile-tiled")
        .join(name)
}

/// `check FILE` within the memory bound: its exit code and what it said (the folder of the
/// file left out), the allocation that fails past the bound said as such.
fn check(path: &Path) -> (Option<i32>, String) {
    let output = run_within(
        (MEGABYTES, PROCESSOR_SECONDS),
        Path::new(env!("CARGO_BIN_EXE_gridkeeper")),
        &["check", &path.display().to_string()],
    );
    let said = format!(
        "{}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
    let folder = format!("{}/", path.parent().unwrap_or(Path::new("")).display());
    (output.status.code(), said.trim().replace(&folder, ""))
}

/// `check FILE` refuses it (exit 1) saying `expected`.
fn refused(path: &Path, expected: &str) {
    let (code, said) = check(path);
    assert_eq!(code, Some(1), "{}: {said}", path.display());
    assert!(
        said.starts_with(&format!("gridkeeper: {expected}")),
        "{}:\n  said     {said}\n  expected {expected}",
        path.display()
    );
}

/// A scratch folder for written inputs, removed when done.
struct Scratch(tempfile::TempDir);

impl Scratch {
    fn new() -> Self {
        Self(tempfile::tempdir().expect("a scratch folder"))
    }

    fn write(&self, name: &str, text: &str) -> PathBuf {
        let path = self.0.path().join(name);
        std::fs::write(&path, text).expect("written");
        path
    }
}

/// Gridkeeper's own tiles, written in the map (tile 1 is floor).
const OWN_TILES: &str = r#"<tileset firstgid="1" name="gridkeeper" tilewidth="32" tileheight="32" tilecount="12" columns="4"><image source="gridkeeper-tiles.png" width="128" height="96"/></tileset>"#;

/// A `width` x `height` map of floor, with `inside` written after its tileset and layer.
fn floor_map(width: usize, height: usize, inside: &str) -> String {
    let cells = vec!["1"; width * height].join(",");
    format!(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<map version=\"1.10\" \
         orientation=\"orthogonal\" width=\"{width}\" height=\"{height}\" tilewidth=\"32\" \
         tileheight=\"32\" infinite=\"0\">\n {OWN_TILES}\n <layer id=\"1\" name=\"ground\" \
         width=\"{width}\" height=\"{height}\"><data encoding=\"csv\">{cells}</data></layer>\n\
         {inside}</map>\n"
    )
}

/// Compressed layers that unpack past their cells, and a layer bigger than its map, are
/// refused at their data or size before anything is unpacked past the cells' need; CDATA after
/// a blank line and base64 with a character reference (which the `tiled` crate read short and
/// indexed past: a panic) are read as the crate reads them and refused.
#[test]
fn layers_that_unpack_too_far_or_read_short_are_refused_at_their_data() {
    let cases = [
        (
            "bomb-zlib.tmx",
            "bomb-zlib.tmx:7:3: in `data`: the layer's data unpacks to more than the 16 bytes \
             its cells take",
        ),
        (
            "bomb-gzip.tmx",
            "bomb-gzip.tmx:7:3: in `data`: the layer's data unpacks to more than the 16 bytes \
             its cells take",
        ),
        (
            "layer-bigger-than-the-map.tmx",
            "layer-bigger-than-the-map.tmx:6:30: in `width`: the layer is `8192` tiles in width; \
             every layer is the map's size (2 x 2 tiles)",
        ),
        (
            "cdata-after-a-blank.tmx",
            "cdata-after-a-blank.tmx:7:3: in `data`: the layer holds 0 cells; a 2x2 layer has 4 \
             (its first text is blank and the CDATA after it is not read: write the CDATA \
             straight after `<data>`)",
        ),
        (
            "character-reference.tmx",
            "character-reference.tmx:7:3: in `data`: the layer holds 3 cells; a 2x2 layer has 4",
        ),
    ];
    for (name, expected) in cases {
        refused(&fixture(name), expected);
    }
    // Written whole, the same data is read: the CDATA straight after `<data>`, the reference
    // making a fourth cell.
    let scratch = Scratch::new();
    for data in [
        "<data encoding=\"base64\"><![CDATA[AQAAAAEAAAABAAAAAQAAAA==]]></data>",
        "<data encoding=\"base64\">&#65;QAAAAEAAAABAAAAAQAAAA==</data>",
    ] {
        let text = floor_map(2, 2, "").replace("<data encoding=\"csv\">1,1,1,1</data>", data);
        let path = scratch.write("whole.tmx", &text);
        let (code, said) = check(&path);
        assert_eq!(
            (code, said.as_str()),
            (Some(0), "ok: map `whole`: 2 x 2 tiles"),
            "{data}"
        );
    }
}

/// A tileset that says four billion tiles, as `.tsx` (the crate made room for them all) and as
/// `.tsj`, on its own and named by a map; a mapping file of another tileset, whose `check`
/// never returned: each refused with its place. A 16000 x 16000 tileset image (a 249 KB PNG,
/// a gigabyte as RGBA) is not decoded: its size is read from its header, and the map is read.
#[test]
fn tilesets_mappings_and_images_that_say_too_much_are_bounded() {
    refused(
        &fixture("four-billion-tiles.tsx"),
        "four-billion-tiles.tsx:2:71: in `tilecount`: a tileset may have at most 65536 tiles; \
         this one says 4294967295",
    );
    refused(
        &fixture("four-billion-tiles.tsj"),
        "four-billion-tiles.tsj:1:56: in `tilecount`: a tileset may have at most 65536 tiles; \
         this one says 4294967295",
    );
    refused(
        &fixture("four-billion-tiles.tmx"),
        "four-billion-tiles.tsx:2:71: in `tilecount`",
    );
    refused(
        &fixture("crypt.gridkeeper.ron"),
        "crypt.gridkeeper.ron:1:11: in `tileset`: the mapping of `Other` is read from \
         `other.gridkeeper.ron`, not `crypt.gridkeeper.ron`",
    );
    assert_eq!(
        check(&fixture("huge-image.tmx")),
        (Some(0), "ok: map `huge-image`: 2 x 2 tiles".to_string())
    );
    let read = TiledMap::load(&fixture("huge-image.tmx"), MapReach::InsideTheFolder)
        .unwrap_or_else(|error| panic!("{error}"));
    assert!(read.map.art.is_none(), "drawn with Gridkeeper's own tiles");
}

/// Groups nested 5,100 deep (which overflowed the stack), and more layers, tilesets and
/// objects than a map may hold, are refused where the limit is passed.
#[test]
fn nesting_and_counts_past_the_limits_are_refused_where_they_pass_them() {
    let scratch = Scratch::new();
    let nested = format!(
        "{}{}",
        "<group id=\"1\" name=\"g\">".repeat(5_100),
        "</group>".repeat(5_100)
    );
    let path = scratch.write("nested.tmx", &floor_map(2, 2, &nested));
    refused(
        &path,
        "nested.tmx:5:1450: elements are nested more than 64 deep",
    );
    let layers = "<objectgroup id=\"2\" name=\"o\"/>\n".repeat(50_000);
    let path = scratch.write("layers.tmx", &floor_map(2, 2, &layers));
    refused(
        &path,
        "layers.tmx:260:1: in `layer`: a map may hold at most 256 layers",
    );
    let tilesets = format!("{OWN_TILES}\n").repeat(40_000);
    let path = scratch.write(
        "tilesets.tmx",
        &floor_map(2, 2, "").replace(OWN_TILES, &tilesets),
    );
    refused(
        &path,
        "tilesets.tmx:259:1: in `tileset`: a map may hold at most 256 tilesets",
    );
    let objects: String = (1..=20_000)
        .map(|id| format!("<object id=\"{id}\" x=\"16\" y=\"16\"/>\n"))
        .collect();
    let path = scratch.write(
        "objects.tmx",
        &floor_map(
            2,
            2,
            &format!("<objectgroup id=\"2\" name=\"o\">{objects}</objectgroup>\n"),
        ),
    );
    refused(
        &path,
        "objects.tmx:16389:1: in `object`: a map may hold at most 16384 objects",
    );
}

/// Exit objects covering the whole map, a thousand of them, make each tile an exit once; a
/// scenario fought on that map makes a save the game reads back.
#[test]
fn overlapping_exits_make_each_tile_an_exit_once() {
    let scratch = Scratch::new();
    let exits: String = (1..=1_000)
        .map(|id| {
            format!(
                "<object id=\"{id}\" type=\"exit\" x=\"-{id}\" y=\"0\" width=\"99999\" \
                 height=\"99999\"/>\n"
            )
        })
        .collect();
    let path = scratch.write(
        "exits.tmx",
        &floor_map(
            64,
            64,
            &format!("<objectgroup id=\"2\" name=\"o\">{exits}</objectgroup>\n"),
        ),
    );
    let read =
        TiledMap::load(&path, MapReach::InsideTheFolder).unwrap_or_else(|error| panic!("{error}"));
    assert_eq!(read.exits.len(), 64 * 64);
    let mut unique = read.exits.clone();
    unique.sort_by_key(|tile| (tile.y, tile.x));
    unique.dedup();
    assert_eq!(unique, read.exits, "row by row, each once");
    let scenario = scratch.write(
        "exits.ron",
        r#"(name: "Exits", map: File("exits.tmx"),
            sides: [(id: "a", name: "A"), (id: "b", name: "B")],
            units: [
                (name: "Al", side: "a", at: (1, 1), characteristics: (STR: 50, CON: 50, SIZ: 50,
                    DEX: 50, APP: 50, INT: 50, POW: 50, EDU: 50, LUCK: 50)),
                (name: "Bo", side: "b", at: (9, 9), characteristics: (STR: 50, CON: 50, SIZ: 50,
                    DEX: 50, APP: 50, INT: 50, POW: 50, EDU: 50, LUCK: 50)),
            ],
            victory: LastSideStanding)"#,
    );
    let (code, said) = check(&scenario);
    assert_eq!(code, Some(0), "{said}");
    let scenario = Scenario::load(&scenario).unwrap_or_else(|error| panic!("{error}"));
    assert_eq!(scenario.exits.len(), 64 * 64);
    assert_eq!(scenario.source.exits.len(), 64 * 64);
}
