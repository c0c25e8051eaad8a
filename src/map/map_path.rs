//! Where a scenario's map file may be read from: inside the scenario's own folder, unless the
//! person running the game says a map may be anywhere. A scenario from a friend cannot make the
//! game read `/etc/shadow`, climb out with `..`, or follow a symlink out of its folder.

use std::path::{Component, Path, PathBuf};

/// How far a scenario's `map: File(…)` may reach.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum MapReach {
    /// Only a file inside the scenario's folder (or below it), reached without a symlink out.
    #[default]
    InsideTheFolder,
    /// Any path the user can read (the command line's `--maps-anywhere`).
    Anywhere,
}

/// The path of the map `name` for a scenario in `folder`, or why it may not be read.
pub fn map_path(folder: &Path, name: &str, reach: MapReach) -> Result<PathBuf, String> {
    let path = folder.join(name);
    if reach == MapReach::Anywhere {
        return Ok(path);
    }
    let outside = "may only be a file in the scenario's folder (or below it): pass \
                   --maps-anywhere to read a map from anywhere";
    let relative = Path::new(name)
        .components()
        .all(|part| matches!(part, Component::Normal(_) | Component::CurDir));
    if !relative {
        return Err(outside.to_string());
    }
    // A symlink inside the folder may still lead out of it. A folder named by nothing (a
    // scenario given by its bare name) is the current one.
    let folder = if folder.as_os_str().is_empty() {
        Path::new(".")
    } else {
        folder
    };
    match (folder.canonicalize(), path.canonicalize()) {
        (Ok(real_folder), Ok(real_path)) if real_path.starts_with(&real_folder) => Ok(path),
        (Ok(_), Ok(_)) => Err(format!(
            "leads out of the scenario's folder by a link; it {outside}"
        )),
        // A missing file is said by the read that follows; anything else is refused here.
        (_, Err(error)) if error.kind() == std::io::ErrorKind::NotFound => Ok(path),
        (Err(error), _) | (_, Err(error)) => Err(format!(
            "cannot be followed to where it is ({error}); it {outside}"
        )),
    }
}

/// Whether `text` is written as a map is (a RON struct with `legend` and `rows`), so that an
/// error in it may quote it; a file that is not one of ours is never quoted back.
pub fn looks_like_a_map(text: &str) -> bool {
    let field = |name| crate::files::field_value_offset(text, 0, name).is_some();
    field("legend") && field("rows")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_map_path_stays_in_the_scenario_folder() {
        let folder = Path::new(env!("CARGO_MANIFEST_DIR")).join("maps");
        let inside = MapReach::InsideTheFolder;
        assert_eq!(
            map_path(&folder, "cellar.map.ron", inside),
            Ok(folder.join("cellar.map.ron"))
        );
        assert!(map_path(&folder, "./cellar.map.ron", inside).is_ok());
        for out in ["/etc/passwd", "../Cargo.toml", "sub/../../Cargo.toml"] {
            let refused = map_path(&folder, out, inside).expect_err(out);
            assert!(refused.contains("--maps-anywhere"), "{out}: {refused}");
        }
        assert_eq!(
            map_path(&folder, "../Cargo.toml", MapReach::Anywhere),
            Ok(folder.join("../Cargo.toml"))
        );
    }

    #[cfg(unix)]
    #[test]
    fn a_symlink_out_of_the_folder_is_refused() {
        let folder_dir = tempfile::tempdir().expect("a scratch folder");
        let folder = folder_dir.path();
        let link = folder.join("escape.map.ron");
        std::fs::remove_file(&link).ok();
        std::os::unix::fs::symlink(
            Path::new(env!("CARGO_MANIFEST_DIR")).join("Cargo.toml"),
            &link,
        )
        .expect("a link");
        let refused = map_path(folder, "escape.map.ron", MapReach::InsideTheFolder);
        assert!(refused.is_err_and(|why| why.contains("by a link")));
    }

    #[test]
    fn only_text_written_as_a_map_is_taken_for_one() {
        assert!(looks_like_a_map("(name: \"x\", legend: {}, rows: [])"));
        assert!(!looks_like_a_map("root:$6$salt:19000:0:99999:7:::"));
        assert!(!looks_like_a_map("(name: \"x\")"));
    }
}
