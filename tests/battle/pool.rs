//! The d10 pool in the battle, with Level B2's people, every one played by a person:
//! initiative rolled once and kept, a blow's net after the dodge made into an injury with the
//! weapon's damage and the soak, the wound dice on the injured unit's next roll, a stun, the
//! dice lost to moving past the free movement, clashes, the dark and secondary abilities (its
//! evading in `pool_evade.rs`, its surprise in `pool_surprise.rs`).

use gridkeeper::battle::command::FireMode;
use gridkeeper::rules::roll::RollVerdict;

use super::*;
use gridkeeper::battle::own_state::own_of;
use gridkeeper::rulesets::d10_pool::battle::evade::EvadePool;
use gridkeeper::rulesets::d10_pool::battle::events::PoolEvent;
use gridkeeper::rulesets::d10_pool::battle::planning::DiceThisRound;
use gridkeeper::rulesets::d10_pool::budget::DicePlan;
use gridkeeper::rulesets::d10_pool::reasons;

const MARA: UnitId = UnitId(0);
pub(super) const TOMAS: UnitId = UnitId(1);
const HUGO: UnitId = UnitId(4);
pub(super) const KELL: UnitId = UnitId(5);

/// Level B2 with these units moved to these tiles, every unit played by a person, and with no
/// Secondary abilities: the worked numbers of the other rules reckon without them
/// (`a_secondary_ability_makes_its_weapon_a_step_easier` has them).
pub(crate) fn level_b2_with(places: &[(UnitId, (u32, u32))]) -> Scenario {
    let mut scenario = level_b2_as_shipped(places);
    for unit in &mut scenario.units {
        unit.secondary.clear();
    }
    scenario
}

/// Level B2 with these units moved to these tiles, every unit played by a person.
fn level_b2_as_shipped(places: &[(UnitId, (u32, u32))]) -> Scenario {
    let mut scenario = specs_sample("level-b2.ron", None);
    for (unit, (x, y)) in places {
        scenario.units[unit.index()].start = Tile::new(*x, *y);
    }
    for unit in &mut scenario.units {
        unit.control = Control::Person;
    }
    scenario
}

/// The pool rolls among these events: who rolled, the dice, the difficulty, the net and the
/// modifiers' reasons.
pub(crate) fn pools(events: &[EventKind]) -> Vec<(UnitId, u32, u32, i32, Vec<ModifierReason>)> {
    events
        .iter()
        .filter_map(|event| match event {
            EventKind::Rolled { unit, roll } => match &roll.verdict {
                RollVerdict::Pool(pool) => Some((
                    *unit,
                    pool.pool,
                    pool.difficulty,
                    pool.net,
                    roll.modifiers
                        .iter()
                        .map(|modifier| modifier.reason)
                        .collect(),
                )),
                _ => None,
            },
            _ => None,
        })
        .collect()
}

/// Tomas's sword (Str 4 + Melee 4: 8 dice at 6, +1) nets 4 − 1 = 3; Kell's dodge (Dex 2 +
/// Dodge 1: 3 dice at 6) nets 1. The injury is 3 − 1 + 1 = 3 (no armour; Stamina soaks only
/// Brawl): wound level 3, a die off every roll. Kell's punch back (Str 4 + Brawl 4 = 8) goes
/// at 7 dice, and Tomas's Stamina 4 soaks it.
#[test]
fn a_blow_nets_past_the_dodge_into_an_injury_that_costs_dice() {
    let mut app = begun(level_b2_with(&[(TOMAS, (10, 8)), (KELL, (11, 8))]));
    let rolled: Vec<UnitId> = pools(&events(&app))
        .iter()
        .map(|(unit, ..)| *unit)
        .collect();
    assert_eq!(
        rolled.len(),
        7,
        "everyone rolls initiative once: {rolled:?}"
    );
    until_the_turn_of(&mut app, TOMAS);
    let mark = event_count(&app);
    load(&mut app, &[10, 9, 8, 7, 1, 2, 3, 4, 6, 2, 3]);
    strike(
        &mut app,
        TOMAS,
        KELL,
        WeaponChoice::Carried(0),
        Answer::Dodge,
    );
    let struck = events_from(&app, mark);
    let rolls = pools(&struck);
    assert_eq!(
        rolls
            .iter()
            .map(|(unit, dice, difficulty, net, _)| (*unit, *dice, *difficulty, *net))
            .collect::<Vec<_>>(),
        [(TOMAS, 8, 6, 3), (KELL, 3, 6, 1)]
    );
    let injured = struck.iter().find_map(|event| match event {
        EventKind::Injured {
            unit,
            net,
            weapon,
            soak,
            severity,
            wound_level,
            remaining,
            penalty,
            ..
        } => Some((
            *unit,
            *net,
            *weapon,
            *soak,
            *severity,
            *wound_level,
            *remaining,
            *penalty,
        )),
        _ => None,
    });
    assert_eq!(injured, Some((KELL, 2, 1, 0, Some(3), 3, 4, Some(1))));
    assert!(
        !struck
            .iter()
            .any(|event| matches!(event.own(), Some(PoolEvent::StunnedByInjury { .. }))),
        "3 is not past Kell's Stamina of 4"
    );
    assert_eq!(vitals(&mut app, KELL).hit_points, 4);
    // Kell's own roll now loses a die to his wound (next round: his dodge spent this round's
    // dice).
    until_the_turn_of(&mut app, KELL);
    send(&mut app, Command::EndTurn { unit: KELL });
    until_the_turn_of(&mut app, KELL);
    let mark = event_count(&app);
    load(&mut app, &[10, 10, 10, 10, 10, 2, 2, 5, 5, 5]);
    strike(
        &mut app,
        KELL,
        TOMAS,
        WeaponChoice::Unarmed,
        Answer::Nothing,
    );
    let punched = events_from(&app, mark);
    let (_, dice, difficulty, net, reasons) = pools(&punched)[0].clone();
    assert_eq!((dice, difficulty, net), (7, 5, 5));
    assert_eq!(reasons, [ModifierReason::Wounded]);
    // Net 5 + 0 − Stamina 4 = 1.
    assert!(punched.iter().any(|event| matches!(
        event,
        EventKind::Injured {
            unit: TOMAS,
            soak: 4,
            severity: Some(1),
            ..
        }
    )));
}

/// On Mara's turn, her handgun fires at `target` with these faces: the events it sets off.
fn mara_shoots(app: &mut App, target: UnitId, faces: &[u32]) -> Vec<EventKind> {
    shoots(app, MARA, target, faces)
}

/// On `unit`'s turn, its first weapon fires at `target` with these faces: the events it sets
/// off.
pub(crate) fn shoots(app: &mut App, unit: UnitId, target: UnitId, faces: &[u32]) -> Vec<EventKind> {
    until_the_turn_of(app, unit);
    let mark = event_count(app);
    load(app, faces);
    send(
        app,
        Command::Fire {
            unit,
            weapon: WeaponChoice::Carried(0),
            mode: FireMode::single(target),
        },
    );
    events_from(app, mark)
}

/// Mara's handgun (Dex 4 + Firearms 3: 7 dice at 7, +3) nets 1 into Hugo, unarmoured: an
/// injury of 4, past his Stamina of 2: stunned, he spends a point of his Willpower 3 to shake
/// it off; with no Willpower left he loses his next turn (this round's: he has yet to act).
#[test]
fn an_injury_past_stamina_stuns() {
    // Hugo with Willpower left shakes the stun off with a point of it.
    let mut app = begun(level_b2_with(&[(MARA, (13, 9)), (HUGO, (17, 9))]));
    let shot = mara_shoots(&mut app, HUGO, &[10, 2, 3, 4, 5, 6, 2]);
    assert!(shot.iter().any(|event| matches!(
        event.own(),
        Some(PoolEvent::StunShakenOff {
            unit: HUGO,
            left: 2
        })
    )));
    assert_eq!(condition(&mut app, HUGO).stunned_turns, 0);
    // With none, he loses his next turn.
    let mut spent = level_b2_with(&[(MARA, (13, 9)), (HUGO, (17, 9))]);
    spent.units[HUGO.index()].characteristics.luck = 0;
    let mut app = begun(spent);
    let shot = mara_shoots(&mut app, HUGO, &[10, 2, 3, 4, 5, 6, 2]);
    assert!(shot.iter().any(|event| matches!(
        event,
        EventKind::Injured {
            unit: HUGO,
            severity: Some(4),
            wound_level: 4,
            penalty: Some(2),
            ..
        }
    )));
    assert!(
        shot.iter()
            .any(|event| matches!(event.own(), Some(PoolEvent::StunnedByInjury { unit: HUGO })))
    );
    assert!(vitals(&mut app, HUGO).conscious());
    assert_eq!(condition(&mut app, HUGO).stunned_turns, 1);
    // His next turn goes by, this round's or the next's.
    let mark = event_count(&app);
    let lost = |app: &App| {
        events_from(app, mark)
            .iter()
            .any(|event| matches!(event, EventKind::TurnLost { unit: HUGO }))
    };
    while !lost(&app) && vitals_round(&app) <= 2 {
        let unit = acting(&app).expect("someone acts");
        send(&mut app, Command::EndTurn { unit });
    }
    assert!(lost(&app));
    assert_eq!(condition(&mut app, HUGO).stunned_turns, 0);
}

/// Mara's handgun nets 4 into Kell, unarmoured: an injury of 7, which scars and takes him to
/// wound level 7, out of the fight. Initiative is not rolled again in round 2.
#[test]
fn a_bad_wound_scars_and_takes_a_unit_out_and_initiative_is_kept() {
    let mut app = begun(level_b2_with(&[(MARA, (13, 8)), (KELL, (17, 8))]));
    let shot = mara_shoots(&mut app, KELL, &[10, 9, 8, 7, 2, 3, 4]);
    assert!(shot.iter().any(|event| matches!(
        event,
        EventKind::Injured {
            unit: KELL,
            net: 4,
            weapon: 3,
            severity: Some(7),
            wound_level: 7,
            penalty: None,
            ..
        }
    )));
    assert!(shot.iter().any(|event| matches!(
        event.own(),
        Some(PoolEvent::Scarred {
            unit: KELL,
            severity: 7
        })
    )));
    assert!(!vitals(&mut app, KELL).conscious());
    // Into round 2: nobody rolls initiative again.
    let mark = event_count(&app);
    while vitals_round(&app) == 1 {
        let unit = acting(&app).expect("someone acts");
        send(&mut app, Command::EndTurn { unit });
    }
    let initiative = events_from(&app, mark)
        .iter()
        .filter(|event| {
            matches!(event, EventKind::Rolled { roll, .. } if roll.purpose.name() == "Initiative")
        })
        .count();
    assert_eq!(initiative, 0);
}

/// Initiative is rolled once for the fight, and so is the roll-off that breaks its ties
/// (SPECS.md 2.1): with every initiative die a 2 (no successes), the units tied on net, Dex and
/// Wits (Tomas, Gant and Hugo: net 0, Dex 3, Wits 2) roll off in round 1 (d10s 1, 2, 3 in the
/// order asked) and keep those dice in round 2, which begins without a die rolled.
#[test]
fn the_initiative_roll_off_is_kept_for_the_fight() {
    let scenario = level_b2_with(&[]);
    let initiative_dice: u32 = scenario
        .units
        .iter()
        .map(|unit| unit.characteristics.dexterity + unit.characteristics.intelligence)
        .sum();
    let mut app = test_app(scenario);
    load(&mut app, &vec![2; initiative_dice as usize]);
    load(&mut app, &[1, 2, 3, 4, 5, 6, 7, 8, 9]);
    send(&mut app, Command::Begin);
    let first = app.world().resource::<Flow>().order.clone();
    let roll_offs: Vec<u32> = first.iter().filter_map(|slot| slot.tie_roll).collect();
    assert_eq!(
        roll_offs,
        [3, 2, 1],
        "Hugo, Gant and Tomas rolled off: {first:?}"
    );
    let drawn = |app: &App| app.world().resource::<BattleDice>().dice.drawn();
    let before = drawn(&app);
    while vitals_round(&app) == 1 {
        let unit = acting(&app).expect("someone acts");
        send(&mut app, Command::EndTurn { unit });
    }
    let second = app.world().resource::<Flow>().order.clone();
    assert_eq!(second, first, "the same order, the same roll-offs");
    assert_eq!(drawn(&app), before, "no die rolled again");
}

/// The round now being fought.
fn vitals_round(app: &App) -> u32 {
    app.world().resource::<Flow>().round
}

/// Moving past the free movement (Dex 4: 25 feet, 8.3 yards) costs a die a 5 feet started:
/// 10 yards is 30 feet, one step, so Mara's shot goes at 6 dice.
#[test]
fn moving_past_the_free_movement_costs_dice() {
    let mut app = begun(level_b2_with(&[(MARA, (2, 9)), (KELL, (20, 9))]));
    until_the_turn_of(&mut app, MARA);
    send(
        &mut app,
        Command::Move {
            unit: MARA,
            to: Tile::new(12, 9),
        },
    );
    assert!(rejected(&events(&app)).is_none());
    let mark = event_count(&app);
    send(
        &mut app,
        Command::Fire {
            unit: MARA,
            weapon: WeaponChoice::Carried(0),
            mode: FireMode::single(KELL),
        },
    );
    let (_, dice, _, _, reasons) = pools(&events_from(&app, mark))[0].clone();
    assert_eq!(dice, 6);
    assert_eq!(reasons, [reasons::EXTRA_MOVEMENT]);
}

pub(super) const DOG: UnitId = UnitId(6);

/// The net of every injury weighed among these events, by whom it struck.
pub(super) fn injuries(events: &[EventKind]) -> Vec<(UnitId, i32, Option<u32>)> {
    events
        .iter()
        .filter_map(|event| match event {
            EventKind::Injured {
                unit,
                net,
                severity,
                ..
            } => Some((*unit, *net, *severity)),
            _ => None,
        })
        .collect()
}

/// On the dog's turn, it bites Tomas and he clashes, with these faces: the events it sets off.
fn dog_bites_and_tomas_clashes(app: &mut App, faces: &[u32]) -> Vec<EventKind> {
    until_the_turn_of(app, DOG);
    let mark = event_count(app);
    load(app, faces);
    strike(app, DOG, TOMAS, WeaponChoice::Carried(0), Answer::FightBack);
    events_from(app, mark)
}

/// The dog's bite (Dex 4 + Brawl 3: 7 dice at 5) nets 1; Tomas, sword in hand, clashes with his
/// bare hands (a Brawl attack meets only Brawl: Str 4 + Brawl 3, 7 dice at 5) and nets 4: his
/// blow lands with 4 − 1 = 3, less the dog's Stamina 2, an injury of 1. On a tie of 2 each,
/// both land a blow of net 1 (which both Staminas soak). Kell, with no Melee weapon, cannot
/// clash Tomas's sword.
#[test]
fn a_clash_lands_the_better_attack_and_a_tie_lands_both() {
    let mut app = begun(level_b2_with(&[
        (TOMAS, (10, 8)),
        (DOG, (11, 8)),
        (KELL, (10, 9)),
    ]));
    let clashed =
        dog_bites_and_tomas_clashes(&mut app, &[5, 2, 3, 4, 2, 3, 4, 9, 9, 9, 9, 2, 2, 2]);
    let rolls: Vec<(UnitId, u32, u32, i32)> = pools(&clashed)
        .into_iter()
        .map(|(unit, dice, difficulty, net, _)| (unit, dice, difficulty, net))
        .collect();
    assert_eq!(rolls, [(DOG, 7, 5, 1), (TOMAS, 7, 5, 4)]);
    assert!(clashed.iter().any(|event| matches!(
        event,
        EventKind::MeleeResolved {
            outcome: MeleeOutcome::DefenderStrikes,
            ..
        }
    )));
    assert_eq!(injuries(&clashed), [(DOG, 3, Some(1))]);
    // Round 2: a tie.
    while app.world().resource::<Flow>().round == 1 {
        let unit = acting(&app).expect("someone acts");
        send(&mut app, Command::EndTurn { unit });
    }
    let tied = dog_bites_and_tomas_clashes(&mut app, &[5, 5, 2, 2, 2, 2, 2, 9, 9, 2, 2, 2, 2, 2]);
    assert!(tied.iter().any(|event| matches!(
        event,
        EventKind::MeleeResolved {
            outcome: MeleeOutcome::BothStrike,
            ..
        }
    )));
    assert_eq!(injuries(&tied), [(TOMAS, 1, None), (DOG, 1, None)]);
    // Kell cannot clash a sword with his fists (in round 3: Tomas's clash spent his dice for
    // round 2).
    while app.world().resource::<Flow>().round == 2 {
        let unit = acting(&app).expect("someone acts");
        send(&mut app, Command::EndTurn { unit });
    }
    until_the_turn_of(&mut app, TOMAS);
    send(
        &mut app,
        Command::Attack {
            unit: TOMAS,
            target: KELL,
            weapon: WeaponChoice::Carried(0),
        },
    );
    assert!(matches!(
        refusal(
            &mut app,
            Command::Answer {
                unit: KELL,
                answer: Answer::FightBack
            }
        ),
        Some(Rejection::InvalidAnswer(_))
    ));
}

/// The guard dog (child-sized, Size 3) in the unlit bay: Mara's shot is a step harder for its
/// size and two for the dark (her Perception is 3), difficulty 7 + 3 = 10.
#[test]
fn a_small_target_in_the_dark_is_harder_to_hit() {
    let mut app = begun(level_b2_with(&[(MARA, (9, 13)), (DOG, (14, 13))]));
    let shot = mara_shoots(&mut app, DOG, &[2; 7]);
    let (_, dice, difficulty, _, reasons) = pools(&shot)[0].clone();
    assert_eq!((dice, difficulty), (7, 10));
    assert_eq!(reasons, [ModifierReason::SmallTarget, ModifierReason::Dark]);
}

/// Mara's Pistols make her handgun 7 dice at 6, not 7; Tomas's Swords his sword's 8 dice at 5,
/// not 6; Kell's Boxing his fists' 8 dice at 4, not 5.
#[test]
fn a_secondary_ability_makes_its_weapon_a_step_easier() {
    let mut app = begun(level_b2_as_shipped(&[(MARA, (13, 9)), (HUGO, (17, 9))]));
    let shot = mara_shoots(&mut app, HUGO, &[2; 7]);
    let (_, dice, difficulty, _, reasons) = pools(&shot)[0].clone();
    assert_eq!((dice, difficulty), (7, 6));
    assert_eq!(reasons, [reasons::SECONDARY]);
    let mut app = begun(level_b2_as_shipped(&[(TOMAS, (10, 8)), (KELL, (11, 8))]));
    until_the_turn_of(&mut app, TOMAS);
    let mark = event_count(&app);
    load(&mut app, &[2; 16]);
    strike(
        &mut app,
        TOMAS,
        KELL,
        WeaponChoice::Carried(0),
        Answer::Nothing,
    );
    let struck = pools(&events_from(&app, mark));
    assert_eq!((struck[0].1, struck[0].2), (8, 5));
    // Kell's Boxing: bare hands, 8 dice at 4.
    until_the_turn_of(&mut app, KELL);
    let mark = event_count(&app);
    load(&mut app, &[2; 16]);
    strike(
        &mut app,
        KELL,
        TOMAS,
        WeaponChoice::Unarmed,
        Answer::Nothing,
    );
    let punched = pools(&events_from(&app, mark));
    assert_eq!((punched[0].1, punched[0].2), (8, 4));
}

/// What is left of `unit`'s evade pool.
pub(crate) fn evading(app: &App, unit: UnitId) -> u32 {
    own_of::<EvadePool>(app.world(), unit).0
}

/// What is left of `unit`'s plan of its dice this round (`None`: nothing planned or rolled).
pub(crate) fn dice_plan(app: &App, unit: UnitId) -> Option<DicePlan> {
    own_of::<DiceThisRound>(app.world(), unit).0
}
