//! Where the editor saves, and that it never replaces a file it did not make without asking: a
//! new scene takes a free name in `scenarios/`, a file already there is replaced only once the
//! keeper says so (or it is the file the editor itself last wrote, unchanged since), *Save as*
//! names another file, and a shipped file, known by where it really is, is never written.

use std::path::PathBuf;

use super::Editor;
use crate::files::first_free;
use crate::files::shipped::is_shipped;

/// What the editor is asking before it saves.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum SaveQuestion {
    /// The file is already there: replace it, save under another name, or leave it.
    Replace(PathBuf),
    /// The name typed to save as (a file in `scenarios/`, or a path).
    SaveAs(String),
}

impl Editor {
    /// Where *Save* writes: its own file, else the first free name in `scenarios/` after the
    /// scene's name (`a-new-scene.ron`, `a-new-scene-2.ron`, …).
    pub fn save_path(&self) -> PathBuf {
        self.path
            .clone()
            .unwrap_or_else(|| first_free(&self.scenarios_folder, &self.draft().file_stem()))
    }

    /// Save the draft where *Save* writes, asking first where that would replace a file.
    pub fn save(&mut self) {
        let path = self.save_path();
        self.save_to(path, false);
    }

    /// Open *Save as*, the scene's own file name typed in.
    pub fn ask_save_as(&mut self) {
        let name = self
            .path
            .as_ref()
            .and_then(|path| path.file_name())
            .map_or_else(
                || format!("{}.ron", self.draft().file_stem()),
                |name| name.to_string_lossy().into_owned(),
            );
        self.saving = Some(SaveQuestion::SaveAs(name));
        // What the question before said is answered by this one.
        self.said = None;
    }

    /// Save as the name typed: a bare name goes in `scenarios/`, `.ron` added where missing.
    pub fn save_as(&mut self, typed: &str) {
        let typed = typed.trim();
        if typed.is_empty() {
            self.said = Some(("Type a file name to save as".to_string(), true));
            return;
        }
        let mut path = PathBuf::from(typed);
        if path.extension().is_none_or(|extension| extension != "ron") {
            path.as_mut_os_string().push(".ron");
        }
        if path
            .parent()
            .is_none_or(|folder| folder.as_os_str().is_empty())
        {
            path = self.scenarios_folder.join(path);
        }
        self.save_to(path, false);
    }

    /// The keeper's answer to [`SaveQuestion::Replace`]: replace the file.
    pub fn replace(&mut self) {
        if let Some(SaveQuestion::Replace(path)) = self.saving.take() {
            self.save_to(path, true);
        }
    }

    /// Save to `path`: never a shipped file; a file already there only where `replace` is
    /// given, or it is what this editor last wrote there; else the keeper is asked.
    fn save_to(&mut self, path: PathBuf, replace: bool) {
        self.saving = None;
        if is_shipped(&path) {
            self.said = Some((
                format!(
                    "Not saved: {} is one of the game's own scenarios and is never written over; \
                     use Save as to keep your own copy",
                    path.display()
                ),
                true,
            ));
            return;
        }
        let there = path.symlink_metadata().is_ok();
        let ours = self.wrote.as_ref().is_some_and(|(wrote, text)| {
            *wrote == path && std::fs::read_to_string(&path).is_ok_and(|now| now == *text)
        });
        if there && !replace && !ours {
            self.said = Some((
                format!("{} is already there: replace it?", path.display()),
                true,
            ));
            self.saving = Some(SaveQuestion::Replace(path));
            return;
        }
        let draft = self.draft();
        let saved = if there {
            draft.save(&path)
        } else {
            draft.save_new(&path)
        };
        self.said = Some(match saved {
            Ok(()) => {
                self.wrote = Some((path.clone(), self.draft().text()));
                self.path = Some(path.clone());
                (format!("Saved to {}", path.display()), false)
            }
            Err(why) => (format!("Not saved: {why}"), true),
        });
    }
}

/// On Call of Cthulhu 7e's shipped scenes.
#[cfg(all(test, feature = "coc7e"))]
mod tests {
    use std::path::{Path, PathBuf};

    use super::SaveQuestion;
    use crate::editor::Editor;
    use crate::editor::draft::{Draft, Edit};
    use crate::map::scenario::Scenario;

    /// A scratch folder for one test's scenarios.
    struct Folder(tempfile::TempDir);

    impl Folder {
        fn new() -> Self {
            Self(tempfile::tempdir().expect("a scratch folder"))
        }

        fn read(&self, name: &str) -> String {
            std::fs::read_to_string(self.0.path().join(name)).unwrap_or_default()
        }
    }

    fn editor_in(folder: &Folder, draft: Draft, path: Option<PathBuf>) -> Editor {
        let mut editor = Editor::new(draft, path);
        editor.scenarios_folder = folder.0.path().to_path_buf();
        editor
    }

    /// A scene that passes the checks (the shipped cellar), under another name.
    fn named(name: &str) -> Draft {
        let cellar = Path::new(env!("CARGO_MANIFEST_DIR")).join("maps/cellar.ron");
        let mut draft = Draft::of(&Scenario::load(&cellar).expect("shipped"));
        draft.apply(describe(name)).expect("renamed");
        draft
    }

    fn describe(name: &str) -> Edit {
        Edit::Describe {
            name: name.to_string(),
            description: String::new(),
        }
    }

    fn shipped_warehouse() -> PathBuf {
        Path::new(env!("CARGO_MANIFEST_DIR")).join("maps/warehouse.ron")
    }

    /// Each new scene takes a name no file has yet: the second never replaces the first, and
    /// a name with no letter or digit is `scene.ron`, then `scene-2.ron`.
    #[test]
    fn each_new_scene_takes_a_free_name() {
        let folder = Folder::new();
        for draft in [
            named("A new scene"),
            named("A new scene"),
            named("«★»"),
            named("«★»"),
        ] {
            let mut editor = editor_in(&folder, draft, None);
            editor.save();
            assert_eq!(editor.saving, None, "{:?}", editor.said);
        }
        for name in [
            "a-new-scene.ron",
            "a-new-scene-2.ron",
            "scene.ron",
            "scene-2.ron",
        ] {
            assert!(folder.read(name).contains("name:"), "{name}");
        }
        assert!(folder.read("scene.ron").contains("«★»"));
    }

    /// A shipped scenario changed in the editor is saved as a new file beside the keeper's
    /// own copy of the same name, which is left as it was; the shipped file is never written,
    /// whether it is named by an absolute path, through `./`, or picked with *Save as*.
    #[test]
    fn a_shipped_scenario_is_never_written_and_the_keepers_copy_is_kept() {
        let folder = Folder::new();
        let shipped = shipped_warehouse();
        let original = std::fs::read_to_string(&shipped).expect("shipped");
        let scenario = Scenario::load(&shipped).expect("shipped");
        let keepers = folder.0.path().join(format!("{}.ron", scenario.slug()));
        std::fs::write(&keepers, "the keeper's own").expect("written");
        let mut editor = editor_in(&folder, Draft::of(&scenario), None);
        editor.save();
        assert_eq!(
            std::fs::read_to_string(&keepers).expect("kept"),
            "the keeper's own"
        );
        assert!(
            folder
                .read(&format!("{}-2.ron", scenario.slug()))
                .contains("Warehouse")
        );
        for path in [
            shipped.clone(),
            Path::new(env!("CARGO_MANIFEST_DIR")).join("./maps/../maps/warehouse.ron"),
        ] {
            let mut editor = editor_in(&folder, Draft::of(&scenario), Some(path.clone()));
            editor.save();
            let (said, wrong) = editor.said.clone().expect("said");
            assert!(wrong && said.contains("never written over"), "{said}");
            editor.save_as(&path.display().to_string());
            assert!(
                editor
                    .said
                    .as_ref()
                    .is_some_and(|(said, _)| said.contains("never written over"))
            );
        }
        assert_eq!(
            std::fs::read_to_string(&shipped).expect("shipped"),
            original
        );
    }

    /// Saving over a file of the keeper's asks first: cancelled, it is left as it was;
    /// replaced, it is the scene; saved again, it is replaced without a question, unless it
    /// changed meanwhile. *Save as* a name already there asks too.
    #[test]
    fn a_keepers_file_is_replaced_only_when_they_say_so() {
        let folder = Folder::new();
        let path = folder.0.path().join("mine.ron");
        std::fs::write(&path, "the keeper's own").expect("written");
        let mut editor = editor_in(&folder, named("Mine"), Some(path.clone()));
        editor.save();
        assert_eq!(editor.saving, Some(SaveQuestion::Replace(path.clone())));
        assert_eq!(folder.read("mine.ron"), "the keeper's own");
        editor.saving = None;
        assert_eq!(folder.read("mine.ron"), "the keeper's own");
        editor.save();
        editor.replace();
        assert!(folder.read("mine.ron").contains("Mine"), "replaced");
        editor.edit(describe("Mine, again"), None);
        editor.save();
        assert_eq!(editor.saving, None, "the editor's own file");
        assert!(folder.read("mine.ron").contains("Mine, again"));
        std::fs::write(&path, "changed by hand").expect("written");
        editor.save();
        assert_eq!(editor.saving, Some(SaveQuestion::Replace(path.clone())));
        assert_eq!(folder.read("mine.ron"), "changed by hand");
        std::fs::write(folder.0.path().join("other.ron"), "another").expect("written");
        editor.save_as("other");
        assert_eq!(
            editor.saving,
            Some(SaveQuestion::Replace(folder.0.path().join("other.ron")))
        );
        assert_eq!(folder.read("other.ron"), "another");
        editor.save_as("third");
        assert!(folder.read("third.ron").contains("Mine, again"));
        assert_eq!(editor.path, Some(folder.0.path().join("third.ron")));
    }
}
