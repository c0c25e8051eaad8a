//! The dice a unit has for its rolls this round, where a rulebook limits them (the d10 pool's
//! dice budget: a unit splits its pool among the actions it plans, or rolls it whole on one):
//! one family of [`super::BattleHooks`]. The engine asks before a roll whether dice are left
//! for it, rolls it with the share the rulebook leaves, and says when it is made.

use crate::battle::command::{Answer, FireMode, Rejection};
use crate::battle::state::Battle;
use crate::battle::{ActionLost, TurnState, UnitId};
use crate::rules::roll::Demand;
use crate::rules::situation::OwnRollFacts;

/// What a roll of a unit's is made for, as a rulebook that limits a unit's rolls counts it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RollFor {
    /// An attack: a blow, a pull of the trigger, a throw.
    Attack,
    /// A dodge, of a blow, a throw, shots or a blast.
    Dodge,
    /// A defence with the weapon (a parry, a clash).
    WeaponDefence,
}

impl RollFor {
    /// The roll a defender's `answer` to a blow is made with: a dodge's, or a defence with the
    /// weapon's; none for taking it.
    pub fn answering(answer: Answer) -> Option<Self> {
        match answer {
            Answer::Dodge => Some(Self::Dodge),
            Answer::FightBack => Some(Self::WeaponDefence),
            _ => None,
        }
    }
}

/// The dice a unit has for its rolls this round; each stage's default leaves them unlimited.
pub trait DiceHooks {
    /// The facts of `unit`'s own roll the rulebook's own state sets (CoC's maneuvers: the unit
    /// hampered).
    fn own_roll_facts(&self, _battle: &Battle, _unit: UnitId, _facts: &mut OwnRollFacts) {}

    /// Whether an attack rolled with `demand` spends the edge the unit's initiative gave it
    /// (CoC's critical DEX roll: the bonus die it gave).
    fn spends_initiative_edge(&self, _demand: &Demand) -> bool {
        false
    }

    /// Whether `unit` has dice left for a roll of this kind this round; or why not.
    fn dice_left(&self, _battle: &Battle, _unit: UnitId, _roll: RollFor) -> Result<(), Rejection> {
        Ok(())
    }

    /// A roll's demand with the share of `unit`'s dice it would be rolled with now: nothing is
    /// spent.
    fn dice_share(
        &self,
        _battle: &Battle,
        _unit: UnitId,
        _roll: RollFor,
        demand: Demand,
    ) -> Demand {
        demand
    }

    /// `unit` has made a roll of this kind: what it spends of its dice.
    fn dice_spent(&self, _battle: &mut Battle, _unit: UnitId, _roll: RollFor) {}

    /// Whether `unit`, with an attack left this turn, has the dice for one at `target`; or why
    /// not (split dice each attack a different enemy).
    fn may_attack(
        &self,
        _battle: &Battle,
        _unit: UnitId,
        _target: UnitId,
    ) -> Result<(), Rejection> {
        Ok(())
    }

    /// Why `unit`, allowed `allowed` attacks this turn and having made them, may make no more,
    /// where its dice say so; `None`: it has no attack left.
    fn no_attack_left(&self, _battle: &Battle, _unit: UnitId, _allowed: u32) -> Option<Rejection> {
        None
    }

    /// Before fire: whether `unit`'s dice allow the rolls of `mode`, and the turn it fires in
    /// where its dice answer for it (split among its attacks); `None` where the engine's checks
    /// of the action do.
    fn fire_turn(
        &self,
        _battle: &Battle,
        _unit: UnitId,
        _mode: &FireMode,
    ) -> Result<Option<TurnState>, Rejection> {
        Ok(None)
    }

    /// As `unit`'s turn begins: the action its dice leave it none for (spent, or kept for a
    /// defence).
    fn action_lost(&self, _battle: &Battle, _unit: UnitId) -> Option<ActionLost> {
        None
    }

    /// Whether a roll of `unit`'s now would spend all of its dice for the round (nothing
    /// planned, where the rulebook keeps a budget): a defence before its turn spends that turn.
    fn rolls_the_whole_pool(&self, _battle: &Battle, _unit: UnitId) -> bool {
        false
    }
}
