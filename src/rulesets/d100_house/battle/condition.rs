//! The d100 house sheet's part of a unit's condition: what its own mechanisms leave on a unit
//! (the turn's divided skill, stance and called shot; dazes and a knock-down; the suppressing
//! fire pinning it; the harm a holder took this round; the cherry picked, a blinding and a
//! Monkey Dodge), a component of the sheet's own, and what it tells the rules of the unit's
//! standing.

use bevy::prelude::*;

use crate::battle::UnitId;
use crate::battle::choices::{FlagTone, UnitFlag};
use crate::battle::own_state::{OwnStanding, own_of};
use crate::battle::state::Battle;
use crate::rules::body::BodyPart;
use crate::rules::modifiers::signed;
use crate::rules::situation::StandingFacts;
use crate::rulesets::d100_house::cherries::Cherry;
use crate::rulesets::d100_house::{firearms, suppression};

/// The house sheet's part of a unit's condition.
#[derive(Component, Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct HouseCondition {
    /// Its skill divided across this turn's attacks.
    pub skill_shares: Option<SkillShares>,
    /// A dodge stance held to its next turn.
    pub dodge_stance: Option<DodgeStance>,
    /// The part its turn's next attack is called at.
    pub called_shot: Option<BodyPart>,
    /// The last round of each daze on it (a shift on its rolls for each, until its last round
    /// ends); 0 for none.
    pub dazed_until: [u32; 3],
    /// Knocked down: its next turn is spent getting up.
    pub knocked_down: bool,
    /// Pinned by suppressing fire until the shooter's next turn: the heaviest, where several
    /// shooters lay it down.
    pub suppressed: Option<Suppression>,
    /// The round and the harm it has taken in it, kept for a holder where enough of it makes
    /// it let go.
    pub taken_in_round: Option<(u32, u32)>,
    /// The cherry it takes on its next matched blow, where it picked one; kept from turn to
    /// turn until it picks again.
    pub cherry: Option<Cherry>,
    /// The last round a cherry blinds it in; 0 for none.
    pub blinded_until: u32,
    /// It turns the next attack aimed at it on another target (a Monkey Dodge).
    pub monkey_dodge: bool,
    /// It rolled to put the fire on it out this turn: it may attack or take a dodge stance,
    /// not both.
    pub put_out_this_turn: bool,
}

impl HouseCondition {
    /// The dazes on it.
    pub fn dazes(&self) -> u32 {
        u32::try_from(self.dazed_until.iter().filter(|round| **round > 0).count()).unwrap_or(0)
    }

    /// `facts` with what this condition adds: the bullets pinning it, its dazes, a blinding.
    pub fn standing_facts(&self, facts: StandingFacts) -> StandingFacts {
        StandingFacts {
            suppressing_bullets: self.suppressed.map_or(0, |suppression| suppression.bullets),
            dazes: self.dazes(),
            blinded: self.blinded_until > 0,
            ..facts
        }
    }
}

/// Suppressing fire that pins a unit: who laid it down, and the bullets it has fired at the
/// unit since its last turn.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Suppression {
    pub by: UnitId,
    pub bullets: u32,
}

/// A dodge stance held to the unit's next turn: the shift on its dodges, where it attacked
/// before taking it that turn.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DodgeStance {
    pub shift: i32,
}

/// A skill divided across the turn's attacks: the shares in order (each at least 1, a 0 past
/// the last), `used` so far.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SkillShares {
    pub shares: [u32; SkillShares::SLOTS as usize],
    pub used: u8,
}

impl SkillShares {
    /// The most shares a condition keeps.
    pub const SLOTS: u32 = 3;

    /// How many shares there are: an attack for each.
    pub fn count(&self) -> u32 {
        self.shares
            .iter()
            .filter(|share| **share > 0)
            .count()
            .try_into()
            .unwrap_or(u32::MAX)
    }

    /// The share the next attack is rolled at, while one is left.
    pub fn next(&self) -> Option<u32> {
        self.shares
            .get(usize::from(self.used))
            .copied()
            .filter(|share| *share > 0)
    }
}

/// `unit`'s house condition, as it is now.
pub fn house(battle: &Battle, unit: UnitId) -> HouseCondition {
    battle.own(unit)
}

/// `unit`'s house condition, read from the world (the AI, the panels, the tests).
pub fn house_of(world: &World, unit: UnitId) -> HouseCondition {
    own_of(world, unit)
}

/// Changes `unit`'s house condition.
pub fn change_house(battle: &mut Battle, unit: UnitId, change: impl FnOnce(&mut HouseCondition)) {
    battle.change_own(unit, change);
}

/// The flags `unit`'s house condition puts on its card: a dodge stance, a blinding, a Monkey
/// Dodge held, and the shift every roll takes pinned and dazed.
pub(super) fn flags(battle: &Battle, unit: UnitId) -> Vec<UnitFlag> {
    let house = house(battle, unit);
    let flag = |words: String, tone, in_short| UnitFlag {
        words,
        tone,
        in_short,
    };
    let pinned = house
        .suppressed
        .map(|pin| suppression::shift(pin.bullets))
        .filter(|shift| *shift != 0);
    let dazed = firearms::DAZED.saturating_mul(i32::try_from(house.dazes()).unwrap_or(i32::MAX));
    [
        house
            .dodge_stance
            .map(|_| flag("dodging".to_string(), FlagTone::Guarded, true)),
        (house.blinded_until > 0).then(|| flag("blinded".to_string(), FlagTone::Impaired, false)),
        house
            .monkey_dodge
            .then(|| flag("monkey dodge".to_string(), FlagTone::Guarded, false)),
        pinned.map(|shift| flag(format!("pinned {}", signed(shift)), FlagTone::Pressed, true)),
        (dazed != 0).then(|| flag(format!("dazed {}", signed(dazed)), FlagTone::Impaired, true)),
    ]
    .into_iter()
    .flatten()
    .collect()
}

/// What the house condition tells the rules of a unit's standing.
pub(super) struct HouseStanding;

impl OwnStanding for HouseStanding {
    fn standing_facts(
        &self,
        world: &World,
        (_, entity): (UnitId, Entity),
        facts: StandingFacts,
    ) -> StandingFacts {
        world
            .get::<HouseCondition>(entity)
            .map_or(facts, |house| house.standing_facts(facts))
    }
}
