//! The d10 pool's harm (SPECS.md 2.1, "Damage" and "Wound levels"): an attack's net successes,
//! once defences are taken off, make an injury of that much plus the weapon's damage less the
//! armour; injuries are kept as a list, and the wound level (the worst plus one for each other)
//! sets the dice every pool loses, down to incapacitated and dead. No hit points.

use serde::{Deserialize, Serialize};

/// An injury's severity at which the unit also gains a battle scar (logged only).
pub const SCARRING_SEVERITY: u32 = 4;

/// What an attack that lands is made of.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Blow {
    /// The attack's successes less the defence's.
    pub net: i32,
    /// The weapon's extra damage.
    pub weapon: u32,
    /// The target's worn armour.
    pub armour: u32,
    /// The target's Stamina: it soaks a hand-to-hand blow (in place of armour, never with it).
    pub stamina: u32,
    /// A hand-to-hand blow (Brawl).
    pub brawl: bool,
}

impl Blow {
    /// What soaks the blow: the best single source, as nothing stacks.
    pub fn soak(&self) -> u32 {
        if self.brawl {
            self.armour.max(self.stamina)
        } else {
            self.armour
        }
    }

    /// The injury it makes: none when the net is nothing (judged before damage and armour), or
    /// when the armour takes it all.
    pub fn severity(&self) -> Option<u32> {
        let net = u32::try_from(self.net).ok().filter(|net| *net > 0)?;
        Some((net + self.weapon).saturating_sub(self.soak())).filter(|severity| *severity > 0)
    }
}

/// How hurt a unit is, by its wound level (SPECS.md's table, Body 7).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum WoundState {
    Bruised,
    Hurt,
    Injured,
    Wounded,
    Mauled,
    Maimed,
    Incapacitated,
    Dead,
}

impl WoundState {
    /// The state a wound level puts a unit in.
    pub fn of_level(level: u32) -> Self {
        match level {
            0..=1 => Self::Bruised,
            2 => Self::Hurt,
            3 => Self::Injured,
            4 => Self::Wounded,
            5 => Self::Mauled,
            6 => Self::Maimed,
            7 => Self::Incapacitated,
            _ => Self::Dead,
        }
    }

    /// The dice every pool but initiative loses; `None` where the unit cannot act at all.
    pub fn dice_penalty(self) -> Option<u32> {
        match self {
            Self::Bruised => Some(0),
            Self::Hurt | Self::Injured => Some(1),
            Self::Wounded => Some(2),
            Self::Mauled => Some(3),
            Self::Maimed => Some(4),
            Self::Incapacitated | Self::Dead => None,
        }
    }

    pub fn words(self) -> &'static str {
        match self {
            Self::Bruised => "bruised",
            Self::Hurt => "hurt",
            Self::Injured => "injured",
            Self::Wounded => "wounded",
            Self::Mauled => "mauled",
            Self::Maimed => "maimed",
            Self::Incapacitated => "incapacitated",
            Self::Dead => "dead",
        }
    }
}

/// A unit's injuries, each by its severity, in the order taken.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Injuries(pub Vec<u32>);

impl Injuries {
    /// The worst injury plus one for each other.
    pub fn wound_level(&self) -> u32 {
        let worst = self.0.iter().copied().max().unwrap_or(0);
        let others = u32::try_from(self.0.len().saturating_sub(1)).unwrap_or(u32::MAX);
        if self.0.is_empty() {
            0
        } else {
            worst.saturating_add(others)
        }
    }

    pub fn state(&self) -> WoundState {
        WoundState::of_level(self.wound_level())
    }

    /// A pool of `dice` as the wounds leave it: less the penalty, never below one die while the
    /// unit can act; `None` where it cannot.
    pub fn pool(&self, dice: u32) -> Option<u32> {
        self.state()
            .dice_penalty()
            .map(|penalty| dice.saturating_sub(penalty).max(1))
    }
}

/// One injury's severity stuns a unit when it is more than its Stamina.
pub fn stuns(severity: u32, stamina: u32) -> bool {
    severity > stamina
}

/// One attack's injury this severe leaves a battle scar.
pub fn scars(severity: u32) -> bool {
    severity >= SCARRING_SEVERITY
}

#[cfg(test)]
mod tests {
    use super::*;

    fn blow(net: i32, weapon: u32, armour: u32, brawl: bool) -> Blow {
        Blow {
            net,
            weapon,
            armour,
            stamina: 3,
            brawl,
        }
    }

    #[test]
    fn severity_is_net_plus_weapon_less_the_best_soak() {
        // (blow, severity)
        let table = [
            // The text's own example: 6 damage into a Kevlar vest of 3 is a level 3 injury.
            (blow(3, 3, 3, false), Some(3)),
            // A handgun (+3), 2 net, no armour.
            (blow(2, 3, 0, false), Some(5)),
            // No net success: nothing, whatever the weapon.
            (blow(0, 4, 0, false), None),
            (blow(-1, 4, 0, false), None),
            // Armour takes it all.
            (blow(1, 0, 2, false), None),
            // A punch: Stamina 3 soaks it, not added to a vest of 1.
            (blow(4, 0, 1, true), Some(1)),
            // A vest better than Stamina soaks a punch in its place.
            (blow(5, 0, 4, true), Some(1)),
            // Stamina does not soak a bullet.
            (blow(1, 3, 0, false), Some(4)),
        ];
        for (blow, severity) in table {
            assert_eq!(blow.severity(), severity, "{blow:?}");
        }
    }

    #[test]
    fn the_wound_level_is_the_worst_plus_one_for_each_other() {
        // (injuries, level, state, a pool of 5 becomes)
        let table: [(&[u32], u32, WoundState, Option<u32>); 8] = [
            (&[], 0, WoundState::Bruised, Some(5)),
            (&[1], 1, WoundState::Bruised, Some(5)),
            (&[2], 2, WoundState::Hurt, Some(4)),
            (&[1, 1, 1], 3, WoundState::Injured, Some(4)),
            (&[3, 1], 4, WoundState::Wounded, Some(3)),
            (&[4, 2], 5, WoundState::Mauled, Some(2)),
            (&[5, 1, 1], 7, WoundState::Incapacitated, None),
            (&[6, 2, 1], 8, WoundState::Dead, None),
        ];
        for (injuries, level, state, pool) in table {
            let injuries = Injuries(injuries.to_vec());
            assert_eq!(injuries.wound_level(), level, "{injuries:?}");
            assert_eq!(injuries.state(), state, "{injuries:?}");
            assert_eq!(injuries.pool(5), pool, "{injuries:?}");
        }
        // Maimed takes four dice, but a pool that can act keeps one.
        assert_eq!(Injuries(vec![6]).pool(3), Some(1));
        assert_eq!(Injuries(vec![6]).state().words(), "maimed");
    }

    #[test]
    fn one_injury_past_stamina_stuns_and_one_of_four_scars() {
        assert!(!stuns(3, 3));
        assert!(stuns(4, 3));
        assert!(!scars(3));
        assert!(scars(4));
    }
}
