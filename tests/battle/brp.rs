//! BRP classic in the battle: the round's two DEX cycles and the answers its rulebook allows a
//! defender (a parry once a round; a dodge once, only before the defender has acted, which then
//! loses its attack; against gunfire only the first bullet), with the Kingsport Warehouse's
//! people, every one played by a person.

use gridkeeper::battle::answer::answer_odds;
use gridkeeper::battle::command::FireMode;
use gridkeeper::rules::dice::DieFace;
use gridkeeper::rules::opposed::Resistance;
use gridkeeper::rules::roll::RollVerdict;
use gridkeeper::rules::round::{TurnKind, TurnLimits};
use gridkeeper::rules::situation::ShotDefence;

use super::*;
use gridkeeper::battle::own_state::own_of;
use gridkeeper::rulesets::brp_classic::battle::condition::BrpCondition;
use gridkeeper::rulesets::brp_classic::battle::events::BrpEvent;
use gridkeeper::rulesets::brp_classic::battle::parry::BrpCommand;

pub(super) const HARVEY: UnitId = UnitId(0);
const EZRA: UnitId = UnitId(3);
pub(super) const MERCY: UnitId = UnitId(4);
pub(super) const SILAS: UnitId = UnitId(5);

/// The Kingsport Warehouse with these units moved to these tiles, every unit played by a person.
pub(super) fn kingsport_with(places: &[(UnitId, (u32, u32))]) -> Scenario {
    let mut scenario = specs_sample("kingsport.ron", None);
    for (unit, (x, y)) in places {
        scenario.units[unit.index()].start = Tile::new(*x, *y);
    }
    for unit in &mut scenario.units {
        unit.control = Control::Person;
    }
    scenario
}

/// Harvey in the open with Mercy and Silas on either side and Ezra above him.
pub(super) fn ambush() -> App {
    begun(kingsport_with(&[
        (HARVEY, (10, 8)),
        (MERCY, (11, 8)),
        (SILAS, (9, 8)),
        (EZRA, (10, 7)),
    ]))
}

/// End turns until `unit` is the one acting, past every declaration slot (no one named to
/// parry, unless `name_parries` did).
pub(super) fn until_the_turn_of(app: &mut App, unit: UnitId) {
    name_parries(app, &[]);
    while let Some(acting) = acting(app).filter(|acting| *acting != unit) {
        send(app, Command::EndTurn { unit: acting });
        name_parries(app, &[]);
    }
}

/// Through the declaration slots now due: each unit names the opponent `named` gives it, or no
/// one.
fn name_parries(app: &mut App, named: &[(UnitId, UnitId)]) {
    while let Some(unit) = acting(app).filter(|_| limits(app).kind == TurnKind::Declare) {
        let against = named
            .iter()
            .find(|(parrier, _)| *parrier == unit)
            .map(|(_, foe)| *foe);
        send(app, BrpCommand::DeclareParry { unit, against }.into());
    }
}

/// What the turn now allows.
fn limits(app: &App) -> TurnLimits {
    app.world()
        .resource::<Flow>()
        .turn
        .map(|turn| turn.limits)
        .unwrap_or_default()
}

/// End turns until `unit` has a whole turn (move, then act), past its slots kept for a shot.
pub(super) fn until_the_whole_turn_of(app: &mut App, unit: UnitId) {
    until_the_turn_of(app, unit);
    while limits(app).fire_only {
        send(app, Command::EndTurn { unit });
        until_the_turn_of(app, unit);
    }
}

/// Harvey fires once at Ezra, who takes it.
fn harvey_shoots_ezra(app: &mut App) {
    shoot(app, HARVEY, EZRA);
    send(
        app,
        Command::Answer {
            unit: EZRA,
            answer: Answer::Nothing,
        },
    );
}

/// `unit` fires its gun (its first weapon) once at `target`.
fn shoot(app: &mut App, unit: UnitId, target: UnitId) {
    send(
        app,
        Command::Fire {
            unit,
            weapon: WeaponChoice::Carried(0),
            mode: FireMode::single(target),
        },
    );
}

/// Whether Harvey may dodge and parry the blow waiting for his answer.
fn harvey_may(app: &mut App) -> (bool, bool) {
    match answer_odds(app.world_mut()) {
        Some(AnswerOdds::Exchange {
            dodge, fight_back, ..
        }) => (dodge.is_some(), fight_back.is_some()),
        other => panic!("a blow waits for Harvey's answer, not {other:?}"),
    }
}

/// Harvey answers the blow waiting for him; what came of it.
pub(super) fn harvey_answers(app: &mut App, answer: Answer) -> Vec<EventKind> {
    after(
        app,
        &[],
        Command::Answer {
            unit: HARVEY,
            answer,
        },
    )
}

/// Whether the answer was refused as no longer left to him, for this reason.
fn refused_for(events: &[EventKind], reason: &str) -> bool {
    matches!(rejected(events), Some(Rejection::InvalidAnswer(said)) if said.contains(reason))
}

/// On its next turn `unit` comes at Harvey with its first weapon, the dice loaded with `faces`,
/// and he takes it: what came of it.
fn strikes_harvey(app: &mut App, unit: UnitId, faces: &[u32]) -> Vec<EventKind> {
    until_the_turn_of(app, unit);
    attack(app, unit);
    load(app, faces);
    harvey_answers(app, Answer::Nothing)
}

fn attack(app: &mut App, unit: UnitId) {
    let weapon = WeaponChoice::Carried(0);
    send(
        app,
        Command::Attack {
            unit,
            target: HARVEY,
            weapon,
        },
    );
}

/// Harvey names Mercy as the one to parry this round. Once he has fired his readied revolver in
/// cycle 1 he has no dodge left, only his parry: Mercy's knife he parries; Silas's club he can
/// only take, as he did not name Silas.
#[test]
fn a_parry_once_a_round_and_no_dodge_after_ones_turn() {
    let mut app = ambush();
    // A declaration slot takes the parry named (or a pass) and nothing else, in BRP's words.
    let unit = acting(&app).expect("a declaration slot opens the round");
    let to = Tile::new(2, 10);
    assert_eq!(
        refusal(&mut app, Command::Move { unit, to }),
        Some(Rejection::NotNow(
            "name whom to parry this round, or no one".to_string()
        ))
    );
    name_parries(&mut app, &[(HARVEY, MERCY)]);
    assert_eq!(
        own_of::<BrpCondition>(app.world(), HARVEY).parry_against,
        Some(MERCY)
    );
    until_the_turn_of(&mut app, HARVEY);
    let (unit, against) = (HARVEY, Some(SILAS));
    assert_eq!(
        refusal(&mut app, BrpCommand::DeclareParry { unit, against }.into()),
        Some(Rejection::NotNow(
            "a parry is named at the start of the round".to_string()
        ))
    );
    assert_eq!(limits(&app).kind, TurnKind::ReadiedShot);
    harvey_shoots_ezra(&mut app);
    send(&mut app, Command::EndTurn { unit: HARVEY });
    until_the_turn_of(&mut app, MERCY);
    attack(&mut app, MERCY);
    assert_eq!(harvey_may(&mut app), (false, true));
    let dodge = harvey_answers(&mut app, Answer::Dodge);
    assert!(refused_for(&dodge, "no dodge"), "{dodge:?}");
    let parry = harvey_answers(&mut app, Answer::FightBack);
    assert!(parry.contains(&EventKind::Answered {
        unit: HARVEY,
        answer: Answer::FightBack
    }));
    let scenario = specs_sample("kingsport.ron", None);
    let said: Vec<String> = app
        .world()
        .resource::<EventLog>()
        .0
        .iter()
        .map(|event| gridkeeper::log::describe(event, &scenario))
        .collect();
    assert!(
        said.contains(&"Harvey Walters parries".to_string()),
        "{said:#?}"
    );
    assert!(said.contains(&"Harvey Walters must answer Mercy: dodge or parry".to_string()));
    until_the_turn_of(&mut app, SILAS);
    attack(&mut app, SILAS);
    assert_eq!(harvey_may(&mut app), (false, false));
    let parry = harvey_answers(&mut app, Answer::FightBack);
    assert!(
        refused_for(&parry, "did not name Silas as the one to parry"),
        "{parry:?}"
    );
    let taken = harvey_answers(&mut app, Answer::Nothing);
    assert!(rejected(&taken).is_none(), "{taken:?}");
}

/// Harvey passes his readied shot; in cycle 2 Ezra (DEX 15, before Harvey's 14) comes at him
/// with his fists, and Harvey, who has not acted, may dodge, once; dodging costs him his attack
/// this round: his turn comes with the action lost.
#[test]
fn a_dodge_before_ones_turn_costs_the_attack() {
    let mut app = ambush();
    name_parries(&mut app, &[(HARVEY, EZRA)]);
    assert_eq!(acting(&app), Some(EZRA), "Ezra (DEX 15) goes first");
    assert_eq!(limits(&app).kind, TurnKind::ReadiedShot, "with his gun");
    until_the_whole_turn_of(&mut app, EZRA);
    send(
        &mut app,
        Command::Attack {
            unit: EZRA,
            target: HARVEY,
            weapon: WeaponChoice::Unarmed,
        },
    );
    assert_eq!(harvey_may(&mut app), (true, true));
    let dodged = harvey_answers(&mut app, Answer::Dodge);
    assert!(rejected(&dodged).is_none(), "{dodged:?}");
    assert_eq!(condition(&mut app, HARVEY).dodges_this_round, 1);
    let turn = after(&mut app, &[], Command::EndTurn { unit: EZRA });
    assert!(turn.contains(&EventKind::TurnBegan { unit: HARVEY }));
    assert!(
        turn.contains(&EventKind::ActionForfeited { unit: HARVEY }),
        "{turn:?}"
    );
}

/// Against gunfire a dodge meets only the first bullet of the round: Ezra's readied shot in
/// cycle 1 (a 10 against his 40) Harvey dodges (a 5 against his 28), and the hit is taken
/// away; Harvey's own readied shot then goes by (the dodge cost it), and when Ezra's second shot
/// comes in cycle 2 Harvey is not asked.
#[test]
fn a_dodge_meets_only_the_first_bullet_and_costs_the_readied_shot() {
    let mut app = ambush();
    name_parries(&mut app, &[]);
    shoot(&mut app, EZRA, HARVEY);
    assert!(matches!(
        answer_odds(app.world_mut()),
        Some(AnswerOdds::Shots {
            answer: ShotDefence::DodgeFirstBullet,
            ..
        })
    ));
    load(&mut app, &[percentile(5), percentile(10)].concat());
    let dodged = harvey_answers(&mut app, Answer::Dodge);
    assert!(
        dodged.contains(&EventKind::DodgedFire {
            unit: HARVEY,
            made_it: true
        }),
        "{dodged:?}"
    );
    assert!(dodged.contains(&EventKind::BulletDodged {
        unit: EZRA,
        target: HARVEY
    }));
    assert!(
        !dodged
            .iter()
            .any(|event| matches!(event, EventKind::ShotHit { .. }))
    );
    assert_eq!(vitals(&mut app, HARVEY).hit_points, 13);
    send(&mut app, Command::EndTurn { unit: EZRA });
    assert_ne!(acting(&app), Some(HARVEY), "his readied shot went by");
    until_the_turn_of(&mut app, EZRA);
    assert_eq!(
        limits(&app),
        TurnLimits {
            kind: TurnKind::Whole,
            fire_only: true,
            shots: Some(1),
            moves_after_acting: false,
            chambers: false,
        },
        "a second shot, and no moving after the first"
    );
    let second = after(
        &mut app,
        &[],
        Command::Fire {
            unit: EZRA,
            weapon: WeaponChoice::Carried(0),
            mode: FireMode::single(HARVEY),
        },
    );
    assert!(
        !second
            .iter()
            .any(|event| matches!(event, EventKind::DefenceAsked { unit: HARVEY, .. })),
        "{second:?}"
    );
}

/// Mercy's knife impales Harvey (a 3 against her 50: the weapon's dice twice, 12 in all), then
/// Silas's club (a 10, 1 + 1) takes the 1 hit point he had left and one more: the app as
/// Silas's turn goes on, with Harvey checked at 1 and then at 1 below zero.
fn harvey_falls() -> App {
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

/// End every turn until `round` is over.
fn through_round(app: &mut App, round: u32) {
    while let Some(acting) = acting(app) {
        if app.world().resource::<Flow>().round > round {
            break;
        }
        send(app, Command::EndTurn { unit: acting });
    }
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

/// Ida's shotgun at point-blank on the Thing (a 10; four sixes, 24): its hide's 2 points come
/// off the roll once, as BRP has it, not off each die as CoC's pellets do (22 taken, not 16).
#[test]
fn armor_comes_off_a_shotgun_hit_once() {
    const IDA: UnitId = UnitId(1);
    const THING: UnitId = UnitId(6);
    let mut app = begun(kingsport_with(&[(IDA, (10, 8)), (THING, (11, 8))]));
    until_the_turn_of(&mut app, IDA);
    shoot(&mut app, IDA, THING);
    load(
        &mut app,
        &[percentile(10).as_slice(), &[6, 6, 6, 6]].concat(),
    );
    let shot = after(
        &mut app,
        &[],
        Command::Answer {
            unit: THING,
            answer: Answer::Nothing,
        },
    );
    let damaged = shot.iter().find_map(|event| match event {
        EventKind::Damaged {
            unit,
            rolled,
            armor,
            taken,
            ..
        } if *unit == THING => Some((*rolled, *armor, *taken)),
        _ => None,
    });
    assert_eq!(damaged, Some((24, 2, 22)), "{shot:?}");
}

/// No movement after acting in the round: Harvey passes his readied shot, fires in cycle 2,
/// and may not then step away.
#[test]
fn no_moving_after_acting_in_the_round() {
    let mut app = ambush();
    until_the_whole_turn_of(&mut app, HARVEY);
    harvey_shoots_ezra(&mut app);
    let step = after(
        &mut app,
        &[],
        Command::Move {
            unit: HARVEY,
            to: Tile::new(10, 9),
        },
    );
    assert!(
        matches!(rejected(&step), Some(Rejection::NotNow(why)) if why.contains("after acting")),
        "{step:?}"
    );
}

/// BRP's dynamite loses a die every 2 yards out: Ezra's stick lands on Harvey's tile (a 10
/// against his Throw 45) and Harvey takes 5D6; Ida, 2.24 yards off, and Tommy, 4 yards off,
/// 4D6 each; Silas, 11 yards off, nothing.
#[test]
fn a_blast_loses_a_die_every_two_yards() {
    const IDA: UnitId = UnitId(1);
    const TOMMY: UnitId = UnitId(2);
    let mut scenario = kingsport_with(&[
        (EZRA, (10, 4)),
        (HARVEY, (10, 8)),
        (IDA, (11, 10)),
        (TOMMY, (10, 12)),
        (SILAS, (21, 8)),
    ]);
    let dynamite = scenario
        .ruleset
        .weapons()
        .find("Dynamite Stick")
        .expect("BRP's weapon table has dynamite")
        .clone();
    scenario.units[EZRA.index()]
        .weapons
        .push(gridkeeper::map::scenario::CarriedWeapon {
            weapon: dynamite,
            loaded: 1,
            spare: 1,
            mounted: false,
        });
    let mut app = begun(scenario);
    until_the_whole_turn_of(&mut app, EZRA);
    send(
        &mut app,
        Command::Ready {
            unit: EZRA,
            weapon: WeaponChoice::Carried(1),
        },
    );
    load(&mut app, &[percentile(10).as_slice(), &[1; 13]].concat());
    let blast = after(
        &mut app,
        &[],
        Command::Blast {
            unit: EZRA,
            weapon: WeaponChoice::Carried(1),
            at: Tile::new(10, 8),
        },
    );
    let dice_on = |target: UnitId| {
        blast.iter().find_map(|event| match event {
            EventKind::DamageRolled {
                target: hit, roll, ..
            } if *hit == target => Some(roll.dice().count()),
            _ => None,
        })
    };
    assert_eq!(dice_on(HARVEY), Some(5), "{blast:?}");
    assert_eq!(dice_on(IDA), Some(4));
    assert_eq!(dice_on(TOMMY), Some(4));
    assert_eq!(dice_on(SILAS), None);
    let scenario = specs_sample("kingsport.ron", None);
    let burst = blast
        .iter()
        .find(|event| matches!(event, EventKind::Exploded { .. }))
        .map(|kind| {
            gridkeeper::log::describe(
                &gridkeeper::battle::event::Event {
                    round: 1,
                    kind: kind.clone(),
                },
                &scenario,
            )
        });
    assert_eq!(
        burst.as_deref(),
        Some("The Dynamite Stick bursts at (10, 8) (a die fewer every 2 yards)"),
        "the log reads BRP's step, not a radius"
    );
}

/// Tommy's Martial Arts 25: a punch rolled under it (a 20 against his Fist/Punch 60) rolls the
/// fist's 1D3 twice and his +1D4 once (2 + 3 + 3 = 8); one rolled at 30 hits plainly (1D3 + 1D4).
#[test]
fn martial_arts_roll_a_fists_dice_twice() {
    const TOMMY: UnitId = UnitId(2);
    let cases = [
        (20, vec![2, 3, 3], DamageQuality::MartialArts, 3, 8),
        (30, vec![2, 3], DamageQuality::Normal, 2, 5),
    ];
    for (attack, faces, quality, dice, total) in cases {
        let mut app = begun(kingsport_with(&[(TOMMY, (10, 8)), (MERCY, (11, 8))]));
        until_the_whole_turn_of(&mut app, TOMMY);
        send(
            &mut app,
            Command::Attack {
                unit: TOMMY,
                target: MERCY,
                weapon: WeaponChoice::Unarmed,
            },
        );
        load(&mut app, &[percentile(attack).as_slice(), &faces].concat());
        let struck = after(
            &mut app,
            &[],
            Command::Answer {
                unit: MERCY,
                answer: Answer::Nothing,
            },
        );
        let rolled = struck.iter().find_map(|event| match event {
            EventKind::DamageRolled { roll, .. } => {
                Some((roll.quality, roll.dice().count(), roll.total))
            }
            _ => None,
        });
        assert_eq!(rolled, Some((quality, dice, total)), "{struck:?}");
    }
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

/// Ida fires both barrels at Mercy beside her in her readied slot: one roll (her 10 against
/// Shotgun 50, doubled point-blank), and on the hit a 4D6 for each barrel; both shells are
/// spent, and the gun has no shot left this round.
#[test]
fn both_barrels_at_once_are_one_roll_and_two_damage_rolls() {
    const IDA: UnitId = UnitId(1);
    let mut app = begun(kingsport_with(&[(IDA, (10, 8)), (MERCY, (11, 8))]));
    until_the_turn_of(&mut app, IDA);
    assert_eq!(limits(&app).kind, TurnKind::ReadiedShot);
    send(
        &mut app,
        Command::Fire {
            unit: IDA,
            weapon: WeaponChoice::Carried(0),
            mode: FireMode::BothBarrels(MERCY),
        },
    );
    let faces = [percentile(10).as_slice(), &[1, 2, 3, 4], &[2, 2, 2, 1]].concat();
    let fired = after(
        &mut app,
        &faces,
        Command::Answer {
            unit: MERCY,
            answer: Answer::Nothing,
        },
    );
    let rolled = fired
        .iter()
        .filter(|event| matches!(event, EventKind::Rolled { .. }))
        .count();
    assert_eq!(rolled, 1, "one attack roll: {fired:?}");
    assert!(fired.contains(&EventKind::ShotHit {
        unit: IDA,
        target: MERCY,
        hits: 2,
        extreme: 0,
    }));
    let damage: Vec<u32> = fired
        .iter()
        .filter_map(|event| match event {
            EventKind::DamageRolled { roll, .. } => Some(roll.total),
            _ => None,
        })
        .collect();
    assert_eq!(damage, vec![10, 7], "a 4D6 for each barrel");
    assert_eq!(loaded(&mut app, IDA, 0), Some(0), "both shells spent");
}

/// Harvey aims at Mercy 20 yards off on his turn at DEX 14 (the aim is the turn's act), and the
/// aimed shot comes at DEX 7, in his half-DEX slot: aiming doubles the .38's base range to 30
/// yards, so no halving for extended range. Without the aim that slot has nothing for him.
#[test]
fn an_aimed_shot_goes_at_half_dex_with_its_ranges_doubled() {
    let mut app = begun(kingsport_with(&[(HARVEY, (2, 8)), (MERCY, (22, 8))]));
    until_the_whole_turn_of(&mut app, HARVEY);
    let aimed = after(
        &mut app,
        &[],
        Command::Aim {
            unit: HARVEY,
            target: MERCY,
        },
    );
    assert!(rejected(&aimed).is_none(), "{aimed:?}");
    send(&mut app, Command::EndTurn { unit: HARVEY });
    until_the_turn_of(&mut app, HARVEY);
    assert_eq!(
        limits(&app).kind,
        TurnKind::FurtherShot,
        "his half-DEX slot"
    );
    shoot(&mut app, HARVEY, MERCY);
    let fired = after(
        &mut app,
        &percentile(20),
        Command::Answer {
            unit: MERCY,
            answer: Answer::Nothing,
        },
    );
    let modifiers = fired.iter().find_map(|event| match event {
        EventKind::Rolled { unit: HARVEY, roll } => Some(roll.modifiers.clone()),
        _ => None,
    });
    assert_eq!(modifiers, Some(Vec::new()), "no halving: {fired:?}");

    let mut app = begun(kingsport_with(&[(HARVEY, (2, 8)), (MERCY, (22, 8))]));
    until_the_whole_turn_of(&mut app, HARVEY);
    send(&mut app, Command::EndTurn { unit: HARVEY });
    while let Some(unit) = acting(&app) {
        assert!(
            unit != HARVEY || limits(&app).kind != TurnKind::FurtherShot,
            "no half-DEX slot without a shot or an aim at DEX"
        );
        if app.world().resource::<Flow>().round > 1 {
            break;
        }
        send(&mut app, Command::EndTurn { unit });
    }
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

/// Harvey empties his revolver unaimed in his readied slot: twice his 3 shots, 6 rolls each at
/// a fifth of the chance (55 doubled point-blank, then a fifth: 22); that is his round's
/// shooting. At Mercy and Silas both, a die draws the target of each shot.
#[test]
fn unaimed_fire_is_twice_the_shots_at_a_fifth() {
    let unaimed = |at: Vec<UnitId>, faces: &[u32]| {
        let mut app = ambush();
        until_the_turn_of(&mut app, HARVEY);
        assert_eq!(limits(&app).kind, TurnKind::ReadiedShot);
        send(
            &mut app,
            Command::Fire {
                unit: HARVEY,
                weapon: WeaponChoice::Carried(0),
                mode: FireMode::Unaimed { shots: 6, at },
            },
        );
        load(&mut app, faces);
        let mut fired = Vec::new();
        while let Some(target) = app
            .world()
            .resource::<Flow>()
            .pending()
            .map(|pending| pending.target)
        {
            fired.extend(after(
                &mut app,
                &[],
                Command::Answer {
                    unit: target,
                    answer: Answer::Nothing,
                },
            ));
        }
        fired
    };
    let misses: Vec<u32> = (0..6).flat_map(|_| percentile(90)).collect();
    let fired = unaimed(vec![MERCY], &misses);
    let chances: Vec<u32> = fired
        .iter()
        .filter_map(|event| match event {
            EventKind::Rolled { unit: HARVEY, roll } => match roll.verdict {
                RollVerdict::Chance(verdict) => Some(verdict.chance),
                RollVerdict::Levels(_) | RollVerdict::Pool(_) | RollVerdict::Classes(_) => None,
            },
            _ => None,
        })
        .collect();
    assert_eq!(chances, vec![22; 6], "{fired:?}");
    let drawn: Vec<u32> = (0..6).flat_map(|shot| [1 + shot % 2, 9, 10]).collect();
    let fired = unaimed(vec![MERCY, SILAS], &drawn);
    let targets: Vec<UnitId> = fired
        .iter()
        .filter_map(|event| match event {
            EventKind::TargetDrawn { target, .. } => Some(*target),
            _ => None,
        })
        .collect();
    assert_eq!(targets, [MERCY, SILAS].repeat(3), "{fired:?}");
}

/// CoC has neither BRP's both barrels at once (a double-barrel fires two shots) nor its
/// unaimed fire: each mode is refused, and says why.
#[cfg(feature = "coc7e")]
#[test]
fn coc_fires_neither_both_barrels_at_once_nor_unaimed() {
    let cases = [
        (
            "12-gauge Shotgun (2B)",
            FireMode::BothBarrels(B),
            "both barrels",
        ),
        (
            ".38 or 9mm Revolver",
            FireMode::Unaimed {
                shots: 2,
                at: vec![B],
            },
            "unaimed",
        ),
    ];
    for (weapon, mode, said) in cases {
        let mut shooter = fighter("Shooter", "a", (2, 2));
        shooter.weapons = vec![weapon];
        let mut app = begun(scenario(&[shooter, fighter("Other", "b", (5, 2))]));
        let refused = refusal(
            &mut app,
            Command::Fire {
                unit: A,
                weapon: WeaponChoice::Carried(0),
                mode,
            },
        );
        assert!(
            matches!(&refused, Some(Rejection::WrongWeapon(why)) if why.contains(said)),
            "{refused:?}"
        );
    }
}

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

/// `unit`'s commands once the AI (careful) takes it over now, everyone else at this keyboard
/// answering nothing, until its turn is over.
pub(super) fn ai_turn(app: &mut App, unit: UnitId) -> Vec<Command> {
    app.add_plugins(gridkeeper::ai::plugin);
    let units = app.world().resource::<ActiveScenario>().0.units.len();
    app.world_mut().resource_mut::<Controllers>().0[unit.index()] = Control::Ai;
    app.insert_resource(gridkeeper::ai::AiStyles(vec![
        gridkeeper::ai::Style::Careful;
        units
    ]));
    let mark = app
        .world()
        .resource::<gridkeeper::battle::CommandLog>()
        .0
        .len();
    for _ in 0..20 {
        app.update();
        let waiting = app
            .world()
            .resource::<Flow>()
            .pending()
            .map(|pending| pending.target);
        if let Some(target) = waiting.filter(|target| *target != unit) {
            send(
                app,
                Command::Answer {
                    unit: target,
                    answer: Answer::Nothing,
                },
            );
        } else if acting(app) != Some(unit) {
            break;
        }
    }
    app.world().resource::<gridkeeper::battle::CommandLog>().0[mark..]
        .iter()
        .filter(|command| command.unit() == Some(unit))
        .cloned()
        .collect()
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

/// Fire as `unit`, the target taking whatever comes.
fn fire_taken(app: &mut App, unit: UnitId, weapon: usize, mode: FireMode) -> Vec<EventKind> {
    let mark = event_count(app);
    send(
        app,
        Command::Fire {
            unit,
            weapon: WeaponChoice::Carried(weapon),
            mode,
        },
    );
    take_it(app);
    events_from(app, mark)
}

/// Two handguns (a second .38 in Harvey's other hand): once one has fired unaimed, the other
/// fires unaimed too in the same turn, each up to twice its shots; no third pull, and the
/// second gun fires unaimed or not at all.
#[test]
fn two_handguns_fire_unaimed_in_one_turn() {
    let mut scenario = kingsport_with(&[(HARVEY, (10, 8)), (MERCY, (14, 8))]);
    let second = scenario.units[HARVEY.index()].weapons[0].clone();
    scenario.units[HARVEY.index()].weapons.push(second);
    let mut app = begun(scenario);
    until_the_whole_turn_of(&mut app, HARVEY);
    let unaimed = |shots| FireMode::Unaimed {
        shots,
        at: vec![MERCY],
    };
    let first = fire_taken(&mut app, HARVEY, 0, unaimed(2));
    assert_eq!(rejected(&first), None, "{first:?}");
    let aimed = refusal(
        &mut app,
        Command::Fire {
            unit: HARVEY,
            weapon: WeaponChoice::Carried(1),
            mode: FireMode::single(MERCY),
        },
    );
    assert_eq!(aimed, Some(Rejection::ActionUsed));
    let other = fire_taken(&mut app, HARVEY, 1, unaimed(2));
    assert_eq!(rejected(&other), None, "{other:?}");
    let fired = other
        .iter()
        .filter(|event| matches!(event, EventKind::Fired { unit: HARVEY, .. }))
        .count();
    assert_eq!(fired, 1, "the second gun fires: {other:?}");
    let third = refusal(
        &mut app,
        Command::Fire {
            unit: HARVEY,
            weapon: WeaponChoice::Carried(0),
            mode: unaimed(1),
        },
    );
    assert_eq!(third, Some(Rejection::ActionUsed));
}

/// Ida's shotgun is empty, with spare shells: a round is chambered and fired only at half DEX.
/// In her turns at DEX (the readied shot, the whole turn) the shot is refused as not yet due;
/// in her half-DEX slot it goes off, one shell from the spares and none left in the gun.
#[test]
fn an_empty_gun_chambers_and_fires_at_half_dex() {
    const IDA: UnitId = UnitId(1);
    let mut scenario = kingsport_with(&[(IDA, (10, 8)), (MERCY, (11, 8))]);
    scenario.units[IDA.index()].weapons[0].loaded = 0;
    let mut app = begun(scenario);
    until_the_turn_of(&mut app, IDA);
    let mut refused_at_dex = 0;
    while limits(&app).kind != TurnKind::FurtherShot {
        let early = after(
            &mut app,
            &[],
            Command::Fire {
                unit: IDA,
                weapon: WeaponChoice::Carried(0),
                mode: FireMode::single(MERCY),
            },
        );
        assert!(
            matches!(rejected(&early), Some(Rejection::NotNow(why)) if why.contains("half DEX")),
            "{:?} turn: {early:?}",
            limits(&app).kind
        );
        refused_at_dex += 1;
        send(&mut app, Command::EndTurn { unit: IDA });
        until_the_turn_of(&mut app, IDA);
    }
    assert_eq!(
        refused_at_dex, 2,
        "refused in cycle 1 and at DEX in cycle 2"
    );
    shoot(&mut app, IDA, MERCY);
    let fired = after(
        &mut app,
        &percentile(10),
        Command::Answer {
            unit: MERCY,
            answer: Answer::Nothing,
        },
    );
    assert!(
        fired
            .iter()
            .any(|event| matches!(event, EventKind::Rolled { unit: IDA, .. })),
        "{fired:?}"
    );
    let mut query = app.world_mut().query::<(&UnitId, &Arsenal)>();
    let ammunition = query
        .iter(app.world())
        .find(|(id, _)| **id == IDA)
        .map(|(_, arsenal)| arsenal.state(0).ammunition);
    assert_eq!(
        ammunition.map(|left| (left.loaded, left.spare)),
        Some((0, 5))
    );
}

/// Fire with the unit's gun (its first weapon) at `target`: why it was refused, if it was.
fn fire_refused(app: &mut App, unit: UnitId, target: UnitId) -> Option<Rejection> {
    refusal(
        app,
        Command::Fire {
            unit,
            weapon: WeaponChoice::Carried(0),
            mode: FireMode::single(target),
        },
    )
}

/// The round chambered at half DEX is for one that has neither acted nor lost its action: Ida,
/// her shotgun empty, runs past her MOV at DEX and has no half-DEX slot that round.
#[test]
fn a_unit_that_ran_past_its_mov_chambers_nothing_at_half_dex() {
    const IDA: UnitId = UnitId(1);
    let mut scenario = kingsport_with(&[(IDA, (2, 12)), (MERCY, (22, 4))]);
    scenario.units[IDA.index()].weapons[0].loaded = 0;
    let mut app = begun(scenario);
    until_the_whole_turn_of(&mut app, IDA);
    let round = app.world().resource::<Flow>().round;
    let ran = after(
        &mut app,
        &[],
        Command::Move {
            unit: IDA,
            to: Tile::new(14, 12),
        },
    );
    assert!(
        ran.contains(&EventKind::ActionForfeited { unit: IDA }),
        "{ran:?}"
    );
    send(&mut app, Command::EndTurn { unit: IDA });
    while app.world().resource::<Flow>().round == round {
        let acting = acting(&app).expect("someone acts until the round ends");
        assert_ne!(
            acting,
            IDA,
            "no half-DEX slot after running: {:?}",
            limits(&app)
        );
        send(&mut app, Command::EndTurn { unit: acting });
    }
}

/// Harvey fires his revolver's last round as his readied shot: at DEX and at half DEX he may
/// not chamber a spare and fire it, having acted this round.
#[test]
fn a_unit_that_fired_chambers_nothing_later_in_the_round() {
    let mut scenario = kingsport_with(&[(HARVEY, (10, 8)), (MERCY, (14, 8))]);
    scenario.units[HARVEY.index()].weapons[0].loaded = 1;
    let mut app = begun(scenario);
    until_the_turn_of(&mut app, HARVEY);
    assert_eq!(limits(&app).kind, TurnKind::ReadiedShot);
    shoot(&mut app, HARVEY, MERCY);
    send(
        &mut app,
        Command::Answer {
            unit: MERCY,
            answer: Answer::Nothing,
        },
    );
    assert_eq!(condition(&mut app, HARVEY).shots_this_round, 1);
    send(&mut app, Command::EndTurn { unit: HARVEY });
    let mut refused = Vec::new();
    for _ in 0..2 {
        until_the_turn_of(&mut app, HARVEY);
        refused.push((limits(&app).kind, fire_refused(&mut app, HARVEY, MERCY)));
        send(&mut app, Command::EndTurn { unit: HARVEY });
    }
    let not_now = |why: &Option<Rejection>| matches!(why, Some(Rejection::NotNow(why)) if why.contains("has not acted"));
    assert_eq!(
        refused.iter().map(|(kind, _)| *kind).collect::<Vec<_>>(),
        [TurnKind::Whole, TurnKind::FurtherShot]
    );
    assert!(refused.iter().all(|(_, why)| not_now(why)), "{refused:?}");
}
