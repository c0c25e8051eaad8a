//! The seam's questions of blows struck without a weapon's table: bare hands, a kick or a bite,
//! how far a blow reaches, and whether one may knock out. A rulebook with nothing of its own has
//! them all answered plainly (`PlainHandToHand`).

use super::damage::DamageNotation;
use super::length::Length;
use super::melee::{BareHands, BodyBlow};

/// A rulebook's hand-to-hand beyond its weapon table (the western's STR table and reach, the
/// d10 pool's brawl, BRP's knock-outs).
pub trait HandToHand {
    /// What bare hands are for a unit of `strength`: plain fists (1D3 and the damage bonus, no
    /// difficulty, no speciality) unless the rulebook says.
    fn bare_hands(&self, _strength: u32) -> BareHands {
        BareHands::default()
    }

    /// What a kick or a bite does for a unit of `strength`, where the rulebook offers it apart
    /// from the plain unarmed blow (the western's STR table); `None`: it does not.
    fn body_blow_damage(&self, _blow: BodyBlow, _strength: u32) -> Option<DamageNotation> {
        None
    }

    /// How far a blow with bare hands or a hand-held weapon reaches, where the rulebook reaches
    /// past the tiles beside the unit (the western: 10 ft); `None`: those tiles alone.
    fn hand_to_hand_reach(&self) -> Option<Length> {
        None
    }

    /// Whether a blow may be struck to knock out (BRP: with bare hands or a blunt weapon, its
    /// damage against the target's hit points on the resistance table).
    fn knock_out_blows(&self) -> bool {
        false
    }
}

/// A rulebook with none of these: every answer the plain one.
pub struct PlainHandToHand;

impl HandToHand for PlainHandToHand {}
