//! The d10 pool's evading in the battle: the evade pool coming off blows, its flag on the
//! card, and the careful AI evading when outnumbered hand to hand, with Level B2's people
//! (`pool.rs`'s).

use super::pool::{DOG, KELL, TOMAS, evading, injuries, level_b2_with};
use super::*;
use gridkeeper::battle::answer::answer_odds;
use gridkeeper::battle::choices::{FlagTone, UnitFlag};
use gridkeeper::battle::hooks::flagged;
use gridkeeper::rulesets::d10_pool::battle::commands::PoolCommand;
use gridkeeper::rulesets::d10_pool::battle::events::PoolEvent;

/// Kell evades (Dex 2 + Dodge 1: 3 dice at 7) and nets 2. The dog's bite nets 3, less 2 off
/// the evade pool: 1 lands (+1 bite, less his Stamina 4: nothing). Tomas's sword after it, netting
/// 2, meets an empty pool and lands whole: an injury of 3.
#[test]
fn an_evade_pool_comes_off_blows_until_it_is_used_up() {
    let mut app = begun(level_b2_with(&[
        (KELL, (10, 8)),
        (DOG, (11, 8)),
        (TOMAS, (9, 8)),
    ]));
    until_the_turn_of(&mut app, KELL);
    let mark = event_count(&app);
    load(&mut app, &[8, 9, 3]);
    send(&mut app, Command::from(PoolCommand::Evade { unit: KELL }));
    let evaded = events_from(&app, mark);
    assert!(evaded.iter().any(|event| matches!(
        event.own(),
        Some(PoolEvent::Evading {
            unit: KELL,
            pool: 2
        })
    )));
    assert_eq!(evading(&app, KELL), 2);
    assert_eq!(
        evading_flag(&mut app, KELL),
        Some(UnitFlag {
            words: "evading 2".to_string(),
            tone: FlagTone::Guarded,
            in_short: true,
        }),
        "the card and the round order say so"
    );
    assert_ne!(acting(&app), Some(KELL), "evading ends the turn");
    // The bite, then the sword (both before Kell's next turn, which would empty the pool).
    for (attacker, faces, weapon) in [
        (DOG, vec![9, 9, 9, 2, 2, 2, 2], WeaponChoice::Carried(0)),
        (
            TOMAS,
            vec![9, 9, 2, 2, 2, 2, 2, 2],
            WeaponChoice::Carried(0),
        ),
    ] {
        until_the_turn_of(&mut app, attacker);
        let evading = evading(&app, KELL);
        send(
            &mut app,
            Command::Attack {
                unit: attacker,
                target: KELL,
                weapon,
            },
        );
        // The odds Kell is shown count his evading: taking it, the bite (7 dice at 5) must net
        // 3 to land past 2 evaded; the sword (8 dice at 6) meets none.
        let Some(AnswerOdds::Exchange { take_it, .. }) = answer_odds(app.world_mut()) else {
            panic!("a blow waits for Kell's answer");
        };
        let (dice, difficulty) = if attacker == DOG { (7, 5) } else { (8, 6) };
        let pool = gridkeeper::rules::pool::NetOdds::of(dice, difficulty);
        let expected = pool.at_least(1 + i32::try_from(evading).unwrap_or_default());
        assert!(
            (take_it.attacker_wins - expected).abs() < 1e-12,
            "{take_it:?} against {expected}"
        );
        let mark = event_count(&app);
        load(&mut app, &faces);
        send(
            &mut app,
            Command::Answer {
                unit: KELL,
                answer: Answer::Nothing,
            },
        );
        let struck = events_from(&app, mark);
        let took: Vec<(u32, u32)> = struck
            .iter()
            .filter_map(|event| match event.own() {
                Some(PoolEvent::Evaded { took, left, .. }) => Some((*took, *left)),
                _ => None,
            })
            .collect();
        if attacker == DOG {
            assert_eq!(took, [(2, 0)]);
            assert_eq!(injuries(&struck), [(KELL, 1, None)]);
        } else {
            assert_eq!(took, []);
            assert_eq!(injuries(&struck), [(KELL, 2, Some(3))]);
        }
    }
    assert_eq!(evading_flag(&mut app, KELL), None, "the pool is used up");
}

/// The careful AI's turn for `unit`, every other unit played at this keyboard (blows at them
/// taken): the commands it gave.
pub(super) fn careful_turn(mut app: App, unit: UnitId) -> Vec<Command> {
    use gridkeeper::ai::{AiStyles, Style};
    use gridkeeper::battle::CommandLog;
    let units = app.world().resource::<Controllers>().0.len();
    app.add_plugins(gridkeeper::ai::plugin);
    app.insert_resource(AiStyles(vec![Style::Careful; units]));
    until_the_turn_of(&mut app, unit);
    app.world_mut().resource_mut::<Controllers>().0[unit.index()] = Control::Ai;
    for _ in 0..40 {
        app.update();
        if acting(&app) != Some(unit) {
            break;
        }
    }
    app.world()
        .resource::<CommandLog>()
        .0
        .iter()
        .filter(|command| command.unit() == Some(unit))
        .cloned()
        .collect()
}

/// Level B2 fought to the last side standing (no exit to run for), with these units moved.
pub(super) fn standing_fight(places: &[(UnitId, (u32, u32))]) -> App {
    let mut scenario = level_b2_with(places);
    scenario.victory = gridkeeper::map::scenario::Victory::LastSideStanding;
    begun(scenario)
}

/// Kell and the dog can both reach Tomas hand to hand: outnumbered, the careful AI evades
/// (Dex 3 + Dodge 2, 5 dice at 7: a net success 58% of the time). With the dog alone beside
/// him, he fights.
#[test]
fn the_careful_ai_evades_when_outnumbered_hand_to_hand() {
    let outnumbered = standing_fight(&[(TOMAS, (10, 8)), (DOG, (11, 8)), (KELL, (10, 9))]);
    let commands = careful_turn(outnumbered, TOMAS);
    assert!(
        commands.contains(&Command::from(PoolCommand::Evade { unit: TOMAS })),
        "{commands:?}"
    );
    let one_on_one = standing_fight(&[(TOMAS, (10, 8)), (DOG, (11, 8))]);
    let commands = careful_turn(one_on_one, TOMAS);
    assert!(
        !commands.contains(&Command::from(PoolCommand::Evade { unit: TOMAS })),
        "{commands:?}"
    );
}

/// The flag the pool's evading puts on `unit`, as the cards are given it.
pub(super) fn evading_flag(app: &mut App, unit: UnitId) -> Option<UnitFlag> {
    flagged(app.world_mut())
        .into_iter()
        .filter(|(flagged, _)| *flagged == unit)
        .flat_map(|(_, flags)| flags)
        .find(|flag| flag.words.starts_with("evading"))
}
