//! The seeded dice: a ChaCha8 stream turned into die faces by an unbiased mapping we own.
//!
//! Replays depend on these faces never changing, so the mapping from raw `u32` output to a face
//! is written here (not borrowed from `rand`'s range sampling, which changed between versions)
//! and pinned by a test of fixed faces for a fixed seed.

use rand::RngCore;
use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::SeedableRng;
use serde::{Deserialize, Serialize};

/// One die as it landed: how many sides it had and the face that came up (1..=sides).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct DieFace {
    pub sides: u32,
    pub face: u32,
}

/// Anything that can produce die faces: the seeded [`Dice`], or a scripted source in tests that
/// walks every combination of faces to count exact probabilities.
pub trait FaceSource {
    /// A face from 1 to `sides` inclusive. `sides` is at least 1.
    fn face(&mut self, sides: u32) -> u32;
}

/// The game's only source of randomness: ChaCha8 seeded from a `u64`.
///
/// Every roll the game makes goes through one `Dice`, so the same seed and the same sequence of
/// requests always gives the same faces. Faces can also be loaded in advance (tests that need
/// a particular roll): they come out first, in order, before the stream resumes.
#[derive(Debug, Clone)]
pub struct Dice {
    rng: ChaCha8Rng,
    loaded: std::collections::VecDeque<u32>,
    /// Faces given so far (for the check that every one is in the event stream).
    drawn: u64,
}

impl Dice {
    /// A fresh stream for `seed`.
    pub fn from_seed(seed: u64) -> Self {
        Self {
            rng: ChaCha8Rng::seed_from_u64(seed),
            loaded: std::collections::VecDeque::new(),
            drawn: 0,
        }
    }

    /// How many faces this stream has given.
    pub fn drawn(&self) -> u64 {
        self.drawn
    }

    /// The faces loaded and not yet given, in the order they will come out.
    pub fn waiting(&self) -> impl ExactSizeIterator<Item = u32> + '_ {
        self.loaded.iter().copied()
    }

    /// Load faces to come out after any already loaded, in order (each is clamped to the die
    /// it lands on).
    pub fn load(&mut self, faces: impl IntoIterator<Item = u32>) {
        self.loaded.extend(faces);
    }

    /// Load faces to come out next, in order, ahead of any already loaded: a roll made again
    /// with the dice of one just made.
    pub fn load_next(&mut self, faces: &[u32]) {
        for face in faces.iter().rev() {
            self.loaded.push_front(*face);
        }
    }
}

impl FaceSource for Dice {
    // Inlined so that a die of a known size (the d10s of a percentile roll) divides by a
    // constant, which the compiler turns into a multiplication: the same faces, several times
    // faster.
    #[inline]
    fn face(&mut self, sides: u32) -> u32 {
        self.drawn += 1;
        match self.loaded.pop_front() {
            Some(face) => face.clamp(1, sides.max(1)),
            None => face_from_stream(&mut self.rng, sides),
        }
    }
}

/// Map raw 32-bit outputs to a face in `1..=sides` without bias, by rejection: outputs in the
/// incomplete last block of `sides` values are thrown away and drawn again.
#[inline]
fn face_from_stream(rng: &mut impl RngCore, sides: u32) -> u32 {
    assert!(sides > 0, "a die needs at least one side");
    let sides = u64::from(sides);
    let span = 1u64 << 32;
    let accepted = span - span % sides;
    loop {
        let raw = u64::from(rng.next_u32());
        if raw < accepted {
            // `raw % sides` is below `sides`, which came from a u32.
            return u32::try_from(raw % sides + 1).unwrap_or(u32::MAX);
        }
    }
}

/// Pick a seed for a caller who gave none, from the operating system's hash randomness.
/// The seed is always reported back so the roll can be reproduced.
pub fn fresh_seed() -> u64 {
    use std::hash::{BuildHasher, Hasher};
    let mut hasher = std::collections::hash_map::RandomState::new().build_hasher();
    hasher.write_u64(
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|elapsed| elapsed.as_secs() ^ u64::from(elapsed.subsec_nanos()))
            .unwrap_or_default(),
    );
    hasher.finish()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_same_seed_gives_the_same_faces() {
        let mut first = Dice::from_seed(7);
        let mut second = Dice::from_seed(7);
        let a: Vec<u32> = (0..200).map(|_| first.face(10)).collect();
        let b: Vec<u32> = (0..200).map(|_| second.face(10)).collect();
        assert_eq!(a, b);
    }

    #[test]
    fn loaded_faces_come_first_then_the_stream_resumes() {
        let mut plain = Dice::from_seed(5);
        let mut loaded = Dice::from_seed(5);
        loaded.load([3, 12, 0]);
        assert_eq!(
            [loaded.face(6), loaded.face(10), loaded.face(4)],
            [3, 10, 1]
        );
        let rest: Vec<u32> = (0..20).map(|_| loaded.face(20)).collect();
        let expected: Vec<u32> = (0..20).map(|_| plain.face(20)).collect();
        assert_eq!(rest, expected);
    }

    #[test]
    fn different_seeds_give_different_streams() {
        let mut first = Dice::from_seed(1);
        let mut second = Dice::from_seed(2);
        let a: Vec<u32> = (0..50).map(|_| first.face(100)).collect();
        let b: Vec<u32> = (0..50).map(|_| second.face(100)).collect();
        assert_ne!(a, b);
    }

    /// Pins the mapping from the ChaCha8 stream to faces. If this fails, every saved replay
    /// would replay differently: change the mapping only with a new replay format version.
    #[test]
    fn faces_for_a_fixed_seed_never_change() {
        let mut dice = Dice::from_seed(20_261_122);
        let d10: Vec<u32> = (0..12).map(|_| dice.face(10)).collect();
        let d6: Vec<u32> = (0..12).map(|_| dice.face(6)).collect();
        let d100: Vec<u32> = (0..6).map(|_| dice.face(100)).collect();
        assert_eq!(d10, PINNED_D10);
        assert_eq!(d6, PINNED_D6);
        assert_eq!(d100, PINNED_D100);
    }

    const PINNED_D10: [u32; 12] = [5, 2, 5, 7, 3, 3, 10, 7, 2, 4, 9, 5];
    const PINNED_D6: [u32; 12] = [5, 5, 6, 1, 1, 2, 6, 1, 5, 1, 3, 3];
    const PINNED_D100: [u32; 6] = [3, 7, 82, 50, 25, 100];

    #[test]
    fn every_face_appears_and_none_outside_the_die() {
        let mut dice = Dice::from_seed(99);
        for sides in [1u32, 2, 3, 4, 6, 8, 10, 12, 20, 100] {
            let mut seen = vec![0u32; sides as usize];
            for _ in 0..(sides * 200) {
                let face = dice.face(sides);
                assert!((1..=sides).contains(&face), "d{sides} gave {face}");
                seen[(face - 1) as usize] += 1;
            }
            assert!(seen.iter().all(|&count| count > 0), "d{sides}: {seen:?}");
        }
    }

    /// A stream that returns a chosen sequence of raw values, to test the rejection step.
    struct RawSequence(Vec<u32>);

    impl RngCore for RawSequence {
        fn next_u32(&mut self) -> u32 {
            self.0.remove(0)
        }
        fn next_u64(&mut self) -> u64 {
            u64::from(self.next_u32())
        }
        fn fill_bytes(&mut self, dest: &mut [u8]) {
            dest.fill(0);
        }
    }

    #[test]
    fn raw_values_in_the_incomplete_last_block_are_rejected() {
        // 2^32 = 4294967296; for a d10 the last accepted raw value is 4294967289.
        let mut raw = RawSequence(vec![u32::MAX, 4_294_967_290, 4_294_967_289]);
        assert_eq!(face_from_stream(&mut raw, 10), 10);
        let mut raw = RawSequence(vec![0]);
        assert_eq!(face_from_stream(&mut raw, 10), 1);
        let mut raw = RawSequence(vec![13]);
        assert_eq!(face_from_stream(&mut raw, 6), 2);
    }
}
