//! Several shots a round, bursts and full auto, with the rulebook's worked example.

use super::*;

/// Two or three shots from a revolver in one round: each rolled, each with a penalty die; no
/// more than the weapon's limit.
#[test]
fn handgun_multiple_shots() {
    let rows = field(20, &[]);
    let shooter = gunman((1, 5), REVOLVER, HANDGUN, 60);
    let target = fighter("Target", "b", (8, 5));
    let third = fighter("Other", "b", (8, 7));
    let mut app = begun(on_field(&[shooter, target, third], &rows, ""));
    refuse(
        &mut app,
        Command::Fire {
            unit: A,
            weapon: GUN,
            mode: FireMode::Shots(vec![B, B, C, B]),
        },
        Rejection::WrongWeapon(format!("the {REVOLVER} fires from 1 to 3 shots a round")),
    );
    let mark = event_count(&app);
    load(&mut app, &rolls(&[90, 90, 90, 90, 90, 90], &[]));
    fire(&mut app, A, FireMode::Shots(vec![B, C, B]));
    let shots = attack_rolls(&events_from(&app, mark), A);
    assert_eq!(shots.len(), 3);
    for (check, modifiers) in &shots {
        assert_eq!(reasons(modifiers), [(ModifierReason::MultipleShots, -1)]);
        assert_eq!(check.roll.dice, NetDice::Penalty(1));
    }
    assert_eq!(ammunition(&mut app, A), (3, 0));
}

/// The rulebook's worked example: skill 63 fires volleys of 6; four volleys at one target take
/// 0, 1 and 2 penalty dice, then 2 dice and Hard.
#[test]
fn full_auto_worked_example_at_one_target() {
    let rows = field(20, &[]);
    let shooter = gunman((1, 5), "Thompson", SMG, 63);
    let target = fighter("Target", "b", (8, 5));
    let mut app = begun(on_field(&[shooter, target], &rows, ""));
    let mark = event_count(&app);
    load(
        &mut app,
        &[
            percentile_with(90, 1),
            percentile_with(90, 2),
            percentile_with(90, 3),
            percentile_with(90, 3),
        ]
        .concat(),
    );
    fire(&mut app, A, FireMode::FullAuto(vec![(B, 24)]));
    let events = events_from(&app, mark);
    assert!(events.contains(&EventKind::Fired {
        unit: A,
        weapon: "Thompson".to_string(),
        rounds: 24,
        wasted: 0
    }));
    let volleys: Vec<(u32, Difficulty, NetDice)> = events
        .iter()
        .filter_map(|event| match event {
            EventKind::ShotAt { bullets, .. } => Some(*bullets),
            _ => None,
        })
        .zip(attack_rolls(&events, A))
        .map(|(bullets, (check, _))| (bullets, check.difficulty, check.roll.dice))
        .collect();
    assert_eq!(
        volleys,
        [
            (6, Difficulty::Regular, NetDice::PLAIN),
            (6, Difficulty::Regular, NetDice::Penalty(1)),
            (6, Difficulty::Regular, NetDice::Penalty(2)),
            (6, Difficulty::Hard, NetDice::Penalty(2)),
        ]
    );
    assert_eq!(ammunition(&mut app, A), (50 - 24, 0));
}

/// The same shooter splits 12 bullets over three targets, 4 each: three partial volleys with 0,
/// 1 and 2 penalty dice, and a bullet wasted for every yard between targets.
#[test]
fn full_auto_split_over_three_targets() {
    let rows = field(20, &[]);
    let shooter = gunman((1, 5), "Thompson", SMG, 63);
    let first = fighter("First", "b", (10, 4));
    let second = fighter("Second", "b", (10, 6));
    let third = fighter("Third", "b", (10, 9));
    let mut app = begun(on_field(&[shooter, first, second, third], &rows, ""));
    let mark = event_count(&app);
    fire(
        &mut app,
        A,
        FireMode::FullAuto(vec![(B, 4), (C, 4), (UnitId(3), 4)]),
    );
    let events = events_from(&app, mark);
    // 2 yards from the first to the second target, 3 from the second to the third.
    assert!(events.contains(&EventKind::Fired {
        unit: A,
        weapon: "Thompson".to_string(),
        rounds: 12,
        wasted: 5
    }));
    let dice: Vec<NetDice> = attack_rolls(&events, A)
        .iter()
        .map(|(check, _)| check.roll.dice)
        .collect();
    assert_eq!(
        dice,
        [NetDice::PLAIN, NetDice::Penalty(1), NetDice::Penalty(2)]
    );
    assert_eq!(ammunition(&mut app, A), (50 - 17, 0));
    // Targets spread over more than sixty degrees are refused.
    let shooter = gunman((5, 5), "Thompson", SMG, 63);
    let east = fighter("East", "b", (10, 5));
    let south = fighter("South", "b", (5, 9));
    let mut app = begun(on_field(&[shooter, east, south], &rows, ""));
    refuse(
        &mut app,
        Command::Fire {
            unit: A,
            weapon: GUN,
            mode: FireMode::FullAuto(vec![(B, 3), (C, 3)]),
        },
        Rejection::OutOfArc,
    );
    // More bullets than the drum holds (a count from a hand-edited file, past what a u32 sums
    // to) are refused before a volley is planned.
    for (allotments, needed) in [
        (vec![(B, 51)], "51"),
        (vec![(B, u32::MAX), (B, 2)], "more than that"),
    ] {
        refuse(
            &mut app,
            Command::Fire {
                unit: A,
                weapon: GUN,
                mode: FireMode::FullAuto(allotments),
            },
            Rejection::OutOfAmmunition(format!("the Thompson has 50 ready, {needed} needed")),
        );
    }
}

/// A volley that hits puts half its bullets in; an extreme hit puts all in, the first half
/// impaling; at very long range an extreme success is only a hit. Armor comes off each bullet,
/// and the bullets of one volley are one blow.
#[test]
fn volleys_hit_with_half_or_all_their_bullets() {
    let rows = field(90, &[]);
    // (target column, the roll, hits, extreme)
    let cases = [(8, 40, 3, 0), (8, 10, 6, 3), (75, 10, 3, 0)];
    for (column, roll, hits, extreme) in cases {
        let shooter = gunman((1, 5), "Thompson", SMG, 63);
        let mut target = fighter("Target", "b", (column, 5));
        (target.constitution, target.armor) = (500, 2);
        let mut app = begun(on_field(&[shooter, target], &rows, ""));
        let mark = event_count(&app);
        load(&mut app, &percentile(roll));
        fire(&mut app, A, FireMode::FullAuto(vec![(B, 6)]));
        let events = events_from(&app, mark);
        assert!(
            events.contains(&EventKind::ShotHit {
                unit: A,
                target: B,
                hits,
                extreme
            }),
            "roll {roll} at column {column}: {events:?}"
        );
        let impales = events
            .iter()
            .filter(|event| {
                matches!(event, EventKind::DamageRolled { roll, .. } if roll.quality == DamageQuality::Impale)
            })
            .count();
        assert_eq!(impales, extreme as usize, "roll {roll}");
        // Every Thompson bullet does at least 3: the armor stops 2 of each.
        let blows: Vec<u32> = events
            .iter()
            .filter_map(|event| match event {
                EventKind::Damaged { armor, .. } => Some(*armor),
                _ => None,
            })
            .collect();
        assert_eq!(blows, [2 * hits], "roll {roll}");
    }
}

/// A burst (M16A2: 3 bullets) is one roll with the SMG skill, as an assault rifle fires bursts;
/// single shots use the rifle skill.
#[test]
fn bursts_use_the_automatic_skill() {
    let rows = field(20, &[]);
    let mut shooter = gunman((1, 5), "M16A2", RIFLE, 70);
    shooter.skills.push((SMG, 40));
    let mut target = fighter("Target", "b", (8, 5));
    target.constitution = 500;
    let mut app = begun(on_field(&[shooter.clone(), target.clone()], &rows, ""));
    let mark = event_count(&app);
    load(&mut app, &percentile(30));
    fire(&mut app, A, FireMode::Burst(B));
    let events = events_from(&app, mark);
    let shots = attack_rolls(&events, A);
    assert_eq!(shots[0].0.skill, 40);
    assert!(events.contains(&EventKind::ShotHit {
        unit: A,
        target: B,
        hits: 1,
        extreme: 0
    }));
    assert_eq!(ammunition(&mut app, A), (27, 0));
    let mut app = begun(on_field(&[shooter, target], &rows, ""));
    let (check, _) = one_shot(&mut app);
    assert_eq!(check.skill, 70);
    refuse(
        &mut app,
        Command::Fire {
            unit: A,
            weapon: GUN,
            mode: FireMode::FullAuto(vec![(B, 5)]),
        },
        Rejection::ActionUsed,
    );
}
