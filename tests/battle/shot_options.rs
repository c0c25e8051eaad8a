//! What the western's shooters may declare with their shots, on Noon at Dry Gulch: a specific
//! shot, each at −2, whose hit doubles the damage, lames the legs (no further than a zigzag for
//! the rest of the fight) or knocks the weapon from the hand; and shooting through the low cover
//! in the way, with no cover step but its material off the damage.

use gridkeeper::battle::command::FireMode;
use gridkeeper::map::Tile;
use gridkeeper::rules::damage::DamageQuality;
use gridkeeper::rules::melee::SpecificBlow;
use gridkeeper::rulesets::frontier::battle::commands::FrontierCommand;
use gridkeeper::rulesets::frontier::battle::declaration::{
    Declaration, DeclaredAct, DeclaredMove, SpecificShot,
};

use super::*;
use crate::frontier::{
    KID, LOLA, WES, dry_gulch, dry_gulch_placed, shot_modifiers, until_the_act_of,
};
use gridkeeper::rulesets::frontier::battle::events::FrontierEvent;
use gridkeeper::rulesets::frontier::reasons;

/// `shooter` fires its first weapon once at `target`: the roll `hit`, then `dice` (the damage,
/// and what cover stops), then a pain roll of 01.
fn fires(
    app: &mut App,
    (shooter, target): (UnitId, UnitId),
    hit: u32,
    dice: &[u32],
) -> Vec<EventKind> {
    let faces: Vec<u32> = percentile(hit)
        .into_iter()
        .chain(dice.iter().copied())
        .chain(percentile(1))
        .collect();
    after(
        app,
        &faces,
        Command::Fire {
            unit: shooter,
            weapon: WeaponChoice::Carried(0),
            mode: FireMode::single(target),
        },
    )
}

/// The Kid's declared specific shot at `target`, with Wes declaring a move and nothing more
/// (so no quick draw); the Kid's Hand Guns roll of 05 and the damage `dice`, then a passed
/// pain roll. The app, at the Kid's turn's end, and the events of the shot.
fn kid_shoots(target: UnitId, specific: SpecificShot, dice: [u32; 2]) -> (App, Vec<EventKind>) {
    let mut app = dry_gulch(&[7, 3]);
    let kid = Declaration {
        movement: DeclaredMove::Stay,
        act: DeclaredAct::Fire { target, shots: 1 },
        specific: Some(specific),
        ..Declaration::default()
    };
    let wes = Declaration {
        movement: DeclaredMove::Move,
        act: DeclaredAct::Nothing,
        ..Declaration::default()
    };
    until_the_act_of(&mut app, KID, &[(KID, kid), (WES, wes)]);
    let fired = fires(&mut app, (KID, target), 5, &dice);
    assert_eq!(rejected(&fired), None);
    send(&mut app, Command::EndTurn { unit: KID });
    (app, fired)
}

/// The Kid (Hand Guns RM 21, 72%) at Wes 33 yards off, long range for the Colt: −40, and −20
/// for the specific shot, so 12%. For double damage 3 + 4 = 7 is 14. At the legs 1 + 1 does its
/// 2 and Wes, AGI 13, may walk no further than 13 ft (4.3 yards) for the rest of the fight. To
/// disarm Lola, 1 + 1 does 2 and her shotgun falls (she may take it up again).
#[test]
fn a_specific_shot_doubles_the_damage_or_does_what_it_names() {
    let (mut app, fired) = kid_shoots(WES, SpecificShot::DoubleDamage, [3, 4]);
    assert_eq!(
        shot_modifiers(&fired, KID)[0],
        [
            (ModifierReason::LongRange, -40),
            (reasons::SPECIFIC_SHOT, -20)
        ]
    );
    let doubled = fired.iter().find_map(|event| match event {
        EventKind::DamageRolled { roll, .. } => Some((roll.quality, roll.total)),
        _ => None,
    });
    assert_eq!(doubled, Some((DamageQuality::Doubled, 14)));
    assert_eq!(vitals(&mut app, WES).hit_points, 32 - 14);
    assert!(!condition(&mut app, WES).lamed);

    let (mut app, fired) = kid_shoots(WES, SpecificShot::Legs, [1, 1]);
    assert!(fired.contains(&EventKind::from(FrontierEvent::ShotInTheLegs { unit: WES })));
    assert_eq!(
        vitals(&mut app, WES).hit_points,
        30,
        "no more than its damage"
    );
    assert!(condition(&mut app, WES).lamed);
    until_the_act_of(&mut app, WES, &[]);
    assert_eq!(
        refusal(
            &mut app,
            Command::Move {
                unit: WES,
                to: Tile { x: 8, y: 6 }
            }
        ),
        Some(Rejection::OverBudget { cost: 50, left: 43 }),
        "5 yards is past his zigzag"
    );
    assert_eq!(
        refusal(
            &mut app,
            Command::Move {
                unit: WES,
                to: Tile { x: 7, y: 6 }
            }
        ),
        None,
        "4 yards is within it"
    );

    let (mut app, fired) = kid_shoots(LOLA, SpecificShot::Disarm, [1, 1]);
    assert!(fired.contains(&EventKind::Disarmed {
        unit: LOLA,
        weapon: "Double-barrel shotgun".to_string()
    }));
    assert_eq!(vitals(&mut app, LOLA).hit_points, 26);
    assert_eq!(
        unit_state::<gridkeeper::battle::Arsenal>(&mut app, LOLA).in_hand,
        WeaponChoice::Unarmed
    );
}

/// Wes, 6 yards west of the Kid, who crouches behind the steel strongbox at (25, 6): round it,
/// his drawn Colt is at −2 for the half cover and −2 for drawing (36%); declared through it,
/// only the −2 for drawing (56%), and the strongbox's 2D10 (3 + 4) comes off the 9 + 9.
#[test]
fn a_shot_through_low_cover_takes_no_cover_step_but_loses_the_material() {
    for through in [false, true] {
        let mut app = dry_gulch_placed(&[7, 3], &[(WES, (20, 6)), (KID, (26, 6))]);
        let wes = Declaration {
            movement: DeclaredMove::Stay,
            act: DeclaredAct::Fire {
                target: KID,
                shots: 1,
            },
            through,
            ..Declaration::default()
        };
        until_the_act_of(&mut app, WES, &[(WES, wes)]);
        send(
            &mut app,
            Command::Ready {
                unit: WES,
                weapon: WeaponChoice::Carried(0),
            },
        );
        let fired = fires(&mut app, (WES, KID), 10, &[9, 9, 3, 4]);
        let steps = shot_modifiers(&fired, WES);
        let kid = vitals(&mut app, KID).hit_points;
        if through {
            assert_eq!(steps[0], [(reasons::DRAWING, -20)]);
            assert!(fired.iter().any(|event| matches!(
                event.own(),
                Some(FrontierEvent::ThroughMaterial { unit, stopped: 7, .. }) if *unit == KID
            )));
            assert_eq!(kid, 27 - 11);
        } else {
            assert_eq!(
                steps[0],
                [(ModifierReason::HalfCover, -20), (reasons::DRAWING, -20)]
            );
            assert_eq!(kid, 27 - 18);
        }
    }
}

/// A specific shot and shooting through cover go with shots, a specific blow with a strike:
/// declared with another act, each is refused.
#[test]
fn declared_options_go_with_their_act() {
    let strike = DeclaredAct::Strike { target: WES };
    let shot = DeclaredAct::Fire {
        target: WES,
        shots: 1,
    };
    let cases = [
        (
            Declaration {
                act: strike,
                specific: Some(SpecificShot::Legs),
                ..Declaration::default()
            },
            "a specific shot goes with shots",
        ),
        (
            Declaration {
                act: strike,
                through: true,
                ..Declaration::default()
            },
            "only shots go through cover",
        ),
        (
            Declaration {
                act: shot,
                blow: Some(SpecificBlow::Trip),
                ..Declaration::default()
            },
            "a specific blow goes with a strike",
        ),
    ];
    for (declaration, why) in cases {
        let mut app = dry_gulch(&[7, 3]);
        let unit = acting(&app).expect("Big Jim declares first");
        assert_eq!(
            refusal(
                &mut app,
                FrontierCommand::Declare { unit, declaration }.into()
            ),
            Some(Rejection::NotNow(why.to_string())),
            "{declaration:?}"
        );
    }
}

/// Before the fight, the Kid's surprise shot at Wes: unseen (Wes's roll to notice, 30% with no
/// skill for it, fails on 99) it is at +4 for a target surprised; seen (01), only the −4 for
/// long range.
#[test]
fn a_surprised_target_is_shot_at_plus_four() {
    for (notice, steps) in [
        (
            99,
            vec![
                (ModifierReason::LongRange, -40),
                (reasons::TARGET_SURPRISED, 40),
            ],
        ),
        (1, vec![(ModifierReason::LongRange, -40)]),
    ] {
        let mut scenario = specs_sample("dry-gulch.ron", None);
        for unit in &mut scenario.units {
            unit.control = Control::Person;
        }
        let mut app = test_app(scenario);
        let faces: Vec<u32> = percentile(notice)
            .into_iter()
            .chain(percentile(99))
            .collect();
        let shot = after(
            &mut app,
            &faces,
            Command::Surprise {
                unit: KID,
                target: WES,
                attack: SurpriseAttack::Shot(WeaponChoice::Carried(0)),
            },
        );
        assert_eq!(rejected(&shot), None);
        assert_eq!(shot_modifiers(&shot, KID), [steps]);
    }
}
