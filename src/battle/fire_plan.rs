//! A pull of the trigger as planned: the weapon, the rounds it uses, and each roll in order, at
//! its target with its terms (`volley.rs` plans it; `trigger_pull.rs` makes its rolls).

use super::UnitId;
use super::command::WeaponChoice;
use super::shot_terms::ShotTerms;
use crate::map::Tile;
use crate::rules::weapons::Weapon;

/// One roll of a planned trigger pull.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PlannedRoll {
    pub(super) target: UnitId,
    pub(super) bullets: u32,
    /// Bullets wasted swinging onto this target from the last one.
    pub(super) wasted_before: u32,
    pub(super) terms: ShotTerms,
    /// A burst or a volley: half the bullets hit, all on an extreme hit.
    pub(super) volley: bool,
    /// Both barrels at once: on a hit, every one of its bullets hits.
    pub(super) together: bool,
}

impl PlannedRoll {
    /// One roll of one bullet at `target` with `terms`.
    pub fn single(target: UnitId, terms: ShotTerms) -> Self {
        Self {
            target,
            bullets: 1,
            wasted_before: 0,
            terms,
            volley: false,
            together: false,
        }
    }

    /// One roll at `target` with `terms`, for `bullets` fired together: on a hit every one of
    /// them hits (both barrels at once).
    pub fn together(target: UnitId, bullets: u32, terms: ShotTerms) -> Self {
        Self {
            bullets,
            together: true,
            ..Self::single(target, terms)
        }
    }

    /// The bullets the roll covers.
    pub fn bullets(&self) -> u32 {
        self.bullets
    }

    /// The unit the roll is made at.
    pub fn target(&self) -> UnitId {
        self.target
    }

    /// The terms of the shot the roll is made with.
    pub fn terms(&self) -> ShotTerms {
        self.terms
    }

    /// The same roll made at `target` instead.
    pub fn at(self, target: UnitId) -> Self {
        Self { target, ..self }
    }
}

/// A checked trigger pull: the weapon, the rounds it uses, and its rolls in order.
#[derive(Debug, Clone, PartialEq)]
pub struct FirePlan {
    pub(super) index: usize,
    pub(super) weapon: Weapon,
    pub(super) skill_name: String,
    pub(super) rounds: u32,
    pub(super) wasted: u32,
    pub(super) chambered: bool,
    pub(super) rolls: Vec<PlannedRoll>,
    /// Unaimed fire at several targets: each roll's target is drawn from these by a die as it
    /// is made (empty: the rolls go at their own targets).
    pub(super) drawn_from: Vec<UnitId>,
    /// A sweep's area, where automatic fire sweeps one (the d10 pool): every roll is made with
    /// the dice of the first, each counted at its own target's difficulty (empty: no sweep).
    pub(super) swept: Vec<Tile>,
    /// Suppressing fire that pins its group rather than hitting it (the d100 house sheet):
    /// the group, each roll made at the first of it still there (empty: not pinning fire).
    pub(super) pinning: Vec<UnitId>,
}

impl FirePlan {
    /// The weapon fired.
    pub fn weapon(&self) -> &Weapon {
        &self.weapon
    }

    /// The units each roll's target is drawn from by a die (empty: each roll has its own).
    pub fn drawn_from(&self) -> &[UnitId] {
        &self.drawn_from
    }

    /// The tiles a sweep covers (empty: not a sweep).
    pub fn swept(&self) -> &[Tile] {
        &self.swept
    }

    /// The group suppressing fire pins (empty: not pinning fire).
    pub fn pinning(&self) -> &[UnitId] {
        &self.pinning
    }

    /// Whether every roll is made with the dice of the first (a sweep).
    pub(super) fn shares_one_roll(&self) -> bool {
        !self.swept.is_empty()
    }

    /// The first roll that may come at `unit`: its own, or (each roll's target drawn by a die)
    /// the first roll of all.
    pub(super) fn first_roll_at(&self, unit: UnitId) -> Option<&PlannedRoll> {
        if self.drawn_from.contains(&unit) {
            self.rolls.first()
        } else {
            self.rolls.iter().find(|roll| roll.target == unit)
        }
    }
}

/// A unit that fires at a shooter out of its turn (the western's rival in a quick draw, or one
/// holding its fire until fired upon): it, the gun it fires and the shots it fires.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FireOutOfTurn {
    pub unit: UnitId,
    pub gun: WeaponChoice,
    pub shots: u32,
}
