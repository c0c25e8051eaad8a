//! Firing into a melee (CoC 7e): a fumbled shot at a unit in a melee hits the shooter's ally
//! in that melee with the lowest Luck instead.

use crate::battle::UnitId;
use crate::battle::shot::engaged_with;
use crate::battle::state::Battle;
use crate::rules::percentile::SuccessLevel;
use crate::rules::roll::Verdict;

/// The ally `shooter`'s missed shot at `target` hits, where `check` fumbled: of the shooter's
/// side in the melee about the target, the one with the lowest Luck.
pub(super) fn victim(
    battle: &Battle,
    (shooter, target): (UnitId, UnitId),
    check: &Verdict,
) -> Option<UnitId> {
    if check.level != SuccessLevel::Fumble {
        return None;
    }
    let side = battle.spec(shooter).side;
    engaged_with(battle, shooter, target)
        .into_iter()
        .filter(|unit| battle.spec(*unit).side == side)
        .min_by_key(|unit| (battle.luck(*unit), *unit))
}
