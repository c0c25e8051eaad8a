//! Hand-to-hand: attacks and fighting maneuvers on a unit's turn, and surprise attacks before
//! the first round; the exchange each one opens is in `exchange.rs`.

use bevy::prelude::World;

use super::blow_odds::exchange_odds_of;
use super::command::{ManeuverGoal, Rejection, SurpriseAttack, WeaponChoice};
use super::event::{EventKind, Modifier};
use super::exchange::open_exchange;
use super::fighting::{
    build_penalty, goal_makes_sense, in_reach, knock_out_allowed, maneuver_allowed, melee_weapon,
    strike_allowed,
};
use super::hold::holders;
use super::state::Battle;
use super::threat::AnswerOdds;
use super::{AttackKind, PendingAttack, Phase, UnitId, grapple, ranged};
use crate::rules::roll::Demand;
use crate::rules::roll::RollPurpose;
use crate::rules::weapons::WeaponRange;

/// A blow (or a thrown weapon) at a unit; with `knock_out`, a blow struck to knock it out,
/// defended as any blow, its damage weighed where it lands against the target's hit points
/// (`exchange::knock_out_blow`).
pub(super) fn attack(
    battle: &mut Battle,
    unit: UnitId,
    mut target: UnitId,
    weapon: WeaponChoice,
    knock_out: bool,
) -> Result<(), Rejection> {
    let announced = if knock_out {
        let chosen = knock_out_allowed(battle, unit, target, weapon)?;
        EventKind::KnockOutSwung {
            unit,
            target,
            weapon: chosen.name,
        }
    } else {
        let mut chosen = strike_allowed(battle, unit, target, weapon)?;
        if let Some(turned) = super::hooks::of(battle).blow_turned(battle, unit, target, weapon) {
            target = turned;
            chosen = strike_allowed(battle, unit, target, weapon)?;
        }
        EventKind::Attacked {
            unit,
            target,
            weapon: chosen.name,
        }
    };
    spend_an_attack(
        battle,
        unit,
        target,
        AttackKind::Strike(weapon),
        announced,
        knock_out,
    );
    Ok(())
}

pub(super) fn maneuver(
    battle: &mut Battle,
    unit: UnitId,
    target: UnitId,
    goal: ManeuverGoal,
) -> Result<(), Rejection> {
    // A restrained unit's one way out (the western), rolled at once.
    if goal == ManeuverGoal::BreakHold && battle.condition(unit).restrained_by().is_some() {
        breaking_free_allowed(battle, unit, target)?;
        super::hooks::of(battle).break_free(battle, unit, target);
        return Ok(());
    }
    maneuver_allowed(battle, unit, target, goal)?;
    let announced = EventKind::Maneuvered { unit, target, goal };
    // Where grapples are opposed rolls, each is settled at once.
    if battle
        .scenario
        .ruleset
        .grappling()
        .grapple_contest()
        .is_some()
    {
        use_the_attack(battle);
        battle.emit(announced);
        super::hooks::of(battle).maneuver_settled(battle, unit, target, goal);
        return Ok(());
    }
    // Where maneuvers are grapples, only the grapple itself is an attack to be answered; what
    // comes after it is done at once.
    if battle.scenario.ruleset.sheet().grapple_skill().is_some() && goal != ManeuverGoal::Hold {
        use_the_attack(battle);
        battle.emit(announced);
        grapple::follow_up(battle, unit, target, goal);
        return Ok(());
    }
    spend_an_attack(
        battle,
        unit,
        target,
        AttackKind::Maneuver(goal),
        announced,
        false,
    );
    Ok(())
}

/// Whether a restrained `unit` may try to break free of `holder` now: on its turn, its action
/// left, and `holder` one of those holding it.
fn breaking_free_allowed(battle: &Battle, unit: UnitId, holder: UnitId) -> Result<(), Rejection> {
    let turn = battle.own_turn(unit)?;
    if turn.action_used || turn.action_forfeited() {
        return Err(Rejection::ActionUsed);
    }
    if !holders(battle, unit).contains(&holder) {
        return Err(Rejection::PointlessManeuver(
            "the opponent is not holding this unit".to_string(),
        ));
    }
    Ok(())
}

/// Use one of the acting unit's attacks: announce it and open the exchange.
fn spend_an_attack(
    battle: &mut Battle,
    unit: UnitId,
    target: UnitId,
    kind: AttackKind,
    announced: EventKind,
    knock_out: bool,
) {
    use_the_attack(battle);
    battle.emit(announced);
    open_exchange(
        battle,
        PendingAttack {
            attacker: unit,
            target,
            kind,
            unseen: false,
            during_setup: false,
            knock_out,
            free: false,
        },
    );
}

/// The acting unit has used its action and one of its attacks.
fn use_the_attack(battle: &mut Battle) {
    battle.change_turn(|turn| {
        turn.action_used = true;
        turn.attacks_made += 1;
    });
}

/// A surprise attack before round 1: the target rolls to see it coming (its best of Listen,
/// Spot Hidden and Psychology, at a difficulty set by the attacker's Stealth).
pub(super) fn surprise(
    battle: &mut Battle,
    unit: UnitId,
    target: UnitId,
    attack: SurpriseAttack,
) -> Result<(), Rejection> {
    if battle.flow().phase != Phase::Setup {
        return Err(if battle.flow().pending().is_some() {
            Rejection::AwaitingAnswer
        } else {
            Rejection::AlreadyBegun
        });
    }
    if !battle.standing(unit) {
        return Err(Rejection::CannotAct("not standing".to_string()));
    }
    if battle.condition(unit).surprise_spent {
        return Err(Rejection::SurpriseSpent);
    }
    battle.target_there(unit, target)?;
    let kind = match attack {
        SurpriseAttack::Strike(weapon) => {
            let chosen = melee_weapon(battle, unit, weapon)?;
            in_reach(battle, unit, target, &chosen.range)?;
            AttackKind::Strike(weapon)
        }
        SurpriseAttack::Maneuver(goal) => {
            in_reach(battle, unit, target, &WeaponRange::Touch)?;
            build_penalty(battle, unit, target)?;
            goal_makes_sense(battle, unit, target, goal)?;
            AttackKind::Maneuver(goal)
        }
        SurpriseAttack::Shot(weapon) => {
            ranged::check_surprise_shot(battle, unit, target, weapon)?;
            AttackKind::Strike(weapon)
        }
    };
    battle.change_condition(unit, |condition| condition.surprise_spent = true);
    let hooks = super::hooks::of(battle);
    let seen = match hooks.surprise_seen(battle, (unit, target)) {
        Some(seen) => seen,
        None => {
            let harder = hooks.notice_modifiers(battle, unit);
            notices(battle, target, harder)
        }
    };
    battle.emit(EventKind::SurpriseAttempted { unit, target, seen });
    if let SurpriseAttack::Shot(weapon) = attack {
        ranged::surprise_shot(battle, unit, target, weapon, seen);
        return Ok(());
    }
    open_exchange(
        battle,
        PendingAttack {
            attacker: unit,
            target,
            kind,
            unseen: !seen,
            during_setup: true,
            knock_out: false,
            free: false,
        },
    );
    Ok(())
}

/// Whether the target of a surprise attack sees it coming: its best of Listen, Spot Hidden
/// and Psychology, `harder` where the rulebook says (CoC: for the attacker's Stealth).
fn notices(battle: &mut Battle, target: UnitId, harder: Vec<Modifier>) -> bool {
    let (skill_name, skill) = ["Listen", "Spot Hidden", "Psychology"]
        .into_iter()
        .map(|name| (name, battle.skill(target, name)))
        .max_by_key(|(_, value)| *value)
        .unwrap_or(("Spot Hidden", 0));
    battle
        .roll(
            target,
            RollPurpose::Skill(skill_name.to_string()),
            &Demand::new(skill, harder),
        )
        .success
}

/// Where maneuvers are grapples and this one is done at once (what a holder does with the held
/// unit, breaking free), its chance to work now, or why it cannot be tried; `None` for a
/// maneuver answered as an attack (`strike_odds`). Nothing in the battle changes.
pub fn at_once_chance(
    world: &mut World,
    unit: UnitId,
    target: UnitId,
    goal: ManeuverGoal,
) -> Option<Result<f64, Rejection>> {
    let battle = Battle::new(world);
    if goal == ManeuverGoal::BreakHold && battle.condition(unit).restrained_by().is_some() {
        let hooks = super::hooks::of(&battle);
        return Some(
            breaking_free_allowed(&battle, unit, target)
                .map(|()| hooks.break_free_chance(&battle, unit)),
        );
    }
    if battle
        .scenario
        .ruleset
        .grappling()
        .grapple_contest()
        .is_some()
    {
        let hooks = super::hooks::of(&battle);
        return Some(
            maneuver_allowed(&battle, unit, target, goal)
                .map(|()| hooks.maneuver_settled_chance(&battle, unit, target, goal)),
        );
    }
    if battle.scenario.ruleset.sheet().grapple_skill().is_none() || goal == ManeuverGoal::Hold {
        return None;
    }
    Some(
        maneuver_allowed(&battle, unit, target, goal)
            .map(|()| grapple::follow_up_chance(&battle, unit, target, goal)),
    )
}

/// Where the rulebook has executions, the chance `unit` would kill a unit it held by executing
/// it now. Nothing in the battle changes.
pub fn execution_chance(world: &mut World, unit: UnitId) -> Option<f64> {
    let battle = Battle::new(world);
    super::hooks::of(&battle).execution_chance(&battle, unit)
}

/// The odds of a blow (or a maneuver) `attacker` could make now at `target`, against each
/// answer the target could give, and the modifiers on the attack; or why it cannot be made:
/// for the attacker's preview. Nothing in the battle changes.
pub fn strike_odds(
    world: &mut World,
    attacker: UnitId,
    target: UnitId,
    kind: AttackKind,
) -> Result<(Vec<Modifier>, AnswerOdds), Rejection> {
    let battle = Battle::new(world);
    match &kind {
        AttackKind::Strike(weapon) => {
            strike_allowed(&battle, attacker, target, *weapon)?;
        }
        AttackKind::Maneuver(goal) => maneuver_allowed(&battle, attacker, target, *goal)?,
        AttackKind::Fire(_) => {
            return Err(Rejection::NotMelee(
                "shots are previewed as shots".to_string(),
            ));
        }
    }
    let pending = PendingAttack {
        attacker,
        target,
        kind,
        unseen: false,
        during_setup: false,
        knock_out: false,
        free: false,
    };
    Ok(exchange_odds_of(&battle, &pending))
}

/// `unit` lets go on its turn, the rulebook's way (its `lets_go` stage).
pub(super) fn release(battle: &mut Battle, unit: UnitId) -> Result<(), Rejection> {
    let turn = battle.own_turn(unit)?;
    if battle.condition(unit).holding.is_none() {
        return Err(Rejection::PointlessManeuver(
            "not holding anyone".to_string(),
        ));
    }
    super::hooks::of(battle).lets_go(battle, unit, &turn)
}
