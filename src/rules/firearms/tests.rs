//! Automatic fire, bursts, volleys and their hits, with the worked examples of the rulebooks'
//! texts.

use super::*;
use Difficulty::{Critical, Extreme, Hard, Regular};
use SuccessLevel as Level;

#[test]
fn extreme_hits_and_the_very_long_range_rule() {
    let cases = [
        (Level::Extreme, Regular, true),
        (Level::Critical, Regular, true),
        (Level::Hard, Regular, false),
        (Level::Extreme, Hard, true),
        // Very long range: only a 01 impales.
        (Level::Extreme, Extreme, false),
        (Level::Critical, Extreme, true),
        // Pushed past Extreme by automatic fire: a 01 is just a hit.
        (Level::Critical, Critical, false),
    ];
    for (level, difficulty, extreme) in cases {
        assert_eq!(
            extreme_hit(level, difficulty),
            extreme,
            "{level} at {difficulty}"
        );
    }
}

#[test]
fn a_roll_at_or_above_the_malfunction_number_does_not_fire() {
    assert!(
        !malfunctions(87, Some(88)),
        "Col. Moran's air rifle: 87 fires"
    );
    assert!(malfunctions(88, Some(88)));
    assert!(malfunctions(99, Some(88)));
    assert!(!malfunctions(99, Some(100)), "a .38 revolver only at 100");
    assert!(malfunctions(100, Some(100)));
    assert!(!malfunctions(100, None), "a knife never malfunctions");
}

#[test]
fn multiple_shots_take_a_penalty_die_past_the_uses_per_round() {
    let revolver = UsesPerRound {
        attacks: 1,
        max: Some(3),
        every: 1,
        burst: None,
        full_auto: false,
    };
    assert!(!multiple_shots_penalty(1, &revolver));
    assert!(multiple_shots_penalty(2, &revolver));
    assert!(multiple_shots_penalty(3, &revolver));
    let semi_automatic_shotgun = UsesPerRound {
        attacks: 2,
        max: None,
        ..revolver
    };
    assert!(!multiple_shots_penalty(2, &semi_automatic_shotgun));
}

#[test]
fn target_size_by_build() {
    let cases = [(-3, -1), (-2, -1), (-1, 0), (0, 0), (3, 0), (4, 1), (6, 1)];
    for (build, dice) in cases {
        assert_eq!(size_dice(build), dice, "Build {build}");
    }
}

#[test]
fn volleys_are_the_tens_digit_and_at_least_three() {
    let cases = [
        (63, 6),
        (47, 4),
        (29, 3),
        (9, 3),
        (30, 3),
        (90, 9),
        (105, 10),
    ];
    for (skill, size) in cases {
        assert_eq!(volley_size(skill), size, "skill {skill}");
    }
}

/// The worked example of the rulebook: skill 63 fires volleys of 6; the four rolls of 24
/// bullets at one target take 0, 1, 2 penalty dice, then 2 and Hard.
#[test]
fn the_worked_example_of_full_auto_at_one_target() {
    let size = volley_size(63);
    let planned = volleys(size, &[24]);
    assert_eq!(
        planned
            .iter()
            .map(|volley| (volley.bullets, volley.roll))
            .collect::<Vec<_>>(),
        [(6, 0), (6, 1), (6, 2), (6, 3)]
    );
    let dice: Vec<(i8, Option<Difficulty>)> = planned
        .iter()
        .map(|volley| {
            let steps = following_volley_steps(0, volley.roll);
            let net = following_volley_dice(volley.roll).max(-2);
            (net, raised(Regular, steps))
        })
        .collect();
    assert_eq!(
        dice,
        [
            (0, Some(Regular)),
            (-1, Some(Regular)),
            (-2, Some(Regular)),
            (-2, Some(Hard)),
        ]
    );
    // Further volleys keep stepping up: Extreme, Critical, then no hit is possible.
    assert_eq!(raised(Regular, following_volley_steps(0, 4)), Some(Extreme));
    assert_eq!(
        raised(Regular, following_volley_steps(0, 5)),
        Some(Critical)
    );
    assert_eq!(raised(Regular, following_volley_steps(0, 6)), None);
}

/// The same shooter fires 12 bullets, 4 at each of three targets: three partial volleys
/// of 4, with 0, 1 and 2 penalty dice.
#[test]
fn the_worked_example_split_over_three_targets() {
    let planned = volleys(volley_size(63), &[4, 4, 4]);
    assert_eq!(
        planned,
        [
            Volley {
                target: 0,
                bullets: 4,
                roll: 0
            },
            Volley {
                target: 1,
                bullets: 4,
                roll: 1
            },
            Volley {
                target: 2,
                bullets: 4,
                roll: 2
            },
        ]
    );
    let penalties: Vec<i8> = planned
        .iter()
        .map(|volley| following_volley_dice(volley.roll))
        .collect();
    assert_eq!(penalties, [0, -1, -2]);
    assert!(
        planned
            .iter()
            .all(|volley| following_volley_steps(0, volley.roll) == 0)
    );
    // A new target starts a new volley even when the last one was not full.
    assert_eq!(
        volleys(6, &[8, 3])
            .iter()
            .map(|volley| volley.bullets)
            .collect::<Vec<_>>(),
        [6, 2, 3]
    );
}

/// Aiming's bonus die is on every volley of the pull; the following-volley dice cancel it
/// first, and only the volley dice past two penalty dice become difficulty.
#[test]
fn volley_dice_combine_with_other_modifiers() {
    // (other modifiers' net dice, roll, steps)
    let cases = [
        (1, 0, 0),  // aiming: +1
        (1, 1, 0),  // aiming and the second volley cancel
        (1, 3, 0),  // +1 - 3 = -2
        (1, 4, 1),  // +1 - 4 = -3: two penalty dice and Hard
        (-1, 1, 0), // half cover and the second volley: -2
        (-1, 2, 1), // -3: two dice and Hard
        (-2, 1, 1),
        (-3, 0, 0), // three penalty dice from modifiers alone: capped, no step
        (-3, 1, 1), // already at the cap: the volley die is a step
        (2, 5, 1),
    ];
    for (others, roll, steps) in cases {
        assert_eq!(
            following_volley_steps(others, roll),
            steps,
            "others {others}, roll {roll}"
        );
    }
}

#[test]
fn hits_from_a_volley() {
    let cases = [
        (6, false, false, 0, 0),
        (6, true, false, 3, 0),
        (6, true, true, 6, 3),
        (3, true, false, 1, 0),
        (3, true, true, 3, 1),
        (2, true, false, 1, 0),
        (1, true, false, 1, 0),
        (1, true, true, 1, 1),
        (5, true, true, 5, 2),
    ];
    for (bullets, success, extreme, hits, impales) in cases {
        assert_eq!(
            volley_hits(bullets, success, extreme),
            VolleyHits {
                hits,
                extreme: impales
            },
            "{bullets} bullets"
        );
    }
}

#[test]
fn bullets_wasted_between_targets() {
    assert_eq!(bullets_between_targets(1), 1);
    assert_eq!(
        bullets_between_targets(2),
        2,
        "a diagonal neighbour: 1.4 yards"
    );
    assert_eq!(bullets_between_targets(9), 3);
    assert_eq!(bullets_between_targets(25), 5);
    assert_eq!(bullets_between_targets(26), 6);
    assert_eq!(bullets_between_targets(0), 0);
}

#[test]
fn targets_within_sixty_degrees() {
    assert!(within_arc(&[(10, 0), (10, 5)]));
    // (1, 1.732) is exactly sixty degrees from (2, 0); (4, 7) is a little more.
    assert!(within_arc(&[(10, 0), (5, 8)]));
    assert!(!within_arc(&[(10, 0), (4, 7)]));
    assert!(!within_arc(&[(10, 0), (-10, 0)]));
    assert!(within_arc(&[(10, 0)]));
    // Three targets fanned 50 degrees apart in all: inside.
    assert!(within_arc(&[(10, -3), (10, 0), (10, 5)]));
    assert!(!within_arc(&[(10, -8), (10, 0), (10, 8)]));
}

#[test]
fn reloading_by_the_round_the_magazine_and_the_belt() {
    let empty = |spare| Ammunition {
        loaded: 0,
        spare,
        belt_half_changed: false,
    };
    // A revolver: two rounds a combat round.
    assert_eq!(
        reload(Feed::Rounds, 6, empty(12)),
        Ok(Ammunition {
            loaded: 2,
            spare: 10,
            belt_half_changed: false
        })
    );
    assert_eq!(
        reload(
            Feed::Rounds,
            6,
            Ammunition {
                loaded: 5,
                spare: 3,
                belt_half_changed: false
            }
        )
        .map(|after| after.loaded),
        Ok(6)
    );
    // A pistol's clip: full in one round; the rounds left in the old clip stay spare.
    assert_eq!(
        reload(
            Feed::Magazine,
            7,
            Ammunition {
                loaded: 2,
                spare: 14,
                belt_half_changed: false
            }
        ),
        Ok(Ammunition {
            loaded: 7,
            spare: 9,
            belt_half_changed: false
        })
    );
    // A belt: two rounds of work.
    let half = reload(Feed::Belt, 250, empty(250)).expect("first round of work");
    assert_eq!(half.loaded, 0);
    assert!(half.belt_half_changed);
    assert_eq!(
        reload(Feed::Belt, 250, half).map(|after| after.loaded),
        Ok(250)
    );
    assert_eq!(
        reload(Feed::Rounds, 6, empty(0)),
        Err(ReloadRefusal::NoSpare)
    );
    assert_eq!(
        reload(
            Feed::Rounds,
            2,
            Ammunition {
                loaded: 2,
                spare: 4,
                belt_half_changed: false
            }
        ),
        Err(ReloadRefusal::Full)
    );
    assert_eq!(
        reload(Feed::AsFired, 1, empty(20)),
        Err(ReloadRefusal::NothingToLoad)
    );
    assert!(can_chamber_and_fire(Feed::Rounds, empty(1)));
    assert!(!can_chamber_and_fire(Feed::Magazine, empty(8)));
}

#[test]
fn spending_rounds() {
    let quiver = Ammunition {
        loaded: 1,
        spare: 11,
        belt_half_changed: false,
    };
    assert_eq!(rounds_ready(Feed::AsFired, quiver), 12);
    assert_eq!(spend(Feed::AsFired, quiver, 2).spare, 10);
    assert_eq!(spend(Feed::AsFired, quiver, 2).loaded, 0);
    let sticks = Ammunition {
        loaded: 1,
        spare: 2,
        belt_half_changed: false,
    };
    assert_eq!(
        spend(Feed::OneUse, sticks, 1),
        Ammunition {
            loaded: 1,
            spare: 1,
            belt_half_changed: false
        },
        "the next stick is in hand at once"
    );
    assert_eq!(rounds_ready(Feed::Magazine, quiver), 1);
    assert_eq!(spend(Feed::Magazine, quiver, 1).spare, 11);
}
