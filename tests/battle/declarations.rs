//! The western's declared rounds in the battle, on Noon at Dry Gulch: a declaration taken only
//! in its slot and binding on the act slot, an act not carried out lost, a zigzag that rules out
//! attacks, keeps to AGI feet and costs shooters −4 all round, and declared shots that set the
//! step for several shots.

use gridkeeper::battle::command::FireMode;
use gridkeeper::map::range::distance_squared;
use gridkeeper::rules::round::TurnKind;
use gridkeeper::rulesets::frontier::battle::commands::FrontierCommand;
use gridkeeper::rulesets::frontier::battle::declaration::{Declaration, DeclaredAct, DeclaredMove};
use gridkeeper::rulesets::frontier::battle::events::FrontierEvent;

use super::*;
use crate::frontier::{KID, LOLA, WES, dry_gulch, firing, shot_modifiers, until_the_act_of};
use gridkeeper::rulesets::frontier::reasons;

const BIG_JIM: UnitId = UnitId(4);

fn refused_now(why: &str) -> Option<Rejection> {
    Some(Rejection::NotNow(why.to_string()))
}

/// Wes declares a shot at the Kid: in his act slot he may move and draw, but not fire at Big
/// Jim nor take a bead, and a declaration is made nowhere but its slot. Ending the turn
/// without the shot loses it.
#[test]
fn a_declaration_binds_the_act_slot() {
    let mut app = dry_gulch(&[2, 9]);
    // A declaration slot takes a declaration (or a pass) and nothing else.
    assert_eq!(refusal(&mut app, Command::EndTurn { unit: BIG_JIM }), None);
    assert_eq!(
        refusal(
            &mut app,
            Command::Move {
                unit: UnitId(2),
                to: Tile::new(2, 10),
            }
        ),
        refused_now("declare the round: how the unit moves and what it does")
    );
    until_the_act_of(&mut app, WES, &[(WES, firing(KID, 1))]);
    let declared = |app: &App, unit: UnitId| {
        events(app).into_iter().any(|event| {
            event
                == EventKind::from(FrontierEvent::Declared {
                    unit,
                    declaration: firing(KID, 1),
                })
        })
    };
    assert!(declared(&app, WES));
    assert_eq!(
        refusal(
            &mut app,
            FrontierCommand::Declare {
                unit: WES,
                declaration: firing(BIG_JIM, 1),
            }
            .into()
        ),
        refused_now("a round is declared in the unit's declaration slot")
    );
    send(
        &mut app,
        Command::Ready {
            unit: WES,
            weapon: WeaponChoice::Carried(0),
        },
    );
    let bound = refused_now("not what it declared (moves · fires at \"Kid\" Sam Ortega)");
    let fire = |mode| Command::Fire {
        unit: WES,
        weapon: WeaponChoice::Carried(0),
        mode,
    };
    // At Big Jim; two shots where one was declared; a bead.
    for undeclared in [
        fire(FireMode::single(BIG_JIM)),
        fire(FireMode::Shots(vec![KID; 2])),
        Command::Aim {
            unit: WES,
            target: KID,
        },
    ] {
        assert_eq!(
            refusal(&mut app, undeclared.clone()),
            bound,
            "{undeclared:?}"
        );
    }
    send(
        &mut app,
        Command::Move {
            unit: WES,
            to: Tile::new(4, 6),
        },
    );
    let mark = event_count(&app);
    send(&mut app, Command::EndTurn { unit: WES });
    assert!(
        events_from(&app, mark).contains(&EventKind::from(FrontierEvent::DeclarationLost {
            unit: WES,
            declaration: firing(KID, 1),
        }))
    );
}

/// Lola may not zigzag and fire; zigzagging, she moves at most her AGI 13 feet (4.3 yards), and
/// the Kid's shots at her are at −4 before she has moved at all. He declared two shots and
/// fires one: still −1 for the two.
#[test]
fn a_zigzag_rules_out_attacks_keeps_to_agi_feet_and_costs_shooters_four() {
    let mut app = dry_gulch(&[7, 3]);
    until_the_act_of(&mut app, BIG_JIM, &[]);
    send(&mut app, Command::EndTurn { unit: BIG_JIM });
    // Round 2: Big Jim, Doc and Pete declare; then Lola.
    for unit in [BIG_JIM, UnitId(2), UnitId(5)] {
        send(
            &mut app,
            FrontierCommand::Declare {
                unit,
                declaration: Declaration::default(),
            }
            .into(),
        );
    }
    assert_eq!(acting(&app), Some(WES));
    send(
        &mut app,
        FrontierCommand::Declare {
            unit: WES,
            declaration: Declaration::default(),
        }
        .into(),
    );
    assert_eq!(
        refusal(
            &mut app,
            FrontierCommand::Declare {
                unit: LOLA,
                declaration: zigzag(DeclaredAct::Fire {
                    target: KID,
                    shots: 1,
                }),
            }
            .into()
        ),
        refused_now("a unit that zigzags makes no attack this round")
    );
    until_the_act_of(
        &mut app,
        KID,
        &[(LOLA, zigzag(DeclaredAct::Nothing)), (KID, firing(LOLA, 2))],
    );
    let fired = after(&mut app, &percentile(99), kid_fires(&[LOLA]));
    assert_eq!(
        shot_modifiers(&fired, KID),
        vec![vec![
            (ModifierReason::LongRange, -40),
            (reasons::ZIGZAGGING, -40),
            (ModifierReason::MultipleShots, -10),
        ]]
    );
    send(&mut app, Command::EndTurn { unit: KID });
    assert_eq!(acting(&app), Some(LOLA));
    assert_eq!(
        refusal(
            &mut app,
            Command::Move {
                unit: LOLA,
                to: Tile::new(4, 3),
            }
        ),
        Some(Rejection::OverBudget { cost: 50, left: 43 })
    );
    send(
        &mut app,
        Command::Move {
            unit: LOLA,
            to: Tile::new(4, 4),
        },
    );
    assert_eq!(
        refusal(
            &mut app,
            Command::Ready {
                unit: LOLA,
                weapon: WeaponChoice::Unarmed,
            }
        ),
        refused_now("not what it declared (zigzags · nothing more)")
    );
}

/// The Kid fires at Wes, who declared his shot at the Kid: a quick draw, the Kid's d100 + 54
/// against Wes's d100 + 24 (his Colt holstered). On 10 against 50 Wes wins (64 to 74): he draws
/// and fires first (at −2 for drawing), then the Kid's pull goes on; Wes's shot is spent, so
/// his own act slot fires no more and loses nothing. On 50 against 10 the Kid fires first and
/// Wes keeps his shot for his act slot. The Kid holding his pull, Wes drawing in his own act
/// and then firing still pays the 20 for pulling it out: 50 + 24 against the Kid's 10 + 54.
#[test]
fn a_quick_draw_decides_who_fires_first() {
    let duel = [(WES, firing(KID, 1)), (KID, firing(WES, 1))];
    let kid_fires = kid_fires(&[WES]);
    let misses: Vec<u32> = percentile(99).into_iter().chain(percentile(99)).collect();
    let rollers = |events: &[EventKind]| -> Vec<UnitId> {
        events
            .iter()
            .filter_map(|event| match event {
                EventKind::Rolled { unit, .. } => Some(*unit),
                _ => None,
            })
            .collect()
    };
    let first_of = |events: &[EventKind]| {
        events.iter().find_map(|event| match event {
            EventKind::Rulebook(own) => match own.of::<FrontierEvent>() {
                Some(FrontierEvent::QuickDrawn {
                    shooter,
                    answer,
                    first,
                    ..
                }) => Some((shooter.total, answer.total, *first)),
                _ => None,
            },
            _ => None,
        })
    };
    let mut app = dry_gulch(&[7, 3]);
    until_the_act_of(&mut app, KID, &duel);
    let drawn: Vec<u32> = [10, 50].into_iter().chain(misses.clone()).collect();
    let fired = after(&mut app, &drawn, kid_fires.clone());
    assert_eq!(first_of(&fired), Some((64, 74, Some(WES))));
    assert_eq!(rollers(&fired), [WES, KID], "Wes fires first, then the Kid");
    assert_eq!(
        shot_modifiers(&fired, WES),
        vec![vec![
            (ModifierReason::LongRange, -40),
            (reasons::DRAWING, -20)
        ]]
    );
    send(&mut app, Command::EndTurn { unit: KID });
    // The shot he fired in the draw was his declared one.
    fires_no_more_and_loses_nothing(&mut app, WES, "moves · fires at \"Kid\" Sam Ortega");

    let mut app = dry_gulch(&[7, 3]);
    until_the_act_of(&mut app, KID, &duel);
    let drawn: Vec<u32> = [50, 10].into_iter().chain(percentile(99)).collect();
    let fired = after(&mut app, &drawn, kid_fires.clone());
    assert_eq!(first_of(&fired), Some((104, 34, Some(KID))));
    assert_eq!(rollers(&fired), [KID]);

    let mut app = dry_gulch(&[7, 3]);
    until_the_act_of(&mut app, WES, &duel);
    send(
        &mut app,
        Command::Ready {
            unit: WES,
            weapon: WeaponChoice::Carried(0),
        },
    );
    let drawn: Vec<u32> = [50, 10].into_iter().chain(misses.clone()).collect();
    let wes_fires = Command::Fire {
        unit: WES,
        weapon: WeaponChoice::Carried(0),
        mode: FireMode::single(KID),
    };
    let fired = after(&mut app, &drawn, wes_fires);
    assert_eq!(first_of(&fired), Some((74, 64, Some(WES))));

    // Wes taking a bead on the Kid does not draw.
    let mut app = dry_gulch(&[7, 3]);
    let bead = Declaration {
        movement: DeclaredMove::Stay,
        act: DeclaredAct::Bead { target: KID },
        ..Declaration::default()
    };
    until_the_act_of(&mut app, KID, &[(WES, bead), (KID, firing(WES, 1))]);
    let fired = after(&mut app, &percentile(99), kid_fires);
    assert_eq!(first_of(&fired), None);
    assert_eq!(rollers(&fired), [KID]);
}

/// Wes wins the draw and his bullet takes 18 of the Kid's 27 Damage Points; the Kid fails his
/// Concentration roll (6%) on 99, falls and drops his Colt: his pull is lost, and down in pain
/// he may do nothing more this round.
#[test]
fn a_rival_who_wins_the_draw_can_take_the_shooters_pull() {
    let mut app = dry_gulch(&[7, 3]);
    until_the_act_of(
        &mut app,
        KID,
        &[(WES, firing(KID, 1)), (KID, firing(WES, 1))],
    );
    let dice: Vec<u32> = [10, 50]
        .into_iter()
        .chain(percentile(10))
        .chain([9, 9])
        .chain(percentile(99))
        .collect();
    let fired = after(&mut app, &dice, kid_fires(&[WES]));
    assert!(
        fired.contains(&EventKind::from(FrontierEvent::DeclarationLost {
            unit: KID,
            declaration: firing(WES, 1),
        }))
    );
    let kid_shots = fired
        .iter()
        .filter(|event| {
            matches!(event, EventKind::Rolled { unit, roll }
                if *unit == KID && roll.purpose.name() == "Hand Guns")
        })
        .count();
    assert_eq!(kid_shots, 0, "the Kid never fired");
    assert_eq!(vitals(&mut app, KID).hit_points, 9);
    assert_eq!(
        refusal(
            &mut app,
            Command::TakePosture {
                unit: KID,
                posture: gridkeeper::rules::situation::Posture::Standing,
            }
        ),
        Some(Rejection::CannotAct(
            "down in pain: nothing more this round".to_string()
        ))
    );
}

/// The careful AI reads the declarations made before its own: the Kid (d100 + 54 on the draw)
/// declares his shot at Wes, who declared his at the Kid with his Colt still holstered (d100 +
/// 24), and so draws on him; a baseline Kid declares the plan it had without looking.
#[test]
fn a_quick_ai_draws_on_the_enemy_who_declared_a_shot_at_it() {
    use gridkeeper::ai::Style;
    for (style, draws) in [(Style::Careful, true), (Style::Baseline, false)] {
        let mut scenario = specs_sample("dry-gulch.ron", None);
        for unit in &mut scenario.units {
            unit.control = Control::Person;
        }
        let mut app = with_ai_playing(scenario, KID, style);
        load(&mut app, &[7, 3]);
        send(&mut app, Command::Begin);
        // Everyone before the Kid declares, Wes his shot at the Kid.
        for _ in 0..5 {
            let unit = acting(&app).expect("a declaration slot");
            let declaration = if unit == WES {
                firing(KID, 1)
            } else {
                Declaration::default()
            };
            send(
                &mut app,
                FrontierCommand::Declare { unit, declaration }.into(),
            );
        }
        for _ in 0..20 {
            app.update();
        }
        let kid = events(&app)
            .into_iter()
            .find_map(|event| match event.own::<FrontierEvent>() {
                Some(FrontierEvent::Declared { unit, declaration }) if *unit == KID => {
                    Some(*declaration)
                }
                _ => None,
            });
        let at_wes = matches!(
            kid.map(|declaration| declaration.act),
            Some(DeclaredAct::Fire { target, .. }) if target == WES
        );
        assert_eq!(at_wes, draws, "{style:?}: {kid:?}");
    }
}

/// Wes holds his fire until fired upon: the Kid fires first (and misses on 99), then Wes draws
/// and shoots back at once (16%: long range and drawing), hitting on 10 for 9 + 9; that was his
/// shot, so his own act slot fires none and loses nothing. Lola, holding fire with nobody
/// shooting at her, loses nothing either.
#[test]
fn a_unit_holding_fire_shoots_back_when_fired_upon() {
    let hold = Declaration {
        act: DeclaredAct::HoldFire,
        ..Declaration::default()
    };
    let mut app = dry_gulch(&[7, 3]);
    until_the_act_of(
        &mut app,
        KID,
        &[(WES, hold), (LOLA, hold), (KID, firing(WES, 1))],
    );
    let faces: Vec<u32> = percentile(99)
        .into_iter()
        .chain(percentile(10))
        .chain([9, 9])
        .chain(percentile(1))
        .collect();
    let fired = after(&mut app, &faces, kid_fires(&[WES]));
    assert_eq!(rejected(&fired), None);
    assert_eq!(
        shot_modifiers(&fired, WES),
        [vec![
            (ModifierReason::LongRange, -40),
            (reasons::DRAWING, -20)
        ]]
    );
    assert_eq!(vitals(&mut app, KID).hit_points, 27 - 18);
    send(&mut app, Command::EndTurn { unit: KID });
    for holder in [LOLA, WES] {
        fires_no_more_and_loses_nothing(&mut app, holder, "stays · holds fire until fired upon");
    }
}

/// At `unit`'s act slot: a shot at the Kid is not what it declared (`declared` in words), and
/// ending the turn loses nothing.
fn fires_no_more_and_loses_nothing(app: &mut App, unit: UnitId, declared: &str) {
    until_the_act_of(app, unit, &[]);
    let shot = Command::Fire {
        unit,
        weapon: WeaponChoice::Carried(0),
        mode: FireMode::single(KID),
    };
    assert_eq!(
        refusal(app, shot),
        refused_now(&format!("not what it declared ({declared})"))
    );
    let mark = event_count(app);
    send(app, Command::EndTurn { unit });
    assert!(
        !events_from(app, mark).iter().any(|event| matches!(
            event.own::<FrontierEvent>(),
            Some(FrontierEvent::DeclarationLost { .. })
        )),
        "{unit:?} loses nothing"
    );
}

/// The careful AI playing Wes reads Pete's declared throw 5 yards east of him, towards the
/// outlaws he would walk to, and in his act slot first walks as far from it as he can: west and
/// south, at least 8 yards off it.
#[test]
fn a_careful_ai_walks_away_from_a_declared_throw() {
    let mut scenario = specs_sample("dry-gulch.ron", None);
    for unit in &mut scenario.units {
        unit.control = Control::Person;
    }
    let mut app = with_ai_playing(scenario, WES, gridkeeper::ai::Style::Careful);
    load(&mut app, &[7, 3]);
    send(&mut app, Command::Begin);
    let burst = gridkeeper::map::Tile { x: 8, y: 6 };
    let throw = Declaration {
        movement: DeclaredMove::Move,
        act: DeclaredAct::Throw { at: burst },
        ..Declaration::default()
    };
    for _ in 0..60 {
        match app.world().resource::<Flow>().turn {
            Some(turn) if turn.unit == WES => {}
            Some(turn) if turn.limits.kind == TurnKind::Declare => {
                let declaration = if turn.unit == UnitId(5) {
                    throw
                } else {
                    Declaration::default()
                };
                send(
                    &mut app,
                    FrontierCommand::Declare {
                        unit: turn.unit,
                        declaration,
                    }
                    .into(),
                );
                continue;
            }
            Some(turn) if turn.unit != WES => {
                send(&mut app, Command::EndTurn { unit: turn.unit });
                continue;
            }
            _ => {}
        }
        app.update();
    }
    let walked = events(&app).into_iter().find_map(|event| match event {
        EventKind::Moved { unit, path, .. } if unit == WES => path.last().copied(),
        _ => None,
    });
    let away = walked.map(|tile| distance_squared(tile, burst));
    assert!(away.is_some_and(|squared| squared >= 64), "{walked:?}");
}

/// Lola declared a zigzag, but the Kid's first bullet (01, in at 5%) takes 18 and she fails her
/// Concentration roll on 99: down in pain on the ground, she weaves about no more, and his
/// second shot is at her prone three-quarter cover, not her zigzag.
#[test]
fn a_unit_down_in_pain_zigzags_no_more() {
    let mut app = dry_gulch(&[7, 3]);
    until_the_act_of(
        &mut app,
        KID,
        &[(LOLA, zigzag(DeclaredAct::Nothing)), (KID, firing(LOLA, 2))],
    );
    let dice: Vec<u32> = percentile(1)
        .into_iter()
        .chain([9, 9])
        .chain(percentile(99))
        .chain(percentile(99))
        .collect();
    let fired = after(&mut app, &dice, kid_fires(&[LOLA, LOLA]));
    assert_eq!(
        shot_modifiers(&fired, KID),
        vec![
            vec![
                (ModifierReason::LongRange, -40),
                (reasons::ZIGZAGGING, -40),
                (ModifierReason::MultipleShots, -10),
            ],
            vec![
                (ModifierReason::LongRange, -40),
                (reasons::THREE_QUARTER_COVER, -40),
                (ModifierReason::MultipleShots, -10),
            ]
        ]
    );
}

/// A zigzag with `act`.
fn zigzag(act: DeclaredAct) -> Declaration {
    Declaration {
        movement: DeclaredMove::Zigzag,
        act,
        ..Declaration::default()
    }
}

/// The Kid's pull with his Colt: a shot at each of `at` in turn.
fn kid_fires(at: &[UnitId]) -> Command {
    Command::Fire {
        unit: KID,
        weapon: WeaponChoice::Carried(0),
        mode: FireMode::Shots(at.to_vec()),
    }
}
