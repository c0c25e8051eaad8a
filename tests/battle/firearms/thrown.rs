//! Thrown weapons: their range by strength and their rolls.

use super::*;

/// A throws its spear at B: whether B may fight back, as it is asked.
fn throw_spear(app: &mut App) -> Option<bool> {
    send(
        app,
        Command::Attack {
            unit: A,
            target: B,
            weapon: GUN,
        },
    );
    crate::events(app)
        .iter()
        .rev()
        .find_map(|event| match event {
            EventKind::DefenceAsked {
                asked: gridkeeper::battle::event::DefenceKind::Thrown { may_fight_back },
                ..
            } => Some(*may_fight_back),
            _ => None,
        })
}

/// A thrown spear: the Throw skill at the range STR sets (STR yards), half the damage bonus,
/// dodged like a blow; fought back only from within DEX/5 feet; it is gone once thrown.
#[test]
fn thrown_weapons() {
    let rows = field(40, &[]);
    let mut thrower = fighter("Thrower", "a", (1, 5));
    thrower.weapons = vec!["Spear, Thrown"];
    thrower.skills.push(("Throw", 60));
    (thrower.strength, thrower.size) = (90, 80);
    let target = fighter("Target", "b", (20, 5));
    let mut app = begun(on_field(&[thrower.clone(), target.clone()], &rows, ""));
    assert_eq!(throw_spear(&mut app), Some(false));
    refuse(
        &mut app,
        Command::Answer {
            unit: B,
            answer: Answer::FightBack,
        },
        Rejection::InvalidAnswer(
            "a thrown weapon is fought back only from within a fifth of one's DEX in feet"
                .to_string(),
        ),
    );
    // Throw 25 (a success at Regular: 19 yards is within STR 90 yards) against a failed dodge;
    // 1D8 shows 5 and half of the 1D4 damage bonus (3) is 2.
    let events = after(
        &mut app,
        &rolls(&[25, 80], &[5, 3]),
        Command::Answer {
            unit: B,
            answer: Answer::Dodge,
        },
    );
    let (check, _) = &attack_rolls(&events, A)[0];
    assert_eq!(check.difficulty, Difficulty::Regular);
    let damage = events
        .iter()
        .find_map(|event| match event {
            EventKind::DamageRolled { roll, .. } => Some(roll.clone()),
            _ => None,
        })
        .expect("the spear hit");
    assert_eq!(damage.total, 7);
    assert!(
        damage
            .parts
            .iter()
            .any(|part| part.source == DamageSource::HalfDamageBonus && part.value == 2)
    );
    let mut query = app.world_mut().query::<(&UnitId, &Arsenal)>();
    let arsenal = query
        .iter(app.world())
        .find(|(id, _)| **id == A)
        .map(|(_, arsenal)| arsenal.clone())
        .expect("the thrower");
    assert_eq!(arsenal.lost, [0], "the spear lies where it fell");
    assert_eq!(arsenal.in_hand, WeaponChoice::Unarmed);

    // From close by (within DEX 50 / 5 = 10 feet: 3 yards) the target may fight back.
    let mut near = target;
    near.at = (4, 5);
    let mut app = begun(on_field(&[thrower, near], &rows, ""));
    assert_eq!(throw_spear(&mut app), Some(true));
    assert!(answer_comes_to_blows(&mut app, Answer::FightBack));
}
