//! The parry named at the start of the round (BRP, SPECS.md 1.2): in its declaration slot each
//! unit names the one opponent it will parry this round, or no one; a parry of anyone else is
//! refused. The command, the name kept as BRP's part of a unit's state, and the buttons that
//! name it (the AI's choice is in BRP's `ai/`).

use serde::{Deserialize, Serialize};

use super::condition::BrpCondition;
use super::events::BrpEvent;
use crate::battle::UnitId;
use crate::battle::choices::{Offer, Offers};
use crate::battle::command::{Command, Rejection};
use crate::battle::flow::end_turn;
use crate::battle::own::{CommandDecoder, OwnCommand, RulebookCommand, register_commands};
use crate::battle::state::Battle;
use crate::rules::round::TurnKind;

/// BRP's own commands.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum BrpCommand {
    /// At the start of the round: the one opponent the unit will parry this round, or no one.
    DeclareParry {
        unit: UnitId,
        against: Option<UnitId>,
    },
}

impl OwnCommand for BrpCommand {
    fn unit(&self) -> Option<UnitId> {
        match self {
            Self::DeclareParry { unit, .. } => Some(*unit),
        }
    }

    fn declares(&self) -> bool {
        matches!(self, Self::DeclareParry { .. })
    }
}

impl From<BrpCommand> for Command {
    fn from(command: BrpCommand) -> Self {
        Self::Rulebook(RulebookCommand::new(command))
    }
}

/// BRP's commands read back from a replay by their names (`DeclareParry(unit: 0, against:
/// Some(2))`, as they were always written).
pub fn register() {
    register_commands(CommandDecoder::of::<BrpCommand>(&["DeclareParry"]));
}

/// At the start of the round: name the one opponent `unit` will parry this round, or no one.
pub(super) fn declare(
    battle: &mut Battle,
    unit: UnitId,
    against: Option<UnitId>,
) -> Result<(), Rejection> {
    battle.own_turn(unit)?;
    if let Some(foe) = against {
        battle.known(foe)?;
        if battle.spec(foe).side == battle.spec(unit).side || !battle.standing(foe) {
            return Err(Rejection::InvalidTarget(format!(
                "{} is no standing opponent",
                battle.spec(foe).name
            )));
        }
    }
    name(battle, unit, against);
    battle.emit(BrpEvent::ParryDeclared { unit, against });
    end_turn(battle);
    Ok(())
}

/// `unit` names `foe` as the one it parries this round (or no one).
pub(super) fn name(battle: &mut Battle, unit: UnitId, foe: Option<UnitId>) {
    if foe.is_some() || named(battle, unit).is_some() {
        battle.change_own(unit, |brp: &mut BrpCondition| brp.parry_against = foe);
    }
}

/// The opponent `unit` named to parry this round, if any.
pub(super) fn named(battle: &Battle, unit: UnitId) -> Option<UnitId> {
    battle.own::<BrpCondition>(unit).parry_against
}

/// In `unit`'s declaration slot: a button for each standing opponent, and one for no one;
/// nothing in any other slot.
pub(super) fn offers(battle: &Battle, unit: UnitId) -> Offers {
    let declaring = battle
        .flow()
        .turn
        .is_some_and(|turn| turn.unit == unit && turn.limits.kind == TurnKind::Declare);
    if !declaring {
        return Offers::default();
    }
    let side = battle.spec(unit).side;
    let parry = battle.scenario.ruleset.words().weapon_defence().answer;
    let declare = |against: Option<UnitId>, label: String| Offer {
        label,
        hint: format!("The one opponent to {parry} this round"),
        open: true,
        command: BrpCommand::DeclareParry { unit, against }.into(),
    };
    let mut buttons: Vec<Offer> = battle
        .unit_ids()
        .into_iter()
        .filter(|foe| battle.spec(*foe).side != side)
        .filter(|foe| battle.position(*foe).is_some() && battle.vitals(*foe).conscious())
        .map(|foe| declare(Some(foe), battle.spec(foe).name.clone()))
        .collect();
    buttons.push(declare(None, "No one".to_string()));
    Offers {
        prompt: Some(format!("Name the one opponent to {parry} this round:")),
        buttons,
        ..Offers::default()
    }
}
