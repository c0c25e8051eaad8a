//! Who may strike whom, and with what: the weapon or fists a blow is struck with, reach, the
//! Build a maneuver needs, and whether its goal makes sense against this opponent.

use super::UnitId;
use super::arms::{rounds_left, usable_now};
use super::command::{ManeuverGoal, Rejection, WeaponChoice};
use super::hold::holders;
use super::melee_weapon::MeleeWeapon;
use super::shot::{ShotTerms, setup};
use super::state::Battle;
use crate::map::Tile;
use crate::map::range::{RangeBand, WeaponReach, distance_squared, range_reading};
use crate::map::scenario::Scenario;
use crate::rules::damage::DamageNotation;
use crate::rules::grapple::{Grip, grapple_injury};
use crate::rules::length::Length;
use crate::rules::opposed::ManeuverAllowance;
use crate::rules::weapons::{AttackForm, WeaponRange};

/// Look up a unit's hand-to-hand or thrown attack; refuse anything else.
pub fn melee_weapon(
    battle: &Battle,
    unit: UnitId,
    choice: WeaponChoice,
) -> Result<MeleeWeapon, Rejection> {
    battle.usable_weapon(unit, choice)?;
    let spec = battle.spec(unit);
    match choice {
        WeaponChoice::Carried(index) => {
            let weapon = &spec.weapons[index].weapon;
            let form = weapon.attack_form();
            if !matches!(form, AttackForm::Melee | AttackForm::Thrown) {
                return Err(Rejection::NotMelee(format!(
                    "{} is used with {}",
                    weapon.name, weapon.skill
                )));
            }
            // A thrower may throw on a skill of its own where the rulebook says so (the d100
            // house sheet's obsession with Struggle).
            let skill_name = (form == AttackForm::Thrown)
                .then(|| {
                    battle
                        .scenario
                        .ruleset
                        .sheet()
                        .throwing_skill(&weapon.skill, spec.obsession.as_deref())
                })
                .flatten()
                .map_or_else(|| weapon.skill.clone(), str::to_string);
            Ok(MeleeWeapon {
                name: weapon.name.clone(),
                skill: battle.skill(unit, &skill_name),
                skill_name,
                damage: weapon.damage.clone(),
                impale: weapon.impale,
                range: weapon.range.clone(),
                thrown: (form == AttackForm::Thrown).then(|| (index, weapon.clone())),
                stuns_up_to_build: weapon.stuns_up_to_build,
                carried: Some(index),
                difficulty: weapon.difficulty,
                secondary: weapon.secondary.clone(),
            })
        }
        WeaponChoice::Natural(index) => {
            let attack = &spec.natural_attacks[index];
            Ok(MeleeWeapon {
                name: attack.name.clone(),
                skill_name: attack.name.clone(),
                skill: attack.skill,
                damage: attack.damage.clone(),
                impale: attack.impale,
                range: WeaponRange::Touch,
                thrown: None,
                stuns_up_to_build: None,
                carried: None,
                difficulty: None,
                secondary: None,
            })
        }
        WeaponChoice::Unarmed => Ok(unarmed(battle, unit)),
        WeaponChoice::Body(blow) => {
            let strength = battle.spec(unit).characteristics.strength;
            let damage = battle
                .scenario
                .ruleset
                .hand_to_hand()
                .body_blow_damage(blow, strength)
                .ok_or(Rejection::NoSuchWeapon)?;
            Ok(MeleeWeapon {
                name: blow.name().to_string(),
                damage,
                ..unarmed(battle, unit)
            })
        }
    }
}

/// Fists and feet: the rulebook's unarmed skill, 1D3 plus damage bonus (or the rulebook's own
/// damage by STR), at its difficulty.
pub(super) fn unarmed(battle: &Battle, unit: UnitId) -> MeleeWeapon {
    let ruleset = &battle.scenario.ruleset;
    let skill = ruleset.sheet().unarmed_skill();
    let hands = ruleset
        .hand_to_hand()
        .bare_hands(battle.spec(unit).characteristics.strength);
    MeleeWeapon {
        difficulty: hands.difficulty,
        name: "bare hands".to_string(),
        skill_name: skill.to_string(),
        skill: battle.skill(unit, skill),
        damage: hands.damage.unwrap_or_else(DamageNotation::fists),
        impale: false,
        range: WeaponRange::Touch,
        thrown: None,
        stuns_up_to_build: None,
        carried: None,
        secondary: hands.secondary.map(str::to_string),
    }
}

/// Where the rulebook grapples (BRP), a grapple as the rules need it: its skill, and as its
/// damage the injury the hold may come to.
pub(super) fn grapple(battle: &Battle, unit: UnitId) -> Option<MeleeWeapon> {
    let skill = battle.scenario.ruleset.sheet().grapple_skill()?;
    Some(MeleeWeapon {
        difficulty: None,
        name: "grapple".to_string(),
        skill_name: skill.to_string(),
        skill: battle.skill(unit, skill),
        damage: grapple_injury(),
        impale: false,
        range: WeaponRange::Touch,
        thrown: None,
        stuns_up_to_build: None,
        carried: None,
        secondary: None,
    })
}

/// What a unit fights back or maneuvers with: the hand-to-hand weapon in its hand, else its
/// first natural attack, else its fists.
pub fn fighting_weapon(battle: &Battle, unit: UnitId) -> MeleeWeapon {
    let in_hand = battle.arsenal(unit).in_hand;
    // A stalled chainsaw is no weapon until it is started again.
    let jammed = |weapon: &MeleeWeapon| {
        weapon
            .carried
            .is_some_and(|index| battle.arsenal(unit).state(index).jam.is_some())
    };
    melee_weapon(battle, unit, in_hand)
        .ok()
        .filter(|weapon| weapon.thrown.is_none() && !jammed(weapon))
        .or_else(|| melee_weapon(battle, unit, WeaponChoice::Natural(0)).ok())
        .unwrap_or_else(|| unarmed(battle, unit))
}

/// What `unit` defends with against an attack rolled on `attack_skill`: its fighting weapon
/// where the rulebook lets that meet the attack, else its bare hands where those may; `None`
/// where nothing it has may (the d10 pool's clash needs the attack's own ability).
pub(super) fn defending_weapon(
    battle: &Battle,
    unit: UnitId,
    attack_skill: &str,
) -> Option<MeleeWeapon> {
    let ruleset = &battle.scenario.ruleset;
    let meets = |weapon: &MeleeWeapon| {
        ruleset
            .mechanisms()
            .weapon_defence_meets(attack_skill, &weapon.skill_name)
    };
    Some(fighting_weapon(battle, unit))
        .filter(meets)
        .or_else(|| Some(unarmed(battle, unit)).filter(meets))
}

/// Whether bare hands and hand-held weapons reach from `from` to `to`: the tile beside it, or
/// as far as the rulebook's hand-to-hand reach where the scenario keeps it (the western's 10
/// feet).
pub fn hand_reaches(scenario: &Scenario, from: Tile, to: Tile) -> bool {
    from.is_adjacent(to)
        || (scenario.rules.hand_to_hand_at_reach
            && scenario
                .ruleset
                .hand_to_hand()
                .hand_to_hand_reach()
                .is_some_and(|reach| reach.reaches(distance_squared(from, to))))
}

/// Whether `target` is within reach of `weapon` from `unit`.
pub fn in_reach(
    battle: &Battle,
    unit: UnitId,
    target: UnitId,
    range: &WeaponRange,
) -> Result<(), Rejection> {
    let (Some(from), Some(to)) = (battle.position(unit), battle.position(target)) else {
        return Err(Rejection::OutOfReach("not on the map".to_string()));
    };
    let reach = match range {
        WeaponRange::Feet(_) => WeaponReach::of(range, 0, &battle.scenario.ruleset.range_scale()),
        _ => WeaponReach::Touch,
    };
    let band = range_reading(&reach, Length::default(), from, to).band;
    let at_reach = matches!(range, WeaponRange::Touch) && hand_reaches(&battle.scenario, from, to);
    if from.is_adjacent(to) || band == RangeBand::Base || at_reach {
        Ok(())
    } else {
        Err(Rejection::OutOfReach(format!(
            "{} is not within reach",
            battle.spec(target).name
        )))
    }
}

/// Checks shared by attacks and maneuvers on the unit's turn: an attack left, a target there.
pub(super) fn ready_to_attack(
    battle: &Battle,
    unit: UnitId,
    target: UnitId,
) -> Result<(), Rejection> {
    let turn = battle.own_turn(unit)?;
    let hooks = super::hooks::of(battle);
    let follows = hooks.attack_follows_action(battle, unit);
    if turn.action_forfeited() || (turn.action_used && turn.attacks_made == 0 && !follows) {
        return Err(Rejection::ActionUsed);
    }
    let allowed = hooks
        .attacks_this_turn(battle, unit)
        .unwrap_or(battle.spec(unit).attacks_per_round);
    if turn.attacks_made >= allowed {
        return Err(hooks
            .no_attack_left(battle, unit, allowed)
            .unwrap_or(Rejection::NoAttacksLeft));
    }
    hooks.may_attack(battle, unit, target)?;
    battle.target_there(unit, target)
}

/// The Build comparison for a maneuver by `unit` on `opponent`: its penalty dice, or why not.
pub(super) fn build_penalty(
    battle: &Battle,
    unit: UnitId,
    opponent: UnitId,
) -> Result<u8, Rejection> {
    let (own, other) = (
        battle.spec(unit).derived.build,
        battle.spec(opponent).derived.build,
    );
    match battle.scenario.ruleset.grappling().maneuver(own, other) {
        ManeuverAllowance::Possible { penalty_dice } => Ok(penalty_dice),
        ManeuverAllowance::Impossible => Err(Rejection::TooBig(other - own)),
    }
}

/// Whether a maneuver goal makes sense from `unit` against `opponent`.
pub(super) fn goal_makes_sense(
    battle: &Battle,
    unit: UnitId,
    opponent: UnitId,
    goal: ManeuverGoal,
) -> Result<(), Rejection> {
    let pointless = |why: &str| Err(Rejection::PointlessManeuver(why.to_string()));
    let ruleset = &battle.scenario.ruleset;
    let condition = battle.condition(unit);
    if !ruleset
        .grappling()
        .maneuver_goals(condition.holding.is_some())
        .contains(&goal)
    {
        return pointless(
            match (
                ruleset.grappling().maneuver_goals(true).contains(&goal),
                ruleset.grappling().maneuver_goals(false).contains(&goal),
            ) {
                (true, _) => "only a unit holding its opponent can do that",
                (_, true) => "not while holding someone (let go first)",
                _ => "this rulebook has no such maneuver",
            },
        );
    }
    // Where grapples are opposed rolls, all a holder does is done to the unit it holds.
    let follows_a_hold = if ruleset.grappling().grapple_contest().is_some() {
        condition.holding.is_some()
    } else {
        ruleset.sheet().grapple_skill().is_some()
            && !matches!(goal, ManeuverGoal::Hold | ManeuverGoal::BreakHold)
    };
    if follows_a_hold && condition.holding != Some(opponent) {
        return pointless("it does not hold this opponent");
    }
    match goal {
        ManeuverGoal::Disarm => match battle.arsenal(opponent).in_hand {
            WeaponChoice::Carried(index) if !battle.arsenal(opponent).lost.contains(&index) => {
                Ok(())
            }
            _ => pointless("the opponent holds no weapon"),
        },
        ManeuverGoal::BreakHold if !holders(battle, unit).contains(&opponent) => {
            pointless("the opponent is not holding this unit")
        }
        ManeuverGoal::KnockOut if battle.spec(opponent).cannot_be_knocked_out => {
            Err(Rejection::NoKnockOut(format!(
                "{} cannot be knocked out",
                battle.spec(opponent).name
            )))
        }
        ManeuverGoal::Immobilise if condition.grip == Some(Grip::Immobilise) => {
            pointless("the opponent is already pinned")
        }
        ManeuverGoal::Strangle if matches!(condition.grip, Some(Grip::Strangle { .. })) => {
            pointless("already strangling")
        }
        ManeuverGoal::HumanShield if condition.grip == Some(Grip::Shield) => {
            pointless("already held as a shield")
        }
        ManeuverGoal::Hold if battle.condition(unit).holding.is_some() => {
            pointless("already holding someone")
        }
        ManeuverGoal::KnockProne if battle.condition(opponent).prone => {
            pointless("the opponent is already down")
        }
        _ => Ok(()),
    }
}

/// Whether `unit` may strike at (or throw at) `target` with `weapon` now: the weapon, or why
/// not.
pub fn strike_allowed(
    battle: &Battle,
    unit: UnitId,
    target: UnitId,
    weapon: WeaponChoice,
) -> Result<MeleeWeapon, Rejection> {
    ready_to_attack(battle, unit, target)?;
    holding_back(battle, unit)?;
    let chosen = melee_weapon(battle, unit, weapon)?;
    match &chosen.thrown {
        Some((index, thrown)) => {
            usable_now(battle, unit, *index)?;
            if rounds_left(battle, unit, *index, thrown) == 0 {
                return Err(Rejection::OutOfAmmunition(format!(
                    "no {} left to throw",
                    thrown.name
                )));
            }
            setup(battle, unit, target, thrown, ShotTerms::default())?;
        }
        None => {
            if let Some(index) = chosen.carried {
                usable_now(battle, unit, index)?;
            }
            in_reach(battle, unit, target, &chosen.range)?;
        }
    }
    Ok(chosen)
}

/// Where grapples are opposed rolls, a unit holding another may not attack (only do what a
/// holder does with the unit it holds).
pub(super) fn holding_back(battle: &Battle, unit: UnitId) -> Result<(), Rejection> {
    if battle.condition(unit).holding.is_some()
        && battle
            .scenario
            .ruleset
            .grappling()
            .grapple_contest()
            .is_some()
    {
        return Err(Rejection::Holding);
    }
    Ok(())
}

/// Whether `unit` may strike `target` with `weapon` to knock it out, or why not: where the
/// rulebook has knock-out blows, with bare hands or a blunt weapon in reach, at a target that
/// can be knocked out.
pub(super) fn knock_out_allowed(
    battle: &Battle,
    unit: UnitId,
    target: UnitId,
    weapon: WeaponChoice,
) -> Result<MeleeWeapon, Rejection> {
    if !battle.scenario.ruleset.hand_to_hand().knock_out_blows() {
        return Err(Rejection::NoKnockOut(
            "this rulebook has no knock-out blows".to_string(),
        ));
    }
    let chosen = strike_allowed(battle, unit, target, weapon)?;
    if !battle.spec(unit).strikes_blunt(weapon) {
        return Err(Rejection::NoKnockOut(format!(
            "only bare hands or a blunt weapon knock out, not the {}",
            chosen.name
        )));
    }
    let spec = battle.spec(target);
    if spec.cannot_be_knocked_out {
        return Err(Rejection::NoKnockOut(format!(
            "{} cannot be knocked out",
            spec.name
        )));
    }
    Ok(chosen)
}

/// Whether `unit` may try this maneuver on `target` now, or why not.
pub(super) fn maneuver_allowed(
    battle: &Battle,
    unit: UnitId,
    target: UnitId,
    goal: ManeuverGoal,
) -> Result<(), Rejection> {
    ready_to_attack(battle, unit, target)?;
    in_reach(battle, unit, target, &WeaponRange::Touch)?;
    build_penalty(battle, unit, target)?;
    goal_makes_sense(battle, unit, target, goal)
}
