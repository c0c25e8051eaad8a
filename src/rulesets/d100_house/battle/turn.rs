//! What the house sheet's turn still allows, asked by its commands, its offers and its AI: the
//! stance taken first and nothing more, a stance still to take, an attack still to come, and
//! the skill still to divide.

use crate::battle::{Condition, TurnState};

/// Whether a dodge stance `condition` took first this `turn` is all the turn's action went on:
/// an attack may still follow it.
pub fn only_the_stance(turn: &TurnState, condition: &Condition) -> bool {
    condition
        .dodge_stance
        .is_some_and(|stance| stance.shift == 0)
        && turn.attacks_made == 0
        && !turn.put_out_quickly
}

/// Whether the unit in `condition` may take a dodge stance this `turn`: none held, holding
/// nobody, and its action unspent or spent on an attack.
pub fn dodge_stance_open(turn: &TurnState, condition: &Condition) -> bool {
    condition.dodge_stance.is_none()
        && condition.holding.is_none()
        && !turn.action_forfeited()
        && (!turn.action_used || (turn.attacks_made > 0 && !turn.put_out_quickly))
}

/// Whether an attack may still come this `turn` from the unit in `condition`: its action
/// unspent, spent only on a dodge stance taken first, or a share of its divided skill left.
pub fn attack_to_come(turn: &TurnState, condition: &Condition) -> bool {
    !turn.action_forfeited()
        && (!turn.action_used
            || only_the_stance(turn, condition)
            || condition
                .skill_shares
                .is_some_and(|shares| shares.next().is_some()))
}

/// Whether the unit in `condition` may divide its skill this `turn`: not yet divided, before
/// its first attack, its action unspent or spent only on a dodge stance taken first.
pub fn division_open(turn: &TurnState, condition: &Condition) -> bool {
    condition.skill_shares.is_none() && turn.attacks_made == 0 && attack_to_come(turn, condition)
}
