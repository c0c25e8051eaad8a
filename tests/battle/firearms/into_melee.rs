//! Firing into a melee.

use super::*;
use gridkeeper::rulesets::coc7e::reasons;

/// A fumble firing into a melee hits the shooter's ally there with the lowest Luck.
#[test]
fn a_fumble_into_melee_hits_the_unluckiest_ally() {
    let rows = field(20, &[]);
    let shooter = gunman((1, 5), REVOLVER, HANDGUN, 30);
    let target = fighter("Target", "b", (9, 5));
    let mut lucky = fighter("Lucky", "a", (10, 5));
    lucky.luck = 80;
    let mut unlucky = fighter("Unlucky", "a", (10, 6));
    unlucky.luck = 20;
    let mut app = begun(on_field(&[shooter, target, lucky, unlucky], &rows, ""));
    let mark = event_count(&app);
    load(&mut app, &[percentile_with(98, 2), vec![4]].concat());
    fire(&mut app, A, FireMode::single(B));
    let events = events_from(&app, mark);
    let (check, modifiers) = &attack_rolls(&events, A)[0];
    assert_eq!(reasons(modifiers), [(reasons::INTO_MELEE, -1)]);
    assert_eq!(check.level, SuccessLevel::Fumble);
    assert!(events.contains(&EventKind::StrayHit {
        unit: A,
        target: B,
        ally: UnitId(3)
    }));
    assert!(events.iter().any(|event| matches!(
        event,
        EventKind::Damaged { unit, taken: 4, .. } if *unit == UnitId(3)
    )));
}
