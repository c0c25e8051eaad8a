//! Harm read off the attack roll and tallied by body part, where the rulebook has it so (the
//! d100 house sheet): a hit's damage from its roll, recorded as any damage roll is, after the
//! part it lands on; and the tally of each part, which cripples it past the rulebook's
//! threshold (what a crippled part does is the wound pipeline's).

use super::event::EventKind;
use super::state::Battle;
use super::{UnitId, Vitals};
use crate::rules::body::BodyPart;
use crate::rules::damage::DamageRoll;
use crate::rules::roll_harm::RollHit;

/// A hit whose harm was read off its roll: the damage, and where it landed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct RolledHit {
    pub roll: DamageRoll,
    pub part: Option<BodyPart>,
}

/// Where the rulebook reads harm off the roll, `unit`'s hit on `target` with `weapon`: where it
/// lands (`HitLocated`), then its damage (`DamageRolled`). `None` where damage is rolled in
/// dice.
pub(super) fn from_the_roll(
    battle: &mut Battle,
    (unit, target): (UnitId, UnitId),
    weapon: &str,
    hit: &RollHit,
) -> Option<RolledHit> {
    let ruleset = battle.scenario.ruleset.clone();
    let roll = ruleset.damage_from_roll(hit)?;
    let part = ruleset.roll_location(&hit.verdict).map(|(flipped, part)| {
        battle.emit(EventKind::HitLocated {
            unit,
            target,
            roll: hit.verdict.value,
            flipped,
            part,
        });
        part
    });
    battle.emit(EventKind::DamageRolled {
        unit,
        target,
        weapon: weapon.to_string(),
        roll: roll.clone(),
    });
    Some(RolledHit { roll, part })
}

/// `taken` more on `part` of `unit`, where the rulebook tallies parts; the part's tally where
/// it reached the threshold with this.
pub(super) fn tally(battle: &mut Battle, unit: UnitId, part: BodyPart, taken: u32) -> Option<u32> {
    let threshold = battle.scenario.ruleset.crippling()?;
    let before = battle.vitals(unit);
    let locations = before.locations.with(part, taken);
    battle.set_vitals(
        unit,
        Vitals {
            locations,
            ..before
        },
    );
    let tally = locations.get(part);
    (before.locations.get(part) < threshold && tally >= threshold).then_some(tally)
}
