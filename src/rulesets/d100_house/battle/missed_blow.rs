//! What a failed blow still does on the d100 house sheet: a sharp weapon's graze on a plain
//! miss, the weapon turned on its wielder on a matched failure or a fumble, and the weapon
//! dropped on a fumble.

use super::condition::house;
use super::events::HouseEvent;
use crate::battle::UnitId;
use crate::battle::arms::drop_weapon;
use crate::battle::event::EventKind;
use crate::battle::melee_weapon::MeleeWeapon;
use crate::battle::state::Battle;
use crate::battle::wounds::{self, Blow};
use crate::rules::roll::Verdict;
use crate::rulesets::d100_house::damage::miss_harm;

/// What `attacker`'s failed blow at `defender` with `weapon` still does: a sharp weapon's graze on a plain miss (`Grazed`; not on a target
/// holding a dodge), the weapon turned on its wielder on a matched failure or fumble
/// (`Backlash`), and the weapon dropped on a fumble (`Disarmed`).
pub(super) fn missed_blow(
    battle: &mut Battle,
    (attacker, defender): (UnitId, UnitId),
    weapon: &MeleeWeapon,
    roll: &Verdict,
) {
    let armed = weapon
        .carried
        .map(|_| (weapon.damage.flat().unwrap_or_default(), weapon.impale));
    let harm = miss_harm(roll, armed);
    if harm.target > 0 && house(battle, defender).dodge_stance.is_none() {
        battle.emit(HouseEvent::Grazed {
            unit: attacker,
            target: defender,
            weapon: weapon.name.clone(),
        });
        wounds::harm(battle, defender, Some(attacker), Blow::struck(harm.target));
    }
    if harm.wielder > 0 {
        battle.emit(EventKind::Backlash {
            unit: attacker,
            weapon: weapon.name.clone(),
        });
        wounds::harm(battle, attacker, None, Blow::caught(harm.wielder));
    }
    if harm.drops
        && let Some(dropped) = drop_weapon(battle, attacker)
    {
        battle.emit(EventKind::Disarmed {
            unit: attacker,
            weapon: dropped,
        });
    }
}
