//! The d10 pool's dice budget in the battle, with Level B2's people (order: Gant, Mara, the
//! dog, Hugo, Vic, Tomas, Kell): a defence before the turn with nothing planned spends the whole
//! pool, a plan made under attack keeps the rest for the turn, split attacks go at different
//! enemies with a part each, evading is one part of a split, and a committed weapon takes the
//! whole budget.

use gridkeeper::battle::command::FireMode;
use gridkeeper::rulesets::d10_pool::battle::budget::NO_DICE_LEFT;
use gridkeeper::rulesets::d10_pool::budget::{DicePlan, PlanPart, PlannedAction};

use super::pool::{dice_plan, evading, level_b2_with, pools, shoots};
use super::*;
use gridkeeper::rulesets::d10_pool::battle::commands::PoolCommand;
use gridkeeper::rulesets::d10_pool::battle::events::PoolEvent;
use gridkeeper::rulesets::d10_pool::battle::planning::refused_plan;

const MARA: UnitId = UnitId(0);
const TOMAS: UnitId = UnitId(1);
const VIC: UnitId = UnitId(2);
const GANT: UnitId = UnitId(3);
const HUGO: UnitId = UnitId(4);
const KELL: UnitId = UnitId(5);
const DOG: UnitId = UnitId(6);

fn parts(list: &[(PlannedAction, u32)]) -> Vec<PlanPart> {
    list.iter()
        .map(|(action, dice)| PlanPart::new(*action, *dice))
        .collect()
}

fn plan(unit: UnitId, list: &[(PlannedAction, u32)]) -> Command {
    PoolCommand::PlanDice {
        unit,
        parts: parts(list),
    }
    .into()
}

/// The dog (Dex 4 + Brawl 3: 7 dice at 5) bites Tomas, who has yet to act this round.
fn the_dog_bites_tomas(app: &mut App) {
    until_the_turn_of(app, DOG);
    send(
        app,
        Command::Attack {
            unit: DOG,
            target: TOMAS,
            weapon: WeaponChoice::Carried(0),
        },
    );
}

/// The dice each pool roll among these events was rolled with, and whether a split share
/// made it.
fn dice_rolled(events: &[EventKind]) -> Vec<(UnitId, u32, bool)> {
    pools(events)
        .into_iter()
        .map(|(unit, dice, _, _, reasons)| {
            (unit, dice, reasons.contains(&ModifierReason::SplitShare))
        })
        .collect()
}

/// Tomas's sword at `target`, taken, with these faces: the events the blow sets off.
fn sword_taken(app: &mut App, target: UnitId, faces: &[u32]) -> Vec<EventKind> {
    let mark = event_count(app);
    load(app, faces);
    strike(
        app,
        TOMAS,
        target,
        WeaponChoice::Carried(0),
        Answer::Nothing,
    );
    events_from(app, mark)
}

#[test]
fn a_dodge_before_the_turn_with_nothing_planned_spends_the_whole_pool() {
    let mut app = begun(level_b2_with(&[(TOMAS, (12, 8)), (DOG, (11, 8))]));
    the_dog_bites_tomas(&mut app);
    let answered = after(
        &mut app,
        &[2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2],
        Command::Answer {
            unit: TOMAS,
            answer: Answer::Dodge,
        },
    );
    // Dex 3 + Dodge 2: the whole pool of 5.
    assert_eq!(dice_rolled(&answered), [(DOG, 7, false), (TOMAS, 5, false)]);
    assert_eq!(dice_plan(&app, TOMAS), Some(DicePlan::SPENT));
    until_the_turn_of(&mut app, TOMAS);
    let turn = app.world().resource::<Flow>().turn.expect("Tomas's turn");
    assert_eq!(turn.action_lost, Some(NO_DICE_LEFT));
    assert_eq!(
        refusal(
            &mut app,
            Command::Attack {
                unit: TOMAS,
                target: DOG,
                weapon: WeaponChoice::Carried(0),
            }
        ),
        Some(Rejection::ActionUsed)
    );
}

#[test]
fn a_plan_made_under_attack_keeps_the_rest_for_the_turn() {
    let mut app = begun(level_b2_with(&[
        (TOMAS, (12, 8)),
        (DOG, (11, 8)),
        (KELL, (12, 9)),
    ]));
    the_dog_bites_tomas(&mut app);
    // The budget of a dodge and an attack is the smaller pool: Dodge 5, not the sword's 8.
    for (list, why) in [
        (
            vec![(PlannedAction::Dodge, 2), (PlannedAction::Attack, 4)],
            "the parts come to 6 dice, and the budget is 5",
        ),
        (
            vec![
                (PlannedAction::Dodge, 2),
                (PlannedAction::Attack, 2),
                (PlannedAction::Attack, 1),
            ],
            "every part needs at least 2 dice (1 is too few)",
        ),
        (
            vec![(PlannedAction::Attack, 2), (PlannedAction::Attack, 6)],
            "a plan made under attack keeps a part for the defence",
        ),
    ] {
        assert_eq!(
            refusal(&mut app, plan(TOMAS, &list)),
            Some(refused_plan(why))
        );
    }
    let planned = after(
        &mut app,
        &[],
        plan(
            TOMAS,
            &[(PlannedAction::Dodge, 2), (PlannedAction::Attack, 3)],
        ),
    );
    assert!(planned.iter().any(|event| matches!(
        event,
        EventKind::Rulebook(own) if matches!(
            own.of::<PoolEvent>(),
            Some(PoolEvent::DicePlanned {
                unit: TOMAS,
                budget: 5,
                ..
            })
        )
    )));
    assert!(matches!(
        refusal(&mut app, plan(TOMAS, &[(PlannedAction::Dodge, 5)])),
        Some(Rejection::NotNow(_))
    ));
    let answered = after(
        &mut app,
        &[2; 9],
        Command::Answer {
            unit: TOMAS,
            answer: Answer::Dodge,
        },
    );
    assert_eq!(dice_rolled(&answered), [(DOG, 7, false), (TOMAS, 2, true)]);
    // On his turn the sword rolls the 3 dice kept for it, and no more attacks are left.
    until_the_turn_of(&mut app, TOMAS);
    let struck = sword_taken(&mut app, DOG, &[2; 3]);
    assert_eq!(dice_rolled(&struck), [(TOMAS, 3, true)]);
    assert_eq!(dice_plan(&app, TOMAS), Some(DicePlan::SPENT));
    // Kell's punch later this round finds no dice left to dodge it with.
    until_the_turn_of(&mut app, KELL);
    send(
        &mut app,
        Command::Attack {
            unit: KELL,
            target: TOMAS,
            weapon: WeaponChoice::Unarmed,
        },
    );
    let refused = refusal(
        &mut app,
        Command::Answer {
            unit: TOMAS,
            answer: Answer::Dodge,
        },
    );
    let Some(Rejection::Rulebook(own)) = refused.clone() else {
        panic!("{refused:?}");
    };
    // Told in the pool's words, written under its own name as the engine's refusals are.
    assert_eq!(
        refused.map(|refused| refused.to_string()),
        Some(format!("no dice left for that this round: {}", own.why))
    );
    assert_eq!(
        serde_json::to_string(&Rejection::Rulebook(own.clone())).ok(),
        serde_json::to_string(&serde_json::json!({ "NoDiceLeft": own.why })).ok()
    );
}

#[test]
fn split_attacks_go_at_different_enemies_with_a_part_each() {
    let mut app = begun(level_b2_with(&[
        (MARA, (13, 9)),
        (HUGO, (17, 9)),
        (GANT, (17, 5)),
    ]));
    until_the_turn_of(&mut app, MARA);
    // Two attacks with the handgun (7 dice): 4 and 3.
    send(
        &mut app,
        plan(
            MARA,
            &[(PlannedAction::Attack, 4), (PlannedAction::Attack, 3)],
        ),
    );
    let shoot = |target| Command::Fire {
        unit: MARA,
        weapon: WeaponChoice::Carried(0),
        mode: FireMode::single(target),
    };
    let first = after(&mut app, &[2; 4], shoot(HUGO));
    assert_eq!(dice_rolled(&first), [(MARA, 4, true)]);
    assert!(matches!(
        refusal(&mut app, shoot(HUGO)),
        Some(Rejection::InvalidTarget(_))
    ));
    let second = after(&mut app, &[2; 3], shoot(GANT));
    assert_eq!(dice_rolled(&second), [(MARA, 3, true)]);
    assert!(matches!(
        refusal(&mut app, shoot(HUGO)),
        Some(Rejection::Rulebook(own)) if own.name == "NoDiceLeft"
    ));
}

#[test]
fn evading_is_one_part_of_a_split_and_the_turn_goes_on() {
    let mut app = begun(level_b2_with(&[(TOMAS, (12, 8)), (KELL, (13, 8))]));
    until_the_turn_of(&mut app, TOMAS);
    // Evade (Dex 3 + Dodge 2 = 5) and the sword (8): a budget of 5.
    send(
        &mut app,
        plan(
            TOMAS,
            &[(PlannedAction::Evade, 2), (PlannedAction::Attack, 3)],
        ),
    );
    let evaded = after(
        &mut app,
        &[9, 9],
        Command::from(PoolCommand::Evade { unit: TOMAS }),
    );
    assert_eq!(dice_rolled(&evaded), [(TOMAS, 2, true)]);
    assert_eq!(evading(&app, TOMAS), 2);
    assert_eq!(acting(&app), Some(TOMAS), "the attack part is left");
    let struck = sword_taken(&mut app, KELL, &[2; 3]);
    assert_eq!(dice_rolled(&struck), [(TOMAS, 3, true)]);
}

#[test]
fn a_committed_weapon_takes_the_whole_budget() {
    let mut app = begun(level_b2_with(&[(VIC, (13, 9)), (HUGO, (20, 9))]));
    until_the_turn_of(&mut app, VIC);
    assert_eq!(
        refusal(
            &mut app,
            plan(
                VIC,
                &[(PlannedAction::Attack, 2), (PlannedAction::Dodge, 2)]
            )
        ),
        Some(refused_plan("a committed weapon takes the whole budget"))
    );
    let shot = shoots(&mut app, VIC, HUGO, &[2; 7]);
    assert_eq!(dice_rolled(&shot), [(VIC, 7, false)]);
    assert_eq!(dice_plan(&app, VIC), Some(DicePlan::SPENT));
}

/// Attacked after its turn is over (Tomas ended his without acting, and Kell comes at him),
/// a unit keeps no dice for an attack: its round has no turn left to spend them on.
#[test]
fn no_dice_are_kept_for_a_turn_already_over() {
    let mut app = begun(level_b2_with(&[(TOMAS, (12, 8)), (KELL, (12, 9))]));
    until_the_turn_of(&mut app, KELL);
    assert_eq!(
        refusal(
            &mut app,
            Command::Attack {
                unit: KELL,
                target: TOMAS,
                weapon: WeaponChoice::Unarmed,
            }
        ),
        None
    );
    assert_eq!(
        refusal(
            &mut app,
            plan(
                TOMAS,
                &[(PlannedAction::Dodge, 2), (PlannedAction::Attack, 3)]
            )
        ),
        Some(refused_plan(
            "its turn this round is over: there is no attack to keep dice for"
        ))
    );
}

/// The careful AI keeps a dodge from its dice on its own turn when an enemy still to act could
/// strike it hand to hand: Hugo (shotgun 5 dice, Dodge 5) with Tomas's sword beside him, Tomas
/// acting after him, splits his budget of 5 into attack 3 and dodge 2 before he shoots.
#[test]
fn the_careful_ai_keeps_a_dodge_when_a_blade_acts_after_it() {
    let scenario = level_b2_with(&[(HUGO, (12, 9)), (TOMAS, (13, 9))]);
    let mut app = with_ai_playing(scenario, HUGO, gridkeeper::ai::Style::Careful);
    send(&mut app, Command::Begin);
    until_the_turn_of(&mut app, HUGO);
    for _ in 0..5 {
        app.update();
    }
    assert_eq!(
        commands_of(&app, HUGO).first().cloned(),
        Some(plan(
            HUGO,
            &[(PlannedAction::Attack, 3), (PlannedAction::Dodge, 2)]
        ))
    );
}
