//! What a sweep of automatic fire is worth to the side firing it: the harm it may do to every
//! enemy standing in it, less twice that to every friend.

use super::Seen;
use crate::battle::ranged::RollPreview;
use crate::map::scenario::Scenario;

/// The sweeps weighed at each target: one, two and three times the fewest rounds a sweep
/// spends.
pub(super) const SWEEP_WIDTHS: u32 = 3;

/// Friends caught in a sweep count this many times the harm done them.
const FRIENDS_WEIGH: f64 = 2.0;

/// The harm a sweep's rolls (one at each unit in it, by `harm` of the roll's chance, the
/// unit's hit points and armor) do to the enemies of `side`, less `FRIENDS_WEIGH` times what
/// they do to its friends.
pub(super) fn sweep_harm(
    scenario: &Scenario,
    seen: &[Seen],
    side: usize,
    rolls: &[RollPreview],
    harm: &impl Fn(&[(f64, u32)], u32, u32) -> f64,
) -> f64 {
    rolls
        .iter()
        .filter_map(|roll| {
            let caught = seen.iter().find(|other| other.unit == roll.target)?;
            let armor = scenario.units[roll.target.index()]
                .armor
                .as_ref()
                .map_or(0, |worn| worn.points);
            let done = harm(&[(roll.chance, 1)], caught.hit_points, armor);
            Some(if caught.side == side {
                -FRIENDS_WEIGH * done
            } else if caught.standing {
                done
            } else {
                0.0
            })
        })
        .sum()
}
