//! BRP classic's grapples in the battle: a grapple answered as any attack, then thrown off or
//! not STR against STR on the resistance table (fellow grapplers adding theirs); what the holder
//! does next at once (pin, hurt, knock out, disarm, strangle); breaking free; choking at the end
//! of each round. The Kingsport Warehouse's people, every one played by a person.

use gridkeeper::battle::event::Contest;
use gridkeeper::rules::grapple::Grip;
use gridkeeper::rules::opposed::Resistance;
use gridkeeper::rules::roll::{RollPurpose, RollVerdict};

use super::brp::{
    HARVEY, MERCY, SILAS, ai_turn, ambush, harvey_answers, kingsport_with, until_the_turn_of,
    until_the_whole_turn_of,
};
use super::*;

/// Silas grapples Harvey beside him, Harvey takes it (no parry named, no dodge tried), and
/// Silas's 10 is under his Grapple 40; then Harvey's STR rolls `throw_off` against Silas's.
fn silas_grapples_harvey(throw_off: u32) -> (App, Vec<EventKind>) {
    let mut app = ambush();
    until_the_whole_turn_of(&mut app, SILAS);
    send(
        &mut app,
        Command::Maneuver {
            unit: SILAS,
            target: HARVEY,
            goal: ManeuverGoal::Hold,
        },
    );
    load(&mut app, &[percentile(10), percentile(throw_off)].concat());
    let events = harvey_answers(&mut app, Answer::Nothing);
    (app, events)
}

/// Harvey's STR 11 against Silas's 16: 25% on the resistance table to throw the grapple off.
fn thrown_off(won: bool) -> EventKind {
    EventKind::StrengthPitted {
        unit: HARVEY,
        against: SILAS,
        contest: Contest::ThrowOff,
        active: 11,
        passive: 16,
        odds: Resistance::Chance(25),
        won,
    }
}

#[test]
fn a_grapple_that_lands_holds_unless_thrown_off_str_against_str() {
    let (mut app, events) = silas_grapples_harvey(60);
    assert!(events.contains(&thrown_off(false)), "{events:?}");
    assert!(events.contains(&EventKind::Held {
        unit: HARVEY,
        holder: SILAS
    }));
    assert_eq!(condition(&mut app, HARVEY).held_by, Some(SILAS));
    assert_eq!(condition(&mut app, SILAS).holding, Some(HARVEY));
    let (mut app, events) = silas_grapples_harvey(20);
    assert!(events.contains(&thrown_off(true)), "{events:?}");
    assert_eq!(condition(&mut app, HARVEY).held_by, None);
    assert_eq!(condition(&mut app, SILAS).holding, None);
}

/// Silas holds Harvey, and it is his whole turn of the next round.
fn silas_holds_harvey() -> App {
    let (mut app, _) = silas_grapples_harvey(60);
    send(&mut app, Command::EndTurn { unit: SILAS });
    until_the_whole_turn_of(&mut app, SILAS);
    app
}

fn silas_does(app: &mut App, faces: &[u32], goal: ManeuverGoal) -> Vec<EventKind> {
    after(
        app,
        faces,
        Command::Maneuver {
            unit: SILAS,
            target: HARVEY,
            goal,
        },
    )
}

/// Pinned (Silas's 16 against Harvey's 11: 75%, and 50 is under it), Harvey loses his turns and
/// cannot defend; once Silas does anything else, the grip eases and Harvey acts again.
#[test]
fn a_pinned_unit_can_do_nothing_until_the_holder_does_something_else() {
    let mut app = silas_holds_harvey();
    let pinned = silas_does(&mut app, &percentile(50), ManeuverGoal::Immobilise);
    assert!(
        pinned.contains(&EventKind::StrengthPitted {
            unit: SILAS,
            against: HARVEY,
            contest: Contest::Pin,
            active: 16,
            passive: 11,
            odds: Resistance::Chance(75),
            won: true,
        }),
        "{pinned:?}"
    );
    assert_eq!(condition(&mut app, SILAS).grip, Some(Grip::Immobilise));
    send(&mut app, Command::EndTurn { unit: SILAS });
    let mark = event_count(&app);
    until_the_turn_of(&mut app, SILAS);
    let round = events_from(&app, mark);
    assert!(
        round.contains(&EventKind::TurnLost { unit: HARVEY }),
        "{round:?}"
    );
    assert!(!round.contains(&EventKind::TurnBegan { unit: HARVEY }));
    while limits_fire_only(&app) {
        send(&mut app, Command::EndTurn { unit: SILAS });
        until_the_turn_of(&mut app, SILAS);
    }
    // Silas's own blow at the pinned Harvey is answered: the pin is his to give up.
    let eased = after(
        &mut app,
        &[],
        Command::Attack {
            unit: SILAS,
            target: HARVEY,
            weapon: WeaponChoice::Carried(0),
        },
    );
    assert_eq!(
        app.world()
            .resource::<Flow>()
            .pending()
            .map(|pending| pending.target),
        Some(HARVEY),
        "Harvey is asked for his answer"
    );
    harvey_answers(&mut app, Answer::Nothing);
    assert!(
        eased.contains(&EventKind::GripEased {
            unit: SILAS,
            target: HARVEY
        }),
        "{eased:?}"
    );
    assert_eq!(condition(&mut app, SILAS).grip, None);
    assert_eq!(
        condition(&mut app, SILAS).holding,
        Some(HARVEY),
        "still held"
    );
}

fn limits_fire_only(app: &App) -> bool {
    app.world()
        .resource::<Flow>()
        .turn
        .is_some_and(|turn| turn.limits.fire_only)
}

/// Hurting the held: a grapple roll (10 under 40), then 1D6 (4) with no damage bonus. Knocking
/// out: the 1D6 (5) weighed against Harvey's 13 hit points, 10% on the table (50 + 5 x -8), and
/// 90 loses: the 5 go in whole. A failed grapple roll (70) does nothing.
#[test]
fn the_holder_hurts_or_knocks_out_on_a_grapple_roll() {
    let mut app = silas_holds_harvey();
    let hurt = silas_does(
        &mut app,
        &[percentile(10).as_slice(), &[4]].concat(),
        ManeuverGoal::Injure,
    );
    assert_eq!(vitals(&mut app, HARVEY).hit_points, 13 - 4, "{hurt:?}");
    let mut app = silas_holds_harvey();
    let knocked = silas_does(
        &mut app,
        &[percentile(10).as_slice(), &[5], &percentile(90)].concat(),
        ManeuverGoal::KnockOut,
    );
    assert!(
        knocked.contains(&EventKind::KnockOutWeighed {
            unit: SILAS,
            target: HARVEY,
            damage: 5,
            hit_points: 13,
            odds: Resistance::Chance(10),
            knocked_out: false,
        }),
        "{knocked:?}"
    );
    assert_eq!(vitals(&mut app, HARVEY).hit_points, 13 - 5);
    let mut app = silas_holds_harvey();
    let missed = silas_does(&mut app, &percentile(70), ManeuverGoal::Injure);
    assert_eq!(vitals(&mut app, HARVEY).hit_points, 13, "{missed:?}");
    assert!(
        !missed
            .iter()
            .any(|event| matches!(event, EventKind::DamageRolled { .. }))
    );
}

/// A held unit breaks free on its STR against its holders' (Harvey's 11 against 16: 25%).
#[test]
fn a_held_unit_breaks_free_str_against_str() {
    let (mut app, _) = silas_grapples_harvey(60);
    send(&mut app, Command::EndTurn { unit: SILAS });
    until_the_whole_turn_of(&mut app, HARVEY);
    let free = after(
        &mut app,
        &percentile(20),
        Command::Maneuver {
            unit: HARVEY,
            target: SILAS,
            goal: ManeuverGoal::BreakHold,
        },
    );
    assert!(
        free.contains(&EventKind::StrengthPitted {
            unit: HARVEY,
            against: SILAS,
            contest: Contest::BreakFree,
            active: 11,
            passive: 16,
            odds: Resistance::Chance(25),
            won: true,
        }),
        "{free:?}"
    );
    assert_eq!(condition(&mut app, HARVEY).held_by, None);
    assert_eq!(condition(&mut app, SILAS).holding, None);
}

/// Mercy joins Silas's hold: Harvey's 11 against their 16 + 12 is more than ten behind, so he
/// cannot throw it off (nothing rolled); when Silas lets go, Mercy still holds him.
#[test]
fn grapplers_add_their_strength_and_a_hold_outlasts_one_of_them() {
    let (mut app, _) = silas_grapples_harvey(60);
    send(&mut app, Command::EndTurn { unit: SILAS });
    until_the_whole_turn_of(&mut app, MERCY);
    send(
        &mut app,
        Command::Maneuver {
            unit: MERCY,
            target: HARVEY,
            goal: ManeuverGoal::Hold,
        },
    );
    load(&mut app, &percentile(10));
    let joined = harvey_answers(&mut app, Answer::Nothing);
    assert!(
        joined.contains(&EventKind::StrengthPitted {
            unit: HARVEY,
            against: MERCY,
            contest: Contest::ThrowOff,
            active: 11,
            passive: 28,
            odds: Resistance::Sure(false),
            won: false,
        }),
        "{joined:?}"
    );
    send(&mut app, Command::EndTurn { unit: MERCY });
    until_the_whole_turn_of(&mut app, SILAS);
    send(&mut app, Command::Release { unit: SILAS });
    assert_eq!(condition(&mut app, HARVEY).held_by, Some(MERCY));
    assert_eq!(condition(&mut app, SILAS).holding, None);
}

/// Strangled, Harvey (CON 12) rolls to hold his breath as each round ends: CON x10 = 120, then
/// x9 = 108, x8 = 96, …; once a roll fails he chokes for 1D6 a round, armor no help.
#[test]
fn a_strangled_unit_holds_its_breath_at_a_falling_chance_then_chokes() {
    let mut app = silas_holds_harvey();
    let strangled = silas_does(&mut app, &[], ManeuverGoal::Strangle);
    assert!(strangled.contains(&EventKind::Gripped {
        unit: SILAS,
        target: HARVEY,
        grip: Grip::Strangle {
            rounds: 0,
            breathless: false
        },
    }));
    let mark = event_count(&app);
    let mut chances = Vec::new();
    for _ in 0..12 {
        send(&mut app, Command::EndTurn { unit: SILAS });
        if !vitals(&mut app, HARVEY).conscious() {
            break;
        }
        until_the_turn_of(&mut app, SILAS);
    }
    let events = events_from(&app, mark);
    let mut breathless = false;
    for (index, event) in events.iter().enumerate() {
        if let EventKind::Rolled { unit, roll } = event
            && roll.purpose == RollPurpose::Characteristic("CON to hold breath".to_string())
        {
            assert_eq!(*unit, HARVEY);
            assert!(!breathless, "no more breath rolls once it gave out");
            if let RollVerdict::Chance(verdict) = roll.verdict {
                chances.push(verdict.chance);
            }
            let failed = events.get(index + 1) == Some(&EventKind::BreathGone { unit: HARVEY });
            breathless = failed;
        }
    }
    assert_eq!(&chances[..3], &[120, 108, 96], "{chances:?}");
    assert!(breathless, "his breath gives out within twelve rounds");
    assert!(
        events
            .iter()
            .any(|event| matches!(event, EventKind::Damaged { unit: HARVEY, .. })),
        "choking hurts"
    );
}

/// What a holder does needs a hold on that opponent; a holder cannot grapple again; CoC has no
/// strangling; the Thing cannot be knocked out.
#[cfg(feature = "coc7e")]
#[test]
fn grapple_options_need_the_hold_and_the_rulebook() {
    let mut app = ambush();
    until_the_whole_turn_of(&mut app, SILAS);
    let unheld = refusal(
        &mut app,
        Command::Maneuver {
            unit: SILAS,
            target: HARVEY,
            goal: ManeuverGoal::Strangle,
        },
    );
    assert!(
        matches!(&unheld, Some(Rejection::PointlessManeuver(said)) if said.contains("only a unit holding")),
        "{unheld:?}"
    );
    let mut app = silas_holds_harvey();
    let again = refusal(
        &mut app,
        Command::Maneuver {
            unit: SILAS,
            target: HARVEY,
            goal: ManeuverGoal::Hold,
        },
    );
    assert!(
        matches!(&again, Some(Rejection::PointlessManeuver(said)) if said.contains("let go first")),
        "{again:?}"
    );
    let mut app = begun(scenario(&[
        fighter("Strangler", "a", (2, 2)),
        fighter("Victim", "b", (3, 2)),
    ]));
    let coc = refusal(
        &mut app,
        Command::Maneuver {
            unit: A,
            target: B,
            goal: ManeuverGoal::Strangle,
        },
    );
    assert!(
        matches!(&coc, Some(Rejection::PointlessManeuver(said)) if said.contains("no such maneuver")),
        "{coc:?}"
    );
    const THING: UnitId = UnitId(6);
    let mut app = begun(kingsport_with(&[(SILAS, (10, 8)), (THING, (11, 8))]));
    until_the_whole_turn_of(&mut app, SILAS);
    send(
        &mut app,
        Command::Maneuver {
            unit: SILAS,
            target: THING,
            goal: ManeuverGoal::Hold,
        },
    );
    // The Thing's STR 20 against Silas's 16: 70%; 90 fails and Silas holds it.
    load(&mut app, &[percentile(10), percentile(90)].concat());
    send(
        &mut app,
        Command::Answer {
            unit: THING,
            answer: Answer::Nothing,
        },
    );
    assert_eq!(condition(&mut app, SILAS).holding, Some(THING));
    send(&mut app, Command::EndTurn { unit: SILAS });
    until_the_whole_turn_of(&mut app, SILAS);
    let thing = refusal(
        &mut app,
        Command::Maneuver {
            unit: SILAS,
            target: THING,
            goal: ManeuverGoal::KnockOut,
        },
    );
    assert!(
        matches!(&thing, Some(Rejection::NoKnockOut(said)) if said.contains("cannot be knocked out")),
        "{thing:?}"
    );
}

/// The AI's Silas (Grapple 40 against Club 55, STR 16) seizes Harvey, who holds his revolver
/// beside him; and a held unit at every level tries to break free of its holder.
#[test]
fn the_ai_grapples_a_gunman_and_the_held_try_to_break_free() {
    let mut app = ambush();
    until_the_whole_turn_of(&mut app, SILAS);
    let silas = ai_turn(&mut app, SILAS);
    assert!(
        silas.contains(&Command::Maneuver {
            unit: SILAS,
            target: HARVEY,
            goal: ManeuverGoal::Hold,
        }),
        "{silas:?}"
    );
    let (mut app, _) = silas_grapples_harvey(60);
    send(&mut app, Command::EndTurn { unit: SILAS });
    until_the_whole_turn_of(&mut app, HARVEY);
    let harvey = ai_turn(&mut app, HARVEY);
    assert_eq!(
        harvey.first(),
        Some(&Command::Maneuver {
            unit: HARVEY,
            target: SILAS,
            goal: ManeuverGoal::BreakHold,
        }),
        "{harvey:?}"
    );
}

/// BRP's chances know no penalty dice: held, Harvey dodges Silas's club at his plain Dodge,
/// with no modifier on the roll (CoC would give the held a penalty die).
#[test]
fn a_held_units_rolls_carry_no_coc_penalty_dice() {
    let mut app = silas_holds_harvey();
    send(
        &mut app,
        Command::Attack {
            unit: SILAS,
            target: HARVEY,
            weapon: WeaponChoice::Carried(0),
        },
    );
    load(&mut app, &[percentile(10), percentile(90)].concat());
    let struck = harvey_answers(&mut app, Answer::Dodge);
    let dodge = struck.iter().find_map(|event| match event {
        EventKind::Rolled { unit: HARVEY, roll } => Some(roll.clone()),
        _ => None,
    });
    let dodge = dodge.expect("Harvey rolls his dodge");
    assert_eq!(dodge.purpose, RollPurpose::Skill("Dodge".to_string()));
    assert!(dodge.modifiers.is_empty(), "{:?}", dodge.modifiers);
}
