//! The western's core roll (SPECS.md 3.1, a house rule the text leaves out): a d100 at most
//! 30 + 2 x RM + 10 x M, held between 5 and 95, where RM is the characteristic and the skill
//! bonus and M the sum of the modifier steps (positive helps). A step is kept as its ten
//! percentiles (`Effect::Add`), so the shared chance words say how the chance was reached.

use crate::rules::chance_rolls::{self, Against, judge};
use crate::rules::dice::Dice;
use crate::rules::modifiers::{Effect, Modifier, ModifierReason};
use crate::rules::percentile::{NetDice, PercentileRoll};
use crate::rules::roll::{Checked, Demand, RollPurpose, Verdict};
use crate::rules::vocabulary::DemandWords;

/// The numbers of the core roll, kept together so each is named once.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CoreRoll {
    /// The chance with RM 0 and no steps.
    pub offset: u32,
    /// Percentiles a point of RM is worth.
    pub per_point: u32,
    /// Percentiles a modifier step is worth.
    pub per_step: i32,
    /// The chance never falls below this, nor rises above `highest`.
    pub lowest: u32,
    pub highest: u32,
}

/// SPECS.md 3.1's core roll: 30 + 2 x RM + 10 x M, from 5 to 95.
pub const CORE_ROLL: CoreRoll = CoreRoll {
    offset: 30,
    per_point: 2,
    per_step: 10,
    lowest: 5,
    highest: 95,
};

impl CoreRoll {
    /// What RM alone comes to, before any step: 30 + 2 x RM.
    pub fn base(self, roll_modifier: u32) -> u32 {
        self.offset
            .saturating_add(self.per_point.saturating_mul(roll_modifier))
    }

    /// The chance RM comes to with these modifiers: the base plus every addition, held between
    /// the lowest and the highest.
    pub fn chance(self, roll_modifier: u32, modifiers: &[Modifier]) -> u32 {
        let added: i64 = modifiers
            .iter()
            .map(|modifier| match modifier.effect {
                Effect::Add(points) => i64::from(points),
                Effect::Dice(_) | Effect::Times(_) | Effect::Steps(_) | Effect::Successes(_) => 0,
            })
            .sum();
        self.held(i64::from(self.base(roll_modifier)) + added)
    }

    /// The chance RM comes to with `steps` (positive helps), held between the lowest and the
    /// highest.
    pub fn chance_at_steps(self, roll_modifier: u32, steps: i32) -> u32 {
        self.held(i64::from(self.base(roll_modifier)) + i64::from(steps) * i64::from(self.per_step))
    }

    /// A chance held between the lowest and the highest.
    fn held(self, chance: i64) -> u32 {
        u32::try_from(chance.clamp(i64::from(self.lowest), i64::from(self.highest)))
            .unwrap_or(self.lowest)
    }

    /// A modifier of so many steps (positive helps), in percentiles.
    pub fn step(self, reason: ModifierReason, steps: i32) -> Modifier {
        Modifier {
            reason,
            effect: Effect::Add(steps.saturating_mul(self.per_step)),
        }
    }
}

/// Roll a demand (its value is RM): one d100 at most its chance. There are no specials and no
/// malfunctions.
pub fn check(dice: &mut Dice, purpose: RollPurpose, demand: &Demand) -> Checked {
    let chance = CORE_ROLL.chance(demand.value, &demand.modifiers);
    let roll = PercentileRoll::roll(dice, NetDice::PLAIN);
    let outcome = judge(roll.value, chance, false, None);
    let against = Against {
        skill: CORE_ROLL.base(demand.value),
        chance,
        malfunction: None,
        specials: false,
    };
    let success = outcome.is_success();
    Checked {
        record: chance_rolls::record(purpose, &roll, against, outcome, demand.modifiers.clone()),
        verdict: Verdict::pass_or_fail(roll.value, success, i32::from(success)),
    }
}

/// The exact chance a demand succeeds.
pub fn chance(demand: &Demand) -> f64 {
    f64::from(CORE_ROLL.chance(demand.value, &demand.modifiers)) / 100.0
}

/// "RM 23 · 76 · −20 long range = 56%": the RM, the chance it makes and how the steps moved it.
pub fn demand_words(demand: &Demand) -> DemandWords {
    let chance = CORE_ROLL.chance(demand.value, &demand.modifiers);
    DemandWords {
        head: format!(
            "RM {} · {}%",
            demand.value,
            chance_rolls::chance_words(CORE_ROLL.base(demand.value), chance, &demand.modifiers)
        ),
        modifiers: String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::roll::RollVerdict;

    /// SPECS.md 3.1: RM 0, 8, 23, 26 and 30 come to 30, 46, 76, 82 and 90%.
    #[test]
    fn the_roll_modifier_column() {
        for (roll_modifier, percent) in [(0, 30), (8, 46), (23, 76), (26, 82), (30, 90)] {
            assert_eq!(
                CORE_ROLL.chance(roll_modifier, &[]),
                percent,
                "RM {roll_modifier}"
            );
            let exact = chance(&Demand::new(roll_modifier, Vec::new()));
            assert!((exact - f64::from(percent) / 100.0).abs() < 1e-12);
        }
    }

    /// Steps of ten, either way, and the chance held between 5 and 95 however far they go.
    #[test]
    fn steps_move_the_chance_by_ten_and_it_stays_between_5_and_95() {
        let steps = |count| vec![CORE_ROLL.step(ModifierReason::LongRange, count)];
        let table = [
            (23, -4, 36),
            (23, -6, 16),
            (23, 3, 95),
            (26, -6, 22),
            (0, -3, 5),
            (0, -9, 5),
            (30, 1, 95),
            (13, 4, 95),
            (13, 2, 76),
        ];
        for (roll_modifier, count, percent) in table {
            assert_eq!(
                CORE_ROLL.chance(roll_modifier, &steps(count)),
                percent,
                "RM {roll_modifier}, M {count}"
            );
            assert_eq!(CORE_ROLL.chance_at_steps(roll_modifier, count), percent);
        }
    }

    /// The words say the RM, the base chance, each step and what they came to.
    #[test]
    fn a_demand_reads_as_its_rm_and_its_steps() {
        let long = Demand::new(23, vec![CORE_ROLL.step(ModifierReason::LongRange, -4)]);
        assert_eq!(
            demand_words(&long).head,
            "RM 23 · 76 · −40 long range = 36%"
        );
        assert_eq!(
            demand_words(&Demand::new(23, Vec::new())).head,
            "RM 23 · 76%"
        );
    }

    /// Every roll's verdict agrees with its record, and over many rolls it succeeds as often as
    /// the exact chance says.
    #[test]
    fn rolls_agree_with_their_record_and_their_odds() {
        let demand = Demand::new(23, vec![CORE_ROLL.step(ModifierReason::LongRange, -2)]);
        let mut dice = Dice::from_seed(19);
        let mut hits = 0;
        for _ in 0..10_000 {
            let checked = check(
                &mut dice,
                RollPurpose::Skill("Hand Guns".to_string()),
                &demand,
            );
            let RollVerdict::Chance(recorded) = checked.record.verdict else {
                panic!("the core roll records a chance verdict");
            };
            assert_eq!(recorded.value, checked.verdict.value);
            assert_eq!(recorded.chance, 56);
            assert_eq!(recorded.skill, 76);
            assert_eq!(checked.verdict.success, checked.verdict.value <= 56);
            assert!(!checked.verdict.special && !checked.verdict.malfunction);
            hits += u32::from(checked.verdict.success);
        }
        let rate = f64::from(hits) / 10_000.0;
        assert!((rate - 0.56).abs() < 0.02, "{rate}");
    }
}
