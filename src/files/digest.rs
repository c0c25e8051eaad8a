//! A short fingerprint of some bytes (FNV-1a, 64 bits): the same bytes always give the same
//! one, and a change anywhere almost surely another. Not for secrets.

/// FNV-1a over bytes fed in pieces.
#[derive(Debug, Clone, Copy)]
pub struct Fnv1a(u64);

impl Default for Fnv1a {
    fn default() -> Self {
        Self(0xcbf2_9ce4_8422_2325)
    }
}

impl Fnv1a {
    /// Feed `bytes` in.
    pub fn write(&mut self, bytes: &[u8]) {
        const PRIME: u64 = 0x0000_0100_0000_01b3;
        for byte in bytes {
            self.0 ^= u64::from(*byte);
            self.0 = self.0.wrapping_mul(PRIME);
        }
    }

    /// The fingerprint of everything fed in, as 16 hex digits.
    pub fn hex(self) -> String {
        format!("{:016x}", self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_fingerprints_are_fnv1a_64() {
        // The published test vectors: the empty string and "a".
        assert_eq!(Fnv1a::default().hex(), "cbf29ce484222325");
        let mut one = Fnv1a::default();
        one.write(b"a");
        assert_eq!(one.hex(), "af63dc4c8601ec8c");
        // Fed in pieces or whole: the same.
        let mut pieces = Fnv1a::default();
        pieces.write(b"fo");
        pieces.write(b"obar");
        let mut whole = Fnv1a::default();
        whole.write(b"foobar");
        assert_eq!(pieces.hex(), whole.hex());
        assert_eq!(whole.hex(), "85944171f73967e8");
    }
}
