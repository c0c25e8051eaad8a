//! The d10 pool's hand-to-hand exchange: a dodge's successes come off the attack's one for one
//! (a botched dodge takes nothing off), and the blow lands on a net of one or more. A clash
//! (the defence with a weapon of the same ability) rolls the defender's own attack: the side
//! with more successes lands its blow, with its successes less the other's; a tie lands both,
//! net 1 each, unless neither side succeeded (SPECS.md's house rules). The exact odds come from
//! counting both pools' nets.

use super::check::Pool;
use crate::rules::melee::{Defence, ExchangeOdds, MeleeOutcome};
use crate::rules::opposed::SideResult;
use crate::rules::roll::Demand;

/// The attack's net once the defence is off it: a defence's botch takes nothing away.
pub fn net_after_defence(attack: i32, defence: Option<i32>) -> i32 {
    attack - defence.unwrap_or(0).max(0)
}

/// What comes of an exchange: after a dodge the blow lands on a net of one or more; a clash
/// goes to the side with more successes, and lands both on a tie of one or more each.
pub fn exchange(
    defence: Defence,
    attacker: SideResult,
    defender: Option<SideResult>,
) -> MeleeOutcome {
    match (defence, defender) {
        (Defence::FightBack, Some(defender)) => clash(attacker.net, defender.net),
        (Defence::Dodge, Some(defender)) => dodged(attacker.net, Some(defender.net)),
        (Defence::None | Defence::Dodge | Defence::FightBack, _) => dodged(attacker.net, None),
    }
}

/// An attack against a dodge's net (or none).
fn dodged(attack: i32, dodge: Option<i32>) -> MeleeOutcome {
    if attack >= 1 && net_after_defence(attack, dodge) >= 1 {
        MeleeOutcome::AttackerWins
    } else {
        MeleeOutcome::NoHarm
    }
}

/// Two attacks clashing, by their nets (a botch counts as nothing).
fn clash(attack: i32, defence: i32) -> MeleeOutcome {
    let (attack, defence) = (attack.max(0), defence.max(0));
    match attack.cmp(&defence) {
        std::cmp::Ordering::Greater => MeleeOutcome::AttackerWins,
        std::cmp::Ordering::Less => MeleeOutcome::DefenderStrikes,
        std::cmp::Ordering::Equal if attack >= 1 => MeleeOutcome::BothStrike,
        std::cmp::Ordering::Equal => MeleeOutcome::NoHarm,
    }
}

/// The exact odds of an exchange: every net of the attack against every net of the defence.
pub fn exchange_odds(
    defence: Defence,
    attacker: &Demand,
    defender: Option<&Demand>,
) -> ExchangeOdds {
    let attacking = Pool::of(attacker);
    let attack = attacking.odds();
    let attack_dice = i32::try_from(attacking.dice).unwrap_or(i32::MAX);
    // What the target's evading takes off the net (a botch keeps its own net: none is taken).
    let after_evading = |net: i32| {
        if net > 0 {
            (net + attacking.net_shift).max(0)
        } else {
            net
        }
    };
    let mut odds = ExchangeOdds::default();
    let Some(defender) = defender.filter(|_| defence != Defence::None) else {
        odds.attacker_wins = attack.at_least(1 - attacking.net_shift);
        odds.no_harm = 1.0 - odds.attacker_wins;
        return odds;
    };
    let defending = Pool::of(defender);
    let defending_odds = defending.odds();
    let defence_dice = i32::try_from(defending.dice).unwrap_or(i32::MAX);
    for attack_net in -attack_dice..=attack_dice {
        for defence_net in -defence_dice..=defence_dice {
            let weight = attack.chance(attack_net) * defending_odds.chance(defence_net);
            let attack_net = after_evading(attack_net);
            let outcome = match defence {
                Defence::FightBack => clash(attack_net, defence_net),
                Defence::Dodge | Defence::None => dodged(attack_net, Some(defence_net)),
            };
            match outcome {
                MeleeOutcome::AttackerWins => odds.attacker_wins += weight,
                MeleeOutcome::DefenderStrikes => odds.defender_strikes += weight,
                MeleeOutcome::NoHarm => odds.no_harm += weight,
                MeleeOutcome::BothStrike => odds.both_strike += weight,
            }
        }
    }
    odds
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::modifiers::{Effect, Modifier};
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

    /// (attack net, clash net) → the outcome: more successes land, a tie of one or more lands
    /// both, a tie at nothing lands neither, and a botch counts as nothing.
    #[test]
    fn a_clash_goes_to_the_side_with_more_successes() {
        let table = [
            ((3, 1), MeleeOutcome::AttackerWins),
            ((1, 2), MeleeOutcome::DefenderStrikes),
            ((2, 2), MeleeOutcome::BothStrike),
            ((0, 0), MeleeOutcome::NoHarm),
            ((-1, 0), MeleeOutcome::NoHarm),
            ((-2, 1), MeleeOutcome::DefenderStrikes),
        ];
        for ((attack, defence), outcome) in table {
            assert_eq!(
                exchange(Defence::FightBack, side(attack), Some(side(defence))),
                outcome,
                "{attack} against {defence}"
            );
        }
    }

    /// One die at 6 against one die at 6: the attack nets 1 on 5 faces in 10; the dodge takes it
    /// away on 5 in 10. It lands on 5/10 × 5/10 (the dodge nets nothing or botches). Clashing,
    /// each side nets 1 on half its faces and nothing on the rest: a quarter each way, a quarter
    /// both, a quarter neither.
    #[test]
    fn the_odds_count_both_pools() {
        let one_die = Demand::new(1, Vec::new()).at_difficulty(6);
        let odds = exchange_odds(Defence::Dodge, &one_die, Some(&one_die));
        assert!((odds.attacker_wins - 0.25).abs() < 1e-12, "{odds:?}");
        assert!((odds.no_harm - 0.75).abs() < 1e-12);
        let open = exchange_odds(Defence::None, &one_die, None);
        assert!((open.attacker_wins - 0.5).abs() < 1e-12);
        // Evading 1 takes off a one-die attack's only success: nothing lands.
        let evaded = Demand::new(
            1,
            vec![Modifier {
                reason: crate::rulesets::d10_pool::reasons::EVADING,
                effect: Effect::Successes(-1),
            }],
        )
        .at_difficulty(6);
        let open = exchange_odds(Defence::None, &evaded, None);
        assert!(open.attacker_wins.abs() < 1e-12, "{open:?}");
        let clash = exchange_odds(Defence::FightBack, &one_die, Some(&one_die));
        for chance in [
            clash.attacker_wins,
            clash.defender_strikes,
            clash.both_strike,
            clash.no_harm,
        ] {
            assert!((chance - 0.25).abs() < 1e-12, "{clash:?}");
        }
    }
}
