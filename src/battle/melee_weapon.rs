//! A hand-to-hand (or thrown) attack as the rules need it: what `fighting.rs` looks up for a
//! blow, and what the stages after a blow are told of its weapon.

use crate::rules::damage::DamageNotation;
use crate::rules::weapons::{Weapon, WeaponRange};

/// A hand-to-hand (or thrown) attack as the rules need it.
#[derive(Debug, Clone)]
pub struct MeleeWeapon {
    pub name: String,
    pub skill_name: String,
    pub skill: u32,
    pub damage: DamageNotation,
    pub impale: bool,
    pub range: WeaponRange,
    /// A weapon thrown at the target: its place in the unit's list and its table row.
    pub thrown: Option<(usize, Weapon)>,
    /// Its stun affects only targets up to this Build.
    pub stuns_up_to_build: Option<i32>,
    /// A carried weapon: its place in the unit's list.
    pub carried: Option<usize>,
    /// The difficulty it attacks at, where the rulebook rolls against one.
    pub difficulty: Option<u32>,
    /// The speciality that makes it easier to use, where the rulebook has them.
    pub secondary: Option<String>,
}
