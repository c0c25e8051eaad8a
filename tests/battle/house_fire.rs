//! The d100 house sheet's firearms rules in the battle, past a plain shot: suppressive fire,
//! laid on a group with the skill divided, pinning everyone in it until the shooter's next turn
//! and hurting only on a matched or critical roll; the shotgun's knock-down, to the back of the
//! queue; a jam cleared by a round and a Firearms roll; a shot called at a part; a heavy
//! weapon's daze; and a bolt action's two shots a round.

use gridkeeper::battle::choices::{FlagTone, UnitFlag};
use gridkeeper::battle::command::FireMode;
use gridkeeper::battle::hooks::flagged;
use gridkeeper::rules::body::BodyPart;
use gridkeeper::rules::damage::DamageSource;
use gridkeeper::rulesets::d100_house::battle::events::HouseEvent;

use super::*;
use crate::house::{DEE, NICO, RICO, damage_parts, fire, spin_cycle};
use gridkeeper::rulesets::d100_house::battle::commands::HouseCommand;
use gridkeeper::rulesets::d100_house::reasons;

/// Nico's suppressing fire, `bullets` of it, on Rico and Dee.
fn suppress(bullets: u32) -> Command {
    Command::Fire {
        unit: NICO,
        weapon: WeaponChoice::Carried(0),
        mode: FireMode::Suppressing {
            bullets,
            at: vec![RICO, DEE],
        },
    }
}

/// The shifts suppression put on the rolls among `events`.
fn suppressed_shifts(events: &[EventKind]) -> Vec<i32> {
    crate::house_turns::shifts(events, reasons::SUPPRESSED)
        .into_iter()
        .map(|(_, points)| points)
        .collect()
}

/// Nico (Firearms 40) divides his skill 20 + 20 and lays two attacks of suppressing fire on
/// Rico and Dee, side by side 7 yards off. The first 3 bullets (a plain 15 that keeps heads
/// down, a 90 and a matched failure 33) pin no one yet; the second attack's matched 11 hurts
/// the one a die draws (Dee) with its digit sum, 2, on the right arm (11 flipped), and its
/// sixth bullet puts −10 on both until Nico's next turn, when it lifts.
#[test]
fn suppressing_fire_pins_the_group_until_the_shooters_next_turn() {
    let mut app = spin_cycle(&[(RICO, (14, 9)), (DEE, (15, 9))]);
    until_the_turn_of(&mut app, NICO);
    let undivided = refusal(&mut app, suppress(3));
    assert!(
        matches!(&undivided, Some(Rejection::NotNow(why)) if why.contains("divide")),
        "{undivided:?}"
    );
    send(
        &mut app,
        Command::from(HouseCommand::DivideSkill {
            unit: NICO,
            shares: vec![20, 20],
        }),
    );
    assert!(
        refusal(&mut app, suppress(4)).is_some(),
        "4 is more than an attack"
    );
    let first = after(&mut app, &rolls(&[15, 90, 33], &[]), suppress(3));
    assert_eq!(rejected(&first), None);
    let pinned = |events: &[EventKind]| {
        events
            .iter()
            .filter(|event| matches!(event.own(), Some(HouseEvent::BulletPinned { .. })))
            .count()
    };
    assert_eq!(pinned(&first), 1, "the plain 15");
    assert!(damage_parts(&first).is_empty());
    assert!(first.contains(&EventKind::from(HouseEvent::Suppressed {
        unit: NICO,
        group: vec![RICO, DEE],
        bullets: 3,
        shift: 0,
    })));
    assert_eq!(
        house_state(&mut app, RICO).suppressed.map(|s| s.bullets),
        Some(3)
    );
    // Too few bullets yet for a shift: no flag on the card.
    assert_eq!(pinned_flag(&mut app, RICO), None);
    // The die's second face draws Dee.
    let second = after(&mut app, &rolls(&[11, 50, 60], &[2]), suppress(3));
    assert!(second.iter().any(|event| matches!(
        event,
        EventKind::TargetDrawn {
            unit: NICO,
            target: DEE,
            ..
        }
    )));
    assert_eq!(damage_parts(&second), [[(DamageSource::DigitSum, 2)]]);
    assert!(second.iter().any(|event| matches!(
        event.own(),
        Some(HouseEvent::HitLocated {
            target: DEE,
            part: BodyPart::RightArm,
            ..
        })
    )));
    assert!(second.contains(&EventKind::from(HouseEvent::Suppressed {
        unit: NICO,
        group: vec![RICO, DEE],
        bullets: 6,
        shift: -10,
    })));
    // Each card of the group carries it, in the short list too.
    for unit in [RICO, DEE] {
        assert_eq!(
            pinned_flag(&mut app, unit),
            Some(UnitFlag {
                words: "pinned −10".to_string(),
                tone: FlagTone::Pressed,
                in_short: true,
            })
        );
    }
    // Rico's shot, and every roll of his, is at −10 until Nico's next turn.
    until_the_turn_of(&mut app, RICO);
    let shot = fire(&mut app, RICO, NICO, 90);
    assert_eq!(suppressed_shifts(&shot), [-10]);
    until_the_turn_of(&mut app, NICO);
    assert_eq!(house_state(&mut app, RICO).suppressed, None);
    assert_eq!(house_state(&mut app, DEE).suppressed, None);
    assert_eq!(pinned_flag(&mut app, RICO), None, "lifted");
}

/// The flag the house sheet's pinning puts on `unit`'s card, as the cards are given it.
fn pinned_flag(app: &mut App, unit: UnitId) -> Option<UnitFlag> {
    flagged(app.world_mut())
        .into_iter()
        .filter(|(flagged, _)| *flagged == unit)
        .flat_map(|(_, flags)| flags)
        .find(|flag| flag.words.starts_with("pinned"))
}

/// The careful AI's Nico, badly hurt (−20), 8 yards from Rico, Dee and Lou crouched side by
/// side behind a bank of washers: his aimed bullets would do 0.85 each (only a head or a gun
/// arm shows), 2.55 an attack, while pinning the three takes 11 off theirs (4.9 off Rico's
/// shot, 4.05 off Lou's, 2.05 off Dee's blow, Nico being within her reach): 5.5 for each
/// attack's bullets. He divides his 20 into 10 + 10 and lays both attacks on the three.
#[test]
fn the_careful_ai_pins_a_pair_behind_cover() {
    use gridkeeper::ai::Style;
    use gridkeeper::rules::situation::Posture;
    const LOU: UnitId = UnitId(2);
    let mut scenario = shipped("spin-cycle.ron");
    scenario.units[RICO.index()].start = Tile::new(4, 3);
    scenario.units[DEE.index()].start = Tile::new(5, 3);
    scenario.units[LOU.index()].start = Tile::new(6, 3);
    scenario.units[NICO.index()].start = Tile::new(5, 11);
    let mut app = with_ai_playing(scenario, NICO, Style::Careful);
    // Nico waits out round 1 in the keeper's hands, while Rico and Lou crouch.
    let control = |app: &mut App, control| {
        app.world_mut().resource_mut::<Controllers>().0[NICO.index()] = control;
    };
    control(&mut app, Control::Person);
    load(&mut app, &rolls(&crate::house::QUEUE_ROLLS, &[]));
    send(&mut app, Command::Begin);
    for unit in [RICO, DEE, LOU] {
        until_the_turn_of(&mut app, unit);
        send(
            &mut app,
            Command::TakePosture {
                unit,
                posture: Posture::Kneeling,
            },
        );
    }
    until_the_turn_of(&mut app, NICO);
    set_vitals(&mut app, NICO, |vitals| vitals.hit_points = 30);
    let before = commands_of(&app, NICO).len();
    control(&mut app, Control::Ai);
    for _ in 0..40 {
        if !update_taking_everything(&mut app) && acting(&app) != Some(NICO) {
            break;
        }
    }
    let turn: Vec<Command> = commands_of(&app, NICO).split_off(before);
    assert!(
        turn.contains(&Command::from(HouseCommand::DivideSkill {
            unit: NICO,
            shares: vec![10, 10],
        })),
        "{turn:?}"
    );
    let pinning = turn
        .iter()
        .filter(|command| {
            matches!(command, Command::Fire { mode: FireMode::Suppressing { bullets: 3, at }, .. }
                if [RICO, DEE, LOU].iter().all(|unit| at.contains(unit)))
        })
        .count();
    assert_eq!(pinning, 2, "{turn:?}");
}

/// Spin Cycle played by persons, some moved, Rico carrying the sheet's `weapon` (on a mount
/// where `mounted`), at his first turn.
fn rico_carrying(weapon: &str, mounted: bool, places: &[(UnitId, (u32, u32))]) -> App {
    let mut app = crate::house::spin_cycle_changed(places, |scenario| {
        let weapon = scenario
            .ruleset
            .weapons()
            .find(weapon)
            .expect("a weapon of the sheet")
            .clone();
        let carried = &mut scenario.units[RICO.index()].weapons[0];
        carried.weapon = weapon;
        carried.mounted = mounted;
    });
    until_the_turn_of(&mut app, RICO);
    app
}

/// The order of the next round to begin among `events`.
fn next_order(events: &[EventKind]) -> Vec<UnitId> {
    events
        .iter()
        .find_map(|event| match event {
            EventKind::RoundBegan { order, .. } => Some(order.clone()),
            _ => None,
        })
        .expect("a round began")
}

/// Rico, given Lou's pump shotgun (cap 80: large calibre), hits Nico in the torso for 14 (14
/// flips to 41) before Nico's turn: Nico's Body roll, 50 at −10, fails on 70, and he is knocked down, to
/// the back of this round's order and of the queue, his next turn spent getting up. Bruno,
/// hit the same way, makes his roll (20) and stays up.
#[test]
fn a_shotgun_hit_knocks_down_to_the_back_of_the_queue() {
    let mut app = rico_carrying("Pump shotgun", false, &[(RICO, (17, 9))]);
    let shot = crate::house::fire_with(&mut app, RICO, NICO, &rolls(&[14, 70], &[]));
    assert_eq!(damage_parts(&shot), [[(DamageSource::TheRoll, 14)]]);
    let body = shot
        .iter()
        .find_map(|event| match event {
            EventKind::Rolled { unit: NICO, roll } => Some(roll.clone()),
            _ => None,
        })
        .expect("Nico's Body roll");
    assert_eq!(body.purpose.name(), "Body");
    assert!(body.modifiers.iter().any(|modifier| {
        modifier.reason == reasons::LARGE_CALIBRE
            && modifier.effect == gridkeeper::rules::modifiers::Effect::Add(-10)
    }));
    assert!(shot.contains(&EventKind::from(HouseEvent::KnockedDown { unit: NICO })));
    assert!(condition(&mut app, NICO).prone);
    let order = app.world().resource::<Flow>().order.clone();
    assert_eq!(
        order.last().map(|slot| UnitId(slot.unit)),
        Some(NICO),
        "{order:?} {:?}",
        app.world().resource::<Flow>().next_in_order
    );
    // Bruno stands up to it.
    let bruno =
        crate::house::fire_with(&mut app, RICO, crate::house::BRUNO, &rolls(&[14, 20], &[]));
    assert!(
        !bruno
            .iter()
            .any(|event| matches!(event.own(), Some(HouseEvent::KnockedDown { .. })))
    );
    // Nico's turn, last of the round, goes on getting up.
    let mark = event_count(&app);
    until_the_turn_of(&mut app, crate::house::GREY);
    let rest = events_from(&app, mark);
    let nico_turn: Vec<&EventKind> = rest
        .iter()
        .skip_while(|event| !matches!(event, EventKind::StoodUp { unit: NICO }))
        .take(2)
        .collect();
    assert_eq!(
        nico_turn,
        [
            &EventKind::StoodUp { unit: NICO },
            &EventKind::TurnLost { unit: NICO }
        ]
    );
    assert!(!condition(&mut app, NICO).prone);
    // The queue keeps him at the back.
    assert_eq!(next_order(&rest).last(), Some(&NICO));
}

/// Rico's heavy pistol jams on a fumble (00): a round of work, then a Firearms roll, clears it.
#[test]
fn a_jam_takes_a_round_and_a_firearms_roll() {
    let mut app = spin_cycle(&[(NICO, (14, 2))]);
    until_the_turn_of(&mut app, RICO);
    let fumble = fire(&mut app, RICO, NICO, 100);
    assert!(fumble.iter().any(|event| matches!(
        event,
        EventKind::Malfunctioned {
            work: None,
            rounds: Some(1),
            ..
        }
    )));
    until_the_turn_of(&mut app, DEE);
    until_the_turn_of(&mut app, RICO);
    let clear = Command::ClearJam {
        unit: RICO,
        weapon: WeaponChoice::Carried(0),
    };
    let cleared = after(&mut app, &percentile(30), clear);
    assert!(
        cleared
            .iter()
            .any(|event| matches!(event, EventKind::JamCleared { unit: RICO, .. })),
        "{cleared:?}"
    );
}

/// Rico calls his shot at Nico's head (−20): 35, a success at 55 − 20, lands there whatever its
/// digits say (35 would flip to 53, the torso), and 35 in the head cripples it. A second call,
/// a call at the neck (no part of the table) and a call once the attack is made are refused.
#[test]
fn a_called_shot_lands_where_it_was_called() {
    let mut app = spin_cycle(&[(NICO, (14, 2))]);
    until_the_turn_of(&mut app, RICO);
    let call = |part| Command::from(HouseCommand::CallShot { unit: RICO, part });
    assert!(
        refusal(&mut app, call(BodyPart::Neck)).is_some(),
        "the neck"
    );
    let called = after(&mut app, &[], call(BodyPart::Head));
    assert!(called.contains(&EventKind::from(HouseEvent::ShotCalled {
        unit: RICO,
        part: BodyPart::Head,
        shift: -20,
    })));
    assert!(
        refusal(&mut app, call(BodyPart::Torso)).is_some(),
        "called already"
    );
    let shot = fire(&mut app, RICO, NICO, 35);
    let called_shift = shot.iter().any(|event| {
        matches!(event, EventKind::Rolled { unit: RICO, roll } if roll.modifiers.iter().any(|modifier| {
            modifier.reason == reasons::CALLED_SHOT
                && modifier.effect == gridkeeper::rules::modifiers::Effect::Add(-20)
        }))
    });
    assert!(called_shift, "{shot:?}");
    assert!(shot.contains(&EventKind::from(HouseEvent::HitLocated {
        unit: RICO,
        target: NICO,
        roll: 35,
        flipped: 53,
        part: BodyPart::Head,
        called: true,
    })));
    assert!(shot.iter().any(|event| matches!(
        event.own(),
        Some(HouseEvent::Crippled {
            unit: NICO,
            part: BodyPart::Head,
            ..
        })
    )));
    assert_eq!(house_state(&mut app, RICO).called_shot, None, "spent");
    assert!(
        refusal(&mut app, call(BodyPart::Head)).is_some(),
        "no attack to come"
    );
}

/// The preview of a called shot at Nico crouched behind a washer: called at his head, which
/// shows, every hit does its harm (the harm behind the washer is the open harm, 6.79 at 35: the
/// 01's 50 and 2 to 35 over a hundred faces);
/// called at his legs, which it hides and which it stops, none.
#[test]
fn a_called_shot_previews_all_or_nothing_behind_cover() {
    use gridkeeper::battle::ranged::preview;
    use gridkeeper::rules::situation::Posture;
    let mut app = spin_cycle(&[(RICO, (21, 10)), (NICO, (21, 5))]);
    until_the_turn_of(&mut app, NICO);
    send(
        &mut app,
        Command::TakePosture {
            unit: NICO,
            posture: Posture::Kneeling,
        },
    );
    until_the_turn_of(&mut app, RICO);
    let harm = |app: &mut App| {
        let rolls = preview(
            app.world_mut(),
            RICO,
            WeaponChoice::Carried(0),
            &FireMode::single(NICO),
        )
        .expect("a shot");
        rolls[0].harm.clone().expect("harm off the roll")
    };
    let uncalled = harm(&mut app);
    let behind = uncalled.behind.clone().expect("behind the washer").1;
    assert!(behind < uncalled.open, "{uncalled:?}");
    send(
        &mut app,
        Command::from(HouseCommand::CallShot {
            unit: RICO,
            part: BodyPart::Head,
        }),
    );
    let head = harm(&mut app);
    assert_eq!(head.behind.as_ref().map(|(_, harm)| *harm), Some(head.open));
    assert!((head.open - 6.79).abs() < 1e-9, "{head:?}");
    // The legs, called on a fresh turn.
    until_the_turn_of(&mut app, NICO);
    until_the_turn_of(&mut app, RICO);
    send(
        &mut app,
        Command::from(HouseCommand::CallShot {
            unit: RICO,
            part: BodyPart::LeftLeg,
        }),
    );
    assert_eq!(harm(&mut app).behind.map(|(_, harm)| harm), Some(0.0));
}

/// Rico with a light machine gun off its mount: each of the 3 bullets of a full-auto attack asks
/// his Body roll (55); failed each time (70), he is dazed three times this round (−10 each, to
/// round 3) and knocked down by the third. On a mount it asks nothing.
#[test]
fn a_heavy_weapon_dazes_its_shooter_off_the_mount() {
    let machine_gun = |mounted| {
        let mut app = rico_carrying("Light machine gun", mounted, &[(NICO, (14, 2))]);
        let burst = Command::Fire {
            unit: RICO,
            weapon: WeaponChoice::Carried(0),
            mode: FireMode::FullAuto(vec![(NICO, 3)]),
        };
        let events = after(&mut app, &rolls(&[90, 70, 90, 70, 90, 70], &[]), burst);
        (app, events)
    };
    let (mut app, events) = machine_gun(false);
    let dazes = events
        .iter()
        .filter(|event| {
            matches!(
                event.own(),
                Some(HouseEvent::Dazed {
                    unit: RICO,
                    until_round: 3
                })
            )
        })
        .count();
    assert_eq!(dazes, 3, "{events:?}");
    assert!(events.contains(&EventKind::from(HouseEvent::KnockedDown { unit: RICO })));
    assert_eq!(house_state(&mut app, RICO).dazes(), 3);
    let (_, mounted) = machine_gun(true);
    assert!(
        !mounted
            .iter()
            .any(|event| matches!(event.own(), Some(HouseEvent::Dazed { .. })))
    );
}

/// Rico with a hunting rifle (a bolt action) divides his 55 three ways: his first shot fires,
/// his second only after a Speed roll (60: 30 works the bolt in time), and a third is refused (2
/// a round). Next round, as 28 + 27, a failed Speed roll (70) loses the second shot: no attack
/// roll, no round spent.
#[test]
fn a_bolt_action_fires_twice_a_round_the_second_on_speed() {
    let mut app = rico_carrying("Hunting rifle", false, &[(NICO, (14, 2))]);
    let divide = |shares: Vec<u32>| Command::from(HouseCommand::DivideSkill { unit: RICO, shares });
    send(&mut app, divide(vec![19, 18, 18]));
    let attack_rolls = |events: &[EventKind]| {
        events
            .iter()
            .filter(|event| {
                matches!(event, EventKind::Rolled { unit: RICO, roll } if roll.purpose.name() == "Firearms")
            })
            .count()
    };
    assert_eq!(attack_rolls(&fire(&mut app, RICO, NICO, 90)), 1);
    let second = crate::house::fire_with(&mut app, RICO, NICO, &rolls(&[30, 90], &[]));
    assert_eq!(attack_rolls(&second), 1, "{second:?}");
    let third = Command::Fire {
        unit: RICO,
        weapon: WeaponChoice::Carried(0),
        mode: FireMode::single(NICO),
    };
    let refused = refusal(&mut app, third);
    assert!(
        matches!(&refused, Some(Rejection::NotNow(why)) if why.contains("2 shots a round")),
        "{refused:?}"
    );
    until_the_turn_of(&mut app, NICO);
    until_the_turn_of(&mut app, RICO);
    send(&mut app, divide(vec![28, 27]));
    fire(&mut app, RICO, NICO, 90);
    let before = loaded(&mut app, RICO, 0);
    let lost = crate::house::fire_with(&mut app, RICO, NICO, &rolls(&[70], &[]));
    assert!(lost.iter().any(|event| matches!(
        event.own(),
        Some(HouseEvent::BoltTooSlow { unit: RICO, .. })
    )));
    assert_eq!(attack_rolls(&lost), 0);
    assert_eq!(loaded(&mut app, RICO, 0), before, "no round spent");
}
