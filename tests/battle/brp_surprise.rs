//! BRP classic's surprise in the battle: a unit taken by surprise acts at half DEX in round 1,
//! and the wholly surprised make no attacks then, with the Kingsport Warehouse's people
//! (`brp.rs`'s).

use super::brp::{
    HARVEY, MERCY, ai_turn, kingsport_with, name_parries, through_round, until_the_whole_turn_of,
};
use super::*;
use gridkeeper::battle::command::FireMode;
use gridkeeper::rules::round::TurnKind;

/// A scenario may open with a unit taken by surprise: Harvey (DEX 14) acts at half DEX in
/// round 1, his whole turn at 7, and at his own DEX again in round 2.
#[test]
fn a_unit_taken_by_surprise_acts_at_half_dex_in_round_one() {
    let mut scenario = kingsport_with(&[]);
    scenario.units[HARVEY.index()].opening.surprised = true;
    let mut app = begun(scenario);
    let whole_turns = |app: &App| -> Vec<(u32, String)> {
        let scenario = specs_sample("kingsport.ron", None);
        app.world()
            .resource::<EventLog>()
            .0
            .iter()
            .filter_map(|event| match &event.kind {
                EventKind::RoundBegan { slots, .. } => slots
                    .iter()
                    .find(|slot| slot.unit == HARVEY.0 && slot.kind == TurnKind::Whole)
                    .map(|slot| (event.round, scenario.ruleset.words().slot_words(slot))),
                _ => None,
            })
            .collect()
    };
    assert_eq!(whole_turns(&app), vec![(1, "cycle 2 · DEX 7".to_string())]);
    through_round(&mut app, 1);
    assert_eq!(
        whole_turns(&app).last(),
        Some(&(2, "cycle 2 · DEX 14".to_string()))
    );
}

/// Under extreme surprise Harvey makes no attack in round 1: his turns come (at half DEX) with
/// the action forfeited, the battle refuses his shot, and the AI playing him fires nothing.
#[test]
fn the_wholly_surprised_make_no_attacks_in_round_one() {
    let mut scenario = kingsport_with(&[(HARVEY, (10, 8)), (MERCY, (13, 8))]);
    scenario.units[HARVEY.index()].opening.surprised = true;
    scenario.units[HARVEY.index()].opening.extreme_surprise = true;
    let mut app = begun(scenario.clone());
    until_the_whole_turn_of(&mut app, HARVEY);
    let shot = refusal(
        &mut app,
        Command::Fire {
            unit: HARVEY,
            weapon: WeaponChoice::Carried(0),
            mode: FireMode::single(MERCY),
        },
    );
    assert!(shot.is_some(), "no shot in round 1");
    let mut app = begun(scenario);
    name_parries(&mut app, &[]);
    until_the_turn_of(&mut app, HARVEY);
    let commands = ai_turn(&mut app, HARVEY);
    assert!(
        !commands
            .iter()
            .any(|command| matches!(command, Command::Fire { .. } | Command::Attack { .. })),
        "{commands:?}"
    );
    let refused = events(&app)
        .iter()
        .any(|event| matches!(event, EventKind::Rejected { .. }));
    assert!(!refused, "the AI asks for nothing the battle refuses");
}
