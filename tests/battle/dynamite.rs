//! The frontier western's dynamite on Main Street: thrown with Hand-to-Hand, it bursts in rings
//! of 10 feet (6D+1, 3D+1, 1D+1), and out to 40 feet those caught roll Strength against the
//! stun; a unit stunned does nothing more that round.

use gridkeeper::map::Tile;
use gridkeeper::rules::damage::DamageSource;
use gridkeeper::rulesets::frontier::battle::declaration::{Declaration, DeclaredAct, DeclaredMove};

use super::frontier::{KID, LOLA, WES, dry_gulch_placed, until_the_act_of};
use super::*;
use gridkeeper::rulesets::frontier::reasons;

const DOC: UnitId = UnitId(2);
const BIG_JIM: UnitId = UnitId(4);
const PETE: UnitId = UnitId(5);
const DYNAMITE: WeaponChoice = WeaponChoice::Carried(1);

/// The dice and the flat part of each blast damage rolled, by target.
fn blast_damage(events: &[EventKind]) -> Vec<(UnitId, usize, i32)> {
    events
        .iter()
        .filter_map(|event| match event {
            EventKind::DamageRolled { target, roll, .. } => {
                let dice = roll.parts.iter().map(|part| part.dice.len()).sum();
                let flat = roll
                    .parts
                    .iter()
                    .filter(|part| part.source == DamageSource::Weapon && part.dice.is_empty())
                    .map(|part| part.value)
                    .sum();
                Some((*target, dice, flat))
            }
            _ => None,
        })
        .collect()
}

/// Pete, 14 yards east of (10, 5), throws at it: 42 feet is medium range for his STR 11 (out to
/// 55), so 64 − 20 = 44%, and 10 lands it. Wes on the tile takes 6D10+1, Lola 4 yards (12 ft)
/// off 3D10+1, the Kid 8 yards (24 ft) off 1D10+1, and Doc 10.8 yards (32 ft) off rolls STR 7
/// (44%) against the stun: on 99 he is stunned, so his act slot, after Pete's, goes by. Big
/// Jim, 23 yards off, and Pete, 14 (42 ft), are past the stun ring.
#[test]
fn dynamite_bursts_in_ten_foot_rings_and_stuns_out_to_forty_feet() {
    let places = [
        (WES, (10, 5)),
        (LOLA, (14, 5)),
        (KID, (2, 5)),
        (DOC, (0, 9)),
        (PETE, (24, 5)),
    ];
    let mut app = dry_gulch_placed(&[7, 3], &places);
    let at = Tile { x: 10, y: 5 };
    let throw = Declaration {
        movement: DeclaredMove::Stay,
        act: DeclaredAct::Throw { at },
        ..Declaration::default()
    };
    until_the_act_of(&mut app, PETE, &[(PETE, throw)]);
    send(
        &mut app,
        Command::Ready {
            unit: PETE,
            weapon: DYNAMITE,
        },
    );
    let fives = |count: usize| vec![5; count];
    let faces: Vec<u32> = [
        percentile(10).to_vec(),
        fives(6),
        percentile(1).to_vec(),
        fives(3),
        percentile(1).to_vec(),
        percentile(99).to_vec(),
        fives(1),
        percentile(1).to_vec(),
    ]
    .concat();
    let thrown = after(
        &mut app,
        &faces,
        Command::Blast {
            unit: PETE,
            weapon: DYNAMITE,
            at,
        },
    );
    assert_eq!(rejected(&thrown), None);
    let throw_roll = thrown.iter().find_map(|event| match event {
        EventKind::Rolled { unit, roll } if *unit == PETE => Some(roll.clone()),
        _ => None,
    });
    let throw_roll = throw_roll.expect("Pete rolls to throw");
    assert_eq!(
        throw_roll
            .modifiers
            .iter()
            .map(|modifier| modifier.reason)
            .collect::<Vec<_>>(),
        [reasons::MEDIUM_RANGE],
        "medium range, −2 steps"
    );
    assert_eq!(
        blast_damage(&thrown),
        [(WES, 6, 1), (LOLA, 3, 1), (KID, 1, 1)]
    );
    let damage_to = |unit: UnitId| {
        thrown.iter().find_map(|event| match event {
            EventKind::Damaged {
                unit: hurt, taken, ..
            } if *hurt == unit => Some(*taken),
            _ => None,
        })
    };
    assert_eq!(
        [WES, LOLA, KID].map(damage_to),
        [Some(31), Some(16), Some(6)]
    );
    assert!(thrown.contains(&EventKind::StunnedForRound { unit: DOC }));
    assert!(
        !thrown
            .iter()
            .any(|event| matches!(event, EventKind::StunnedForRound { unit } if *unit != DOC)),
        "Big Jim and Pete are past the stun ring"
    );
    assert!(condition(&mut app, DOC).stunned_in(1));
    let mark = event_count(&app);
    send(&mut app, Command::EndTurn { unit: PETE });
    assert!(events_from(&app, mark).contains(&EventKind::TurnLost { unit: DOC }));
    assert_eq!(acting(&app), Some(BIG_JIM));
}
