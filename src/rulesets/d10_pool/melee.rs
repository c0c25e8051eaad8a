//! The d10 pool's hand-to-hand exchange: a defence's successes come off the attack's one for
//! one (a botched defence takes nothing off), and the blow lands on a net of one or more. Its
//! exact odds come from counting both pools' nets.

use super::check::Pool;
use crate::rules::melee::{Defence, ExchangeOdds, MeleeOutcome};
use crate::rules::opposed::SideResult;
use crate::rules::roll::Demand;

/// The attack's net once the defence is off it: a defence's botch takes nothing away.
pub fn net_after_defence(attack: i32, defence: Option<i32>) -> i32 {
    attack - defence.unwrap_or(0).max(0)
}

/// What comes of an exchange: the blow lands on a net of one or more after the defence.
pub fn exchange(
    defence: Defence,
    attacker: SideResult,
    defender: Option<SideResult>,
) -> MeleeOutcome {
    let defended = match defence {
        Defence::None => None,
        Defence::Dodge | Defence::FightBack => defender.map(|side| side.net),
    };
    if attacker.net >= 1 && net_after_defence(attacker.net, defended) >= 1 {
        MeleeOutcome::AttackerWins
    } else {
        MeleeOutcome::NoHarm
    }
}

/// The exact odds of an exchange: every net of the attack against every net of the defence.
pub fn exchange_odds(
    defence: Defence,
    attacker: &Demand,
    defender: Option<&Demand>,
) -> ExchangeOdds {
    let attack = Pool::of(attacker).odds();
    let lands = match (defence, defender) {
        (Defence::None, _) | (_, None) => attack.at_least(1),
        (Defence::Dodge | Defence::FightBack, Some(defender)) => {
            let defence = Pool::of(defender).odds();
            let most = i32::try_from(Pool::of(defender).dice).unwrap_or(i32::MAX);
            (-most..=most)
                .map(|taken| {
                    let share = defence.ways(taken) as f64 / defence.outcomes() as f64;
                    share * attack.at_least(1 + taken.max(0))
                })
                .sum()
        }
    };
    ExchangeOdds {
        attacker_wins: lands,
        defender_strikes: 0.0,
        no_harm: 1.0 - lands,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::percentile::SuccessLevel;

    fn side(net: i32) -> SideResult {
        SideResult {
            level: if net >= 1 {
                SuccessLevel::Regular
            } else {
                SuccessLevel::Failure
            },
            skill: 7,
            net,
        }
    }

    /// (attack net, defence net) → lands: 3 − 1 = 2 lands, 2 − 2 does not, a botched dodge
    /// (−1) takes nothing off a net of 1, and a botched attack never lands.
    #[test]
    fn a_defence_takes_its_successes_off_the_attack() {
        let table = [
            ((3, Some(1)), true),
            ((2, Some(2)), false),
            ((1, Some(-1)), true),
            ((1, None), true),
            ((0, None), false),
            ((-1, Some(-2)), false),
        ];
        for ((attack, dodge), lands) in table {
            let outcome = exchange(Defence::Dodge, side(attack), dodge.map(side));
            assert_eq!(
                outcome == MeleeOutcome::AttackerWins,
                lands,
                "{attack} against {dodge:?}"
            );
        }
    }

    /// One die at 6 against one die at 6: the attack nets 1 on 5 faces in 10; the dodge takes it
    /// away on 5 in 10. It lands on 5/10 × 5/10 (the dodge nets nothing or botches).
    #[test]
    fn the_odds_count_both_pools() {
        let one_die = Demand::new(1, Vec::new()).at_difficulty(6);
        let odds = exchange_odds(Defence::Dodge, &one_die, Some(&one_die));
        assert!((odds.attacker_wins - 0.25).abs() < 1e-12, "{odds:?}");
        assert!((odds.no_harm - 0.75).abs() < 1e-12);
        let open = exchange_odds(Defence::None, &one_die, None);
        assert!((open.attacker_wins - 0.5).abs() < 1e-12);
    }
}
