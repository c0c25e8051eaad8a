//! The preview of a ranged attack before it is made: every roll the battle would make, with its
//! modifiers, its demand in the rulebook's words and its exact chance, from the same plan the
//! shot itself is made from. Nothing in the battle changes.

use bevy::prelude::World;
use serde::Serialize;

use super::UnitId;
use super::command::{FireMode, Rejection, WeaponChoice};
use super::fire_plan::FirePlan;
use super::harm_read::RollHarm;
use super::shot::{ShotSetup, ShotTerms, setup};
use super::state::Battle;
use super::volley::{hit_chance, plan_fire, shot_demand, suppressed_group};
use crate::map::Tile;
use crate::rules::vocabulary::DemandWords;
use crate::rules::weapons::AttackForm;

/// One roll of a planned ranged attack, as the player sees it before committing.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct RollPreview {
    pub target: UnitId,
    pub bullets: u32,
    /// What the roll is made against, in the rulebook's words.
    pub words: DemandWords,
    pub setup: ShotSetup,
    /// The exact chance the roll hits (malfunctions count as misses).
    pub chance: f64,
    /// The range band in the rulebook's words.
    #[serde(skip)]
    pub band_words: &'static str,
    /// Where the rulebook reads harm off the roll (the d100 house sheet): the exact mean harm
    /// of the roll over its hundred faces, misses counted as nothing, with what the cover beside
    /// the target makes of hits on the parts it hides.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub harm: Option<RollHarm>,
}

impl RollPreview {
    /// "Hard · long range · −1 half cover, +1 aiming · 21% to hit".
    pub fn label(&self) -> String {
        let mut parts = vec![if self.setup.possible {
            self.words.head.clone()
        } else {
            "Cannot hit".to_string()
        }];
        parts.push(self.band_words.to_string());
        if !self.words.modifiers.is_empty() {
            parts.push(self.words.modifiers.clone());
        }
        let harm = self
            .harm
            .as_ref()
            .filter(|_| self.setup.possible)
            .map(|harm| format!(" · {}", harm.words()))
            .unwrap_or_default();
        format!(
            "{} · {:.0}% to hit{harm}",
            parts.join(" · "),
            self.chance * 100.0
        )
    }
}

/// The group suppressing fire by `unit` with `weapon` at `target` would fall on (the window's
/// group for a click on `target`): the target first, then those about it the fire could reach.
pub fn suppressing_group(
    world: &mut World,
    unit: UnitId,
    weapon: WeaponChoice,
    target: UnitId,
) -> Vec<UnitId> {
    let battle = Battle::new(world);
    let weapon = match weapon {
        WeaponChoice::Carried(index) => battle.carried(unit, index).cloned(),
        _ => None,
    };
    weapon.map_or_else(
        || vec![target],
        |weapon| suppressed_group(&battle, unit, &weapon, target),
    )
}

/// A ranged attack previewed: every roll it would make, and the tiles it sweeps (the d10 pool's
/// sweep across an area; none for any other fire).
pub struct FirePreview {
    pub rolls: Vec<RollPreview>,
    pub swept: Vec<Tile>,
}

/// Preview a ranged attack by `unit` with `weapon` in `mode`: every roll it would make, with
/// its modifiers and exact chance; or why it cannot be made. A thrown weapon previews its throw
/// (the defender may still dodge). Nothing in the battle changes.
pub fn preview(
    world: &mut World,
    unit: UnitId,
    weapon: WeaponChoice,
    mode: &FireMode,
) -> Result<Vec<RollPreview>, Rejection> {
    preview_fire(world, unit, weapon, mode).map(|fire| fire.rolls)
}

/// As [`preview`], with the tiles the fire sweeps, from the one plan it is made from.
pub fn preview_fire(
    world: &mut World,
    unit: UnitId,
    weapon: WeaponChoice,
    mode: &FireMode,
) -> Result<FirePreview, Rejection> {
    let battle = Battle::new(world);
    battle.known(unit)?;
    // On its own turn, a unit whose action is lost (a dive, a run past MOV) is promised no
    // shot the battle would then refuse.
    if battle
        .flow()
        .turn
        .is_some_and(|turn| turn.unit == unit && turn.action_forfeited())
    {
        return Err(Rejection::ActionUsed);
    }
    if let WeaponChoice::Carried(index) = weapon
        && let Some(thrown) = battle
            .carried(unit, index)
            .filter(|carried| carried.attack_form() == AttackForm::Thrown)
            .cloned()
    {
        let target = mode
            .targets()
            .first()
            .copied()
            .ok_or_else(|| Rejection::InvalidTarget("nobody to throw at".to_string()))?;
        battle.target_there(unit, target)?;
        let terms = ShotTerms {
            aimed: true,
            first: true,
            ..ShotTerms::default()
        };
        let shot = setup(&battle, unit, target, &thrown, terms)?;
        let plan = FirePlan {
            index,
            skill_name: thrown.skill.clone(),
            weapon: thrown,
            rounds: 1,
            wasted: 0,
            chambered: false,
            rolls: Vec::new(),
            drawn_from: Vec::new(),
            swept: Vec::new(),
            pinning: Vec::new(),
        };
        return Ok(FirePreview {
            rolls: vec![roll_preview(&battle, unit, &plan, target, 1, shot)],
            swept: Vec::new(),
        });
    }
    let plan = plan_fire(&battle, unit, weapon, mode)?;
    let rolls = plan
        .rolls
        .iter()
        .map(|roll| {
            let shot = setup(&battle, unit, roll.target, &plan.weapon, roll.terms)?;
            Ok(roll_preview(
                &battle,
                unit,
                &plan,
                roll.target,
                roll.bullets,
                shot,
            ))
        })
        .collect::<Result<_, Rejection>>()?;
    Ok(FirePreview {
        rolls,
        swept: plan.swept,
    })
}

/// One roll of a planned attack as the preview shows it: its chance and its demand in the
/// rulebook's words.
fn roll_preview(
    battle: &Battle,
    unit: UnitId,
    plan: &FirePlan,
    target: UnitId,
    bullets: u32,
    shot: ShotSetup,
) -> RollPreview {
    let demand = battle.standing_demand(unit, &shot_demand(battle, unit, plan, &shot));
    RollPreview {
        target,
        bullets,
        harm: super::hooks::of(battle).harm_preview(
            battle,
            (unit, target),
            plan.weapon(),
            (&demand, &shot),
        ),
        words: battle.scenario.ruleset.words().demand_words(&demand),
        chance: hit_chance(battle, unit, plan, &shot),
        band_words: battle
            .scenario
            .ruleset
            .words()
            .band_words(shot.reading.band),
        setup: shot,
    }
}
