//! Explosives, fire and stun through the headless battle: blasts with units in every ring and
//! behind cover, misses that scatter, duds, Molotovs that set people alight, tasers and mace,
//! charges on a fuse, mines and the claymore's cone.

use super::*;
use gridkeeper::battle::command::FireMode;
use gridkeeper::rules::dice::DieFace;
use gridkeeper::rulesets::coc7e::battle::events::CocEvent;

/// A thrower on side a with `kit` (one weapon entry) and a skill; DEX 90, so it acts first.
fn thrower(at: (u32, u32), kit: &str, skill: (&'static str, u32)) -> Fighter {
    let mut unit = fighter("Thrower", "a", at);
    unit.kit = vec![kit.to_string()];
    unit.skills.push(skill);
    unit.dexterity = 90;
    unit.strength = 60;
    unit
}

const HELD: WeaponChoice = WeaponChoice::Carried(0);

/// A sturdy bystander that no blast kills outright.
fn bystander(name: &'static str, side: &'static str, at: (u32, u32)) -> Fighter {
    let mut unit = fighter(name, side, at);
    unit.constitution = 500;
    unit
}

/// The number of damage dice each unit rolled in these events.
fn damage_dice(events: &[EventKind]) -> Vec<(UnitId, usize)> {
    events
        .iter()
        .filter_map(|event| match event {
            EventKind::DamageRolled { target, roll, .. } => Some((*target, roll.dice().count())),
            _ => None,
        })
        .collect()
}

/// Dynamite (4D10, radius 3) bursting among seven units: 4D10 within 3 yards, 2D10 to 6, 1D10
/// to 9, nothing beyond; friend and foe alike; a wall between the blast and a unit shields it.
#[test]
fn a_blast_catches_everyone_in_its_rings_but_those_behind_cover() {
    let rows = field(30, &[(12, 7, '#'), (11, 7, '#'), (13, 7, '#')]);
    let units = [
        thrower(
            (1, 5),
            "(weapon: \"Dynamite Stick\", spare: 2)",
            ("Throw", 60),
        ),
        bystander("On the tile", "b", (12, 5)),
        bystander("Three yards", "b", (15, 5)),
        bystander("Four yards", "a", (12, 1)),
        bystander("Six yards", "b", (18, 5)),
        bystander("Seven yards", "a", (19, 5)),
        bystander("Nine yards", "b", (21, 5)),
        bystander("Ten yards", "b", (22, 5)),
        bystander("Behind the wall", "b", (12, 8)),
    ];
    let mut app = begun(scenario_with(&units, &rows, "", ""));
    let events = after(
        &mut app,
        &rolls(&[30], &[]),
        Command::Blast {
            unit: A,
            weapon: HELD,
            at: Tile::new(12, 5),
        },
    );
    assert!(events.contains(&EventKind::Exploded {
        weapon: "Dynamite Stick".to_string(),
        at: Tile::new(12, 5),
        radius: Some(3)
    }));
    assert_eq!(
        damage_dice(&events),
        [
            (UnitId(1), 4),
            (UnitId(2), 4),
            (UnitId(3), 2),
            (UnitId(4), 2),
            (UnitId(5), 1),
            (UnitId(6), 1),
        ]
    );
    assert!(events.contains(&EventKind::Shielded {
        unit: UnitId(8),
        by: Tile::new(12, 7)
    }));
    // The next stick is in hand; dynamite is thrown every second round.
    let mut query = app.world_mut().query::<(&UnitId, &Arsenal)>();
    let state = query
        .iter(app.world())
        .find(|(id, _)| **id == A)
        .map(|(_, arsenal)| arsenal.state(0))
        .expect("the thrower");
    assert_eq!((state.ammunition.loaded, state.ammunition.spare), (1, 1));
}

/// A miss flies 1D4 yards a range band in a 1D8 direction; a fumble flies from the thrower's
/// own feet; a roll at the malfunction number is a dud.
#[test]
fn misses_scatter_fumbles_come_back_and_duds_do_nothing() {
    let rows = field(40, &[]);
    let throw_at = |roll: u32, skill: u32, faces: &[u32]| {
        let units = [
            thrower(
                (2, 5),
                "(weapon: \"Hand Grenade\", spare: 2)",
                ("Throw", skill),
            ),
            bystander("Target", "b", (30, 5)),
        ];
        let mut app = begun(scenario_with(&units, &rows, "", ""));
        let mark = event_count(&app);
        load(&mut app, &rolls(&[roll], faces));
        // 28 yards: past STR 60 feet (20 yards), so long range and Hard.
        send(
            &mut app,
            Command::Blast {
                unit: A,
                weapon: HELD,
                at: Tile::new(30, 5),
            },
        );
        events_from(&app, mark)
    };
    // A miss at long range: 2D4 yards (1 + 2), direction 3 (east).
    let events = throw_at(60, 60, &[3, 1, 2]);
    assert!(events.contains(&EventKind::Scattered {
        weapon: "Hand Grenade".to_string(),
        from: Tile::new(30, 5),
        to: Tile::new(33, 5),
        direction: DieFace { sides: 8, face: 3 },
        yards: vec![DieFace { sides: 4, face: 1 }, DieFace { sides: 4, face: 2 }]
    }));
    // A fumble (97 against Throw 40): from the thrower's feet, 1D4 = 2 yards west (7).
    let events = throw_at(97, 40, &[7, 2]);
    assert!(
        events.contains(&EventKind::Scattered {
            weapon: "Hand Grenade".to_string(),
            from: Tile::new(2, 5),
            to: Tile::new(1, 5),
            direction: DieFace { sides: 8, face: 7 },
            yards: vec![DieFace { sides: 4, face: 2 }]
        }),
        "it stops at the wall: {events:?}"
    );
    assert!(events.iter().any(|event| matches!(
        event,
        EventKind::Exploded { at, .. } if *at == Tile::new(1, 5)
    )));
    // 99: the grenade's malfunction number.
    let events = throw_at(99, 60, &[]);
    assert!(events.contains(&EventKind::Dud {
        weapon: "Hand Grenade".to_string(),
        at: Tile::new(30, 5)
    }));
    assert!(
        !events
            .iter()
            .any(|event| matches!(event, EventKind::Exploded { .. }))
    );
}

/// A throws its Molotov at (8, 5): a hit (30), 2D6 showing `faces`, and a failed Luck roll (90)
/// for whoever stands there. The events it set off.
fn set_alight(app: &mut App, faces: [u32; 2]) -> Vec<EventKind> {
    let dice = [rolls(&[30], &faces), rolls(&[90], &[])].concat();
    after(
        app,
        &dice,
        Command::Blast {
            unit: A,
            weapon: HELD,
            at: Tile::new(8, 5),
        },
    )
}

/// A Molotov bursts on its tile: 2D6 to whoever is there, and a Luck roll not to catch fire.
/// Burning does the least damage of the weapon the round after, doubling each round, through
/// armor, until put out (an ally beside beats the flames out).
#[test]
fn molotovs_set_people_alight() {
    let rows = field(20, &[]);
    let mut target = bystander("Target", "b", (8, 5));
    target.armor = 2;
    let units = [
        thrower(
            (2, 5),
            "(weapon: \"Molotov Cocktail\", spare: 1)",
            ("Throw", 60),
        ),
        target,
        fighter("Friend", "b", (9, 5)),
    ];
    let mut app = begun(scenario_with(&units, &rows, "", ""));
    let events = set_alight(&mut app, [3, 4]);
    assert!(events.iter().any(|event| matches!(
        event,
        EventKind::Damaged { unit, rolled: 7, taken: 5, .. } if *unit == B
    )));
    assert!(events.contains(&EventKind::CaughtFire { unit: B }));
    // Round 1 ends: nothing more. Round 2 ends: 2 through the armor.
    for _ in 0..2 {
        send(&mut app, Command::EndTurn { unit: A });
        send(&mut app, Command::EndTurn { unit: B });
        send(&mut app, Command::EndTurn { unit: C });
    }
    let burned: Vec<u32> = super::events(&app)
        .iter()
        .filter_map(|event| match event {
            EventKind::Burned { damage, .. } => Some(*damage),
            _ => None,
        })
        .collect();
    assert_eq!(burned, [2]);
    assert!(super::events(&app).iter().any(|event| matches!(
        event,
        EventKind::Damaged { unit, rolled: 2, armor: 0, taken: 2, .. } if *unit == B
    )));
    // Round 3: the friend puts it out.
    send(&mut app, Command::EndTurn { unit: A });
    send(&mut app, Command::EndTurn { unit: B });
    send(
        &mut app,
        Command::Extinguish {
            unit: C,
            patient: B,
        },
    );
    assert!(super::events(&app).contains(&EventKind::FireOut { unit: B }));
    assert_eq!(condition(&mut app, B).burning, None);
}

/// Wading into water puts a fire out.
#[test]
fn water_puts_out_a_fire() {
    let rows = field(20, &[(10, 5, '~')]);
    let units = [
        thrower(
            (2, 5),
            "(weapon: \"Molotov Cocktail\", spare: 1)",
            ("Throw", 60),
        ),
        bystander("Target", "b", (8, 5)),
    ];
    let mut app = begun(scenario_with(&units, &rows, "", ""));
    set_alight(&mut app, [1, 1]);
    assert!(condition(&mut app, B).burning.is_some());
    send(&mut app, Command::EndTurn { unit: A });
    send(
        &mut app,
        Command::Move {
            unit: B,
            to: Tile::new(10, 5),
        },
    );
    assert!(super::events(&app).contains(&EventKind::FireOut { unit: B }));
}

/// A taser dart stuns for 1D6 turns: the stunned unit's turns go by. Mace is shaken off with an
/// Extreme DEX roll.
/// A taser dart shot at `target` three yards off, which takes it: point-blank (DEX 60: 4 yards)
/// so two tens dice, a hit on 30, 1D3 = 1 damage, then 1D6 = 2 turns if it stuns. The app and
/// the events of the answer on.
fn tased(target: Fighter) -> (App, Vec<EventKind>) {
    let rows = field(20, &[]);
    let mut shooter = thrower(
        (2, 5),
        "(weapon: \"Taser (dart)\")",
        ("Firearms (Handgun)", 60),
    );
    shooter.dexterity = 60;
    let mut app = begun(scenario_with(&[shooter, target], &rows, "", ""));
    send(
        &mut app,
        Command::Fire {
            unit: A,
            weapon: HELD,
            mode: FireMode::single(B),
        },
    );
    let events = after(
        &mut app,
        &[percentile_with(30, 2), vec![1, 2]].concat(),
        Command::Answer {
            unit: B,
            answer: Answer::Nothing,
        },
    );
    (app, events)
}

#[test]
fn tasers_stun_and_mace_can_be_shaken_off() {
    let rows = field(20, &[]);
    let (mut app, events) = tased(bystander("Target", "b", (5, 5)));
    assert!(events.contains(&EventKind::from(CocEvent::Stunned {
        unit: B,
        turns: DieFace { sides: 6, face: 2 }
    })));
    send(&mut app, Command::EndTurn { unit: A });
    assert!(super::events(&app).ends_with(&[
        EventKind::TurnLost { unit: B },
        EventKind::RoundEnded,
        EventKind::RoundBegan {
            order: vec![A, B],
            slots: Vec::new()
        },
        EventKind::TurnBegan { unit: A }
    ]));
    send(&mut app, Command::EndTurn { unit: A });
    assert!(super::events(&app).contains(&EventKind::TurnLost { unit: B }));
    send(&mut app, Command::EndTurn { unit: A });
    assert_eq!(acting(&app), Some(B), "the stun has worn off");

    let mut sprayer = thrower((2, 5), "(weapon: \"Mace Spray\")", ("Fighting (Brawl)", 60));
    sprayer.dexterity = 60;
    let target = bystander("Target", "b", (4, 5));
    let mut app = begun(scenario_with(&[sprayer, target], &rows, "", ""));
    let mark = event_count(&app);
    // The spray lands (30 against a failed dodge, 80); DEX 50 at Extreme needs 10: 5 shakes it.
    load(&mut app, &rolls(&[30, 80, 5], &[]));
    strike(&mut app, A, B, HELD, Answer::Dodge);
    let events = events_from(&app, mark);
    assert!(
        !events
            .iter()
            .any(|event| matches!(event.own(), Some(CocEvent::Stunned { .. }))),
        "{events:?}"
    );
}

/// A charge set with a fuse of 1 goes off at the end of the next round; a mine waits for an
/// enemy's foot, and the setter's own side walks around it.
#[test]
fn charges_on_a_fuse_and_mines() {
    let rows = field(20, &[]);
    let units = [
        thrower((2, 5), "(weapon: \"Plastique (C-4)\")", ("Demolitions", 60)),
        bystander("Target", "b", (6, 5)),
    ];
    let mut app = begun(scenario_with(&units, &rows, "", ""));
    load(&mut app, &rolls(&[30], &[]));
    send(
        &mut app,
        Command::SetCharge {
            unit: A,
            weapon: HELD,
            at: Tile::new(3, 5),
            fuse: Some(1),
        },
    );
    send(&mut app, Command::EndTurn { unit: A });
    send(&mut app, Command::EndTurn { unit: B });
    assert!(
        !super::events(&app)
            .iter()
            .any(|event| matches!(event, EventKind::Exploded { .. })),
        "not at the end of round 1"
    );
    send(&mut app, Command::EndTurn { unit: A });
    send(&mut app, Command::EndTurn { unit: B });
    let exploded = super::events(&app)
        .iter()
        .position(|event| matches!(event, EventKind::Exploded { .. }))
        .expect("it went off");
    let round_two_end = super::events(&app)
        .iter()
        .rposition(|event| *event == EventKind::RoundEnded)
        .expect("round 2 ended");
    assert!(exploded < round_two_end);

    // A wall down column 5 with gaps at rows 5 and 9; the mine goes in the gap at row 5.
    let wall: Vec<(usize, usize, char)> = [1, 2, 3, 4, 6, 7, 8]
        .into_iter()
        .map(|row| (5, row, '#'))
        .collect();
    let rows = field(20, &wall);
    let mut setter = thrower(
        (4, 4),
        "(weapon: \"Anti-Personnel Mine\")",
        ("Demolitions", 60),
    );
    setter.constitution = 500;
    let mut friend = bystander("Friend", "a", (3, 5));
    friend.dexterity = 70;
    let units = [setter, bystander("Walker", "b", (9, 5)), friend];
    let mut app = begun(scenario_with(&units, &rows, "", ""));
    load(&mut app, &rolls(&[30], &[]));
    send(
        &mut app,
        Command::SetCharge {
            unit: A,
            weapon: HELD,
            at: Tile::new(5, 5),
            fuse: None,
        },
    );
    send(&mut app, Command::EndTurn { unit: A });
    // The friend knows where it is and goes round by the far gap.
    assert_eq!(acting(&app), Some(C));
    send(
        &mut app,
        Command::Move {
            unit: C,
            to: Tile::new(7, 5),
        },
    );
    let walked = super::events(&app)
        .iter()
        .rev()
        .find_map(|event| match event {
            EventKind::Moved { unit, path, .. } if *unit == C => Some(path.clone()),
            _ => None,
        })
        .expect("the friend moved");
    assert!(!walked.contains(&Tile::new(5, 5)), "{walked:?}");
    assert!(walked.contains(&Tile::new(5, 9)));
    send(&mut app, Command::EndTurn { unit: C });
    // The walker does not know, and steps on it on the way west.
    let events = after(
        &mut app,
        &[],
        Command::Move {
            unit: B,
            to: Tile::new(1, 5),
        },
    );
    assert!(
        events.contains(&EventKind::MineTriggered {
            unit: B,
            at: Tile::new(5, 5)
        }),
        "{events:?}"
    );
    assert!(events.iter().any(|event| matches!(
        event,
        EventKind::Moved { unit, path, .. } if *unit == B && path.last() == Some(&Tile::new(5, 5))
    )));
    assert_eq!(unit_state::<TilePosition>(&mut app, B).0, Tile::new(5, 5));
    assert!(damage_dice(&events).contains(&(B, 4)));
}

/// A claymore fires its cone away from whoever set it: sixty degrees either side.
#[test]
fn a_claymore_fires_a_cone() {
    let rows = field(40, &[]);
    let units = [
        thrower((5, 5), "(weapon: \"Claymore Mine\")", ("Demolitions", 60)),
        bystander("Ahead", "b", (15, 5)),
        bystander("Off to the side", "b", (10, 2)),
        bystander("Beside it", "b", (6, 8)),
    ];
    let mut app = begun(scenario_with(&units, &rows, "", ""));
    let mark = event_count(&app);
    // Set facing east with no fuse time: a fumble would set it off; a plain success arms it.
    load(&mut app, &rolls(&[30], &[]));
    send(
        &mut app,
        Command::SetCharge {
            unit: A,
            weapon: HELD,
            at: Tile::new(6, 5),
            fuse: Some(0),
        },
    );
    send(&mut app, Command::EndTurn { unit: A });
    for unit in [B, C, UnitId(3)] {
        send(&mut app, Command::EndTurn { unit });
    }
    let caught: Vec<UnitId> = damage_dice(&events_from(&app, mark))
        .into_iter()
        .map(|(unit, _)| unit)
        .collect();
    // Ahead: (9, 0) from the mine. Off to the side: (4, -3), 37 degrees. Beside it: (0, 3), 90
    // degrees. The setter, behind it, is spared too.
    assert_eq!(caught, [B, C]);
}

/// Someone knocked out at zero by regular damage is not killed by harm it is merely caught by
/// (a blast: regular damage cannot kill); a shot aimed at it on purpose finishes it.
#[test]
fn a_blast_does_not_finish_the_knocked_out_but_a_shot_at_them_does() {
    let rows = field(30, &[]);
    let mut gunman = fighter("Gunman", "a", (2, 9));
    gunman.weapons = vec![".38 or 9mm Revolver"];
    gunman.skills.push(("Firearms (Handgun)", 60));
    // A readied firearm acts at DEX + 50: 80, after the thrower and before the foe.
    gunman.dexterity = 30;
    let units = [
        thrower(
            (1, 5),
            "(weapon: \"Dynamite Stick\", spare: 2)",
            ("Throw", 60),
        ),
        bystander("Knocked out", "b", (12, 5)),
        gunman,
        bystander("Foe", "b", (25, 9)),
    ];
    let mut app = begun(scenario_with(&units, &rows, "", ""));
    let mut query = app.world_mut().query::<(&UnitId, &mut Vitals)>();
    for (id, mut vitals) in query.iter_mut(app.world_mut()) {
        if *id == B {
            vitals.hit_points = 0;
            vitals.vital = Vital::Unconscious;
        }
    }
    // The stick lands on the tile beside: 4D10 of ones, 4 damage, a regular blow.
    let events = after(
        &mut app,
        &rolls(&[30], &[1, 1, 1, 1]),
        Command::Blast {
            unit: A,
            weapon: HELD,
            at: Tile::new(13, 5),
        },
    );
    assert!(
        events.iter().any(|event| matches!(
            event,
            EventKind::Damaged {
                unit: B,
                taken: 4,
                ..
            }
        )),
        "{events:?}"
    );
    let down = vitals(&mut app, B);
    assert_eq!((down.vital, down.hit_points), (Vital::Unconscious, 0));
    send(&mut app, Command::EndTurn { unit: A });
    assert_eq!(acting(&app), Some(UnitId(2)));
    // The gunman shoots it where it lies: a hit, and 1 damage is enough.
    let events = after(
        &mut app,
        &rolls(&[10], &[1]),
        Command::Fire {
            unit: UnitId(2),
            weapon: WeaponChoice::Carried(0),
            mode: FireMode::single(B),
        },
    );
    assert!(
        events
            .iter()
            .any(|event| matches!(event, EventKind::ShotHit { target: B, .. })),
        "{events:?}"
    );
    assert_eq!(vitals(&mut app, B).vital, Vital::Dead);
}

/// A taser affects only targets up to Build 2: a Build 3 brute takes the 1D3 and is not
/// stunned; a Build 2 one is.
#[test]
fn a_taser_does_not_stun_a_target_past_build_two() {
    let stunned = |strength: u32, size: u32| {
        let mut brute = bystander("Brute", "b", (5, 5));
        brute.strength = strength;
        brute.size = size;
        let (_, events) = tased(brute);
        assert!(
            events.iter().any(|event| matches!(
                event,
                EventKind::Damaged {
                    unit: B,
                    taken: 1,
                    ..
                }
            )),
            "{events:?}"
        );
        events
            .iter()
            .any(|event| matches!(event.own(), Some(CocEvent::Stunned { unit: B, .. })))
    };
    // STR + SIZ 200 is Build 2; 210 is Build 3.
    assert!(stunned(100, 100));
    assert!(!stunned(100, 110));
}
