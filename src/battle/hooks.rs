//! The stages of a battle a rulebook may hook with code of its own. The engine calls each stage
//! at its place in a turn; a rulebook's battle plugin (in its own folder) puts its
//! [`BattleHooks`] in the app, and every stage it leaves alone does nothing. So the engine never
//! names a rulebook, and a mechanism of one rulebook lives in that rulebook's room.

use std::sync::Arc;

use bevy::prelude::*;

use super::UnitId;
use super::by_rulebook::ByRulebook;
use super::choices::{Offers, TurnChoices, UnitFlag};
use super::command::{FireMode, ManeuverGoal, Rejection, WeaponChoice};
use super::fire_plan::{FireOutOfTurn, FirePlan, PlannedRoll};
use super::harm_read::{CoverByPart, RollHarm, RolledHit};
use super::melee_weapon::MeleeWeapon;
use super::own::OwnCommand;
use super::shot::ShotSetup;
use super::state::Battle;
use super::{ActionLost, PendingAttack, TurnState};
use crate::map::Tile;
use crate::map::sight::ShotLine;
use crate::rules::body::BodyPart;
use crate::rules::damage::DamageNotation;
use crate::rules::explosions::BlastRing;
use crate::rules::modifiers::Modifier;
use crate::rules::roll::{Demand, Verdict};
use crate::rules::roll_harm::{HitForm, RollHit};
use crate::rules::ruleset::RulesetId;
use crate::rules::weapons::Weapon;

/// A rulebook's own code at the battle's stages; each stage's default does nothing.
pub trait BattleHooks: Send + Sync + 'static {
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

    /// An attack's demand (a blow's, or each roll of a trigger pull), with what the rulebook's
    /// own state of `unit` puts on it (the house sheet: a stance taken first, the share of a
    /// divided skill, a called shot).
    fn attack_demand(&self, _battle: &Battle, _unit: UnitId, demand: Demand) -> Demand {
        demand
    }

    /// `unit`'s attack (a blow, a pull of the trigger, a maneuver) has made its rolls.
    fn attack_made(&self, _battle: &mut Battle, _unit: UnitId) {}

    /// Whether `unit`'s action, spent this turn, went on something an attack may still follow
    /// (the house sheet's stance taken first).
    fn attack_follows_action(&self, _battle: &Battle, _unit: UnitId) -> bool {
        false
    }

    /// Whether `unit` has an attack of the rulebook's own left this turn beyond its action
    /// (a share of the house sheet's divided skill).
    fn attack_left_over(&self, _battle: &Battle, _unit: UnitId) -> bool {
        false
    }

    /// How many attacks `unit`'s turn allows, where the rulebook's own state says (as many as
    /// the house sheet's shares); `None` leaves the count to the engine.
    fn attacks_this_turn(&self, _battle: &Battle, _unit: UnitId) -> Option<u32> {
        None
    }

    /// `attacker`'s blow at `defender` with `weapon` (struck, not thrown) failed with `roll`,
    /// nobody harmed: what it still does (the house sheet's graze, backlash and fumble).
    fn blow_missed(
        &self,
        _battle: &mut Battle,
        _fighters: (UnitId, UnitId),
        _weapon: &MeleeWeapon,
        _roll: &Verdict,
    ) {
    }

    /// As `unit`'s whole turn comes, whether the rulebook's own state spends it (the house
    /// sheet's getting up, knocked down), the rulebook telling why in its events.
    fn turn_spent(&self, _battle: &mut Battle, _unit: UnitId) -> bool {
        false
    }

    /// As `unit`'s whole turn begins (after what spends it, a knock-down or a pin): what the
    /// rulebook's own state costs it (the western's pain of a wound, rolled against again),
    /// told in its events.
    fn turn_begins(&self, _battle: &mut Battle, _unit: UnitId) -> TurnCost {
        TurnCost::Nothing
    }

    /// As the round ends, after units come to and before the dying roll: what the rulebook's
    /// own state does then (the western's wounds located, and its bleeding).
    fn round_ends(&self, _battle: &mut Battle) {}

    /// As a new round begins, for each `unit` in turn: what of the rulebook's own state of it
    /// lasts no longer (the house sheet's dazes and blinding past their last round).
    fn round_begins(&self, _battle: &mut Battle, _unit: UnitId) {}

    /// As a new round begins, once every unit's round has begun and the arrivals are in,
    /// before the order is rolled: what the rulebook's own state does then (CoC's Luck paid
    /// again to stay awake).
    fn round_opened(&self, _battle: &mut Battle) {}

    /// As `unit`'s turn comes, what of the rulebook's own lasted until then ends.
    fn turn_comes(&self, _battle: &mut Battle, _unit: UnitId) {}

    /// `unit`'s surprise attack on `target`: whether the target sees it coming, where the
    /// rulebook weighs it its own way (the d10 pool's contest of pools); `None`, and the target
    /// rolls to notice it.
    fn surprise_seen(&self, _battle: &mut Battle, _attack: (UnitId, UnitId)) -> Option<bool> {
        None
    }

    /// What the surprising `unit` makes harder of its target's roll to notice it (CoC: its
    /// Stealth).
    fn notice_modifiers(&self, _battle: &Battle, _unit: UnitId) -> Vec<Modifier> {
        Vec::new()
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

    /// A unit a burning weapon has hit, not alight yet: whether it keeps from catching fire
    /// (CoC's Luck roll); `false`, and it catches.
    fn resists_fire(&self, _battle: &mut Battle, _unit: UnitId) -> bool {
        false
    }

    /// After a hit with `damage` (a weapon stunning up to `stun_limit` Build) and its fire:
    /// what the weapon's other effects do (CoC's stun, and the spray's roll against it).
    fn hit_effects(
        &self,
        _battle: &mut Battle,
        _target: UnitId,
        _damage: &DamageNotation,
        _stun_limit: Option<i32>,
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

    /// The blow `pending` has landed: whether the rulebook does something in its place (the
    /// western's specific blow declared for it: a knockout, a trip, a disarm, a restrain), told
    /// in its events; `false`, and the damage is dealt.
    fn blow_instead(&self, _battle: &mut Battle, _pending: &PendingAttack) -> bool {
        false
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

    /// `unit`'s pull in `mode` is fired: what it brings on (the western's holding fire until
    /// fired upon).
    fn fire_done(&self, _battle: &mut Battle, _unit: UnitId, _mode: &FireMode) {}

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

    /// `unit`'s hit on `target` with `weapon`, where the rulebook reads its harm off the roll
    /// `hit` (the house sheet), behind `cover` where its cover hides parts: what it does, told
    /// in its events; `None` where the damage is rolled in dice.
    fn harm_off_the_roll(
        &self,
        _battle: &mut Battle,
        _fighters: (UnitId, UnitId),
        _weapon: &str,
        _hit: &RollHit,
        _cover: Option<&CoverByPart>,
    ) -> Option<RolledHit> {
        None
    }

    /// The exact mean harm of `unit`'s roll at `demand` on `target` with `weapon`, where the
    /// rulebook reads harm off the roll, for the shot's preview: in the open, and behind the
    /// cover `shot`'s line finds beside the target. `None` where the damage is rolled in dice.
    fn harm_preview(
        &self,
        _battle: &Battle,
        _fighters: (UnitId, UnitId),
        _weapon: &Weapon,
        _roll: (&Demand, &ShotSetup),
    ) -> Option<RollHarm> {
        None
    }

    /// `unit` caught in the ring of `by`'s blast at `centre` whose harm the rulebook reads off
    /// a fresh roll (`read`: the form, and the weapon's number): what it does.
    fn blast_harm_off_the_roll(
        &self,
        _battle: &mut Battle,
        _caught: (UnitId, UnitId),
        _weapon: &str,
        _centre: Tile,
        _read: (HitForm, u32),
    ) -> Option<RolledHit> {
        None
    }

    /// A hit on `unit` (by `by`) that landed with `net` successes left once the defence was
    /// off, with `skill` and a weapon of `weapon` damage (a blast's band, where `blast`): an
    /// injury, where the rulebook keeps wounds as a list of them (the d10 pool), told in its
    /// events; `false` where it counts hit points (the caller rolls the damage).
    fn injury(
        &self,
        _battle: &mut Battle,
        _hit: (UnitId, Option<UnitId>),
        _net: i32,
        _weapon: (u32, bool),
        _skill: &str,
    ) -> bool {
        false
    }

    /// `unit` has just lost `damage` (more than nothing, not to bleeding; `hand_to_hand` or
    /// not; from a bullet or blade, the weapon `located`), before it rolls to stay awake: what
    /// the wound leaves (the western's pain, bleeding and wound to locate).
    fn wounded(
        &self,
        _battle: &mut Battle,
        _unit: UnitId,
        _wound: (u32, bool),
        _located: Option<&str>,
    ) {
    }

    /// `unit`, conscious, is about to fall unconscious from harm: whether the rulebook keeps it
    /// awake (CoC's Luck spent, an optional rule), told in its events.
    fn stays_awake(&self, _battle: &mut Battle, _unit: UnitId) -> bool {
        false
    }

    /// `unit`'s armor (`armor`, over only `parts` of its body) in the way of a blow aimed at it:
    /// whether it covers where the blow lands, tried where the rulebook says (CoC's optional hit
    /// locations, or a Luck roll), told in its events; `None`: it counts.
    fn armor_tried(
        &self,
        _battle: &mut Battle,
        _unit: UnitId,
        _armor: (&str, &[BodyPart]),
    ) -> Option<bool> {
        None
    }

    /// `by`'s First Aid on `patient`, its vitals settled: whether the rulebook's own state
    /// takes the aid in place of healing (the western's bleeding stopped), told in its events.
    fn tended(&self, _battle: &mut Battle, _by: UnitId, _patient: UnitId) -> bool {
        false
    }

    /// `unit` caught in `ring` of `by`'s blast at `centre`, thrown with `net` successes and
    /// `skill`: an injury, where the rulebook keeps wounds as a list of them (the d10 pool: the
    /// ring's severity, less behind low cover, a dodge with the dice it can spare), told in its
    /// events; `false` where it counts hit points (the caller rolls the damage).
    fn blast_injury(
        &self,
        _battle: &mut Battle,
        _caught: (UnitId, UnitId),
        _net: i32,
        _ring: (Option<&BlastRing>, Tile),
        _skill: &str,
    ) -> bool {
        false
    }

    /// `unit` took `taken` (more than nothing), on `part` where the blow located it, its
    /// vitals settled: what more the harm does (the house sheet: a holder hurt enough this
    /// round lets go; each part's tally, which cripples it).
    fn harm_taken(
        &self,
        _battle: &mut Battle,
        _unit: UnitId,
        _taken: u32,
        _part: Option<BodyPart>,
    ) {
    }

    /// The unit `unit`'s blow with `weapon` at `target` turns on instead, where the rulebook's
    /// own state of the target turns it (the house sheet's Monkey Dodge).
    fn blow_turned(
        &self,
        _battle: &mut Battle,
        _unit: UnitId,
        _target: UnitId,
        _weapon: WeaponChoice,
    ) -> Option<UnitId> {
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

    /// A grapple maneuver, allowed and announced, settled at once where the rulebook's
    /// grapples are contests (`Ruleset::grapple_contest`: the house sheet's wrestling).
    fn maneuver_settled(
        &self,
        _battle: &mut Battle,
        _unit: UnitId,
        _target: UnitId,
        _goal: ManeuverGoal,
    ) {
    }

    /// The chance such a maneuver works, before any die falls.
    fn maneuver_settled_chance(
        &self,
        _battle: &Battle,
        _unit: UnitId,
        _target: UnitId,
        _goal: ManeuverGoal,
    ) -> f64 {
        0.0
    }

    /// The chance `unit` would kill the unit it holds by executing it now, where the rulebook
    /// has executions (the house sheet).
    fn execution_chance(&self, _battle: &Battle, _unit: UnitId) -> Option<f64> {
        None
    }

    /// `unit`, holding someone, lets go on its turn (`turn`): at once by default; the house
    /// sheet's takes the action unless a roll keeps it.
    fn lets_go(
        &self,
        battle: &mut Battle,
        unit: UnitId,
        _turn: &TurnState,
    ) -> Result<(), Rejection> {
        super::hold::let_go(battle, unit);
        Ok(())
    }

    /// `unit` getting up from prone: the roll the rulebook's own state of it asks (the
    /// western's trip); whether it stumbled. It gets up all the same.
    fn rises(&self, _battle: &mut Battle, _unit: UnitId) -> bool {
        false
    }

    /// `unit` stumbled getting up, and is on its feet: what follows (the western's free blows).
    fn stumbled(&self, _battle: &mut Battle, _unit: UnitId) {}

    /// A restrained `unit` tries to break free of `holder` (the western's restrain), allowed.
    fn break_free(&self, _battle: &mut Battle, _unit: UnitId, _holder: UnitId) {}

    /// The chance a restrained `unit` breaks free now.
    fn break_free_chance(&self, _battle: &Battle, _unit: UnitId) -> f64 {
        0.0
    }

    /// The flags the rulebook's own state puts on `unit`, for its card: none by default.
    fn flags(&self, _battle: &Battle, _unit: UnitId) -> Vec<UnitFlag> {
        Vec::new()
    }

    /// What the rulebook offers `unit`, whose turn it is, beyond the engine's own actions
    /// (`choices.rs`): none by default.
    fn offers(&self, _battle: &Battle, _unit: UnitId) -> Offers {
        Offers::default()
    }

    /// A command of the rulebook's own (`own`, which it reads as its own type): carried out,
    /// or refused with the battle as it was. One it does not know is refused.
    fn command(&self, _battle: &mut Battle, own: &dyn OwnCommand) -> Result<(), Rejection> {
        Err(Rejection::NoSuchCommand(format!("{own:?}")))
    }
}

/// What the rulebook's own state costs a unit's whole turn as it begins.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TurnCost {
    /// Nothing: the turn goes on.
    Nothing,
    /// The whole turn goes by.
    Turn,
    /// It may move, but its action is lost, for this reason.
    Action(ActionLost),
}

/// The code the battle's rulebook runs at the engine's stages.
pub fn of(battle: &Battle) -> Arc<dyn BattleHooks> {
    battle
        .world
        .resource::<RulebookHooks>()
        .of(battle.scenario.ruleset.id())
}

/// What the battle's rulebook lets `unit`, whose turn it is, do now beyond the engine's own
/// actions.
pub fn offered(world: &mut World, unit: UnitId) -> TurnChoices {
    let battle = Battle::new(world);
    let hooks = of(&battle);
    TurnChoices {
        offers: hooks.offers(&battle, unit),
        attack_follows_action: hooks.attack_follows_action(&battle, unit),
    }
}

/// The flags the battle's rulebook puts on each unit, in the roster's order.
pub fn flagged(world: &mut World) -> Vec<(UnitId, Vec<UnitFlag>)> {
    let battle = Battle::new(world);
    let hooks = of(&battle);
    battle
        .unit_ids()
        .into_iter()
        .map(|unit| (unit, hooks.flags(&battle, unit)))
        .filter(|(_, flags)| !flags.is_empty())
        .collect()
}

/// A rulebook with no code of its own at any stage.
#[derive(Debug, Clone, Copy, Default)]
pub struct Unhooked;

impl BattleHooks for Unhooked {}

/// Each rulebook's hooks, by the rulebook, as their plugins put them in.
pub type RulebookHooks = ByRulebook<dyn BattleHooks>;

impl RulebookHooks {
    /// The hooks of rulebook `id`. A battle of a rulebook whose plugin is not in the app is a
    /// mistake in building the app, never in a file: it stops here, as a missing resource does.
    pub fn of(&self, id: RulesetId) -> Arc<dyn BattleHooks> {
        self.get(id)
            .unwrap_or_else(|| panic!("no battle plugin of the {id:?} rulebook in this app"))
    }
}

/// Putting a rulebook's hooks in the app, from its battle plugin.
pub trait HookRulebook {
    fn hook_rulebook(&mut self, id: RulesetId, hooks: impl BattleHooks) -> &mut Self;
}

impl HookRulebook for App {
    fn hook_rulebook(&mut self, id: RulesetId, hooks: impl BattleHooks) -> &mut Self {
        RulebookHooks::put_in(self, id, Arc::new(hooks));
        self
    }
}
