//! The d100 house sheet's grenades, thrown objects and small-calibre artillery in the battle,
//! with Spin Cycle's six: a grenade reads a fresh d100 for each unit it catches (bullet damage
//! capped at 70 within 3 yards, the digit sum out to 6, nothing past), a dodge brings a unit a
//! band down; a thrown object does the digit sum alone, thrown on Struggle where that is the
//! obsession; a 20mm cannon doubles its roll.

use gridkeeper::rulesets::d100_house::battle::events::HouseEvent;
use std::path::Path;

use gridkeeper::rules::damage::DamageSource;

use super::*;
use crate::house::{DEE, GREY, NICO, RICO, damage_parts, spin_cycle_begun};
use gridkeeper::battle::hooks::offered;
use gridkeeper::rulesets::d100_house::battle::commands::HouseCommand;
use gridkeeper::rulesets::d100_house::reasons;

const LOU: UnitId = UnitId(2);

/// Spin Cycle, its text changed by `changes` (each `(from, to)` replaced once), every unit
/// played by a person and put at `places`, its queue rolled.
fn spin_cycle_written(changes: &[(&str, &str)], places: &[(UnitId, (u32, u32))]) -> App {
    let maps = Path::new(env!("CARGO_MANIFEST_DIR")).join("maps");
    let mut text = std::fs::read_to_string(maps.join("spin-cycle.ron")).expect("Spin Cycle");
    for (from, to) in changes {
        assert!(text.contains(from), "{from}");
        text = text.replacen(from, to, 1);
    }
    let scenario = Scenario::parse("spin-cycle.ron", &text, Some(&maps)).expect("it loads");
    spin_cycle_begun(scenario, places)
}

/// Nico with General Athletics 50 and a grenade as well as his SMG.
const NICO_THROWS: (&str, &str) = (
    r#"skills: { "Firearms": 40, "Dodge": 30, "Initiative": 40 },
            weapons: [(weapon: "SMG", spare: 30)],"#,
    r#"skills: { "Firearms": 40, "Dodge": 30, "Initiative": 40, "General Athletics": 50 },
            weapons: [(weapon: "SMG", spare: 30), (weapon: "Grenade", spare: 1)],"#,
);

/// The hit points each of `units` has.
fn hit_points(app: &mut App, units: &[UnitId]) -> Vec<u32> {
    units
        .iter()
        .map(|unit| vitals(app, *unit).hit_points)
        .collect()
}

/// Nico's grenade (his 30 under 50) bursts on Rico at (10, 2): Rico takes a fresh 37 whole
/// (flipped to 73, his right leg), Dee 2 yards off a fresh 99 capped at 70 (a leg too, 99
/// flipping to 99), Lou 4 yards off the digit sum of a fresh 37, 10; Grey, 7 yards off, nothing.
/// Dee, holding a dodge, then brings a second grenade's fresh 44 down to its digit sum, 8 (a
/// band down).
#[test]
fn a_grenade_reads_a_fresh_roll_for_each_unit_by_its_band() {
    let mut app = spin_cycle_written(
        &[NICO_THROWS],
        &[
            (RICO, (10, 2)),
            (DEE, (12, 2)),
            (LOU, (14, 2)),
            (GREY, (17, 2)),
            (NICO, (2, 2)),
        ],
    );
    until_the_turn_of(&mut app, NICO);
    let before = hit_points(&mut app, &[RICO, DEE, LOU, GREY]);
    let throw = |at: Tile| Command::Blast {
        unit: NICO,
        weapon: WeaponChoice::Carried(1),
        at,
    };
    let burst = after(
        &mut app,
        &rolls(&[30], &[37, 99, 37]),
        throw(Tile::new(10, 2)),
    );
    assert_eq!(rejected(&burst), None, "{burst:?}");
    assert_eq!(
        damage_parts(&burst),
        [
            vec![(DamageSource::TheRoll, 37)],
            vec![(DamageSource::Cap, 70)],
            vec![(DamageSource::DigitSum, 10)]
        ]
    );
    assert_eq!(
        hit_points(&mut app, &[RICO, DEE, LOU, GREY]),
        [before[0] - 37, before[1] - 70, before[2] - 10, before[3]]
    );
    // Round 2: Dee takes a dodge stance; Nico's second grenade on her own tile.
    until_the_turn_of(&mut app, DEE);
    send(
        &mut app,
        Command::from(HouseCommand::DodgeStance { unit: DEE }),
    );
    until_the_turn_of(&mut app, NICO);
    let dee = vitals(&mut app, DEE).hit_points;
    // Rico, out cold 2 yards off, is caught first (a fresh 50); then Dee's 44, and her dodge's
    // 20 (under her 35, −10 for her wounds).
    let dodged = after(
        &mut app,
        &rolls(&[30], &[50, 44, 2, 10]),
        throw(Tile::new(12, 2)),
    );
    assert_eq!(rejected(&dodged), None, "{dodged:?}");
    assert!(dodged.iter().any(|event| matches!(event.own(),
        Some(HouseEvent::StanceDodge { unit, outcome: gridkeeper::rules::roll_harm::DodgeOutcome::Downgraded, .. }) if *unit == DEE)), "{dodged:?}");
    assert!(
        damage_parts(&dodged).contains(&vec![(DamageSource::DigitSum, 8)]),
        "{dodged:?}"
    );
    assert_eq!(vitals(&mut app, DEE).hit_points, dee - 8);
}

/// Dee, Struggle her obsession, throws a brick on Struggle (her 60, not General Athletics):
/// her 37 does its digit sum alone, 10, the brick's +3 left out.
#[test]
fn a_thrown_object_does_its_digit_sum_alone() {
    let mut app = spin_cycle_written(
        &[(
            r#"weapons: [(weapon: "Machete")],"#,
            r#"weapons: [(weapon: "Machete"), (weapon: "Brick")],"#,
        )],
        &[(DEE, (10, 2)), (NICO, (14, 2))],
    );
    until_the_turn_of(&mut app, DEE);
    let nico = vitals(&mut app, NICO).hit_points;
    let throw = Command::Attack {
        unit: DEE,
        target: NICO,
        weapon: WeaponChoice::Carried(1),
    };
    let thrown = after(&mut app, &rolls(&[37], &[]), throw);
    assert_eq!(rejected(&thrown), None, "{thrown:?}");
    assert!(
        thrown.iter().any(|event| matches!(event,
        EventKind::Rolled { unit, roll } if *unit == DEE && roll.purpose.name() == "Struggle")),
        "{thrown:?}"
    );
    assert_eq!(damage_parts(&thrown), [vec![(DamageSource::DigitSum, 10)]]);
    assert_eq!(vitals(&mut app, NICO).hit_points, nico - 10);
}

/// Rico with a 20mm cannon: his 37 at Nico does 74, the roll doubled.
#[test]
fn small_calibre_artillery_doubles_the_roll() {
    let mut app = spin_cycle_written(
        &[(
            r#"(weapon: "Heavy pistol", spare: 14)"#,
            r#"(weapon: "20mm cannon", spare: 10)"#,
        )],
        &[(RICO, (10, 2)), (NICO, (14, 2))],
    );
    until_the_turn_of(&mut app, RICO);
    let nico = vitals(&mut app, NICO).hit_points;
    let shot = crate::house::fire_with(&mut app, RICO, NICO, &rolls(&[37, 20], &[]));
    assert_eq!(damage_parts(&shot), [vec![(DamageSource::DoubledRoll, 74)]]);
    assert_eq!(vitals(&mut app, NICO).hit_points, nico.saturating_sub(74));
}

/// Nico's burning bottle (his 30 under 50) bursts on Rico at (10, 2): no Luck roll on this
/// sheet, he is alight, and the bottle itself does no damage.
fn rico_alight() -> App {
    let mut app = spin_cycle_written(
        &[(
            r#"skills: { "Firearms": 40, "Dodge": 30, "Initiative": 40 },
            weapons: [(weapon: "SMG", spare: 30)],"#,
            r#"skills: { "Firearms": 40, "Dodge": 30, "Initiative": 40, "General Athletics": 50 },
            weapons: [(weapon: "SMG", spare: 30), (weapon: "Molotov cocktail")],"#,
        )],
        &[(RICO, (10, 2)), (NICO, (2, 2))],
    );
    until_the_turn_of(&mut app, NICO);
    let throw = Command::Blast {
        unit: NICO,
        weapon: WeaponChoice::Carried(1),
        at: Tile::new(10, 2),
    };
    let burst = after(&mut app, &rolls(&[30], &[]), throw);
    assert_eq!(rejected(&burst), None, "{burst:?}");
    assert!(
        burst.contains(&EventKind::CaughtFire { unit: RICO }),
        "{burst:?}"
    );
    assert!(
        !burst
            .iter()
            .any(|event| matches!(event, EventKind::Damaged { .. })),
        "the bottle itself does no damage: {burst:?}"
    );
    app
}

/// Rico alight: at the end of each round the fire reads a fresh d100: its digit sum for 3 rounds
/// (37 is 10, 19 is 10, 55 is 10), then the roll itself (44); each round burnt is −5 more on
/// his rolls. Beating it out takes his action, and it is out.
#[test]
fn fire_burns_its_digit_sum_for_three_rounds_then_the_roll() {
    let mut app = rico_alight();
    let mut burns = Vec::new();
    for face in [37, 19, 55, 44] {
        load(&mut app, &[face]);
        let from = events(&app).len();
        until_the_turn_of(&mut app, RICO);
        burns.extend(damage_parts(&events_from(&app, from)).into_iter().flatten());
        if burns.len() < 4 {
            // His roll this turn carries the fire's shift so far.
            let shot = crate::house::fire(&mut app, RICO, NICO, 90);
            assert_eq!(
                crate::house_turns::shifts(&shot, reasons::BURNING),
                [(
                    "Firearms".to_string(),
                    -5 * i32::try_from(burns.len()).expect("a count")
                )]
            );
            send(&mut app, Command::EndTurn { unit: RICO });
        }
    }
    assert_eq!(
        burns,
        [
            (DamageSource::DigitSum, 10),
            (DamageSource::DigitSum, 10),
            (DamageSource::DigitSum, 10),
            (DamageSource::TheRoll, 44)
        ]
    );
    let out = after(
        &mut app,
        &[],
        Command::Extinguish {
            unit: RICO,
            patient: RICO,
        },
    );
    assert!(out.contains(&EventKind::FireOut { unit: RICO }), "{out:?}");
}

/// The keeper drops Rico 30 feet, a controlled fall: three d10s (7, 9, 2), the 9 dropped, 9
/// taken; then 25 feet uncontrolled: two (4, 6), 10 taken. Under 10 feet, no dice: nothing.
/// Call of Cthulhu has no falls here: the order is refused.
#[cfg(feature = "coc7e")]
#[test]
fn the_keeper_drops_a_unit_a_die_each_ten_feet() {
    use gridkeeper::battle::command::KeeperOrder;
    let mut app = spin_cycle_written(&[], &[]);
    let before = vitals(&mut app, RICO).hit_points;
    let fall = |feet, controlled| {
        Command::Keeper(KeeperOrder::Fall {
            unit: RICO,
            feet,
            controlled,
        })
    };
    let controlled = after(&mut app, &[7, 9, 2], fall(30, true));
    assert_eq!(rejected(&controlled), None, "{controlled:?}");
    // Every die is logged, the dropped 9 among them.
    let logged: Vec<(Vec<u32>, u32)> = controlled
        .iter()
        .filter_map(|event| match event {
            EventKind::DamageRolled { roll, .. } => Some((
                roll.parts
                    .iter()
                    .flat_map(|part| part.dice.iter().map(|die| die.face))
                    .collect(),
                roll.total,
            )),
            _ => None,
        })
        .collect();
    assert_eq!(logged, [(vec![7, 9, 2], 9)]);
    assert_eq!(vitals(&mut app, RICO).hit_points, before - 9);
    after(&mut app, &[4, 6], fall(25, false));
    assert_eq!(vitals(&mut app, RICO).hit_points, before - 19);
    after(&mut app, &[], fall(9, false));
    assert_eq!(vitals(&mut app, RICO).hit_points, before - 19);
    let mut cellar = test_app(shipped("cellar.ron"));
    send(&mut cellar, Command::Begin);
    assert!(matches!(
        refusal(&mut cellar, fall(30, false)),
        Some(Rejection::KeeperRefused(why)) if why.contains("has no falls")
    ));
}

/// Rico alight: offered a Speed roll, his 90 (over his 60) leaves the fire on; tried once, not
/// again this turn (nor offered). Next turn his 30 puts it out, and he may still shoot; having
/// shot, he may not also take a dodge stance.
#[test]
fn a_speed_roll_puts_a_fire_out_and_leaves_an_attack_or_a_dodge() {
    let mut app = rico_alight();
    until_the_turn_of(&mut app, RICO);
    let quick = Command::from(HouseCommand::PutOutQuickly { unit: RICO });
    let offer = |app: &mut App| {
        offered(app.world_mut(), RICO)
            .offers
            .buttons
            .into_iter()
            .find(|offer| offer.label == "Put out on Speed")
            .map(|offer| (offer.open, offer.command))
    };
    assert_eq!(
        offer(&mut app),
        Some((true, quick.clone())),
        "offered, alight"
    );
    let failed = after(&mut app, &rolls(&[90], &[]), quick.clone());
    assert_eq!(offer(&mut app), Some((false, quick.clone())), "tried once");
    assert_eq!(rejected(&failed), None, "{failed:?}");
    assert!(condition(&mut app, RICO).burning.is_some());
    assert!(matches!(
        refusal(&mut app, quick.clone()),
        Some(Rejection::NotNow(_))
    ));
    send(&mut app, Command::EndTurn { unit: RICO });
    until_the_turn_of(&mut app, RICO);
    let made = after(&mut app, &rolls(&[30], &[]), quick);
    assert!(
        made.contains(&EventKind::FireOut { unit: RICO }),
        "{made:?}"
    );
    let shot = crate::house::fire(&mut app, RICO, NICO, 90);
    assert_eq!(rejected(&shot), None, "{shot:?}");
    assert_eq!(
        refusal(
            &mut app,
            Command::from(HouseCommand::DodgeStance { unit: RICO })
        ),
        Some(Rejection::ActionUsed)
    );
}
