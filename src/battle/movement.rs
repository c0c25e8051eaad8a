//! Moving, standing up and fleeing on a unit's turn.

use super::command::Rejection;
use super::event::EventKind;
use super::hold::let_go;
use super::state::Battle;
use super::{Presence, TurnState, UnitId, blast, effects, flow};
use crate::map::reach::{Passage, one_step_apart, reachable};
use crate::map::{GridMap, Tile};
use crate::rules::situation::Posture;

pub(super) fn move_to(battle: &mut Battle, unit: UnitId, to: Tile) -> Result<(), Rejection> {
    let turn = battle.own_turn(unit)?;
    let moves = super::moves::moves_this_round(battle, unit);
    let left = turn
        .movement_left(moves)
        .map_err(|why| Rejection::NotNow(why.to_string()))?;
    let condition = battle.condition(unit);
    if condition.prone {
        return Err(Rejection::Prone);
    }
    if condition.held_by.is_some() {
        return Err(Rejection::Held);
    }
    if condition.held_fast {
        return Err(Rejection::HeldFast);
    }
    let from = battle
        .position(unit)
        .ok_or(Rejection::CannotAct("not on the map".to_string()))?;
    // The standing (and known mines) are gone round; the fallen stepped over.
    let mut others: Vec<(Tile, Passage)> = battle
        .unit_ids()
        .into_iter()
        .filter(|other| *other != unit)
        .filter_map(|other| {
            let at = battle.position(other)?;
            Some((at, Passage::past(battle.vitals(other).conscious())))
        })
        .collect();
    others.extend(
        blast::known_mines(battle, unit)
            .into_iter()
            .map(|at| (at, Passage::Shut)),
    );
    let blocked = |tile: Tile| Passage::at(&others, tile);
    let map = &battle.scenario.map;
    if !map.walkable(to) || blocked(to) != Passage::Free {
        return Err(Rejection::NoPath);
    }
    let within = reachable(map, from, left, blocked);
    let (mut cost, mut path) = match (within.cost(to), within.path(to)) {
        (Some(cost), Some(path)) if to != from => (cost, path),
        _ => {
            // Out of reach: search the whole map to say whether it is too far or cut off.
            return Err(match reachable(map, from, u32::MAX / 2, blocked).cost(to) {
                Some(cost) if to != from => Rejection::OverBudget { cost, left },
                _ => Rejection::NoPath,
            });
        }
    };
    // A mine the unit does not know of stops it where it steps on it.
    let mine = blast::mine_on(battle, unit, path.get(1..).unwrap_or_default());
    if let Some(mine) = mine
        && let Some(stop) = path.iter().position(|tile| *tile == mine)
    {
        path.truncate(stop + 1);
        cost = within.cost(mine).unwrap_or(cost);
    }
    let end = path.last().copied().unwrap_or(to);
    let spent = turn.spent + cost;
    let forfeits = moves.past_free_forfeits
        && !turn.action_used
        && !turn.action_forfeited()
        && spent > moves.free;
    battle.change_turn(|turn| {
        turn.spent = spent;
        if forfeits {
            turn.action_lost = Some(super::ActionLost::RanPastMov);
        }
    });
    let round = battle.round();
    battle.change_condition(unit, |condition| {
        condition.moved_this_round += cost;
        condition.kneeling = false;
        condition.ducked = false;
        if spent > moves.free {
            condition.ran_in_round = Some(round);
        }
    });
    battle.place(unit, Some(end));
    battle.emit(EventKind::Moved {
        unit,
        path: path.clone(),
        cost,
        spent,
    });
    if forfeits {
        battle.emit(EventKind::ActionForfeited { unit });
    }
    // Walking away lets go of anyone held; wading into water puts out a fire.
    if condition.holding.is_some() {
        let_go(battle, unit);
    }
    if path.iter().any(|tile| {
        battle
            .scenario
            .map
            .terrain(*tile)
            .is_some_and(|terrain| terrain.kind == crate::map::TerrainKind::Water)
    }) {
        effects::put_out(battle, unit);
    }
    if let Some(mine) = mine {
        blast::trigger_mine(battle, unit, mine);
    }
    Ok(())
}

pub(super) fn stand_up(battle: &mut Battle, unit: UnitId) -> Result<(), Rejection> {
    let turn = battle.own_turn(unit)?;
    if !battle.condition(unit).prone {
        return Err(Rejection::NotProne);
    }
    pay_to_stand(battle, unit, turn)?;
    let hooks = super::hooks::of(battle);
    let stumbled = hooks.rises(battle, unit);
    battle.change_condition(unit, |condition| condition.prone = false);
    battle.emit(EventKind::StoodUp { unit });
    if stumbled {
        hooks.stumbled(battle, unit);
    }
    Ok(())
}

/// Spend what standing up from prone costs of the turn's movement (the western: half the
/// allowance); refused when less than that is left.
fn pay_to_stand(battle: &mut Battle, unit: UnitId, turn: TurnState) -> Result<(), Rejection> {
    let moves = super::moves::moves_this_round(battle, unit);
    let cost = battle.scenario.ruleset.mechanisms().stand_up_cost(moves);
    if cost == 0 {
        return Ok(());
    }
    let left = turn
        .movement_left(moves)
        .map_err(|why| Rejection::NotNow(why.to_string()))?;
    if cost > left {
        return Err(Rejection::OverBudget { cost, left });
    }
    battle.change_turn(|turn| turn.spent += cost);
    Ok(())
}

/// Take a posture on the unit's turn, where the rulebook lets it choose one (the western):
/// kneeling and lying down are free; standing up from prone costs what `stand_up` does.
pub(super) fn take_posture(
    battle: &mut Battle,
    unit: UnitId,
    posture: Posture,
) -> Result<(), Rejection> {
    let turn = battle.own_turn(unit)?;
    if battle.scenario.ruleset.mechanisms().postures.is_none() {
        return Err(Rejection::NotNow(format!(
            "{} has no postures to take: a unit only falls prone and stands up",
            battle.scenario.ruleset.name()
        )));
    }
    if !battle
        .scenario
        .ruleset
        .mechanisms()
        .posture_choices()
        .contains(&posture)
    {
        return Err(Rejection::NotNow(format!(
            "{} offers no {} posture",
            battle.scenario.ruleset.name(),
            posture.words()
        )));
    }
    let condition = battle.condition(unit);
    let now = condition.posture();
    if now == posture {
        return Err(Rejection::NotNow(format!(
            "it is {} already",
            posture.words()
        )));
    }
    if condition.held_by.is_some() {
        return Err(Rejection::Held);
    }
    let hooks = super::hooks::of(battle);
    let stumbled = if now == Posture::Prone {
        pay_to_stand(battle, unit, turn)?;
        hooks.rises(battle, unit)
    } else {
        false
    };
    battle.change_condition(unit, |condition| {
        condition.prone = posture == Posture::Prone;
        condition.kneeling = posture == Posture::Kneeling;
        condition.ducked = posture == Posture::Hidden;
    });
    battle.emit(EventKind::PostureTaken { unit, posture });
    if stumbled {
        hooks.stumbled(battle, unit);
    }
    Ok(())
}

/// Whether a tile is a way out: a map edge tile, or at one of the scenario's exits.
fn way_out(battle: &Battle, tile: Tile) -> bool {
    let map = &battle.scenario.map;
    let lies_fallen = |exit: Tile| {
        battle
            .unit_at(exit)
            .is_some_and(|other| !battle.standing(other))
    };
    tile.x == 0
        || tile.y == 0
        || tile.x + 1 == map.width()
        || tile.y + 1 == map.height()
        || at_exit(map, &battle.scenario.exits, tile, lies_fallen)
}

/// Whether a unit at `at` may leave by one of `exits`: standing on it, or a step from one a
/// fallen body lies on (a body on the ledger does not keep it from being taken).
pub fn at_exit(
    map: &GridMap,
    exits: &[Tile],
    at: Tile,
    lies_fallen: impl Fn(Tile) -> bool,
) -> bool {
    exits
        .iter()
        .any(|exit| *exit == at || (one_step_apart(map, at, *exit) && lies_fallen(*exit)))
}

/// Use the action to leave the battle from a way out.
pub(super) fn flee(battle: &mut Battle, unit: UnitId) -> Result<(), Rejection> {
    battle.action_available(unit)?;
    if battle.condition(unit).held_by.is_some() {
        return Err(Rejection::Held);
    }
    if battle.condition(unit).held_fast {
        return Err(Rejection::HeldFast);
    }
    let at = battle.position(unit).ok_or(Rejection::NoExit)?;
    if !way_out(battle, at) {
        return Err(Rejection::NoExit);
    }
    if battle.condition(unit).holding.is_some() {
        let_go(battle, unit);
    }
    battle.change_condition(unit, |condition| {
        condition.presence = Presence::Fled;
        condition.prone = false;
    });
    battle.place(unit, None);
    battle.emit(EventKind::Fled { unit });
    flow::end_turn(battle);
    Ok(())
}
