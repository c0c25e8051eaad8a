//! CoC 7e's weapon notes in the battle: the chainsaw fumbles twice as often and turns on its
//! wielder when it does, and stalls at its malfunction number; the garrote stays on its victim,
//! 1D6 a round, until the wielder lets it go or the victim breaks free.

use gridkeeper::rules::grapple::Grip;
use gridkeeper::rules::weapons::MalfunctionKind;

use super::*;
use gridkeeper::rulesets::coc7e::battle::events::CocEvent;

/// A (DEX 70, first to act) with `weapon` and its skill at `skill`, beside B.
fn armed(weapon: &'static str, skill: (&'static str, u32)) -> App {
    let mut wielder = fighter("Wielder", "a", (2, 2));
    wielder.dexterity = 70;
    wielder.weapons = vec![weapon];
    wielder.skills.push(skill);
    begun(scenario(&[wielder, fighter("Victim", "b", (3, 2))]))
}

/// A's attack with its weapon, B taking it, the dice `faces`.
fn swing(app: &mut App, faces: &[u32]) -> Vec<EventKind> {
    send(
        app,
        Command::Attack {
            unit: A,
            target: B,
            weapon: WeaponChoice::Carried(0),
        },
    );
    after(
        app,
        faces,
        Command::Answer {
            unit: B,
            answer: Answer::Nothing,
        },
    )
}

/// Chainsaw 40: 92 fumbles (from 91, where a club fumbles from 96), and the saw's 2D8 (3 + 4)
/// cut its wielder. The same 92 with a large club is a plain miss.
#[test]
fn a_chainsaw_fumbles_twice_as_often_and_cuts_its_wielder() {
    let mut app = armed("Chainsaw", ("Fighting (Chainsaw)", 40));
    let events = swing(&mut app, &[percentile(92).as_slice(), &[3, 4]].concat());
    assert!(
        events.contains(&EventKind::Backlash {
            unit: A,
            weapon: "Chainsaw".to_string()
        }),
        "{events:?}"
    );
    assert_eq!(vitals(&mut app, A).hit_points, 10 - 7);
    assert_eq!(vitals(&mut app, B).hit_points, 10);
    let mut app = armed(
        "Club, large (baseball, cricket bat, poker)",
        ("Fighting (Brawl)", 40),
    );
    let events = swing(&mut app, &percentile(92));
    assert!(
        !events
            .iter()
            .any(|event| matches!(event, EventKind::Backlash { .. })),
        "{events:?}"
    );
    assert_eq!(vitals(&mut app, A).hit_points, 10);
}

/// Chainsaw 60 (fumbles from 99): 96 is past its malfunction number 95, so the engine stalls
/// (a jam, 1D6 = 2 rounds of work) and the blow misses; the stalled saw cannot strike again.
#[test]
fn a_chainsaw_stalls_at_its_malfunction_number() {
    let mut app = armed("Chainsaw", ("Fighting (Chainsaw)", 60));
    let events = swing(&mut app, &[percentile(96).as_slice(), &[2]].concat());
    assert!(
        events.contains(&EventKind::Malfunctioned {
            unit: A,
            weapon: "Chainsaw".to_string(),
            outcome: MalfunctionKind::Jam,
            work: Some(DieFace { sides: 6, face: 2 }),
            rounds: None,
        }),
        "{events:?}"
    );
    assert_eq!(vitals(&mut app, A).hit_points, 10, "no fumble: no cut");
    send(&mut app, Command::EndTurn { unit: A });
    send(&mut app, Command::EndTurn { unit: B });
    let stalled = refusal(
        &mut app,
        Command::Attack {
            unit: A,
            target: B,
            weapon: WeaponChoice::Carried(0),
        },
    );
    assert_eq!(stalled, Some(Rejection::Jammed));
}

/// Garrote 50: 30 lands, 1D6 (4); the garrote stays on, held by A; as the round ends B takes
/// another 1D6 (5), armor no help. Once A does something else, the garrote is off.
#[test]
fn a_garrote_chokes_each_round_until_let_go() {
    let mut app = armed("Garrote", ("Fighting (Garrote)", 50));
    let events = swing(&mut app, &[percentile(30).as_slice(), &[4]].concat());
    assert!(
        events.contains(&EventKind::Gripped {
            unit: A,
            target: B,
            grip: Grip::Garrote
        }),
        "{events:?}"
    );
    assert_eq!(condition(&mut app, B).held_by, Some(A));
    assert_eq!(vitals(&mut app, B).hit_points, 10 - 4);
    send(&mut app, Command::EndTurn { unit: A });
    after(&mut app, &[5], Command::EndTurn { unit: B });
    assert_eq!(vitals(&mut app, B).hit_points, 10 - 4 - 5);
    assert_eq!(acting(&app), Some(A));
    let eased = after(
        &mut app,
        &[],
        Command::Move {
            unit: A,
            to: Tile::new(1, 2),
        },
    );
    assert!(eased.contains(&EventKind::Released { unit: B, holder: A }));
    assert_eq!(condition(&mut app, B).held_by, None);
}

/// A garrote takes no hold on a creature.
#[test]
fn a_garrote_takes_no_hold_on_a_creature() {
    let mut wielder = fighter("Wielder", "a", (2, 2));
    wielder.dexterity = 70;
    wielder.weapons = vec!["Garrote"];
    wielder.skills.push(("Fighting (Garrote)", 50));
    let mut ghoul = fighter("Ghoul", "b", (3, 2));
    ghoul.natural = vec![("Claw", 40, "1D6")];
    let mut app = begun(scenario(&[wielder, ghoul]));
    let events = swing(&mut app, &[percentile(30).as_slice(), &[4]].concat());
    assert_eq!(vitals(&mut app, B).hit_points, 10 - 4, "{events:?}");
    assert_eq!(condition(&mut app, B).held_by, None);
}

/// With CoC's optional rule, Luck keeps the unconscious awake: B (Luck 3) takes a major wound
/// from A's club (7 of 10), fails its CON roll (90) and stays awake for 1 Luck; the next round
/// costs 2; the third would cost 4, more than the 0 left, and B goes down. Without the rule the
/// failed roll puts B out at once.
#[test]
fn luck_keeps_a_unit_conscious_at_a_doubling_cost() {
    let clubbed = |rules: &str| {
        let mut clubber = fighter("Clubber", "a", (2, 2));
        clubber.dexterity = 90;
        clubber.weapons = vec!["Club, large (baseball, cricket bat, poker)"];
        let mut victim = fighter("Victim", "b", (3, 2));
        victim.luck = 3;
        let mut app = begun(scenario_with(&[clubber, victim], &ARENA, rules, ""));
        let struck = swing(
            &mut app,
            &[percentile(30).as_slice(), &[7], &percentile(90)].concat(),
        );
        (app, struck)
    };
    let (mut app, struck) = clubbed("");
    assert_eq!(vitals(&mut app, B).vital, Vital::Unconscious, "{struck:?}");
    let (mut app, struck) = clubbed("luck_to_stay_conscious: true");
    assert!(
        struck.contains(&EventKind::from(CocEvent::LuckSpent {
            unit: B,
            points: 1,
            left: 2
        })),
        "{struck:?}"
    );
    assert_eq!(vitals(&mut app, B).vital, Vital::Conscious);
    send(&mut app, Command::EndTurn { unit: A });
    let next = after(&mut app, &[], Command::EndTurn { unit: B });
    assert!(
        next.contains(&EventKind::from(CocEvent::LuckSpent {
            unit: B,
            points: 2,
            left: 0
        })),
        "{next:?}"
    );
    send(&mut app, Command::EndTurn { unit: A });
    let third = after(&mut app, &[], Command::EndTurn { unit: B });
    assert!(
        third.contains(&EventKind::WoundChanged {
            unit: B,
            from: WoundState::MajorWound,
            to: WoundState::Unconscious
        }),
        "{third:?}"
    );
}

/// First Aid tends a unit Luck keeps awake, and it needs the Luck no more: B, kept awake for 1
/// Luck after the club's major wound, is tended by its friend (30 against First Aid 60), and the
/// next round opens with no Luck spent and B still on its feet.
#[test]
fn first_aid_lets_a_unit_kept_awake_by_luck_keep_its_luck() {
    let mut clubber = fighter("Clubber", "a", (2, 2));
    clubber.dexterity = 90;
    clubber.weapons = vec!["Club, large (baseball, cricket bat, poker)"];
    let mut victim = fighter("Victim", "b", (3, 2));
    victim.luck = 3;
    victim.dexterity = 60;
    let mut medic = fighter("Medic", "b", (4, 2));
    medic.skills = vec![("First Aid", 60)];
    let rules = "luck_to_stay_conscious: true";
    let mut app = begun(scenario_with(&[clubber, victim, medic], &ARENA, rules, ""));
    let struck = swing(
        &mut app,
        &[percentile(30).as_slice(), &[7], &percentile(90)].concat(),
    );
    assert!(
        struck.contains(&EventKind::from(CocEvent::LuckSpent {
            unit: B,
            points: 1,
            left: 2
        })),
        "{struck:?}"
    );
    send(&mut app, Command::EndTurn { unit: A });
    send(&mut app, Command::EndTurn { unit: B });
    assert_eq!(acting(&app), Some(C));
    load(&mut app, &percentile(30));
    send(
        &mut app,
        Command::FirstAid {
            unit: C,
            patient: B,
        },
    );
    let next = after(&mut app, &[], Command::EndTurn { unit: C });
    assert!(
        next.iter()
            .any(|event| matches!(event, EventKind::RoundBegan { .. })),
        "{next:?}"
    );
    assert!(
        !next
            .iter()
            .any(|event| matches!(event.own(), Some(CocEvent::LuckSpent { .. }))),
        "{next:?}"
    );
    assert_eq!(vitals(&mut app, B).vital, Vital::Conscious);
}

/// A garrote from behind sticks: the mark does not see it coming (60 fails its Spot Hidden), the
/// blow lands at once (30, then 1D6 = 4) and the garrote stays on; the command that landed it
/// does not count as the wielder doing something else.
#[test]
fn a_garrote_from_behind_stays_on() {
    let mut wielder = fighter("Wielder", "a", (2, 2));
    wielder.weapons = vec!["Garrote"];
    wielder.skills.push(("Fighting (Garrote)", 50));
    let mut app = test_app(scenario(&[wielder, fighter("Mark", "b", (3, 2))]));
    load(&mut app, &rolls(&[60, 30], &[4]));
    let events = after(
        &mut app,
        &[],
        Command::Surprise {
            unit: A,
            target: B,
            attack: SurpriseAttack::Strike(WeaponChoice::Carried(0)),
        },
    );
    assert!(
        !events
            .iter()
            .any(|event| matches!(event, EventKind::GripEased { .. })),
        "{events:?}"
    );
    assert_eq!(condition(&mut app, B).held_by, Some(A));
    assert_eq!(condition(&mut app, A).grip, Some(Grip::Garrote));
}
