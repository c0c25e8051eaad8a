//! The d10 pool's sweep in the battle (SPECS.md section 2): automatic fire swept across an
//! area, its own way of firing (written `Sweep(at: 0, rounds: 20)` as ever), the line of tiles
//! across the line of fire it covers, and everyone standing in it, each shot at with the one
//! roll the sweep shares and each free to dodge.

use serde::{Deserialize, Serialize};

use super::events::PoolEvent;
use crate::battle::UnitId;
use crate::battle::choices::{CountSetting, OwnFireStyle};
use crate::battle::command::{FireMode, Rejection};
use crate::battle::fire_plan::{FirePlan, PlannedRoll};
use crate::battle::own::{FireModeDecoder, OwnFireMode, RulebookFireMode, register_fire_modes};
use crate::battle::shot::setup;
use crate::battle::shot_terms::ShotTerms;
use crate::battle::state::Battle;
use crate::battle::volley::over_area;
use crate::map::{GridMap, Tile};
use crate::rules::weapons::Weapon;
use crate::rulesets::d10_pool::sweep::{SWEEP, across, offsets};

/// The pool's own way of firing.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum PoolFireMode {
    /// `rounds` sprayed along a line of tiles across the line of fire, centred on the unit
    /// `at`, as wide as the rounds make it. One roll is shared by everyone standing in it,
    /// friend or foe, each of whom may dodge.
    Sweep { at: UnitId, rounds: u32 },
}

/// The word for a sweep on the action bar.
const SWEEP_LABEL: &str = "sweep";

/// The style of a sweep with `weapon`, where it fires full auto: twice the fewest rounds to
/// start with, the player setting them from the fewest to all the gun holds.
pub fn style(weapon: &Weapon) -> Option<OwnFireStyle> {
    let least = SWEEP.least_rounds;
    weapon.uses.full_auto.then_some(OwnFireStyle {
        label: SWEEP_LABEL,
        count: Some(least * 2),
        set: Some(CountSetting {
            least,
            most: weapon.capacity().max(least),
            unit: " rounds",
        }),
    })
}

/// How wide a sweep of `style`'s rounds is, beside the rounds on the action bar.
pub fn style_words(style: OwnFireStyle) -> Option<String> {
    let width = SWEEP
        .width(style.count?)
        .filter(|_| style.label == SWEEP_LABEL)?;
    Some(format!(
        "{width} tile{} wide",
        if width == 1 { "" } else { "s" }
    ))
}

impl PoolFireMode {
    /// The fire the style `style` (the pool's) makes at `target`.
    pub fn styled(style: OwnFireStyle, target: UnitId) -> Option<Self> {
        match (style.label, style.count) {
            (SWEEP_LABEL, Some(rounds)) => Some(Self::Sweep { at: target, rounds }),
            _ => None,
        }
    }

    /// The rounds it sprays.
    pub fn rounds(&self) -> u32 {
        match self {
            Self::Sweep { rounds, .. } => *rounds,
        }
    }
}

impl OwnFireMode for PoolFireMode {
    fn targets(&self) -> Vec<UnitId> {
        match self {
            Self::Sweep { at, .. } => vec![*at],
        }
    }

    fn retarget(&self, from: UnitId, to: UnitId) -> RulebookFireMode {
        RulebookFireMode::new(match self {
            Self::Sweep { at, rounds } => Self::Sweep {
                at: if *at == from { to } else { *at },
                rounds: *rounds,
            },
        })
    }

    /// A sweep is the round's automatic fire.
    fn shots_counted(&self) -> Option<u32> {
        None
    }

    fn draws_targets(&self) -> bool {
        false
    }
}

impl From<PoolFireMode> for FireMode {
    fn from(mode: PoolFireMode) -> Self {
        Self::Rulebook(RulebookFireMode::new(mode))
    }
}

/// The pool's fire modes read back from a replay by their names.
pub fn register() {
    register_fire_modes(FireModeDecoder::of::<PoolFireMode>(&["Sweep"]));
}

/// The tiles a sweep `width` tiles wide from `from` covers, centred on `centre`: along the line
/// across the line of fire, centre first, then one each way in turn; only those on the map.
pub fn swept_tiles(map: &GridMap, from: Tile, centre: Tile, width: u32) -> Vec<Tile> {
    let at = |tile: Tile| (i64::from(tile.x), i64::from(tile.y));
    let (step_x, step_y) = across(at(from), at(centre));
    offsets(width)
        .into_iter()
        .filter_map(|offset| {
            centre.offset(step_x.saturating_mul(offset), step_y.saturating_mul(offset))
        })
        .filter(|tile| map.contains(*tile))
        .collect()
}

/// The pull of carried weapon `index` (`weapon`, `ready` rounds in it) by `unit` in `mode`,
/// checked: a roll at everyone standing in the area who could be shot at from here (the centre
/// first, who must be), every one made with the dice of the first.
pub(super) fn plan(
    battle: &Battle,
    unit: UnitId,
    (index, weapon, ready): (usize, Weapon, u32),
    mode: &PoolFireMode,
) -> Result<FirePlan, Rejection> {
    let PoolFireMode::Sweep { at: centre, rounds } = *mode;
    let refuse = |why: String| Err(Rejection::WrongWeapon(why));
    if !weapon.uses.full_auto {
        return refuse(format!("the {} does not fire full auto", weapon.name));
    }
    let Some(width) = SWEEP.width(rounds) else {
        return refuse(format!(
            "a sweep spends at least {} rounds",
            SWEEP.least_rounds
        ));
    };
    if rounds > ready {
        return Err(Rejection::OutOfAmmunition(format!(
            "the {} has {ready} ready, {rounds} needed",
            weapon.name
        )));
    }
    battle.target_there(unit, centre)?;
    let terms = ShotTerms {
        aimed: true,
        first: true,
        ..ShotTerms::default()
    };
    setup(battle, unit, centre, &weapon, terms)?;
    let (Some(from), Some(middle)) = (battle.position(unit), battle.position(centre)) else {
        return Err(Rejection::OutOfReach("not on the map".to_string()));
    };
    let swept = swept_tiles(&battle.scenario.map, from, middle, width);
    let caught: Vec<PlannedRoll> = swept
        .iter()
        .filter_map(|tile| battle.unit_at(*tile))
        .filter(|victim| *victim != unit && battle.target_there(unit, *victim).is_ok())
        .filter(|victim| setup(battle, unit, *victim, &weapon, terms).is_ok())
        .map(|victim| PlannedRoll::single(victim, terms))
        .collect();
    Ok(over_area((index, weapon), caught, (swept, rounds)))
}

/// The sweep of `unit` opens: its width and everyone it catches, before any answers.
pub(super) fn opened(battle: &mut Battle, unit: UnitId, plan: &FirePlan, caught: &[UnitId]) {
    if plan.swept().is_empty() {
        return;
    }
    battle.emit(PoolEvent::Swept {
        unit,
        width: u32::try_from(plan.swept().len()).unwrap_or(u32::MAX),
        caught: caught.to_vec(),
    });
}
