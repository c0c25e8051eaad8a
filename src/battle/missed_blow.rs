//! What a failed blow still does, where the rulebook says so (the d100 house sheet): a sharp
//! weapon's graze on a plain miss, the weapon turned on its wielder on a matched failure or a
//! fumble, and the weapon dropped on a fumble.

use super::UnitId;
use super::event::EventKind;
use super::fighting::MeleeWeapon;
use super::state::Battle;
use super::wounds::Blow;
use crate::rules::roll::Verdict;

/// What `attacker`'s failed blow at `defender` with `weapon` still does, where the rulebook says
/// (the d100 house sheet): a sharp weapon's graze on a plain miss (`Grazed`; not on a target
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
    let harm = battle.scenario.ruleset.miss_harm(roll, armed);
    if harm.target > 0 && battle.condition(defender).dodge_stance.is_none() {
        battle.emit(EventKind::Grazed {
            unit: attacker,
            target: defender,
            weapon: weapon.name.clone(),
        });
        super::wounds::harm(battle, defender, Some(attacker), Blow::struck(harm.target));
    }
    if harm.wielder > 0 {
        battle.emit(EventKind::Backlash {
            unit: attacker,
            weapon: weapon.name.clone(),
        });
        super::wounds::harm(battle, attacker, None, Blow::caught(harm.wielder));
    }
    if harm.drops
        && let Some(dropped) = super::pain::drop_weapon(battle, attacker)
    {
        battle.emit(EventKind::Disarmed {
            unit: attacker,
            weapon: dropped,
        });
    }
}
