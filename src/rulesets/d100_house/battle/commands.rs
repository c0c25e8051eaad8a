//! The d100 house sheet's own commands: a dodge stance held to the unit's next turn, its skill
//! divided across the turn's attacks, a called shot, a fire on it put out with a roll, and the
//! cherry picked for its next matched blow. Each is written in a replay as it always was (`DodgeStance(unit: 0)`), read back by
//! the decoder registered here, and carried out at the command stage of the sheet's hooks.

use super::condition::{DodgeStance, HouseCondition, SkillShares, change_house, house};
use super::events::HouseEvent;
use serde::{Deserialize, Serialize};

use super::turn::{attack_to_come, division_open, dodge_stance_open};
use crate::battle::UnitId;
use crate::battle::command::{Command, Rejection};
use crate::battle::effects::put_out;
use crate::battle::own::{CommandDecoder, OwnCommand, RulebookCommand, register_commands};
use crate::battle::state::Battle;
use crate::rules::body::BodyPart;
use crate::rulesets::d100_house::cherries::CHERRIES;
use crate::rulesets::d100_house::cherries::Cherry;
use crate::rulesets::d100_house::firearms::SPEED;
use crate::rulesets::d100_house::{damage, dodge};

use super::shares::divisible;

/// The house sheet's own commands.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum HouseCommand {
    /// Take a dodge stance, held to the unit's next turn and rolled against each hit on it;
    /// whichever of the turn's attack and the stance comes second takes the sheet's shift.
    DodgeStance { unit: UnitId },
    /// Before the turn's first attack, split the skill of the weapon in hand, with the unit's
    /// standing shifts, into 2 or 3 shares of at least 1; the turn allows an attack for each,
    /// in order.
    DivideSkill { unit: UnitId, shares: Vec<u32> },
    /// Call the turn's next attack at a body part, at the sheet's shift; its hits land there.
    CallShot { unit: UnitId, part: BodyPart },
    /// A roll (Speed) to put out the fire on the unit itself and still act: made, the fire is
    /// out and the turn keeps an attack or a dodge stance, not both; failed, it burns on. Once
    /// a turn, before its action.
    PutOutQuickly { unit: UnitId },
    /// The cherry the unit takes on its next matched blow, from those it is allowed, or
    /// (`None`) the damage. Free, on its turn; kept until picked again.
    PickCherry {
        unit: UnitId,
        cherry: Option<Cherry>,
    },
}

impl OwnCommand for HouseCommand {
    fn unit(&self) -> Option<UnitId> {
        match self {
            Self::DodgeStance { unit }
            | Self::DivideSkill { unit, .. }
            | Self::CallShot { unit, .. }
            | Self::PutOutQuickly { unit }
            | Self::PickCherry { unit, .. } => Some(*unit),
        }
    }
}

impl From<HouseCommand> for Command {
    fn from(command: HouseCommand) -> Self {
        Self::Rulebook(RulebookCommand::new(command))
    }
}

/// The sheet's commands read back from a replay by their names (again: no change).
pub fn register() {
    register_commands(CommandDecoder::of::<HouseCommand>(&[
        "DodgeStance",
        "DivideSkill",
        "CallShot",
        "PutOutQuickly",
        "PickCherry",
    ]));
}

/// Check and carry out one of the sheet's commands.
pub(super) fn carry_out(battle: &mut Battle, command: &HouseCommand) -> Result<(), Rejection> {
    match *command {
        HouseCommand::DodgeStance { unit } => take(battle, unit),
        HouseCommand::DivideSkill { unit, ref shares } => divide(battle, unit, shares),
        HouseCommand::CallShot { unit, part } => call(battle, unit, part),
        HouseCommand::PutOutQuickly { unit } => put_out_quickly(battle, unit),
        HouseCommand::PickCherry { unit, cherry } => pick(battle, unit, cherry),
    }
}

/// Take the dodge stance on the unit's turn: free alongside the turn's attack, else the
/// turn's action.
fn take(battle: &mut Battle, unit: UnitId) -> Result<(), Rejection> {
    let shift = dodge::DODGING_TOO;
    let turn = battle.own_turn(unit)?;
    let condition = battle.condition(unit);
    let held = house(battle, unit);
    if held.dodge_stance.is_some() {
        return Err(Rejection::NotNow(
            "it already holds a dodge stance".to_string(),
        ));
    }
    if condition.holding.is_some() {
        return Err(Rejection::CannotAct(
            "a unit holding another may not dodge".to_string(),
        ));
    }
    if !dodge_stance_open(&turn, (&condition, &held)) {
        return Err(Rejection::ActionUsed);
    }
    // Second after an attack, the stance pays; first, the attacks to come do.
    let shift = if turn.attacks_made > 0 { shift } else { 0 };
    change_house(battle, unit, |house| {
        house.dodge_stance = Some(DodgeStance { shift })
    });
    battle.change_turn(|turn| turn.action_used = true);
    battle.emit(HouseEvent::DodgeStanceTaken {
        unit,
        shift: (shift != 0).then_some(shift),
    });
    Ok(())
}

/// What `divisible` says of a unit in the battle.
fn whole(battle: &Battle, unit: UnitId) -> Option<(u32, u32)> {
    divisible(
        &battle.scenario,
        unit,
        (
            &battle.vitals(unit),
            &battle.condition(unit),
            &battle.arsenal(unit),
        ),
        &house(battle, unit),
    )
}

/// Divide the unit's skill into `shares` for this turn's attacks, before the first of them.
fn divide(battle: &mut Battle, unit: UnitId, shares: &[u32]) -> Result<(), Rejection> {
    let ruleset = battle.scenario.ruleset.clone();
    let Some((whole, most)) = whole(battle, unit) else {
        return Err(Rejection::CannotAct(format!(
            "{} divides no skill",
            ruleset.name()
        )));
    };
    let turn = battle.own_turn(unit)?;
    let divided = house(battle, unit);
    let undivided = HouseCondition {
        skill_shares: None,
        ..divided
    };
    if !division_open(&turn, &undivided) {
        return Err(Rejection::NotNow(
            "the skill is divided before the turn's first attack".to_string(),
        ));
    }
    if divided.skill_shares.is_some() {
        return Err(Rejection::NotNow(
            "the skill is already divided".to_string(),
        ));
    }
    let count = u32::try_from(shares.len()).unwrap_or(u32::MAX);
    // No more shares than a unit's condition keeps, whatever the rulebook allows.
    let most = most.min(SkillShares::SLOTS);
    if !(2..=most).contains(&count) {
        return Err(Rejection::CannotAct(format!(
            "a skill is divided into 2 to {most} shares, not {count}"
        )));
    }
    if shares.contains(&0) {
        return Err(Rejection::CannotAct(
            "every share is at least 1".to_string(),
        ));
    }
    let total = shares
        .iter()
        .try_fold(0u32, |sum, share| sum.checked_add(*share));
    if total.is_none_or(|total| total > whole) {
        return Err(Rejection::CannotAct(format!(
            "the shares come to more than the skill's {whole}"
        )));
    }
    let mut kept = [0; SkillShares::SLOTS as usize];
    kept[..shares.len()].copy_from_slice(shares);
    change_house(battle, unit, |house| {
        house.skill_shares = Some(SkillShares {
            shares: kept,
            used: 0,
        });
    });
    battle.emit(HouseEvent::SkillDivided {
        unit,
        whole,
        shares: shares.to_vec(),
    });
    Ok(())
}

/// `unit` calls its turn's next attack at `part`.
fn call(battle: &mut Battle, unit: UnitId, part: BodyPart) -> Result<(), Rejection> {
    let called = damage::CALLED;
    if !called.parts.contains(&part) {
        return Err(Rejection::CannotAct(format!(
            "a shot is called at one of: {}",
            called
                .parts
                .iter()
                .map(|part| part.words())
                .collect::<Vec<_>>()
                .join(", ")
        )));
    }
    let turn = battle.own_turn(unit)?;
    let called_before = house(battle, unit);
    if called_before.called_shot.is_some() {
        return Err(Rejection::NotNow(
            "its next attack is called already".to_string(),
        ));
    }
    if !attack_to_come(&turn, &called_before) {
        return Err(Rejection::ActionUsed);
    }
    change_house(battle, unit, |house| house.called_shot = Some(part));
    battle.emit(HouseEvent::ShotCalled {
        unit,
        part,
        shift: called.shift,
    });
    Ok(())
}

/// `unit` will take `cherry` on its next matched blow, or (`None`) the damage.
fn pick(battle: &mut Battle, unit: UnitId, cherry: Option<Cherry>) -> Result<(), Rejection> {
    battle.own_turn(unit)?;
    let terms = CHERRIES;
    let spec = battle.spec(unit);
    if spec.obsession.as_deref() != Some(terms.obsession) {
        return Err(Rejection::CannotAct(format!(
            "only an obsession with {} earns cherries",
            terms.obsession
        )));
    }
    if let Some(cherry) = cherry
        && !Cherry::all_named(&spec.cherries).contains(&cherry)
    {
        return Err(Rejection::CannotAct(format!(
            "{} is not among the cherries the scenario allows {}",
            cherry.words(),
            spec.name
        )));
    }
    change_house(battle, unit, |house| house.cherry = cherry);
    battle.emit(HouseEvent::CherryPicked { unit, cherry });
    Ok(())
}

/// A roll (Speed) to put out the fire on `unit` itself and still act,
/// once a turn and before its action: made, the fire is out, and the turn keeps an attack or a
/// dodge stance, not both.
fn put_out_quickly(battle: &mut Battle, unit: UnitId) -> Result<(), Rejection> {
    battle.action_available(unit)?;
    if house(battle, unit).put_out_this_turn {
        return Err(Rejection::NotNow("tried once this turn".to_string()));
    }
    if battle.condition(unit).burning.is_none() {
        return Err(Rejection::NotBurning(battle.spec(unit).name.clone()));
    }
    change_house(battle, unit, |house| house.put_out_this_turn = true);
    if battle.passes(unit, SPEED) {
        put_out(battle, unit);
    }
    Ok(())
}
