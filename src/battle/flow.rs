//! The round: the order of turns, delays, units arriving, the end-of-round dying checks and
//! how the battle ends.

use super::aim::spoil_aim;
use super::command::{Rejection, WeaponChoice};
use super::event::{EventKind, Outcome};
use super::hooks::{Surprise, TurnCost};
use super::round_order::{
    carries_firearm, combat_skill, dex_roll, firearm_in_hand, keep_roll_offs, kept_initiative,
    kept_order,
};
use super::state::Battle;
use super::{ActionLost, Phase, Presence, TurnState, UnitId};
use crate::map::Tile;
use crate::map::range::distance_yards;
use crate::map::scenario::Victory;
use crate::rules::firearms::can_chamber_and_fire;
use crate::rules::initiative::InitiativeEntry;
use crate::rules::percentile::SuccessLevel;
use crate::rules::round::{RoundHistory, Slot, TurnKind};
use crate::rules::weapons::Weapon;

/// Start the battle: round 1 begins.
pub(super) fn begin(battle: &mut Battle) -> Result<(), Rejection> {
    if battle.flow().phase != Phase::Setup {
        return Err(Rejection::AlreadyBegun);
    }
    let seed = battle.world.resource::<super::BattleDice>().seed;
    battle.emit(EventKind::BattleBegan { seed });
    start_round(battle, 1);
    Ok(())
}

/// After every command: end the battle if it is decided, else move on to whoever acts next.
pub(super) fn settle(battle: &mut Battle) {
    if matches!(battle.flow().phase, Phase::Over(_)) {
        return;
    }
    if let Some(outcome) = decided(battle, false) {
        finish(battle, outcome);
        return;
    }
    if battle.flow().phase != Phase::Turn {
        return;
    }
    // The acting unit may have been knocked out (fighting back) or have fled.
    if let Some(unit) = battle.flow().acting()
        && !battle.standing(unit)
    {
        end_turn(battle);
    }
}

fn finish(battle: &mut Battle, outcome: Outcome) {
    battle.flow_mut().phase = Phase::Over(outcome.clone());
    battle.flow_mut().turn = None;
    battle.emit(EventKind::BattleEnded { outcome });
}

/// Whether a standing enemy could come to blows with the unit this round: within its MOV and a
/// step.
fn threatened(battle: &Battle, unit: UnitId) -> bool {
    let Some(here) = battle.position(unit) else {
        return false;
    };
    let side = battle.spec(unit).side;
    battle.unit_ids().into_iter().any(|other| {
        let reach = f64::from(battle.spec(other).derived.movement()) + 1.5;
        battle.spec(other).side != side
            && battle.standing(other)
            && battle
                .position(other)
                .is_some_and(|at| distance_yards(here, at) <= reach)
    })
}

/// What the unit has done this round, for the limits of its next turn.
fn round_history(battle: &Battle, unit: UnitId) -> RoundHistory {
    let condition = battle.condition(unit);
    RoundHistory {
        threatened: threatened(battle, unit),
        shots: condition.shots_this_round,
        burst: condition.burst_this_round,
        acted: condition.acted_this_round,
        forfeited: condition.forfeited_this_round,
        aimed: condition.aim.is_some_and(|aim| aim.round == battle.round()),
        dodged: battle
            .scenario
            .ruleset
            .mechanisms()
            .dodge_costs_the_attack()
            && condition.dodges_this_round > 0,
        firearm_shots: firearm_in_hand(battle, unit).map(Weapon::most_shots),
        chambers: chambers(battle, unit),
    }
}

/// Whether the unit's firearm in hand is empty, with a round to chamber and fire.
fn chambers(battle: &Battle, unit: UnitId) -> bool {
    let arsenal = battle.arsenal(unit);
    let WeaponChoice::Carried(index) = arsenal.in_hand else {
        return false;
    };
    firearm_in_hand(battle, unit)
        .is_some_and(|weapon| can_chamber_and_fire(weapon.feed(), arsenal.state(index).ammunition))
}

fn start_round(battle: &mut Battle, round: u32) {
    {
        let mut flow = battle.flow_mut();
        flow.round = round;
        flow.delayed.clear();
        flow.released.clear();
        flow.turn = None;
        flow.phase = Phase::Turn;
    }
    for unit in battle.unit_ids() {
        battle.change_condition(unit, |condition| {
            condition.defences_this_round = 0;
            condition.dodges_this_round = 0;
            condition.shots_this_round = 0;
            condition.burst_this_round = false;
            condition.moved_this_round = 0;
            condition.acted_this_round = false;
            condition.forfeited_this_round = false;
        });
        super::hooks::of(battle).round_begins(battle, unit);
        if battle.condition(unit).presence == Presence::Arriving(round) {
            arrive(battle, unit);
        }
    }
    super::hooks::of(battle).round_opened(battle);
    let acting: Vec<UnitId> = battle
        .unit_ids()
        .into_iter()
        .filter(|unit| battle.standing(*unit))
        .collect();
    let by_dex_roll = battle.scenario.rules.dex_roll_initiative;
    let hooks = super::hooks::of(battle);
    let entries: Vec<InitiativeEntry> = acting
        .iter()
        .map(|&unit| {
            let readied = firearm_in_hand(battle, unit).is_some();
            let dex_roll = by_dex_roll.then(|| dex_roll(battle, unit, readied));
            InitiativeEntry {
                unit: unit.0,
                dexterity: battle.spec(unit).characteristics.dexterity,
                readied_firearm: readied,
                carries_firearm: carries_firearm(battle, unit),
                combat_skill: combat_skill(battle, unit),
                dex_roll,
                surprised: battle.round() == 1
                    && hooks.surprise(battle, unit) != Surprise::Unsurprised,
                kept: kept_initiative(battle, unit),
            }
        })
        .collect();
    let ruleset = battle.scenario.ruleset.clone();
    let slots = match kept_order(battle, &entries) {
        Some(slots) => slots,
        None => {
            let slots = ruleset.round_plan(&entries, &mut |sides| battle.die(sides).face);
            keep_roll_offs(battle, &slots);
            if ruleset.mechanisms().kept_order {
                battle.flow_mut().kept_order = slots.clone();
            }
            slots
        }
    };
    let order: Vec<UnitId> = slots.iter().map(|slot| UnitId(slot.unit)).collect();
    {
        let mut flow = battle.flow_mut();
        flow.order = slots.clone();
        flow.next_in_order = 0;
    }
    let slots = if slots.iter().all(Slot::is_plain) {
        Vec::new()
    } else {
        slots
    };
    battle.emit(EventKind::RoundBegan { order, slots });
    next_turn(battle);
}

/// A unit joins at its start tile, or the nearest free tile to it.
fn arrive(battle: &mut Battle, unit: UnitId) {
    let start = battle.spec(unit).start;
    let map = &battle.scenario.map;
    let free = |tile: Tile| map.walkable(tile) && battle.unit_at(tile).is_none();
    let mut at = None;
    'search: for radius in 0..map.width().max(map.height()) {
        let radius = i32::try_from(radius).unwrap_or(i32::MAX);
        for dy in -radius..=radius {
            for dx in -radius..=radius {
                if dx.abs() != radius && dy.abs() != radius {
                    continue;
                }
                if let Some(tile) = start.offset(dx, dy).filter(|tile| free(*tile)) {
                    at = Some(tile);
                    break 'search;
                }
            }
        }
    }
    let Some(at) = at else {
        return;
    };
    battle.change_condition(unit, |condition| condition.presence = Presence::Present);
    battle.place(unit, Some(at));
    battle.emit(EventKind::UnitJoined { unit, at });
}

/// Give the turn to whoever acts next, or end the round.
fn next_turn(battle: &mut Battle) {
    loop {
        release_orphaned_waits(battle);
        let next = {
            let mut flow = battle.flow_mut();
            if let Some(unit) = flow.released.pop_front() {
                Some((unit, TurnKind::Whole))
            } else if flow.next_in_order < flow.order.len() {
                let slot = flow.order[flow.next_in_order];
                flow.next_in_order += 1;
                Some((UnitId(slot.unit), slot.kind))
            } else {
                None
            }
        };
        let Some((unit, kind)) = next else {
            // Units waiting for everyone act last, by DEX.
            let waiting_for_all: Vec<UnitId> = battle
                .flow()
                .delayed
                .iter()
                .filter(|(_, until)| until.is_none())
                .map(|(unit, _)| *unit)
                .collect();
            if waiting_for_all.is_empty() {
                super::round_end::end_round(battle);
                if let Some(outcome) = decided(battle, true) {
                    finish(battle, outcome);
                } else {
                    let round = battle.round();
                    start_round(battle, round + 1);
                }
                return;
            }
            release(battle, &waiting_for_all);
            continue;
        };
        let delayed = battle
            .flow()
            .delayed
            .iter()
            .any(|(waiting, _)| *waiting == unit);
        if delayed || !battle.standing(unit) {
            continue;
        }
        // A slot with nothing the unit could do there goes by.
        let ruleset = battle.scenario.ruleset.clone();
        let history = round_history(battle, unit);
        let Some(limits) = ruleset.turn_limits(kind, &history) else {
            continue;
        };
        // A stunned unit's turn goes by (a slot for a shot or a declaration goes by without
        // counting), as does one a blast stunned for the round.
        let condition = battle.condition(unit);
        if condition.stunned() || condition.stunned_in(battle.round()) {
            if limits.kind == TurnKind::Whole && !limits.fire_only {
                battle.change_condition(unit, |condition| {
                    condition.stunned_turns = condition.stunned_turns.saturating_sub(1);
                });
                battle.emit(EventKind::TurnLost { unit });
            }
            continue;
        }
        // A turn the rulebook's own state spends (the house sheet's getting up, knocked
        // down); what lasts to its next turn ends.
        if limits.kind == TurnKind::Whole && super::hooks::of(battle).turn_spent(battle, unit) {
            turn_comes(battle, unit);
            continue;
        }
        // So does a pinned unit's.
        if super::hold::pinned(battle, unit, None) {
            if limits.kind == TurnKind::Whole && !limits.fire_only {
                battle.emit(EventKind::TurnLost { unit });
            }
            continue;
        }
        // The rulebook's own state (the western's pain of a wound) may cost the turn, or its
        // action, told in its events.
        let cost = if limits.kind == TurnKind::Whole && !limits.fire_only {
            super::hooks::of(battle).turn_begins(battle, unit)
        } else {
            TurnCost::Nothing
        };
        let cost_action = match cost {
            TurnCost::Turn => continue,
            TurnCost::Action(why) => Some(why),
            TurnCost::Nothing => None,
        };
        // A fumbled DEX roll for initiative costs the unit its first action; diving for cover
        // costs it its next one.
        let fumbled = battle
            .flow()
            .dex_rolls
            .get(&unit)
            .is_some_and(|(level, _)| *level == SuccessLevel::Fumble)
            && !battle.condition(unit).initiative_edge_spent;
        let dived = battle.condition(unit).dived_for_cover;
        // Where the rulebook says so (BRP), a unit that dodged this round may not attack; nor
        // may one taken wholly by surprise in round 1.
        let surprised = battle.round() == 1
            && super::hooks::of(battle).surprise(battle, unit) == Surprise::Wholly;
        let dodged = history.dodged || surprised;
        // Those cost a turn's action; a declaration has none to lose.
        let whole = limits.kind != TurnKind::Declare;
        let (fumbled, dived, dodged) = (fumbled && whole, dived && whole, dodged && whole);
        // So do the rulebook's limits on its rolls (the d10 pool's dice spent or kept for
        // defence): nothing left to act with.
        let dice_lost = super::hooks::of(battle)
            .action_lost(battle, unit)
            .filter(|_| whole);
        let action_lost = cost_action
            .or_else(|| {
                [
                    (fumbled, ActionLost::FumbledInitiative),
                    (dived, ActionLost::DivedForCover),
                    (dodged && surprised, ActionLost::WhollySurprised),
                    (dodged, ActionLost::Dodged),
                ]
                .into_iter()
                .find_map(|(lost, why)| lost.then_some(why))
            })
            .or(dice_lost);
        battle.flow_mut().turn = Some(TurnState {
            action_lost,
            limits,
            ..TurnState::fresh(unit)
        });
        turn_comes(battle, unit);
        battle.emit(EventKind::TurnBegan { unit });
        if fumbled {
            battle.change_condition(unit, |condition| condition.initiative_edge_spent = true);
        }
        if fumbled || dived || dodged || dice_lost.is_some() || cost_action.is_some() {
            battle.emit(EventKind::ActionForfeited { unit });
        }
        return;
    }
}

/// What lasts until a unit's next turn ends as it comes: what the rulebook's own state keeps
/// until then (the d10 pool's evade pool, the house sheet's dodge stance, shares and call, and
/// the suppressing fire it laid down).
fn turn_comes(battle: &mut Battle, unit: UnitId) {
    super::hooks::of(battle).turn_comes(battle, unit);
}

/// Delayed units whose wait is over go next, highest DEX first.
fn release(battle: &mut Battle, units: &[UnitId]) {
    let mut ready: Vec<UnitId> = units.to_vec();
    ready.sort_by_key(|unit| {
        (
            std::cmp::Reverse(battle.spec(*unit).characteristics.dexterity),
            *unit,
        )
    });
    let mut flow = battle.flow_mut();
    flow.delayed.retain(|(waiting, _)| !ready.contains(waiting));
    flow.released.extend(ready);
}

/// Units waiting for someone who can no longer act this round stop waiting.
fn release_orphaned_waits(battle: &mut Battle) {
    let orphaned: Vec<UnitId> = battle
        .flow()
        .delayed
        .iter()
        .filter(|(_, until)| until.is_some_and(|other| !battle.standing(other)))
        .map(|(unit, _)| *unit)
        .collect();
    if !orphaned.is_empty() {
        release(battle, &orphaned);
    }
}

/// End the acting unit's turn and pass it on.
pub fn end_turn(battle: &mut Battle) {
    let Some(unit) = battle.flow().acting() else {
        return;
    };
    let Some(turn) = battle.flow().turn else {
        return;
    };
    if turn.limits.kind == TurnKind::Whole {
        super::hooks::of(battle).turn_ends(battle, &turn);
    }
    let (acted, forfeited) = (turn.action_used, turn.action_forfeited());
    battle.flow_mut().turn = None;
    battle.change_condition(unit, |condition| {
        condition.dived_for_cover = false;
        condition.acted_this_round |= acted;
        condition.forfeited_this_round |= forfeited;
    });
    // An aim taken last round and not used on this turn is gone.
    let round = battle.round();
    if battle
        .condition(unit)
        .aim
        .is_some_and(|aim| aim.round < round)
    {
        spoil_aim(battle, unit);
    }
    battle.emit(EventKind::TurnEnded { unit });
    let waiting: Vec<UnitId> = battle
        .flow()
        .delayed
        .iter()
        .filter(|(_, until)| *until == Some(unit))
        .map(|(waiting, _)| *waiting)
        .collect();
    release(battle, &waiting);
    if let Some(outcome) = decided(battle, false) {
        finish(battle, outcome);
        return;
    }
    next_turn(battle);
}

/// Wait until another unit has acted (or everyone has).
pub(super) fn delay(
    battle: &mut Battle,
    unit: UnitId,
    until: Option<UnitId>,
) -> Result<(), Rejection> {
    let turn = battle.action_available(unit)?;
    if turn.spent > 0 {
        return Err(Rejection::CannotDelay("it has already moved".to_string()));
    }
    if let Some(other) = until {
        battle.known(other)?;
        if other == unit {
            return Err(Rejection::CannotDelay(
                "a unit cannot wait for itself".to_string(),
            ));
        }
        let flow = battle.flow();
        let still_to_act = flow.order[flow.next_in_order..]
            .iter()
            .any(|slot| slot.unit == other.0)
            || flow.delayed.iter().any(|(waiting, _)| *waiting == other)
            || flow.released.contains(&other);
        if !still_to_act || !battle.standing(other) {
            return Err(Rejection::CannotDelay(format!(
                "{} has no turn left this round",
                battle.spec(other).name
            )));
        }
    }
    battle.flow_mut().delayed.push((unit, until));
    battle.flow_mut().turn = None;
    battle.emit(EventKind::Delayed { unit, until });
    next_turn(battle);
    Ok(())
}

/// Whether the battle is decided: by its victory condition, or because at most one side still
/// stands. `round_over` says the current round has just ended (for conditions counted in
/// rounds).
fn decided(battle: &Battle, round_over: bool) -> Option<Outcome> {
    let scenario = &battle.scenario;
    let side_of = |id: &str| scenario.sides.iter().position(|side| side.id == id);
    let standing_on = |side: usize| {
        battle
            .unit_ids()
            .into_iter()
            .filter(|unit| battle.spec(*unit).side == side)
            .filter(|unit| {
                battle.standing(*unit)
                    || matches!(battle.condition(*unit).presence, Presence::Arriving(_))
            })
            .count()
    };
    let sides_standing: Vec<usize> = (0..scenario.sides.len())
        .filter(|side| standing_on(*side) > 0)
        .collect();
    let won = |side: usize, reason: String| Outcome {
        winner: Some(side),
        reason,
    };
    let rounds_done = if round_over {
        battle.round()
    } else {
        battle.round().saturating_sub(1)
    };
    let condition = match &scenario.victory {
        Victory::LastSideStanding => None,
        Victory::Survive { side, rounds } => side_of(side).and_then(|side| {
            (rounds_done >= *rounds && standing_on(side) > 0).then(|| {
                won(
                    side,
                    format!("{} held out for {rounds} rounds", scenario.sides[side].name),
                )
            })
        }),
        Victory::ReachExit {
            side,
            count,
            by_round,
        } => side_of(side).and_then(|side| {
            let escaped = battle
                .unit_ids()
                .into_iter()
                .filter(|unit| {
                    battle.spec(*unit).side == side
                        && battle.condition(*unit).presence == Presence::Fled
                })
                .count();
            if escaped >= *count as usize {
                return Some(won(
                    side,
                    format!("{escaped} of {} got away", scenario.sides[side].name),
                ));
            }
            let holders = (0..scenario.sides.len())
                .find(|other| *other != side && standing_on(*other) > 0)?;
            by_round
                .filter(|rounds| rounds_done >= *rounds)
                .map(|rounds| {
                    won(
                        holders,
                        format!(
                            "{} held the way out for {rounds} rounds",
                            scenario.sides[holders].name
                        ),
                    )
                })
        }),
        Victory::Protect { side, unit, rounds } => side_of(side).and_then(|side| {
            let protected = scenario
                .units
                .iter()
                .position(|spec| spec.name == *unit)
                .map(UnitId::of_index)?;
            if !battle.standing(protected) {
                let others = (0..scenario.sides.len())
                    .find(|other| *other != side && standing_on(*other) > 0);
                return Some(Outcome {
                    winner: others,
                    reason: format!("{unit} fell"),
                });
            }
            (rounds_done >= *rounds)
                .then(|| won(side, format!("{unit} was kept safe for {rounds} rounds")))
        }),
    };
    condition.or_else(|| match sides_standing.as_slice() {
        [] => Some(Outcome {
            winner: None,
            reason: "nobody is left standing".to_string(),
        }),
        [side] => Some(won(*side, "the last side standing".to_string())),
        _ => None,
    })
}
