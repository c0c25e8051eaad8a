//! Cherries (the d100 house sheet): what a unit whose obsession is the rulebook's fighting
//! skill may take in place of a matched blow's damage, and the terms the rulebook sets for them.

use serde::{Deserialize, Serialize};

/// A cherry: taken instead of a matched blow's damage.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Cherry {
    /// The roll itself as bullet damage, uncapped.
    BigHurt,
    /// No damage: the target's rolls take the rulebook's blinding shift for a few rounds.
    Blind,
    /// No damage: the target is dazed.
    Dazed,
    /// No damage: the target drops the weapon in its hand.
    Disarm,
    /// No damage: the target is knocked down, to the back of the queue.
    KnockDown,
    /// No damage: the striker holds the target at once, with no roll.
    KungFuGrip,
    /// No damage: the next attack aimed at the striker goes to another target.
    MonkeyDodge,
    /// The blow's damage and a die more.
    MoreHurt,
    /// The damage read again off a fresh roll.
    NewDamage,
    /// No damage: one more blow at once, with no shift for the turn's division, dodge or call.
    SecondHelping,
}

impl Cherry {
    pub const ALL: [Self; 10] = [
        Self::BigHurt,
        Self::Blind,
        Self::Dazed,
        Self::Disarm,
        Self::KnockDown,
        Self::KungFuGrip,
        Self::MonkeyDodge,
        Self::MoreHurt,
        Self::NewDamage,
        Self::SecondHelping,
    ];

    /// The cherry's name, as the sheet writes it.
    pub fn words(self) -> &'static str {
        match self {
            Self::BigHurt => "Big Hurt",
            Self::Blind => "Blind",
            Self::Dazed => "Dazed",
            Self::Disarm => "Disarm",
            Self::KnockDown => "Knock Down",
            Self::KungFuGrip => "Kung Fu Grip",
            Self::MonkeyDodge => "Monkey Dodge",
            Self::MoreHurt => "More Hurt",
            Self::NewDamage => "New Damage",
            Self::SecondHelping => "Second Helping",
        }
    }

    /// Whether it still does damage (changed), rather than something else in its place.
    pub fn does_damage(self) -> bool {
        matches!(self, Self::BigHurt | Self::MoreHurt | Self::NewDamage)
    }
}

/// The rulebook's terms for cherries: the obsession that earns them, the blinding shift and
/// how many rounds it lasts, how many rounds a daze lasts, and More Hurt's die.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CherryTerms {
    pub obsession: &'static str,
    pub blind_shift: i32,
    pub blind_rounds: u32,
    pub daze_rounds: u32,
    pub more_hurt_die: u32,
    /// The die New Damage reads its fresh damage off.
    pub fresh_die: u32,
}

impl CherryTerms {
    /// The die `cherry` rolls before its damage is read, where it rolls one.
    pub fn die_for(&self, cherry: Cherry) -> Option<u32> {
        match cherry {
            Cherry::MoreHurt => Some(self.more_hurt_die),
            Cherry::NewDamage => Some(self.fresh_die),
            _ => None,
        }
    }
}
