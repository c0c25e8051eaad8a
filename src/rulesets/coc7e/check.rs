//! CoC's core roll behind the seam: a demand's steps of difficulty and bonus and penalty dice,
//! the percentile roll judged by success levels, its exact odds, and how a demand reads.

use crate::rules::dice::Dice;
use crate::rules::firearms::{extreme_hit, malfunctions, raised};
use crate::rules::level_rolls;
use crate::rules::melee::{Defence, ExchangeOdds, SideOdds, exchange_odds as level_exchange_odds};
use crate::rules::modifiers::{Modifier, extra_dice, modifier_words, without_steps};
use crate::rules::odds::LevelOdds;
use crate::rules::percentile::{Difficulty, SkillCheck, SuccessLevel, fumbles_from};
use crate::rules::roll::{Checked, Demand, RollPurpose, Verdict};
use crate::rules::vocabulary::DemandWords;
use crate::words::capitalised;

/// The difficulty the steps among some modifiers set, up from Regular; `None` once they pass
/// Critical (no roll can succeed).
pub fn difficulty_of(modifiers: &[Modifier]) -> Option<Difficulty> {
    let steps: i32 = modifiers
        .iter()
        .map(|modifier| i32::from(modifier.difficulty_steps()))
        .sum();
    raised(Difficulty::Regular, u32::try_from(steps).unwrap_or(0))
}

/// Roll a demand: its difficulty from its steps, its dice from its bonus and penalty dice. A
/// demand past Critical is rolled at Critical and cannot succeed.
pub(super) fn check(dice: &mut Dice, purpose: RollPurpose, demand: &Demand) -> Checked {
    let difficulty = difficulty_of(&demand.modifiers);
    let mut check = SkillCheck::roll(
        dice,
        demand.value,
        difficulty.unwrap_or(Difficulty::Critical),
        extra_dice(&demand.modifiers),
    );
    check.success &= difficulty.is_some();
    if demand.awkward
        && check.roll.value >= fumbles_from(check.difficulty.target(demand.value), true)
    {
        check.level = SuccessLevel::Fumble;
        check.success = false;
    }
    let verdict = Verdict {
        value: check.roll.value,
        level: if !check.success && check.level > SuccessLevel::Failure {
            SuccessLevel::Failure
        } else {
            check.level
        },
        success: check.success,
        special: check.success && extreme_hit(check.level, check.difficulty),
        malfunction: malfunctions(check.roll.value, demand.malfunction),
        matched: false,
        net: i32::from(check.success),
    };
    Checked {
        record: level_rolls::record(purpose, &check, demand.modifiers.clone()),
        verdict,
    }
}

/// Every face of every die counted for a demand.
fn level_odds(demand: &Demand) -> (LevelOdds, Difficulty) {
    let difficulty = difficulty_of(&demand.modifiers).unwrap_or(Difficulty::Critical);
    // An awkward weapon's further fumbles are no successes either.
    let no_success_from = demand
        .malfunction
        .unwrap_or(u32::MAX)
        .min(if demand.awkward {
            fumbles_from(difficulty.target(demand.value), true)
        } else {
            u32::MAX
        });
    let odds = LevelOdds::count_below(
        demand.value,
        difficulty,
        extra_dice(&demand.modifiers).net(),
        no_success_from,
    );
    (odds, difficulty)
}

/// The exact chance a demand succeeds (a malfunction is no success).
pub(super) fn chance(demand: &Demand) -> f64 {
    if difficulty_of(&demand.modifiers).is_none() {
        return 0.0;
    }
    level_odds(demand).0.success_probability()
}

/// "Hard", with the dice modifiers apart: "+1 point-blank, −1 half cover".
pub(super) fn demand_words(demand: &Demand) -> DemandWords {
    let head = match difficulty_of(&demand.modifiers) {
        Some(difficulty) => capitalised(difficulty.name()),
        None => "Cannot succeed".to_string(),
    };
    DemandWords {
        head,
        modifiers: modifier_words(&without_steps(&demand.modifiers)),
    }
}

/// One side of an exchange: its levels as they count at its difficulty.
fn side_odds(demand: &Demand) -> SideOdds {
    let (odds, difficulty) = level_odds(demand);
    SideOdds {
        counts: odds.effective_counts(difficulty),
        total: odds.total,
        skill: demand.value,
    }
}

/// The exact odds of each outcome of a melee exchange.
pub(super) fn exchange_odds(
    defence: Defence,
    attacker: &Demand,
    defender: Option<&Demand>,
) -> ExchangeOdds {
    level_exchange_odds(defence, side_odds(attacker), defender.map(side_odds))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Skill 99: plain, only 100 fumbles (99 in 100 succeed); with the chainsaw 99 fumbles too
    /// (98 in 100), and a rolled 99 is a fumble.
    #[test]
    fn an_awkward_weapon_fumbles_from_99_at_skill_99() {
        let plain = Demand::new(99, Vec::new());
        let awkward = plain.clone().awkward(true);
        assert!((chance(&plain) - 0.99).abs() < 1e-12);
        assert!((chance(&awkward) - 0.98).abs() < 1e-12);
        let mut dice = Dice::from_seed(1);
        dice.load([9, 9]);
        let checked = check(&mut dice, RollPurpose::Skill("Chainsaw".into()), &awkward);
        assert_eq!(checked.verdict.value, 99);
        assert_eq!(checked.verdict.level, SuccessLevel::Fumble);
        assert!(!checked.verdict.success);
    }
}
