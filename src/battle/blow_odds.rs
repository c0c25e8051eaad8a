//! What a blow is weighed at before any die falls: the kind of defence and the answers open to
//! the defender, the weapons that meet, the attacker's and the defender's demands with their
//! modifiers, the damage at stake, and the exchange's odds. `exchange.rs` resolves it.

use super::command::{ManeuverGoal, Rejection, WeaponChoice};
use super::event::{DefenceKind, Modifier};
use super::fighting::{build_penalty, defending_weapon, fighting_weapon, grapple, melee_weapon};
use super::hooks::RollFor;
use super::landing::held_weapon;
use super::melee_weapon::MeleeWeapon;
use super::shot::{ShotTerms, setup};
use super::state::{Battle, OwnRoll};
use super::threat::{AnswerOdds, Stakes};
use super::{AttackKind, PendingAttack, UnitId};
use crate::map::range::{WeaponReach, range_reading};
use crate::rules::melee::Defence;
use crate::rules::roll::Demand;
use crate::rules::roll::Verdict;
use crate::rules::situation::AllowedAnswers;
use crate::rules::situation::BlowFacts;
use crate::rules::situation::DefenceFacts;

/// What the defender of a melee or thrown attack is asked: a thrown weapon may be fought back
/// only from within a fifth of the defender's DEX in feet.
pub(super) fn defence_kind(battle: &Battle, pending: &PendingAttack) -> DefenceKind {
    let thrown = match pending.kind {
        AttackKind::Strike(choice) => melee_weapon(battle, pending.attacker, choice)
            .is_ok_and(|weapon| weapon.thrown.is_some()),
        AttackKind::Maneuver(_) | AttackKind::Fire(_) => false,
    };
    if !thrown {
        return DefenceKind::Melee;
    }
    let close = battle
        .position(pending.attacker)
        .zip(battle.position(pending.target))
        .is_some_and(|(from, to)| {
            let dexterity = battle.spec(pending.target).characteristics.dexterity;
            let point_blank = battle.scenario.ruleset.range_scale().point_blank(dexterity);
            range_reading(
                &WeaponReach::Ranged {
                    limits: [Some(point_blank), None, None],
                },
                point_blank,
                from,
                to,
            )
            .point_blank
        });
    DefenceKind::Thrown {
        may_fight_back: close,
    }
}

/// The answers the rulebook still allows `unit` against a blow from `attacker` (any, for
/// `None`), from what it has done and named this round.
pub fn blow_answers(battle: &Battle, unit: UnitId, attacker: Option<UnitId>) -> AllowedAnswers {
    let condition = battle.condition(unit);
    let acted = condition.acted_this_round
        || battle
            .flow()
            .turn
            .is_some_and(|turn| turn.unit == unit && turn.action_used);
    battle
        .scenario
        .ruleset
        .mechanisms()
        .allowed_answers(&DefenceFacts {
            dodges: condition.dodges_this_round,
            weapon_defences: condition.defences_this_round - condition.dodges_this_round,
            acted,
            named_attacker: attacker.is_some()
                && super::hooks::of(battle).named_foe(battle, unit) == attacker,
        })
}

/// Whether the defender of `pending` may dodge it, and may defend with its weapon: as its
/// rulebook allows, unless it dived for cover or the throw came from too far to fight back.
pub(super) fn answers_open(battle: &Battle, pending: &PendingAttack) -> (bool, bool) {
    let allowed = blow_answers(battle, pending.target, Some(pending.attacker));
    let hooks = super::hooks::of(battle);
    let has_dice = |roll| hooks.dice_left(battle, pending.target, roll).is_ok();
    let with_weapon = has_dice(RollFor::WeaponDefence)
        && allowed.weapon
        && !battle.condition(pending.target).dived_for_cover
        && defence_kind(battle, pending)
            != (DefenceKind::Thrown {
                may_fight_back: false,
            })
        && meeting_weapon(battle, pending).is_some();
    (allowed.dodge && has_dice(RollFor::Dodge), with_weapon)
}

/// What rides on a defender's answer to a blow: the mean damage of the attacker's blow, and
/// of the defender's own if it fights back.
pub(super) fn blow_stakes(battle: &Battle, pending: &PendingAttack) -> Stakes {
    Stakes::Blow {
        theirs: mean_damage(battle, pending.attacker, &attacker_weapon(battle, pending)),
        mine: mean_damage(battle, pending.target, &defence_weapon(battle, pending)),
    }
}

/// What the defender of `pending` may fight back with: the weapon that meets the attack (the
/// d10 pool's clash: its bare hands against a Brawl attack, even with a sword in hand); `None`
/// where nothing it has may.
pub(super) fn meeting_weapon(battle: &Battle, pending: &PendingAttack) -> Option<MeleeWeapon> {
    let attack_skill = attacker_weapon(battle, pending).skill_name;
    defending_weapon(battle, pending.target, &attack_skill)
}

/// What the defender of `pending` fights back with: the weapon that meets the attack, else its
/// fighting weapon.
pub(super) fn defence_weapon(battle: &Battle, pending: &PendingAttack) -> MeleeWeapon {
    meeting_weapon(battle, pending).unwrap_or_else(|| fighting_weapon(battle, pending.target))
}

/// The mean damage of a blow with `weapon` by `unit`.
pub(super) fn mean_damage(battle: &Battle, unit: UnitId, weapon: &MeleeWeapon) -> f64 {
    battle.spec(unit).mean_damage(&weapon.damage)
}

/// The bonus and penalty dice on an attacker's melee roll.
pub fn attacker_modifiers(
    battle: &Battle,
    pending: &PendingAttack,
) -> Result<Vec<Modifier>, Rejection> {
    let (attacker, defender) = (pending.attacker, pending.target);
    let defender_condition = battle.condition(defender);
    let attacker_condition = battle.condition(attacker);
    let size_penalty = match pending.kind {
        AttackKind::Maneuver(_) => build_penalty(battle, attacker, defender)?,
        AttackKind::Strike(_) | AttackKind::Fire(_) => 0,
    };
    let mut facts = BlowFacts {
        defences_this_round: defender_condition.defences_this_round,
        defender_attacks: battle.spec(defender).attacks_per_round,
        target_prone: defender_condition.prone,
        target_exposed: false,
        unseen_maneuver: pending.unseen && matches!(pending.kind, AttackKind::Maneuver(_)),
        initiative_edge: battle.critical_initiative_unspent(attacker),
        hindered: false,
        held: attacker_condition.held_by.is_some(),
        breaking_hold: pending.kind == AttackKind::Maneuver(ManeuverGoal::BreakHold),
        size_penalty,
        target_siz: battle.spec(defender).characteristics.size,
        target_in_dark: battle.position(defender).is_some_and(|tile| {
            battle
                .scenario
                .map
                .terrain(tile)
                .is_some_and(|terrain| terrain.dark)
        }),
        attacker_perception: battle.spec(attacker).characteristics.power,
        attacker_moved: attacker_condition.moved_this_round > 0,
        target_ran: defender_condition.ran_in_round == Some(battle.round()),
        target_immobilised: super::hold::immobilised(battle, defender),
        body_blow: match pending.kind {
            AttackKind::Strike(WeaponChoice::Body(blow)) => Some(blow),
            _ => None,
        },
        specific_blow: super::hooks::of(battle).specific_blow(battle, pending),
    };
    super::hooks::of(battle).blow_facts(battle, pending, &mut facts);
    let mut modifiers = battle.scenario.ruleset.blow_value(&facts);
    modifiers.extend(super::hold::at_the_held(battle, defender));
    Ok(modifiers)
}

/// The attacker's roll: a melee roll with the modifiers of a blow, or a throw with those of a
/// ranged attack (its range among them).
pub(super) fn attack_roll(
    battle: &mut Battle,
    pending: &PendingAttack,
    weapon: &MeleeWeapon,
) -> Verdict {
    let demand = attack_demand(battle, pending, weapon);
    super::rolls::roll_attack(battle, pending.attacker, &weapon.skill_name, &demand)
}

/// What the attacker's roll is made against: its skill with the modifiers of a blow, or for a
/// throw those of a ranged attack.
pub(super) fn attack_demand(
    battle: &Battle,
    pending: &PendingAttack,
    weapon: &MeleeWeapon,
) -> Demand {
    let thrown = weapon.thrown.as_ref().and_then(|(_, thrown)| {
        let terms = ShotTerms {
            aimed: true,
            first: true,
            ..ShotTerms::default()
        };
        setup(battle, pending.attacker, pending.target, thrown, terms).ok()
    });
    // An awkward weapon struck with (the chainsaw) fumbles twice as often and stalls at its
    // malfunction number.
    let awkward = match (&thrown, &pending.kind) {
        (None, AttackKind::Strike(_)) => {
            held_weapon(battle, pending.attacker, weapon).filter(|carried| carried.awkward)
        }
        _ => None,
    };
    let (malfunction, awkward) =
        awkward.map_or((None, false), |carried| (carried.malfunction, true));
    let modifiers = match thrown {
        Some(shot) => shot.modifiers,
        None => attacker_modifiers(battle, pending).unwrap_or_default(),
    };
    let modifiers = battle.with_secondary(pending.attacker, weapon.secondary.as_deref(), modifiers);
    let demand = Demand::new(weapon.skill, modifiers)
        .with_weapon(malfunction, weapon.impale)
        .awkward(awkward)
        .at_difficulty(weapon.difficulty);
    // A free blow (a second helping) is rolled at the whole skill.
    if pending.free {
        return demand;
    }
    let hooks = super::hooks::of(battle);
    let demand = hooks.attack_demand(battle, pending.attacker, demand);
    hooks.dice_share(battle, pending.attacker, RollFor::Attack, demand)
}

/// The attacker's weapon in an exchange: the one struck with, or for a maneuver the grapple
/// where the rulebook grapples, else what it fights with.
pub(super) fn attacker_weapon(battle: &Battle, pending: &PendingAttack) -> MeleeWeapon {
    match pending.kind {
        AttackKind::Strike(choice) => melee_weapon(battle, pending.attacker, choice)
            .unwrap_or_else(|_| fighting_weapon(battle, pending.attacker)),
        AttackKind::Maneuver(_) => grapple(battle, pending.attacker)
            .unwrap_or_else(|| fighting_weapon(battle, pending.attacker)),
        AttackKind::Fire(_) => fighting_weapon(battle, pending.attacker),
    }
}

/// The attack's modifiers, and the odds of each answer the defender may give to it.
pub fn exchange_odds_of(battle: &Battle, pending: &PendingAttack) -> (Vec<Modifier>, AnswerOdds) {
    let defender = pending.target;
    let weapon = attacker_weapon(battle, pending);
    let mut attack =
        battle.standing_demand(pending.attacker, &attack_demand(battle, pending, &weapon));
    // What will come off the blow's net as it arrives (the d10 pool's evading).
    if let Some(losing) = super::hooks::of(battle).blow_will_lose(battle, pending, &weapon) {
        attack.modifiers.push(losing);
    }
    let hindrances = super::rolls::own_roll_modifiers(battle, defender, OwnRoll::default());
    let dodge = battle.standing_demand(
        defender,
        &super::rolls::dodge_demand(battle, defender, hindrances.clone()),
    );
    let fighting = defence_weapon(battle, pending);
    let fight = battle.standing_demand(
        defender,
        &fight_demand(battle, defender, &fighting, hindrances),
    );
    let ruleset = battle.scenario.ruleset.as_ref();
    let exchange_odds =
        |defence, against: Option<&Demand>| ruleset.exchange_odds(defence, &attack, against);
    let (may_dodge, may_fight_back) = answers_open(battle, pending);
    let odds = AnswerOdds::Exchange {
        dodge: may_dodge.then(|| exchange_odds(Defence::Dodge, Some(&dodge))),
        fight_back: may_fight_back.then(|| exchange_odds(Defence::FightBack, Some(&fight))),
        take_it: exchange_odds(Defence::None, None),
    };
    (attack.modifiers, odds)
}

/// What a defence with the weapon is rolled against: its skill at its difficulty, these
/// modifiers, and the defender's share of its split dice.
pub(super) fn fight_demand(
    battle: &Battle,
    defender: UnitId,
    weapon: &MeleeWeapon,
    modifiers: Vec<Modifier>,
) -> Demand {
    let modifiers = battle.with_secondary(defender, weapon.secondary.as_deref(), modifiers);
    let demand = Demand::new(weapon.skill, modifiers).at_difficulty(weapon.difficulty);
    super::hooks::of(battle).dice_share(battle, defender, RollFor::WeaponDefence, demand)
}
