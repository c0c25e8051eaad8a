//! BRP's two handguns, one in each hand (SPECS.md 1.1): once one has fired unaimed on a turn,
//! the other fires unaimed too, beyond the turn's action, each at most twice its shots. Which
//! fired this turn is BRP's part of the unit's condition, cleared as each turn comes.

use super::condition::BrpCondition;
use super::fire_modes::{BrpFireMode, unaimed_style};
use crate::battle::UnitId;
use crate::battle::choices::OwnFireStyle;
use crate::battle::command::{FireMode, WeaponChoice};
use crate::battle::state::Battle;
use crate::rules::weapons::WeaponCategory;

/// Whether `unit`'s carried weapon `index` is a handgun.
fn handgun(battle: &Battle, unit: UnitId, index: usize) -> bool {
    battle
        .carried(unit, index)
        .is_some_and(|weapon| weapon.category == WeaponCategory::Handgun)
}

/// Whether `unit`'s carried weapon `index` is a handgun it still has.
fn handgun_to_hand(battle: &Battle, unit: UnitId, index: usize) -> bool {
    handgun(battle, unit, index) && !battle.arsenal(unit).lost.contains(&index)
}

/// The handgun that fired unaimed this turn, where the one in the other hand has yet to.
fn first_gun(battle: &Battle, unit: UnitId) -> Option<usize> {
    let state = battle.own::<BrpCondition>(unit);
    state.unaimed_gun.filter(|_| !state.off_hand_fired)
}

/// Whether `unit`'s fire with `choice` in `mode` is the other handgun's unaimed fire, on its own
/// turn, after the first fired unaimed.
pub(super) fn off_hand(
    battle: &Battle,
    unit: UnitId,
    choice: WeaponChoice,
    mode: &FireMode,
) -> bool {
    let its_turn = battle.flow().turn.is_some_and(|turn| turn.unit == unit);
    let (Some(first), WeaponChoice::Carried(second)) = (first_gun(battle, unit), choice) else {
        return false;
    };
    its_turn && unaimed(mode) && second != first && handgun_to_hand(battle, unit, second)
}

/// The handguns `unit` may still fire unaimed this turn beyond its action, each with its
/// unaimed style.
pub(super) fn other_guns(battle: &Battle, unit: UnitId) -> Vec<(usize, OwnFireStyle)> {
    let Some(first) = first_gun(battle, unit) else {
        return Vec::new();
    };
    (0..battle.spec(unit).weapons.len())
        .filter(|index| *index != first && handgun_to_hand(battle, unit, *index))
        .filter_map(|index| Some((index, unaimed_style(battle.carried(unit, index)?)?)))
        .collect()
}

/// Whether `mode` is BRP's unaimed fire.
fn unaimed(mode: &FireMode) -> bool {
    matches!(mode, FireMode::Rulebook(own)
        if matches!(own.of::<BrpFireMode>(), Some(BrpFireMode::Unaimed { .. })))
}

/// `unit`'s pull of `choice` in `mode` is fired (at the fire's last stage, `fire_done`): a
/// handgun fired unaimed is kept as the turn's first, and the other hand's spends the second.
pub(super) fn fired(battle: &mut Battle, unit: UnitId, choice: WeaponChoice, mode: &FireMode) {
    let WeaponChoice::Carried(index) = choice else {
        return;
    };
    if !handgun(battle, unit, index) || !unaimed(mode) {
        return;
    }
    let second = first_gun(battle, unit).is_some_and(|first| first != index);
    battle.change_own(unit, |state: &mut BrpCondition| {
        if second {
            state.off_hand_fired = true;
        } else {
            state.unaimed_gun = Some(index);
        }
    });
}

/// As `unit`'s turn comes: no gun has fired this turn yet.
pub(super) fn turn_comes(battle: &mut Battle, unit: UnitId) {
    let state = battle.own::<BrpCondition>(unit);
    if state.unaimed_gun.is_some() || state.off_hand_fired {
        battle.change_own(unit, |state: &mut BrpCondition| {
            state.unaimed_gun = None;
            state.off_hand_fired = false;
        });
    }
}
