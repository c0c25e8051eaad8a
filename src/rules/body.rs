//! Where on the body a blow lands: the parts, a rulebook's table of hit locations, and which
//! parts a piece of armor covers.

use serde::{Deserialize, Serialize};

/// A part of the body, as armor covers it and hit-location tables name it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum BodyPart {
    Head,
    Neck,
    Chest,
    Abdomen,
    LeftArm,
    RightArm,
    LeftLeg,
    RightLeg,
    /// Chest and abdomen as one (the d100 house sheet's table).
    Torso,
}

impl BodyPart {
    /// The part in words, for the log: "right leg".
    pub fn words(self) -> &'static str {
        match self {
            Self::Head => "head",
            Self::Neck => "neck",
            Self::Chest => "chest",
            Self::Abdomen => "abdomen",
            Self::LeftArm => "left arm",
            Self::RightArm => "right arm",
            Self::LeftLeg => "left leg",
            Self::RightLeg => "right leg",
            Self::Torso => "torso",
        }
    }
}

/// The hand a unit holds its weapon in: its weapon arm, the other its off arm (the d100 house
/// sheet's cover and human shield go by it).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Hand {
    #[default]
    Right,
    Left,
}

impl Hand {
    pub fn is_right(&self) -> bool {
        *self == Self::Right
    }

    /// The arm that holds the weapon.
    pub fn weapon_arm(self) -> BodyPart {
        match self {
            Self::Right => BodyPart::RightArm,
            Self::Left => BodyPart::LeftArm,
        }
    }

    /// The other arm.
    pub fn off_arm(self) -> BodyPart {
        match self {
            Self::Right => BodyPart::LeftArm,
            Self::Left => BodyPart::RightArm,
        }
    }
}

/// A table of hit locations: the die rolled, and each part with the highest face that lands on
/// it, lowest first.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct HitLocations {
    pub sides: u32,
    pub bands: &'static [(u32, BodyPart)],
}

impl HitLocations {
    /// The part a face of the die lands on (the last band past the table's end).
    pub fn part(&self, face: u32) -> BodyPart {
        self.bands
            .iter()
            .find(|(highest, _)| face <= *highest)
            .or(self.bands.last())
            .map_or(BodyPart::Chest, |(_, part)| *part)
    }
}

/// Whether armor that covers `parts` (`None`: all over) guards the head and the torso both.
pub fn guards_head_and_torso(parts: Option<&[BodyPart]>) -> bool {
    parts.is_none_or(|parts| {
        parts.contains(&BodyPart::Head)
            && (parts.contains(&BodyPart::Chest) || parts.contains(&BodyPart::Abdomen))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const TABLE: HitLocations = HitLocations {
        sides: 4,
        bands: &[
            (1, BodyPart::LeftLeg),
            (3, BodyPart::Chest),
            (4, BodyPart::Head),
        ],
    };

    #[test]
    fn a_face_lands_in_its_band() {
        assert_eq!(TABLE.part(1), BodyPart::LeftLeg);
        assert_eq!(TABLE.part(2), BodyPart::Chest);
        assert_eq!(TABLE.part(3), BodyPart::Chest);
        assert_eq!(TABLE.part(4), BodyPart::Head);
    }

    #[test]
    fn head_and_torso() {
        assert!(guards_head_and_torso(None), "armor all over");
        assert!(guards_head_and_torso(Some(&[
            BodyPart::Head,
            BodyPart::Chest
        ])));
        assert!(!guards_head_and_torso(Some(&[BodyPart::Head])));
        assert!(!guards_head_and_torso(Some(&[
            BodyPart::Chest,
            BodyPart::Abdomen
        ])));
    }
}
