//! Aiming, its loss, and diving for cover against gunfire.

use super::*;
use gridkeeper::rulesets::coc7e::battle::events::CocEvent;
use gridkeeper::rulesets::coc7e::reasons;

/// Aim this round, shoot next round: a bonus die, if nothing else comes first. Moving first, or
/// being hurt, spoils it.
#[test]
fn aiming_gives_a_bonus_die_on_the_next_turn_unless_spoilt() {
    let rows = field(20, &[]);
    let setting = || {
        let shooter = gunman((1, 5), REVOLVER, HANDGUN, 60);
        let target = fighter("Target", "b", (10, 5));
        let mut app = begun(on_field(&[shooter, target], &rows, ""));
        send(&mut app, Command::Aim { unit: A, target: B });
        assert!(crate::events(&app).contains(&EventKind::Aimed { unit: A, target: B }));
        next_round(&mut app);
        app
    };
    let mut app = setting();
    let (_, modifiers) = one_shot(&mut app);
    assert_eq!(reasons(&modifiers), [(ModifierReason::Aiming, 1)]);
    assert_eq!(condition(&mut app, A).aim, None, "used up");

    let mut app = setting();
    send(
        &mut app,
        Command::Move {
            unit: A,
            to: Tile::new(2, 5),
        },
    );
    assert!(crate::events(&app).contains(&EventKind::AimLost { unit: A }));
    let (_, modifiers) = one_shot(&mut app);
    assert!(modifiers.is_empty(), "{modifiers:?}");

    // Aiming takes the action: no shot on the turn it is taken.
    let shooter = gunman((1, 5), REVOLVER, HANDGUN, 60);
    let target = fighter("Target", "b", (10, 5));
    let mut app = begun(on_field(&[shooter, target], &rows, ""));
    send(&mut app, Command::Aim { unit: A, target: B });
    refuse_a_shot(&mut app, Rejection::ActionUsed);
}

/// Hurt while aiming: the aim is gone.
#[test]
fn damage_spoils_the_aim() {
    let rows = field(20, &[]);
    let shooter = gunman((1, 5), REVOLVER, HANDGUN, 60);
    let mut brawler = fighter("Brawler", "b", (2, 5));
    brawler.dexterity = 40;
    let mut app = begun(on_field(&[shooter, brawler], &rows, ""));
    send(&mut app, Command::Aim { unit: A, target: B });
    send(&mut app, Command::EndTurn { unit: A });
    load(&mut app, &rolls(&[10], &[3]));
    strike(&mut app, B, A, WeaponChoice::Unarmed, Answer::Nothing);
    assert!(crate::events(&app).contains(&EventKind::AimLost { unit: A }));
    assert_eq!(condition(&mut app, A).aim, None);
}

/// Diving for cover: a Dodge roll; made, every shot of that trigger pull takes a penalty die;
/// either way the diver loses its next action, and until then may only dodge.
#[test]
fn diving_for_cover() {
    let rows = field(20, &[]);
    let shooter = gunman((1, 5), REVOLVER, HANDGUN, 60);
    let mut target = fighter("Target", "b", (8, 5));
    target.dexterity = 40;
    let mut app = begun(on_field(&[shooter, target], &rows, ""));
    send(
        &mut app,
        Command::Fire {
            unit: A,
            weapon: GUN,
            mode: FireMode::Shots(vec![B, B]),
        },
    );
    assert_eq!(
        crate::events(&app).last(),
        Some(&EventKind::DefenceAsked {
            unit: B,
            attacker: A,
            asked: gridkeeper::battle::event::DefenceKind::Shots
        })
    );
    refuse(
        &mut app,
        Command::Answer {
            unit: B,
            answer: Answer::FightBack,
        },
        Rejection::InvalidAnswer("against shots a unit dives for cover or takes them".to_string()),
    );
    let answered = after(
        &mut app,
        &rolls(&[20], &[]),
        Command::Answer {
            unit: B,
            answer: Answer::DiveForCover,
        },
    );
    assert!(answered.contains(&EventKind::from(CocEvent::Dived {
        unit: B,
        made_it: true
    })));
    let shots = attack_rolls(&answered, A);
    assert_eq!(shots.len(), 2);
    for (_, modifiers) in &shots {
        assert_eq!(
            reasons(modifiers),
            [
                (reasons::DIVED_FOR_COVER, -1),
                (ModifierReason::MultipleShots, -1)
            ]
        );
    }
    send(&mut app, Command::EndTurn { unit: A });
    assert_eq!(acting(&app), Some(B));
    assert!(crate::events(&app).ends_with(&[
        EventKind::TurnBegan { unit: B },
        EventKind::ActionForfeited { unit: B }
    ]));
    // The next round it acts again.
    send(&mut app, Command::EndTurn { unit: B });
    send(&mut app, Command::EndTurn { unit: A });
    assert_eq!(acting(&app), Some(B));
    assert!(!crate::events(&app).ends_with(&[EventKind::ActionForfeited { unit: B }]));
}

/// A gunman with a revolver and two enemies, B and C, side by side 7 yards off, under `rules`.
fn gunman_and_a_pair(rules: &str) -> App {
    begun(on_field(
        &[
            gunman((1, 5), REVOLVER, HANDGUN, 60),
            fighter("First", "b", (8, 4)),
            fighter("Second", "b", (8, 6)),
        ],
        &field(20, &[]),
        rules,
    ))
}

/// A's two shots of suppressing fire on B and C.
fn suppress_the_pair() -> Command {
    Command::Fire {
        unit: A,
        weapon: GUN,
        mode: FireMode::Suppressing {
            bullets: 2,
            at: vec![B, C],
        },
    }
}

/// C, the last of the group asked, takes it: the fire goes off with these dice.
fn second_takes_it(app: &mut App, faces: &[&[u32]]) -> Vec<EventKind> {
    after(
        app,
        &faces.concat(),
        Command::Answer {
            unit: C,
            answer: Answer::Nothing,
        },
    )
}

/// CoC's optional suppressing fire: A fires two shots on B and C together. Both are asked before
/// any target is known; B dives (its Dodge made), C takes it. Each shot's target is then drawn
/// by a die, the diver's shot with the dive's penalty die and C's without. Off by default.
#[test]
fn suppressing_fire_lets_the_whole_group_dive_then_draws_each_target() {
    refuse(
        &mut gunman_and_a_pair(""),
        suppress_the_pair(),
        Rejection::WrongWeapon("suppressing fire is not in play in this battle".to_string()),
    );
    let mut app = gunman_and_a_pair("suppressing_fire: true");
    let asked = |app: &App| app.world().resource::<Flow>().pending().map(|p| p.target);
    send(&mut app, suppress_the_pair());
    assert_eq!(asked(&app), Some(B));
    let dived = after(
        &mut app,
        &rolls(&[20], &[]),
        Command::Answer {
            unit: B,
            answer: Answer::DiveForCover,
        },
    );
    assert!(dived.contains(&EventKind::from(CocEvent::Dived {
        unit: B,
        made_it: true
    })));
    assert_eq!(asked(&app), Some(C), "the whole group is asked first");
    // The first die draws B (three tens dice: the dive and two shots), the second C (two).
    let fired = second_takes_it(
        &mut app,
        &[&[1], &percentile_with(95, 3), &[2], &percentile_with(95, 2)],
    );
    let drawn: Vec<UnitId> = fired
        .iter()
        .filter_map(|event| match event {
            EventKind::TargetDrawn { target, .. } => Some(*target),
            _ => None,
        })
        .collect();
    assert_eq!(drawn, [B, C], "{fired:?}");
    let shots: Vec<Vec<(ModifierReason, i8)>> = attack_rolls(&fired, A)
        .iter()
        .map(|(_, modifiers)| reasons(modifiers))
        .collect();
    assert_eq!(
        shots,
        [
            vec![
                (reasons::DIVED_FOR_COVER, -1),
                (ModifierReason::MultipleShots, -1)
            ],
            vec![(ModifierReason::MultipleShots, -1)],
        ]
    );
    assert_eq!(ammunition(&mut app, A).0, 4, "two rounds spent");
}

/// One of the group killed by an earlier shot of suppressing fire is not drawn again: the next
/// shot goes at the one left, with no die to draw it, and spends its round.
#[test]
fn suppressing_fire_draws_only_from_those_still_standing() {
    let mut app = gunman_and_a_pair("suppressing_fire: true");
    send(&mut app, suppress_the_pair());
    send(
        &mut app,
        Command::Answer {
            unit: B,
            answer: Answer::Nothing,
        },
    );
    // The die draws B; an extreme hit (5) impales for 10 + 10, past B's 10 hit points; then
    // C, the one left, is missed (95).
    let fired = second_takes_it(
        &mut app,
        &[
            &[1],
            &percentile_with(5, 2),
            &[10, 10],
            &percentile_with(95, 2),
        ],
    );
    assert_eq!(vitals(&mut app, B).vital, Vital::Dead, "{fired:?}");
    let shot_at: Vec<UnitId> = fired
        .iter()
        .filter_map(|event| match event {
            EventKind::ShotAt { target, .. } => Some(*target),
            _ => None,
        })
        .collect();
    assert_eq!(shot_at, [B, C], "{fired:?}");
    let draws = fired
        .iter()
        .filter(|event| matches!(event, EventKind::TargetDrawn { .. }))
        .count();
    assert_eq!(draws, 1, "no die for the one left");
    assert_eq!(ammunition(&mut app, A).0, 4, "two rounds spent");
}

/// The window's group for suppressing fire at B: B, then its side's standing units within 3
/// yards of it that the shot could go at; not one farther off, not one behind a wall, not a
/// friend, not the dead.
#[test]
fn suppressing_fire_falls_on_the_enemies_about_the_one_clicked() {
    let rows = field(20, &[(9, 6, '#'), (10, 6, '#'), (9, 7, '#'), (10, 7, '#')]);
    let mut app = begun(on_field(
        &[
            gunman((1, 5), REVOLVER, HANDGUN, 60),
            fighter("Clicked", "b", (10, 5)),
            fighter("Beside", "b", (10, 3)),
            fighter("Far", "b", (14, 5)),
            fighter("Behind the wall", "b", (11, 7)),
            fighter("Friend", "a", (11, 5)),
            fighter("Fallen", "b", (9, 4)),
        ],
        &rows,
        "suppressing_fire: true",
    ));
    set_vitals(&mut app, UnitId(6), |vitals| vitals.vital = Vital::Dead);
    assert_eq!(
        gridkeeper::battle::ranged::suppressing_group(app.world_mut(), A, GUN, B),
        [B, C]
    );
}

/// Close up, the group keeps to one arc: of two enemies about the one clicked, the one that
/// would take the spread past sixty degrees stays out.
#[test]
fn suppressing_fire_keeps_its_group_in_one_arc() {
    let mut app = begun(on_field(
        &[
            gunman((7, 5), REVOLVER, HANDGUN, 60),
            fighter("Clicked", "b", (9, 5)),
            fighter("Wide", "b", (8, 7)),
            fighter("Within", "b", (10, 6)),
        ],
        &field(20, &[]),
        "suppressing_fire: true",
    ));
    assert_eq!(
        gridkeeper::battle::ranged::suppressing_group(app.world_mut(), A, GUN, B),
        [B, UnitId(3)]
    );
}

/// A unit that dived may only dodge a melee attack until its next turn.
#[test]
fn after_a_dive_only_dodging() {
    let rows = field(20, &[]);
    let shooter = gunman((1, 5), REVOLVER, HANDGUN, 60);
    let target = fighter("Target", "b", (8, 5));
    let mut brawler = fighter("Brawler", "a", (9, 5));
    brawler.dexterity = 60;
    let mut app = begun(on_field(&[shooter, target, brawler], &rows, ""));
    a_shoots_and_b_dives(&mut app);
    // The brawler (DEX 60) comes next and goes for the diver (DEX 50).
    assert_eq!(acting(&app), Some(C));
    send(
        &mut app,
        Command::Attack {
            unit: C,
            target: B,
            weapon: WeaponChoice::Unarmed,
        },
    );
    refuse(
        &mut app,
        Command::Answer {
            unit: B,
            answer: Answer::FightBack,
        },
        Rejection::InvalidAnswer(
            "a unit that dived for cover may only dodge until its next turn".to_string(),
        ),
    );
    assert!(answer_comes_to_blows(&mut app, Answer::Dodge));
}
