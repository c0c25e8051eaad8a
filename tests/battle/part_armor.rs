//! Armor over part of the body: hit locations and the Luck roll that say whether it stops a
//! blow.

use super::*;
use gridkeeper::rulesets::coc7e::battle::events::CocEvent;
use gridkeeper::rulesets::coc7e::reasons;

/// A punches B, who wears 2 points of armor over `covers`, under the scenario's `rules`, with the
/// dice loaded with `faces` after the attack roll (30) and the fist's 1D3 (3): what B took, and
/// how the armor was tried.
fn punch_through(rules: &str, covers: &[&'static str], faces: &[u32]) -> (u32, Vec<EventKind>) {
    let mut puncher = fighter("Puncher", "a", (2, 2));
    puncher.dexterity = 90;
    let mut target = fighter("Armored", "b", (3, 2));
    (target.armor, target.armor_covers) = (2, covers.to_vec());
    let mut app = begun(scenario_with(&[puncher, target], &ARENA, rules, ""));
    punch(&mut app);
    load(&mut app, &[percentile(30).as_slice(), &[3], faces].concat());
    let struck = after(
        &mut app,
        &[],
        Command::Answer {
            unit: B,
            answer: Answer::Nothing,
        },
    );
    let taken = struck
        .iter()
        .find_map(|event| match event {
            EventKind::Damaged { taken, .. } => Some(*taken),
            _ => None,
        })
        .expect("the punch lands");
    let tried = struck
        .into_iter()
        .filter(|event| {
            matches!(event.own(), Some(CocEvent::ArmorTried { .. }))
                || matches!(event, EventKind::Rolled { unit: B, .. })
        })
        .collect();
    (taken, tried)
}

/// With the 1D20 hit locations, armor over chest and abdomen stops the punch only there: a 2 is
/// the right leg (all 3 go in), a 12 the chest (the armor takes 2).
#[test]
fn hit_locations_say_whether_partial_armor_stops_a_blow() {
    let torso = ["Chest", "Abdomen"];
    let (taken, tried) = punch_through("hit_locations: true", &torso, &[2]);
    assert_eq!(taken, 3);
    assert_eq!(
        tried,
        vec![EventKind::from(CocEvent::ArmorTried {
            unit: B,
            armor: "hide".to_string(),
            location: Some((DieFace { sides: 20, face: 2 }, BodyPart::RightLeg)),
            covered: false,
        })]
    );
    let (taken, _) = punch_through("hit_locations: true", &torso, &[12]);
    assert_eq!(taken, 1, "the chest: the armor takes 2 of 3");
    let (taken, tried) = punch_through("hit_locations: true", &[], &[]);
    assert_eq!(
        (taken, tried),
        (1, Vec::new()),
        "armor all over always counts"
    );
    let (taken, tried) = punch_through("", &torso, &[]);
    assert_eq!(
        (taken, tried),
        (1, Vec::new()),
        "without the rule armor always counts"
    );
}

/// With partial armor by Luck, a Luck roll (B's 50) says whether the armor meets the punch; a
/// bonus die where it covers head and torso both.
#[test]
fn a_luck_roll_says_whether_partial_armor_stops_a_blow() {
    let rules = "partial_armor_by_luck: true";
    let (taken, tried) = punch_through(rules, &["Chest"], &percentile(80));
    assert_eq!(taken, 3, "Luck failed: the armor does not cover it");
    assert!(
        matches!(
            tried.as_slice(),
            [EventKind::Rolled { .. }, tried]
                if matches!(
                    tried.own(),
                    Some(CocEvent::ArmorTried {
                        location: None,
                        covered: false,
                        ..
                    })
                )
        ),
        "{tried:?}"
    );
    let (taken, _) = punch_through(rules, &["Chest"], &percentile(30));
    assert_eq!(taken, 1);
    // Head and chest: two tens dice, the better (20) kept.
    let (taken, tried) = punch_through(rules, &["Head", "Chest"], &[8, 2, 5]);
    assert_eq!(taken, 1, "{tried:?}");
    let EventKind::Rolled { roll, .. } = &tried[0] else {
        panic!("a Luck roll: {tried:?}");
    };
    assert_eq!(
        roll.modifiers,
        vec![Modifier::new(reasons::ARMOR_HEAD_AND_TORSO, 1)]
    );
}
