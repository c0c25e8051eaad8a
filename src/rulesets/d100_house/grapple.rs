//! The d100 house sheet's grapples (SPECS.md 4.1, hand to hand): opposed Struggle at a minimum
//! of 20, won by the better class and then the higher roll; what a holder may do (hurt for 5,
//! or 8 armed, choke by the air for a round per 6 of Body or by the blood on 3 rolls running,
//! disarm, take a human shield, execute); and the other side's way out.

use super::check::window;
use crate::rules::class_rolls::{self, RollClass, class_of, judge, verdict_of};
use crate::rules::grapple::{GrappleContest, ManeuverGoal};
use crate::rules::modifiers::{Effect, Modifier};
use crate::rules::roll::{Demand, Verdict};
use crate::rulesets::d100_house::reasons;

/// The sheet's grapple terms.
pub const CONTEST: GrappleContest = GrappleContest {
    skill: "Struggle",
    minimum: 20,
    injury: (5, 8),
    blood_choke: 3,
    forced_release: 25,
    sharp_disarm: 3,
    at_the_held: Modifier {
        reason: reasons::AT_THE_HELD,
        effect: Effect::Add(10),
    },
    let_go: "Initiative",
    execution_firearm: "Firearms",
};

/// What a unit holding no one may try (a grapple, breaking free, a disarm, a throw), and what a
/// holder may do with the unit it holds.
pub fn goals(holding: bool) -> &'static [ManeuverGoal] {
    if holding {
        &[
            ManeuverGoal::Injure,
            ManeuverGoal::Strangle,
            ManeuverGoal::BloodChoke,
            ManeuverGoal::Disarm,
            ManeuverGoal::HumanShield,
            ManeuverGoal::Execute,
        ]
    } else {
        &[
            ManeuverGoal::Hold,
            ManeuverGoal::BreakHold,
            ManeuverGoal::Disarm,
            ManeuverGoal::KnockProne,
        ]
    }
}

/// The sheet's names for what its grapples do.
pub fn label(goal: ManeuverGoal) -> Option<&'static str> {
    Some(match goal {
        ManeuverGoal::Hold => "Grapple",
        ManeuverGoal::KnockProne => "Throw",
        ManeuverGoal::Injure => "Hurt (5, armed 8)",
        ManeuverGoal::Strangle => "Choke (air)",
        _ => return None,
    })
}

/// How a roll ranks in an opposed roll: a failure nothing, then a success, a matched success
/// and a critical.
fn rank(verdict: &Verdict) -> u8 {
    match class_of(verdict) {
        RollClass::Critical => 3,
        RollClass::MatchedSuccess => 2,
        RollClass::Success => 1,
        RollClass::Failure | RollClass::MatchedFailure | RollClass::Fumble => 0,
    }
}

/// Whether the side that acted won an opposed roll: a lone success wins; both succeeding, the
/// better class, then the higher roll; [house] a tie, and two failures, leave things as they
/// were (the side that acted has not won).
pub fn opposed_won(active: &Verdict, passive: &Verdict) -> bool {
    let (own, other) = (rank(active), rank(passive));
    own > 0 && (own > other || own == other && active.value > passive.value)
}

/// The exact chance the side that acted wins: every pair of faces, each judged as its own demand
/// judges it.
pub fn opposed_chance(active: &Demand, passive: &Demand) -> f64 {
    let judged = |demand: &Demand| -> Vec<Verdict> {
        let chance = class_rolls::chance(demand.value, &demand.modifiers);
        class_rolls::FACES
            .map(|face| verdict_of(face, judge(face, chance, window(demand)), false))
            .collect()
    };
    let (own, other) = (judged(active), judged(passive));
    let won = own
        .iter()
        .map(|mine| {
            other
                .iter()
                .filter(|theirs| opposed_won(mine, theirs))
                .count()
        })
        .sum::<usize>();
    won as f64 / (own.len() * other.len()) as f64
}

/// [house] Holding its breath for as many seconds as its Body: a round of 6 seconds for each 6
/// of Body, and a part of one.
pub fn air_choke_rounds(body: u32) -> u32 {
    body.div_ceil(6)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn roll(value: u32, class: RollClass) -> Verdict {
        verdict_of(value, class, false)
    }

    /// A lone success wins; both succeeding, critical beats matched beats plain, and between
    /// two plain successes the higher roll; ties and two failures do not move anything.
    #[test]
    fn the_opposed_table() {
        use RollClass::*;
        let cases = [
            (roll(35, Success), roll(70, Failure), true),
            (roll(70, Failure), roll(35, Success), false),
            (roll(45, Success), roll(30, Success), true),
            (roll(30, Success), roll(45, Success), false),
            (roll(22, MatchedSuccess), roll(45, Success), true),
            (roll(45, Success), roll(22, MatchedSuccess), false),
            (roll(1, Critical), roll(44, MatchedSuccess), true),
            (roll(44, MatchedSuccess), roll(33, MatchedSuccess), true),
            (roll(40, Success), roll(40, Success), false),
            (roll(80, Failure), roll(90, Failure), false),
            (roll(88, MatchedFailure), roll(100, Fumble), false),
        ];
        for (active, passive, won) in cases {
            assert_eq!(
                opposed_won(&active, &passive),
                won,
                "{} against {}",
                active.value,
                passive.value
            );
        }
    }

    /// Struggle 60 against 45, both from 20: 3,765 of the 10,000 pairs of faces go to the side
    /// that acted (counted face by face below, and by a separate script); against a skill of
    /// nothing, the 42 winning faces lose only to the other's 01: 42 x 99.
    #[test]
    fn the_opposed_chance_counts_every_pair() {
        let at_twenty = |value| Demand {
            minimum: Some(20),
            ..Demand::new(value, Vec::new())
        };
        let brute: usize = (1..=100)
            .flat_map(|a| (1..=100).map(move |b| (a, b)))
            .filter(|&(a, b)| {
                let class =
                    |face: u32, chance: u32| judge(face, chance, window(&at_twenty(chance)));
                opposed_won(
                    &verdict_of(a, class(a, 60), false),
                    &verdict_of(b, class(b, 45), false),
                )
            })
            .count();
        let exact = opposed_chance(&at_twenty(60), &at_twenty(45));
        assert!((exact - brute as f64 / 10_000.0).abs() < 1e-12);
        assert!((exact - 0.3765).abs() < 1e-12, "{exact}");
        let nobody = Demand::new(0, Vec::new());
        let alone = opposed_chance(&at_twenty(60), &nobody);
        assert!((alone - 0.4158).abs() < 1e-12, "{alone}");
    }

    /// Body 50 holds out 9 rounds (54 seconds), 48 just 8, 1 one, 60 ten.
    #[test]
    fn air_holds_a_round_per_six_of_body() {
        for (body, rounds) in [(50, 9), (48, 8), (1, 1), (60, 10), (65, 11)] {
            assert_eq!(air_choke_rounds(body), rounds, "Body {body}");
        }
    }
}
