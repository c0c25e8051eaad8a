//! Gunfire in the d10 pool: no dodging it in the open, but a free dodge behind cover whose net
//! comes off the shot's.

use gridkeeper::battle::command::FireMode;

use super::pool::{level_b2_with, pools, shoots, until_the_turn_of};
use super::*;

const MARA: UnitId = UnitId(0);
const HUGO: UnitId = UnitId(4);

/// Mara fires at Hugo, who answers with these faces loaded after hers: the events.
fn mara_fires_at_hugo(app: &mut App, answer: Answer, faces: &[u32]) -> Vec<EventKind> {
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
    assert_eq!(condition(&mut app, HUGO).dice_plan, None, "nothing spent");
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
