//! The d100 house sheet's cherries in the battle, with Spin Cycle's Dee (Struggle her
//! obsession, her +6 machete) beside Bruno: the cherry she picked is taken in place of a
//! matched blow's damage, and only then: a knock-down, a disarm, a grip at once, a second blow
//! at the whole skill, a blinding, a daze, changed damage; a Monkey Dodge turns the next attack
//! aimed at her on another unit. Only those the scenario allows her, and only hers.

use gridkeeper::rules::bare_name::BareName;
use gridkeeper::rules::damage::DamageSource;
use gridkeeper::rulesets::d100_house::battle::events::HouseEvent;
use gridkeeper::rulesets::d100_house::cherries::Cherry;

use super::*;
use crate::house::{
    BRUNO, DEE, NICO, RICO, damage_parts, house, spin_cycle, spin_cycle_changed, strike,
};
use crate::house_turns::shifts;
use gridkeeper::rulesets::d100_house::battle::commands::HouseCommand;
use gridkeeper::rulesets::d100_house::reasons;

/// The cherries as a scenario lists them.
fn named(cherries: &[Cherry]) -> Vec<BareName> {
    cherries.iter().map(|cherry| cherry.written()).collect()
}

/// Dee at (3, 3) beside Bruno at (4, 3), every cherry allowed her; her turn.
fn dee_beside_bruno(cherries: &[Cherry]) -> App {
    let mut app = spin_cycle_changed(&[(DEE, (3, 3)), (BRUNO, (4, 3))], |scenario| {
        scenario.units[DEE.index()].cherries = named(cherries);
    });
    until_the_turn_of(&mut app, DEE);
    app
}

fn pick(app: &mut App, cherry: Cherry) {
    let events = after(
        app,
        &[],
        Command::from(HouseCommand::PickCherry {
            unit: DEE,
            cherry: Some(cherry),
        }),
    );
    assert_eq!(rejected(&events), None, "{events:?}");
}

/// The cherries taken among `events`.
fn taken(events: &[EventKind]) -> Vec<Cherry> {
    events
        .iter()
        .filter_map(|event| match event.own() {
            Some(HouseEvent::CherryTaken { cherry, .. }) => Some(*cherry),
            _ => None,
        })
        .collect()
}

/// Dee picks Knock Down. Her plain 37 does its 10 + 6 as ever; a round later her matched 44
/// knocks Bruno down in place of its 44: his hit points stay, and he is knocked down.
#[test]
fn a_matched_blow_trades_its_damage_for_the_cherry_picked() {
    let mut app = dee_beside_bruno(&[Cherry::KnockDown, Cherry::Disarm]);
    pick(&mut app, Cherry::KnockDown);
    let plain = strike(&mut app, DEE, BRUNO, &percentile(37));
    assert_eq!(taken(&plain), []);
    assert_eq!(
        damage_parts(&plain),
        [vec![
            (DamageSource::DigitSum, 10),
            (DamageSource::Quality, 6)
        ]]
    );
    let hit_points = vitals(&mut app, BRUNO).hit_points;
    send(&mut app, Command::EndTurn { unit: DEE });
    until_the_turn_of(&mut app, DEE);
    let matched = strike(&mut app, DEE, BRUNO, &percentile(44));
    assert_eq!(taken(&matched), [Cherry::KnockDown]);
    assert_eq!(damage_parts(&matched), Vec::<Vec<_>>::new());
    assert!(matched.contains(&EventKind::from(HouseEvent::KnockedDown { unit: BRUNO })));
    assert_eq!(vitals(&mut app, BRUNO).hit_points, hit_points);
    assert!(house_state(&mut app, BRUNO).knocked_down);
}

/// Only Dee earns cherries (Struggle is her obsession; Rico's is Firearms), and only those the
/// scenario allows her.
#[test]
fn only_an_allowed_cherry_of_a_struggle_obsession_is_picked() {
    let mut app = spin_cycle(&[]);
    until_the_turn_of(&mut app, RICO);
    let rico = Command::from(HouseCommand::PickCherry {
        unit: RICO,
        cherry: Some(Cherry::BigHurt),
    });
    assert!(
        matches!(refusal(&mut app, rico), Some(Rejection::CannotAct(why)) if why.contains("Struggle"))
    );
    until_the_turn_of(&mut app, DEE);
    let blind = Command::from(HouseCommand::PickCherry {
        unit: DEE,
        cherry: Some(Cherry::Blind),
    });
    assert!(
        matches!(refusal(&mut app, blind), Some(Rejection::CannotAct(why)) if why.contains("not among"))
    );
    let knock_down = Command::from(HouseCommand::PickCherry {
        unit: DEE,
        cherry: Some(Cherry::KnockDown),
    });
    assert_eq!(refusal(&mut app, knock_down), None);
    assert_eq!(house_state(&mut app, DEE).cherry, Some(Cherry::KnockDown));
}

/// Disarm knocks Bruno's bat from his hand; Kung Fu Grip holds him at once, with no roll.
#[test]
fn disarm_and_kung_fu_grip_take_the_place_of_the_damage() {
    let mut app = dee_beside_bruno(&[Cherry::Disarm, Cherry::KungFuGrip]);
    pick(&mut app, Cherry::Disarm);
    let disarmed = strike(&mut app, DEE, BRUNO, &percentile(33));
    assert_eq!(taken(&disarmed), [Cherry::Disarm]);
    assert!(disarmed.contains(&EventKind::Disarmed {
        unit: BRUNO,
        weapon: "Baseball bat".to_string()
    }));
    send(&mut app, Command::EndTurn { unit: DEE });
    until_the_turn_of(&mut app, DEE);
    pick(&mut app, Cherry::KungFuGrip);
    let gripped = strike(&mut app, DEE, BRUNO, &percentile(22));
    assert_eq!(taken(&gripped), [Cherry::KungFuGrip]);
    assert_eq!(condition(&mut app, DEE).holding, Some(BRUNO));
    assert_eq!(condition(&mut app, BRUNO).held_by, Some(DEE));
}

/// Dee divides her 60 into 30 + 30 and picks Second Helping: her matched 22 (under 30) gives
/// her one more blow at once, rolled at her whole 60, so its 57 lands (it would fail at 30)
/// for 12 + 6; her second share is still hers to strike with.
#[test]
fn a_second_helping_is_one_more_blow_at_the_whole_skill() {
    let mut app = dee_beside_bruno(&[Cherry::SecondHelping]);
    pick(&mut app, Cherry::SecondHelping);
    let divided = after(
        &mut app,
        &[],
        Command::from(HouseCommand::DivideSkill {
            unit: DEE,
            shares: vec![30, 30],
        }),
    );
    assert_eq!(rejected(&divided), None);
    let before = vitals(&mut app, BRUNO).hit_points;
    let helping = strike(&mut app, DEE, BRUNO, &rolls(&[22, 57], &[]));
    assert_eq!(taken(&helping), [Cherry::SecondHelping]);
    assert_eq!(
        damage_parts(&helping),
        [vec![
            (DamageSource::DigitSum, 12),
            (DamageSource::Quality, 6)
        ]]
    );
    assert_eq!(vitals(&mut app, BRUNO).hit_points, before - 18);
    assert_eq!(
        shifts(&helping, reasons::SHIFT),
        Vec::<(String, i32)>::new()
    );
    let second = strike(&mut app, DEE, BRUNO, &percentile(90));
    assert_eq!(rejected(&second), None, "{second:?}");
}

/// Blind puts −30 on Bruno's rolls to the end of round 3; Dazed −10 for as long.
#[test]
fn blind_and_dazed_shift_the_targets_rolls_for_three_rounds() {
    let mut app = dee_beside_bruno(&Cherry::ALL);
    pick(&mut app, Cherry::Blind);
    let blinded = strike(&mut app, DEE, BRUNO, &percentile(11));
    assert!(blinded.contains(&EventKind::from(HouseEvent::Blinded {
        unit: BRUNO,
        until_round: 3
    })));
    until_the_turn_of(&mut app, BRUNO);
    let swing = strike(&mut app, BRUNO, DEE, &percentile(90));
    assert_eq!(
        shifts(&swing, reasons::BLINDED),
        [("Struggle".to_string(), -30)]
    );
    until_the_turn_of(&mut app, DEE);
    pick(&mut app, Cherry::Dazed);
    let dazed = strike(&mut app, DEE, BRUNO, &percentile(33));
    assert!(dazed.contains(&EventKind::from(HouseEvent::Dazed {
        unit: BRUNO,
        until_round: 4
    })));
    for _ in 0..2 {
        send(&mut app, Command::EndTurn { unit: DEE });
        until_the_turn_of(&mut app, DEE);
    }
    // Round 4: the blinding is over, the daze not yet.
    assert_eq!(house_state(&mut app, BRUNO).blinded_until, 0);
    assert_eq!(house_state(&mut app, BRUNO).dazes(), 1);
}

/// Big Hurt is the roll itself (44); More Hurt the blow's 44 and a d10's 7; New Damage the
/// blow read again off a fresh 37: with the +6 machete, 37.
#[test]
fn the_damage_cherries_change_the_damage() {
    let mut app = dee_beside_bruno(&Cherry::ALL);
    let cases = [
        (Cherry::BigHurt, vec![], vec![(DamageSource::TheRoll, 44)]),
        (
            Cherry::MoreHurt,
            vec![7],
            vec![(DamageSource::TheRoll, 44), (DamageSource::ExtraDie, 7)],
        ),
        (
            Cherry::NewDamage,
            vec![37],
            vec![(DamageSource::TheRoll, 37)],
        ),
    ];
    for (cherry, die, parts) in cases {
        until_the_turn_of(&mut app, DEE);
        pick(&mut app, cherry);
        let before = vitals(&mut app, BRUNO).hit_points;
        let total: i32 = parts.iter().map(|(_, value)| value).sum();
        let blow = strike(&mut app, DEE, BRUNO, &rolls(&[44], &die));
        assert_eq!(taken(&blow), [cherry]);
        assert_eq!(damage_parts(&blow), [parts], "{cherry:?}");
        assert_eq!(
            vitals(&mut app, BRUNO).hit_points,
            before.saturating_sub(total.unsigned_abs())
        );
        send(&mut app, Command::EndTurn { unit: DEE });
    }
}

/// Dee's Monkey Dodge turns Bruno's next blow at her on Rico, the other unit in his reach;
/// spent, it turns nothing more. Taken again, it turns Nico's burst at her on the nearest
/// other unit he could fire at: Bruno beside her.
#[test]
fn a_monkey_dodge_turns_the_next_attack_on_another() {
    let mut app = spin_cycle_changed(
        &[(DEE, (3, 3)), (BRUNO, (4, 3)), (RICO, (5, 3))],
        |scenario| scenario.units[DEE.index()].cherries = named(&Cherry::ALL),
    );
    until_the_turn_of(&mut app, DEE);
    pick(&mut app, Cherry::MonkeyDodge);
    strike(&mut app, DEE, BRUNO, &percentile(55));
    assert!(house_state(&mut app, DEE).monkey_dodge);
    until_the_turn_of(&mut app, BRUNO);
    let turned = strike(&mut app, BRUNO, DEE, &percentile(90));
    assert!(turned.contains(&EventKind::from(HouseEvent::MonkeyDodged {
        unit: DEE,
        attacker: BRUNO,
        to: RICO
    })));
    assert!(turned.contains(&EventKind::Attacked {
        unit: BRUNO,
        target: RICO,
        weapon: "Baseball bat".to_string()
    }));
    assert!(!house_state(&mut app, DEE).monkey_dodge);
    until_the_turn_of(&mut app, DEE);
    strike(&mut app, DEE, BRUNO, &percentile(55));
    until_the_turn_of(&mut app, NICO);
    let burst = crate::house::fire(&mut app, NICO, DEE, 90);
    assert!(
        burst.contains(&EventKind::from(HouseEvent::MonkeyDodged {
            unit: DEE,
            attacker: NICO,
            to: BRUNO
        })),
        "{burst:?}"
    );
}

/// Careful Bruno's commands up to his first blow at Dee beside him (Rico moved out of his
/// reach), Struggle made his obsession and `cherries` allowed him.
fn careful_brunos_first_blow(cherries: &[Cherry]) -> Vec<Command> {
    let mut scenario = shipped("spin-cycle.ron");
    scenario.units[DEE.index()].start = Tile::new(3, 3);
    scenario.units[BRUNO.index()].start = Tile::new(4, 3);
    scenario.units[RICO.index()].start = Tile::new(9, 2);
    scenario.units[BRUNO.index()].obsession = Some("Struggle".to_string());
    scenario.units[BRUNO.index()].cherries = named(cherries);
    let mut app = with_ai_playing(scenario, BRUNO, gridkeeper::ai::Style::Careful);
    load(&mut app, &rolls(&crate::house::QUEUE_ROLLS, &[90, 90, 90]));
    send(&mut app, Command::Begin);
    let struck = |app: &App| {
        commands_of(app, BRUNO)
            .iter()
            .any(|command| matches!(command, Command::Attack { .. }))
    };
    for _ in 0..100 {
        if struck(&app) {
            break;
        }
        match acting(&app) {
            Some(unit) if unit != BRUNO => send(&mut app, Command::EndTurn { unit }),
            _ => {
                update_taking_everything(&mut app);
            }
        }
    }
    let mut commands = commands_of(&app, BRUNO);
    let first_blow = commands
        .iter()
        .position(|command| matches!(command, Command::Attack { .. }))
        .unwrap_or_else(|| panic!("Bruno strikes: {commands:?}"));
    commands.truncate(first_blow + 1);
    commands
}

/// Careful Bruno (Struggle 55, his +3 bat) weighs each cherry against his matched blow's own
/// mean damage (11 to 55: 2 x the digit sum + 3, 15 on average): More Hurt (15 and a d10's
/// 5.5) beats it, so he picks it before his first blow; with Kung Fu Grip allowed as well, that
/// is weighed too (Dee's 120 hit points, times the 0.2837 of holding her through her try to
/// break free and the 0.55 of executing her: 18.7, under 20.5, so More Hurt still). A Second
/// Helping (one more blow's mean harm) or the cherries that hinder are not worth a pick: he
/// takes the damage.
#[test]
fn the_careful_ai_picks_a_cherry_only_where_it_beats_the_damage() {
    let picked = |cherries: &[Cherry]| {
        careful_brunos_first_blow(cherries)
            .into_iter()
            .filter_map(|command| match house(&command) {
                Some(HouseCommand::PickCherry { cherry, .. }) => Some(*cherry),
                _ => None,
            })
            .collect::<Vec<_>>()
    };
    assert_eq!(
        picked(&[Cherry::SecondHelping, Cherry::MoreHurt]),
        [Some(Cherry::MoreHurt)]
    );
    assert_eq!(
        picked(&[Cherry::KungFuGrip, Cherry::MoreHurt]),
        [Some(Cherry::MoreHurt)]
    );
    let own_list =
        careful_brunos_first_blow(&[Cherry::KnockDown, Cherry::Disarm, Cherry::SecondHelping]);
    assert!(
        !own_list
            .iter()
            .any(|command| matches!(house(command), Some(HouseCommand::PickCherry { .. }))),
        "{own_list:?}"
    );
}
