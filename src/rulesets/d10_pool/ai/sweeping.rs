//! The sweeps the d10 pool's AI weighs, and what one is worth to the side firing it: the harm it
//! may do to every enemy standing in it, less twice that to every friend, each ten rounds
//! costing what a bullet does.

use crate::ai::Seen;
use crate::ai::hooks::OwnFireChoice;
use crate::battle::UnitId;
use crate::battle::ranged::RollPreview;
use crate::map::scenario::Scenario;
use crate::rules::weapons::{AttackForm, Weapon};
use crate::rulesets::d10_pool::battle::sweep::PoolFireMode;
use crate::rulesets::d10_pool::sweep::SWEEP;

/// The sweeps weighed at each target: one, two and three times the fewest rounds a sweep
/// spends.
const SWEEP_WIDTHS: u32 = 3;

/// Friends caught in a sweep count this many times the harm done them.
const FRIENDS_WEIGH: f64 = 2.0;

/// The sweeps of `weapon` worth weighing at `target`: each width the widths allow, centred on
/// it, where the gun fires full auto.
pub(super) fn sweeps(weapon: &Weapon, target: UnitId) -> Vec<OwnFireChoice> {
    if !weapon.uses.full_auto || weapon.attack_form() != AttackForm::Shot {
        return Vec::new();
    }
    (1..=SWEEP_WIDTHS)
        .map(|tens| OwnFireChoice {
            mode: PoolFireMode::Sweep {
                at: target,
                rounds: tens * SWEEP.least_rounds,
            }
            .into(),
            near_only: false,
        })
        .collect()
}

/// What `sweep` is worth to `side`: the bullets it counts as (each ten rounds one), and the
/// harm its rolls (one at each unit in it, by `harm` of the roll's chance, the unit's hit points
/// and armor) do to the enemies of `side`, less `FRIENDS_WEIGH` times what they do to its
/// friends.
pub(super) fn worth(
    scenario: &Scenario,
    (seen, side): (&[Seen], usize),
    sweep: &PoolFireMode,
    rolls: &[RollPreview],
    harm: &dyn Fn(&[(f64, u32)], u32, u32) -> f64,
) -> (u32, f64) {
    let harm_done = rolls
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
        .sum();
    (sweep.rounds() / SWEEP.least_rounds.max(1), harm_done)
}
