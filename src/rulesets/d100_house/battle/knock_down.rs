//! Knocked down (the d100 house sheet: a shotgun hit its target fails to shrug off with a Body
//! roll, or a third daze in a round from firing a heavy weapon off its mount, SPECS.md 4.1): it falls prone, goes to the back of the queue kept for the fight (and of this
//! round's, where it has not yet acted), and spends its next turn getting up. Dazed: a shift on
//! every roll for some rounds, each daze adding its own.

use super::condition::{change_house, house};
use super::events::HouseEvent;
use crate::battle::UnitId;
use crate::battle::event::EventKind;
use crate::battle::state::Battle;
use crate::rules::round::Slot;
use crate::rules::weapons::Weapon;
use crate::rulesets::d100_house::firearms;

/// After `weapon`'s hit on `target`, the Body roll a shotgun asks: failed, the target is
/// knocked down.
pub(super) fn after_hit(battle: &mut Battle, target: UnitId, weapon: &Weapon) {
    let Some(check) = firearms::knock_down_check(weapon) else {
        return;
    };
    if !battle.standing(target) || house(battle, target).knocked_down {
        return;
    }
    if !battle.passes(target, check) {
        knock_down(battle, target);
    }
}

/// After `unit` fired `shots` from its carried weapon `index`, a heavy weapon off its mount:
/// the Body roll for each shot; each failed dazes it, and the dazes of one round, enough of
/// them, knock it down. Whether it still stands to fire on.
pub(super) fn recoil(
    battle: &mut Battle,
    unit: UnitId,
    (index, weapon): (usize, &Weapon),
    shots: u32,
) -> bool {
    let fires_on = |battle: &Battle| !house(battle, unit).knocked_down;
    let Some(recoil) = firearms::recoil(weapon) else {
        return fires_on(battle);
    };
    if battle
        .spec(unit)
        .weapons
        .get(index)
        .is_none_or(|carried| carried.mounted)
    {
        return fires_on(battle);
    }
    for _ in 0..shots {
        if !battle.standing(unit) || house(battle, unit).knocked_down {
            return fires_on(battle);
        }
        if battle.passes(unit, recoil.check) {
            continue;
        }
        let until = daze(battle, unit, recoil.daze_rounds);
        let this_round = house(battle, unit)
            .dazed_until
            .iter()
            .filter(|round| **round == until)
            .count();
        if u32::try_from(this_round).unwrap_or(u32::MAX) >= recoil.knocked_down_at {
            knock_down(battle, unit);
        }
    }
    fires_on(battle)
}

/// `unit` is dazed for `rounds` rounds from this one, on top of any other daze (a fresh one
/// takes a free place, or the one ending first); the last round it is dazed in.
pub fn daze(battle: &mut Battle, unit: UnitId, rounds: u32) -> u32 {
    let until = battle.round().saturating_add(rounds.saturating_sub(1));
    change_house(battle, unit, |house| {
        if let Some(place) = house.dazed_until.iter_mut().min_by_key(|round| **round) {
            *place = until;
        }
    });
    battle.emit(HouseEvent::Dazed {
        unit,
        until_round: until,
    });
    until
}

/// `unit` is knocked down: prone, at the back of the queue kept for the fight (behind any
/// knocked down before it), last in this round's order if its turn is still to come, its next
/// turn spent getting up.
pub fn knock_down(battle: &mut Battle, unit: UnitId) {
    battle.fall_prone(unit);
    change_house(battle, unit, |house| house.knocked_down = true);
    {
        let mut flow = battle.flow_mut();
        let next = flow.next_in_order;
        to_the_back(&mut flow.kept_order, 0, unit);
        to_the_back(&mut flow.order, next, unit);
    }
    battle.emit(HouseEvent::KnockedDown { unit });
}

/// `unit`'s slot, where it is among `slots` from `from` on, moved to the end.
fn to_the_back(slots: &mut Vec<Slot>, from: usize, unit: UnitId) {
    if let Some(at) = slots.iter().skip(from).position(|slot| slot.unit == unit.0) {
        let slot = slots.remove(from + at);
        slots.push(slot);
    }
}

/// At the start of `unit`'s turn: where it was knocked down, it gets up, and the turn is spent.
pub(super) fn gets_up(battle: &mut Battle, unit: UnitId) -> bool {
    if !house(battle, unit).knocked_down {
        return false;
    }
    change_house(battle, unit, |house| house.knocked_down = false);
    battle.change_condition(unit, |condition| condition.prone = false);
    battle.emit(EventKind::StoodUp { unit });
    battle.emit(EventKind::TurnLost { unit });
    true
}
