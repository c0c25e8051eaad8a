//! The d100 house sheet in the battle: its own code at the engine's stages (the bolt action,
//! its own commands, the turn's stance, shares and called shot, missed blows, the quick
//! put-out, harm read off the roll and tallied by part, cherries, knock-downs and dazes,
//! pinning fire, wrestling, and what it offers a unit on its turn).

mod body_harm;
mod bolt;
mod called;
pub mod cherries;
pub mod commands;
pub mod condition;
pub mod events;
mod knock_down;
mod missed_blow;
mod offers;
mod pinning;
pub mod shares;
mod stance;
pub mod turn;
mod wrestling;

use std::sync::Arc;

use bevy::prelude::*;

use crate::battle::choices::{Offers, UnitFlag};
use crate::battle::command::Rejection;
use crate::battle::command::{FireMode, ManeuverGoal, WeaponChoice};
use crate::battle::fire_plan::{FirePlan, PlannedRoll};
use crate::battle::harm_read::{CoverByPart, RollHarm, RolledHit};
use crate::battle::hooks::{
    AttackHooks, ChoiceHooks, DiceHooks, FireHooks, HarmHooks, HookRulebook, TurnHooks, own_command,
};
use crate::battle::melee_weapon::MeleeWeapon;
use crate::battle::own::OwnCommand;
use crate::battle::own_state::RulebookStanding;
use crate::battle::shot::ShotSetup;
use crate::battle::state::Battle;
use crate::battle::{TurnState, UnitId};
use crate::map::Tile;
use crate::map::sight::ShotLine;
use crate::rules::body::BodyPart;
use crate::rules::roll::{Demand, Verdict};
use crate::rules::roll_harm::{HitForm, RollHit};
use crate::rules::weapons::Weapon;
use crate::rulesets::d100_house::ID;
use crate::rulesets::d100_house::grapple;
use commands::HouseCommand;
use condition::{change_house, house};

/// The house sheet's battle plugin: its hooks, and what its part of a unit's condition tells
/// the rules of the unit's standing.
pub fn plugin(app: &mut App) {
    app.hook_rulebook(ID, HouseHooks);
    RulebookStanding::put_in(app, ID, Arc::new(condition::HouseStanding));
}

/// The house sheet's code at the engine's stages.
struct HouseHooks;

impl TurnHooks for HouseHooks {
    /// Knocked down, the unit spends its turn getting up.
    fn turn_spent(&self, battle: &mut Battle, unit: UnitId) -> bool {
        knock_down::gets_up(battle, unit)
    }

    /// The stance, the shares and the call end as the unit's next turn comes, and so does the
    /// suppressing fire it laid down.
    fn turn_comes(&self, battle: &mut Battle, unit: UnitId) {
        change_house(battle, unit, |house| {
            house.dodge_stance = None;
            house.skill_shares = None;
            house.called_shot = None;
            house.put_out_this_turn = false;
        });
        pinning::lift(battle, unit);
    }

    /// A daze or a blinding whose last round is over lifts.
    fn round_begins(&self, battle: &mut Battle, unit: UnitId) {
        let round = battle.round();
        change_house(battle, unit, |house| {
            for until in &mut house.dazed_until {
                if *until < round {
                    *until = 0;
                }
            }
            if house.blinded_until < round {
                house.blinded_until = 0;
            }
        });
    }
}

impl ChoiceHooks for HouseHooks {
    fn command(&self, battle: &mut Battle, own: &dyn OwnCommand) -> Result<(), Rejection> {
        let command = own_command::<HouseCommand>(own)?;
        commands::carry_out(battle, command)
    }

    fn attack_follows_action(&self, battle: &Battle, unit: UnitId) -> bool {
        stance::attack_follows_stance(battle, unit)
    }

    fn attack_left_over(&self, battle: &Battle, unit: UnitId) -> bool {
        shares::share_left(battle, unit)
    }

    fn attacks_this_turn(&self, battle: &Battle, unit: UnitId) -> Option<u32> {
        house(battle, unit)
            .skill_shares
            .map(|shares| shares.count())
    }

    fn flags(&self, battle: &Battle, unit: UnitId) -> Vec<UnitFlag> {
        condition::flags(battle, unit)
    }

    fn offers(&self, battle: &Battle, unit: UnitId) -> Offers {
        offers::offers(battle, unit)
    }
}

impl FireHooks for HouseHooks {
    fn may_fire(
        &self,
        battle: &Battle,
        unit: UnitId,
        weapon: &Weapon,
        shots: u32,
    ) -> Result<(), Rejection> {
        bolt::within_the_round(battle, unit, weapon, shots)
    }

    fn shots_go_off(
        &self,
        battle: &mut Battle,
        unit: UnitId,
        weapon: &Weapon,
        fired: (u32, u32),
    ) -> bool {
        bolt::worked(battle, unit, weapon, fired)
    }

    fn shot_landed(
        &self,
        battle: &mut Battle,
        (_, target): (UnitId, UnitId),
        weapon: &Weapon,
        _deliberate: bool,
    ) {
        knock_down::after_hit(battle, target, weapon);
    }

    fn shots_fired(
        &self,
        battle: &mut Battle,
        unit: UnitId,
        weapon: (usize, &Weapon),
        shots: u32,
    ) -> bool {
        knock_down::recoil(battle, unit, weapon, shots)
    }

    fn pinning_roll_at(
        &self,
        battle: &Battle,
        unit: UnitId,
        plan: &FirePlan,
        planned: &PlannedRoll,
    ) -> PlannedRoll {
        pinning::aimed_at(battle, unit, plan, planned)
    }

    fn pinning_roll(
        &self,
        battle: &mut Battle,
        unit: UnitId,
        plan: &FirePlan,
        roll: &PlannedRoll,
        check: &Verdict,
    ) {
        pinning::bullet(battle, unit, plan, roll, check);
    }

    fn group_pinned(&self, battle: &mut Battle, unit: UnitId, group: &[UnitId], bullets: u32) {
        pinning::pin(battle, unit, group, bullets);
    }

    fn part_cover(&self, battle: &Battle, target: UnitId, line: ShotLine) -> Option<CoverByPart> {
        body_harm::part_cover(battle, target, line)
    }

    /// Suppressing fire is several attacks: the skill is divided first.
    fn may_pin(&self, battle: &Battle, unit: UnitId) -> Result<(), Rejection> {
        if house(battle, unit).skill_shares.is_none() {
            return Err(Rejection::NotNow(
                "suppressive fire is several attacks: divide the skill first".to_string(),
            ));
        }
        Ok(())
    }

    fn fire_turned(
        &self,
        battle: &mut Battle,
        unit: UnitId,
        choice: WeaponChoice,
        mode: &FireMode,
    ) -> Option<FireMode> {
        cherries::fire_targets(battle, unit, choice, mode)
    }
}

impl AttackHooks for HouseHooks {
    fn air_choke_rounds(&self, battle: &Battle, target: UnitId) -> Option<u32> {
        Some(grapple::air_choke_rounds(
            battle.spec(target).characteristics.constitution,
        ))
    }

    /// A stance taken first, then the share of a divided skill, then a called shot.
    fn attack_demand(&self, battle: &Battle, unit: UnitId, demand: Demand) -> Demand {
        let demand = stance::on_attack(battle, unit, demand);
        let demand = shares::on_attack(battle, unit, demand);
        called::on_attack(battle, unit, demand)
    }

    /// The next share of a divided skill taken, and a call spent.
    fn attack_made(&self, battle: &mut Battle, unit: UnitId) {
        shares::attack_made(battle, unit);
        called::attack_made(battle, unit);
    }

    fn blow_missed(
        &self,
        battle: &mut Battle,
        fighters: (UnitId, UnitId),
        weapon: &MeleeWeapon,
        roll: &Verdict,
    ) {
        missed_blow::missed_blow(battle, fighters, weapon, roll);
    }

    fn blow_turned(
        &self,
        battle: &mut Battle,
        unit: UnitId,
        target: UnitId,
        weapon: WeaponChoice,
    ) -> Option<UnitId> {
        cherries::blow_target(battle, unit, target, weapon)
    }

    fn maneuver_settled(
        &self,
        battle: &mut Battle,
        unit: UnitId,
        target: UnitId,
        goal: ManeuverGoal,
    ) {
        if let Some(terms) = wrestling::terms(battle) {
            wrestling::maneuver(battle, unit, target, goal, terms);
        }
    }

    fn maneuver_settled_chance(
        &self,
        battle: &Battle,
        unit: UnitId,
        target: UnitId,
        goal: ManeuverGoal,
    ) -> f64 {
        wrestling::terms(battle).map_or(0.0, |terms| {
            wrestling::chance(battle, unit, target, goal, terms)
        })
    }

    fn execution_chance(&self, battle: &Battle, unit: UnitId) -> Option<f64> {
        wrestling::terms(battle).map(|terms| wrestling::execution_chance(battle, unit, terms))
    }

    fn lets_go(
        &self,
        battle: &mut Battle,
        unit: UnitId,
        turn: &TurnState,
    ) -> Result<(), Rejection> {
        wrestling::lets_go(battle, unit, turn)
    }
}

impl DiceHooks for HouseHooks {}

impl HarmHooks for HouseHooks {
    fn harm_off_the_roll(
        &self,
        battle: &mut Battle,
        fighters: (UnitId, UnitId),
        weapon: &str,
        hit: &RollHit,
        cover: Option<&CoverByPart>,
    ) -> Option<RolledHit> {
        body_harm::from_the_roll(battle, fighters, weapon, hit, cover)
    }

    fn harm_preview(
        &self,
        battle: &Battle,
        fighters: (UnitId, UnitId),
        weapon: &Weapon,
        roll: (&Demand, &ShotSetup),
    ) -> Option<RollHarm> {
        body_harm::preview(battle, fighters, weapon, roll)
    }

    fn blast_harm_off_the_roll(
        &self,
        battle: &mut Battle,
        caught: (UnitId, UnitId),
        weapon: &str,
        centre: Tile,
        read: (HitForm, u32),
    ) -> Option<RolledHit> {
        body_harm::caught_in_blast(battle, caught, weapon, centre, read)
    }

    /// A holder hurt enough this round lets go; the part hit is tallied.
    fn harm_taken(&self, battle: &mut Battle, unit: UnitId, taken: u32, part: Option<BodyPart>) {
        wrestling::after_harm(battle, unit, taken);
        if let Some(part) = part {
            body_harm::tally(battle, unit, part, taken);
        }
    }
}
