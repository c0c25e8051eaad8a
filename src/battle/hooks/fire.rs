//! The stages of fire a rulebook may hook: a pull of the trigger, its shots, and where they
//! land (one family of [`super::BattleHooks`]).

use crate::battle::choices::OwnFireStyle;
use crate::battle::command::{FireMode, Rejection, WeaponChoice};
use crate::battle::fire_plan::{FireOutOfTurn, FirePlan, PlannedRoll};
use crate::battle::harm_read::CoverByPart;
use crate::battle::own::OwnFireMode;
use crate::battle::state::Battle;
use crate::battle::{PendingFire, UnitId};
use crate::map::sight::ShotLine;
use crate::rules::roll::Verdict;
use crate::rules::situation::{ShotDefence, ShotFacts};
use crate::rules::weapons::Weapon;
use bevy::prelude::*;

/// The stages of fire: a pull of the trigger, its shots and where they land;
/// each stage's default does nothing.
pub trait FireHooks {
    /// Before fire that pins its group is planned (where the rulebook's suppressing fire
    /// pins): whether `unit` may lay it down now.
    fn may_pin(&self, _battle: &Battle, _unit: UnitId) -> Result<(), Rejection> {
        Ok(())
    }

    /// Before any shot is planned: whether `unit` may fire `shots` more from `weapon` this
    /// round (the d100 house sheet's bolt action: at most two a round).
    fn may_fire(
        &self,
        _battle: &Battle,
        _unit: UnitId,
        _weapon: &Weapon,
        _shots: u32,
    ) -> Result<(), Rejection> {
        Ok(())
    }

    /// As `shots` go off from `weapon`, `before` having gone off this round: whether they do
    /// (the house's bolt worked in time); `false` loses them, the attack spent, after the
    /// rulebook has said why in an event.
    fn shots_go_off(
        &self,
        _battle: &mut Battle,
        _unit: UnitId,
        _weapon: &Weapon,
        (_before, _shots): (u32, u32),
    ) -> bool {
        true
    }

    /// `shooter`'s shot at `target` missed with `check`: the unit it hits instead, if any (CoC's
    /// fumble into a melee hits the shooter's ally there with the lowest Luck).
    fn stray_shot(
        &self,
        _battle: &Battle,
        _fighters: (UnitId, UnitId),
        _check: &Verdict,
    ) -> Option<UnitId> {
        None
    }

    /// The pull of carried weapon `index` (`weapon`, `ready` rounds in it) by `unit` in a way
    /// of firing of the rulebook's own (`own`): planned, or refused. One it does not know is
    /// refused.
    fn plan_own_fire(
        &self,
        _battle: &Battle,
        _unit: UnitId,
        (_index, weapon, _ready): (usize, Weapon, u32),
        own: &dyn OwnFireMode,
    ) -> Result<FirePlan, Rejection> {
        Err(no_such_fire(&weapon, own))
    }

    /// How `unit` may answer `attacker`'s fire `pending` now, by its rulebook's state and where
    /// it stands: one of the rulebook's `shot_defences` (CoC's dive for cover, BRP's dodge of
    /// the first bullet, the d10 pool's dodge behind cover or of a sweep in the open); `None`:
    /// it takes the shots. Asked once the engine has found it able to answer at all (standing,
    /// not stunned, not held).
    fn shot_answer(
        &self,
        _battle: &Battle,
        (_attacker, _unit): (UnitId, UnitId),
        _pending: &PendingFire,
    ) -> Option<ShotDefence> {
        None
    }

    /// A roll of `shooter`'s is about to be made at `target`, before it is told: what the
    /// rulebook notes of it (BRP: a bullet has come at it, so no later one this round may be dodged).
    fn shot_coming(&self, _battle: &mut Battle, (_shooter, _target): (UnitId, UnitId)) {}

    /// `unit` answered gunfire with `defence`, its roll `made_it` or not: what its rulebook
    /// tells of it and what it does to the unit (CoC's dive loses its next action; BRP's dodge
    /// is the round's), before the engine counts it against the shots.
    fn shots_answered(
        &self,
        _battle: &mut Battle,
        _unit: UnitId,
        _defence: ShotDefence,
        _made_it: bool,
    ) {
    }

    /// Why the engine's full auto is not how `weapon` fires here (the d10 pool sweeps it across
    /// an area instead); `None`: it is.
    fn full_auto_refused(&self, _weapon: &Weapon) -> Option<Rejection> {
        None
    }

    /// `unit`'s pull `plan` is announced, `asked` still to answer it: what the rulebook tells
    /// of it first (the d10 pool's sweep, its width and everyone caught).
    fn fire_opened(
        &self,
        _battle: &mut Battle,
        _unit: UnitId,
        _plan: &FirePlan,
        _asked: &[UnitId],
    ) {
    }

    /// The styles of firing of the rulebook's own `weapon` may be fired in (BRP's both barrels,
    /// its unaimed fire), offered on the action bar after the shots: none by default.
    fn fire_styles(&self, _weapon: &Weapon) -> Vec<OwnFireStyle> {
        Vec::new()
    }

    /// The words beside the rulebook's own style `style` where the player sets its count (the
    /// d10 pool's sweep: how wide its rounds make it).
    fn style_words(&self, _style: OwnFireStyle) -> Option<String> {
        None
    }

    /// The fire the rulebook's own style `style` (one of its `fire_styles`) makes at `target`.
    fn styled_fire(&self, _style: OwnFireStyle, _target: UnitId) -> Option<FireMode> {
        None
    }

    /// Whether `shooter` fires at `target` through the low cover in its way rather than round
    /// it, by the rulebook's own state (the western's shot declared through cover): the cover
    /// then gives no cover step, and its material takes its share off the damage.
    fn fires_through_cover(&self, _battle: &Battle, _shooter: UnitId, _target: UnitId) -> bool {
        false
    }

    /// The facts of `shooter`'s shot at `target` the rulebook's own state sets (the western's
    /// declaration: a specific shot, the shots declared for the round, the target zigzagging;
    /// a gun drawn this round).
    fn shot_facts(
        &self,
        _battle: &Battle,
        (_shooter, _target): (UnitId, UnitId),
        _facts: &mut ShotFacts,
    ) {
    }

    /// Whether the plain hits of `shooter`'s deliberate shot at `target` roll double damage
    /// (the western's specific shot declared for it).
    fn hit_doubled(&self, _battle: &Battle, _fighters: (UnitId, UnitId)) -> bool {
        false
    }

    /// `shooter`'s shot's hits from `weapon` landed on `target` (`deliberate`: aimed at it) and
    /// did their harm: what more they do (the house sheet's shotgun knocks down; the western's
    /// specific shot declared at it lames or disarms).
    fn shot_landed(
        &self,
        _battle: &mut Battle,
        _fighters: (UnitId, UnitId),
        _weapon: &Weapon,
        _deliberate: bool,
    ) {
    }

    /// `unit` fired `shots` (one roll's) from its carried weapon `index`: what they do to it
    /// (the house sheet's heavy weapon off its mount dazes), and whether it fires on.
    fn shots_fired(
        &self,
        _battle: &mut Battle,
        _unit: UnitId,
        _weapon: (usize, &Weapon),
        _shots: u32,
    ) -> bool {
        true
    }

    /// Before any change of `unit`'s pull in `mode`: the unit that contests who fires first
    /// (the western's quick draw), if any.
    fn fire_rival(
        &self,
        _battle: &Battle,
        _unit: UnitId,
        _mode: &FireMode,
    ) -> Option<FireOutOfTurn> {
        None
    }

    /// `unit`'s pull with `choice` in `mode`, its action spent, contested by `rival`: the plan
    /// it fires now, once the contest is settled (and the rival has fired, if it won), or `None`
    /// where it lost its pull.
    fn fire_contested(
        &self,
        _battle: &mut Battle,
        _shooter: (UnitId, WeaponChoice),
        _mode: &FireMode,
        _rival: &FireOutOfTurn,
        plan: FirePlan,
    ) -> Option<FirePlan> {
        Some(plan)
    }

    /// Whether `unit`'s fire with `choice` in `mode` goes beyond its turn's spent action by the
    /// rulebook's own state (BRP's second handgun, firing unaimed once the first has).
    fn fires_beyond_the_action(
        &self,
        _battle: &Battle,
        _unit: UnitId,
        (_choice, _mode): (WeaponChoice, &FireMode),
    ) -> bool {
        false
    }

    /// `unit`'s pull of `choice` in `mode` is fired: what it brings on (the western's holding
    /// fire until fired upon; BRP's handgun that fired unaimed this turn).
    fn fire_done(
        &self,
        _battle: &mut Battle,
        _unit: UnitId,
        (_choice, _mode): (WeaponChoice, &FireMode),
    ) {
    }

    /// Fire that pins its group (`FirePlan::pinning`, where the rulebook's suppressing fire
    /// pins): the roll `planned` as it is made, at the one the rulebook says.
    fn pinning_roll_at(
        &self,
        _battle: &Battle,
        _unit: UnitId,
        _plan: &FirePlan,
        planned: &PlannedRoll,
    ) -> PlannedRoll {
        *planned
    }

    /// What a roll of fire that pins its group does, `check` made and the gun working.
    fn pinning_roll(
        &self,
        _battle: &mut Battle,
        _unit: UnitId,
        _plan: &FirePlan,
        _roll: &PlannedRoll,
        _check: &Verdict,
    ) {
    }

    /// The pull of fire that pins `group` is done, `bullets` fired at it.
    fn group_pinned(&self, _battle: &mut Battle, _unit: UnitId, _group: &[UnitId], _bullets: u32) {}

    /// The cover `line` finds beside `target`, where the rulebook's cover hides body parts
    /// (the house sheet's); `None`: cover counts whole.
    fn part_cover(
        &self,
        _battle: &Battle,
        _target: UnitId,
        _line: ShotLine,
    ) -> Option<CoverByPart> {
        None
    }

    /// `unit`'s fire with `choice` in `mode`, turned where the rulebook's own state of its
    /// targets turns it (the house sheet's Monkey Dodge).
    fn fire_turned(
        &self,
        _battle: &mut Battle,
        _unit: UnitId,
        _choice: WeaponChoice,
        _mode: &FireMode,
    ) -> Option<FireMode> {
        None
    }
}

/// The refusal of a way of firing the battle's rulebook does not know, or not with `weapon`.
pub fn no_such_fire(weapon: &Weapon, own: &dyn OwnFireMode) -> Rejection {
    Rejection::WrongWeapon(format!(
        "the {} cannot be fired so here ({own:?})",
        weapon.name
    ))
}
