//! Reading the crate's own source, for the tests of its shape (`architecture.rs`, `rooms.rs`):
//! its files, and each line's code without its comment.

use std::path::{Path, PathBuf};

/// Every `.rs` file under `folder`, in its sub-folders too.
pub fn rust_files(folder: &Path) -> Vec<PathBuf> {
    let mut found = Vec::new();
    for entry in std::fs::read_dir(folder).expect("a source folder is readable") {
        let path = entry.expect("a directory entry").path();
        if path.is_dir() {
            found.extend(rust_files(&path));
        } else if path.extension().is_some_and(|extension| extension == "rs") {
            found.push(path);
        }
    }
    found
}

/// The code of a line, without its comment.
pub fn code(line: &str) -> &str {
    line.split("//").next().unwrap_or_default()
}

/// A file's code, its comments left out.
pub fn code_of(text: &str) -> String {
    text.lines().map(code).collect::<Vec<_>>().join("\n")
}
