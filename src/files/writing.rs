//! Writing our own files (saves, the log as Markdown) so that a reader never sees half of one:
//! the text goes to a new temporary file of this process's own beside it, flushed to disk, then
//! put in place. A write never follows a link planted where the temporary file goes, and a new
//! file never replaces one that appeared at its path meanwhile.

use std::fs::OpenOptions;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

/// Temporary files made so far by this process, so that no two share a name.
static TEMPORARIES: AtomicU64 = AtomicU64::new(0);

/// Write `text` to `path`, replacing what is there (a file of ours). A failure at any point
/// leaves what was there before untouched.
pub fn write_atomically(path: &Path, text: &str) -> std::io::Result<()> {
    write_via_temporary(path, text.as_bytes(), true)
}

/// [`write_atomically`] for bytes that need not be text (an image).
pub fn write_bytes_atomically(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    write_via_temporary(path, bytes, true)
}

/// Write `text` to `path` where nothing is yet: a file (or link) that is there by then is left
/// alone and the write fails with `AlreadyExists`.
pub fn write_new_atomically(path: &Path, text: &str) -> std::io::Result<()> {
    write_via_temporary(path, text.as_bytes(), false)
}

/// The most numbered names tried for a new file before the first is taken anyway.
const MOST_NUMBERED: u32 = 10_000;

/// `STEM.ron`, `STEM-2.ron`, `STEM-3.ron`… in `folder`.
pub fn numbered(folder: &Path, stem: &str) -> impl Iterator<Item = PathBuf> {
    std::iter::once(folder.join(format!("{stem}.ron")))
        .chain((2..=MOST_NUMBERED).map(move |number| folder.join(format!("{stem}-{number}.ron"))))
}

/// The first of `STEM.ron`, `STEM-2.ron`, `STEM-3.ron`… in `folder` that is not there (not
/// even as a link).
pub fn first_free(folder: &Path, stem: &str) -> PathBuf {
    numbered(folder, stem)
        .find(|path| path.symlink_metadata().is_err())
        .unwrap_or_else(|| folder.join(format!("{stem}.ron")))
}

/// Remove the temporary files a write to `path` left behind when it was cut off (a crash, the
/// power gone): only call it while holding `path`, so no write to it is under way.
pub fn remove_stale_temporaries(path: &Path) {
    let (Some(folder), Some(name)) = (path.parent(), path.file_name()) else {
        return;
    };
    let folder = if folder.as_os_str().is_empty() {
        Path::new(".")
    } else {
        folder
    };
    let Ok(entries) = std::fs::read_dir(folder) else {
        return;
    };
    let prefix = format!("{}.", name.to_string_lossy());
    for entry in entries.flatten() {
        let file_name = entry.file_name();
        let file_name = file_name.to_string_lossy();
        // `NAME.PID-N.tmp`, or `NAME.tmp` as earlier versions named it.
        let ours = file_name.strip_prefix(&prefix).is_some_and(|rest| {
            rest == "tmp"
                || rest.strip_suffix(".tmp").is_some_and(|middle| {
                    !middle.is_empty() && middle.bytes().all(|b| b.is_ascii_digit() || b == b'-')
                })
        });
        if ours {
            // A link is removed itself, never what it points at.
            std::fs::remove_file(entry.path()).ok();
        }
    }
}

/// The temporary file's path for a write to `path`: `NAME.PID-N.tmp` beside it.
fn temporary_beside(path: &Path) -> PathBuf {
    let number = TEMPORARIES.fetch_add(1, Ordering::Relaxed);
    let mut temporary = path.as_os_str().to_owned();
    temporary.push(format!(".{}-{number}.tmp", std::process::id()));
    PathBuf::from(temporary)
}

/// Temporary names tried before a write gives up (each taken by something else: planted).
const TEMPORARY_TRIES: u32 = 16;

/// A new temporary file for a write to `path`: never one already there, never through a link
/// planted at its name (another name is tried).
fn new_temporary(path: &Path) -> std::io::Result<(PathBuf, std::fs::File)> {
    let mut last = None;
    for _ in 0..TEMPORARY_TRIES {
        let temporary = temporary_beside(path);
        match OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&temporary)
        {
            Ok(file) => return Ok((temporary, file)),
            Err(error) if error.kind() == std::io::ErrorKind::AlreadyExists => last = Some(error),
            Err(error) => return Err(error),
        }
    }
    Err(last.unwrap_or_else(|| std::io::Error::other("no temporary file could be made")))
}

fn write_via_temporary(path: &Path, bytes: &[u8], replace: bool) -> std::io::Result<()> {
    let (temporary, mut file) = new_temporary(path)?;
    let written = (|| {
        file.write_all(bytes)?;
        file.sync_all()?;
        if replace {
            std::fs::rename(&temporary, path)
        } else {
            put_in_place_new(&temporary, path)
        }
    })();
    if written.is_err() || !replace {
        // The old file is untouched; the temporary one is of no more use.
        std::fs::remove_file(&temporary).ok();
    }
    if written.is_ok() {
        sync_folder_of(path);
    }
    written
}

/// Flush the folder that holds `path`, so that its new name outlasts a power cut too. Where a
/// folder cannot be opened to flush (some systems), the name is as safe as the system makes it.
fn sync_folder_of(path: &Path) {
    let folder = path
        .parent()
        .filter(|folder| !folder.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    if let Ok(folder) = std::fs::File::open(folder) {
        folder.sync_all().ok();
    }
}

/// Give the written `temporary` file the name `path`, which nothing may hold yet: a hard link
/// fails where something is there; a file system without hard links gets a check, then a rename
/// (which replaces a name, never writes through it).
fn put_in_place_new(temporary: &Path, path: &Path) -> std::io::Result<()> {
    match std::fs::hard_link(temporary, path) {
        Ok(()) => Ok(()),
        Err(error) if error.kind() == std::io::ErrorKind::AlreadyExists => Err(error),
        Err(_) if path.symlink_metadata().is_ok() => Err(std::io::Error::new(
            std::io::ErrorKind::AlreadyExists,
            "a file is already there",
        )),
        Err(_) => std::fs::rename(temporary, path),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A folder of its own for one test, empty, removed after.
    struct Scratch(tempfile::TempDir);

    impl Scratch {
        fn new() -> Self {
            Self(tempfile::tempdir().expect("a scratch folder"))
        }

        fn names(&self) -> Vec<String> {
            let mut names: Vec<String> = std::fs::read_dir(self.0.path())
                .expect("the folder")
                .flatten()
                .map(|entry| entry.file_name().to_string_lossy().into_owned())
                .collect();
            names.sort();
            names
        }
    }

    #[test]
    fn atomic_writes_replace_the_whole_file_or_nothing() {
        let folder = Scratch::new();
        let path = folder.0.path().join("log.md");
        write_atomically(&path, "first").expect("written");
        write_atomically(&path, "second, longer").expect("rewritten");
        assert_eq!(
            std::fs::read_to_string(&path).ok().as_deref(),
            Some("second, longer")
        );
        assert_eq!(folder.names(), ["log.md"], "no temporary file left behind");
        // A write that cannot happen (into a missing folder) leaves nothing and says why.
        let nowhere = folder.0.path().join("missing").join("log.md");
        assert!(write_atomically(&nowhere, "text").is_err());
        assert_eq!(
            std::fs::read_to_string(&path).ok().as_deref(),
            Some("second, longer")
        );
    }

    #[test]
    fn a_new_file_never_replaces_one_already_there() {
        let folder = Scratch::new();
        let path = folder.0.path().join("save.ron");
        write_new_atomically(&path, "mine").expect("written");
        let again = write_new_atomically(&path, "another").expect_err("it is there");
        assert_eq!(again.kind(), std::io::ErrorKind::AlreadyExists);
        assert_eq!(std::fs::read_to_string(&path).ok().as_deref(), Some("mine"));
        assert_eq!(folder.names(), ["save.ron"]);
    }

    /// A link planted where the temporary file would go, or at the save's own name, is never
    /// written through.
    #[cfg(unix)]
    #[test]
    fn a_planted_link_is_never_written_through() {
        let folder = Scratch::new();
        let target = folder.0.path().join("precious.txt");
        std::fs::write(&target, "keep me").expect("a file to keep");
        let path = folder.0.path().join("save.ron");
        // The temporary names this process is about to pick, linked to the precious file (other
        // tests writing at once may take some numbers first: the write then uses another name).
        let next = TEMPORARIES.load(Ordering::Relaxed);
        for number in next..next + 8 {
            let mut planted = path.as_os_str().to_owned();
            planted.push(format!(".{}-{number}.tmp", std::process::id()));
            std::os::unix::fs::symlink(&target, PathBuf::from(planted)).expect("a link");
        }
        if write_atomically(&path, "save").is_ok() {
            assert_eq!(std::fs::read_to_string(&path).ok().as_deref(), Some("save"));
        }
        std::os::unix::fs::symlink(&target, folder.0.path().join("new.ron")).expect("a link");
        assert!(write_new_atomically(&folder.0.path().join("new.ron"), "save").is_err());
        assert_eq!(
            std::fs::read_to_string(&target).ok().as_deref(),
            Some("keep me")
        );
    }

    #[test]
    fn stale_temporaries_of_a_file_are_removed_and_nothing_else() {
        let folder = Scratch::new();
        let path = folder.0.path().join("save.ron");
        for name in [
            "save.ron",
            "save.ron.tmp",
            "save.ron.123-4.tmp",
            "save.ron.notes.tmp",
            "other.ron.1-1.tmp",
        ] {
            std::fs::write(folder.0.path().join(name), "x").expect("a file");
        }
        remove_stale_temporaries(&path);
        assert_eq!(
            folder.names(),
            ["other.ron.1-1.tmp", "save.ron", "save.ron.notes.tmp"]
        );
    }
}
