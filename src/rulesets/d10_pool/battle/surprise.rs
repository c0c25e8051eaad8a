//! A surprise attack in the d10 pool (SPECS.md 2, a house rule): a contest of the attacker's
//! Dex + Stealth against the target's Per + Alertness (harder asleep or meditating), the target
//! seeing it coming unless the attacker nets more.

use crate::battle::UnitId;
use crate::battle::event::EventKind;
use crate::battle::state::Battle;
use crate::rules::modifiers::Modifier;
use crate::rules::roll::{Demand, RollPurpose};
use crate::rulesets::d10_pool::{SURPRISE_POOLS, watch_value};

/// Whether `target` sees `unit`'s surprise attack coming: the sneaking pool and the watching
/// pool are rolled, the attacker's first.
pub(super) fn seen(battle: &mut Battle, (unit, target): (UnitId, UnitId)) -> bool {
    let (sneaking, watching) = SURPRISE_POOLS;
    let watchfulness = watch_value(battle.spec(target).opening.watch);
    let mut roll = |who: UnitId, pool: &str, modifiers: Vec<Modifier>| {
        let demand = Demand::new(battle.skill(who, pool), modifiers);
        battle
            .roll(who, RollPurpose::Skill(pool.to_string()), &demand)
            .net
    };
    let sneak = roll(unit, sneaking, Vec::new());
    let watch = roll(target, watching, watchfulness);
    sneak <= watch
}

/// Whether a surprise attack before round 1 caught `unit` unawares.
pub(super) fn ambushed(battle: &Battle, unit: UnitId) -> bool {
    battle.events().iter().any(|event| {
        matches!(event.kind, EventKind::SurpriseAttempted { target, seen: false, .. } if target == unit)
    })
}
