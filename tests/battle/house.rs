//! The d100 house sheet in the battle, with Spin Cycle's six, every one played by a person: the
//! Initiative queue rolled once, criticals first; a bullet's damage read off its roll and where
//! it lands off the roll's digits swapped; a blow's digit sum and qualities; the tally of each
//! part, which cripples a leg at 25 (it crawls a tile a round).

use gridkeeper::battle::command::FireMode;
use gridkeeper::rules::damage::DamageSource;
use gridkeeper::rules::situation::Posture;
use gridkeeper::rulesets::d100_house::battle::events::HouseEvent;

use super::*;
use gridkeeper::rulesets::d100_house::battle::commands::HouseCommand;

pub(super) const RICO: UnitId = UnitId(0);
pub(super) const DEE: UnitId = UnitId(1);
pub(super) const GREY: UnitId = UnitId(3);
pub(super) const BRUNO: UnitId = UnitId(4);
pub(super) const NICO: UnitId = UnitId(5);

/// Initiative in unit order (Rico, Dee, Lou, Grey, Bruno, Nico): Grey's 01 first, then Rico's
/// 48 and Dee's 12, the failures by Speed (Nico 50, Bruno 40), Lou's 00 last.
pub(super) const QUEUE_ROLLS: [u32; 6] = [48, 12, 100, 1, 70, 90];

/// Spin Cycle with every unit played by a person, some moved to other tiles, its queue rolled
/// from `QUEUE_ROLLS`.
pub(super) fn spin_cycle(places: &[(UnitId, (u32, u32))]) -> App {
    spin_cycle_changed(places, |_| {})
}

/// Spin Cycle as `spin_cycle` has it, the scenario changed first by `change`.
pub(super) fn spin_cycle_changed(
    places: &[(UnitId, (u32, u32))],
    change: impl FnOnce(&mut Scenario),
) -> App {
    let mut scenario = shipped("spin-cycle.ron");
    change(&mut scenario);
    spin_cycle_begun(scenario, places)
}

/// `scenario` (Spin Cycle, changed) with every unit played by a person, some moved to other
/// tiles, its queue rolled from `QUEUE_ROLLS`.
pub(super) fn spin_cycle_begun(mut scenario: Scenario, places: &[(UnitId, (u32, u32))]) -> App {
    for unit in &mut scenario.units {
        unit.control = Control::Person;
    }
    for (unit, at) in places {
        scenario.units[unit.index()].start = Tile { x: at.0, y: at.1 };
    }
    let mut app = test_app(scenario);
    load(&mut app, &rolls(&QUEUE_ROLLS, &[]));
    send(&mut app, Command::Begin);
    app
}

/// `unit` fires its gun at `target`, the roll loaded to read `roll`: the events that follow.
pub(super) fn fire(app: &mut App, unit: UnitId, target: UnitId, roll: u32) -> Vec<EventKind> {
    fire_with(app, unit, target, &percentile(roll))
}

/// `unit` fires its gun at `target`, the dice loaded with `faces` (the attack's, then any other
/// roll's): the events that follow.
pub(super) fn fire_with(
    app: &mut App,
    unit: UnitId,
    target: UnitId,
    faces: &[u32],
) -> Vec<EventKind> {
    load(app, faces);
    let from = events(app).len();
    send(
        app,
        Command::Fire {
            unit,
            weapon: WeaponChoice::Carried(0),
            mode: FireMode::single(target),
        },
    );
    take_it(app);
    events_from(app, from)
}

/// `unit` strikes `target` with its first weapon, the dice loaded with `faces` (the attack's,
/// then any other roll's): the events that follow.
pub(super) fn strike(app: &mut App, unit: UnitId, target: UnitId, faces: &[u32]) -> Vec<EventKind> {
    let blow = Command::Attack {
        unit,
        target,
        weapon: WeaponChoice::Carried(0),
    };
    after(app, faces, blow)
}

/// The damage parts of every damage roll among `events`, as (source, value).
pub(super) fn damage_parts(events: &[EventKind]) -> Vec<Vec<(DamageSource, i32)>> {
    events
        .iter()
        .filter_map(|event| match event {
            EventKind::DamageRolled { roll, .. } => Some(
                roll.parts
                    .iter()
                    .map(|part| (part.source, part.value))
                    .collect(),
            ),
            _ => None,
        })
        .collect()
}

#[test]
fn the_queue_is_rolled_once_criticals_first() {
    let mut app = spin_cycle(&[]);
    let order = events(&app)
        .into_iter()
        .find_map(|event| match event {
            EventKind::RoundBegan { order, .. } => Some(order),
            _ => None,
        })
        .expect("a round began");
    assert_eq!(order, [GREY, RICO, DEE, NICO, BRUNO, UnitId(2)]);
    // The queue is kept: round 2 rolls nothing and goes the same way.
    until_the_turn_of(&mut app, UnitId(2));
    let from = events(&app).len();
    send(&mut app, Command::EndTurn { unit: UnitId(2) });
    let second = events_from(&app, from);
    assert!(
        !second
            .iter()
            .any(|event| matches!(event, EventKind::Rolled { .. })),
        "{second:?}"
    );
    assert!(second.iter().any(|event| matches!(
        event,
        EventKind::RoundBegan { order, .. } if order == &[GREY, RICO, DEE, NICO, BRUNO, UnitId(2)]
    )));
}

/// Rico's heavy pistol (max 50) at Nico, 10 yards off: 37 hits, flips to 73 (the right leg),
/// and does 37, which cripples the leg: Nico crawls a tile a round. A 01 does the max and lands
/// in the head (10); a 61 past the cap would do 50, but misses Rico's 55.
#[test]
fn a_bullet_does_its_roll_where_its_digits_swapped_land() {
    let mut app = spin_cycle(&[(NICO, (14, 2))]);
    until_the_turn_of(&mut app, RICO);
    let shot = fire(&mut app, RICO, NICO, 37);
    assert!(shot.contains(&EventKind::from(HouseEvent::HitLocated {
        unit: RICO,
        target: NICO,
        roll: 37,
        flipped: 73,
        part: BodyPart::RightLeg,
        called: false,
    })));
    assert_eq!(damage_parts(&shot), [[(DamageSource::TheRoll, 37)]]);
    assert!(shot.contains(&EventKind::from(HouseEvent::Crippled {
        unit: NICO,
        part: BodyPart::RightLeg,
        tally: 37,
        dropped: None,
    })));
    let nico = vitals(&mut app, NICO);
    assert_eq!((nico.hit_points, nico.locations.right_leg), (63, 37));
    assert!(condition(&mut app, NICO).lamed);
    // Nico's turn: a tile, no more.
    until_the_turn_of(&mut app, NICO);
    let two_tiles = Command::Move {
        unit: NICO,
        to: Tile { x: 14, y: 4 },
    };
    assert!(
        refusal(&mut app, two_tiles).is_some(),
        "two tiles are past a crawl"
    );
    let from = events(&app).len();
    send(
        &mut app,
        Command::Move {
            unit: NICO,
            to: Tile { x: 15, y: 3 },
        },
    );
    assert!(
        events_from(&app, from)
            .iter()
            .any(|event| matches!(event, EventKind::Moved { .. })),
        "a diagonal tile is a crawl"
    );
}

/// A critical (01) does the gun's max, 50, in the head (10); over two hits the head's tally
/// passes 25 and knocks Nico out.
#[test]
fn a_critical_does_the_cap_and_a_crippled_head_knocks_out() {
    let mut app = spin_cycle(&[(NICO, (14, 2))]);
    until_the_turn_of(&mut app, RICO);
    let shot = fire(&mut app, RICO, NICO, 1);
    assert_eq!(damage_parts(&shot), [[(DamageSource::Critical, 50)]]);
    assert!(shot.contains(&EventKind::from(HouseEvent::Crippled {
        unit: NICO,
        part: BodyPart::Head,
        tally: 50,
        dropped: None,
    })));
    assert_eq!(vitals(&mut app, NICO).vital, Vital::Unconscious);
}

/// Rico's 51 at Grey flips to 15, Grey's right arm, his weapon arm: past the cap, it does 50,
/// and the crippled arm drops the light pistol.
#[test]
fn a_crippled_weapon_arm_drops_the_weapon() {
    let mut app = spin_cycle(&[(GREY, (14, 2))]);
    until_the_turn_of(&mut app, RICO);
    let shot = fire(&mut app, RICO, GREY, 51);
    assert_eq!(damage_parts(&shot), [[(DamageSource::Cap, 50)]]);
    assert!(shot.contains(&EventKind::from(HouseEvent::Crippled {
        unit: GREY,
        part: BodyPart::RightArm,
        tally: 50,
        dropped: Some("Light pistol".to_string()),
    })));
    assert_eq!(
        unit_state::<Arsenal>(&mut app, GREY).in_hand,
        WeaponChoice::Unarmed
    );
}

/// Dee's machete (+6) next to Bruno: 37 does the digit sum 10 and the qualities 6 in Bruno's
/// right leg (73); 44 (a matched success with a +6 weapon) does the roll itself, 44, in the
/// torso.
#[test]
fn a_blow_does_its_digit_sum_and_qualities() {
    let mut app = spin_cycle(&[(DEE, (3, 3)), (BRUNO, (4, 3))]);
    let blows = [
        (
            37,
            vec![(DamageSource::DigitSum, 10), (DamageSource::Quality, 6)],
            BodyPart::RightLeg,
        ),
        (44, vec![(DamageSource::TheRoll, 44)], BodyPart::Torso),
    ];
    for (roll, parts, part) in blows {
        until_the_turn_of(&mut app, DEE);
        let blow = strike(&mut app, DEE, BRUNO, &percentile(roll));
        assert_eq!(damage_parts(&blow), [parts], "{roll}");
        assert!(
            blow.iter().any(|event| matches!(event.own(), Some(HouseEvent::HitLocated { part: landed, .. }) if *landed == part)),
            "{roll}: {blow:?}"
        );
        send(&mut app, Command::EndTurn { unit: DEE });
    }
    assert_eq!(vitals(&mut app, BRUNO).hit_points, 130 - 16 - 44);
}

/// Grey crouches behind a steel washer (5, 4) from Rico at (5, 2): Rico's 37 flips to 73, the
/// right leg, which the washer covers, and steel stops the bullet: nothing taken. His 51 flips
/// to 15, the right arm, Grey's weapon arm, which a crouch leaves out: 50 taken.
#[test]
fn steel_cover_stops_a_hit_on_a_part_behind_it() {
    let mut app = spin_cycle(&[(RICO, (5, 2)), (GREY, (5, 5))]);
    until_the_turn_of(&mut app, GREY);
    send(
        &mut app,
        Command::TakePosture {
            unit: GREY,
            posture: Posture::Kneeling,
        },
    );
    until_the_turn_of(&mut app, RICO);
    let shots = [
        (37, BodyPart::RightLeg, Some(true), Vec::new()),
        (
            51,
            BodyPart::RightArm,
            None,
            vec![vec![(DamageSource::Cap, 50)]],
        ),
    ];
    for (roll, part, stopped, damage) in shots {
        let shot = fire(&mut app, RICO, GREY, roll);
        let covered = shot.iter().find_map(|event| match event.own() {
            Some(HouseEvent::PartCovered {
                unit: GREY,
                part: landed,
                cover,
                stopped,
            }) if *landed == part => Some((cover.clone(), *stopped)),
            _ => None,
        });
        assert_eq!(
            covered.map(|(cover, stopped)| (cover == "steel washer", stopped)),
            stopped.map(|stopped| (true, stopped)),
            "{roll}: {shot:?}"
        );
        assert_eq!(damage_parts(&shot), damage, "{roll}");
        // A stopped bullet sends no blow: nothing is taken, not even 0.
        let blows = shot
            .iter()
            .filter(|event| matches!(event, EventKind::Damaged { .. }))
            .count();
        assert_eq!(blows, damage.len(), "{roll}: {shot:?}");
        send(&mut app, Command::EndTurn { unit: RICO });
        until_the_turn_of(&mut app, RICO);
    }
    assert_eq!(vitals(&mut app, GREY).hit_points, 50);
}

/// Bruno stands behind a folding table (13, 5) from Rico at (13, 2): 37 lands in the right leg,
/// which the table covers but cannot stop a bullet: the digit sum, 10, gets through.
#[test]
fn a_table_lets_only_the_digit_sum_through() {
    let mut app = spin_cycle(&[(RICO, (13, 2)), (BRUNO, (13, 6))]);
    until_the_turn_of(&mut app, RICO);
    let shot = fire(&mut app, RICO, BRUNO, 37);
    assert!(shot.contains(&EventKind::from(HouseEvent::PartCovered {
        unit: BRUNO,
        part: BodyPart::RightLeg,
        cover: "folding table".to_string(),
        stopped: false,
    })));
    assert_eq!(damage_parts(&shot), [[(DamageSource::DigitSum, 10)]]);
    assert_eq!(vitals(&mut app, BRUNO).locations.right_leg, 10);
}

/// Grey hides behind the washer at (5, 4) and fires at Rico beyond it: only a Hail Mary hits,
/// so his 37 misses and his 33 (doubles) hits.
#[test]
fn hidden_behind_cover_only_a_hail_mary_hits() {
    let mut app = spin_cycle(&[(RICO, (5, 2)), (GREY, (5, 5))]);
    until_the_turn_of(&mut app, GREY);
    send(
        &mut app,
        Command::TakePosture {
            unit: GREY,
            posture: Posture::Hidden,
        },
    );
    let mut hits = Vec::new();
    for roll in [37, 33] {
        until_the_turn_of(&mut app, GREY);
        let shot = fire(&mut app, GREY, RICO, roll);
        hits.push(
            shot.iter()
                .any(|event| matches!(event, EventKind::ShotHit { .. })),
        );
        send(&mut app, Command::EndTurn { unit: GREY });
    }
    assert_eq!(hits, [false, true]);
}

/// Grey's first turn, played by the AI at `style` from (5, 5), the steel washer at (5, 4)
/// between him and Rico at (5, 2): the commands he gives.
pub(super) fn greys_first_turn(style: gridkeeper::ai::Style) -> Vec<Command> {
    let mut scenario = shipped("spin-cycle.ron");
    scenario.units[RICO.index()].start = Tile::new(5, 2);
    scenario.units[GREY.index()].start = Tile::new(5, 5);
    let mut app = with_ai_playing(scenario, GREY, style);
    load(&mut app, &rolls(&QUEUE_ROLLS, &[]));
    send(&mut app, Command::Begin);
    assert_eq!(acting(&app), Some(GREY), "Grey's critical goes first");
    for _ in 0..40 {
        if !update_taking_everything(&mut app) && acting(&app) != Some(GREY) {
            break;
        }
    }
    commands_of(&app, GREY)
}

/// The careful AI crouches behind the washer, which hides its legs, torso and off arm, and
/// still shoots; the baseline stands.
#[test]
fn the_careful_ai_crouches_behind_cover_that_hides_its_body() {
    use gridkeeper::ai::Style;
    let crouch = Command::TakePosture {
        unit: GREY,
        posture: Posture::Kneeling,
    };
    let careful = greys_first_turn(Style::Careful);
    assert!(careful.contains(&crouch), "{careful:?}");
    assert!(
        careful
            .iter()
            .any(|command| matches!(command, Command::Fire { .. })),
        "{careful:?}"
    );
    assert!(!greys_first_turn(Style::Baseline).contains(&crouch));
}

/// Careful Rico at (5, 2) and Grey crouched at (5, 5) behind the washer at (5, 4), a right-hander: the
/// washer hides his legs, torso and left arm, so Rico's shot as it stands does little (the hits
/// that flip to the head or the right arm only), and one called at the head, at 55 − 20 = 35,
/// every hit landing there, does more: Rico calls the head, then fires. The baseline does not
/// call.
#[test]
fn the_careful_ai_calls_a_shot_at_a_part_the_cover_leaves_out() {
    use gridkeeper::ai::Style;
    let ricos_first_turn = |style| {
        let mut scenario = shipped("spin-cycle.ron");
        scenario.units[RICO.index()].start = Tile::new(5, 2);
        scenario.units[GREY.index()].start = Tile::new(5, 5);
        let mut app = with_ai_playing(scenario, RICO, style);
        load(&mut app, &rolls(&QUEUE_ROLLS, &[]));
        send(&mut app, Command::Begin);
        send(
            &mut app,
            Command::TakePosture {
                unit: GREY,
                posture: Posture::Kneeling,
            },
        );
        send(&mut app, Command::EndTurn { unit: GREY });
        for _ in 0..20 {
            if acting(&app) != Some(RICO) {
                break;
            }
            update_taking_everything(&mut app);
        }
        commands_of(&app, RICO)
    };
    let careful = ricos_first_turn(Style::Careful);
    let call = careful
        .iter()
        .position(|command| {
            *command
                == Command::from(HouseCommand::CallShot {
                    unit: RICO,
                    part: BodyPart::Head,
                })
        })
        .unwrap_or_else(|| panic!("{careful:?}"));
    assert!(
        matches!(careful.get(call + 1), Some(Command::Fire { .. })),
        "{careful:?}"
    );
    let baseline = ricos_first_turn(Style::Baseline);
    assert!(
        !baseline
            .iter()
            .any(|command| matches!(house(command), Some(HouseCommand::CallShot { .. }))),
        "{baseline:?}"
    );
}

/// `command` as the house sheet's own, where it is one.
pub(super) fn house(command: &Command) -> Option<&HouseCommand> {
    match command {
        Command::Rulebook(own) => own.of::<HouseCommand>(),
        _ => None,
    }
}
