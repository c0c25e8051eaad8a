//! Gunfire in the d10 pool: no dodging it in the open, but a free dodge behind cover whose net
//! comes off the shot's.

use gridkeeper::battle::command::FireMode;

use super::pool::{dice_plan, level_b2_with, pools, shoots};
use super::*;
use gridkeeper::rulesets::d10_pool::reasons;

const MARA: UnitId = UnitId(0);
const HUGO: UnitId = UnitId(4);

/// On her turn, Mara fires her handgun at Hugo: where the events it set off begin.
fn mara_fires(app: &mut App) -> usize {
    until_the_turn_of(app, MARA);
    let mark = event_count(app);
    send(
        app,
        Command::Fire {
            unit: MARA,
            weapon: WeaponChoice::Carried(0),
            mode: FireMode::single(HUGO),
        },
    );
    mark
}

/// Mara fires at Hugo, who answers with these faces loaded after hers: the events.
fn mara_fires_at_hugo(app: &mut App, answer: Answer, faces: &[u32]) -> Vec<EventKind> {
    let mark = mara_fires(app);
    load(app, faces);
    send(app, Command::Answer { unit: HUGO, answer });
    events_from(app, mark)
}

/// Hugo behind the parked car at (9, 10) dodges (Dex 3 + Dodge 2: 5 dice at 6) and nets 2; Mara
/// (7 dice at 9, the car +2) nets 2, and the dodge takes it all. The dodge spends none of his
/// dice. In the open he is not asked.
#[test]
fn a_dodge_behind_cover_is_free_and_comes_off_the_shot() {
    let mut app = begun(level_b2_with(&[(MARA, (9, 13)), (HUGO, (9, 9))]));
    let shot = mara_fires_at_hugo(
        &mut app,
        Answer::Dodge,
        &[9, 9, 2, 2, 2, 10, 10, 2, 2, 2, 2, 2],
    );
    let rolls: Vec<(UnitId, u32, u32, i32)> = pools(&shot)
        .into_iter()
        .map(|(unit, dice, difficulty, net, _)| (unit, dice, difficulty, net))
        .collect();
    assert_eq!(rolls, [(HUGO, 5, 6, 2), (MARA, 7, 9, 2)]);
    assert!(shot.iter().any(|event| matches!(
        event,
        EventKind::BulletDodged {
            unit: MARA,
            target: HUGO
        }
    )));
    assert!(
        !shot
            .iter()
            .any(|event| matches!(event, EventKind::Injured { .. }))
    );
    assert_eq!(dice_plan(&app, HUGO), None, "nothing spent");
    // In the open, the shot asks nothing of him.
    let mut app = begun(level_b2_with(&[(MARA, (13, 9)), (HUGO, (17, 9))]));
    until_the_turn_of(&mut app, MARA);
    let fired = after(
        &mut app,
        &[2; 7],
        Command::Fire {
            unit: MARA,
            weapon: WeaponChoice::Carried(0),
            mode: FireMode::single(HUGO),
        },
    );
    assert!(
        !fired
            .iter()
            .any(|event| matches!(event, EventKind::DefenceAsked { .. }))
    );
}

const VIC: UnitId = UnitId(2);

/// Vic aims at Hugo round after round: a step a round, three at most, so his sniper rifle's
/// shot in round 5 goes at 9 − 3 = 6. From behind a parked car he may not aim at all.
#[test]
fn aim_builds_up_to_three_steps_and_never_from_cover() {
    let mut app = begun(level_b2_with(&[(VIC, (13, 9)), (HUGO, (25, 9))]));
    for round in 1..=4 {
        until_the_turn_of(&mut app, VIC);
        send(
            &mut app,
            Command::Aim {
                unit: VIC,
                target: HUGO,
            },
        );
        let aim = condition(&mut app, VIC).aim.expect("Vic aims");
        assert_eq!((aim.round, aim.rounds), (round, round.min(3)));
        send(&mut app, Command::EndTurn { unit: VIC });
    }
    let shot = shoots(&mut app, VIC, HUGO, &[2; 7]);
    let (_, dice, difficulty, _, reasons) = pools(&shot)[0].clone();
    assert_eq!((dice, difficulty), (7, 6));
    assert_eq!(reasons, [ModifierReason::Aiming]);
    let mut app = begun(level_b2_with(&[(VIC, (9, 12)), (HUGO, (25, 12))]));
    until_the_turn_of(&mut app, VIC);
    assert_eq!(
        refusal(
            &mut app,
            Command::Aim {
                unit: VIC,
                target: HUGO,
            }
        ),
        Some(Rejection::NotNow("no aiming from behind cover".to_string()))
    );
}

/// The careful AI never tries to aim from behind cover, where the rulebook bars it: in the
/// battle of seed 690 with the careful AI as the contractors against the baseline, Mara once
/// tried it sixteen times over, each refused.
#[test]
fn the_careful_ai_does_not_aim_from_behind_cover() {
    use gridkeeper::ai::Style;
    use gridkeeper::simulation::{Matchup, play_many};
    let results = play_many(
        &specs_sample("level-b2.ron", None),
        690,
        1,
        None,
        &Matchup::AgainstBaseline(Style::Careful),
        &|_| {},
    )
    .expect("no battle panics");
    assert_eq!(results[0].refused, 0);
    assert!(results[0].over);
}

/// The fire preview counts what the shooter's own wounds cost: Mara with an injury of 3 (wound
/// level 3, a die off) is shown 6 dice, and the chance of 6.
#[test]
fn the_fire_preview_counts_the_shooters_wound_dice() {
    let mut app = begun(level_b2_with(&[(MARA, (13, 9)), (HUGO, (17, 9))]));
    until_the_turn_of(&mut app, MARA);
    let preview = |app: &mut App| {
        gridkeeper::battle::ranged::preview(
            app.world_mut(),
            MARA,
            WeaponChoice::Carried(0),
            &FireMode::single(HUGO),
        )
        .expect("Mara can shoot Hugo")[0]
            .clone()
    };
    let whole = preview(&mut app);
    assert_eq!(whole.words.head, "7 dice at 7");
    set_vitals(&mut app, MARA, |vitals| {
        vitals.injuries = vitals.injuries.with(3);
    });
    let wounded = preview(&mut app);
    assert_eq!(wounded.words.head, "6 dice at 7");
    let six = gridkeeper::rules::pool::NetOdds::of(6, 7).at_least(1);
    assert!((wounded.chance - six).abs() < 1e-12, "{}", wounded.chance);
    assert!(wounded.chance < whole.chance);
}

/// Level B2 with Mara at (2, 9) and Hugo at (12, 9) in the open, the initiative dice loaded so
/// that Hugo (all 9s) acts first and Mara (Dex 4, Wits 3, no success) second.
fn hugo_then_mara() -> App {
    let scenario = level_b2_with(&[(MARA, (2, 9)), (HUGO, (12, 9))]);
    let faces: Vec<u32> = scenario
        .units
        .iter()
        .enumerate()
        .flat_map(|(index, unit)| {
            let face = if index == HUGO.index() { 9 } else { 2 };
            vec![
                face;
                (unit.characteristics.dexterity + unit.characteristics.intelligence) as usize
            ]
        })
        .collect();
    let mut app = test_app(scenario);
    load(&mut app, &faces);
    send(&mut app, Command::Begin);
    assert_eq!(acting(&app), Some(HUGO));
    app
}

/// Mara's shot at Hugo: its dice, difficulty and modifiers' reasons.
fn mara_shoots_hugo(app: &mut App) -> (u32, u32, Vec<ModifierReason>) {
    let mark = mara_fires(app);
    let (_, dice, difficulty, _, reasons) = pools(&events_from(app, mark))[0].clone();
    (dice, difficulty, reasons)
}

/// A target that ran this round is a step harder to hit (SPECS.md 2.1, "running: +1", read as
/// moving past its free movement): Hugo (Dex 3: 20 feet free, 6.7 yards) runs 8 yards, and
/// Mara's handgun (7 dice) goes at 8 rather than 7. Had he walked 6 yards, it would be 7.
#[test]
fn a_running_target_is_a_step_harder_to_hit() {
    for (to, difficulty, reasons) in [(20, 8, vec![reasons::RUNNING_TARGET]), (18, 7, vec![])] {
        let mut app = hugo_then_mara();
        send(
            &mut app,
            Command::Move {
                unit: HUGO,
                to: Tile::new(to, 9),
            },
        );
        assert!(rejected(&events(&app)).is_none());
        send(&mut app, Command::EndTurn { unit: HUGO });
        assert_eq!(mara_shoots_hugo(&mut app), (7, difficulty, reasons));
    }
}

/// A target that cannot get out of the way is three steps easier to hit (SPECS.md 2.1,
/// "immobilised: −3"): the keeper holds Hugo fast where he stands, so he cannot move (nor run
/// off), and Mara's handgun goes at 4. Freed, he moves again.
#[test]
fn a_target_held_fast_is_three_steps_easier_to_hit_and_cannot_move() {
    use gridkeeper::battle::command::{Adjustment, KeeperOrder};
    let mut app = hugo_then_mara();
    let hold = |held: bool| {
        Command::Keeper(KeeperOrder::Adjust {
            unit: HUGO,
            change: Adjustment::HeldFast(held),
        })
    };
    send(&mut app, hold(true));
    assert!(condition(&mut app, HUGO).held_fast);
    let go = Command::Move {
        unit: HUGO,
        to: Tile::new(14, 9),
    };
    assert_eq!(refusal(&mut app, go.clone()), Some(Rejection::HeldFast));
    send(&mut app, Command::EndTurn { unit: HUGO });
    assert_eq!(
        mara_shoots_hugo(&mut app),
        (7, 4, vec![reasons::IMMOBILISED_TARGET])
    );
    send(&mut app, hold(false));
    until_the_turn_of(&mut app, HUGO);
    assert_eq!(refusal(&mut app, go), None);
}
