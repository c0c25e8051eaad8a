//! BRP classic's harm in the battle: hit points below zero and dying, First Aid, the shock of a
//! major wound, impales that stick, and the knock-out blow, with the Kingsport Warehouse's
//! people (`brp.rs`'s).

use super::brp::{
    HARVEY, MERCY, SILAS, ambush, attack, harvey_answers, kingsport_with, strikes_harvey,
    through_round, until_the_turn_of, until_the_whole_turn_of,
};
use super::*;
use gridkeeper::rules::dice::DieFace;
use gridkeeper::rules::opposed::Resistance;
use gridkeeper::rulesets::brp_classic::battle::events::BrpEvent;

/// Mercy's knife impales Harvey (a 3 against her 50: the weapon's dice twice, 12 in all), then
/// Silas's club (a 10, 1 + 1) takes the 1 hit point he had left and one more: the app as
/// Silas's turn goes on, with Harvey checked at 1 and then at 1 below zero.
pub(super) fn harvey_falls() -> App {
    let mut app = ambush();
    strikes_harvey(
        &mut app,
        MERCY,
        &[percentile(3).as_slice(), &[4, 4]].concat(),
    );
    let down = vitals(&mut app, HARVEY);
    assert_eq!((down.hit_points, down.vital), (1, Vital::Unconscious));
    until_the_turn_of(&mut app, SILAS);
    load(&mut app, &[percentile(10).as_slice(), &[1, 1]].concat());
    attack(&mut app, SILAS);
    let dying = vitals(&mut app, HARVEY);
    assert_eq!(
        (dying.hit_points, dying.below_zero, dying.vital),
        (0, 1, Vital::Dying)
    );
    app
}

/// Knocked out at 1 hit point, then dying at none: Harvey lives out this round and the next,
/// and dies as the next one ends.
#[test]
fn down_at_one_then_dying_until_the_end_of_the_next_round() {
    let mut app = harvey_falls();
    through_round(&mut app, 1);
    assert_eq!(app.world().resource::<Flow>().round, 2);
    assert_eq!(
        vitals(&mut app, HARVEY).vital,
        Vital::Dying,
        "he lives through round 1"
    );
    through_round(&mut app, 2);
    assert_eq!(
        vitals(&mut app, HARVEY).vital,
        Vital::Dead,
        "and dies as round 2 ends"
    );
}

/// The same fall, but in round 2 Ida comes over and her First Aid (a 10 against her 50) gives
/// 1D3 back (a 3), counted from 1 below zero: out of danger, though at 2 hit points still
/// unconscious; round 2 ends and he lives.
#[test]
fn first_aid_gives_one_d3_and_saves_the_dying() {
    const IDA: UnitId = UnitId(1);
    let mut app = harvey_falls();
    through_round(&mut app, 1);
    until_the_whole_turn_of(&mut app, IDA);
    send(
        &mut app,
        Command::Move {
            unit: IDA,
            to: Tile::new(9, 7),
        },
    );
    load(&mut app, &[percentile(10).as_slice(), &[3]].concat());
    let aid = after(
        &mut app,
        &[],
        Command::FirstAid {
            unit: IDA,
            patient: HARVEY,
        },
    );
    assert!(
        aid.contains(&EventKind::Healed {
            unit: HARVEY,
            by: IDA,
            amount: 3
        }),
        "{aid:?}"
    );
    let saved = vitals(&mut app, HARVEY);
    assert_eq!((saved.hit_points, saved.vital), (2, Vital::Unconscious));
    through_round(&mut app, 2);
    assert_eq!(
        vitals(&mut app, HARVEY).vital,
        Vital::Unconscious,
        "alive after round 2"
    );
}

/// Silas's club (a 10 against his 55; 5 + 2 damage) takes 7 of Harvey's 13 hit points, half
/// or more: a shock. Harvey fails his CON x 5 (a 95 against 60) and is out cold for 2D6 rounds
/// (1 + 2 = 3): out through round 4, and he comes to, still prone, as it ends.
#[test]
fn a_failed_shock_roll_knocks_out_for_two_d6_rounds() {
    let mut app = ambush();
    let struck = strikes_harvey(
        &mut app,
        SILAS,
        &[
            percentile(10).as_slice(),
            &[5, 2],
            percentile(95).as_slice(),
            &[1, 2],
        ]
        .concat(),
    );
    assert!(
        struck.contains(&EventKind::from(BrpEvent::KnockedOut {
            unit: HARVEY,
            dice: vec![DieFace { sides: 6, face: 1 }, DieFace { sides: 6, face: 2 }],
            until_round: 4,
        })),
        "{struck:?}"
    );
    let out = vitals(&mut app, HARVEY);
    assert_eq!((out.hit_points, out.vital), (6, Vital::Unconscious));
    through_round(&mut app, 3);
    assert_eq!(vitals(&mut app, HARVEY).vital, Vital::Unconscious);
    through_round(&mut app, 4);
    assert_eq!(vitals(&mut app, HARVEY).vital, Vital::Conscious);
    assert!(
        condition(&mut app, HARVEY).prone,
        "he comes to on the floor"
    );
}

/// First Aid once a wound: Ida tends the cut Mercy gave Harvey (her 10 against First Aid 50:
/// 1D3, a 1), then Silas's club lands a fresh wound, and she may tend that one too; a third try
/// on the same wound is refused.
#[test]
fn first_aid_once_a_wound() {
    const IDA: UnitId = UnitId(1);
    let mut app = begun(kingsport_with(&[
        (HARVEY, (10, 8)),
        (IDA, (10, 9)),
        (MERCY, (11, 8)),
        (SILAS, (9, 8)),
    ]));
    let tend = |app: &mut App| {
        after(
            app,
            &[],
            Command::FirstAid {
                unit: IDA,
                patient: HARVEY,
            },
        )
    };
    strikes_harvey(&mut app, MERCY, &[percentile(10).as_slice(), &[2]].concat());
    until_the_whole_turn_of(&mut app, IDA);
    load(&mut app, &[percentile(10).as_slice(), &[1]].concat());
    let first = tend(&mut app);
    assert!(rejected(&first).is_none(), "{first:?}");
    strikes_harvey(
        &mut app,
        SILAS,
        &[percentile(10).as_slice(), &[1, 1]].concat(),
    );
    through_round(&mut app, 1);
    until_the_whole_turn_of(&mut app, IDA);
    let second = tend(&mut app);
    assert!(rejected(&second).is_none(), "a fresh wound: {second:?}");
    through_round(&mut app, 2);
    until_the_whole_turn_of(&mut app, IDA);
    let third = tend(&mut app);
    assert!(
        matches!(rejected(&third), Some(Rejection::NothingToTreat(_))),
        "{third:?}"
    );
}

/// Mercy's knife impales Harvey (a 3 against her 50) and sticks in him: she has bare hands,
/// cannot work it free the same round, and works it free in the next (a 10 against her Knife
/// 50), knife in hand again.
#[test]
fn an_impaling_knife_sticks_until_worked_free() {
    let mut app = ambush();
    let struck = strikes_harvey(
        &mut app,
        MERCY,
        &[percentile(3).as_slice(), &[4, 4]].concat(),
    );
    assert!(
        struck.contains(&EventKind::WeaponStuck {
            unit: MERCY,
            weapon: "Knife, medium".to_string(),
            target: HARVEY,
        }),
        "{struck:?}"
    );
    let in_hand = |app: &mut App| {
        let mut query = app.world_mut().query::<(&UnitId, &Arsenal)>();
        query
            .iter(app.world())
            .find(|(id, _)| **id == MERCY)
            .map(|(_, arsenal)| arsenal.in_hand)
    };
    assert_eq!(in_hand(&mut app), Some(WeaponChoice::Unarmed));
    let pull = Command::Ready {
        unit: MERCY,
        weapon: WeaponChoice::Carried(0),
    };
    let too_soon = after(&mut app, &[], pull.clone());
    assert!(
        matches!(rejected(&too_soon), Some(Rejection::NotNow(_))),
        "{too_soon:?}"
    );
    through_round(&mut app, 1);
    until_the_whole_turn_of(&mut app, MERCY);
    let freed = after(&mut app, &percentile(10), pull);
    assert!(
        freed.contains(&EventKind::WeaponFreed {
            unit: MERCY,
            weapon: "Knife, medium".to_string(),
            made_it: true,
        }),
        "{freed:?}"
    );
    assert_eq!(in_hand(&mut app), Some(WeaponChoice::Carried(0)));
}

/// Silas swings his club at Harvey (13 hit points) to knock him out, and Harvey takes it. The
/// club and his damage bonus come to 12: 45% on the resistance table, and his 40 wins: Harvey
/// loses 4 and is out cold for 2D6 rounds. At 3 damage, ten behind, there is nothing to roll:
/// the blow goes in whole.
#[test]
fn a_knock_out_blow_weighs_its_damage_against_hit_points() {
    let swing = |faces: &[u32]| {
        let mut app = ambush();
        until_the_whole_turn_of(&mut app, SILAS);
        send(
            &mut app,
            Command::KnockOut {
                unit: SILAS,
                target: HARVEY,
                weapon: WeaponChoice::Carried(0),
            },
        );
        load(&mut app, faces);
        let struck = harvey_answers(&mut app, Answer::Nothing);
        (struck, vitals(&mut app, HARVEY))
    };
    let faces = [percentile(10).as_slice(), &[8, 4], &percentile(40), &[3, 4]].concat();
    let (struck, harvey) = swing(&faces);
    assert!(
        struck.contains(&EventKind::KnockOutWeighed {
            unit: SILAS,
            target: HARVEY,
            damage: 12,
            hit_points: 13,
            odds: Resistance::Chance(45),
            knocked_out: true,
        }),
        "{struck:?}"
    );
    assert_eq!((harvey.hit_points, harvey.vital), (9, Vital::Unconscious));
    let round = |events: &[EventKind]| {
        events.iter().find_map(|event| match event.own() {
            Some(BrpEvent::KnockedOut { until_round, .. }) => Some(*until_round),
            _ => None,
        })
    };
    assert_eq!(round(&struck), Some(1 + 7), "out cold for 3 + 4 rounds");
    let faces = [percentile(10).as_slice(), &[2, 1]].concat();
    let (struck, harvey) = swing(&faces);
    assert!(
        struck.contains(&EventKind::KnockOutWeighed {
            unit: SILAS,
            target: HARVEY,
            damage: 3,
            hit_points: 13,
            odds: Resistance::Sure(false),
            knocked_out: false,
        }),
        "{struck:?}"
    );
    let rolled = struck
        .iter()
        .filter(|event| matches!(event, EventKind::Rolled { .. }))
        .count();
    assert_eq!(rolled, 1, "the attack roll, and no resistance roll");
    assert_eq!((harvey.hit_points, harvey.vital), (10, Vital::Conscious));
}

/// Only bare hands or a blunt weapon knock out, and not the Thing in the Hold.
#[test]
fn a_knock_out_blow_needs_a_blunt_weapon_and_a_target_that_can_be_knocked_out() {
    const THING: UnitId = UnitId(6);
    let mut app = begun(kingsport_with(&[
        (HARVEY, (10, 8)),
        (MERCY, (11, 8)),
        (THING, (9, 8)),
    ]));
    until_the_whole_turn_of(&mut app, MERCY);
    let knife = refusal(
        &mut app,
        Command::KnockOut {
            unit: MERCY,
            target: HARVEY,
            weapon: WeaponChoice::Carried(0),
        },
    );
    assert!(
        matches!(&knife, Some(Rejection::NoKnockOut(said)) if said.contains("Knife, medium")),
        "{knife:?}"
    );
    let mut app = begun(kingsport_with(&[(HARVEY, (10, 8)), (THING, (11, 8))]));
    until_the_whole_turn_of(&mut app, HARVEY);
    let thing = refusal(
        &mut app,
        Command::KnockOut {
            unit: HARVEY,
            target: THING,
            weapon: WeaponChoice::Unarmed,
        },
    );
    assert!(
        matches!(&thing, Some(Rejection::NoKnockOut(said)) if said.contains("cannot be knocked out")),
        "{thing:?}"
    );
}

/// Hit points go below zero: Harvey, down to 4, takes Silas's 12 and is 8 below zero, dying.
/// Ida's First Aid gives back 3, counted from there: 5 below, still dying.
#[test]
fn hit_points_go_below_zero_and_healing_counts_from_there() {
    const IDA: UnitId = UnitId(1);
    let mut app = begun(kingsport_with(&[
        (HARVEY, (10, 8)),
        (IDA, (10, 9)),
        (SILAS, (9, 8)),
    ]));
    set_vitals(&mut app, HARVEY, |vitals| vitals.hit_points = 4);
    let struck = strikes_harvey(
        &mut app,
        SILAS,
        &[percentile(10).as_slice(), &[8, 4]].concat(),
    );
    assert!(
        struck.contains(&EventKind::BelowZero {
            unit: HARVEY,
            hit_points: 8
        }),
        "{struck:?}"
    );
    let harvey = vitals(&mut app, HARVEY);
    assert_eq!(
        (harvey.hit_points, harvey.below_zero, harvey.vital),
        (0, 8, Vital::Dying)
    );
    until_the_whole_turn_of(&mut app, IDA);
    let tended = after(
        &mut app,
        &[percentile(10).as_slice(), &[3]].concat(),
        Command::FirstAid {
            unit: IDA,
            patient: HARVEY,
        },
    );
    assert!(tended.contains(&EventKind::Healed {
        unit: HARVEY,
        by: IDA,
        amount: 3
    }));
    let harvey = vitals(&mut app, HARVEY);
    assert_eq!(
        (harvey.hit_points, harvey.below_zero, harvey.vital),
        (0, 5, Vital::Dying),
        "still dying"
    );
}
