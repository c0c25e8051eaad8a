//! Harm read off the attack roll itself, where a rulebook reads it so (the d100 house sheet):
//! what the battle tells the rulebook of a hit (its verdict, the weapon's number, fired or
//! struck, and whether cover or a dodge brought it down to hand-to-hand damage), and the damage
//! each body part has taken, tallied where the rulebook cripples a part past a threshold.

use serde::{Deserialize, Serialize};

use super::body::BodyPart;
use super::modifiers::Modifier;
use super::roll::Verdict;

/// How a hit was dealt.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum HitForm {
    /// A bullet: the weapon's number is its max damage.
    Firearm,
    /// A blow: the weapon's number is what its qualities add.
    HandToHand,
    /// A bullet of suppressing fire that hurts one of the group: hand-to-hand damage, whatever
    /// the roll's class.
    Suppressing,
    /// A thrown object: hand-to-hand damage without the weapon's qualities.
    Thrown,
    /// The edge of a blast: hand-to-hand damage off a fresh roll, which a dodge escapes.
    Fringe,
}

/// A hit whose harm the rulebook may read off its roll.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RollHit {
    pub verdict: Verdict,
    /// The weapon's number: a firearm's max damage, a hand-to-hand weapon's quality bonus.
    pub weapon_value: u32,
    pub form: HitForm,
    /// Brought down to hand-to-hand damage (the digit sum alone): a bullet that struck a part
    /// behind cover that does not stop bullets, or one the target dodged.
    pub downgraded: bool,
}

impl RollHit {
    /// A fresh roll of `face` read as a plain hit in `form` with the weapon's number `value`
    /// (the d100 house sheet's blast rings and fire, which read a new d100 for their harm).
    pub fn fresh(face: u32, (form, value): (HitForm, u32)) -> Self {
        Self {
            verdict: Verdict::pass_or_fail(face, true, 1),
            weapon_value: value,
            form,
            downgraded: false,
        }
    }
}

/// What a heavy weapon fired off its mount asks of its shooter for each shot (the d100 house
/// sheet): the roll; failed, the shooter is dazed for `daze_rounds` rounds (dazes add up), and
/// dazed `knocked_down_at` times in one round, knocked down.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Recoil {
    pub check: CharacteristicCheck,
    pub daze_rounds: u32,
    pub knocked_down_at: u32,
}

/// A roll of a characteristic the rulebook asks (the d100 house sheet's Body, to stay on one's
/// feet against a shotgun's hit, −10 a large calibre, or for each shot of a heavy weapon; its
/// Speed, to work a bolt for a second shot in a round): the characteristic as the log names it
/// and the sheet's field it is kept in, and the shift on it, named (none for a plain roll).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CharacteristicCheck {
    pub characteristic: (&'static str, &'static str),
    pub shift: Option<Modifier>,
}

/// What a dodge held in a dodge stance made of a hit that reached the unit (the d100 house
/// sheet).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum DodgeOutcome {
    /// The dodge failed: the hit lands as it was.
    Missed,
    /// The hit is brought down to hand-to-hand damage: a bullet to its digit sum, a matched
    /// blow to a plain one's.
    Downgraded,
    /// The hit does nothing.
    Negated,
}

impl DodgeOutcome {
    /// What came of the dodge, in a few words for the log.
    pub fn words(self) -> &'static str {
        match self {
            Self::Missed => "the dodge fails",
            Self::Downgraded => "brought down to hand-to-hand damage",
            Self::Negated => "dodged clean",
        }
    }
}

/// The damage each body part has taken in the fight, where the rulebook tallies it.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct LocationTally {
    pub head: u32,
    pub torso: u32,
    pub left_arm: u32,
    pub right_arm: u32,
    pub left_leg: u32,
    pub right_leg: u32,
}

impl LocationTally {
    /// The six parts in the order a card lists them.
    pub const PARTS: [BodyPart; 6] = [
        BodyPart::Head,
        BodyPart::Torso,
        BodyPart::RightArm,
        BodyPart::LeftArm,
        BodyPart::RightLeg,
        BodyPart::LeftLeg,
    ];

    pub fn is_empty(&self) -> bool {
        *self == Self::default()
    }

    /// The damage a part has taken (the head for the parts the tally folds: neck into the
    /// head, chest and abdomen into the torso).
    pub fn get(&self, part: BodyPart) -> u32 {
        match part {
            BodyPart::Head | BodyPart::Neck => self.head,
            BodyPart::Torso | BodyPart::Chest | BodyPart::Abdomen => self.torso,
            BodyPart::LeftArm => self.left_arm,
            BodyPart::RightArm => self.right_arm,
            BodyPart::LeftLeg => self.left_leg,
            BodyPart::RightLeg => self.right_leg,
        }
    }

    /// The tally with `damage` more on `part`.
    pub fn with(self, part: BodyPart, damage: u32) -> Self {
        let mut tally = self;
        let slot = match part {
            BodyPart::Head | BodyPart::Neck => &mut tally.head,
            BodyPart::Torso | BodyPart::Chest | BodyPart::Abdomen => &mut tally.torso,
            BodyPart::LeftArm => &mut tally.left_arm,
            BodyPart::RightArm => &mut tally.right_arm,
            BodyPart::LeftLeg => &mut tally.left_leg,
            BodyPart::RightLeg => &mut tally.right_leg,
        };
        *slot = slot.saturating_add(damage);
        tally
    }

    /// Whether a leg has taken `threshold` or more.
    pub fn leg_crippled(&self, threshold: u32) -> bool {
        self.left_leg >= threshold || self.right_leg >= threshold
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// 12 and 14 to the right leg cripple it at 25; the chest counts as the torso.
    #[test]
    fn a_tally_sums_each_part() {
        let tally = LocationTally::default()
            .with(BodyPart::RightLeg, 12)
            .with(BodyPart::RightLeg, 14)
            .with(BodyPart::Chest, 9);
        assert_eq!(tally.get(BodyPart::RightLeg), 26);
        assert_eq!(tally.get(BodyPart::Torso), 9);
        assert!(tally.leg_crippled(25) && !tally.leg_crippled(27));
        assert!(LocationTally::default().is_empty() && !tally.is_empty());
    }
}
