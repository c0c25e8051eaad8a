//! The d100 house sheet's special firearms rules (SPECS.md 4.1, Firearms): a shotgun's hit
//! asks the target's Body roll, −10 against a large calibre (a shotgun past the small one's cap
//! of 60), or knocks it down; a heavy weapon (a machine gun) fired off its mount asks its
//! shooter's Body roll for each shot, or dazes it (−10 on its rolls for 3 rounds, adding up; a
//! third daze in a round knocks it down); a bolt action fires at most 2 shots a round, the
//! second only on a Speed success; a jam takes a round of work, then a Firearms success,
//! to clear.

use crate::rules::modifiers::{Effect, Modifier};
use crate::rules::roll_harm::{CharacteristicCheck, Recoil};
use crate::rules::weapons::{Weapon, WeaponCategory};
use crate::rulesets::d100_house::reasons;

/// The most a small-calibre shotgun's bullet does: a shotgun capped higher is large calibre.
const SMALL_SHOTGUN_CAP: u32 = 60;

/// The shift on the Body roll against a large-calibre shotgun's knock-down.
const LARGE_CALIBRE: Modifier = Modifier {
    reason: reasons::LARGE_CALIBRE,
    effect: Effect::Add(-10),
};

/// The Body roll, plain.
const BODY: CharacteristicCheck = CharacteristicCheck {
    characteristic: ("Body", "CON"),
    shift: None,
};

/// The shift a daze puts on every roll, and the rounds it lasts (the round it came in and the
/// two after).
pub const DAZED: i32 = -10;
pub const DAZE_ROUNDS: u32 = 3;

/// The dazes in one round that knock the shooter down.
const KNOCKED_DOWN_AT: u32 = 3;

/// The most shots a bolt action fires in a round; the Speed roll each after the first asks
/// (and putting out a fire on oneself quickly).
pub const BOLT_SHOTS: u32 = 2;
pub const SPEED: CharacteristicCheck = CharacteristicCheck {
    characteristic: ("Speed", "DEX"),
    shift: None,
};

/// The rounds of work a jam takes before the roll to clear it.
pub const JAM_WORK: u32 = 1;

/// The Body roll a hit by `weapon` asks: a shotgun's, harder against a large calibre.
pub fn knock_down_check(weapon: &Weapon) -> Option<CharacteristicCheck> {
    (weapon.category == WeaponCategory::Shotgun).then(|| CharacteristicCheck {
        characteristic: BODY.characteristic,
        shift: (weapon.damage.flat().unwrap_or_default() > SMALL_SHOTGUN_CAP)
            .then_some(LARGE_CALIBRE),
    })
}

/// What a heavy weapon (a machine gun) asks of its shooter for each shot off a mount.
pub fn recoil(weapon: &Weapon) -> Option<Recoil> {
    (weapon.category == WeaponCategory::MachineGun).then_some(Recoil {
        check: BODY,
        daze_rounds: DAZE_ROUNDS,
        knocked_down_at: KNOCKED_DOWN_AT,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::ruleset::Ruleset;
    use crate::rulesets::d100_house::D100House;

    /// The shipped pump shotgun (cap 80) is large: Body at −10; a sawn-off of cap 60 would be
    /// small (no shift); a pistol and the SMG ask nothing.
    #[test]
    fn a_shotgun_hit_asks_a_body_roll() {
        let sheet = D100House::shipped().expect("the shipped sheet loads");
        let weapon = |name: &str| sheet.weapons().find(name).expect(name).clone();
        let pump = weapon("Pump shotgun");
        assert_eq!(
            knock_down_check(&pump),
            Some(CharacteristicCheck {
                characteristic: ("Body", "CON"),
                shift: Some(Modifier {
                    reason: reasons::LARGE_CALIBRE,
                    effect: Effect::Add(-10),
                }),
            })
        );
        let mut small = pump;
        small.damage = "60".parse().expect("a cap");
        assert_eq!(
            knock_down_check(&small).map(|check| check.shift),
            Some(None)
        );
        assert_eq!(knock_down_check(&weapon("Heavy pistol")), None);
        assert_eq!(knock_down_check(&weapon("SMG")), None);
    }

    /// The light machine gun asks a plain Body roll for each shot, a daze of 3 rounds on a
    /// failure, a knock-down at the third in a round; the SMG, full auto but no heavy weapon,
    /// asks nothing.
    #[test]
    fn a_heavy_weapon_asks_a_body_roll_a_shot() {
        let sheet = D100House::shipped().expect("the shipped sheet loads");
        let weapon = |name: &str| sheet.weapons().find(name).expect(name).clone();
        assert_eq!(
            recoil(&weapon("Light machine gun")),
            Some(Recoil {
                check: BODY,
                daze_rounds: 3,
                knocked_down_at: 3
            })
        );
        assert_eq!(recoil(&weapon("SMG")), None);
    }
}
