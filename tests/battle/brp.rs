//! BRP classic in the battle: the round's two DEX cycles and the answers its rulebook allows a
//! defender (a parry once a round; a dodge once, only before the defender has acted, which then
//! loses its attack; against gunfire only the first bullet), surprise, blasts and Martial Arts,
//! with the Kingsport Warehouse's people, every one played by a person (its firearms in
//! `brp_firearms.rs`, its harm in `brp_wounds.rs`, surprise in `brp_surprise.rs`).

use gridkeeper::battle::answer::answer_odds;
use gridkeeper::battle::command::FireMode;
use gridkeeper::rules::round::{TurnKind, TurnLimits};

use super::*;
use gridkeeper::battle::own_state::own_of;
use gridkeeper::rulesets::brp_classic::battle::condition::BrpCondition;
use gridkeeper::rulesets::brp_classic::battle::parry::BrpCommand;

pub(super) const HARVEY: UnitId = UnitId(0);
pub(super) const EZRA: UnitId = UnitId(3);
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
pub(super) fn name_parries(app: &mut App, named: &[(UnitId, UnitId)]) {
    while let Some(unit) = acting(app).filter(|_| limits(app).kind == TurnKind::Declare) {
        let against = named
            .iter()
            .find(|(parrier, _)| *parrier == unit)
            .map(|(_, foe)| *foe);
        send(app, BrpCommand::DeclareParry { unit, against }.into());
    }
}

/// What the turn now allows.
pub(super) fn limits(app: &App) -> TurnLimits {
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
pub(super) fn shoot(app: &mut App, unit: UnitId, target: UnitId) {
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
pub(super) fn strikes_harvey(app: &mut App, unit: UnitId, faces: &[u32]) -> Vec<EventKind> {
    until_the_turn_of(app, unit);
    attack(app, unit);
    load(app, faces);
    harvey_answers(app, Answer::Nothing)
}

pub(super) fn attack(app: &mut App, unit: UnitId) {
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

/// Fire as `unit`, the target taking whatever comes.
pub(super) fn fire_taken(
    app: &mut App,
    unit: UnitId,
    weapon: usize,
    mode: FireMode,
) -> Vec<EventKind> {
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

/// Fire with the unit's gun (its first weapon) at `target`: why it was refused, if it was.
pub(super) fn fire_refused(app: &mut App, unit: UnitId, target: UnitId) -> Option<Rejection> {
    refusal(
        app,
        Command::Fire {
            unit,
            weapon: WeaponChoice::Carried(0),
            mode: FireMode::single(target),
        },
    )
}

/// End every turn until `round` is over.
pub(super) fn through_round(app: &mut App, round: u32) {
    while let Some(acting) = acting(app) {
        if app.world().resource::<Flow>().round > round {
            break;
        }
        send(app, Command::EndTurn { unit: acting });
    }
}
