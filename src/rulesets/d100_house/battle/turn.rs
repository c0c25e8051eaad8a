//! What the house sheet's turn still allows, asked by its commands, its offers and its AI: the
//! stance taken first and nothing more, a stance still to take, an attack still to come, and
//! the skill still to divide.

use super::condition::HouseCondition;
use crate::battle::{Condition, TurnState};

/// Whether a dodge stance the unit in `house` took first this `turn` is all the turn's action
/// went on: an attack may still follow it.
pub fn only_the_stance(turn: &TurnState, house: &HouseCondition) -> bool {
    house.dodge_stance.is_some_and(|stance| stance.shift == 0)
        && turn.attacks_made == 0
        && !house.put_out_this_turn
}

/// Whether the unit in `condition` and `house` may take a dodge stance this `turn`: none held,
/// holding nobody, and its action unspent or spent on an attack.
pub fn dodge_stance_open(
    turn: &TurnState,
    (condition, house): (&Condition, &HouseCondition),
) -> bool {
    house.dodge_stance.is_none()
        && condition.holding.is_none()
        && !turn.action_forfeited()
        && (!turn.action_used || (turn.attacks_made > 0 && !house.put_out_this_turn))
}

/// Whether an attack may still come this `turn` from the unit in `house`: its action unspent,
/// spent only on a dodge stance taken first, or a share of its divided skill left.
pub fn attack_to_come(turn: &TurnState, house: &HouseCondition) -> bool {
    !turn.action_forfeited()
        && (!turn.action_used
            || only_the_stance(turn, house)
            || house
                .skill_shares
                .is_some_and(|shares| shares.next().is_some()))
}

/// Whether the unit in `house` may divide its skill this `turn`: not yet divided, before its
/// first attack, its action unspent or spent only on a dodge stance taken first.
pub fn division_open(turn: &TurnState, house: &HouseCondition) -> bool {
    house.skill_shares.is_none() && turn.attacks_made == 0 && attack_to_come(turn, house)
}
