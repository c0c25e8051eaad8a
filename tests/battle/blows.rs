//! Melee by Call of Cthulhu 7e's tables: every row, undefended targets, the worked examples of
//! the rulebook (Harvey's wounds, the deep one), natural armor and First Aid.

use super::*;

/// A percentile value reaching each level against skill 50.
fn value_for(level: SuccessLevel) -> u32 {
    match level {
        SuccessLevel::Critical => 1,
        SuccessLevel::Extreme => 10,
        SuccessLevel::Hard => 25,
        SuccessLevel::Regular => 50,
        SuccessLevel::Failure => 70,
        SuccessLevel::Fumble => 100,
    }
}

/// Every pairing of success levels, answered with a dodge and with a fight back.
#[test]
fn every_row_of_the_melee_tables() {
    let levels = [
        SuccessLevel::Fumble,
        SuccessLevel::Failure,
        SuccessLevel::Regular,
        SuccessLevel::Hard,
        SuccessLevel::Extreme,
        SuccessLevel::Critical,
    ];
    for answer in [Answer::Dodge, Answer::FightBack] {
        for attacker_level in levels {
            for defender_level in levels {
                let mut attacker = fighter("Attacker", "a", (2, 2));
                attacker.dexterity = 60;
                let mut app = test_app(scenario(&[attacker, fighter("Defender", "b", (3, 2))]));
                send(&mut app, Command::Begin);
                // Attack roll, defence roll, then a 2 on whatever damage die is rolled.
                load(
                    &mut app,
                    &rolls(
                        &[value_for(attacker_level), value_for(defender_level)],
                        &[2],
                    ),
                );
                punch(&mut app);
                send(&mut app, Command::Answer { unit: B, answer });
                let both_fail = !attacker_level.is_success() && !defender_level.is_success();
                let expected = match answer {
                    Answer::Dodge if !both_fail && attacker_level > defender_level => {
                        MeleeOutcome::AttackerWins
                    }
                    Answer::Dodge => MeleeOutcome::NoHarm,
                    _ if both_fail => MeleeOutcome::NoHarm,
                    _ if attacker_level >= defender_level => MeleeOutcome::AttackerWins,
                    _ => MeleeOutcome::DefenderStrikes,
                };
                let all = events(&app);
                let case = format!("{attacker_level} against a {defender_level} {answer:?}");
                assert!(
                    all.contains(&EventKind::MeleeResolved {
                        attacker: A,
                        defender: B,
                        outcome: expected
                    }),
                    "{case}: {all:?}"
                );
                let hurt: Vec<UnitId> = all
                    .iter()
                    .filter_map(|event| match event {
                        EventKind::Damaged { unit, .. } => Some(*unit),
                        _ => None,
                    })
                    .collect();
                let expected_hurt = match expected {
                    MeleeOutcome::AttackerWins => vec![B],
                    MeleeOutcome::DefenderStrikes => vec![A],
                    MeleeOutcome::NoHarm => vec![],
                    MeleeOutcome::BothStrike => unreachable!("CoC's table has no clash"),
                };
                assert_eq!(hurt, expected_hurt, "{case}");
                // Only the attacker, on its own turn, does extreme damage.
                let quality = all.iter().find_map(|event| match event {
                    EventKind::DamageRolled { roll, .. } => Some(roll.quality),
                    _ => None,
                });
                let expected_quality = match expected {
                    MeleeOutcome::AttackerWins if attacker_level >= SuccessLevel::Extreme => {
                        Some(DamageQuality::Extreme)
                    }
                    MeleeOutcome::AttackerWins | MeleeOutcome::DefenderStrikes => {
                        Some(DamageQuality::Normal)
                    }
                    MeleeOutcome::NoHarm => None,
                    MeleeOutcome::BothStrike => unreachable!("CoC's table has no clash"),
                };
                assert_eq!(quality, expected_quality, "{case}");
            }
        }
    }
}

#[test]
fn an_undefended_target_is_hit_unless_the_attack_is_fumbled() {
    for (value, hit) in [(95, true), (100, false)] {
        let mut attacker = fighter("Attacker", "a", (2, 2));
        attacker.dexterity = 60;
        let mut app = test_app(scenario(&[attacker, fighter("Defender", "b", (3, 2))]));
        send(&mut app, Command::Begin);
        load(&mut app, &rolls(&[value], &[2]));
        strike(&mut app, A, B, WeaponChoice::Unarmed, Answer::Nothing);
        let outcome = if hit {
            MeleeOutcome::AttackerWins
        } else {
            MeleeOutcome::NoHarm
        };
        assert!(
            events(&app).contains(&EventKind::MeleeResolved {
                attacker: A,
                defender: B,
                outcome
            }),
            "{value}"
        );
    }
}

/// Harvey's switchblade: an extreme success with a 1D4 damage bonus does 1D4 + 8.
#[test]
fn the_extreme_switchblade() {
    let mut harvey = fighter("Harvey", "a", (2, 2));
    harvey.dexterity = 60;
    harvey.strength = 70;
    harvey.size = 70;
    harvey.weapons = vec!["Knife, small (switchblade, etc.)"];
    let mut app = test_app(scenario(&[harvey, fighter("Cultist", "b", (3, 2))]));
    send(&mut app, Command::Begin);
    // Extreme attack (5 against 50), failed dodge (80), then the impale's own 1D4 shows 3.
    load(&mut app, &rolls(&[5, 80], &[3]));
    strike(&mut app, A, B, WeaponChoice::Carried(0), Answer::Dodge);
    let roll = events(&app).into_iter().find_map(|event| match event {
        EventKind::DamageRolled { roll, .. } => Some(roll),
        _ => None,
    });
    let roll = roll.expect("damage was rolled");
    assert_eq!(roll.quality, DamageQuality::Impale);
    assert_eq!(roll.total, 3 + 4 + 4, "1D4 (3) + maximum 4 + maximum DB 4");
}

/// Harvey has 15 hit points: 3 damage, then 8 (a major wound: prone and a CON roll), then 5
/// more: zero with a major wound, so he is dying; the next round's end he rolls CON.
#[test]
fn harvey_takes_three_then_eight_then_five_and_is_dying() {
    let mut harvey = fighter("Harvey", "a", (3, 2));
    harvey.constitution = 70;
    harvey.size = 80;
    let mut cultist = fighter("Cultist", "b", (2, 2));
    cultist.dexterity = 60;
    cultist.natural = vec![("Cudgel", 50, "1D10")];
    cultist.attacks = 3;
    // A friend far off keeps Harvey's side in the fight while he lies dying.
    let mut friend = fighter("Friend", "a", (9, 5));
    friend.dexterity = 40;
    let mut app = test_app(scenario(&[harvey, cultist, friend]));
    assert_eq!(vitals(&mut app, A).max_hit_points, 15);
    send(&mut app, Command::Begin);
    let hit = |app: &mut App, damage: u32, extra: &[u32]| {
        load(app, &rolls(&[40], &[damage]));
        load(app, extra);
        send(
            app,
            Command::Attack {
                unit: B,
                target: A,
                weapon: WeaponChoice::Natural(0),
            },
        );
        send(
            app,
            Command::Answer {
                unit: A,
                answer: Answer::Nothing,
            },
        );
    };
    hit(&mut app, 3, &[]);
    assert_eq!(vitals(&mut app, A).hit_points, 12);
    assert_eq!(vitals(&mut app, A).wound_state(), WoundState::Hurt);
    // 8 is a major wound; the CON roll (20 against 70) keeps him conscious.
    hit(&mut app, 8, &percentile(20));
    let after_eight = vitals(&mut app, A);
    assert_eq!(
        (
            after_eight.hit_points,
            after_eight.major_wound,
            after_eight.vital
        ),
        (4, true, Vital::Conscious)
    );
    assert!(
        condition(&mut app, A).prone,
        "a major wound knocks him down"
    );
    assert!(events(&app).iter().any(|event| matches!(
        event,
        EventKind::Damaged {
            unit: A,
            taken: 8,
            severity: BlowSeverity::Major,
            ..
        }
    )));
    hit(&mut app, 5, &[]);
    let dying = vitals(&mut app, A);
    assert_eq!((dying.hit_points, dying.vital), (0, Vital::Dying));
    assert!(events(&app).contains(&EventKind::WoundChanged {
        unit: A,
        from: WoundState::MajorWound,
        to: WoundState::Dying
    }));
    // Round 1 ends with no CON roll; round 2 ends with one, and a failure kills him.
    send(&mut app, Command::EndTurn { unit: B });
    send(&mut app, Command::EndTurn { unit: C });
    assert_eq!(app.world().resource::<Flow>().round, 2);
    assert_eq!(vitals(&mut app, A).vital, Vital::Dying);
    send(&mut app, Command::EndTurn { unit: B });
    load(&mut app, &percentile(90));
    send(&mut app, Command::EndTurn { unit: C });
    assert_eq!(vitals(&mut app, A).vital, Vital::Dead);
    assert!(events(&app).contains(&EventKind::WoundChanged {
        unit: A,
        from: WoundState::Dying,
        to: WoundState::Dead
    }));
}

/// The deep one's tough hide: Harvey's club does 5, less 1 point of natural armor.
#[test]
fn the_deep_ones_natural_armor() {
    let mut app = test_app(harvey_and_the_deep_one());
    send(&mut app, Command::Begin);
    load(&mut app, &rolls(&[30, 90], &[5]));
    strike(&mut app, A, B, WeaponChoice::Carried(0), Answer::Dodge);
    assert!(
        events(&app).iter().any(|event| matches!(
            event,
            EventKind::Damaged {
                unit: B,
                rolled: 5,
                armor: 1,
                taken: 4,
                hit_points: 6,
                ..
            }
        )),
        "{:?}",
        events(&app)
    );
}

#[test]
fn first_aid_stabilises_the_dying_with_one_hit_point() {
    let mut victim = fighter("Victim", "a", (3, 2));
    victim.dexterity = 40;
    let mut medic = fighter("Medic", "a", (4, 2));
    medic.skills = vec![("First Aid", 60)];
    let mut brute = fighter("Brute", "b", (2, 2));
    brute.dexterity = 70;
    brute.natural = vec![("Maul", 50, "1D10")];
    let mut app = test_app(scenario(&[victim, medic, brute]));
    send(&mut app, Command::Begin);
    // 10 damage against 10 hit points: a major wound to zero, so dying.
    load(&mut app, &rolls(&[30], &[10]));
    strike(&mut app, C, A, WeaponChoice::Natural(0), Answer::Nothing);
    assert_eq!(vitals(&mut app, A).vital, Vital::Dying);
    send(&mut app, Command::EndTurn { unit: C });
    assert_eq!(acting(&app), Some(B));
    load(&mut app, &percentile(30));
    send(
        &mut app,
        Command::FirstAid {
            unit: B,
            patient: A,
        },
    );
    let stabilised = vitals(&mut app, A);
    assert_eq!(
        (stabilised.vital, stabilised.hit_points),
        (Vital::Stabilised, 1)
    );
    assert!(events(&app).contains(&EventKind::Stabilised {
        unit: A,
        by: B,
        hit_points: 1
    }));
}

#[test]
fn first_aid_heals_one_hit_point_once() {
    let mut medic = fighter("Medic", "a", (2, 2));
    medic.dexterity = 70;
    medic.skills = vec![("First Aid", 60)];
    let mut app = test_app(scenario(&[
        medic,
        fighter("Patient", "a", (3, 2)),
        fighter("Foe", "b", (9, 4)),
    ]));
    // Hurt the patient by hand: 4 of 10 hit points gone.
    let mut query = app.world_mut().query::<(&UnitId, &mut Vitals)>();
    for (id, mut vitals) in query.iter_mut(app.world_mut()) {
        if *id == B {
            vitals.hit_points = 6;
        }
    }
    send(&mut app, Command::Begin);
    load(&mut app, &percentile(30));
    send(
        &mut app,
        Command::FirstAid {
            unit: A,
            patient: B,
        },
    );
    assert_eq!(vitals(&mut app, B).hit_points, 7);
    send(&mut app, Command::EndTurn { unit: A });
    send(&mut app, Command::EndTurn { unit: B });
    send(&mut app, Command::EndTurn { unit: C });
    let mark = event_count(&app);
    send(
        &mut app,
        Command::FirstAid {
            unit: A,
            patient: B,
        },
    );
    assert!(matches!(
        rejected(&events_from(&app, mark)),
        Some(Rejection::NothingToTreat(_))
    ));
}

#[test]
fn medicine_waits_until_the_fight_is_over() {
    let mut medic = fighter("Medic", "a", (2, 2));
    medic.dexterity = 70;
    let mut app = test_app(scenario(&[medic, fighter("Patient", "b", (3, 2))]));
    send(&mut app, Command::Begin);
    let mark = event_count(&app);
    send(
        &mut app,
        Command::Medicine {
            unit: A,
            patient: B,
        },
    );
    assert_eq!(
        rejected(&events_from(&app, mark)),
        Some(Rejection::NotDuringBattle)
    );
}
