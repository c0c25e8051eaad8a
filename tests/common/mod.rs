//! What several test files share: a mangler that breaks good files in the ways a hand edit,
//! a bad copy or a hostile friend might.

/// A small deterministic generator for mangling files (xorshift).
pub struct Mangler(pub u64);

impl Mangler {
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    pub fn below(&mut self, limit: usize) -> usize {
        usize::try_from(self.next() % limit.max(1) as u64).unwrap_or(0)
    }

    /// One random change: delete, insert, duplicate or swap, renumber, or truncate.
    pub fn mangle(&mut self, text: &str) -> String {
        const INSERTS: &[&str] = &[
            "(",
            ")",
            "[",
            "]",
            "{",
            "}",
            "\"",
            ",",
            ":",
            "'",
            "0",
            "-1",
            "99999999999999999999",
            "Wall",
            "None",
            "Some(",
            "é",
            "\u{1F47B}",
            "\\",
            "/*",
            "//",
            "\n",
            "at: (0, 0),",
            "r#\"",
        ];
        let mut bytes = text.as_bytes().to_vec();
        if text.lines().next().is_none() {
            // Nothing left to change but to start again from a bracket.
            return "(".to_string();
        }
        match self.below(7) {
            0 => {
                let start = self.below(bytes.len());
                let end = (start + 1 + self.below(20)).min(bytes.len());
                bytes.drain(start..end);
            }
            1 => {
                let at = self.below(bytes.len());
                let insert = INSERTS[self.below(INSERTS.len())];
                bytes.splice(at..at, insert.bytes());
            }
            2 => bytes.truncate(self.below(bytes.len())),
            3 => {
                let lines: Vec<&str> = text.lines().collect();
                let line = lines[self.below(lines.len())];
                let at = self.below(lines.len());
                let mut changed: Vec<&str> = lines.clone();
                changed.insert(at, line);
                bytes = changed.join("\n").into_bytes();
            }
            4 => {
                let mut lines: Vec<&str> = text.lines().collect();
                let (first, second) = (self.below(lines.len()), self.below(lines.len()));
                lines.swap(first, second);
                bytes = lines.join("\n").into_bytes();
            }
            5 => {
                // Replace one digit run with an extreme number.
                let digits: Vec<usize> = bytes
                    .iter()
                    .enumerate()
                    .filter(|(_, byte)| byte.is_ascii_digit())
                    .map(|(index, _)| index)
                    .collect();
                if let Some(&at) = digits.get(self.below(digits.len())) {
                    let value =
                        ["0", "513", "4294967296", "4294967295", "999", "1000"][self.below(6)];
                    bytes.splice(at..=at, value.bytes());
                }
            }
            _ => {
                let at = self.below(bytes.len());
                if let Some(byte) = bytes.get_mut(at) {
                    *byte = b"#.c~+/w,= x"[self.below(11)];
                }
            }
        }
        String::from_utf8_lossy(&bytes).into_owned()
    }
}

/// Mangled copies of each file in a run: `short`, unless `GRIDKEEPER_FUZZ_COPIES` asks for
/// another number (the long run of docs/RELIABILITY.md).
pub fn copies(short: usize) -> usize {
    std::env::var("GRIDKEEPER_FUZZ_COPIES")
        .ok()
        .and_then(|copies| copies.parse().ok())
        .unwrap_or(short)
}
