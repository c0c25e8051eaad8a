//! How far a unit moves this round: its own movement, or what its footing leaves it (nothing
//! held fast, a lamed unit's crawl where the rulebook has one), as the rulebook's own state
//! bounds it (the western's zigzag, at its `moves` stage); and each unit's bounds gathered for
//! the panels.

use bevy::prelude::*;

use super::choices::RoundBounds;
use super::hooks;
use super::state::Battle;
use super::{Footing, UnitId};
use crate::map::scenario::Scenario;
use crate::rules::characteristics::MoveAllowance;

/// The movement a unit's `footing` leaves it in place of its own: none held fast; a lamed
/// unit's crawl, where the rulebook has one (a crippled leg on the d100 house sheet); `None`
/// for a unit on its own feet, or lamed in a rulebook without a crawl.
pub fn crawl(scenario: &Scenario, footing: Footing) -> Option<MoveAllowance> {
    let crawl = match footing {
        Footing::Free => None,
        Footing::Lamed => scenario.ruleset.crawl(),
        Footing::HeldFast => Some(0),
    }?;
    Some(MoveAllowance {
        free: crawl,
        most: crawl,
        past_free_forfeits: false,
    })
}

/// The movement `unit` has on its `footing`, before its rulebook's own state bounds it: what
/// its footing leaves it, else its own.
pub fn own_moves(scenario: &Scenario, (unit, footing): (UnitId, Footing)) -> MoveAllowance {
    crawl(scenario, footing).unwrap_or(scenario.units[unit.index()].derived.moves)
}

/// The movement `unit` has this round, as its rulebook bounds it.
pub fn moves_this_round(battle: &Battle, unit: UnitId) -> MoveAllowance {
    let own = own_moves(&battle.scenario, (unit, battle.condition(unit).footing()));
    hooks::of(battle).moves(battle, unit, own)
}

/// How the battle's rulebook bounds each unit this round (its movement, a stay, what binds its
/// turn), in the roster's order.
pub fn bounded(world: &mut World) -> Vec<(UnitId, RoundBounds)> {
    let battle = Battle::new(world);
    let hooks = hooks::of(&battle);
    battle
        .unit_ids()
        .into_iter()
        .map(|unit| {
            let bounds = RoundBounds {
                moves: moves_this_round(&battle, unit),
                stays: hooks.stays(&battle, unit),
                binding: hooks.binding(&battle, unit),
            };
            (unit, bounds)
        })
        .collect()
}
