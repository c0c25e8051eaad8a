//! Wounds kept as a list of injuries rather than hit points (the d10 pool's way): the shared
//! shape a rulebook fills in and the battle keeps. An attack that lands is weighed from its net
//! (successes left once the defence is off), the weapon's damage and what soaks it; the
//! rulebook says what the list now comes to.

use serde::{Deserialize, Serialize};

/// The most injuries one unit's list holds; past it the worst are kept.
pub const MOST_INJURIES: usize = 16;

/// A unit's injuries, each by its severity, in the order taken. Fixed in size, so a unit's
/// vitals stay plain values; written as a list.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(from = "Vec<u8>", into = "Vec<u8>")]
pub struct InjuryList {
    severities: [u8; MOST_INJURIES],
    len: u8,
}

impl InjuryList {
    /// Each injury's severity, in the order taken.
    pub fn severities(&self) -> impl Iterator<Item = u32> + '_ {
        self.severities[..usize::from(self.len)]
            .iter()
            .map(|severity| u32::from(*severity))
    }

    pub fn len(&self) -> usize {
        usize::from(self.len)
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The list with one more injury; when it is full, the mildest gives way to a worse one.
    pub fn with(mut self, severity: u32) -> Self {
        let severity = u8::try_from(severity).unwrap_or(u8::MAX);
        if self.len() < MOST_INJURIES {
            self.severities[self.len()] = severity;
            self.len += 1;
        } else if let Some(mildest) = self.severities.iter_mut().min()
            && *mildest < severity
        {
            *mildest = severity;
        }
        self
    }

    /// The worst injury's severity, nothing when there is none.
    pub fn worst(&self) -> u32 {
        self.severities().max().unwrap_or(0)
    }
}

impl From<Vec<u8>> for InjuryList {
    fn from(severities: Vec<u8>) -> Self {
        severities
            .into_iter()
            .fold(Self::default(), |list, severity| {
                list.with(u32::from(severity))
            })
    }
}

impl From<InjuryList> for Vec<u8> {
    fn from(list: InjuryList) -> Self {
        list.severities[..list.len()].to_vec()
    }
}

/// One attack that landed, where the rulebook keeps injuries.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct InjuryHit<'a> {
    /// The attack's successes less the defence's.
    pub net: i32,
    /// The weapon's own damage.
    pub weapon: u32,
    /// The skill (or pool) it was struck with: the rulebook knows which its target's toughness
    /// soaks (the d10 pool's Brawl).
    pub skill: &'a str,
    /// The target's worn armour.
    pub armour: u32,
    /// The target's toughness (the d10 pool's Stamina).
    pub toughness: u32,
    /// The target's injuries before the hit.
    pub injuries: InjuryList,
    /// Caught by a blast (the d10 pool's grenade bands): the weapon's part is the band's, and
    /// it counts even where the net is nothing or less.
    pub blast: bool,
}

/// What one hit did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct InjuryOutcome {
    /// What soaked it (the best single source).
    pub soak: u32,
    /// The injury's severity: `None` when the net or the soak left nothing.
    pub severity: Option<u32>,
    pub injuries: InjuryList,
    /// How hurt the unit is now, in the rulebook's levels.
    pub wound_level: u32,
    /// What is left before it is out of the fight (shown as its hit points).
    pub remaining: u32,
    /// The dice every roll but initiative loses; `None` where it cannot act at all.
    pub penalty: Option<u32>,
    pub incapacitated: bool,
    pub dead: bool,
    /// The injury was more than the unit can shrug off: it loses its next turn.
    pub stunned: bool,
    /// The injury leaves a scar (logged only).
    pub scarred: bool,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_list_keeps_its_order_and_the_worst_when_full() {
        let list = InjuryList::default().with(2).with(5).with(1);
        assert_eq!(list.severities().collect::<Vec<_>>(), [2, 5, 1]);
        assert_eq!((list.len(), list.worst()), (3, 5));
        let full = (0..20)
            .fold(InjuryList::default(), |list, _| list.with(1))
            .with(6);
        assert_eq!(full.len(), MOST_INJURIES);
        assert_eq!(full.worst(), 6);
        let written = ron::to_string(&list).expect("written");
        assert_eq!(written, "[2,5,1]");
        assert_eq!(ron::from_str::<InjuryList>(&written).expect("read"), list);
    }
}
