//! The shipped scenarios and maps, compiled into the program, so that it plays them from any
//! folder: a path such as `maps/warehouse.ron` that is not where the program runs is looked for
//! beside the program, then in the compiled copies, written out once to a folder of the user's
//! cache (so that a scenario finds its map, and a Tiled map its tilesets and images, as on disk).

use std::path::{Path, PathBuf};

use super::writing::write_bytes_atomically;

/// The scenario played by default, and chosen first in the menu.
pub const DEFAULT_SCENARIO: &str = "maps/warehouse.ron";

/// Every file of `maps/` (a test keeps the list whole), by its path from the repository's root.
pub const SHIPPED: &[(&str, &[u8])] = &[
    (
        "maps/cellar.map.ron",
        include_bytes!("../../maps/cellar.map.ron"),
    ),
    ("maps/cellar.ron", include_bytes!("../../maps/cellar.ron")),
    (
        "maps/dry-gulch.map.ron",
        include_bytes!("../../maps/dry-gulch.map.ron"),
    ),
    (
        "maps/dry-gulch.ron",
        include_bytes!("../../maps/dry-gulch.ron"),
    ),
    (
        "maps/farmstead.map.ron",
        include_bytes!("../../maps/farmstead.map.ron"),
    ),
    (
        "maps/farmstead.ron",
        include_bytes!("../../maps/farmstead.ron"),
    ),
    (
        "maps/kingsport.map.ron",
        include_bytes!("../../maps/kingsport.map.ron"),
    ),
    (
        "maps/kingsport.ron",
        include_bytes!("../../maps/kingsport.ron"),
    ),
    (
        "maps/level-b2.map.ron",
        include_bytes!("../../maps/level-b2.map.ron"),
    ),
    (
        "maps/level-b2.ron",
        include_bytes!("../../maps/level-b2.ron"),
    ),
    (
        "maps/spin-cycle.map.ron",
        include_bytes!("../../maps/spin-cycle.map.ron"),
    ),
    (
        "maps/spin-cycle.ron",
        include_bytes!("../../maps/spin-cycle.ron"),
    ),
    (
        "maps/warehouse.map.ron",
        include_bytes!("../../maps/warehouse.map.ron"),
    ),
    (
        "maps/warehouse.ron",
        include_bytes!("../../maps/warehouse.ron"),
    ),
    ("maps/vespers.ron", include_bytes!("../../maps/vespers.ron")),
    (
        "maps/tiled/boathouse-extras.png",
        include_bytes!("../../maps/tiled/boathouse-extras.png"),
    ),
    (
        "maps/tiled/boathouse.ron",
        include_bytes!("../../maps/tiled/boathouse.ron"),
    ),
    (
        "maps/tiled/boathouse.tmj",
        include_bytes!("../../maps/tiled/boathouse.tmj"),
    ),
    (
        "maps/tiled/boathouse.tmx",
        include_bytes!("../../maps/tiled/boathouse.tmx"),
    ),
    (
        "maps/tiled/crypt-tiles.gridkeeper.ron",
        include_bytes!("../../maps/tiled/crypt-tiles.gridkeeper.ron"),
    ),
    (
        "maps/tiled/crypt-tiles.png",
        include_bytes!("../../maps/tiled/crypt-tiles.png"),
    ),
    (
        "maps/tiled/crypt-tiles.tsx",
        include_bytes!("../../maps/tiled/crypt-tiles.tsx"),
    ),
    (
        "maps/tiled/crypt.tmx",
        include_bytes!("../../maps/tiled/crypt.tmx"),
    ),
    (
        "maps/tiled/gridkeeper-tiles.png",
        include_bytes!("../../maps/tiled/gridkeeper-tiles.png"),
    ),
    (
        "maps/tiled/gridkeeper.tsx",
        include_bytes!("../../maps/tiled/gridkeeper.tsx"),
    ),
];

/// Whether `path` is written as a shipped file is (`maps/cellar.ron`, `./maps/cellar.ron`).
fn shipped_name(path: &Path) -> Option<&'static str> {
    let wanted = path.strip_prefix(".").unwrap_or(path);
    SHIPPED
        .iter()
        .map(|(name, _)| *name)
        .find(|name| Path::new(name) == wanted)
}

/// Whether `path` is one of the shipped files, however it is written (`./maps/cellar.ron`, an
/// absolute path, a link): the same file, by where it really is, as a shipped file in the
/// current folder, in a folder above the program's, or among the compiled copies. A path that
/// is not there is shipped where it is written as a shipped file is.
pub fn is_shipped(path: &Path) -> bool {
    let Ok(real) = path.canonicalize() else {
        return shipped_name(path).is_some();
    };
    let roots = std::iter::once(PathBuf::new())
        .chain(program_folders())
        .chain(std::iter::once(copies_folder()));
    roots.into_iter().any(|root| {
        SHIPPED.iter().any(|(name, _)| {
            root.join(name)
                .canonicalize()
                .is_ok_and(|shipped| shipped == real)
        })
    })
}

/// The folders a shipped file may be found in beside the program: the four above its own
/// (`target/release/` up to the repository's root).
fn program_folders() -> Vec<PathBuf> {
    std::env::current_exe()
        .ok()
        .map(|program| {
            program
                .ancestors()
                .skip(1)
                .take(4)
                .map(Path::to_path_buf)
                .collect()
        })
        .unwrap_or_default()
}

/// The folder the compiled copies are written to: the user's cache (`$XDG_CACHE_HOME`, else
/// `~/.cache`, else the system's temporary folder), under this version's name.
fn copies_folder() -> PathBuf {
    let cache = std::env::var_os("XDG_CACHE_HOME")
        .map(PathBuf::from)
        .filter(|folder| folder.is_absolute())
        .or_else(|| std::env::var_os("HOME").map(|home| PathBuf::from(home).join(".cache")))
        .unwrap_or_else(std::env::temp_dir);
    cache
        .join("gridkeeper")
        .join(format!("shipped-{}", env!("CARGO_PKG_VERSION")))
}

/// Write the compiled copies under `root`, each only where what is there differs.
fn write_copies(root: &Path) -> std::io::Result<()> {
    for (name, bytes) in SHIPPED {
        let path = root.join(name);
        if std::fs::read(&path).is_ok_and(|there| there == *bytes) {
            continue;
        }
        if let Some(folder) = path.parent() {
            std::fs::create_dir_all(folder)?;
        }
        write_bytes_atomically(&path, bytes)?;
    }
    Ok(())
}

/// Where a path given to the program is read from: as given where there is something there, or
/// where it is not a shipped file's; else beside the program (a folder above the program's with
/// the file), else the compiled copy, written out.
pub fn locate(path: &Path) -> PathBuf {
    let Some(name) = shipped_name(path).filter(|_| !path.exists()) else {
        return path.to_path_buf();
    };
    let beside = program_folders()
        .into_iter()
        .map(|folder| folder.join(name))
        .find(|candidate| candidate.is_file());
    if let Some(beside) = beside {
        return beside;
    }
    let root = copies_folder();
    match write_copies(&root) {
        Ok(()) => root.join(name),
        // Nowhere to write them: the path as given, whose reading says it is missing.
        Err(_) => path.to_path_buf(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every file in `maps/` is compiled in, as it is on disk: a map added there and not to
    /// the list, or changed without a build, fails here.
    #[test]
    fn every_shipped_file_is_compiled_in() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR"));
        let mut on_disk = Vec::new();
        let mut folders = vec![root.join("maps")];
        while let Some(folder) = folders.pop() {
            for entry in std::fs::read_dir(&folder).expect("a folder") {
                let path = entry.expect("an entry").path();
                if path.is_dir() {
                    folders.push(path);
                } else {
                    let name = path.strip_prefix(root).expect("under the root");
                    on_disk.push(name.to_string_lossy().replace('\\', "/"));
                }
            }
        }
        on_disk.sort();
        let compiled: Vec<String> = SHIPPED.iter().map(|(name, _)| name.to_string()).collect();
        let mut sorted = compiled.clone();
        sorted.sort();
        assert_eq!(sorted, on_disk);
        for (name, bytes) in SHIPPED {
            assert_eq!(
                std::fs::read(root.join(name)).expect("on disk"),
                *bytes,
                "{name}"
            );
        }
    }

    /// The copies are written where asked, and a second writing leaves them be.
    #[test]
    fn the_copies_are_written_out_whole() {
        let root_dir = tempfile::tempdir().expect("a scratch folder");
        let root = root_dir.path();
        write_copies(root).expect("the copies are written");
        for (name, bytes) in SHIPPED {
            assert_eq!(
                std::fs::read(root.join(name)).expect("written"),
                *bytes,
                "{name}"
            );
        }
        let cellar = root.join("maps/cellar.ron");
        let written = std::fs::metadata(&cellar)
            .and_then(|file| file.modified())
            .ok();
        write_copies(root).expect("again");
        assert_eq!(
            std::fs::metadata(&cellar)
                .and_then(|file| file.modified())
                .ok(),
            written
        );
        assert_eq!(
            shipped_name(Path::new("./maps/cellar.ron")),
            Some("maps/cellar.ron")
        );
        assert_eq!(shipped_name(Path::new("maps/none.ron")), None);
        assert_eq!(
            locate(Path::new("elsewhere.ron")),
            PathBuf::from("elsewhere.ron")
        );
    }
}
