//! The stages of a unit's turn and of the round a rulebook may hook (one family of
//! [`super::BattleHooks`]).

use crate::battle::ActionLost;
use crate::battle::command::WeaponChoice;
use crate::battle::state::Battle;
use crate::battle::{TurnState, UnitId};
use crate::rules::modifiers::Modifier;
use bevy::prelude::*;

/// The stages of a unit's turn and of the round; each stage's default does nothing.
pub trait TurnHooks {
    /// As `unit`'s whole turn comes, whether the rulebook's own state spends it (the house
    /// sheet's getting up, knocked down), the rulebook telling why in its events.
    fn turn_spent(&self, _battle: &mut Battle, _unit: UnitId) -> bool {
        false
    }

    /// As `unit`'s whole turn begins (after what spends it, a knock-down or a pin): what the
    /// rulebook's own state costs it (the western's pain of a wound, rolled against again),
    /// told in its events.
    fn turn_begins(&self, _battle: &mut Battle, _unit: UnitId) -> TurnCost {
        TurnCost::Nothing
    }

    /// As the round ends, after strangling and before the dying roll: what the rulebook's own
    /// state does then (BRP's knocked out coming to, the western's wounds located and its
    /// bleeding).
    fn round_ends(&self, _battle: &mut Battle) {}

    /// As a new round begins, for each `unit` in turn: what of the rulebook's own state of it
    /// lasts no longer (the house sheet's dazes and blinding past their last round).
    fn round_begins(&self, _battle: &mut Battle, _unit: UnitId) {}

    /// As a new round begins, once every unit's round has begun and the arrivals are in,
    /// before the order is rolled: what the rulebook's own state does then (CoC's Luck paid
    /// again to stay awake).
    fn round_opened(&self, _battle: &mut Battle) {}

    /// As a whole turn (`turn`) ends, before it passes on: what the rulebook's own state makes
    /// of it (the western's declared act not done is lost, and told; CoC's hampered unit is
    /// hampered no more).
    fn turn_ends(&self, _battle: &mut Battle, _turn: &TurnState) {}

    /// As `unit`'s turn comes, what of the rulebook's own lasted until then ends.
    fn turn_comes(&self, _battle: &mut Battle, _unit: UnitId) {}

    /// `unit` took `weapon` in hand, before it is told (the western notes a gun drawn this
    /// round: pulled out for a later shot of the round all the same).
    fn weapon_readied(&self, _battle: &mut Battle, _unit: UnitId, _weapon: WeaponChoice) {}

    /// `unit`'s surprise attack on `target`: whether the target sees it coming, where the
    /// rulebook weighs it its own way (the d10 pool's contest of pools); `None`, and the target
    /// rolls to notice it.
    fn surprise_seen(&self, _battle: &mut Battle, _attack: (UnitId, UnitId)) -> Option<bool> {
        None
    }

    /// What the surprising `unit` makes harder of its target's roll to notice it (CoC: its
    /// Stealth).
    fn notice_modifiers(&self, _battle: &Battle, _unit: UnitId) -> Vec<Modifier> {
        Vec::new()
    }

    /// In round 1, how far `unit` was taken by surprise as the fight opened (BRP's surprise and
    /// extreme surprise, as the scenario gives them; the d10 pool's ambushed, caught unawares
    /// by a surprise attack before the round): a surprised unit comes where the round's order
    /// puts the surprised, and one taken wholly makes no attack that round.
    fn surprise(&self, _battle: &Battle, _unit: UnitId) -> Surprise {
        Surprise::Unsurprised
    }

    /// What eases or hardens `unit`'s DEX roll for its place in the order, where the scenario
    /// orders the round so, a firearm `readied` or not (CoC: a bonus die for a readied one).
    fn dex_roll_modifiers(&self, _battle: &Battle, _unit: UnitId, _readied: bool) -> Vec<Modifier> {
        Vec::new()
    }

    /// `unit` getting up from prone: the roll the rulebook's own state of it asks (the
    /// western's trip); whether it stumbled. It gets up all the same.
    fn rises(&self, _battle: &mut Battle, _unit: UnitId) -> bool {
        false
    }

    /// `unit` stumbled getting up, and is on its feet: what follows (the western's free blows).
    fn stumbled(&self, _battle: &mut Battle, _unit: UnitId) {}
}

/// How far a unit was taken by surprise as the fight opened, in round 1.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Surprise {
    Unsurprised,
    /// It comes where the round's order puts the surprised.
    Surprised,
    /// Surprised, and it makes no attack that round.
    Wholly,
}

/// What the rulebook's own state costs a unit's whole turn as it begins.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TurnCost {
    /// Nothing: the turn goes on.
    Nothing,
    /// The whole turn goes by.
    Turn,
    /// It may move, but its action is lost, for this reason.
    Action(ActionLost),
}
