//! BRP classic's firearms in the battle: both barrels at once, the aimed shot at half DEX with
//! its ranges doubled, unaimed fire at a fifth, two handguns, chambering a round, and the dodge
//! of each round's first bullet, with the Kingsport Warehouse's people (`brp.rs`'s).

use super::brp::{
    EZRA, HARVEY, MERCY, SILAS, ambush, fire_refused, fire_taken, harvey_answers, kingsport_with,
    limits, name_parries, shoot, until_the_turn_of, until_the_whole_turn_of,
};
use super::*;
use gridkeeper::battle::answer::answer_odds;
use gridkeeper::battle::command::FireMode;
use gridkeeper::battle::hooks::offered;
use gridkeeper::rules::roll::RollVerdict;
use gridkeeper::rules::round::{TurnKind, TurnLimits};
use gridkeeper::rulesets::brp_classic::DODGE_FIRST_BULLET;
use gridkeeper::rulesets::brp_classic::battle::fire_modes::BrpFireMode;

/// Ida fires both barrels at Mercy beside her in her readied slot: one roll (her 10 against
/// Shotgun 50, doubled point-blank), and on the hit a 4D6 for each barrel; both shells are
/// spent, and the gun has no shot left this round.
#[test]
fn both_barrels_at_once_are_one_roll_and_two_damage_rolls() {
    const IDA: UnitId = UnitId(1);
    let mut app = begun(kingsport_with(&[(IDA, (10, 8)), (MERCY, (11, 8))]));
    until_the_turn_of(&mut app, IDA);
    assert_eq!(limits(&app).kind, TurnKind::ReadiedShot);
    send(
        &mut app,
        Command::Fire {
            unit: IDA,
            weapon: WeaponChoice::Carried(0),
            mode: BrpFireMode::BothBarrels(MERCY).into(),
        },
    );
    let faces = [percentile(10).as_slice(), &[1, 2, 3, 4], &[2, 2, 2, 1]].concat();
    let fired = after(
        &mut app,
        &faces,
        Command::Answer {
            unit: MERCY,
            answer: Answer::Nothing,
        },
    );
    let rolled = fired
        .iter()
        .filter(|event| matches!(event, EventKind::Rolled { .. }))
        .count();
    assert_eq!(rolled, 1, "one attack roll: {fired:?}");
    assert!(fired.contains(&EventKind::ShotHit {
        unit: IDA,
        target: MERCY,
        hits: 2,
        extreme: 0,
    }));
    let damage: Vec<u32> = fired
        .iter()
        .filter_map(|event| match event {
            EventKind::DamageRolled { roll, .. } => Some(roll.total),
            _ => None,
        })
        .collect();
    assert_eq!(damage, vec![10, 7], "a 4D6 for each barrel");
    assert_eq!(loaded(&mut app, IDA, 0), Some(0), "both shells spent");
}

/// Harvey aims at Mercy 20 yards off on his turn at DEX 14 (the aim is the turn's act), and the
/// aimed shot comes at DEX 7, in his half-DEX slot: aiming doubles the .38's base range to 30
/// yards, so no halving for extended range. Without the aim that slot has nothing for him.
#[test]
fn an_aimed_shot_goes_at_half_dex_with_its_ranges_doubled() {
    let mut app = begun(kingsport_with(&[(HARVEY, (2, 8)), (MERCY, (22, 8))]));
    until_the_whole_turn_of(&mut app, HARVEY);
    let aimed = after(
        &mut app,
        &[],
        Command::Aim {
            unit: HARVEY,
            target: MERCY,
        },
    );
    assert!(rejected(&aimed).is_none(), "{aimed:?}");
    send(&mut app, Command::EndTurn { unit: HARVEY });
    until_the_turn_of(&mut app, HARVEY);
    assert_eq!(
        limits(&app).kind,
        TurnKind::FurtherShot,
        "his half-DEX slot"
    );
    shoot(&mut app, HARVEY, MERCY);
    let fired = after(
        &mut app,
        &percentile(20),
        Command::Answer {
            unit: MERCY,
            answer: Answer::Nothing,
        },
    );
    let modifiers = fired.iter().find_map(|event| match event {
        EventKind::Rolled { unit: HARVEY, roll } => Some(roll.modifiers.clone()),
        _ => None,
    });
    assert_eq!(modifiers, Some(Vec::new()), "no halving: {fired:?}");

    let mut app = begun(kingsport_with(&[(HARVEY, (2, 8)), (MERCY, (22, 8))]));
    until_the_whole_turn_of(&mut app, HARVEY);
    send(&mut app, Command::EndTurn { unit: HARVEY });
    while let Some(unit) = acting(&app) {
        assert!(
            unit != HARVEY || limits(&app).kind != TurnKind::FurtherShot,
            "no half-DEX slot without a shot or an aim at DEX"
        );
        if app.world().resource::<Flow>().round > 1 {
            break;
        }
        send(&mut app, Command::EndTurn { unit });
    }
}

/// Harvey empties his revolver unaimed in his readied slot: twice his 3 shots, 6 rolls each at
/// a fifth of the chance (55 doubled point-blank, then a fifth: 22); that is his round's
/// shooting. At Mercy and Silas both, a die draws the target of each shot.
#[test]
fn unaimed_fire_is_twice_the_shots_at_a_fifth() {
    let unaimed = |at: Vec<UnitId>, faces: &[u32]| {
        let mut app = ambush();
        until_the_turn_of(&mut app, HARVEY);
        assert_eq!(limits(&app).kind, TurnKind::ReadiedShot);
        send(
            &mut app,
            Command::Fire {
                unit: HARVEY,
                weapon: WeaponChoice::Carried(0),
                mode: BrpFireMode::Unaimed { shots: 6, at }.into(),
            },
        );
        load(&mut app, faces);
        let mut fired = Vec::new();
        while let Some(target) = app
            .world()
            .resource::<Flow>()
            .pending()
            .map(|pending| pending.target)
        {
            fired.extend(after(
                &mut app,
                &[],
                Command::Answer {
                    unit: target,
                    answer: Answer::Nothing,
                },
            ));
        }
        fired
    };
    let misses: Vec<u32> = (0..6).flat_map(|_| percentile(90)).collect();
    let fired = unaimed(vec![MERCY], &misses);
    let chances: Vec<u32> = fired
        .iter()
        .filter_map(|event| match event {
            EventKind::Rolled { unit: HARVEY, roll } => match roll.verdict {
                RollVerdict::Chance(verdict) => Some(verdict.chance),
                RollVerdict::Levels(_) | RollVerdict::Pool(_) | RollVerdict::Classes(_) => None,
            },
            _ => None,
        })
        .collect();
    assert_eq!(chances, vec![22; 6], "{fired:?}");
    let drawn: Vec<u32> = (0..6).flat_map(|shot| [1 + shot % 2, 9, 10]).collect();
    let fired = unaimed(vec![MERCY, SILAS], &drawn);
    let targets: Vec<UnitId> = fired
        .iter()
        .filter_map(|event| match event {
            EventKind::TargetDrawn { target, .. } => Some(*target),
            _ => None,
        })
        .collect();
    assert_eq!(targets, [MERCY, SILAS].repeat(3), "{fired:?}");
}

/// CoC has neither BRP's both barrels at once (a double-barrel fires two shots) nor its
/// unaimed fire: each mode is refused, and says why (BRP's own way of firing by its name).
#[cfg(feature = "coc7e")]
#[test]
fn coc_fires_neither_both_barrels_at_once_nor_unaimed() {
    let cases: [(&str, FireMode, &str); 2] = [
        (
            "12-gauge Shotgun (2B)",
            BrpFireMode::BothBarrels(B).into(),
            "cannot be fired so here (BothBarrels",
        ),
        (
            ".38 or 9mm Revolver",
            BrpFireMode::Unaimed {
                shots: 2,
                at: vec![B],
            }
            .into(),
            "cannot be fired so here (Unaimed",
        ),
    ];
    for (weapon, mode, said) in cases {
        let mut shooter = fighter("Shooter", "a", (2, 2));
        shooter.weapons = vec![weapon];
        let mut app = begun(scenario(&[shooter, fighter("Other", "b", (5, 2))]));
        let refused = refusal(
            &mut app,
            Command::Fire {
                unit: A,
                weapon: WeaponChoice::Carried(0),
                mode,
            },
        );
        assert!(
            matches!(&refused, Some(Rejection::WrongWeapon(why)) if why.contains(said)),
            "{refused:?}"
        );
    }
}

/// Two handguns (a second .38 in Harvey's other hand): once one has fired unaimed, the other
/// fires unaimed too in the same turn, each up to twice its shots; no third pull, and the
/// second gun fires unaimed or not at all.
#[test]
fn two_handguns_fire_unaimed_in_one_turn() {
    let mut scenario = kingsport_with(&[(HARVEY, (10, 8)), (MERCY, (14, 8))]);
    let second = scenario.units[HARVEY.index()].weapons[0].clone();
    scenario.units[HARVEY.index()].weapons.push(second);
    let mut app = begun(scenario);
    until_the_whole_turn_of(&mut app, HARVEY);
    let unaimed = |shots| -> FireMode {
        BrpFireMode::Unaimed {
            shots,
            at: vec![MERCY],
        }
        .into()
    };
    let second_guns = |app: &mut App| -> Vec<usize> {
        offered(app.world_mut(), HARVEY)
            .second_guns
            .iter()
            .map(|(gun, style)| {
                assert_eq!(style.words(), "6 unaimed", "twice the revolver's 3 shots");
                *gun
            })
            .collect()
    };
    assert_eq!(
        second_guns(&mut app),
        Vec::<usize>::new(),
        "nothing fired yet"
    );
    let first = fire_taken(&mut app, HARVEY, 0, unaimed(2));
    assert_eq!(rejected(&first), None, "{first:?}");
    assert_eq!(
        second_guns(&mut app),
        [1],
        "the other hand's gun is offered"
    );
    let aimed = refusal(
        &mut app,
        Command::Fire {
            unit: HARVEY,
            weapon: WeaponChoice::Carried(1),
            mode: FireMode::single(MERCY),
        },
    );
    assert_eq!(aimed, Some(Rejection::ActionUsed));
    let other = fire_taken(&mut app, HARVEY, 1, unaimed(2));
    assert_eq!(rejected(&other), None, "{other:?}");
    let fired = other
        .iter()
        .filter(|event| matches!(event, EventKind::Fired { unit: HARVEY, .. }))
        .count();
    assert_eq!(fired, 1, "the second gun fires: {other:?}");
    assert_eq!(
        second_guns(&mut app),
        Vec::<usize>::new(),
        "both have fired"
    );
    let third = refusal(
        &mut app,
        Command::Fire {
            unit: HARVEY,
            weapon: WeaponChoice::Carried(0),
            mode: unaimed(1),
        },
    );
    assert_eq!(third, Some(Rejection::ActionUsed));
    // Next round the turn starts afresh: the gun in the other hand may fire first.
    until_the_whole_turn_of(&mut app, MERCY);
    send(&mut app, Command::EndTurn { unit: MERCY });
    until_the_whole_turn_of(&mut app, HARVEY);
    let next = fire_taken(&mut app, HARVEY, 1, unaimed(1));
    assert_eq!(rejected(&next), None, "{next:?}");
    assert_eq!(
        second_guns(&mut app),
        [0],
        "now the first gun is the other hand's"
    );
}

/// Ida's shotgun is empty, with spare shells: a round is chambered and fired only at half DEX.
/// In her turns at DEX (the readied shot, the whole turn) the shot is refused as not yet due;
/// in her half-DEX slot it goes off, one shell from the spares and none left in the gun.
#[test]
fn an_empty_gun_chambers_and_fires_at_half_dex() {
    const IDA: UnitId = UnitId(1);
    let mut scenario = kingsport_with(&[(IDA, (10, 8)), (MERCY, (11, 8))]);
    scenario.units[IDA.index()].weapons[0].loaded = 0;
    let mut app = begun(scenario);
    until_the_turn_of(&mut app, IDA);
    let mut refused_at_dex = 0;
    while limits(&app).kind != TurnKind::FurtherShot {
        let early = after(
            &mut app,
            &[],
            Command::Fire {
                unit: IDA,
                weapon: WeaponChoice::Carried(0),
                mode: FireMode::single(MERCY),
            },
        );
        assert!(
            matches!(rejected(&early), Some(Rejection::NotNow(why)) if why.contains("half DEX")),
            "{:?} turn: {early:?}",
            limits(&app).kind
        );
        refused_at_dex += 1;
        send(&mut app, Command::EndTurn { unit: IDA });
        until_the_turn_of(&mut app, IDA);
    }
    assert_eq!(
        refused_at_dex, 2,
        "refused in cycle 1 and at DEX in cycle 2"
    );
    shoot(&mut app, IDA, MERCY);
    let fired = after(
        &mut app,
        &percentile(10),
        Command::Answer {
            unit: MERCY,
            answer: Answer::Nothing,
        },
    );
    assert!(
        fired
            .iter()
            .any(|event| matches!(event, EventKind::Rolled { unit: IDA, .. })),
        "{fired:?}"
    );
    let mut query = app.world_mut().query::<(&UnitId, &Arsenal)>();
    let ammunition = query
        .iter(app.world())
        .find(|(id, _)| **id == IDA)
        .map(|(_, arsenal)| arsenal.state(0).ammunition);
    assert_eq!(
        ammunition.map(|left| (left.loaded, left.spare)),
        Some((0, 5))
    );
}

/// The round chambered at half DEX is for one that has neither acted nor lost its action: Ida,
/// her shotgun empty, runs past her MOV at DEX and has no half-DEX slot that round.
#[test]
fn a_unit_that_ran_past_its_mov_chambers_nothing_at_half_dex() {
    const IDA: UnitId = UnitId(1);
    let mut scenario = kingsport_with(&[(IDA, (2, 12)), (MERCY, (22, 4))]);
    scenario.units[IDA.index()].weapons[0].loaded = 0;
    let mut app = begun(scenario);
    until_the_whole_turn_of(&mut app, IDA);
    let round = app.world().resource::<Flow>().round;
    let ran = after(
        &mut app,
        &[],
        Command::Move {
            unit: IDA,
            to: Tile::new(14, 12),
        },
    );
    assert!(
        ran.contains(&EventKind::ActionForfeited { unit: IDA }),
        "{ran:?}"
    );
    send(&mut app, Command::EndTurn { unit: IDA });
    while app.world().resource::<Flow>().round == round {
        let acting = acting(&app).expect("someone acts until the round ends");
        assert_ne!(
            acting,
            IDA,
            "no half-DEX slot after running: {:?}",
            limits(&app)
        );
        send(&mut app, Command::EndTurn { unit: acting });
    }
}

/// Harvey fires his revolver's last round as his readied shot: at DEX and at half DEX he may
/// not chamber a spare and fire it, having acted this round.
#[test]
fn a_unit_that_fired_chambers_nothing_later_in_the_round() {
    let mut scenario = kingsport_with(&[(HARVEY, (10, 8)), (MERCY, (14, 8))]);
    scenario.units[HARVEY.index()].weapons[0].loaded = 1;
    let mut app = begun(scenario);
    until_the_turn_of(&mut app, HARVEY);
    assert_eq!(limits(&app).kind, TurnKind::ReadiedShot);
    shoot(&mut app, HARVEY, MERCY);
    send(
        &mut app,
        Command::Answer {
            unit: MERCY,
            answer: Answer::Nothing,
        },
    );
    assert_eq!(condition(&mut app, HARVEY).shots_this_round, 1);
    send(&mut app, Command::EndTurn { unit: HARVEY });
    let mut refused = Vec::new();
    for _ in 0..2 {
        until_the_turn_of(&mut app, HARVEY);
        refused.push((limits(&app).kind, fire_refused(&mut app, HARVEY, MERCY)));
        send(&mut app, Command::EndTurn { unit: HARVEY });
    }
    let not_now = |why: &Option<Rejection>| matches!(why, Some(Rejection::NotNow(why)) if why.contains("has not acted"));
    assert_eq!(
        refused.iter().map(|(kind, _)| *kind).collect::<Vec<_>>(),
        [TurnKind::Whole, TurnKind::FurtherShot]
    );
    assert!(refused.iter().all(|(_, why)| not_now(why)), "{refused:?}");
}

/// Against gunfire a dodge meets only the first bullet of the round: Ezra's readied shot in
/// cycle 1 (a 10 against his 40) Harvey dodges (a 5 against his 28), and the hit is taken
/// away; Harvey's own readied shot then goes by (the dodge cost it), and when Ezra's second shot
/// comes in cycle 2 Harvey is not asked.
#[test]
fn a_dodge_meets_only_the_first_bullet_and_costs_the_readied_shot() {
    let mut app = ambush();
    name_parries(&mut app, &[]);
    shoot(&mut app, EZRA, HARVEY);
    assert!(matches!(
        answer_odds(app.world_mut()),
        Some(AnswerOdds::Shots {
            answer: DODGE_FIRST_BULLET,
            ..
        })
    ));
    load(&mut app, &[percentile(5), percentile(10)].concat());
    let dodged = harvey_answers(&mut app, Answer::Dodge);
    assert!(
        dodged.contains(&EventKind::DodgedFire {
            unit: HARVEY,
            made_it: true
        }),
        "{dodged:?}"
    );
    assert!(dodged.contains(&EventKind::BulletDodged {
        unit: EZRA,
        target: HARVEY
    }));
    assert!(
        !dodged
            .iter()
            .any(|event| matches!(event, EventKind::ShotHit { .. }))
    );
    assert_eq!(vitals(&mut app, HARVEY).hit_points, 13);
    send(&mut app, Command::EndTurn { unit: EZRA });
    assert_ne!(acting(&app), Some(HARVEY), "his readied shot went by");
    until_the_turn_of(&mut app, EZRA);
    assert_eq!(
        limits(&app),
        TurnLimits {
            kind: TurnKind::Whole,
            fire_only: true,
            shots: Some(1),
            moves_after_acting: false,
            chambers: false,
        },
        "a second shot, and no moving after the first"
    );
    second_shot_unasked(&mut app);
}

/// Ezra fires again at Harvey, who is not asked to answer: a bullet came at him this round.
fn second_shot_unasked(app: &mut App) {
    let second = after(
        app,
        &[],
        Command::Fire {
            unit: EZRA,
            weapon: WeaponChoice::Carried(0),
            mode: FireMode::single(HARVEY),
        },
    );
    assert!(
        !second
            .iter()
            .any(|event| matches!(event, EventKind::DefenceAsked { unit: HARVEY, .. })),
        "{second:?}"
    );
}

/// The first bullet is each round's to dodge (SPECS.md 1.1: "only against the first bullet
/// shot at it this round"): Harvey takes Ezra's shot in round 1 (a 90, a miss) and is not asked
/// about the second, but Ezra's first shot of round 2 he may dodge again.
#[test]
fn the_first_bullet_of_each_round_may_be_dodged() {
    let mut app = ambush();
    name_parries(&mut app, &[]);
    shoot(&mut app, EZRA, HARVEY);
    load(&mut app, &percentile(90));
    let taken = harvey_answers(&mut app, Answer::Nothing);
    assert!(rejected(&taken).is_none(), "{taken:?}");
    send(&mut app, Command::EndTurn { unit: EZRA });
    until_the_turn_of(&mut app, EZRA);
    assert_eq!(app.world().resource::<Flow>().round, 1);
    load(&mut app, &percentile(90));
    second_shot_unasked(&mut app);
    send(&mut app, Command::EndTurn { unit: EZRA });
    while app.world().resource::<Flow>().round < 2 {
        let Some(unit) = acting(&app) else { break };
        send(&mut app, Command::EndTurn { unit });
        name_parries(&mut app, &[]);
    }
    until_the_turn_of(&mut app, EZRA);
    assert_eq!(app.world().resource::<Flow>().round, 2);
    shoot(&mut app, EZRA, HARVEY);
    assert!(
        matches!(
            answer_odds(app.world_mut()),
            Some(AnswerOdds::Shots {
                answer: DODGE_FIRST_BULLET,
                ..
            })
        ),
        "Harvey is asked again in round 2"
    );
}
