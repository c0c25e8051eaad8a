//! The d10 pool's surprise in the battle: stealth against alertness, the ambushed going last,
//! and a sleeping watcher harder to rouse, with Level B2's people (`pool.rs`'s).

use super::pool::{DOG, TOMAS, level_b2_with, pools};
use super::*;
use gridkeeper::rulesets::d10_pool::reasons;

/// A surprise is Stealth against Alertness: Tomas (Dex 3 + Stealth 0: 3 dice at 6) nets 2
/// against the guard dog's Per 4 + Alertness 0 (4 dice) netting nothing, so the dog cannot
/// defend the sword (8 dice at 7, the dog being small; net 3: an injury of 3 + 1 = 4) and,
/// for all its initiative of 6 successes, goes after everyone else in round 1. Had the dog
/// netted as much, it would have been asked for its defence, and taken its usual place.
#[test]
fn a_surprise_is_stealth_against_alertness_and_the_ambushed_go_last() {
    let surprise = Command::Surprise {
        unit: TOMAS,
        target: DOG,
        attack: SurpriseAttack::Strike(WeaponChoice::Carried(0)),
    };
    let mut app = test_app(level_b2_with(&[(TOMAS, (12, 9)), (DOG, (13, 9))]));
    let struck = after(
        &mut app,
        &[8, 8, 2, 2, 2, 2, 2, 7, 7, 7, 2, 2, 2, 2, 2],
        surprise.clone(),
    );
    let rolls: Vec<(UnitId, u32, i32)> = pools(&struck)
        .into_iter()
        .map(|(unit, dice, _, net, _)| (unit, dice, net))
        .collect();
    assert_eq!(rolls, [(TOMAS, 3, 2), (DOG, 4, 0), (TOMAS, 8, 3)]);
    assert!(struck.contains(&EventKind::SurpriseAttempted {
        unit: TOMAS,
        target: DOG,
        seen: false
    }));
    assert!(
        !struck
            .iter()
            .any(|event| matches!(event, EventKind::DefenceAsked { .. }))
    );
    assert!(struck.iter().any(|event| matches!(
        event,
        EventKind::Injured {
            unit: DOG,
            severity: Some(4),
            ..
        }
    )));
    // Initiative: nothing for everyone but the dog, whose six dice all succeed.
    let initiative: Vec<u32> = [7, 5, 6, 5, 5, 4]
        .into_iter()
        .flat_map(|dice| vec![2; dice])
        .chain([9; 6])
        .collect();
    let last = |app: &mut App| {
        load(app, &initiative);
        send(app, Command::Begin);
        let order = app.world().resource::<Flow>().order.clone();
        order.last().map(|slot| UnitId(slot.unit))
    };
    assert_eq!(last(&mut app), Some(DOG), "the ambushed act last");
    // Seen coming, the blow waits for the dog's answer.
    let mut app = test_app(level_b2_with(&[(TOMAS, (12, 9)), (DOG, (13, 9))]));
    let seen = after(&mut app, &[8, 2, 2, 8, 2, 2, 2], surprise);
    assert!(seen.contains(&EventKind::SurpriseAttempted {
        unit: TOMAS,
        target: DOG,
        seen: true
    }));
    assert!(
        seen.iter()
            .any(|event| matches!(event, EventKind::DefenceAsked { unit: DOG, .. }))
    );
    send(
        &mut app,
        Command::Answer {
            unit: DOG,
            answer: Answer::Nothing,
        },
    );
    assert_ne!(last(&mut app), Some(DOG), "not ambushed: its usual place");
}

/// Alertness is 4 harder for a unit asleep as the fight opens (its opening's `watch`): the
/// dog's four 9s are four successes awake, and none at 10 asleep, so Tomas's one success
/// surprises it only while it sleeps.
#[test]
fn a_sleeping_watcher_is_harder_to_rouse() {
    use gridkeeper::map::opening::Watch;
    let surprise = Command::Surprise {
        unit: TOMAS,
        target: DOG,
        attack: SurpriseAttack::Strike(WeaponChoice::Carried(0)),
    };
    let faces = [6, 2, 2, 9, 9, 9, 9];
    let watched = |watch: Watch| {
        let mut scenario = level_b2_with(&[(TOMAS, (12, 9)), (DOG, (13, 9))]);
        scenario.units[DOG.index()].opening.watch = watch;
        let mut app = test_app(scenario);
        let events = after(&mut app, &faces, surprise.clone());
        let dog = pools(&events)
            .into_iter()
            .find(|(unit, ..)| *unit == DOG)
            .map(|(_, dice, difficulty, net, reasons)| (dice, difficulty, net, reasons));
        let seen = events.iter().find_map(|event| match event {
            EventKind::SurpriseAttempted { seen, .. } => Some(*seen),
            _ => None,
        });
        (dog, seen)
    };
    assert_eq!(watched(Watch::Awake), (Some((4, 6, 4, vec![])), Some(true)));
    assert_eq!(
        watched(Watch::Asleep),
        (Some((4, 10, 0, vec![reasons::ASLEEP])), Some(false))
    );
}
