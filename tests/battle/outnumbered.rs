//! Outnumbered defenders, kicks at the fallen, a monster's several attacks and surprise blows.

use super::*;
use gridkeeper::rulesets::coc7e::reasons;

fn outnumbered_bonus(events: &[EventKind], attacker: UnitId) -> bool {
    events.iter().any(|event| match event {
        EventKind::Rolled { unit, roll } if *unit == attacker => roll
            .modifiers
            .iter()
            .any(|modifier| modifier.reason == reasons::OUTNUMBERED),
        _ => false,
    })
}

#[test]
fn outnumbered_after_one_defence_for_a_person_and_three_for_a_ghoul() {
    for (defender_attacks, bonus_from) in [(1, 2), (3, 4)] {
        let mut defender = fighter("Defender", "b", (3, 2));
        defender.attacks = defender_attacks;
        let attackers: Vec<Fighter> = [(2, 1), (2, 2), (2, 3), (4, 1)]
            .into_iter()
            .enumerate()
            .map(|(index, at)| {
                let mut attacker = fighter(["First", "Second", "Third", "Fourth"][index], "a", at);
                attacker.dexterity = 90 - u32::try_from(index).unwrap_or(0) * 5;
                attacker
            })
            .collect();
        let mut fighters = vec![defender];
        fighters.extend(attackers);
        let mut app = test_app(scenario(&fighters));
        send(&mut app, Command::Begin);
        for attacker in 1..=4u16 {
            let mark = event_count(&app);
            let attacker = UnitId(attacker);
            load(&mut app, &rolls(&[70, 70], &[]));
            send(
                &mut app,
                Command::Attack {
                    unit: attacker,
                    target: UnitId(0),
                    weapon: WeaponChoice::Unarmed,
                },
            );
            send(
                &mut app,
                Command::Answer {
                    unit: UnitId(0),
                    answer: Answer::Dodge,
                },
            );
            send(&mut app, Command::EndTurn { unit: attacker });
            assert_eq!(
                outnumbered_bonus(&events_from(&app, mark), attacker),
                attacker.0 >= bonus_from,
                "attack {} on a defender with {defender_attacks} attacks",
                attacker.0
            );
        }
    }
}

#[test]
fn kicking_someone_when_they_are_down() {
    let mut attacker = fighter("Attacker", "a", (2, 2));
    attacker.dexterity = 70;
    let mut app = test_app(scenario(&[attacker, fighter("Down", "b", (3, 2))]));
    let mut query = app.world_mut().query::<(&UnitId, &mut Condition)>();
    for (id, mut condition) in query.iter_mut(app.world_mut()) {
        if *id == B {
            condition.prone = true;
        }
    }
    send(&mut app, Command::Begin);
    load(&mut app, &rolls(&[70, 70], &[]));
    strike(&mut app, A, B, WeaponChoice::Unarmed, Answer::Dodge);
    let prone_bonus = events(&app).into_iter().any(|event| match event {
        EventKind::Rolled { unit: A, roll } => roll
            .modifiers
            .iter()
            .any(|m| m.reason == reasons::PRONE_TARGET),
        _ => false,
    });
    assert!(prone_bonus);
}

#[test]
fn a_monster_makes_several_attacks_and_no_more() {
    let mut ghoul = fighter("Ghoul", "b", (3, 2));
    ghoul.dexterity = 80;
    ghoul.natural = vec![("Claws", 40, "1D6"), ("Bite", 40, "1D6")];
    ghoul.attacks = 3;
    let mut app = test_app(scenario(&[fighter("Victim", "a", (2, 2)), ghoul]));
    send(&mut app, Command::Begin);
    for attack in [0, 0, 1] {
        load(&mut app, &rolls(&[90], &[]));
        strike(
            &mut app,
            B,
            A,
            WeaponChoice::Natural(attack),
            Answer::Nothing,
        );
    }
    let mark = event_count(&app);
    send(
        &mut app,
        Command::Attack {
            unit: B,
            target: A,
            weapon: WeaponChoice::Natural(0),
        },
    );
    assert_eq!(
        rejected(&events_from(&app, mark)),
        Some(Rejection::NoAttacksLeft)
    );
}

#[test]
fn a_surprise_blow_that_is_not_seen_lands_unless_fumbled() {
    let mut app = test_app(scenario(&[
        fighter("Ambusher", "a", (2, 2)),
        fighter("Mark", "b", (3, 2)),
    ]));
    // The mark's Spot Hidden (base 25) fails with 60; the blow rolls 80 (a failure, but it
    // lands: only a fumble misses), then 2 damage.
    load(&mut app, &rolls(&[60, 80], &[2]));
    send(
        &mut app,
        Command::Surprise {
            unit: A,
            target: B,
            attack: SurpriseAttack::Strike(WeaponChoice::Unarmed),
        },
    );
    let all = events(&app);
    assert!(all.contains(&EventKind::SurpriseAttempted {
        unit: A,
        target: B,
        seen: false
    }));
    assert!(all.contains(&EventKind::MeleeResolved {
        attacker: A,
        defender: B,
        outcome: MeleeOutcome::AttackerWins
    }));
    assert_eq!(vitals(&mut app, B).hit_points, 8);
    assert_eq!(app.world().resource::<Flow>().phase, Phase::Setup);
    let mark = event_count(&app);
    send(
        &mut app,
        Command::Surprise {
            unit: A,
            target: B,
            attack: SurpriseAttack::Strike(WeaponChoice::Unarmed),
        },
    );
    assert_eq!(
        rejected(&events_from(&app, mark)),
        Some(Rejection::SurpriseSpent)
    );
}

#[test]
fn ai_defenders_answer_by_the_default_policy_and_the_answer_is_a_command() {
    // A poor brawler with a good dodge dodges; a good brawler with a poor dodge, or one whose
    // blows hurt far more than the attacker's, fights back.
    for (brawl, dodge, natural, answer) in [
        (30, 60, None, Answer::Dodge),
        (70, 20, None, Answer::FightBack),
        (45, 50, Some(("Claws", 45, "1D6+1D4")), Answer::FightBack),
    ] {
        let mut attacker = fighter("Attacker", "a", (2, 2));
        attacker.dexterity = 70;
        let mut defender = fighter("Defender", "b", (3, 2));
        defender.skills = vec![("Fighting (Brawl)", brawl), ("Dodge", dodge)];
        defender.natural = natural.into_iter().collect();
        let mut app = test_app(scenario(&[attacker, defender]));
        app.world_mut().resource_mut::<Controllers>().0 = vec![Control::Person, Control::Ai];
        send(&mut app, Command::Begin);
        punch(&mut app);
        assert!(
            events(&app).contains(&EventKind::Answered { unit: B, answer }),
            "Brawl {brawl}, Dodge {dodge}: {answer:?}"
        );
        let log = &app.world().resource::<gridkeeper::battle::CommandLog>().0;
        assert_eq!(log.last(), Some(&Command::Answer { unit: B, answer }));
    }
}
