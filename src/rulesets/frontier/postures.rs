//! The western's postures (SPECS.md section 3): standing, kneeling or prone at will, the posture
//! feeding cover; standing up from prone costs half the movement allowance.

use super::Frontier;
use crate::rules::characteristics::MoveAllowance;
use crate::rules::mechanisms::{PostureWords, Postures, plain_posture_words};
use crate::rules::situation::Posture;

impl Postures for Frontier {
    fn choices(&self) -> &'static [Posture] {
        &[Posture::Standing, Posture::Kneeling, Posture::Prone]
    }

    fn words(&self, posture: Posture) -> PostureWords {
        // The plain words, with hints that say what the posture is worth here.
        let hint = match posture {
            Posture::Standing => "stand up (from prone: half the movement)",
            Posture::Kneeling => "kneel: behind low cover, three-quarter cover",
            Posture::Prone => "lie prone: three-quarter cover anywhere",
            Posture::Hidden => "hide behind cover",
        };
        PostureWords {
            hint,
            ..plain_posture_words(posture)
        }
    }

    /// Standing up from prone costs half the movement allowance.
    fn stand_up_cost(&self, moves: MoveAllowance) -> u32 {
        moves.most / 2
    }
}
