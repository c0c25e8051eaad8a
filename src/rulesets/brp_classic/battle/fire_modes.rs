//! BRP's own ways of firing (SPECS.md 1.1): both barrels of a double-barrelled gun at once (one
//! roll, and on a hit a damage roll for each barrel), and unaimed fire (up to twice the
//! weapon's shots a round, each at a fifth of the chance; with several targets named, each shot
//! at one of them drawn by a die). Written in a replay as they always were (`BothBarrels(2)`,
//! `Unaimed(shots: 4, at: [2])`), and read back by the decoder registered here.

use serde::{Deserialize, Serialize};

use crate::battle::UnitId;
use crate::battle::choices::OwnFireStyle;
use crate::battle::command::{FireMode, Rejection, each_once};
use crate::battle::fire_plan::{FirePlan, PlannedRoll};
use crate::battle::own::{FireModeDecoder, OwnFireMode, RulebookFireMode, register_fire_modes};
use crate::battle::shot_terms::ShotTerms;
use crate::battle::state::Battle;
use crate::battle::volley::{drawn_from, pull_of_rolls};
use crate::rules::weapons::Weapon;

/// BRP's own ways of firing.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum BrpFireMode {
    /// Both barrels of a double-barrelled gun at once, at one target.
    BothBarrels(UnitId),
    /// Unaimed fire: `shots` at `at` (each at one drawn by a die, where several are named).
    Unaimed { shots: u32, at: Vec<UnitId> },
}

/// The style the action bar offers for both barrels.
pub const BOTH_BARRELS: OwnFireStyle = OwnFireStyle {
    label: "both barrels",
    count: None,
    set: None,
};

/// The word for unaimed fire on the action bar, after its shots ("4 unaimed").
const UNAIMED: &str = "unaimed";

/// The style of unaimed fire with `weapon`: twice its shots a round, where it fires shots.
pub fn unaimed_style(weapon: &Weapon) -> Option<OwnFireStyle> {
    let most = weapon.most_shots();
    (most > 0).then_some(OwnFireStyle {
        label: UNAIMED,
        count: Some(most * 2),
        set: None,
    })
}

impl BrpFireMode {
    /// The fire style `style` (one of BRP's) makes at `target`.
    pub fn styled(style: OwnFireStyle, target: UnitId) -> Option<Self> {
        match (style.label, style.count) {
            (label, None) if label == BOTH_BARRELS.label => Some(Self::BothBarrels(target)),
            (UNAIMED, Some(shots)) => Some(Self::Unaimed {
                shots,
                at: vec![target],
            }),
            _ => None,
        }
    }
}

impl OwnFireMode for BrpFireMode {
    fn targets(&self) -> Vec<UnitId> {
        match self {
            Self::BothBarrels(target) => vec![*target],
            Self::Unaimed { at, .. } => each_once(at.iter().copied()),
        }
    }

    fn retarget(&self, from: UnitId, to: UnitId) -> RulebookFireMode {
        let swap = |unit: UnitId| if unit == from { to } else { unit };
        RulebookFireMode::new(match self {
            Self::BothBarrels(target) => Self::BothBarrels(swap(*target)),
            Self::Unaimed { shots, at } => Self::Unaimed {
                shots: *shots,
                at: at.iter().map(|unit| swap(*unit)).collect(),
            },
        })
    }

    /// Both barrels: two shots. Unaimed fire is the round's shooting, counted as a burst.
    fn shots_counted(&self) -> Option<u32> {
        match self {
            Self::BothBarrels(_) => Some(2),
            Self::Unaimed { .. } => None,
        }
    }

    fn draws_targets(&self) -> bool {
        matches!(self, Self::Unaimed { .. })
    }
}

impl From<BrpFireMode> for FireMode {
    fn from(mode: BrpFireMode) -> Self {
        Self::Rulebook(RulebookFireMode::new(mode))
    }
}

/// BRP's fire modes read back from a replay by their names.
pub fn register() {
    register_fire_modes(FireModeDecoder::of::<BrpFireMode>(&[
        "BothBarrels",
        "Unaimed",
    ]));
}

/// The pull of carried weapon `index` (`weapon`) by `unit` in `mode`: both barrels, one aimed
/// roll of two bullets fired together (refused for a gun without two barrels); unaimed, one
/// roll for each shot, from 1 to twice the weapon's shots, at the first target or one drawn from
/// all named.
pub(super) fn plan(
    battle: &Battle,
    unit: UnitId,
    (index, weapon): (usize, Weapon),
    mode: &BrpFireMode,
) -> Result<FirePlan, Rejection> {
    let refuse = |why: String| Err(Rejection::WrongWeapon(why));
    let skill = weapon.skill.clone();
    match mode {
        BrpFireMode::BothBarrels(target) => {
            if !weapon.double_barrelled() {
                return refuse(format!(
                    "the {} does not fire both barrels at once here",
                    weapon.name
                ));
            }
            let terms = ShotTerms {
                aimed: true,
                first: true,
                ..ShotTerms::default()
            };
            let roll = PlannedRoll::together(*target, 2, terms);
            pull_of_rolls(battle, unit, (index, weapon), skill, vec![roll])
        }
        BrpFireMode::Unaimed { shots, at } => {
            let most = weapon.most_shots().saturating_mul(2);
            if most == 0 {
                return refuse(format!("the {} is not fired unaimed here", weapon.name));
            }
            let Some(first) = at.first().filter(|_| (1..=most).contains(shots)) else {
                return refuse(format!(
                    "the {} fires from 1 to {most} unaimed shots a round, at one target or more",
                    weapon.name
                ));
            };
            let rolls = (0..*shots)
                .map(|shot| {
                    let terms = ShotTerms {
                        unaimed: true,
                        first: shot == 0,
                        ..ShotTerms::default()
                    };
                    PlannedRoll::single(*first, terms)
                })
                .collect();
            let plan = pull_of_rolls(battle, unit, (index, weapon), skill, rolls)?;
            drawn_from(battle, unit, plan, mode.targets())
        }
    }
}
