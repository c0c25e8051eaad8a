//! The dodge stance met, where the rulebook has one (the d100 house sheet): held to the unit's
//! next turn, it is rolled, unasked, against each hit that reaches the unit and may be dodged
//! (the stance itself, and what it costs the turn's attacks, are the sheet's own:
//! `rulesets/d100_house/battle/stance.rs`; this goes there with the harm read off the roll).

use super::UnitId;
use super::event::{EventKind, Modifier, ModifierReason};
use super::state::Battle;
use crate::rules::modifiers::Effect;
use crate::rules::roll::RollPurpose;
use crate::rules::roll_harm::{DodgeOutcome, RollHit};
use crate::rules::skills::DODGE;

/// Where `target` holds a dodge stance and the hit may be dodged, roll its Dodge (with the
/// stance's shift) and say what came of it (`StanceDodge`); `Missed` where nothing was rolled.
pub(super) fn meet(
    battle: &mut Battle,
    attacker: UnitId,
    target: UnitId,
    hit: &RollHit,
) -> DodgeOutcome {
    let ruleset = battle.scenario.ruleset.clone();
    let Some(stance) = battle.condition(target).dodge_stance else {
        return DodgeOutcome::Missed;
    };
    if !ruleset.stance_dodges(hit) || !battle.vitals(target).conscious() {
        return DodgeOutcome::Missed;
    }
    let modifiers = (stance.shift != 0)
        .then_some(Modifier {
            reason: ModifierReason::DodgingToo,
            effect: Effect::Add(stance.shift),
        })
        .into_iter()
        .collect();
    let demand = super::budget::dodge_demand(battle, target, modifiers);
    let dodge = battle.roll(target, RollPurpose::Skill(DODGE.to_string()), &demand);
    let outcome = ruleset.stance_dodge(hit, &dodge);
    battle.emit(EventKind::StanceDodge {
        unit: target,
        attacker,
        outcome,
    });
    outcome
}
