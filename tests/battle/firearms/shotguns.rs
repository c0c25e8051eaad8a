//! Shotguns: their bands and pellets.

use super::*;

/// The damage of the shot in a hit at `yards` with dice `faces`, against armor 1: the damage
/// roll's dice count and the damage event's rolled, armor and taken.
fn shotgun_hit(
    weapon: &str,
    slugs: bool,
    yards: u32,
    roll: u32,
    faces: &[u32],
) -> (usize, u32, u32, u32, DamageQuality) {
    shotgun_hit_under("", weapon, slugs, yards, roll, faces)
}

/// [`shotgun_hit`] under the scenario's `rules`.
fn shotgun_hit_under(
    rules: &str,
    weapon: &str,
    slugs: bool,
    yards: u32,
    roll: u32,
    faces: &[u32],
) -> (usize, u32, u32, u32, DamageQuality) {
    let rows = field(60, &[]);
    let mut shooter = gunman((1, 5), REVOLVER, RIFLE, 90);
    shooter.weapons.clear();
    shooter.kit = vec![format!("(weapon: {weapon:?}, slugs: {slugs})")];
    let mut target = fighter("Target", "b", (1 + yards, 5));
    (target.constitution, target.armor) = (500, 1);
    let mut app = begun(on_field(&[shooter, target], &rows, rules));
    let mark = event_count(&app);
    let point_blank = yards <= 4;
    let tens = if point_blank { 2 } else { 1 };
    load(
        &mut app,
        &[percentile_with(roll, tens), faces.to_vec()].concat(),
    );
    fire(&mut app, A, FireMode::single(B));
    let events = events_from(&app, mark);
    let rolled = events
        .iter()
        .find_map(|event| match event {
            EventKind::DamageRolled { roll, .. } => Some(roll.clone()),
            _ => None,
        })
        .unwrap_or_else(|| panic!("a hit: {events:?}"));
    let damaged = events
        .iter()
        .find_map(|event| match event {
            EventKind::Damaged {
                rolled,
                armor,
                taken,
                ..
            } => Some((*rolled, *armor, *taken)),
            _ => None,
        })
        .expect("damage");
    (
        rolled.dice().count(),
        damaged.0,
        damaged.1,
        damaged.2,
        rolled.quality,
    )
}

/// With the scenario's `shotgun_armor_per_die: false` armor comes off a hit of shot once: 4D6 of
/// 10 against armor 1 is 9, not 6.
#[test]
fn a_scenario_may_take_armor_off_a_shotgun_hit_once() {
    let gun = "12-gauge Shotgun (2B)";
    assert_eq!(
        shotgun_hit_under(
            "shotgun_armor_per_die: false",
            gun,
            false,
            8,
            30,
            &[1, 2, 3, 4]
        ),
        (4, 10, 1, 9, DamageQuality::Normal)
    );
    assert_eq!(
        shotgun_hit(gun, false, 8, 30, &[1, 2, 3, 4]),
        (4, 10, 4, 6, DamageQuality::Normal),
        "on unless told: armor off every die"
    );
}

/// A 12-gauge does 4D6 to 10 yards, 2D6 to 20, 1D6 to 50; armor comes off every die; an extreme
/// hit is the maximum (24), never an impale with shot; a slug impales.
#[test]
fn shotgun_bands_and_armor_against_every_die() {
    let gun = "12-gauge Shotgun (2B)";
    assert_eq!(
        shotgun_hit(gun, false, 10, 50, &[3, 1, 6, 2]),
        (4, 12, 4, 8, DamageQuality::Normal),
        "4D6 less 1 a die: 2 + 0 + 5 + 1"
    );
    assert_eq!(
        shotgun_hit(gun, false, 11, 40, &[4, 5]),
        (2, 9, 2, 7, DamageQuality::Normal)
    );
    assert_eq!(
        shotgun_hit(gun, false, 20, 40, &[4, 5]),
        (2, 9, 2, 7, DamageQuality::Normal)
    );
    assert_eq!(
        shotgun_hit(gun, false, 21, 10, &[6]),
        (1, 6, 1, 5, DamageQuality::Normal)
    );
    assert_eq!(
        shotgun_hit(gun, false, 8, 5, &[]),
        (0, 24, 4, 20, DamageQuality::Extreme)
    );
    // Slugs: 1D10+6, base range 50 yards, and an extreme hit impales: 16 + 1D10+6.
    assert_eq!(
        shotgun_hit(gun, true, 8, 5, &[7]),
        (1, 29, 1, 28, DamageQuality::Impale)
    );
}
