//! Taking aim: a bonus die on the next shot at the target, kept while the aimer does nothing
//! else and spoiled by moving, being hurt or acting otherwise.

use super::arms::carried_weapon;
use super::command::{Answer, Command, Rejection};
use super::event::EventKind;
use super::shot::{ShotTerms, setup, shooter_in_cover};
use super::state::Battle;
use super::{AimTaken, UnitId};
use crate::rules::weapons::AttackForm;

/// Take aim at a target with the weapon in hand: the action this turn, a bonus die on the shot
/// next turn if nothing else comes first.
pub(super) fn aim(battle: &mut Battle, unit: UnitId, target: UnitId) -> Result<(), Rejection> {
    battle.action_available(unit)?;
    let in_hand = battle.arsenal(unit).in_hand;
    let (_, weapon) = carried_weapon(
        battle,
        unit,
        in_hand,
        &[AttackForm::Shot, AttackForm::Thrown],
    )?;
    battle.target_there(unit, target)?;
    setup(battle, unit, target, &weapon, ShotTerms::default())?;
    let ruleset = battle.scenario.ruleset.clone();
    if !ruleset.firearm_rules().aims_from_cover
        && let (Some(from), Some(to)) = (battle.position(unit), battle.position(target))
        && shooter_in_cover(&battle.scenario.map, from, to)
    {
        return Err(Rejection::NotNow("no aiming from behind cover".to_string()));
    }
    let round = battle.round();
    // Aim kept on the same target since last round builds up, as far as the rulebook lets it.
    let rounds = match battle.condition(unit).aim {
        Some(kept) if kept.target == target && kept.round + 1 == round => {
            (kept.rounds + 1).min(ruleset.firearm_rules().most_aim_rounds)
        }
        _ => 1,
    };
    battle.change_turn(|turn| turn.action_used = true);
    battle.change_condition(unit, |condition| {
        condition.aim = Some(AimTaken {
            target,
            round,
            rounds,
        });
    });
    battle.emit(EventKind::Aimed { unit, target });
    Ok(())
}

/// The unit's aim is spoilt (it moved, was hurt, or did something else first).
pub fn spoil_aim(battle: &mut Battle, unit: UnitId) {
    if battle.condition(unit).aim.is_some() {
        battle.change_condition(unit, |condition| condition.aim = None);
        battle.emit(EventKind::AimLost { unit });
    }
}

/// After a command: anything an aiming unit does other than aiming, shooting, ending its turn or
/// taking an attack spoils its aim.
pub(super) fn keep_or_spoil_aim(battle: &mut Battle, command: &Command) {
    let Some(unit) = command.unit() else {
        return;
    };
    let keeps = matches!(
        command,
        Command::Aim { .. }
            | Command::Fire { .. }
            | Command::Attack { .. }
            | Command::EndTurn { .. }
            | Command::Answer {
                answer: Answer::Nothing,
                ..
            }
    );
    if !keeps {
        spoil_aim(battle, unit);
    }
}
