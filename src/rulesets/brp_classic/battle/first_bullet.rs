//! BRP's answer to gunfire (SPECS.md 1.1): a dodge of the first bullet fired at the unit this
//! round, if it has not acted nor dodged; the dodge is the round's, as a dodge of a blow is.

use super::condition::BrpCondition;
use crate::battle::UnitId;
use crate::battle::blow_odds::blow_answers;
use crate::battle::event::EventKind;
use crate::battle::state::Battle;
use crate::rules::situation::ShotDefence;
use crate::rulesets::brp_classic::DODGE_FIRST_BULLET;

/// The dodge of the first bullet, where no shot has come at `unit` yet this round and a dodge
/// is still open to it.
pub(super) fn answer(battle: &Battle, unit: UnitId) -> Option<ShotDefence> {
    let first = battle.own::<BrpCondition>(unit).shot_at_in != Some(battle.round());
    (first && blow_answers(battle, unit, None).dodge).then_some(DODGE_FIRST_BULLET)
}

/// A bullet comes at `target`: no later one this round may be dodged.
pub(super) fn shot_coming(battle: &mut Battle, target: UnitId) {
    let round = battle.round();
    battle.change_own(target, |state: &mut BrpCondition| {
        state.shot_at_in = Some(round);
    });
}

/// The dodge is the round's, and told.
pub(super) fn answered(battle: &mut Battle, unit: UnitId, made_it: bool) {
    battle.change_condition(unit, |condition| {
        condition.dodges_this_round += 1;
        condition.defences_this_round += 1;
    });
    battle.emit(EventKind::DodgedFire { unit, made_it });
}
