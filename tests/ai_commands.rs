//! Every AI level, the baseline included, gives only commands the battle accepts, in every
//! rulebook: a thousand battles of each rulebook's shipped scenario, every unit under one level
//! (each of the four) or the careful AI against the baseline, and not one command refused.
//! The long run (`--ignored`) plays ten thousand of each. And battles that once stood still at
//! the round limit end.
// Plays the shipped files of every rulebook: built with all five.
#![cfg(all_rulebooks)]

mod shipped;

use gridkeeper::ai::{AiStyles, Style};
use gridkeeper::map::scenario::Scenario;
use gridkeeper::simulation::{Matchup, play_many, play_one};
use shipped::shipped;

/// One shipped scenario of each rulebook.
const RULEBOOKS: [&str; 5] = [
    "cellar.ron",
    "kingsport.ron",
    "level-b2.ron",
    "dry-gulch.ron",
    "spin-cycle.ron",
];

/// The careful AI on the first side, the baseline on the second.
fn second_side_on_the_baseline(scenario: &Scenario) -> AiStyles {
    side_on_the_baseline(scenario, 1)
}

/// The baseline on `side`, the careful AI on the others.
fn side_on_the_baseline(scenario: &Scenario, side: usize) -> AiStyles {
    AiStyles(
        scenario
            .units
            .iter()
            .map(|unit| {
                if unit.side == side {
                    Style::Baseline
                } else {
                    Style::Careful
                }
            })
            .collect(),
    )
}

/// The matchups each rulebook's battles are played in: every unit under one level, and the
/// careful AI against the baseline (sides swapped from one battle to the next).
fn matchups(scenario: &Scenario) -> Vec<(String, Matchup)> {
    let mut matchups: Vec<(String, Matchup)> = [
        Style::Baseline,
        Style::Reckless,
        Style::Careful,
        Style::Ruthless,
    ]
    .into_iter()
    .map(|style| {
        (
            format!("{style:?} everywhere"),
            Matchup::Styles(AiStyles(vec![style; scenario.units.len()])),
        )
    })
    .collect();
    matchups.push((
        "careful against the baseline".to_string(),
        Matchup::AgainstBaseline(Style::Careful),
    ));
    matchups
}

/// Play `battles` of each matchup of each rulebook's scenario, and name every battle with a
/// command refused: its scenario, matchup, seed and how many.
fn refusals(battles: usize) -> Vec<String> {
    let mut refused = Vec::new();
    for file in RULEBOOKS {
        let scenario = shipped(file);
        for (name, matchup) in matchups(&scenario) {
            let results = play_many(&scenario, 1, battles, None, &matchup, &|_| {})
                .unwrap_or_else(|panic| panic!("{file}, {name}: {panic}"));
            assert_eq!(results.len(), battles);
            refused.extend(
                results
                    .iter()
                    .filter(|result| result.refused > 0)
                    .map(|result| {
                        format!(
                            "{file}, {name}, seed {}: {} refused",
                            result.seed, result.refused
                        )
                    }),
            );
        }
    }
    refused
}

#[test]
fn no_ai_level_gives_a_command_the_battle_refuses() {
    let refused = refusals(200);
    assert!(refused.is_empty(), "{refused:#?}");
}

/// The battles where the d10 pool's careful AI asked to evade with no part of its split dice
/// kept for it (an attack before its turn had left it an attack alone), over and over: Level
/// B2 under seed 1348 with the careful AI everywhere, and under 312 and 8308 with the guards
/// on the baseline.
#[test]
fn the_pools_ai_evades_only_with_dice_kept_for_it() {
    let scenario = shipped("level-b2.ron");
    let guards_baseline = second_side_on_the_baseline(&scenario);
    let careful = AiStyles(vec![Style::Careful; scenario.units.len()]);
    for (seed, styles) in [
        (1348, &careful),
        (312, &guards_baseline),
        (8308, &guards_baseline),
    ] {
        let result = play_one(&scenario, seed, None, styles);
        assert_eq!(result.refused, 0, "seed {seed}");
        assert!(result.over, "seed {seed}");
    }
}

/// Noon at Dry Gulch under seed 4707, the law careful and the outlaws on the baseline, once
/// stood still from round 29 to the round limit: the Kid, out of bullets, boxed in by the fallen
/// at (24, 0), and Doc, out of bullets, two tiles off. The western's hands reach 10 feet, so
/// the baseline strikes at that reach, not only from beside its enemy, and the fight ends.
#[test]
fn the_baseline_strikes_as_far_as_its_hands_reach() {
    let scenario = shipped("dry-gulch.ron");
    let outlaws_baseline = second_side_on_the_baseline(&scenario);
    let result = play_one(&scenario, 4707, None, &outlaws_baseline);
    assert!(result.over, "{result:?}");
    assert!(result.rounds < 40, "{result:?}");
}

/// Battles that once stood at the round limit, each now over well before it:
/// - the boathouse under seed 10, the investigators on the baseline: the keeper inside kept
///   stepping to where it reckoned it could shoot Professor Wendell through the wall beside
///   him, which no revolver's bullet gets through (cover that stops every hit is a wall);
/// - the boathouse under seed 5, the lake's people on the baseline: the dead Deep One and the
///   fallen constable sealed the way past the tree, and the professor paced between the two
///   walks round (the fallen are stepped over now);
/// - the boathouse under seed 515, careful everywhere: the keeper inside and the professor
///   outside each stepped nearer the other as the crow flies, either side of the wall (once a
///   fight has stalled only the walk counts);
/// - the boathouse under seed 2427, careful everywhere: the keeper and the professor, shot
///   out, two tiles apart in the lane above the fence with a body between (the walk is to a
///   tile to strike from, round the enemy);
/// - Vespers under seed 33, careful everywhere: the last officer in a corner, three bodies
///   round him;
/// - Spin Cycle under seed 8864, careful everywhere: Mr. Grey took aim at Rico behind a washer
///   every turn and called his shot at the head, which spoils an aim, every next (the d100
///   house sheet gives an aim nothing, so it is not taken).
#[test]
fn fights_once_stalled_end() {
    let boathouse = shipped("tiled/boathouse.ron");
    let vespers = shipped("vespers.ron");
    let spin_cycle = shipped("spin-cycle.ron");
    let everywhere = |scenario: &Scenario| AiStyles(vec![Style::Careful; scenario.units.len()]);
    for (scenario, seed, styles) in [
        (&boathouse, 10, side_on_the_baseline(&boathouse, 0)),
        (&boathouse, 5, side_on_the_baseline(&boathouse, 1)),
        (&boathouse, 515, everywhere(&boathouse)),
        (&boathouse, 2427, everywhere(&boathouse)),
        (&vespers, 33, everywhere(&vespers)),
        (&spin_cycle, 8864, everywhere(&spin_cycle)),
    ] {
        let result = play_one(scenario, seed, None, &styles);
        assert!(
            result.over && result.rounds < 60,
            "{}: {result:?}",
            scenario.name
        );
    }
}

#[test]
#[ignore = "ten thousand battles of each rulebook: the long run"]
fn no_ai_level_gives_a_command_the_battle_refuses_in_the_long_run() {
    let refused = refusals(2_000);
    assert!(refused.is_empty(), "{refused:#?}");
}
