//! What a rulebook offers a unit on its turn, how its own state bounds a unit's round (its
//! movement, a stay, what binds its turn and the commands refused for it), and its own commands
//! (one family of [`super::BattleHooks`]).

use crate::battle::choices::{Binding, Offers, OwnFireStyle, UnitFlag};
use crate::battle::command::{Command, Rejection};
use crate::battle::own::OwnCommand;
use crate::battle::state::Battle;
use crate::battle::{TurnState, UnitId};
use crate::rules::characteristics::MoveAllowance;
use bevy::prelude::*;

/// What a rulebook offers a unit on its turn, how it bounds a unit's round, and its own
/// commands; each stage's default does nothing.
pub trait ChoiceHooks {
    /// Whether `unit`'s action, spent this turn, went on something an attack may still follow
    /// (the house sheet's stance taken first).
    fn attack_follows_action(&self, _battle: &Battle, _unit: UnitId) -> bool {
        false
    }

    /// Whether `unit` has an attack of the rulebook's own left this turn beyond its action
    /// (a share of the house sheet's divided skill).
    fn attack_left_over(&self, _battle: &Battle, _unit: UnitId) -> bool {
        false
    }

    /// How many attacks `unit`'s turn allows, where the rulebook's own state says (as many as
    /// the house sheet's shares); `None` leaves the count to the engine.
    fn attacks_this_turn(&self, _battle: &Battle, _unit: UnitId) -> Option<u32> {
        None
    }

    /// The flags the rulebook's own state puts on `unit`, for its card: none by default.
    fn flags(&self, _battle: &Battle, _unit: UnitId) -> Vec<UnitFlag> {
        Vec::new()
    }

    /// The lines the rulebook's own state of `unit` writes on its card, for those who may know
    /// its numbers (the d10 pool's dice left this round): none by default.
    fn card_notes(&self, _battle: &Battle, _unit: UnitId) -> Vec<String> {
        Vec::new()
    }

    /// What the rulebook offers `unit`, whose turn it is, beyond the engine's own actions
    /// (`choices.rs`): none by default.
    fn offers(&self, _battle: &Battle, _unit: UnitId) -> Offers {
        Offers::default()
    }

    /// The guns `unit` may still fire this turn beyond its spent action, by the rulebook's own
    /// state (BRP's handgun in the other hand, once the first has fired unaimed): none by
    /// default.
    fn second_guns(&self, _battle: &Battle, _unit: UnitId) -> Vec<(usize, OwnFireStyle)> {
        Vec::new()
    }

    /// What binds `unit`'s turn, where the rulebook's own state binds it (the western's
    /// declaration): none by default.
    fn binding(&self, _battle: &Battle, _unit: UnitId) -> Option<Binding> {
        None
    }

    /// On a whole turn (`turn`), `command` refused where the rulebook's own state binds the
    /// unit to something else (the western's declaration), with why.
    fn command_bound(
        &self,
        _battle: &Battle,
        _turn: &TurnState,
        _command: &Command,
    ) -> Result<(), Rejection> {
        Ok(())
    }

    /// The movement `unit` has this round where its rulebook's own state bounds `own` (the
    /// western's zigzag, declared or lamed): `own` by default.
    fn moves(&self, _battle: &Battle, _unit: UnitId, own: MoveAllowance) -> MoveAllowance {
        own
    }

    /// Whether `unit` keeps its tile this round by its rulebook's own state (the western's
    /// declared stay): no by default.
    fn stays(&self, _battle: &Battle, _unit: UnitId) -> bool {
        false
    }

    /// A command of the rulebook's own (`own`, which it reads as its own type): carried out,
    /// or refused with the battle as it was. One it does not know is refused.
    fn command(&self, _battle: &mut Battle, own: &dyn OwnCommand) -> Result<(), Rejection> {
        Err(no_such_command(own))
    }
}

/// `own` as a command of the rulebook's type `T`, for its `command` stage; one of another type
/// is refused as no command it knows.
pub fn own_command<T: 'static>(own: &dyn OwnCommand) -> Result<&T, Rejection> {
    own.as_any()
        .downcast_ref::<T>()
        .ok_or_else(|| no_such_command(own))
}

/// The refusal of a command the rulebook does not know.
fn no_such_command(own: &dyn OwnCommand) -> Rejection {
    Rejection::NoSuchCommand(format!("{own:?}"))
}
