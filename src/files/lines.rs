//! Writing many result lines to stdout (a command's rolls, a run's battles): buffered, and quiet
//! when the reader goes away.

use std::io::{BufWriter, Write};

use serde::Serialize;

/// Buffered stdout that stops quietly on a closed pipe (`gridkeeper roll ... | head`).
pub struct Lines {
    out: BufWriter<std::io::StdoutLock<'static>>,
    closed: bool,
}

impl Lines {
    pub fn new() -> Self {
        Self {
            out: BufWriter::new(std::io::stdout().lock()),
            closed: false,
        }
    }

    /// Whether the reader has gone away; callers stop producing lines.
    pub fn closed(&self) -> bool {
        self.closed
    }

    pub fn text(&mut self, line: &str) {
        if !self.closed && writeln!(self.out, "{line}").is_err() {
            self.closed = true;
        }
    }

    pub fn json(&mut self, value: &impl Serialize) {
        if self.closed {
            return;
        }
        let written = serde_json::to_writer(&mut self.out, value)
            .map_err(std::io::Error::from)
            .and_then(|()| self.out.write_all(b"\n"));
        if written.is_err() {
            self.closed = true;
        }
    }
}

impl Default for Lines {
    fn default() -> Self {
        Self::new()
    }
}

impl Drop for Lines {
    fn drop(&mut self) {
        // A failed flush means the reader has gone; there is nobody left to tell.
        self.out.flush().ok();
    }
}
