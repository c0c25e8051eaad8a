//! BRP's both barrels of a double-barrelled gun at once (SPECS.md 1.1): one roll, and on a hit a
//! damage roll for each barrel. A way of firing of BRP's own, written `BothBarrels(2)` in a
//! replay as it always was, and read back by the decoder registered here.

use serde::{Deserialize, Serialize};

use crate::battle::UnitId;
use crate::battle::command::{FireMode, Rejection};
use crate::battle::fire_plan::{FirePlan, PlannedRoll};
use crate::battle::own::{FireModeDecoder, OwnFireMode, RulebookFireMode, register_fire_modes};
use crate::battle::shot_terms::ShotTerms;
use crate::battle::state::Battle;
use crate::battle::volley::pull_of_rolls;
use crate::rules::weapons::Weapon;

/// BRP's own ways of firing.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum BrpFireMode {
    /// Both barrels of a double-barrelled gun at once, at one target.
    BothBarrels(UnitId),
}

/// The style the action bar offers for both barrels, and its label.
pub const BOTH_BARRELS: &str = "both barrels";

impl OwnFireMode for BrpFireMode {
    fn targets(&self) -> Vec<UnitId> {
        let Self::BothBarrels(target) = *self;
        vec![target]
    }

    fn retarget(&self, from: UnitId, to: UnitId) -> RulebookFireMode {
        let Self::BothBarrels(target) = *self;
        RulebookFireMode::new(Self::BothBarrels(if target == from { to } else { target }))
    }

    /// Two shots: both barrels.
    fn shots_counted(&self) -> Option<u32> {
        Some(2)
    }
}

impl From<BrpFireMode> for FireMode {
    fn from(mode: BrpFireMode) -> Self {
        Self::Rulebook(RulebookFireMode::new(mode))
    }
}

/// BRP's fire modes read back from a replay by their names.
pub fn register() {
    register_fire_modes(FireModeDecoder::of::<BrpFireMode>(&["BothBarrels"]));
}

/// The pull of both barrels of carried weapon `index` (`weapon`) at `target`: one aimed roll of
/// two bullets fired together; refused for a gun without two barrels.
pub(super) fn plan(
    battle: &Battle,
    unit: UnitId,
    (index, weapon): (usize, Weapon),
    target: UnitId,
) -> Result<FirePlan, Rejection> {
    if !weapon.double_barrelled() {
        return Err(Rejection::WrongWeapon(format!(
            "the {} does not fire both barrels at once here",
            weapon.name
        )));
    }
    let terms = ShotTerms {
        aimed: true,
        first: true,
        ..ShotTerms::default()
    };
    let skill = weapon.skill.clone();
    let roll = PlannedRoll::together(target, 2, terms);
    pull_of_rolls(battle, unit, (index, weapon), skill, vec![roll])
}
