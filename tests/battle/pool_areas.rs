//! The d10 pool's areas: a sweep of automatic fire across a line of tiles, one roll shared by
//! everyone in it (friend or foe), each of whom may dodge from its round's dice; and a grenade's
//! bands, +5, +3 and +1 to the throw's net, less each one's dodge and armour.

use gridkeeper::battle::choices::OwnFireStyle;
use gridkeeper::battle::command::FireMode;
use gridkeeper::battle::event::DefenceKind;
use gridkeeper::battle::ranged;
use gridkeeper::rulesets::d10_pool::battle::events::PoolEvent;
use gridkeeper::rulesets::d10_pool::battle::sweep::PoolFireMode;
use gridkeeper::rulesets::d10_pool::budget::DicePlan;
use gridkeeper::view::orders::FireStyle;

use super::pool::{dice_plan, level_b2_with, pools};
use super::*;
use gridkeeper::rulesets::d10_pool::blast_severity;

const MARA: UnitId = UnitId(0);
const TOMAS: UnitId = UnitId(1);
const GANT: UnitId = UnitId(3);
const KELL: UnitId = UnitId(5);

/// Gant in the lane at (26, 9), Mara 4 yards west of him with Tomas north of her and Kell (his
/// own side) south of her.
fn the_lane() -> App {
    begun(level_b2_with(&[
        (GANT, (26, 9)),
        (MARA, (22, 9)),
        (TOMAS, (22, 8)),
        (KELL, (22, 10)),
    ]))
}

/// A sweep of `rounds` centred on Mara.
fn sweep_at_mara(rounds: u32) -> FireMode {
    PoolFireMode::Sweep { at: MARA, rounds }.into()
}

fn sweep(rounds: u32) -> Command {
    Command::Fire {
        unit: GANT,
        weapon: WeaponChoice::Carried(0),
        mode: sweep_at_mara(rounds),
    }
}

/// Gant sweeps 20 rounds (10 feet: 3 tiles) across Mara: Tomas and Kell are caught too. Mara
/// dodges with her whole pool (Dex 4 + Dodge 3: 7 dice at 6, net 2); the others take it. Gant's
/// one roll (Dex 3 + Firearms 3: 6 dice at 8) nets 2, and is counted for each with the same
/// faces: Mara's dodge takes all of hers; Tomas and Kell (no armour) each take an injury of
/// 2 + 4 = 6. The 20 rounds come out of the magazine once.
#[test]
fn a_sweep_shares_one_roll_across_everyone_in_its_line() {
    let mut app = the_lane();
    until_the_turn_of(&mut app, GANT);
    let mark = event_count(&app);
    send(&mut app, sweep(20));
    load(&mut app, &[6, 6, 2, 2, 2, 2, 2]);
    send(
        &mut app,
        Command::Answer {
            unit: MARA,
            answer: Answer::Dodge,
        },
    );
    // The roll is made once the last one caught has answered.
    load(&mut app, &[9, 8, 3, 3, 3, 2]);
    for unit in [TOMAS, KELL] {
        send(
            &mut app,
            Command::Answer {
                unit,
                answer: Answer::Nothing,
            },
        );
    }
    let swept = events_from(&app, mark);
    assert!(swept.contains(&EventKind::from(PoolEvent::Swept {
        unit: GANT,
        width: 3,
        caught: vec![MARA, TOMAS, KELL],
    })));
    // In the open, each is asked to dodge the sweep from its round's dice.
    assert!(swept.contains(&EventKind::DefenceAsked {
        unit: MARA,
        attacker: GANT,
        asked: DefenceKind::OwnShots("sweep"),
    }));
    let rolls: Vec<(UnitId, u32, u32, i32)> = pools(&swept)
        .into_iter()
        .map(|(unit, dice, difficulty, net, _)| (unit, dice, difficulty, net))
        .collect();
    assert_eq!(
        rolls,
        [
            (MARA, 7, 6, 2),
            (GANT, 6, 8, 2),
            (GANT, 6, 8, 2),
            (GANT, 6, 8, 2)
        ]
    );
    let faces: Vec<Vec<u32>> = swept
        .iter()
        .filter_map(|event| match event {
            EventKind::Rolled { unit: GANT, roll } => {
                Some(roll.dice.iter().map(|die| die.face).collect())
            }
            _ => None,
        })
        .collect();
    assert_eq!(faces, vec![vec![9, 8, 3, 3, 3, 2]; 3], "the same dice");
    assert!(swept.contains(&EventKind::BulletDodged {
        unit: GANT,
        target: MARA
    }));
    let injuries: Vec<(UnitId, Option<u32>)> = swept
        .iter()
        .filter_map(|event| match event {
            EventKind::Injured { unit, severity, .. } => Some((*unit, *severity)),
            _ => None,
        })
        .collect();
    assert_eq!(injuries, [(TOMAS, Some(6)), (KELL, Some(6))]);
    assert_eq!(
        dice_plan(&app, MARA),
        Some(DicePlan::SPENT),
        "her dodge took her whole pool"
    );
    assert_eq!(
        loaded(&mut app, GANT, 0),
        Some(10),
        "30 in the magazine, 20 swept"
    );
}

/// A sweep is at least 10 rounds, and no more than the magazine holds; the pool's full auto is
/// the sweep, never volleys at named targets.
#[test]
fn a_sweep_needs_its_rounds_and_full_auto_is_swept() {
    let mut app = the_lane();
    until_the_turn_of(&mut app, GANT);
    let refused =
        |app: &mut App, command| refusal(app, command).map(|rejection| rejection.to_string());
    assert_eq!(
        refused(&mut app, sweep(9)).as_deref(),
        Some("the weapon cannot do that: a sweep spends at least 10 rounds")
    );
    assert!(refused(&mut app, sweep(40)).is_some_and(|why| why.contains("30 ready, 40 needed")),);
    let volleys = Command::Fire {
        unit: GANT,
        weapon: WeaponChoice::Carried(0),
        mode: FireMode::FullAuto(vec![(MARA, 10)]),
    };
    assert!(
        refused(&mut app, volleys).is_some_and(|why| why.contains("as a sweep across an area")),
    );
}

/// Ten rounds cover 5 feet: two tiles, Mara's and Tomas's; Kell is not caught. Nobody with
/// nothing planned need dodge: taking it leaves Tomas his whole pool for his turn.
#[test]
fn a_narrow_sweep_catches_fewer() {
    let mut app = the_lane();
    until_the_turn_of(&mut app, GANT);
    let mark = event_count(&app);
    send(&mut app, sweep(10));
    assert!(
        events_from(&app, mark).contains(&EventKind::from(PoolEvent::Swept {
            unit: GANT,
            width: 2,
            caught: vec![MARA, TOMAS],
        }))
    );
    for unit in [MARA, TOMAS] {
        send(
            &mut app,
            Command::Answer {
                unit,
                answer: Answer::Nothing,
            },
        );
    }
    assert_eq!(dice_plan(&app, TOMAS), None);
}

/// The action bar offers the pool's sweep where full auto would be (its rounds set from the
/// fewest, 10, to all the magazine holds, 20 to start with), and the preview's area is the plan's:
/// 20 rounds across Mara cover her tile, then Tomas's and Kell's either side, 10 hers and
/// Tomas's.
#[test]
fn the_sweep_is_offered_in_place_of_full_auto_and_previewed_from_its_plan() {
    let mut app = the_lane();
    until_the_turn_of(&mut app, GANT);
    let scenario = app.world().resource::<ActiveScenario>().0.clone();
    let hooks = app
        .world()
        .resource::<gridkeeper::battle::hooks::RulebookHooks>()
        .of(scenario.ruleset.id());
    let rifle = &scenario.units[GANT.index()].weapons[0].weapon;
    let styles = gridkeeper::view::orders::fire_styles(
        rifle,
        scenario.ruleset.as_ref(),
        Some(hooks.as_ref()),
    );
    let Some(FireStyle::Rulebook(sweep_style)) = styles.last().copied() else {
        panic!("the sweep last: {styles:?}");
    };
    assert!(
        !styles
            .iter()
            .any(|style| matches!(style, FireStyle::FullAuto(_))),
        "{styles:?}"
    );
    assert_eq!(
        (sweep_style.words(), sweep_style.count),
        ("sweep".to_string(), Some(20))
    );
    let set = sweep_style.set.expect("rounds the player sets");
    assert_eq!((set.least, set.most, set.unit), (10, 30, " rounds"));
    let wider = OwnFireStyle {
        count: Some(30),
        ..sweep_style
    };
    assert!(
        sweep_style.same_kind(wider),
        "a count set anew is the same style"
    );
    assert_eq!(hooks.style_words(wider).as_deref(), Some("5 tiles wide"));
    let mode = hooks.styled_fire(wider, MARA).expect("a sweep");
    assert_eq!(mode, sweep_at_mara(30));
    let area = |app: &mut App, rounds| {
        ranged::preview_fire(
            app.world_mut(),
            GANT,
            WeaponChoice::Carried(0),
            &sweep_at_mara(rounds),
        )
        .map(|fire| fire.swept)
        .unwrap_or_default()
    };
    let tiles = |places: &[(u32, u32)]| {
        places
            .iter()
            .map(|(x, y)| Tile::new(*x, *y))
            .collect::<Vec<_>>()
    };
    assert_eq!(area(&mut app, 20), tiles(&[(22, 9), (22, 8), (22, 10)]));
    assert_eq!(area(&mut app, 10), tiles(&[(22, 9), (22, 8)]));
    assert_eq!(
        area(&mut app, 9),
        Vec::new(),
        "too few rounds sweep nothing"
    );
}

/// The careful Gant, with Mara and Tomas side by side across his line of fire and his own
/// Kell well away, sweeps them both rather than shoot one.
#[test]
fn the_careful_ai_sweeps_enemies_side_by_side() {
    let scenario = level_b2_with(&[
        (GANT, (26, 9)),
        (MARA, (22, 9)),
        (TOMAS, (22, 8)),
        (KELL, (27, 2)),
    ]);
    let mut app = with_ai_playing(scenario, GANT, gridkeeper::ai::Style::Careful);
    send(&mut app, Command::Begin);
    until_the_turn_of(&mut app, GANT);
    for _ in 0..20 {
        update_taking_everything(&mut app);
    }
    let fired: Vec<FireMode> = commands_of(&app, GANT)
        .into_iter()
        .filter_map(|command| match command {
            Command::Fire {
                unit: GANT, mode, ..
            } => Some(mode),
            _ => None,
        })
        .collect();
    assert!(
        matches!(
            fired.first(),
            Some(FireMode::Rulebook(own)) if own.of::<PoolFireMode>().is_some()
        ),
        "{fired:?}"
    );
}

const HUGO: UnitId = UnitId(4);
const DOG: UnitId = UnitId(6);

/// Level B2 with Tomas carrying a grenade besides his sword, the units on these tiles, every
/// one played by a person and with no Secondary abilities.
fn level_b2_with_a_grenade(places: &[(UnitId, (u32, u32))]) -> Scenario {
    let maps = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("maps");
    let text = std::fs::read_to_string(maps.join("level-b2.ron")).expect("Level B2");
    let armed = text.replace(
        r#"weapons: [(weapon: "Chopping sword")]"#,
        r#"weapons: [(weapon: "Grenade", spare: 1), (weapon: "Chopping sword")]"#,
    );
    assert_ne!(
        armed, text,
        "Tomas's weapons are where the test expects them"
    );
    let mut scenario = specs_sample("level-b2.ron", Some(armed));
    for (unit, (x, y)) in places {
        scenario.units[unit.index()].start = Tile::new(*x, *y);
    }
    for unit in &mut scenario.units {
        unit.control = Control::Person;
        unit.secondary.clear();
    }
    scenario
}

/// Tomas (Str 4 + Athletics 2: 6 dice at 7) throws a grenade 12 yards down the lane onto Gant
/// and nets 3. Gant on the tile takes the +5 band less his Kevlar: 3 + 5 − 3 = 5; Hugo 3 yards
/// off and Kell 3 yards off in the bay the +3 band: 6 each; the dog 7 yards off the +1: 4.
/// Tomas, 12 yards away (past 10 m), and Mara and Vic are not caught. Those who have had their
/// turn dodge with their round's dice (netting nothing here). Low cover takes 2 off a band.
#[test]
fn a_grenade_adds_its_band_to_the_throws_net() {
    let mut app = begun(level_b2_with_a_grenade(&[
        (TOMAS, (4, 9)),
        (GANT, (16, 9)),
        (HUGO, (19, 9)),
        (KELL, (16, 12)),
        (DOG, (23, 9)),
        (MARA, (2, 2)),
        (UnitId(2), (2, 14)),
    ]));
    until_the_turn_of(&mut app, TOMAS);
    let turn_over = {
        let flow = app.world().resource::<Flow>();
        [GANT, HUGO, KELL, DOG]
            .into_iter()
            .filter(|unit| !flow.turn_to_come(*unit))
            .count()
    };
    assert!(turn_over > 0, "some of them have had their turn");
    let mut faces = vec![7, 7, 8, 2, 2, 2];
    faces.extend([2; 24]);
    let thrown = after(
        &mut app,
        &faces,
        Command::Blast {
            unit: TOMAS,
            weapon: WeaponChoice::Carried(0),
            at: Tile::new(16, 9),
        },
    );
    let rolls = pools(&thrown);
    assert_eq!(
        (rolls[0].0, rolls[0].1, rolls[0].2, rolls[0].3),
        (TOMAS, 6, 7, 3)
    );
    let injuries: Vec<(UnitId, Option<u32>)> = thrown
        .iter()
        .filter_map(|event| match event {
            EventKind::Injured { unit, severity, .. } => Some((*unit, *severity)),
            _ => None,
        })
        .collect();
    assert_eq!(
        injuries,
        [
            (GANT, Some(5)),
            (HUGO, Some(6)),
            (KELL, Some(6)),
            (DOG, Some(4))
        ]
    );
    let dodged = thrown
        .iter()
        .filter(|event| {
            matches!(
                event,
                EventKind::Rulebook(own)
                    if matches!(own.of::<PoolEvent>(), Some(PoolEvent::DodgedArea { blast: true, .. }))
            )
        })
        .count();
    assert_eq!(dodged, turn_over, "those past their turn dodge");
    // Low cover between the blast and a unit takes 2 off its band.
    let scenario = app.world().resource::<ActiveScenario>().0.clone();
    let bands = scenario
        .ruleset
        .blast_rings(&"0/11 yards".parse().expect("a blast"));
    let severities: Vec<(u32, u32)> = bands
        .iter()
        .map(|band| (blast_severity(band, false), blast_severity(band, true)))
        .collect();
    assert_eq!(severities, [(5, 3), (3, 1), (1, 0)]);
}
