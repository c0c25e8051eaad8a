//! Call of Cthulhu 7e in the battle: its own code at the engine's stages (a fumble fired into a
//! melee hitting an ally, the Luck roll against catching fire, the stun of a live wire, a taser
//! or a spray; the attacker's Stealth against a surprise being noticed; the optional rules of
//! Luck spent to stay awake and armor tried where a blow lands; the dive for cover; what Hinder
//! and Expose leave on a unit), with its part of a unit's condition. Its success levels,
//! firearms, initiative and major wounds answer through the shared seam.

pub mod condition;
mod effects;
pub mod events;
mod luck;
mod maneuvers;
mod stray;

use bevy::prelude::*;

use crate::battle::choices::{FlagTone, UnitFlag};
use crate::battle::command::ManeuverGoal;
use crate::battle::hooks::{
    AttackHooks, ChoiceHooks, DiceHooks, FireHooks, HarmHooks, HookRulebook, TurnHooks,
};
use crate::battle::state::Battle;
use crate::battle::{PendingAttack, TurnState};
use crate::battle::{PendingFire, UnitId};
use crate::rules::body::BodyPart;
use crate::rules::damage::DamageNotation;
use crate::rules::modifiers::Modifier;
use crate::rules::roll::{Demand, Verdict};
use crate::rules::situation::{BlowFacts, OwnRollFacts, ShotDefence, ShotFacts};
use crate::rulesets::coc7e::options::SHOTGUN_ARMOR_PER_DIE;
use crate::rulesets::coc7e::reasons;
use crate::rulesets::coc7e::worth::notice_value;
use crate::rulesets::coc7e::{DIVE_FOR_COVER, ID};
use events::CocEvent;

/// CoC's battle plugin: its hooks.
pub fn plugin(app: &mut App) {
    app.hook_rulebook(ID, CocHooks);
}

/// CoC's code at the engine's stages.
struct CocHooks;

impl TurnHooks for CocHooks {
    /// Hampered no more.
    fn turn_ends(&self, battle: &mut Battle, turn: &TurnState) {
        maneuvers::turn_ended(battle, turn.unit);
    }

    fn notice_modifiers(&self, battle: &Battle, unit: UnitId) -> Vec<Modifier> {
        notice_value(battle.skill(unit, "Stealth"))
    }

    fn round_opened(&self, battle: &mut Battle) {
        luck::keep_awake(battle);
    }

    /// A bonus die for a readied firearm.
    fn dex_roll_modifiers(&self, _battle: &Battle, _unit: UnitId, readied: bool) -> Vec<Modifier> {
        readied
            .then(|| Modifier::new(reasons::READIED_FIREARM, 1))
            .into_iter()
            .collect()
    }
}

impl ChoiceHooks for CocHooks {
    /// Hampered by a maneuver.
    fn flags(&self, battle: &Battle, unit: UnitId) -> Vec<UnitFlag> {
        maneuvers::hindered(battle, unit)
            .then(|| UnitFlag {
                words: "hampered".to_string(),
                tone: FlagTone::Hampered,
                in_short: false,
            })
            .into_iter()
            .collect()
    }
}

impl FireHooks for CocHooks {
    /// The shooter hampered.
    fn shot_facts(
        &self,
        battle: &Battle,
        (shooter, _target): (UnitId, UnitId),
        facts: &mut ShotFacts,
    ) {
        facts.hindered = maneuvers::hindered(battle, shooter);
    }

    /// A dive for cover, whenever the unit is able.
    fn shot_answer(
        &self,
        _battle: &Battle,
        _fighters: (UnitId, UnitId),
        _pending: &PendingFire,
    ) -> Option<ShotDefence> {
        Some(DIVE_FOR_COVER)
    }

    /// Dived: its next action is lost, made or not.
    fn shots_answered(
        &self,
        battle: &mut Battle,
        unit: UnitId,
        _defence: ShotDefence,
        made_it: bool,
    ) {
        battle.change_condition(unit, |condition| condition.dived_for_cover = true);
        battle.emit(CocEvent::Dived { unit, made_it });
    }

    fn stray_shot(
        &self,
        battle: &Battle,
        fighters: (UnitId, UnitId),
        check: &Verdict,
    ) -> Option<UnitId> {
        stray::victim(battle, fighters, check)
    }
}

impl AttackHooks for CocHooks {
    fn goal_worked(&self, battle: &mut Battle, target: UnitId, goal: ManeuverGoal) {
        maneuvers::worked(battle, target, goal);
    }

    /// The attacker hampered, the target left open to its side.
    fn blow_facts(&self, battle: &Battle, pending: &PendingAttack, facts: &mut BlowFacts) {
        facts.hindered = maneuvers::hindered(battle, pending.attacker);
        facts.target_exposed = maneuvers::exposed_to(battle, pending.attacker, pending.target);
    }
}

impl DiceHooks for CocHooks {
    /// The unit hampered.
    fn own_roll_facts(&self, battle: &Battle, unit: UnitId, facts: &mut OwnRollFacts) {
        facts.hindered = maneuvers::hindered(battle, unit);
    }

    /// An attack given the critical DEX roll's bonus die spends it.
    fn spends_initiative_edge(&self, demand: &Demand) -> bool {
        demand
            .modifiers
            .iter()
            .any(|modifier| modifier.reason == reasons::CRITICAL_INITIATIVE)
    }
}

impl HarmHooks for CocHooks {
    fn pellets_armored_each(&self, battle: &Battle) -> bool {
        SHOTGUN_ARMOR_PER_DIE.on(&battle.scenario.rules)
    }

    /// A CON roll each round; death on a failure.
    fn dying_holds_on(&self, battle: &mut Battle, unit: UnitId) -> bool {
        let constitution = battle.spec(unit).characteristics.constitution;
        battle
            .roll_characteristic(unit, "CON", constitution, Vec::new())
            .success
    }

    fn stays_awake(&self, battle: &mut Battle, unit: UnitId) -> bool {
        luck::stay_awake(battle, unit)
    }

    fn first_aid_given(&self, battle: &mut Battle, patient: UnitId) {
        luck::tended(battle, patient);
    }

    fn armor_tried(
        &self,
        battle: &mut Battle,
        unit: UnitId,
        armor: (&str, &[BodyPart]),
    ) -> Option<bool> {
        luck::armor_tried(battle, unit, armor)
    }

    fn resists_fire(&self, battle: &mut Battle, unit: UnitId) -> bool {
        effects::luck_against_fire(battle, unit)
    }

    fn hit_effects(
        &self,
        battle: &mut Battle,
        target: UnitId,
        damage: &DamageNotation,
        stun_limit: Option<i32>,
    ) {
        effects::stun(battle, target, damage, stun_limit);
    }
}
