//! BRP classic in the battle: its own code at the engine's stages (an unarmed blow under the
//! Martial Arts skill rolling its dice twice; a unit knocked out by shock staying out cold for
//! 2D6 rounds; the parry named for the round; its own fire modes, both barrels and unaimed fire,
//! and a second handgun's; the dodge of the first bullet), with its part of a unit's
//! condition.

pub mod condition;
pub mod events;
pub mod fire_modes;
mod first_bullet;
pub mod out_cold;
pub mod parry;
mod two_guns;

use bevy::prelude::*;

use super::sheet::MARTIAL_ARTS;
use crate::battle::arms;
use crate::battle::choices::Offers;
use crate::battle::choices::OwnFireStyle;
use crate::battle::command::{FireMode, Rejection, WeaponChoice};
use crate::battle::fire_plan::FirePlan;
use crate::battle::hooks::{
    AttackHooks, ChoiceHooks, DiceHooks, FireHooks, HarmHooks, HookRulebook, Surprise, TurnHooks,
    no_such_fire, own_command,
};
use crate::battle::own::{OwnCommand, OwnFireMode};
use crate::battle::state::Battle;
use crate::battle::{PendingFire, UnitId};
use crate::rules::situation::ShotDefence;
use crate::rules::weapons::Weapon;
use crate::rulesets::brp_classic::ID;
use fire_modes::BrpFireMode;
use parry::BrpCommand;

/// BRP's battle plugin: its hooks.
pub fn plugin(app: &mut App) {
    app.hook_rulebook(ID, BrpHooks);
}

/// BRP's code at the engine's stages.
struct BrpHooks;

impl TurnHooks for BrpHooks {
    /// The surprised act at DEX/2 in round 1; under extreme surprise they make no attack
    /// (SPECS.md 1.2), as the scenario says of each unit.
    fn surprise(&self, battle: &Battle, unit: UnitId) -> Surprise {
        let opening = &battle.spec(unit).opening;
        if opening.extreme_surprise {
            Surprise::Wholly
        } else if opening.surprised {
            Surprise::Surprised
        } else {
            Surprise::Unsurprised
        }
    }

    /// The knocked out whose time is up come to.
    fn round_ends(&self, battle: &mut Battle) {
        out_cold::come_to(battle);
    }

    /// The parry named last round is named no longer.
    fn round_begins(&self, battle: &mut Battle, unit: UnitId) {
        parry::name(battle, unit, None);
    }

    /// No gun has fired this turn yet.
    fn turn_comes(&self, battle: &mut Battle, unit: UnitId) {
        two_guns::turn_comes(battle, unit);
    }
}

impl ChoiceHooks for BrpHooks {
    /// In its declaration slot, the opponents it may name to parry.
    fn offers(&self, battle: &Battle, unit: UnitId) -> Offers {
        parry::offers(battle, unit)
    }

    /// Once a handgun has fired unaimed, the one in the other hand.
    fn second_guns(&self, battle: &Battle, unit: UnitId) -> Vec<(usize, OwnFireStyle)> {
        two_guns::other_guns(battle, unit)
    }

    fn command(&self, battle: &mut Battle, own: &dyn OwnCommand) -> Result<(), Rejection> {
        let command = own_command::<BrpCommand>(own)?;
        match *command {
            BrpCommand::DeclareParry { unit, against } => parry::declare(battle, unit, against),
        }
    }
}

impl FireHooks for BrpHooks {
    fn plan_own_fire(
        &self,
        battle: &Battle,
        unit: UnitId,
        (index, weapon, _ready): (usize, Weapon, u32),
        own: &dyn OwnFireMode,
    ) -> Result<FirePlan, Rejection> {
        match own.as_any().downcast_ref::<BrpFireMode>() {
            Some(mode) => fire_modes::plan(battle, unit, (index, weapon), mode),
            None => Err(no_such_fire(&weapon, own)),
        }
    }

    /// Both barrels at once, for a gun that has two; unaimed fire, for one that fires shots.
    fn fire_styles(&self, weapon: &Weapon) -> Vec<OwnFireStyle> {
        let both = weapon
            .double_barrelled()
            .then_some(fire_modes::BOTH_BARRELS);
        both.into_iter()
            .chain(fire_modes::unaimed_style(weapon))
            .collect()
    }

    fn styled_fire(&self, style: OwnFireStyle, target: UnitId) -> Option<FireMode> {
        BrpFireMode::styled(style, target).map(FireMode::from)
    }

    fn shot_answer(
        &self,
        battle: &Battle,
        (_attacker, unit): (UnitId, UnitId),
        _pending: &PendingFire,
    ) -> Option<ShotDefence> {
        first_bullet::answer(battle, unit)
    }

    fn shots_answered(
        &self,
        battle: &mut Battle,
        unit: UnitId,
        _defence: ShotDefence,
        made_it: bool,
    ) {
        first_bullet::answered(battle, unit, made_it);
    }

    fn shot_coming(&self, battle: &mut Battle, (_shooter, target): (UnitId, UnitId)) {
        first_bullet::shot_coming(battle, target);
    }

    /// The second handgun's unaimed fire, once the first has fired unaimed this turn.
    fn fires_beyond_the_action(
        &self,
        battle: &Battle,
        unit: UnitId,
        (choice, mode): (WeaponChoice, &FireMode),
    ) -> bool {
        two_guns::off_hand(battle, unit, choice, mode)
    }

    fn fire_done(
        &self,
        battle: &mut Battle,
        unit: UnitId,
        (choice, mode): (WeaponChoice, &FireMode),
    ) {
        two_guns::fired(battle, unit, choice, mode);
    }
}

impl DiceHooks for BrpHooks {}

impl AttackHooks for BrpHooks {
    fn named_foe(&self, battle: &Battle, unit: UnitId) -> Option<UnitId> {
        parry::named(battle, unit)
    }

    fn name_foe(&self, battle: &mut Battle, unit: UnitId, foe: UnitId) {
        parry::name(battle, unit, Some(foe));
    }

    /// A knife that impales sticks in the target, unless it is immune to impales (SPECS.md 1.1).
    fn impaled(&self, battle: &mut Battle, (attacker, weapon): (UnitId, usize), target: UnitId) {
        if !battle.spec(target).immune_to_impale {
            arms::stick(battle, attacker, weapon, target);
        }
    }

    /// An unarmed blow rolled under the Martial Arts skill too rolls its dice twice.
    fn unarmed_blow_doubled(&self, battle: &Battle, attacker: UnitId, roll: u32) -> bool {
        roll < battle.skill(attacker, MARTIAL_ARTS)
    }
}

impl HarmHooks for BrpHooks {
    /// Knocked out by shock: 2D6 rounds, or until First Aid wakes it (SPECS.md 1.1, [house]).
    fn knocked_out(&self, battle: &mut Battle, unit: UnitId) {
        out_cold::knocked_out(battle, unit);
    }
}
