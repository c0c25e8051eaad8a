//! The western's postures (SPECS.md section 3): standing, kneeling or prone at will, the posture
//! feeding cover; standing up from prone costs half the movement allowance.

use super::Frontier;
use crate::rules::characteristics::MoveAllowance;
use crate::rules::mechanisms::{PostureWords, Postures};
use crate::rules::situation::Posture;

impl Postures for Frontier {
    fn choices(&self) -> &'static [Posture] {
        &[Posture::Standing, Posture::Kneeling, Posture::Prone]
    }

    fn words(&self, posture: Posture) -> PostureWords {
        match posture {
            Posture::Standing => PostureWords {
                state: "standing",
                verb: "stands",
                button: "Stand",
                hint: "stand up (from prone: half the movement)",
            },
            Posture::Kneeling => PostureWords {
                state: "kneeling",
                verb: "kneels",
                button: "Kneel",
                hint: "kneel: behind low cover, three-quarter cover",
            },
            Posture::Prone => PostureWords {
                state: "prone",
                verb: "lies down",
                button: "Lie down",
                hint: "lie prone: three-quarter cover anywhere",
            },
            Posture::Hidden => PostureWords {
                state: "hidden",
                verb: "hides behind cover",
                button: "Hide",
                hint: "hide behind cover",
            },
        }
    }

    /// Standing up from prone costs half the movement allowance.
    fn stand_up_cost(&self, moves: MoveAllowance) -> u32 {
        moves.most / 2
    }
}
