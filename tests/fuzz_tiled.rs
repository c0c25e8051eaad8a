//! Every Tiled loader fed mangled copies of Tiled files in every form we read: `.tmx` with its
//! layers as CSV, base64, base64 with zlib and with gzip, object layers in a group; `.tmj`;
//! `.tsx` and `.tsj` tilesets, on their own and named by a map; a tileset's mapping file; a
//! tileset's PNG image. Each copy is read or refused naming one of the folder's files, never a
//! panic; the whole run is made under a limit of 256 MB of memory (`ulimit -d`), so a copy that
//! blows up fails it.
//!
//! `GRIDKEEPER_FUZZ_COPIES=N` sets the copies of each form (a short run by default; 20,000 in
//! the long run of docs/RELIABILITY.md).
// Plays the shipped files of every rulebook: built with all five.
#![cfg(all_rulebooks)]

mod common;
mod memory;

use std::io::Write;
use std::path::{Path, PathBuf};

use common::{Mangler, copies};
use gridkeeper::files::FileError;
use gridkeeper::map::map_path::MapReach;
use gridkeeper::map::scenario::Scenario;
use gridkeeper::map::tiled_map::{TiledMap, TilesetMapping, tileset_summary};
use memory::run_within;

/// Copies of each form in `cargo test`.
const SHORT_RUN: usize = 150;

fn shipped() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("maps/tiled")
}

/// The boathouse's `.tmx` with each layer's CSV data written another way.
fn boathouse_encoded(encoding: &str) -> String {
    use base64::Engine;
    let text = std::fs::read_to_string(shipped().join("boathouse.tmx")).expect("shipped");
    let mut written = String::new();
    let mut rest = text.as_str();
    let opening = "<data encoding=\"csv\">";
    while let Some(at) = rest.find(opening) {
        written.push_str(&rest[..at]);
        let after = &rest[at + opening.len()..];
        let end = after.find("</data>").expect("a closed layer");
        let bytes: Vec<u8> = after[..end]
            .split(',')
            .flat_map(|cell| cell.trim().parse::<u32>().expect("a cell").to_le_bytes())
            .collect();
        let (attributes, packed) = match encoding {
            "zlib" => {
                let mut packer =
                    flate2::write::ZlibEncoder::new(Vec::new(), flate2::Compression::default());
                packer.write_all(&bytes).expect("packed");
                (" compression=\"zlib\"", packer.finish().expect("packed"))
            }
            "gzip" => {
                let mut packer =
                    flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
                packer.write_all(&bytes).expect("packed");
                (" compression=\"gzip\"", packer.finish().expect("packed"))
            }
            _ => ("", bytes),
        };
        written.push_str(&format!(
            "<data encoding=\"base64\"{attributes}>\n   {}\n  ",
            base64::engine::general_purpose::STANDARD.encode(packed)
        ));
        rest = &after[end..];
    }
    written.push_str(rest);
    written
}

/// The forms fuzzed: the file mangled, its text before mangling, and how it is read.
struct Form {
    mangled: &'static str,
    text: Vec<u8>,
    read: fn(&Path) -> Result<(), FileError>,
}

fn read_map(folder: &Path, name: &str) -> Result<(), FileError> {
    TiledMap::load(&folder.join(name), MapReach::InsideTheFolder).map(|_| ())
}

fn forms(folder: &Path) -> Vec<Form> {
    let file = |name: &str| std::fs::read(shipped().join(name)).expect("shipped");
    let group = String::from_utf8(file("boathouse.tmx"))
        .expect("text")
        .replacen(
            "<objectgroup",
            "<group id=\"9\" name=\"placed\">\n <objectgroup",
            1,
        )
        .replacen("</objectgroup>", "</objectgroup>\n </group>", 1);
    // Gridkeeper's tileset as `.tsj`, and the JSON map naming it.
    let tsj = br#"{"name": "gridkeeper", "tilewidth": 32, "tileheight": 32, "tilecount": 12,
 "columns": 12, "image": "gridkeeper-tiles.png", "imagewidth": 384, "imageheight": 32,
 "tiles": [{"id": 0, "type": "floor", "properties": [{"name": "note", "type": "string", "value": "x"}]}]}
"#;
    let tmj_on_tsj = String::from_utf8(file("boathouse.tmj"))
        .expect("text")
        .replace("gridkeeper.tsx", "gridkeeper.tsj");
    std::fs::write(folder.join("gridkeeper.tsj"), tsj).expect("written");
    std::fs::write(folder.join("on-tsj.tmj"), &tmj_on_tsj).expect("written");
    vec![
        Form {
            mangled: "boathouse.tmx",
            text: file("boathouse.tmx"),
            read: |folder| {
                Scenario::load(&folder.join("boathouse.ron")).map(|_| ())?;
                read_map(folder, "boathouse.tmx")
            },
        },
        Form {
            mangled: "base64.tmx",
            text: boathouse_encoded("base64").into_bytes(),
            read: |folder| read_map(folder, "base64.tmx"),
        },
        Form {
            mangled: "zlib.tmx",
            text: boathouse_encoded("zlib").into_bytes(),
            read: |folder| read_map(folder, "zlib.tmx"),
        },
        Form {
            mangled: "gzip.tmx",
            text: boathouse_encoded("gzip").into_bytes(),
            read: |folder| read_map(folder, "gzip.tmx"),
        },
        Form {
            mangled: "group.tmx",
            text: group.into_bytes(),
            read: |folder| read_map(folder, "group.tmx"),
        },
        Form {
            mangled: "boathouse.tmj",
            text: file("boathouse.tmj"),
            read: |folder| read_map(folder, "boathouse.tmj"),
        },
        Form {
            mangled: "gridkeeper.tsx",
            text: file("gridkeeper.tsx"),
            read: |folder| {
                tileset_summary(&folder.join("gridkeeper.tsx"))?;
                read_map(folder, "boathouse.tmx")
            },
        },
        Form {
            mangled: "crypt-tiles.tsx",
            text: file("crypt-tiles.tsx"),
            read: |folder| {
                tileset_summary(&folder.join("crypt-tiles.tsx"))?;
                read_map(folder, "crypt.tmx")
            },
        },
        Form {
            mangled: "gridkeeper.tsj",
            text: tsj.to_vec(),
            read: |folder| {
                tileset_summary(&folder.join("gridkeeper.tsj"))?;
                read_map(folder, "on-tsj.tmj")
            },
        },
        Form {
            mangled: "crypt-tiles.gridkeeper.ron",
            text: file("crypt-tiles.gridkeeper.ron"),
            read: |folder| {
                TilesetMapping::load(&folder.join("crypt-tiles.gridkeeper.ron"))?;
                read_map(folder, "crypt.tmx")
            },
        },
        Form {
            mangled: "crypt.tmx",
            text: file("crypt.tmx"),
            read: |folder| read_map(folder, "crypt.tmx"),
        },
        Form {
            mangled: "gridkeeper-tiles.png",
            text: file("gridkeeper-tiles.png"),
            read: |folder| {
                let read =
                    TiledMap::load(&folder.join("boathouse.tmx"), MapReach::InsideTheFolder)?;
                assert_eq!(
                    read.map.width(),
                    20,
                    "a broken image leaves the ground as it is"
                );
                Ok(())
            },
        },
    ]
}

/// A mangled copy of `text`: a text edit for text, bytes changed or cut short for an image.
fn mangle(mangler: &mut Mangler, text: &[u8], image: bool) -> Vec<u8> {
    if !image {
        let mut mangled = mangler.mangle(&String::from_utf8_lossy(text));
        for _ in 0..mangler.below(3) {
            mangled = mangler.mangle(&mangled);
        }
        return mangled.into_bytes();
    }
    let mut bytes = text.to_vec();
    for _ in 0..=mangler.below(4) {
        let at = mangler.below(bytes.len());
        match mangler.below(3) {
            0 => bytes.truncate(at),
            1 => {
                if let Some(byte) = bytes.get_mut(at) {
                    *byte = u8::try_from(mangler.below(256)).unwrap_or(0);
                }
            }
            // The width or height in the header made huge.
            _ => {
                if bytes.len() > 24 {
                    bytes[16 + mangler.below(8)] = 0xFF;
                }
            }
        }
    }
    bytes
}

/// The run below, within the memory limit.
#[test]
fn mangled_tiled_files_of_every_form_are_read_or_refused_within_the_limit() {
    let this = std::env::current_exe().expect("the test binary");
    // A copy of every form is read in some 20 ms: a minute, and half a second a copy, is far
    // past a run that does not hang.
    let seconds = 60 + u64::try_from(copies(SHORT_RUN)).map_or(u64::MAX / 2, |copies| copies / 2);
    let output = run_within(
        (256, seconds),
        &this,
        &["every_form_mangled", "--exact", "--ignored", "--nocapture"],
    );
    let said = format!(
        "{}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
    assert!(
        output.status.success() && said.contains("1 passed"),
        "{said}"
    );
}

#[test]
#[ignore = "run by the test above, under a memory limit"]
fn every_form_mangled() {
    let scratch_dir = tempfile::tempdir().expect("a scratch folder");
    let scratch = scratch_dir.path();
    for entry in std::fs::read_dir(shipped()).expect("maps/tiled") {
        let path = entry.expect("entry").path();
        std::fs::copy(&path, scratch.join(path.file_name().expect("a name"))).expect("a copy");
    }
    let forms = forms(scratch);
    for form in &forms {
        std::fs::write(scratch.join(form.mangled), &form.text).expect("written");
        if let Err(error) = (form.read)(scratch) {
            panic!("{} as written: {error}", form.mangled);
        }
    }
    let folder = scratch.display().to_string();
    let copies = copies(SHORT_RUN);
    let mut mangler = Mangler(0x711E_D0DE);
    for form in &forms {
        let image = form.mangled.ends_with(".png");
        let mut refused = 0;
        for copy in 0..copies {
            let text = mangle(&mut mangler, &form.text, image);
            std::fs::write(scratch.join(form.mangled), &text).expect("written");
            let outcome = std::panic::catch_unwind(|| (form.read)(scratch).err());
            match outcome {
                Ok(None) => {}
                Ok(Some(error)) => {
                    refused += 1;
                    let shown = error.to_string();
                    assert!(shown.starts_with(&folder), "{shown}");
                }
                Err(_) => {
                    let saved = std::env::temp_dir()
                        .join(format!("gridkeeper-panic-{copy}-{}", form.mangled));
                    std::fs::write(&saved, &text).ok();
                    panic!(
                        "copy {copy} of {} panicked; saved to {}",
                        form.mangled,
                        saved.display()
                    );
                }
            }
        }
        std::fs::write(scratch.join(form.mangled), &form.text).expect("put back");
        if !image {
            assert!(
                refused > copies / 10,
                "{}: most mangled copies should be refused: {refused} of {copies}",
                form.mangled
            );
        }
    }
}
