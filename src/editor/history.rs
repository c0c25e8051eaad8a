//! The editor's undo and redo: the draft as it stood before each change, and as it stood
//! after each change taken back.

use super::draft::{Draft, Edit};

/// The most changes that can be taken back.
const MOST_KEPT: usize = 500;

/// A draft with the changes that can be taken back and done again.
#[derive(Debug, Clone)]
pub struct Editing {
    draft: Draft,
    before: Vec<Draft>,
    undone: Vec<Draft>,
}

impl Editing {
    pub fn new(draft: Draft) -> Self {
        Self {
            draft,
            before: Vec::new(),
            undone: Vec::new(),
        }
    }

    pub fn draft(&self) -> &Draft {
        &self.draft
    }

    /// Make `edit` as a change of its own; why not where it cannot be made.
    pub fn apply(&mut self, edit: Edit) -> Result<(), String> {
        let mut changed = self.draft.clone();
        changed.apply(edit)?;
        if changed != self.draft {
            self.before
                .push(std::mem::replace(&mut self.draft, changed));
            if self.before.len() > MOST_KEPT {
                self.before.remove(0);
            }
            self.undone.clear();
        }
        Ok(())
    }

    /// Make `edit` as part of a stroke (a brush dragged over tiles), the whole stroke one
    /// change: `first` begins it.
    pub fn stroke(&mut self, edit: Edit, first: bool) -> Result<(), String> {
        if first {
            self.before.push(self.draft.clone());
            self.undone.clear();
        }
        self.draft.apply(edit)
    }

    /// The stroke is over: one that changed nothing leaves no change to take back.
    pub fn end_stroke(&mut self) {
        if self.before.last() == Some(&self.draft) {
            self.before.pop();
        }
    }

    /// Take back the last change; whether there was one.
    pub fn undo(&mut self) -> bool {
        let Some(before) = self.before.pop() else {
            return false;
        };
        self.undone.push(std::mem::replace(&mut self.draft, before));
        true
    }

    /// Make again the last change taken back; whether there was one.
    pub fn redo(&mut self) -> bool {
        let Some(after) = self.undone.pop() else {
            return false;
        };
        self.before.push(std::mem::replace(&mut self.draft, after));
        true
    }

    pub fn can_undo(&self) -> bool {
        !self.before.is_empty()
    }

    pub fn can_redo(&self) -> bool {
        !self.undone.is_empty()
    }
}
