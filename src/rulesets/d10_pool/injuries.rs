//! The d10 pool's harm (SPECS.md 2.1, "Damage" and "Wound levels"): an attack's net successes,
//! once defences are taken off, make an injury of that much plus the weapon's damage less the
//! armour; injuries are kept as a list, and the wound level (the worst plus one for each other)
//! sets the dice every pool loses, down to incapacitated and dead. No hit points.

use serde::{Deserialize, Serialize};

use super::sheet::BODY;
use crate::rules::injuries::{InjuryHit, InjuryList, InjuryOutcome};

/// An injury's severity at which the unit also gains a battle scar (logged only).
pub const SCARRING_SEVERITY: u32 = 4;

/// The ability whose blows Stamina soaks.
const BRAWL: &str = "Brawl";

/// What soaks a hit: the best single source, as nothing stacks (Stamina only against Brawl).
pub fn soak(hit: &InjuryHit) -> u32 {
    if hit.skill.ends_with(BRAWL) {
        hit.armour.max(hit.toughness)
    } else {
        hit.armour
    }
}

/// The injury a hit makes: none when the net is nothing (judged before damage and armour), or
/// when the soak takes it all.
pub fn severity(hit: &InjuryHit) -> Option<u32> {
    if hit.blast {
        // The band hurts whatever the throw's net: net − dodge + band − armour.
        let severity = i64::from(hit.net) + i64::from(hit.weapon) - i64::from(soak(hit));
        return u32::try_from(severity)
            .ok()
            .filter(|severity| *severity > 0);
    }
    let net = u32::try_from(hit.net).ok().filter(|net| *net > 0)?;
    Some((net + hit.weapon).saturating_sub(soak(hit))).filter(|severity| *severity > 0)
}

/// What one hit does: the injury added to the list, the wound level, the state and penalty it
/// comes to, a stun (one injury past Stamina, the toughness) and a scar.
pub fn injure(hit: &InjuryHit) -> InjuryOutcome {
    let severity = severity(hit);
    let injuries = severity.map_or(hit.injuries, |severity| hit.injuries.with(severity));
    let wound_level = wound_level(&injuries);
    let state = WoundState::of_level(wound_level);
    InjuryOutcome {
        soak: soak(hit),
        severity,
        injuries,
        wound_level,
        remaining: BODY.saturating_sub(wound_level),
        penalty: state.dice_penalty(),
        incapacitated: state == WoundState::Incapacitated,
        dead: state == WoundState::Dead,
        stunned: severity.is_some_and(|severity| stuns(severity, hit.toughness)),
        scarred: severity.is_some_and(scars),
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

/// The worst injury plus one for each other.
pub fn wound_level(injuries: &InjuryList) -> u32 {
    let others = u32::try_from(injuries.len().saturating_sub(1)).unwrap_or(u32::MAX);
    if injuries.is_empty() {
        0
    } else {
        injuries.worst().saturating_add(others)
    }
}

/// A unit's injuries for its card: "Injuries 2, 4 · wound level 5, mauled · −3 dice"; empty
/// with none.
pub fn list_words(injuries: &InjuryList) -> String {
    if injuries.is_empty() {
        return String::new();
    }
    let severities: Vec<String> = injuries
        .severities()
        .map(|severity| severity.to_string())
        .collect();
    let level = wound_level(injuries);
    let state = WoundState::of_level(level);
    let penalty = match state.dice_penalty() {
        None => "cannot act".to_string(),
        Some(0) => "no dice lost".to_string(),
        Some(dice) => format!("−{dice} dice"),
    };
    format!(
        "Injuries {} · wound level {level}, {} · {penalty}",
        severities.join(", "),
        state.words()
    )
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

    fn blow(net: i32, weapon: u32, armour: u32, brawl: bool) -> InjuryHit<'static> {
        InjuryHit {
            net,
            weapon,
            skill: if brawl { "Str+Brawl" } else { "Dex+Firearms" },
            armour,
            toughness: 3,
            injuries: InjuryList::default(),
            blast: false,
        }
    }

    /// The dice a pool of `dice` rolls with these injuries, as the battle rolls it (the
    /// rulebook's standing modifiers on it); `None` where the wounds leave the unit unable to act.
    fn rolled_pool(injuries: &InjuryList, dice: u32) -> Option<u32> {
        use crate::rules::roll::Demand;
        use crate::rules::ruleset::Ruleset;
        use crate::rules::situation::StandingFacts;
        let facts = StandingFacts {
            injuries: *injuries,
            ..StandingFacts::default()
        };
        let modifiers = super::super::D10Pool::shipped()
            .expect("the shipped d10 pool loads")
            .standing_modifiers(&facts);
        WoundState::of_level(wound_level(injuries))
            .dice_penalty()
            .map(|_| super::super::check::Pool::of(&Demand::new(dice, modifiers)).dice)
    }

    fn list(severities: &[u8]) -> InjuryList {
        InjuryList::from(severities.to_vec())
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
            assert_eq!(super::severity(&blow), severity, "{blow:?}");
        }
    }

    #[test]
    fn the_wound_level_is_the_worst_plus_one_for_each_other() {
        // (injuries, level, state, a pool of 5 becomes)
        let table: [(&[u8], u32, WoundState, Option<u32>); 8] = [
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
            let injuries = list(injuries);
            assert_eq!(wound_level(&injuries), level, "{injuries:?}");
            assert_eq!(WoundState::of_level(level), state, "{injuries:?}");
            assert_eq!(rolled_pool(&injuries, 5), pool, "{injuries:?}");
        }
        // Maimed takes four dice, but a pool that can act keeps one.
        assert_eq!(rolled_pool(&list(&[6]), 3), Some(1));
        assert_eq!(WoundState::of_level(6).words(), "maimed");
    }

    /// Tomas (Stamina 4, no armour, already Hurt by a 2) takes a sword's net 3 + 1: a 4, not past
    /// his Stamina, so no stun; it scars; the level is 4 + 1 = 5, mauled, three dice off and 2 of
    /// Body left. A fists' net 5 into Kell (Stamina 4) soaks to 1.
    #[test]
    fn one_hit_adds_an_injury_and_says_what_the_list_comes_to() {
        let hit = InjuryHit {
            net: 3,
            weapon: 1,
            skill: "Str+Melee",
            armour: 0,
            toughness: 4,
            injuries: list(&[2]),
            blast: false,
        };
        let outcome = injure(&hit);
        assert_eq!(outcome.severity, Some(4));
        assert_eq!(outcome.injuries.severities().collect::<Vec<_>>(), [2, 4]);
        assert_eq!(
            (outcome.wound_level, outcome.remaining, outcome.penalty),
            (5, 2, Some(3))
        );
        assert!(!outcome.stunned && outcome.scarred);
        assert!(!outcome.incapacitated && !outcome.dead);
        let punch = injure(&InjuryHit {
            net: 5,
            weapon: 0,
            skill: "Str+Brawl",
            ..hit
        });
        assert_eq!((punch.soak, punch.severity), (4, Some(1)));
        let nothing = injure(&InjuryHit { net: 0, ..hit });
        assert_eq!((nothing.severity, nothing.injuries), (None, hit.injuries));
        let killing = injure(&InjuryHit {
            net: 6,
            weapon: 4,
            injuries: list(&[3]),
            ..hit
        });
        assert!(killing.dead && killing.stunned);
    }

    #[test]
    fn the_card_lists_the_injuries_and_the_penalty() {
        assert_eq!(list_words(&InjuryList::default()), "");
        assert_eq!(
            list_words(&list(&[2, 4])),
            "Injuries 2, 4 · wound level 5, mauled · −3 dice"
        );
        assert_eq!(
            list_words(&list(&[7])),
            "Injuries 7 · wound level 7, incapacitated · cannot act"
        );
    }

    #[test]
    fn one_injury_past_stamina_stuns_and_one_of_four_scars() {
        assert!(!stuns(3, 3));
        assert!(stuns(4, 3));
        assert!(!scars(3));
        assert!(scars(4));
    }
}
