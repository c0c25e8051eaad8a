//! The d10 pool's per-round dice budget: a unit that means to do more
//! than one thing in a round splits a budget, the smallest pool among the actions it plans,
//! into parts of at least two dice, and each action rolls one part. A unit that plans nothing
//! rolls its whole pool on its one action and has nothing left that round.

use serde::{Deserialize, Serialize};

/// The fewest dice one part of a split may hold.
pub const LEAST_PART: u32 = 2;

/// The most parts one plan may hold.
pub const MOST_PARTS: usize = 8;

/// What one part of a plan is kept for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PlannedAction {
    /// An attack on the unit's turn (each at a different enemy).
    Attack,
    /// A dodge, on the unit's turn or outside it.
    Dodge,
    /// A defence with the weapon (a parry, a clash), on the unit's turn or outside it.
    WeaponDefence,
    /// Evading on the unit's turn (at most once).
    Evade,
}

impl PlannedAction {
    /// "attack", as a plan's words name the part, with the rulebook's word for a defence with
    /// the weapon ("clash").
    pub fn words(self, weapon_defence: &'static str) -> &'static str {
        match self {
            Self::Attack => "attack",
            Self::Dodge => "dodge",
            Self::WeaponDefence => weapon_defence,
            Self::Evade => "evade",
        }
    }

    /// Whether the part is used on the unit's own turn (a defence may come at any time).
    pub fn on_own_turn(self) -> bool {
        matches!(self, Self::Attack | Self::Evade)
    }

    /// Whether the part is kept for a defence.
    pub fn defends(self) -> bool {
        !self.on_own_turn()
    }
}

/// One part of a plan: the action it is kept for and its dice.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct PlanPart {
    pub action: PlannedAction,
    pub dice: u32,
}

impl PlanPart {
    pub const fn new(action: PlannedAction, dice: u32) -> Self {
        Self { action, dice }
    }
}

/// Why a plan cannot be made.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum PlanProblem {
    #[error("a split needs two parts or more (one action rolls the whole pool)")]
    OnePart,
    #[error("at most {MOST_PARTS} parts")]
    TooManyParts,
    #[error("every part needs at least {LEAST_PART} dice ({0} is too few)")]
    PartTooSmall(u32),
    #[error("the parts come to {total} dice, and the budget is {budget}")]
    WrongTotal { total: u32, budget: u32 },
    #[error("a budget of {0} dice cannot be split (parts of {LEAST_PART} at least)")]
    TooSmallToSplit(u32),
    #[error("evading is one part at most")]
    EvadeTwice,
}

/// The parts of a unit's dice still to be rolled this round, in the order planned.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct DicePlan {
    parts: [Option<PlanPart>; MOST_PARTS],
}

impl DicePlan {
    /// Nothing left: the whole pool went on one action (or every part is rolled).
    pub const SPENT: Self = Self {
        parts: [None; MOST_PARTS],
    };

    /// The budget of a plan naming these actions, each with its pool: the smallest pool.
    pub fn budget(pools: impl IntoIterator<Item = u32>) -> u32 {
        pools.into_iter().min().unwrap_or(0)
    }

    /// Whether a budget can be split at all: into two parts of at least two dice.
    pub fn splits(budget: u32) -> bool {
        budget >= 2 * LEAST_PART
    }

    /// A split of `budget` dice into these parts, checked against the rulebook.
    pub fn split(parts: &[PlanPart], budget: u32) -> Result<Self, PlanProblem> {
        if !Self::splits(budget) {
            return Err(PlanProblem::TooSmallToSplit(budget));
        }
        if parts.len() < 2 {
            return Err(PlanProblem::OnePart);
        }
        if parts.len() > MOST_PARTS {
            return Err(PlanProblem::TooManyParts);
        }
        if let Some(small) = parts.iter().find(|part| part.dice < LEAST_PART) {
            return Err(PlanProblem::PartTooSmall(small.dice));
        }
        let evades = parts
            .iter()
            .filter(|part| part.action == PlannedAction::Evade)
            .count();
        if evades > 1 {
            return Err(PlanProblem::EvadeTwice);
        }
        let total = parts.iter().map(|part| part.dice).sum::<u32>();
        if total != budget {
            return Err(PlanProblem::WrongTotal { total, budget });
        }
        let mut plan = Self::SPENT;
        for (slot, part) in plan.parts.iter_mut().zip(parts) {
            *slot = Some(*part);
        }
        Ok(plan)
    }

    /// The parts still to be rolled, in order.
    pub fn parts(&self) -> impl Iterator<Item = PlanPart> + '_ {
        self.parts.iter().flatten().copied()
    }

    /// The dice of the next part kept for `action`, if any is left.
    pub fn peek(&self, action: PlannedAction) -> Option<u32> {
        self.parts()
            .find(|part| part.action == action)
            .map(|part| part.dice)
    }

    /// Roll the next part kept for `action`: its dice, and the part is gone.
    pub fn take(&mut self, action: PlannedAction) -> Option<u32> {
        let slot = self
            .parts
            .iter_mut()
            .find(|slot| slot.is_some_and(|part| part.action == action))?;
        slot.take().map(|part| part.dice)
    }

    /// How many parts kept for `action` are left.
    pub fn count(&self, action: PlannedAction) -> u32 {
        let count = self.parts().filter(|part| part.action == action).count();
        u32::try_from(count).unwrap_or(u32::MAX)
    }

    /// Whether a part for the unit's own turn (an attack, evading) is left.
    pub fn own_turn_left(&self) -> bool {
        self.parts().any(|part| part.action.on_own_turn())
    }

    /// The dice of every part left.
    pub fn dice_left(&self) -> u32 {
        self.parts().map(|part| part.dice).sum()
    }
}

/// The pools a unit plans its dice from: each action's (its weapon in hand's to attack, its
/// Dodge to dodge, what it fights with to defend with a weapon, its evade roll's to evade), and
/// whether the weapon in hand is committed (it takes the whole budget).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PlanPools {
    pub attack: u32,
    pub dodge: u32,
    pub weapon_defence: u32,
    /// `None` where the rulebook has no evading.
    pub evade: Option<u32>,
    pub committed: bool,
}

impl PlanPools {
    /// The pool of an action of this kind.
    pub fn of(&self, action: PlannedAction) -> u32 {
        match action {
            PlannedAction::Attack => self.attack,
            PlannedAction::Dodge => self.dodge,
            PlannedAction::WeaponDefence => self.weapon_defence,
            PlannedAction::Evade => self.evade.unwrap_or(0),
        }
    }

    /// The budget of a plan with these parts: the smallest pool of the actions it names.
    pub fn budget(&self, parts: &[PlanPart]) -> u32 {
        DicePlan::budget(parts.iter().map(|part| self.of(part.action)))
    }

    /// The budget of a defence of this kind with an attack kept for the unit's turn.
    pub fn keeping_budget(&self, defence: PlannedAction) -> u32 {
        self.of(defence).min(self.attack)
    }

    /// The parts of a defender's plan that keeps `keep` dice of that budget for its attack and
    /// the rest for the defence; `None` where the budget has fewer (the parts' sizes are checked
    /// when the plan is made).
    pub fn keeping(&self, defence: PlannedAction, keep: u32) -> Option<Vec<PlanPart>> {
        let defending = self.keeping_budget(defence).checked_sub(keep)?;
        Some(vec![
            PlanPart::new(defence, defending),
            PlanPart::new(PlannedAction::Attack, keep),
        ])
    }
}

/// "attack 4 · dodge 3": the parts of a plan in words, with the rulebook's word for a defence
/// with the weapon.
pub fn parts_words(parts: &[PlanPart], weapon_defence: &'static str) -> String {
    parts
        .iter()
        .map(|part| format!("{} {}", part.action.words(weapon_defence), part.dice))
        .collect::<Vec<_>>()
        .join(" · ")
}

impl DicePlan {
    /// "attack 4 · dodge 3", or "no dice left".
    pub fn words(&self, weapon_defence: &'static str) -> String {
        let parts: Vec<PlanPart> = self.parts().collect();
        if parts.is_empty() {
            "no dice left".to_string()
        } else {
            parts_words(&parts, weapon_defence)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::PlannedAction::{Attack, Dodge, Evade};
    use super::*;

    fn parts(list: &[(PlannedAction, u32)]) -> Vec<PlanPart> {
        list.iter()
            .map(|(action, dice)| PlanPart::new(*action, *dice))
            .collect()
    }

    #[test]
    fn the_budget_is_the_smallest_pool_planned() {
        // Mara: handgun 7 and dodge 7; Tomas: sword 8 and dodge 5 (SPECS.md 2.4).
        assert_eq!(DicePlan::budget([7, 7]), 7);
        assert_eq!(DicePlan::budget([8, 5]), 5);
        assert_eq!(DicePlan::budget([]), 0);
    }

    #[test]
    fn the_worked_splits_of_level_b2() {
        // Mara's shoot + dodge from a budget of 7: 4 + 3.
        let mara = DicePlan::split(&parts(&[(Attack, 4), (Dodge, 3)]), 7).expect("a split of 7");
        assert_eq!(mara.words("clash"), "attack 4 · dodge 3");
        assert_eq!(mara.dice_left(), 7);
        // Tomas's budget of 5 splits in two but not in three.
        assert!(DicePlan::split(&parts(&[(Attack, 3), (Dodge, 2)]), 5).is_ok());
        assert_eq!(
            DicePlan::split(&parts(&[(Attack, 2), (Dodge, 2), (Evade, 1)]), 5),
            Err(PlanProblem::PartTooSmall(1))
        );
    }

    #[test]
    fn splits_the_rulebook_refuses() {
        let table: [(&[(PlannedAction, u32)], u32, PlanProblem); 6] = [
            (
                &[(Attack, 2), (Dodge, 1)],
                3,
                PlanProblem::TooSmallToSplit(3),
            ),
            (&[(Attack, 6)], 6, PlanProblem::OnePart),
            (
                &[(Attack, 4), (Dodge, 3)],
                8,
                PlanProblem::WrongTotal {
                    total: 7,
                    budget: 8,
                },
            ),
            (&[(Attack, 5), (Dodge, 1)], 6, PlanProblem::PartTooSmall(1)),
            (&[(Evade, 2), (Evade, 2)], 4, PlanProblem::EvadeTwice),
            (&[(Dodge, 2); 9], 18, PlanProblem::TooManyParts),
        ];
        for (list, budget, problem) in table {
            assert_eq!(
                DicePlan::split(&parts(list), budget),
                Err(problem),
                "{list:?}"
            );
        }
        assert!(DicePlan::splits(4));
        assert!(!DicePlan::splits(3));
    }

    #[test]
    fn parts_are_rolled_in_the_order_planned_until_none_is_left() {
        let mut plan = DicePlan::split(&parts(&[(Dodge, 2), (Attack, 3), (Dodge, 3)]), 8)
            .expect("a split of 8");
        assert_eq!(plan.peek(Dodge), Some(2));
        assert_eq!(plan.count(Dodge), 2);
        assert!(plan.own_turn_left());
        assert_eq!(plan.take(Attack), Some(3));
        assert!(!plan.own_turn_left());
        assert_eq!(plan.take(Attack), None);
        assert_eq!(plan.take(Dodge), Some(2));
        assert_eq!(plan.take(Dodge), Some(3));
        assert_eq!(plan, DicePlan::SPENT);
        assert_eq!(plan.dice_left(), 0);
        assert_eq!(plan.words("clash"), "no dice left");
    }
}
