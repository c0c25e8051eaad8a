//! BRP's core roll behind the seam: a d100 at most the chance a demand comes to, with impales
//! for impaling weapons and malfunctions, its exact odds, how a demand reads, and what a melee
//! exchange comes to when a parry or a dodge simply stops a blow that hits.

use super::chance::chance as chance_of;
use crate::rules::chance_rolls::{self, Against, judge};
use crate::rules::dice::Dice;
use crate::rules::melee::{Defence, ExchangeOdds, MeleeOutcome};
use crate::rules::opposed::SideResult;
use crate::rules::percentile::{NetDice, PercentileRoll, SuccessLevel};
use crate::rules::roll::{ChanceOutcome, Checked, Demand, RollPurpose, Verdict};
use crate::rules::vocabulary::DemandWords;

/// Where a chance roll stands on the shared ladder: a special (an impale) is the best there is,
/// a malfunction a failure (the battle reads it apart).
fn level_of(outcome: ChanceOutcome) -> SuccessLevel {
    match outcome {
        ChanceOutcome::Special => SuccessLevel::Extreme,
        ChanceOutcome::Success => SuccessLevel::Regular,
        ChanceOutcome::Failure | ChanceOutcome::Malfunction => SuccessLevel::Failure,
    }
}

/// Roll a demand: one d100 against the chance its modifiers make of its value.
pub(super) fn check(dice: &mut Dice, purpose: RollPurpose, demand: &Demand) -> Checked {
    let chance = chance_of(demand.value, &demand.modifiers);
    let roll = PercentileRoll::roll(dice, NetDice::PLAIN);
    let outcome = judge(roll.value, chance, demand.impaling, demand.malfunction);
    let against = Against {
        skill: demand.value,
        chance,
        malfunction: demand.malfunction,
        specials: demand.impaling,
    };
    Checked {
        record: chance_rolls::record(purpose, &roll, against, outcome, demand.modifiers.clone()),
        verdict: Verdict {
            value: roll.value,
            level: level_of(outcome),
            success: outcome.is_success(),
            special: outcome == ChanceOutcome::Special,
            malfunction: outcome == ChanceOutcome::Malfunction,
            matched: false,
            net: i32::from(outcome.is_success()),
        },
    }
}

/// The exact chance a demand succeeds: the rolls from 1 to its chance (never 100), less those
/// at or above a malfunction number.
pub(super) fn chance(demand: &Demand) -> f64 {
    let highest = chance_of(demand.value, &demand.modifiers).min(99);
    let working = demand
        .malfunction
        .map_or(highest, |number| highest.min(number.saturating_sub(1)));
    f64::from(working) / 100.0
}

/// "45 · ×2 point-blank = 90": the chance and how it was reached; nothing is left apart.
pub(super) fn demand_words(demand: &Demand) -> DemandWords {
    let chance = chance_of(demand.value, &demand.modifiers);
    DemandWords {
        head: chance_rolls::chance_words(demand.value, chance, &demand.modifiers),
        modifiers: String::new(),
    }
}

/// A blow that hits lands unless the defence (a parry, a dodge) succeeds; a defender never
/// strikes back by defending.
pub(super) fn exchange(
    defence: Defence,
    attacker: SideResult,
    defender: Option<SideResult>,
) -> MeleeOutcome {
    let defended = defence != Defence::None
        && defender.is_some_and(|side| side.level >= SuccessLevel::Regular);
    if attacker.level >= SuccessLevel::Regular && !defended {
        MeleeOutcome::AttackerWins
    } else {
        MeleeOutcome::NoHarm
    }
}

/// The exact odds of an exchange: the blow's chance times the chance the defence fails.
pub(super) fn exchange_odds(
    defence: Defence,
    attacker: &Demand,
    defender: Option<&Demand>,
) -> ExchangeOdds {
    let defended = match (defence, defender) {
        (Defence::None, _) | (_, None) => 0.0,
        (_, Some(demand)) => chance(demand),
    };
    let attacker_wins = chance(attacker) * (1.0 - defended);
    ExchangeOdds {
        attacker_wins,
        defender_strikes: 0.0,
        no_harm: 1.0 - attacker_wins,
        both_strike: 0.0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::modifiers::{Effect, Modifier, ModifierReason};
    use crate::rules::roll::RollVerdict;
    use crate::rulesets::brp_classic::reasons;

    fn times(reason: ModifierReason, factor: [u32; 2]) -> Modifier {
        Modifier {
            reason,
            effect: Effect::Times(factor),
        }
    }

    /// SPECS.md 1.4: Harvey (Handgun 55) at Ezra's door, 17 yards with a 15-yard base range, is
    /// at the second multiple: 27%; within point-blank, twice 55 caps at 99 (100 always fails);
    /// the Thompson's malfunction at 96 leaves 95 rolls that hit.
    #[test]
    fn exact_chances() {
        let door = Demand::new(55, vec![times(reasons::EXTENDED_RANGE, [1, 2])]);
        assert!((chance(&door) - 0.27).abs() < 1e-12);
        let close = Demand::new(55, vec![times(ModifierReason::PointBlank, [2, 1])]);
        assert!((chance(&close) - 0.99).abs() < 1e-12);
        let thompson = Demand::new(60, vec![times(ModifierReason::PointBlank, [2, 1])])
            .with_weapon(Some(96), true);
        assert!((chance(&thompson) - 0.95).abs() < 1e-12);
        assert_eq!(
            demand_words(&door).head,
            "55 · ×1/2 extended range = 27",
            "the chance and how it was reached"
        );
    }

    /// Every roll's verdict agrees with its record, impales come only with impaling weapons and
    /// within a fifth of the chance, malfunctions at or above the number; over many seeds the
    /// rolls hit as often as the exact chance says.
    #[test]
    fn rolls_agree_with_their_record_and_their_odds() {
        let knife = Demand::new(50, Vec::new()).with_weapon(None, true);
        let club = Demand::new(50, Vec::new());
        let automatic = Demand::new(90, Vec::new()).with_weapon(Some(99), true);
        for demand in [&knife, &club, &automatic] {
            let mut dice = Dice::from_seed(7);
            let mut hits = 0;
            for _ in 0..10_000 {
                let checked = check(&mut dice, RollPurpose::Skill("Knife".to_string()), demand);
                let RollVerdict::Chance(recorded) = checked.record.verdict else {
                    panic!("a chance roll records a chance verdict");
                };
                let verdict = checked.verdict;
                assert_eq!(recorded.value, verdict.value);
                assert_eq!(checked.record.success, verdict.success);
                let within = verdict.value <= demand.value.min(99);
                let broke = demand
                    .malfunction
                    .is_some_and(|number| verdict.value >= number);
                assert_eq!(verdict.malfunction, broke);
                assert_eq!(verdict.success, within && !broke);
                assert_eq!(
                    verdict.special,
                    demand.impaling && verdict.success && verdict.value <= demand.value / 5
                );
                hits += u32::from(verdict.success);
            }
            let rate = f64::from(hits) / 10_000.0;
            assert!(
                (rate - chance(demand)).abs() < 0.02,
                "{rate} against {}",
                chance(demand)
            );
        }
    }

    /// A parry or a dodge that succeeds stops a blow that hits; the defender never strikes back.
    #[test]
    fn a_successful_defence_stops_the_blow() {
        let side = |level| SideResult::of_level(level, 50);
        let hit = side(SuccessLevel::Regular);
        let miss = side(SuccessLevel::Failure);
        assert_eq!(
            exchange(Defence::Dodge, hit, Some(hit)),
            MeleeOutcome::NoHarm
        );
        assert_eq!(
            exchange(Defence::FightBack, hit, Some(miss)),
            MeleeOutcome::AttackerWins
        );
        assert_eq!(
            exchange(Defence::Dodge, miss, Some(miss)),
            MeleeOutcome::NoHarm
        );
        assert_eq!(
            exchange(Defence::None, hit, None),
            MeleeOutcome::AttackerWins
        );
        let odds = exchange_odds(
            Defence::Dodge,
            &Demand::new(50, Vec::new()),
            Some(&Demand::new(40, Vec::new())),
        );
        assert!((odds.attacker_wins - 0.3).abs() < 1e-12);
        assert!((odds.no_harm - 0.7).abs() < 1e-12);
        assert_eq!(odds.defender_strikes, 0.0);
    }
}
