//! Shooting through the headless battle: range bands, point-blank, every modifier alone and
//! together, aiming, diving for cover, multiple shots, bursts and full auto (the rulebook's
//! worked example), malfunctions and jams, reloading, shotguns, thrown weapons, and hit rates
//! over thousands of seeds against the exact odds.

use super::*;
use gridkeeper::battle::command::FireMode;
use gridkeeper::battle::event::Modifier;
use gridkeeper::map::range::RangeBand;
use gridkeeper::map::sight::ShotLine;
use gridkeeper::rules::damage::DamageSource;
use gridkeeper::rules::level_rolls;
use gridkeeper::rules::modifiers::extra_dice;
use gridkeeper::rules::odds::LevelOdds;
use gridkeeper::rules::percentile::{Difficulty, NetDice, SkillCheck};
use gridkeeper::rules::roll::RollPurpose;
use gridkeeper::rules::weapons::MalfunctionKind;

const HANDGUN: &str = "Firearms (Handgun)";
const RIFLE: &str = "Firearms (Rifle/Shotgun)";
const SMG: &str = "Firearms (SMG)";
const REVOLVER: &str = ".38 or 9mm Revolver";

/// A scenario on a field with these rule options.
fn on_field(fighters: &[Fighter], rows: &[String], rules: &str) -> Scenario {
    scenario_with(fighters, rows, rules, "")
}

/// A shooter on side a with `weapon` (full, no spares) and `skill` in `skill_name`.
fn gunman(at: (u32, u32), weapon: &'static str, skill_name: &'static str, skill: u32) -> Fighter {
    let mut unit = fighter("Gunman", "a", at);
    unit.weapons = vec![weapon];
    unit.skills.push((skill_name, skill));
    unit
}

const GUN: WeaponChoice = WeaponChoice::Carried(0);

/// A and B end their turns, in that order: the next round for a two-unit fight.
fn next_round(app: &mut App) {
    send(app, Command::EndTurn { unit: A });
    send(app, Command::EndTurn { unit: B });
}

/// A single shot by A at B is refused with `expected`, changing nothing.
fn refuse_a_shot(app: &mut App, expected: Rejection) {
    refuse(
        app,
        Command::Fire {
            unit: A,
            weapon: GUN,
            mode: FireMode::single(B),
        },
        expected,
    );
}

/// Fire, and let every target asked take it.
fn fire(app: &mut App, unit: UnitId, mode: FireMode) {
    send(
        app,
        Command::Fire {
            unit,
            weapon: GUN,
            mode,
        },
    );
    take_it(app);
}

/// The attack rolls a unit made in these events, with their modifiers.
fn attack_rolls(events: &[EventKind], unit: UnitId) -> Vec<(SkillCheck, Vec<Modifier>)> {
    events
        .iter()
        .filter_map(|event| match event {
            EventKind::Rolled { unit: roller, roll }
                if *roller == unit
                    && matches!(&roll.purpose, RollPurpose::Skill(skill)
                    if skill.starts_with("Firearms") || skill == "Throw") =>
            {
                Some((
                    level_rolls::check_of(roll).expect("a percentile roll with levels"),
                    roll.modifiers.clone(),
                ))
            }
            _ => None,
        })
        .collect()
}

/// The bonus and penalty dice among some modifiers, by reason (the steps of difficulty are
/// read from the difficulty).
fn reasons(modifiers: &[Modifier]) -> Vec<(ModifierReason, i8)> {
    modifiers
        .iter()
        .filter(|modifier| modifier.difficulty_steps() == 0)
        .map(|modifier| (modifier.reason, modifier.dice()))
        .collect()
}

/// One shot by A at B; the one attack roll's check and modifiers.
fn one_shot(app: &mut App) -> (SkillCheck, Vec<Modifier>) {
    let mark = event_count(app);
    fire(app, A, FireMode::single(B));
    let rolls = attack_rolls(&events_from(app, mark), A);
    assert_eq!(rolls.len(), 1, "{:?}", events_from(app, mark));
    rolls[0].clone()
}

/// The weapon state of a unit's first weapon.
fn ammunition(app: &mut App, unit: UnitId) -> (u32, u32) {
    let mut query = app.world_mut().query::<(&UnitId, &Arsenal)>();
    let state = query
        .iter(app.world())
        .find(|(id, _)| **id == unit)
        .map(|(_, arsenal)| arsenal.state(0))
        .expect("the unit exists");
    (state.ammunition.loaded, state.ammunition.spare)
}

// ---- Range and point-blank --------------------------------------------------------------------

/// A .38 revolver (base range 15 yards) at every band boundary: Regular to 15 yards, Hard to 30,
/// Extreme to 60, then no shot at all.
#[test]
fn difficulty_by_range_band_at_every_boundary() {
    let cases = [
        (1, Some(Difficulty::Regular)),
        (15, Some(Difficulty::Regular)),
        (16, Some(Difficulty::Hard)),
        (30, Some(Difficulty::Hard)),
        (31, Some(Difficulty::Extreme)),
        (60, Some(Difficulty::Extreme)),
        (61, None),
    ];
    let rows = field(66, &[]);
    for (yards, difficulty) in cases {
        let shooter = gunman((1, 5), REVOLVER, HANDGUN, 60);
        let target = fighter("Target", "b", (1 + yards, 5));
        let mut app = begun(on_field(&[shooter, target], &rows, ""));
        let mark = event_count(&app);
        fire(&mut app, A, FireMode::single(B));
        let events = events_from(&app, mark);
        match difficulty {
            Some(difficulty) => {
                let rolls = attack_rolls(&events, A);
                assert_eq!(rolls[0].0.difficulty, difficulty, "{yards} yards");
            }
            None => assert!(
                matches!(rejected(&events), Some(Rejection::OutOfReach(_))),
                "{yards} yards: {events:?}"
            ),
        }
    }
}

/// Point-blank is within DEX/5 feet: DEX 60 reaches 4 yards, DEX 45 3 yards, DEX 30 2 yards,
/// DEX 15 the next tile.
#[test]
fn point_blank_at_several_dex_values() {
    let cases = [
        (60, 4, true),
        (60, 5, false),
        (45, 3, true),
        (45, 4, false),
        (44, 3, false),
        (30, 2, true),
        (30, 3, false),
        (15, 1, true),
        (14, 1, false),
    ];
    for (dexterity, yards, point_blank) in cases {
        let mut shooter = gunman((1, 5), REVOLVER, HANDGUN, 60);
        shooter.dexterity = dexterity;
        assert_eq!(
            point_blank_die(shooter, 1 + yards, ""),
            point_blank,
            "DEX {dexterity} at {yards} yards"
        );
    }
}

/// Whether a shot by `shooter` at a target in column `column` gets the point-blank die.
fn point_blank_die(shooter: Fighter, column: u32, rules: &str) -> bool {
    let target = fighter("Target", "b", (column, 5));
    let mut app = begun(on_field(&[shooter, target], &field(12, &[]), rules));
    let (_, modifiers) = one_shot(&mut app);
    reasons(&modifiers).contains(&(ModifierReason::PointBlank, 1))
}

/// "Point-blank revisited": no bonus die for rifles and full-length shotguns; a sawed-off and a
/// handgun keep it.
#[test]
fn point_blank_revisited_leaves_out_long_guns() {
    let cases = [
        (".303 Lee-Enfield", RIFLE, "", true),
        (
            ".303 Lee-Enfield",
            RIFLE,
            "point_blank_revisited: true",
            false,
        ),
        (
            "12-gauge Shotgun (2B)",
            RIFLE,
            "point_blank_revisited: true",
            false,
        ),
        (
            "12-gauge Shotgun (2B, sawed off)",
            RIFLE,
            "point_blank_revisited: true",
            true,
        ),
        (REVOLVER, HANDGUN, "point_blank_revisited: true", true),
    ];
    for (weapon, skill, rules, bonus) in cases {
        assert_eq!(
            point_blank_die(gunman((1, 5), weapon, skill, 60), 3, rules),
            bonus,
            "{weapon} with rules ({rules})"
        );
    }
}

// ---- Modifiers ------------------------------------------------------------------------------

/// Each modifier alone, from the state of the map and the units: the one die it gives.
#[test]
fn each_modifier_alone() {
    let rows = field(20, &[(11, 5, 'c')]);
    type Tweak = fn(&mut Fighter);
    let none: Tweak = |_| {};
    // (what, the target's change, an ally of the shooter beside it, the modifier expected)
    let cases: [(
        &str,
        Tweak,
        Option<(u32, u32)>,
        Option<(ModifierReason, i8)>,
    ); 5] = [
        (
            "half cover beside the target",
            |target| target.at = (12, 5),
            None,
            Some((ModifierReason::HalfCover, -1)),
        ),
        (
            "a small target (Build -2)",
            |target| (target.strength, target.size) = (30, 30),
            None,
            Some((ModifierReason::SmallTarget, -1)),
        ),
        (
            "a large target (Build 4)",
            |target| (target.strength, target.size) = (150, 140),
            None,
            Some((ModifierReason::LargeTarget, 1)),
        ),
        (
            "a target in melee with the shooter's ally",
            none,
            Some((9, 6)),
            Some((ModifierReason::IntoMelee, -1)),
        ),
        ("nothing at all", none, None, None),
    ];
    for (what, target_tweak, ally, expected) in cases {
        let shooter = gunman((1, 5), REVOLVER, HANDGUN, 60);
        let mut target = fighter("Target", "b", (9, 5));
        target_tweak(&mut target);
        let mut fighters = vec![shooter, target];
        if let Some(at) = ally {
            fighters.push(fighter("Ally", "a", at));
        }
        let mut app = begun(on_field(&fighters, &rows, ""));
        let (check, modifiers) = one_shot(&mut app);
        match expected {
            None => {
                assert!(modifiers.is_empty(), "{what}: {modifiers:?}");
                assert_eq!(check.roll.dice, NetDice::PLAIN, "{what}");
            }
            Some((reason, dice)) => {
                assert_eq!(reasons(&modifiers), [(reason, dice)], "{what}");
                let expected = if dice > 0 {
                    NetDice::Bonus(1)
                } else {
                    NetDice::Penalty(1)
                };
                assert_eq!(check.roll.dice, expected, "{what}");
            }
        }
    }
}

/// Prone: a penalty die at a prone target unless point-blank; a bonus die for a prone shooter.
#[test]
fn prone_targets_and_prone_shooters() {
    let rows = field(20, &[]);
    for (distance, expected) in [
        (8, vec![(ModifierReason::ProneTarget, -1)]),
        (2, vec![(ModifierReason::PointBlank, 1)]),
    ] {
        let shooter = gunman((1, 5), REVOLVER, HANDGUN, 60);
        let target = fighter("Target", "b", (1 + distance, 5));
        let mut app = begun(on_field(&[shooter, target], &rows, ""));
        app.world_mut()
            .query::<(&UnitId, &mut Condition)>()
            .iter_mut(app.world_mut())
            .filter(|(id, _)| **id == B)
            .for_each(|(_, mut condition)| condition.prone = true);
        let (_, modifiers) = one_shot(&mut app);
        assert_eq!(reasons(&modifiers), expected, "{distance} yards");
    }
    let shooter = gunman((1, 5), REVOLVER, HANDGUN, 60);
    let target = fighter("Target", "b", (9, 5));
    let mut app = begun(on_field(&[shooter, target], &rows, ""));
    app.world_mut()
        .query::<(&UnitId, &mut Condition)>()
        .iter_mut(app.world_mut())
        .filter(|(id, _)| **id == A)
        .for_each(|(_, mut condition)| condition.prone = true);
    let (check, modifiers) = one_shot(&mut app);
    assert_eq!(reasons(&modifiers), [(ModifierReason::ProneShooter, 1)]);
    assert_eq!(check.roll.dice, NetDice::Bonus(1));
}

/// A target that ran past its MOV this round is fast-moving if its MOV is 8 or more.
#[test]
fn fast_moving_targets() {
    let rows = field(30, &[]);
    for (movement, fast) in [(8, true), (7, false)] {
        let shooter = gunman((1, 5), REVOLVER, HANDGUN, 60);
        let mut target = fighter("Runner", "b", (20, 5));
        target.dexterity = 90;
        target.movement = Some(movement);
        let mut app = begun(on_field(&[target, shooter], &rows, ""));
        // The runner acts first (DEX 90 + nothing) only if the gunman is slower: the gunman is
        // listed second and acts at DEX 100 with his revolver, so let him wait for the runner.
        let (runner, gunman) = (A, B);
        wait(&mut app, gunman, Some(runner));
        send(
            &mut app,
            Command::Move {
                unit: runner,
                to: Tile::new(20 - movement - 1, 5),
            },
        );
        send(&mut app, Command::EndTurn { unit: runner });
        let mark = event_count(&app);
        send(
            &mut app,
            Command::Fire {
                unit: gunman,
                weapon: GUN,
                mode: FireMode::single(runner),
            },
        );
        take_it(&mut app);
        let rolls = attack_rolls(&events_from(&app, mark), gunman);
        assert_eq!(
            reasons(&rolls[0].1).contains(&(ModifierReason::FastTarget, -1)),
            fast,
            "MOV {movement}"
        );
    }
}

/// Modifiers combine: a bonus and a penalty die cancel (both still named); three bonus dice
/// are capped at two.
#[test]
fn modifiers_combine_and_cancel() {
    let rows = field(12, &[(3, 5, 'c')]);
    let shooter = gunman((1, 5), REVOLVER, HANDGUN, 60);
    let target = fighter("Target", "b", (4, 5));
    let mut app = begun(on_field(&[shooter, target], &rows, ""));
    let (check, modifiers) = one_shot(&mut app);
    assert_eq!(
        reasons(&modifiers),
        [
            (ModifierReason::PointBlank, 1),
            (ModifierReason::HalfCover, -1)
        ]
    );
    assert_eq!(check.roll.dice, NetDice::PLAIN);
    assert_eq!(check.roll.tens.len(), 1);

    // Aimed last round, shooting prone, point-blank: three bonus dice, two rolled.
    let shooter = gunman((1, 5), REVOLVER, HANDGUN, 60);
    let target = fighter("Target", "b", (3, 5));
    let mut app = begun(on_field(&[shooter, target], &field(12, &[]), ""));
    send(&mut app, Command::Aim { unit: A, target: B });
    next_round(&mut app);
    app.world_mut()
        .query::<(&UnitId, &mut Condition)>()
        .iter_mut(app.world_mut())
        .filter(|(id, _)| **id == A)
        .for_each(|(_, mut condition)| condition.prone = true);
    let (check, modifiers) = one_shot(&mut app);
    assert_eq!(
        reasons(&modifiers),
        [
            (ModifierReason::PointBlank, 1),
            (ModifierReason::Aiming, 1),
            (ModifierReason::ProneShooter, 1)
        ]
    );
    assert_eq!(check.roll.dice, NetDice::Bonus(2));
    assert_eq!(check.roll.tens.len(), 3);
}

// ---- Aiming and diving for cover --------------------------------------------------------------

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
        assert!(super::events(&app).contains(&EventKind::Aimed { unit: A, target: B }));
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
    assert!(super::events(&app).contains(&EventKind::AimLost { unit: A }));
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
    assert!(super::events(&app).contains(&EventKind::AimLost { unit: A }));
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
        super::events(&app).last(),
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
    assert!(answered.contains(&EventKind::Dived {
        unit: B,
        made_it: true
    }));
    let shots = attack_rolls(&answered, A);
    assert_eq!(shots.len(), 2);
    for (_, modifiers) in &shots {
        assert_eq!(
            reasons(modifiers),
            [
                (ModifierReason::DivedForCover, -1),
                (ModifierReason::MultipleShots, -1)
            ]
        );
    }
    send(&mut app, Command::EndTurn { unit: A });
    assert_eq!(acting(&app), Some(B));
    assert!(super::events(&app).ends_with(&[
        EventKind::TurnBegan { unit: B },
        EventKind::ActionForfeited { unit: B }
    ]));
    // The next round it acts again.
    send(&mut app, Command::EndTurn { unit: B });
    send(&mut app, Command::EndTurn { unit: A });
    assert_eq!(acting(&app), Some(B));
    assert!(!super::events(&app).ends_with(&[EventKind::ActionForfeited { unit: B }]));
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
    assert!(dived.contains(&EventKind::Dived {
        unit: B,
        made_it: true
    }));
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
                (ModifierReason::DivedForCover, -1),
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

/// A fires once at B, who dives for cover; A ends its turn.
fn a_shoots_and_b_dives(app: &mut App) {
    send(
        app,
        Command::Fire {
            unit: A,
            weapon: GUN,
            mode: FireMode::single(B),
        },
    );
    send(
        app,
        Command::Answer {
            unit: B,
            answer: Answer::DiveForCover,
        },
    );
    send(app, Command::EndTurn { unit: A });
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

// ---- Several shots, bursts and full auto ----------------------------------------------------

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

// ---- Malfunctions, jams and reloading ---------------------------------------------------------

/// Col. Moran's air rifle malfunctions from 88: 87 fires, 88 jams it (1D6 rounds of work, then a
/// Mechanical Repair or Firearms roll).
#[test]
fn malfunctions_at_the_weapons_number_and_clearing_a_jam() {
    let rows = field(20, &[]);
    let shooter = gunman((1, 5), "Col. Moran's Air Rifle", RIFLE, 95);
    let target = fighter("Target", "b", (8, 5));
    let mut app = begun(on_field(&[shooter.clone(), target.clone()], &rows, ""));
    let mark = event_count(&app);
    load(&mut app, &rolls(&[87], &[]));
    fire(&mut app, A, FireMode::single(B));
    let events = events_from(&app, mark);
    assert!(
        !events
            .iter()
            .any(|event| matches!(event, EventKind::Malfunctioned { .. })),
        "87 fires"
    );
    assert!(
        events
            .iter()
            .any(|event| matches!(event, EventKind::ShotHit { .. }))
    );

    let mut app = begun(on_field(&[shooter, target], &rows, ""));
    let mark = event_count(&app);
    load(&mut app, &rolls(&[88], &[2]));
    fire(&mut app, A, FireMode::single(B));
    let events = events_from(&app, mark);
    assert!(events.contains(&EventKind::Malfunctioned {
        unit: A,
        weapon: "Col. Moran's Air Rifle".to_string(),
        outcome: MalfunctionKind::Jam,
        work: Some(gridkeeper::rules::dice::DieFace { sides: 6, face: 2 }),
        rounds: None,
    }));
    assert!(!events.iter().any(|event| matches!(
        event,
        EventKind::ShotHit { .. } | EventKind::ShotMissed { .. }
    )));
    next_round(&mut app);
    refuse_a_shot(&mut app, Rejection::Jammed);
    send(
        &mut app,
        Command::ClearJam {
            unit: A,
            weapon: GUN,
        },
    );
    assert!(super::events(&app).contains(&EventKind::JamWorkedOn {
        unit: A,
        weapon: "Col. Moran's Air Rifle".to_string(),
        rounds_left: 1
    }));
    next_round(&mut app);
    // The second round of work, then the roll: the better of Mechanical Repair (10) and
    // Firearms (95).
    let events = after(
        &mut app,
        &rolls(&[50], &[]),
        Command::ClearJam {
            unit: A,
            weapon: GUN,
        },
    );
    assert!(events.contains(&EventKind::JamCleared {
        unit: A,
        weapon: "Col. Moran's Air Rifle".to_string()
    }));
    let check = events
        .iter()
        .find_map(|event| match event {
            EventKind::Rolled { roll, .. } => level_rolls::check_of(roll),
            _ => None,
        })
        .expect("a roll to clear it");
    assert_eq!(check.skill, 95);
}

/// A revolver's dud does not stop the next shot of the round; it costs the round.
#[test]
fn a_revolvers_dud_is_one_round() {
    let rows = field(20, &[]);
    let shooter = gunman((1, 5), REVOLVER, HANDGUN, 60);
    let target = fighter("Target", "b", (8, 5));
    let mut app = begun(on_field(&[shooter, target], &rows, ""));
    let mark = event_count(&app);
    load(
        &mut app,
        &[percentile_with(100, 2), percentile_with(90, 2)].concat(),
    );
    fire(&mut app, A, FireMode::Shots(vec![B, B]));
    let events = events_from(&app, mark);
    assert!(events.iter().any(|event| matches!(
        event,
        EventKind::Malfunctioned {
            outcome: MalfunctionKind::Dud,
            work: None,
            rounds: None,
            ..
        }
    )));
    assert_eq!(
        attack_rolls(&events, A).len(),
        2,
        "the second shot is fired"
    );
    assert!(events.contains(&EventKind::ShotMissed { unit: A, target: B }));
    assert_eq!(ammunition(&mut app, A), (4, 0));
}

/// Reloading takes the action: two rounds into a revolver, a fresh magazine into a pistol;
/// an empty revolver with a spare round may chamber it and fire with a penalty die; with
/// nothing left, no shot.
#[test]
fn reloading_and_running_dry() {
    let rows = field(20, &[]);
    let mut shooter = gunman((1, 5), REVOLVER, HANDGUN, 60);
    shooter.weapons.clear();
    shooter.kit = vec![
        format!("(weapon: {REVOLVER:?}, loaded: Some(0), spare: 3)"),
        "(weapon: \".45 Automatic\", loaded: Some(1), spare: 14)".to_string(),
    ];
    let target = fighter("Target", "b", (8, 5));
    let mut app = begun(on_field(&[shooter, target], &rows, ""));
    send(
        &mut app,
        Command::Reload {
            unit: A,
            weapon: GUN,
        },
    );
    assert_eq!(ammunition(&mut app, A), (2, 1));
    assert!(super::events(&app).contains(&EventKind::Reloaded {
        unit: A,
        weapon: REVOLVER.to_string(),
        loaded: 2,
        spare: 1,
        half_done: false
    }));
    refuse(
        &mut app,
        Command::Reload {
            unit: A,
            weapon: WeaponChoice::Carried(1),
        },
        Rejection::ActionUsed,
    );
    next_round(&mut app);
    send(
        &mut app,
        Command::Reload {
            unit: A,
            weapon: WeaponChoice::Carried(1),
        },
    );
    assert!(super::events(&app).contains(&EventKind::Reloaded {
        unit: A,
        weapon: ".45 Automatic".to_string(),
        loaded: 7,
        spare: 8,
        half_done: false
    }));

    // Empty, one spare: chamber it and fire, with a penalty die.
    let mut shooter = gunman((1, 5), REVOLVER, HANDGUN, 60);
    shooter.weapons.clear();
    shooter.kit = vec![format!("(weapon: {REVOLVER:?}, loaded: Some(0), spare: 1)")];
    let target = fighter("Target", "b", (8, 5));
    let mut app = begun(on_field(&[shooter, target], &rows, ""));
    let (_, modifiers) = one_shot(&mut app);
    assert_eq!(reasons(&modifiers), [(ModifierReason::Chambered, -1)]);
    assert_eq!(ammunition(&mut app, A), (0, 0));
    next_round(&mut app);
    refuse_a_shot(
        &mut app,
        Rejection::OutOfAmmunition(format!("the {REVOLVER} has 0 ready, 1 needed")),
    );
    refuse(
        &mut app,
        Command::Reload {
            unit: A,
            weapon: GUN,
        },
        Rejection::CannotReload(gridkeeper::rules::firearms::ReloadRefusal::NoSpare),
    );
}

/// A crossbow fires every second round.
#[test]
fn slow_weapons_fire_every_second_round() {
    let rows = field(20, &[]);
    let mut shooter = gunman((1, 5), "Crossbow", "Firearms (Bow)", 60);
    shooter.weapons.clear();
    shooter.kit = vec!["(weapon: \"Crossbow\", spare: 10)".to_string()];
    let mut target = fighter("Target", "b", (8, 5));
    target.constitution = 500;
    let mut app = begun(on_field(&[shooter, target], &rows, ""));
    fire(&mut app, A, FireMode::single(B));
    next_round(&mut app);
    refuse_a_shot(&mut app, Rejection::NotReadyUntil(3));
    next_round(&mut app);
    let mark = event_count(&app);
    fire(&mut app, A, FireMode::single(B));
    assert_eq!(attack_rolls(&events_from(&app, mark), A).len(), 1);
    assert_eq!(
        ammunition(&mut app, A),
        (0, 9),
        "bolts come from the quiver"
    );
}

// ---- Shotguns ---------------------------------------------------------------------------------

/// The damage of the shot in a hit at `yards` with dice `faces`, against armor 1: the damage
/// roll's dice count and the damage event's rolled, armor and taken.
fn shotgun_hit(
    weapon: &str,
    slugs: bool,
    yards: u32,
    roll: u32,
    faces: &[u32],
) -> (usize, u32, u32, u32, DamageQuality) {
    shotgun_hit_under("", weapon, slugs, yards, roll, faces)
}

/// [`shotgun_hit`] under the scenario's `rules`.
fn shotgun_hit_under(
    rules: &str,
    weapon: &str,
    slugs: bool,
    yards: u32,
    roll: u32,
    faces: &[u32],
) -> (usize, u32, u32, u32, DamageQuality) {
    let rows = field(60, &[]);
    let mut shooter = gunman((1, 5), REVOLVER, RIFLE, 90);
    shooter.weapons.clear();
    shooter.kit = vec![format!("(weapon: {weapon:?}, slugs: {slugs})")];
    let mut target = fighter("Target", "b", (1 + yards, 5));
    (target.constitution, target.armor) = (500, 1);
    let mut app = begun(on_field(&[shooter, target], &rows, rules));
    let mark = event_count(&app);
    let point_blank = yards <= 4;
    let tens = if point_blank { 2 } else { 1 };
    load(
        &mut app,
        &[percentile_with(roll, tens), faces.to_vec()].concat(),
    );
    fire(&mut app, A, FireMode::single(B));
    let events = events_from(&app, mark);
    let rolled = events
        .iter()
        .find_map(|event| match event {
            EventKind::DamageRolled { roll, .. } => Some(roll.clone()),
            _ => None,
        })
        .unwrap_or_else(|| panic!("a hit: {events:?}"));
    let damaged = events
        .iter()
        .find_map(|event| match event {
            EventKind::Damaged {
                rolled,
                armor,
                taken,
                ..
            } => Some((*rolled, *armor, *taken)),
            _ => None,
        })
        .expect("damage");
    (
        rolled.dice().count(),
        damaged.0,
        damaged.1,
        damaged.2,
        rolled.quality,
    )
}

/// With the scenario's `shotgun_armor_per_die: false` armor comes off a hit of shot once: 4D6 of
/// 10 against armor 1 is 9, not 6.
#[test]
fn a_scenario_may_take_armor_off_a_shotgun_hit_once() {
    let gun = "12-gauge Shotgun (2B)";
    assert_eq!(
        shotgun_hit_under(
            "shotgun_armor_per_die: false",
            gun,
            false,
            8,
            30,
            &[1, 2, 3, 4]
        ),
        (4, 10, 1, 9, DamageQuality::Normal)
    );
    assert_eq!(
        shotgun_hit(gun, false, 8, 30, &[1, 2, 3, 4]),
        (4, 10, 4, 6, DamageQuality::Normal),
        "on unless told: armor off every die"
    );
}

/// A 12-gauge does 4D6 to 10 yards, 2D6 to 20, 1D6 to 50; armor comes off every die; an extreme
/// hit is the maximum (24), never an impale with shot; a slug impales.
#[test]
fn shotgun_bands_and_armor_against_every_die() {
    let gun = "12-gauge Shotgun (2B)";
    assert_eq!(
        shotgun_hit(gun, false, 10, 50, &[3, 1, 6, 2]),
        (4, 12, 4, 8, DamageQuality::Normal),
        "4D6 less 1 a die: 2 + 0 + 5 + 1"
    );
    assert_eq!(
        shotgun_hit(gun, false, 11, 40, &[4, 5]),
        (2, 9, 2, 7, DamageQuality::Normal)
    );
    assert_eq!(
        shotgun_hit(gun, false, 20, 40, &[4, 5]),
        (2, 9, 2, 7, DamageQuality::Normal)
    );
    assert_eq!(
        shotgun_hit(gun, false, 21, 10, &[6]),
        (1, 6, 1, 5, DamageQuality::Normal)
    );
    assert_eq!(
        shotgun_hit(gun, false, 8, 5, &[]),
        (0, 24, 4, 20, DamageQuality::Extreme)
    );
    // Slugs: 1D10+6, base range 50 yards, and an extreme hit impales: 16 + 1D10+6.
    assert_eq!(
        shotgun_hit(gun, true, 8, 5, &[7]),
        (1, 29, 1, 28, DamageQuality::Impale)
    );
}

// ---- Through cover ----------------------------------------------------------------------------

/// A target behind a closed door beside it is shot through the door: a penalty die, and the
/// door's armor (3) comes off the damage before the target's own.
#[test]
fn shooting_through_the_cover_the_target_hides_behind() {
    let rows = field(20, &[(8, 5, '+'), (8, 4, '#'), (8, 6, '#')]);
    let shooter = gunman((1, 5), REVOLVER, HANDGUN, 60);
    let mut target = fighter("Target", "b", (9, 5));
    (target.constitution, target.armor) = (500, 1);
    let mut app = begun(on_field(&[shooter, target], &rows, ""));
    let mark = event_count(&app);
    load(&mut app, &[percentile_with(20, 2), vec![9]].concat());
    fire(&mut app, A, FireMode::single(B));
    let events = events_from(&app, mark);
    assert!(events.iter().any(|event| matches!(
        event,
        EventKind::ShotAt {
            line: ShotLine::ThroughCover { armor: 3, .. },
            ..
        }
    )));
    let (_, modifiers) = &attack_rolls(&events, A)[0];
    assert_eq!(reasons(modifiers), [(ModifierReason::ThroughCover, -1)]);
    assert!(events.iter().any(|event| matches!(
        event,
        EventKind::Damaged {
            rolled: 9,
            armor: 4,
            cover: 3,
            taken: 5,
            ..
        }
    )));
}

/// With the scenario's `shooting_through_cover: false`, the target behind the door cannot be
/// shot at all: the command is refused and says why.
#[test]
fn a_scenario_may_turn_shooting_through_cover_off() {
    let rows = field(20, &[(8, 5, '+'), (8, 4, '#'), (8, 6, '#')]);
    let shooter = gunman((1, 5), REVOLVER, HANDGUN, 60);
    let target = fighter("Target", "b", (9, 5));
    let mut app = begun(on_field(
        &[shooter, target],
        &rows,
        "shooting_through_cover: false",
    ));
    let mark = event_count(&app);
    fire(&mut app, A, FireMode::single(B));
    let refused = events_from(&app, mark);
    assert!(
        matches!(rejected(&refused), Some(Rejection::NoLineOfFire(said)) if said.contains("does not shoot through")),
        "{refused:?}"
    );
}

/// With the scenario's `prone_dice: false`, lying prone is worth nothing either way: no penalty
/// die at a prone target, no bonus die for a prone shooter, none for a blow at one.
#[test]
fn a_scenario_may_turn_the_prone_dice_off() {
    let rows = field(20, &[]);
    let lie_down = |app: &mut App, unit: UnitId| {
        app.world_mut()
            .query::<(&UnitId, &mut Condition)>()
            .iter_mut(app.world_mut())
            .filter(|(id, _)| **id == unit)
            .for_each(|(_, mut condition)| condition.prone = true);
    };
    for prone in [A, B] {
        let shooter = gunman((1, 5), REVOLVER, HANDGUN, 60);
        let target = fighter("Target", "b", (9, 5));
        let mut app = begun(on_field(&[shooter, target], &rows, "prone_dice: false"));
        lie_down(&mut app, prone);
        let (check, modifiers) = one_shot(&mut app);
        assert!(reasons(&modifiers).is_empty(), "{prone:?}: {modifiers:?}");
        assert_eq!(check.roll.dice, NetDice::Bonus(0));
    }
    let mut app = begun(on_field(
        &[fighter("Boxer", "a", (2, 2)), fighter("Down", "b", (3, 2))],
        &rows,
        "prone_dice: false",
    ));
    lie_down(&mut app, B);
    let odds = melee::strike_odds(
        app.world_mut(),
        A,
        B,
        AttackKind::Strike(WeaponChoice::Unarmed),
    );
    let (modifiers, _) = odds.expect("a blow in reach");
    assert!(reasons(&modifiers).is_empty(), "{modifiers:?}");
}

// ---- Firing into melee ------------------------------------------------------------------------

/// A fumble firing into a melee hits the shooter's ally there with the lowest Luck.
#[test]
fn a_fumble_into_melee_hits_the_unluckiest_ally() {
    let rows = field(20, &[]);
    let shooter = gunman((1, 5), REVOLVER, HANDGUN, 30);
    let target = fighter("Target", "b", (9, 5));
    let mut lucky = fighter("Lucky", "a", (10, 5));
    lucky.luck = 80;
    let mut unlucky = fighter("Unlucky", "a", (10, 6));
    unlucky.luck = 20;
    let mut app = begun(on_field(&[shooter, target, lucky, unlucky], &rows, ""));
    let mark = event_count(&app);
    load(&mut app, &[percentile_with(98, 2), vec![4]].concat());
    fire(&mut app, A, FireMode::single(B));
    let events = events_from(&app, mark);
    let (check, modifiers) = &attack_rolls(&events, A)[0];
    assert_eq!(reasons(modifiers), [(ModifierReason::IntoMelee, -1)]);
    assert_eq!(check.level, SuccessLevel::Fumble);
    assert!(events.contains(&EventKind::StrayHit {
        unit: A,
        target: B,
        ally: UnitId(3)
    }));
    assert!(events.iter().any(|event| matches!(
        event,
        EventKind::Damaged { unit, taken: 4, .. } if *unit == UnitId(3)
    )));
}

// ---- Thrown weapons ---------------------------------------------------------------------------

/// B answers the attack on it: whether the exchange is then resolved.
fn answer_comes_to_blows(app: &mut App, answer: Answer) -> bool {
    after(app, &[], Command::Answer { unit: B, answer })
        .iter()
        .any(|event| matches!(event, EventKind::MeleeResolved { .. }))
}

/// A throws its spear at B: whether B may fight back, as it is asked.
fn throw_spear(app: &mut App) -> Option<bool> {
    send(
        app,
        Command::Attack {
            unit: A,
            target: B,
            weapon: GUN,
        },
    );
    super::events(app)
        .iter()
        .rev()
        .find_map(|event| match event {
            EventKind::DefenceAsked {
                asked: gridkeeper::battle::event::DefenceKind::Thrown { may_fight_back },
                ..
            } => Some(*may_fight_back),
            _ => None,
        })
}

/// A thrown spear: the Throw skill at the range STR sets (STR yards), half the damage bonus,
/// dodged like a blow; fought back only from within DEX/5 feet; it is gone once thrown.
#[test]
fn thrown_weapons() {
    let rows = field(40, &[]);
    let mut thrower = fighter("Thrower", "a", (1, 5));
    thrower.weapons = vec!["Spear, Thrown"];
    thrower.skills.push(("Throw", 60));
    (thrower.strength, thrower.size) = (90, 80);
    let target = fighter("Target", "b", (20, 5));
    let mut app = begun(on_field(&[thrower.clone(), target.clone()], &rows, ""));
    assert_eq!(throw_spear(&mut app), Some(false));
    refuse(
        &mut app,
        Command::Answer {
            unit: B,
            answer: Answer::FightBack,
        },
        Rejection::InvalidAnswer(
            "a thrown weapon is fought back only from within a fifth of one's DEX in feet"
                .to_string(),
        ),
    );
    // Throw 25 (a success at Regular: 19 yards is within STR 90 yards) against a failed dodge;
    // 1D8 shows 5 and half of the 1D4 damage bonus (3) is 2.
    let events = after(
        &mut app,
        &rolls(&[25, 80], &[5, 3]),
        Command::Answer {
            unit: B,
            answer: Answer::Dodge,
        },
    );
    let (check, _) = &attack_rolls(&events, A)[0];
    assert_eq!(check.difficulty, Difficulty::Regular);
    let damage = events
        .iter()
        .find_map(|event| match event {
            EventKind::DamageRolled { roll, .. } => Some(roll.clone()),
            _ => None,
        })
        .expect("the spear hit");
    assert_eq!(damage.total, 7);
    assert!(
        damage
            .parts
            .iter()
            .any(|part| part.source == DamageSource::HalfDamageBonus && part.value == 2)
    );
    let mut query = app.world_mut().query::<(&UnitId, &Arsenal)>();
    let arsenal = query
        .iter(app.world())
        .find(|(id, _)| **id == A)
        .map(|(_, arsenal)| arsenal.clone())
        .expect("the thrower");
    assert_eq!(arsenal.lost, [0], "the spear lies where it fell");
    assert_eq!(arsenal.in_hand, WeaponChoice::Unarmed);

    // From close by (within DEX 50 / 5 = 10 feet: 3 yards) the target may fight back.
    let mut near = target;
    near.at = (4, 5);
    let mut app = begun(on_field(&[thrower, near], &rows, ""));
    assert_eq!(throw_spear(&mut app), Some(true));
    assert!(answer_comes_to_blows(&mut app, Answer::FightBack));
}

// ---- Hit rates over thousands of seeds --------------------------------------------------------

/// Fire one shot under each of `seeds` and count the hits.
fn hit_rate(fighters: &[Fighter], rows: &[String], seeds: u64) -> (u64, Vec<Modifier>, Difficulty) {
    let scenario = on_field(fighters, rows, "");
    let mut hits = 0;
    let mut seen = None;
    for seed in 0..seeds {
        let mut app = gridkeeper::headless_app(scenario.clone(), seed);
        app.update();
        send(&mut app, Command::Begin);
        let mark = event_count(&app);
        fire(&mut app, A, FireMode::single(B));
        let events = events_from(&app, mark);
        hits += u64::from(
            events
                .iter()
                .any(|event| matches!(event, EventKind::ShotHit { .. })),
        );
        if seen.is_none() {
            let (check, modifiers) = attack_rolls(&events, A)[0].clone();
            seen = Some((modifiers, check.difficulty));
        }
    }
    let (modifiers, difficulty) = seen.expect("at least one seed");
    (hits, modifiers, difficulty)
}

/// The hit rate of a .38 (skill 60, malfunction 100) at each band, point-blank and behind half
/// cover, over 2,000 seeds each, is within four standard errors of the exact chance counted
/// over every face of the dice.
#[test]
fn hit_rates_match_the_exact_odds() {
    const SEEDS: u64 = 2_000;
    let rows = field(66, &[(19, 3, 'c')]);
    // (target, expected difficulty)
    let cases = [
        ((12, 5), Difficulty::Regular),
        ((3, 5), Difficulty::Regular),
        ((26, 5), Difficulty::Hard),
        ((50, 5), Difficulty::Extreme),
        ((20, 3), Difficulty::Hard),
    ];
    for (at, difficulty) in cases {
        let shooter = gunman((1, 5), REVOLVER, HANDGUN, 60);
        let target = fighter("Target", "b", at);
        let (hits, modifiers, seen_difficulty) = hit_rate(&[shooter, target], &rows, SEEDS);
        assert_eq!(seen_difficulty, difficulty, "target at {at:?}");
        let expected: &[(ModifierReason, i8)] = match at {
            (3, 5) => &[(ModifierReason::PointBlank, 1)],
            (20, 3) => &[(ModifierReason::HalfCover, -1)],
            _ => &[],
        };
        assert_eq!(reasons(&modifiers), expected, "target at {at:?}");
        let exact = LevelOdds::count_below(60, difficulty, extra_dice(&modifiers).net(), 100)
            .success_probability();
        let rate = hits as f64 / SEEDS as f64;
        let standard_error = (exact * (1.0 - exact) / SEEDS as f64).sqrt();
        assert!(
            (rate - exact).abs() <= 4.0 * standard_error,
            "target at {at:?} ({modifiers:?}): {rate:.4} against exact {exact:.4} (±{:.4})",
            4.0 * standard_error
        );
    }
}

/// The band a shot was taken at is named in its event.
#[test]
fn the_shot_names_its_band_and_line() {
    let rows = field(40, &[(29, 5, 'c')]);
    let shooter = gunman((1, 5), REVOLVER, HANDGUN, 60);
    let target = fighter("Target", "b", (30, 5));
    let mut app = begun(on_field(&[shooter, target], &rows, ""));
    let mark = event_count(&app);
    fire(&mut app, A, FireMode::single(B));
    assert!(events_from(&app, mark).contains(&EventKind::ShotAt {
        unit: A,
        target: B,
        bullets: 1,
        band: RangeBand::Long,
        point_blank: false,
        line: ShotLine::HalfConcealed {
            cover: Tile::new(29, 5),
            armor: 3
        }
    }));
}

/// The log tells a shot in plain words: the trigger, the range and the line, the roll with its
/// modifiers, the hit, the damage and the wound.
#[test]
fn the_log_tells_each_shot() {
    let rows = field(40, &[(25, 5, 'c')]);
    let shooter = gunman((1, 5), REVOLVER, HANDGUN, 60);
    let target = fighter("Target", "b", (26, 5));
    let scenario = on_field(&[shooter, target], &rows, "");
    let mut app = begun(scenario.clone());
    let mark = event_count(&app);
    load(
        &mut app,
        &[percentile_with(23, 2), vec![7], percentile(40).to_vec()].concat(),
    );
    fire(&mut app, A, FireMode::single(B));
    let lines: Vec<String> = app.world().resource::<EventLog>().0[mark..]
        .iter()
        .map(|event| gridkeeper::log::describe(event, &scenario))
        .collect();
    let expected = [
        "Gunman fires the .38 or 9mm Revolver: 1 round",
        "Target must answer Gunman: dive for cover, or take it",
        "Target does not defend",
        "Gunman · a shot at Target: long range, half cover",
        "Gunman rolls Firearms (Handgun): 23 against 60 (−1 half cover), hard needed: hard success",
        "The shot hits Target",
        ".38 or 9mm Revolver: 7 damage [dice 7]",
        "Target takes 7 damage, 3 hit points left · major wound",
    ];
    for line in expected {
        assert!(lines.contains(&line.to_string()), "{line}\n{lines:#?}");
    }
}

/// A surprise shot before round 1 is always rolled to hit; a target that did not see it coming
/// cannot dive for cover, one that did may. The set-up goes on after it.
#[test]
fn surprise_shots_are_rolled_and_only_the_watchful_dive() {
    let rows = field(20, &[]);
    for (spotted, asked) in [(60, false), (10, true)] {
        let shooter = gunman((1, 5), REVOLVER, HANDGUN, 60);
        let target = fighter("Target", "b", (8, 5));
        let mut app = test_app(on_field(&[shooter, target], &rows, ""));
        // The target's Spot Hidden (25) against `spotted`, then the shot: a miss at 90.
        let events = after(
            &mut app,
            &rolls(&[spotted, 90], &[]),
            Command::Surprise {
                unit: A,
                target: B,
                attack: SurpriseAttack::Shot(GUN),
            },
        );
        assert!(events.contains(&EventKind::SurpriseAttempted {
            unit: A,
            target: B,
            seen: asked
        }));
        let was_asked = events
            .iter()
            .any(|event| matches!(event, EventKind::DefenceAsked { .. }));
        assert_eq!(was_asked, asked, "seen: {asked}");
        take_it(&mut app);
        assert_eq!(attack_rolls(&super::events(&app), A).len(), 1);
        assert!(super::events(&app).contains(&EventKind::ShotMissed { unit: A, target: B }));
        assert_eq!(app.world().resource::<Flow>().phase, Phase::Setup);
        assert_eq!(ammunition(&mut app, A), (5, 0));
    }
}

/// A small deterministic generator for random orders (xorshift).
struct Orders(u64);

impl Orders {
    fn below(&mut self, limit: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        usize::try_from(self.0 % limit.max(1) as u64).unwrap_or(0)
    }

    fn unit(&mut self, units: usize) -> UnitId {
        UnitId::of_index(self.below(units))
    }

    /// Any order at all for `unit`, sensible or not.
    fn order(&mut self, unit: UnitId, units: usize, near: Tile) -> Command {
        let target = self.unit(units);
        let weapon = match self.below(5) {
            0 => WeaponChoice::Unarmed,
            1 => WeaponChoice::Natural(0),
            pick => WeaponChoice::Carried(pick - 2),
        };
        let tile = Tile::new(
            (near.x + 12).saturating_sub(u32::try_from(self.below(25)).unwrap_or(0)),
            (near.y + 12).saturating_sub(u32::try_from(self.below(25)).unwrap_or(0)),
        );
        let bullets = u32::try_from(self.below(12)).unwrap_or(0);
        match self.below(16) {
            0 => Command::Fire {
                unit,
                weapon,
                mode: FireMode::single(target),
            },
            1 => Command::Fire {
                unit,
                weapon,
                mode: FireMode::Shots(vec![target, self.unit(units), target]),
            },
            2 => Command::Fire {
                unit,
                weapon,
                mode: FireMode::Burst(target),
            },
            3 => Command::Fire {
                unit,
                weapon,
                mode: FireMode::FullAuto(vec![(target, bullets), (self.unit(units), bullets)]),
            },
            4 => Command::Attack {
                unit,
                target,
                weapon,
            },
            5 => Command::Blast {
                unit,
                weapon,
                at: tile,
            },
            6 => Command::SetCharge {
                unit,
                weapon,
                at: tile,
                fuse: (bullets < 8).then_some(bullets / 3),
            },
            7 => Command::Aim { unit, target },
            8 => Command::Reload { unit, weapon },
            9 => Command::ClearJam { unit, weapon },
            10 => Command::Ready { unit, weapon },
            11 => Command::Move { unit, to: tile },
            12 => Command::StandUp { unit },
            13 => Command::Extinguish {
                unit,
                patient: target,
            },
            14 => Command::FirstAid {
                unit,
                patient: target,
            },
            _ => Command::EndTurn { unit },
        }
    }
}

/// Random orders of every kind, sensible or not, from whoever acts and whoever must answer, on
/// the warehouse map under 60 seeds: nothing panics, hit points and rounds stay within bounds,
/// no two units share a tile, and an attack waiting for an answer always waits on a unit there.
#[test]
fn random_orders_never_break_the_battle() {
    let scenario = shipped("warehouse.ron");
    let units = scenario.units.len();
    let capacity: Vec<Vec<u32>> = scenario
        .units
        .iter()
        .map(|unit| {
            unit.weapons
                .iter()
                .map(|carried| carried.weapon.capacity().max(carried.loaded))
                .collect()
        })
        .collect();
    for seed in 0..60 {
        let mut app = gridkeeper::headless_app(scenario.clone(), seed);
        app.update();
        send(&mut app, Command::Begin);
        let mut orders = Orders(seed * 7919 + 17);
        for _ in 0..300 {
            let flow = app.world().resource::<Flow>().clone();
            let command = match (&flow.phase, flow.acting()) {
                (Phase::Over(_), _) => break,
                (Phase::Defending(pending), _) => Command::Answer {
                    unit: pending.target,
                    answer: [
                        Answer::Dodge,
                        Answer::FightBack,
                        Answer::DiveForCover,
                        Answer::Nothing,
                        Answer::Maneuver(ManeuverGoal::KnockProne),
                    ][orders.below(5)],
                },
                (_, Some(unit)) => {
                    let near = unit_state::<TilePosition>(&mut app, unit).0;
                    orders.order(unit, units, near)
                }
                (_, None) => Command::Begin,
            };
            send(&mut app, command.clone());
            let mut query = app
                .world_mut()
                .query::<(&UnitId, &Vitals, &Arsenal, Option<&TilePosition>)>();
            let mut tiles = std::collections::BTreeSet::new();
            for (id, vitals, arsenal, position) in query.iter(app.world()) {
                assert!(
                    vitals.hit_points <= vitals.max_hit_points,
                    "seed {seed}: {command:?}"
                );
                for (index, state) in arsenal.weapons.iter().enumerate() {
                    assert!(
                        state.ammunition.loaded <= capacity[id.index()][index],
                        "seed {seed}: {command:?} overfilled a weapon"
                    );
                }
                if let Some(at) = position {
                    assert!(tiles.insert(at.0), "seed {seed}: two units at {}", at.0);
                }
            }
            if let Some(target) = app
                .world()
                .resource::<Flow>()
                .pending()
                .map(|pending| pending.target)
            {
                let mut positions = app.world_mut().query::<(&UnitId, &TilePosition)>();
                assert!(
                    positions.iter(app.world()).any(|(id, _)| *id == target),
                    "seed {seed}: {command:?} waits on a unit not on the map"
                );
            }
        }
    }
}

/// As docs/RULES.md says: one pull of the trigger is one attack, so the aiming die counts on
/// every volley of it, and the following-volley dice cancel it first. A burst is one volley.
#[test]
fn aiming_counts_on_every_volley_of_the_pull() {
    let rows = field(20, &[]);
    // Every roll misses at 90, well below the Thompson's malfunction number (96).
    let aimed =
        |weapon: &'static str, skills: &[(&'static str, u32)], mode: FireMode, tens: &[usize]| {
            let mut shooter = gunman((1, 5), weapon, SMG, 63);
            shooter.skills.extend_from_slice(skills);
            let mut target = fighter("Target", "b", (10, 5));
            target.constitution = 500;
            let mut app = begun(on_field(&[shooter, target], &rows, ""));
            send(&mut app, Command::Aim { unit: A, target: B });
            send(&mut app, Command::EndTurn { unit: A });
            send(&mut app, Command::EndTurn { unit: B });
            let mark = event_count(&app);
            let faces: Vec<u32> = tens
                .iter()
                .flat_map(|dice| percentile_with(90, *dice))
                .collect();
            load(&mut app, &faces);
            fire(&mut app, A, mode);
            attack_rolls(&events_from(&app, mark), A)
                .into_iter()
                .map(|(check, modifiers)| (reasons(&modifiers), check.roll.dice, check.difficulty))
                .collect::<Vec<_>>()
        };
    let aiming = (ModifierReason::Aiming, 1);
    assert_eq!(
        aimed(
            "Thompson",
            &[],
            FireMode::FullAuto(vec![(B, 24)]),
            &[2, 1, 2, 3]
        ),
        [
            (vec![aiming], NetDice::Bonus(1), Difficulty::Regular),
            (
                vec![aiming, (ModifierReason::FollowingVolley, -1)],
                NetDice::PLAIN,
                Difficulty::Regular
            ),
            (
                vec![aiming, (ModifierReason::FollowingVolley, -2)],
                NetDice::Penalty(1),
                Difficulty::Regular
            ),
            (
                vec![aiming, (ModifierReason::FollowingVolley, -3)],
                NetDice::Penalty(2),
                Difficulty::Regular
            ),
        ]
    );
    assert_eq!(
        aimed("M16A2", &[(RIFLE, 50)], FireMode::Burst(B), &[2]),
        [(vec![aiming], NetDice::Bonus(1), Difficulty::Regular)]
    );
}

/// A minigun is fired by hand only from Build 2; on a mount anyone fires it.
#[test]
fn a_minigun_needs_build_two_or_a_mount() {
    let fire = |strength: u32, size: u32, kit: &str| {
        let mut gunner = fighter("Gunner", "a", (2, 5));
        gunner.kit = vec![kit.to_string()];
        gunner.skills.push(("Firearms (MG)", 60));
        gunner.strength = strength;
        gunner.size = size;
        let target = fighter("Target", "b", (9, 5));
        let mut app = begun(scenario(&[gunner, target]));
        let events = after(
            &mut app,
            &[],
            Command::Fire {
                unit: A,
                weapon: GUN,
                mode: FireMode::FullAuto(vec![(B, 6)]),
            },
        );
        rejected(&events)
    };
    let by_hand = "(weapon: \"Minigun\")";
    assert_eq!(
        fire(50, 50, by_hand),
        Some(Rejection::WrongWeapon(
            "the Minigun needs Build 2 to fire by hand, or a mount (Build 0)".to_string()
        ))
    );
    assert_eq!(fire(100, 100, by_hand), None, "Build 2");
    assert_eq!(fire(50, 50, "(weapon: \"Minigun\", mounted: true)"), None);
}

/// After a dive for cover the diver's next turn has no action: the preview promises no shot,
/// and says what the battle says when the shot is tried.
#[test]
fn after_a_dive_the_preview_promises_no_shot() {
    let rows = field(20, &[]);
    let shooter = gunman((1, 5), REVOLVER, HANDGUN, 60);
    let mut diver = gunman((8, 5), REVOLVER, HANDGUN, 60);
    diver.name = "Diver";
    diver.side = "b";
    let mut app = begun(on_field(&[shooter, diver], &rows, ""));
    a_shoots_and_b_dives(&mut app);
    assert_eq!(acting(&app), Some(B));
    let lost = app
        .world()
        .resource::<Flow>()
        .turn
        .and_then(|turn| turn.action_lost);
    assert_eq!(lost, Some(gridkeeper::battle::ActionLost::DivedForCover));
    assert_eq!(lost.map(|lost| lost.words()), Some("dived for cover"));
    let preview =
        gridkeeper::battle::ranged::preview(app.world_mut(), B, GUN, &FireMode::single(A));
    assert_eq!(preview.err(), Some(Rejection::ActionUsed));
    let tried = refusal(
        &mut app,
        Command::Fire {
            unit: B,
            weapon: GUN,
            mode: FireMode::single(A),
        },
    );
    assert_eq!(tried, Some(Rejection::ActionUsed));
}
