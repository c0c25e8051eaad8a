//! Cover by body part on the d100 house sheet (SPECS.md 4.1, its [house] grid reading): low cover
//! beside a unit on the line of fire hides the parts its stance keeps behind it. Standing, the
//! legs; crouched, the legs, the torso and the off arm (the head and the weapon arm show, and it
//! shoots as usual); hidden, everything, and it shoots only a Hail Mary. A unit knocked prone
//! behind cover counts as crouched.

use super::D100House;
use crate::rules::body::{BodyPart, Hand};
use crate::rules::mechanisms::{PartCover, PostureWords, Postures};
use crate::rules::situation::Posture;

/// Standing, crouched or hidden behind cover, at will.
impl Postures for D100House {
    fn choices(&self) -> &'static [Posture] {
        &POSTURES
    }

    fn words(&self, posture: Posture) -> PostureWords {
        posture_words(posture)
    }
}

/// Cover hides body parts by stance.
impl PartCover for D100House {
    fn covered(&self, posture: Posture, hand: Hand) -> Vec<BodyPart> {
        covered_parts(posture, hand)
    }
}

/// The postures a unit takes at will.
pub const POSTURES: [Posture; 3] = [Posture::Standing, Posture::Kneeling, Posture::Hidden];

/// The parts low cover hides of a unit in `posture` holding its weapon in `hand`.
pub fn covered_parts(posture: Posture, hand: Hand) -> Vec<BodyPart> {
    let legs = [BodyPart::LeftLeg, BodyPart::RightLeg];
    match posture {
        Posture::Standing => legs.to_vec(),
        Posture::Kneeling | Posture::Prone => {
            let mut parts = legs.to_vec();
            parts.extend([BodyPart::Torso, hand.off_arm()]);
            parts
        }
        Posture::Hidden => {
            let mut parts = legs.to_vec();
            parts.extend([
                BodyPart::Torso,
                BodyPart::LeftArm,
                BodyPart::RightArm,
                BodyPart::Head,
            ]);
            parts
        }
    }
}

/// A stance in the sheet's words.
pub fn posture_words(posture: Posture) -> PostureWords {
    match posture {
        Posture::Standing => PostureWords {
            state: "standing",
            verb: "stands",
            button: "Stand",
            hint: "stand: behind low cover, the legs are covered",
        },
        Posture::Kneeling => PostureWords {
            state: "crouched",
            verb: "crouches",
            button: "Crouch",
            hint: "crouch: behind low cover, the legs, torso and off arm are covered; \
                   it shoots as usual",
        },
        Posture::Hidden => PostureWords {
            state: "hidden",
            verb: "hides behind cover",
            button: "Hide",
            hint: "hide: behind low cover, everything is covered; it shoots only a Hail Mary \
                   (01 or doubles)",
        },
        Posture::Prone => PostureWords {
            state: "knocked down",
            verb: "goes down",
            button: "Lie down",
            hint: "down: behind low cover, covered as if crouched",
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Standing, the legs; crouched right-handed, the legs, torso and left arm, left-handed the
    /// right arm instead; hidden, all six.
    #[test]
    fn the_parts_each_stance_hides() {
        assert_eq!(
            covered_parts(Posture::Standing, Hand::Right),
            [BodyPart::LeftLeg, BodyPart::RightLeg]
        );
        assert_eq!(
            covered_parts(Posture::Kneeling, Hand::Right),
            [
                BodyPart::LeftLeg,
                BodyPart::RightLeg,
                BodyPart::Torso,
                BodyPart::LeftArm
            ]
        );
        assert!(covered_parts(Posture::Kneeling, Hand::Left).contains(&BodyPart::RightArm));
        assert!(!covered_parts(Posture::Kneeling, Hand::Left).contains(&BodyPart::LeftArm));
        assert_eq!(covered_parts(Posture::Hidden, Hand::Right).len(), 6);
    }

    /// Of the 55 faces Rico hits on (01 to 55), the parts they land on behind a crouched
    /// right-hander's cover: 43 of them (SPECS.md's worked example in the plan).
    #[test]
    fn a_crouched_right_hander_hides_most_of_a_55s_hits() {
        use crate::rulesets::d100_house::damage::{flip, part};
        let covered = covered_parts(Posture::Kneeling, Hand::Right);
        let hidden = (1..=55)
            .filter(|roll| part(flip(*roll)).is_some_and(|landed| covered.contains(&landed)))
            .count();
        assert_eq!(hidden, 43);
    }
}
