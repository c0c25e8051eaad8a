//! The d100 house sheet's grapples in the battle, with Spin Cycle's Dee and Mr. Grey side by
//! side: an opposed Struggle from 20 seizes, the better class and then the higher roll winning;
//! the held breaks free the same way and may not move; the holder may not attack or shoot, but
//! takes a human shield that catches the hits on its off side, executes, chokes by the air or
//! the blood, hurts for 5 (8 armed), and lets go after 25 in a round; a disarm against a blade
//! cuts unless special; a throw knocks down a tile away; letting go rolls Initiative to keep
//! the action; and an attack at a held unit is +10.

use gridkeeper::battle::command::ManeuverGoal;
use gridkeeper::rules::grapple::Grip;
use gridkeeper::rulesets::d100_house::battle::events::HouseEvent;
use gridkeeper::rulesets::d100_house::reasons;

use super::*;
use crate::house::{DEE, GREY, NICO, RICO, fire, spin_cycle};
use crate::house_turns::shifts;

/// Dee (Struggle 60, left-handed, her machete) at her start, (2, 5), and Mr. Grey (Struggle 45,
/// right-handed, his light pistol) beside her at (3, 5); Grey's turn, the first of the queue.
fn side_by_side() -> App {
    spin_cycle(&[(GREY, (3, 5))])
}

fn maneuver(unit: UnitId, target: UnitId, goal: ManeuverGoal) -> Command {
    Command::Maneuver { unit, target, goal }
}

/// Whether `events` hold a grapple of `goal` by `unit` that came to `won`.
fn wrestled(events: &[EventKind], unit: UnitId, goal: ManeuverGoal, won: bool) -> bool {
    events.iter().any(|event| {
        matches!(event.own(), Some(HouseEvent::Wrestled { unit: who, goal: what, won: result, .. })
            if *who == unit && *what == goal && *result == won)
    })
}

/// To `unit`'s next turn, everyone else ending theirs.
fn next_turn_of(app: &mut App, unit: UnitId) {
    if acting(app) == Some(unit) {
        send(app, Command::EndTurn { unit });
    }
    until_the_turn_of(app, unit);
}

/// Grey's 15 is under the minimum of 20 and Dee's 90 fails: nothing. Next round both succeed,
/// 40 against 50, and Dee's higher roll holds him off; the round after, Grey's matched 44 beats
/// her plain 50: she is held. Held, she may not move, and on her turn her 30 loses to his 45;
/// holding, he may not shoot; a round later her 55 beats his 30: free.
#[test]
fn a_grapple_is_an_opposed_struggle_from_twenty() {
    let mut app = side_by_side();
    let hold = maneuver(GREY, DEE, ManeuverGoal::Hold);
    let under = after(&mut app, &rolls(&[15, 90], &[]), hold.clone());
    assert_eq!(rejected(&under), None);
    assert!(wrestled(&under, GREY, ManeuverGoal::Hold, false));
    next_turn_of(&mut app, GREY);
    let higher = after(&mut app, &rolls(&[40, 50], &[]), hold.clone());
    assert!(wrestled(&higher, GREY, ManeuverGoal::Hold, false));
    next_turn_of(&mut app, GREY);
    let matched = after(&mut app, &rolls(&[44, 50], &[]), hold);
    assert!(wrestled(&matched, GREY, ManeuverGoal::Hold, true));
    assert_eq!(condition(&mut app, DEE).held_by, Some(GREY));
    assert_eq!(condition(&mut app, GREY).holding, Some(DEE));
    next_turn_of(&mut app, DEE);
    assert_eq!(
        refusal(
            &mut app,
            Command::Move {
                unit: DEE,
                to: Tile { x: 2, y: 7 }
            }
        ),
        Some(Rejection::Held)
    );
    let free = maneuver(DEE, GREY, ManeuverGoal::BreakHold);
    let lost = after(&mut app, &rolls(&[30, 45], &[]), free.clone());
    assert!(wrestled(&lost, DEE, ManeuverGoal::BreakHold, false));
    next_turn_of(&mut app, GREY);
    let shot = Command::Fire {
        unit: GREY,
        weapon: WeaponChoice::Carried(0),
        mode: gridkeeper::battle::command::FireMode::single(RICO),
    };
    assert_eq!(refusal(&mut app, shot), Some(Rejection::Holding));
    next_turn_of(&mut app, DEE);
    let won = after(&mut app, &rolls(&[55, 30], &[]), free);
    assert!(wrestled(&won, DEE, ManeuverGoal::BreakHold, true));
    assert!(won.contains(&EventKind::Released {
        unit: DEE,
        holder: GREY
    }));
    assert_eq!(condition(&mut app, DEE).held_by, None);
}

/// Grey holds Dee, then takes her as a human shield (a Struggle 30, from 20). Rico's 25 flips
/// to 52, the torso, on Grey's off side: Dee takes the 25 instead. Grey's Firearms 30 then
/// executes her: dead, with one round spent.
#[test]
fn a_human_shield_catches_the_off_side_and_the_execution_kills() {
    let mut app = side_by_side();
    send_loaded(
        &mut app,
        &rolls(&[44, 50], &[]),
        maneuver(GREY, DEE, ManeuverGoal::Hold),
    );
    next_turn_of(&mut app, GREY);
    let shield = after(
        &mut app,
        &rolls(&[30], &[]),
        maneuver(GREY, DEE, ManeuverGoal::HumanShield),
    );
    assert!(shield.contains(&EventKind::Gripped {
        unit: GREY,
        target: DEE,
        grip: Grip::Shield
    }));
    until_the_turn_of(&mut app, RICO);
    let (grey, dee) = (
        vitals(&mut app, GREY).hit_points,
        vitals(&mut app, DEE).hit_points,
    );
    let hit = fire(&mut app, RICO, GREY, 25);
    assert!(hit.contains(&EventKind::from(HouseEvent::ShieldHit {
        unit: DEE,
        holder: GREY,
        part: gridkeeper::rules::body::BodyPart::Torso
    })));
    assert_eq!(vitals(&mut app, GREY).hit_points, grey);
    assert_eq!(vitals(&mut app, DEE).hit_points, dee - 25);
    next_turn_of(&mut app, GREY);
    let loaded_before = loaded(&mut app, GREY, 0);
    let execution = after(
        &mut app,
        &rolls(&[30], &[]),
        maneuver(GREY, DEE, ManeuverGoal::Execute),
    );
    assert!(
        execution.contains(&EventKind::from(HouseEvent::ExecutionTried {
            unit: GREY,
            target: DEE,
            skill: "Firearms".to_string(),
            killed: true
        }))
    );
    assert_eq!(vitals(&mut app, DEE).vital, Vital::Dead);
    assert_eq!(
        loaded(&mut app, GREY, 0),
        loaded_before.map(|rounds| rounds - 1)
    );
    assert_eq!(
        condition(&mut app, GREY).holding,
        None,
        "the dead are held by no one"
    );
}

/// Dee seizes Grey (her 30 against his failed 70). Rico shoots at him held: +10. Nico's 26
/// (flipped 62, the torso) on Dee is 26 in one round: she lets go.
#[test]
fn an_attack_at_the_held_is_easier_and_25_in_a_round_frees_him() {
    let mut app = side_by_side();
    until_the_turn_of(&mut app, DEE);
    let seized = after(
        &mut app,
        &rolls(&[30, 70], &[]),
        maneuver(DEE, GREY, ManeuverGoal::Hold),
    );
    assert!(wrestled(&seized, DEE, ManeuverGoal::Hold, true));
    until_the_turn_of(&mut app, RICO);
    let shot = fire(&mut app, RICO, GREY, 90);
    assert_eq!(
        shifts(&shot, reasons::AT_THE_HELD),
        [("Firearms".to_string(), 10)]
    );
    until_the_turn_of(&mut app, NICO);
    let hurt = fire(&mut app, NICO, DEE, 26);
    assert!(
        hurt.contains(&EventKind::from(HouseEvent::ForcedToLetGo {
            unit: DEE,
            taken: 26
        })),
        "{hurt:?}"
    );
    assert_eq!(condition(&mut app, GREY).held_by, None);
}

/// Dee holds Grey; her execution by Struggle (her machete is no gun) fails on 75: the roll is
/// a bullet's damage, 75. Next round she lets go on an Initiative 30 (of 40), keeping her
/// action, and throws him, 35 against his failed 80: a tile on, to (4, 5), knocked down.
#[test]
fn a_failed_execution_still_hurts_and_a_throw_knocks_down_a_tile_away() {
    let mut app = dee_holds_grey();
    next_turn_of(&mut app, DEE);
    let before = vitals(&mut app, GREY).hit_points;
    let execution = after(
        &mut app,
        &rolls(&[75], &[]),
        maneuver(DEE, GREY, ManeuverGoal::Execute),
    );
    assert!(
        execution.contains(&EventKind::from(HouseEvent::ExecutionTried {
            unit: DEE,
            target: GREY,
            skill: "Struggle".to_string(),
            killed: false
        }))
    );
    assert_eq!(vitals(&mut app, GREY).hit_points, before - 75);
    next_turn_of(&mut app, DEE);
    let let_go = after(&mut app, &rolls(&[30], &[]), Command::Release { unit: DEE });
    assert!(let_go.contains(&EventKind::from(HouseEvent::LetGoInStride {
        unit: DEE,
        kept_action: true
    })));
    let thrown = after(
        &mut app,
        &rolls(&[35, 80], &[]),
        maneuver(DEE, GREY, ManeuverGoal::KnockProne),
    );
    assert!(thrown.contains(&EventKind::from(HouseEvent::Thrown {
        unit: GREY,
        by: DEE,
        to: Some(Tile { x: 4, y: 5 })
    })));
    assert!(thrown.contains(&EventKind::from(HouseEvent::KnockedDown { unit: GREY })));
    assert!(house_state(&mut app, GREY).knocked_down);
}

/// Grey goes for Dee's machete and wins, 40 against her failed 70: disarmed, and he is cut for
/// 3 (his 40 is no matched roll). Holding her, a later disarm is his roll alone.
#[test]
fn disarming_a_blade_cuts_unless_special() {
    let mut app = side_by_side();
    let disarm = after(
        &mut app,
        &rolls(&[40, 70], &[]),
        maneuver(GREY, DEE, ManeuverGoal::Disarm),
    );
    assert!(wrestled(&disarm, GREY, ManeuverGoal::Disarm, true));
    assert!(disarm.contains(&EventKind::from(HouseEvent::CutOnTheBlade {
        unit: GREY,
        weapon: "Machete".to_string()
    })));
    assert!(disarm.iter().any(|event| matches!(
        event,
        EventKind::Disarmed { unit, .. } if *unit == DEE
    )));
    assert!(disarm.iter().any(|event| matches!(
        event,
        EventKind::Damaged { unit, taken: 3, .. } if *unit == GREY
    )));
}

/// Dee holds Grey (Body 50) by the air: out once 9 rounds of it have ended (54 seconds).
#[test]
fn choked_by_the_air_he_is_out_after_a_round_per_six_of_body() {
    let mut app = dee_holds_grey();
    next_turn_of(&mut app, DEE);
    send(&mut app, maneuver(DEE, GREY, ManeuverGoal::Strangle));
    let from = event_count(&app);
    for _ in 0..9 {
        assert!(vitals(&mut app, GREY).conscious(), "still holding on");
        next_turn_of(&mut app, DEE);
    }
    let choked = events_from(&app, from);
    assert!(choked.contains(&EventKind::ChokedOut {
        unit: GREY,
        by: DEE
    }));
    assert!(!vitals(&mut app, GREY).conscious());
}

/// By the blood: 3 Struggle successes from 20 in rounds running. Her 30, then an 85 that starts
/// over, then 30, 45 and 22: out on the third running.
#[test]
fn choked_by_the_blood_on_three_rolls_running() {
    let mut app = dee_holds_grey();
    let choke = maneuver(DEE, GREY, ManeuverGoal::BloodChoke);
    let mut counts = Vec::new();
    for roll in [30, 85, 30, 45, 22] {
        next_turn_of(&mut app, DEE);
        let events = after(&mut app, &rolls(&[roll], &[]), choke.clone());
        counts.extend(events.iter().filter_map(|event| match event {
            EventKind::Gripped {
                grip: Grip::BloodChoke { successes },
                ..
            } => Some(*successes),
            _ => None,
        }));
    }
    assert_eq!(counts, [1, 0, 1, 2, 3]);
    assert!(!vitals(&mut app, GREY).conscious());
}

/// Holding, Dee hurts Grey without a roll: 8 with her machete in hand.
#[test]
fn the_holder_hurts_for_five_or_eight_armed() {
    let mut app = dee_holds_grey();
    next_turn_of(&mut app, DEE);
    let before = vitals(&mut app, GREY).hit_points;
    let hurt = after(&mut app, &[], maneuver(DEE, GREY, ManeuverGoal::Injure));
    assert_eq!(rejected(&hurt), None);
    assert_eq!(vitals(&mut app, GREY).hit_points, before - 8);
}

/// Dee seizes Grey on her first turn (her 30 against his failed 70); still her turn.
fn dee_holds_grey() -> App {
    let mut app = side_by_side();
    until_the_turn_of(&mut app, DEE);
    send_loaded(
        &mut app,
        &rolls(&[30, 70], &[]),
        maneuver(DEE, GREY, ManeuverGoal::Hold),
    );
    app
}

/// Load the dice and give the command.
fn send_loaded(app: &mut App, faces: &[u32], command: Command) {
    let events = after(app, faces, command);
    assert_eq!(rejected(&events), None, "{events:?}");
}

/// Dee (Struggle 60), played by the careful AI, beside Nico (no Struggle: only his 01 counts):
/// seizing him (0.4158) and executing him on Struggle (0.60) is worth the turn (0.25, past
/// 0.2), so she grapples (her 30 against his 90); holding him, with Grey's pistol on her and a
/// shield at 0.42, she takes him as a shield (35), then executes him (40): dead. Bruno beside
/// Dee (0.28 x 0.55) or Rico (0.36 x 0.55) does not grapple (`the_careful_ai_divides_a_club_but_not_a_gun`).
#[test]
fn the_careful_ai_seizes_shields_then_executes() {
    let mut scenario = shipped("spin-cycle.ron");
    scenario.units[NICO.index()].start = Tile::new(3, 5);
    let mut app = with_ai_playing(scenario, DEE, gridkeeper::ai::Style::Careful);
    let mut faces = crate::house::QUEUE_ROLLS.to_vec();
    faces.extend([30, 90, 35, 40]);
    load(&mut app, &rolls(&faces, &[]));
    send(&mut app, Command::Begin);
    let goals = |app: &App| -> Vec<ManeuverGoal> {
        commands_of(app, DEE)
            .into_iter()
            .filter_map(|command| match command {
                Command::Maneuver { goal, .. } => Some(goal),
                _ => None,
            })
            .collect()
    };
    for _ in 0..300 {
        if goals(&app).len() >= 3 {
            break;
        }
        match acting(&app) {
            Some(unit) if unit != DEE => send(&mut app, Command::EndTurn { unit }),
            _ => {
                update_taking_everything(&mut app);
            }
        }
    }
    assert_eq!(
        goals(&app),
        [
            ManeuverGoal::Hold,
            ManeuverGoal::HumanShield,
            ManeuverGoal::Execute
        ]
    );
    assert_eq!(vitals(&mut app, NICO).vital, Vital::Dead);
}
