//! The stages of an attack's demand, a blow and a hold a rulebook may hook (one family of
//! [`super::BattleHooks`]).

use crate::battle::UnitId;
use crate::battle::command::{ManeuverGoal, Rejection, WeaponChoice};
use crate::battle::melee_weapon::MeleeWeapon;
use crate::battle::state::Battle;
use crate::battle::{PendingAttack, TurnState};
use crate::rules::melee::SpecificBlow;
use crate::rules::modifiers::Modifier;
use crate::rules::roll::{Demand, Verdict};
use crate::rules::situation::BlowFacts;
use bevy::prelude::*;

/// The stages of an attack's demand, a blow, and a hold; each stage's default does nothing.
pub trait AttackHooks {
    /// A maneuver of the rulebook's own goal (CoC's Hinder, Expose) worked on `target`: what
    /// it does.
    fn goal_worked(&self, _battle: &mut Battle, _target: UnitId, _goal: ManeuverGoal) {}

    /// The facts of `pending`'s blow the rulebook's own state sets (CoC's maneuvers: the
    /// attacker hampered, the target left open).
    fn blow_facts(&self, _battle: &Battle, _pending: &PendingAttack, _facts: &mut BlowFacts) {}

    /// The foe `unit` named at the start of the round as the one it answers with its weapon
    /// (BRP's parry named), where the rulebook names one.
    fn named_foe(&self, _battle: &Battle, _unit: UnitId) -> Option<UnitId> {
        None
    }

    /// `unit` names `foe` as the one it answers with its weapon this round (an odds reckoning's
    /// assumption, as if it had in its declaration slot); nothing where nobody names one.
    fn name_foe(&self, _battle: &mut Battle, _unit: UnitId, _foe: UnitId) {}

    /// What will come off a blow struck at `pending`'s target with `weapon` as it arrives, for
    /// its odds (the d10 pool's evading); `None`: nothing.
    fn blow_will_lose(
        &self,
        _battle: &Battle,
        _pending: &PendingAttack,
        _weapon: &MeleeWeapon,
    ) -> Option<Modifier> {
        None
    }

    /// A blow struck at `pending`'s target with `weapon` arrives with `net`: the net left
    /// (the d10 pool's evading takes off what it can); the net itself by default.
    fn blow_arrives(
        &self,
        _battle: &mut Battle,
        _pending: &PendingAttack,
        _weapon: &MeleeWeapon,
        net: i32,
    ) -> i32 {
        net
    }

    /// An attack's demand (a blow's, or each roll of a trigger pull), with what the rulebook's
    /// own state of `unit` puts on it (the house sheet: a stance taken first, the share of a
    /// divided skill, a called shot).
    fn attack_demand(&self, _battle: &Battle, _unit: UnitId, demand: Demand) -> Demand {
        demand
    }

    /// `unit`'s attack (a blow, a pull of the trigger, a maneuver) has made its rolls.
    fn attack_made(&self, _battle: &mut Battle, _unit: UnitId) {}

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

    /// An unarmed blow of `attacker`'s that landed with `roll`: whether it rolls its dice twice
    /// (BRP's Martial Arts, where the roll is under that skill too).
    fn unarmed_blow_doubled(&self, _battle: &Battle, _attacker: UnitId, _roll: u32) -> bool {
        false
    }

    /// The specific blow `pending`'s attacker aims by the rulebook's own state (the western's
    /// declared at the defender); `None`: a plain blow.
    fn specific_blow(&self, _battle: &Battle, _pending: &PendingAttack) -> Option<SpecificBlow> {
        None
    }

    /// The blow `pending` has landed: whether the rulebook does something in its place (the
    /// western's specific blow declared for it: a knockout, a trip, a disarm, a restrain), told
    /// in its events; `false`, and the damage is dealt.
    fn blow_instead(&self, _battle: &mut Battle, _pending: &PendingAttack) -> bool {
        false
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
        crate::battle::hold::let_go(battle, unit);
        Ok(())
    }

    /// A restrained `unit` tries to break free of `holder` (the western's restrain), allowed.
    fn break_free(&self, _battle: &mut Battle, _unit: UnitId, _holder: UnitId) {}

    /// The chance a restrained `unit` breaks free now.
    fn break_free_chance(&self, _battle: &Battle, _unit: UnitId) -> f64 {
        0.0
    }

    /// How many rounds `target`, choked by the air, holds out before it passes out, where the
    /// rulebook counts them (the d100 house sheet); `None`: it rolls to hold its breath.
    fn air_choke_rounds(&self, _battle: &Battle, _target: UnitId) -> Option<u32> {
        None
    }

    /// `attacker`'s impaling blow with its carried weapon `weapon` (its place in the kit) has
    /// landed on `target`: what follows (BRP: the weapon sticks in the target).
    fn impaled(&self, _battle: &mut Battle, _attacker: (UnitId, usize), _target: UnitId) {}
}
