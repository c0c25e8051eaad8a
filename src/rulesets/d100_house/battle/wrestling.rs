//! Grapples settled by opposed rolls at a minimum, at once (the d100 house sheet, SPECS.md
//! 4.1): seizing,
//! breaking free, disarming and throwing; what a holder does with the unit it holds (hurts it
//! without a roll, chokes it by the air or by the blood, turns it into a human shield, executes
//! it); and letting go, in stride where the rulebook rolls for it.

use super::condition::{change_house, house};
use super::events::HouseEvent;
use crate::battle::TurnState;
use crate::battle::arms;
use crate::battle::command::{ManeuverGoal, Rejection, WeaponChoice};
use crate::battle::grapple::choked_out;
use crate::battle::hold::{hold_on, let_go, take_grip};
use crate::battle::state::Battle;
use crate::battle::wounds::{self, Blow};
use crate::battle::{UnitId, Vital, Vitals};
use crate::map::Tile;
use crate::rules::body::BodyPart;
use crate::rules::grapple::{GrappleContest, Grip};
use crate::rules::roll::{Demand, RollPurpose, Verdict};
use crate::rules::weapons::Weapon;
use crate::rulesets::d100_house::grapple;

/// The sheet's terms of its grapples.
pub(super) fn terms(battle: &Battle) -> Option<GrappleContest> {
    battle.scenario.ruleset.grappling().grapple_contest()
}

/// `unit`'s grapple roll as it would be made: its skill from the minimum, and what it is for.
fn grapple_demand(battle: &Battle, unit: UnitId, terms: GrappleContest) -> (RollPurpose, Demand) {
    let (purpose, demand) = battle.skill_check(unit, terms.skill, Vec::new());
    (
        purpose,
        Demand {
            minimum: Some(terms.minimum),
            ..demand
        },
    )
}

fn grapple_roll(battle: &mut Battle, unit: UnitId, terms: GrappleContest) -> Verdict {
    let (purpose, demand) = grapple_demand(battle, unit, terms);
    battle.roll(unit, purpose, &demand)
}

/// Whether the goal is an opposed roll against the target (the rest are the unit's roll alone,
/// or no roll at all).
fn opposed(battle: &Battle, unit: UnitId, goal: ManeuverGoal) -> bool {
    match goal {
        ManeuverGoal::Hold | ManeuverGoal::BreakHold | ManeuverGoal::KnockProne => true,
        ManeuverGoal::Disarm => battle.condition(unit).holding.is_none(),
        _ => false,
    }
}

/// Both roll; the rulebook says whether `unit` won (an opponent out cold does not resist).
fn contest(
    battle: &mut Battle,
    unit: UnitId,
    against: UnitId,
    goal: ManeuverGoal,
    terms: GrappleContest,
) -> (bool, Verdict) {
    let own = grapple_roll(battle, unit, terms);
    let won = if battle.vitals(against).conscious() {
        let other = grapple_roll(battle, against, terms);
        crate::rulesets::d100_house::grapple::opposed_won(&own, &other)
    } else {
        own.success
    };
    battle.emit(HouseEvent::Wrestled {
        unit,
        against,
        goal,
        won,
    });
    (won, own)
}

/// Carry out a grapple maneuver by `unit` on `target`, checked by `maneuver_allowed` before.
pub(super) fn maneuver(
    battle: &mut Battle,
    unit: UnitId,
    target: UnitId,
    goal: ManeuverGoal,
    terms: GrappleContest,
) {
    if opposed(battle, unit, goal) {
        let (won, roll) = contest(battle, unit, target, goal, terms);
        if goal == ManeuverGoal::Disarm {
            sharp_blade(battle, unit, target, &roll, terms);
        }
        if !won {
            return;
        }
        match goal {
            ManeuverGoal::Hold => seize(battle, unit, target),
            ManeuverGoal::BreakHold => let_go(battle, target),
            ManeuverGoal::KnockProne => throw(battle, unit, target),
            _ => arms::disarm(battle, target),
        }
        return;
    }
    match goal {
        ManeuverGoal::Injure => {
            let armed = matches!(battle.arsenal(unit).in_hand, WeaponChoice::Carried(_));
            let damage = if armed {
                terms.injury.1
            } else {
                terms.injury.0
            };
            wounds::harm(
                battle,
                target,
                Some(unit),
                Blow {
                    hand_to_hand: true,
                    ..Blow::struck(damage)
                },
            );
        }
        ManeuverGoal::Strangle => take_grip(
            battle,
            unit,
            target,
            Grip::Strangle {
                rounds: 0,
                breathless: false,
            },
        ),
        ManeuverGoal::BloodChoke => blood_choke(battle, unit, target, terms),
        // The shield is the holder's roll alone, from the minimum.
        ManeuverGoal::HumanShield if grapple_roll(battle, unit, terms).success => {
            take_grip(battle, unit, target, Grip::Shield);
        }
        ManeuverGoal::Disarm => {
            let roll = grapple_roll(battle, unit, terms);
            sharp_blade(battle, unit, target, &roll, terms);
            if roll.success {
                arms::disarm(battle, target);
            }
        }
        ManeuverGoal::Execute => execute(battle, unit, target, terms),
        _ => {}
    }
}

/// `unit` holds `target`, and holding, it may not dodge: a stance it held is dropped.
pub(super) fn seize(battle: &mut Battle, unit: UnitId, target: UnitId) {
    hold_on(battle, unit, target);
    change_house(battle, unit, |house| house.dodge_stance = None);
}

/// Going for a sharp weapon's hand costs the disarmer unless its roll was special.
fn sharp_blade(
    battle: &mut Battle,
    unit: UnitId,
    target: UnitId,
    roll: &Verdict,
    terms: GrappleContest,
) {
    let WeaponChoice::Carried(index) = battle.arsenal(target).in_hand else {
        return;
    };
    let Some(weapon) = battle.carried(target, index) else {
        return;
    };
    if !(weapon.impale && weapon.hand_to_hand) || roll.special {
        return;
    }
    let name = weapon.name.clone();
    battle.emit(HouseEvent::CutOnTheBlade { unit, weapon: name });
    wounds::harm(
        battle,
        unit,
        Some(target),
        Blow {
            hand_to_hand: true,
            ..Blow::struck(terms.sharp_disarm)
        },
    );
}

/// `target` thrown by `unit`: a tile on, straight away from the thrower, where that tile is
/// free to land on, and knocked down.
fn throw(battle: &mut Battle, unit: UnitId, target: UnitId) {
    let landing = battle
        .position(unit)
        .zip(battle.position(target))
        .and_then(|(from, at)| {
            let step = |from: u32, at: u32| -> Option<u32> {
                match from.cmp(&at) {
                    std::cmp::Ordering::Less => at.checked_add(1),
                    std::cmp::Ordering::Equal => Some(at),
                    std::cmp::Ordering::Greater => at.checked_sub(1),
                }
            };
            Some(Tile {
                x: step(from.x, at.x)?,
                y: step(from.y, at.y)?,
            })
        })
        .filter(|tile| battle.scenario.map.walkable(*tile) && battle.unit_at(*tile).is_none());
    if let Some(tile) = landing {
        battle.place(target, Some(tile));
    }
    battle.emit(HouseEvent::Thrown {
        unit: target,
        by: unit,
        to: landing,
    });
    super::knock_down::knock_down(battle, target);
}

/// A grapple roll toward choking `target` by the blood: the rolls in rounds running count up,
/// a failed one starts over; enough of them, and it is out.
fn blood_choke(battle: &mut Battle, unit: UnitId, target: UnitId, terms: GrappleContest) {
    let before = match battle.condition(unit).grip {
        Some(Grip::BloodChoke { successes }) => successes,
        _ => 0,
    };
    let successes = if grapple_roll(battle, unit, terms).success {
        before + 1
    } else {
        0
    };
    take_grip(battle, unit, target, Grip::BloodChoke { successes });
    if successes >= terms.blood_choke {
        choked_out(battle, unit, target);
    }
}

/// An execution: the gun in hand, loaded, or else bare hands; a success kills, a failure does
/// the gun's greatest damage or the roll's as a bullet's.
fn execute(battle: &mut Battle, unit: UnitId, target: UnitId, terms: GrappleContest) {
    let gun = loaded_gun(battle, unit);
    let skill = execution_skill(gun.is_some(), terms);
    let roll = battle.roll_skill(unit, skill, Vec::new());
    if let Some((index, weapon)) = &gun {
        arms::spend_one(battle, unit, *index, weapon);
    }
    battle.emit(HouseEvent::ExecutionTried {
        unit,
        target,
        skill: skill.to_string(),
        killed: roll.success,
    });
    if roll.success {
        kill(battle, target);
        return;
    }
    let damage = gun.map_or(roll.value, |(_, weapon)| {
        weapon.damage.flat().unwrap_or(roll.value)
    });
    wounds::harm(battle, target, Some(unit), Blow::struck(damage));
}

/// The gun in `unit`'s hand, where it has a round in it.
fn loaded_gun(battle: &Battle, unit: UnitId) -> Option<(usize, Weapon)> {
    let WeaponChoice::Carried(index) = battle.arsenal(unit).in_hand else {
        return None;
    };
    battle
        .carried(unit, index)
        .filter(|weapon| !weapon.hand_to_hand)
        .filter(|weapon| arms::rounds_left(battle, unit, index, weapon) > 0)
        .map(|weapon| (index, weapon.clone()))
}

/// The skill an execution is rolled on: the gun's, with one in hand, else the grapple's.
fn execution_skill(gun: bool, terms: GrappleContest) -> &'static str {
    if gun {
        terms.execution_firearm
    } else {
        terms.skill
    }
}

/// `unit` is killed outright.
fn kill(battle: &mut Battle, unit: UnitId) {
    let before = battle.vitals(unit);
    battle.set_vitals(
        unit,
        Vitals {
            vital: Vital::Dead,
            hit_points: 0,
            ..before
        },
    );
    wounds::settle_after_harm(battle, unit, before, true);
}

/// Letting go takes the action, unless a roll keeps it for one more this turn.
fn let_go_in_stride(battle: &mut Battle, unit: UnitId) {
    let Some(terms) = terms(battle) else {
        return;
    };
    let kept_action = battle.roll_skill(unit, terms.let_go, Vec::new()).success;
    if !kept_action {
        battle.change_turn(|turn| turn.action_used = true);
    }
    battle.emit(HouseEvent::LetGoInStride { unit, kept_action });
}

/// The chance a grapple maneuver works, before any die falls.
pub(super) fn chance(
    battle: &Battle,
    unit: UnitId,
    target: UnitId,
    goal: ManeuverGoal,
    terms: GrappleContest,
) -> f64 {
    let ruleset = battle.scenario.ruleset.as_ref();
    let own = battle.standing_demand(unit, &grapple_demand(battle, unit, terms).1);
    if opposed(battle, unit, goal) {
        if !battle.vitals(target).conscious() {
            return ruleset.chance(&own);
        }
        let other = battle.standing_demand(target, &grapple_demand(battle, target, terms).1);
        return grapple::opposed_chance(&own, &other);
    }
    match goal {
        ManeuverGoal::Injure | ManeuverGoal::Strangle => 1.0,
        ManeuverGoal::Execute => execution_chance(battle, unit, terms),
        _ => ruleset.chance(&own),
    }
}

/// The chance `unit`'s execution of a unit it holds kills: on its gun's skill with a round in
/// hand, else the grapple's, its own shifts counted.
pub(super) fn execution_chance(battle: &Battle, unit: UnitId, terms: GrappleContest) -> f64 {
    let skill = execution_skill(loaded_gun(battle, unit).is_some(), terms);
    let demand = battle.skill_check(unit, skill, Vec::new()).1;
    battle
        .scenario
        .ruleset
        .chance(&battle.standing_demand(unit, &demand))
}

/// `unit` lets go on its turn (`turn`, its own): that takes its action unless a roll keeps it.
pub(super) fn lets_go(
    battle: &mut Battle,
    unit: UnitId,
    turn: &TurnState,
) -> Result<(), Rejection> {
    if turn.action_used || turn.action_forfeited() {
        return Err(Rejection::ActionUsed);
    }
    let_go(battle, unit);
    let_go_in_stride(battle, unit);
    Ok(())
}

/// After `unit` took `taken` in harm: a holder that has taken the sheet's amount this round
/// lets go.
pub(super) fn after_harm(battle: &mut Battle, unit: UnitId, taken: u32) {
    let Some(terms) = terms(battle) else {
        return;
    };
    if battle.condition(unit).holding.is_none() {
        return;
    }
    let round = battle.round();
    let before = match house(battle, unit).taken_in_round {
        Some((when, amount)) if when == round => amount,
        _ => 0,
    };
    let total = before + taken;
    change_house(battle, unit, |house| {
        house.taken_in_round = Some((round, total))
    });
    if total >= terms.forced_release {
        battle.emit(HouseEvent::ForcedToLetGo { unit, taken: total });
        let_go(battle, unit);
    }
}

/// The parts of a holder's off side, for the hand it holds its weapon in: the torso and the arm
/// and leg of the other hand.
fn off_side(battle: &Battle, holder: UnitId) -> [BodyPart; 3] {
    let handed = battle.spec(holder).handed;
    let arm = handed.weapon_arm();
    let (off_arm, off_leg) = if arm == BodyPart::RightArm {
        (BodyPart::LeftArm, BodyPart::LeftLeg)
    } else {
        (BodyPart::RightArm, BodyPart::RightLeg)
    };
    [BodyPart::Torso, off_arm, off_leg]
}

/// Where `target` holds a human shield and the hit landed on its off side: the shield, which
/// takes the hit instead (announced).
pub(super) fn shield_for(battle: &mut Battle, target: UnitId, part: BodyPart) -> Option<UnitId> {
    let condition = battle.condition(target);
    let shield = condition
        .holding
        .filter(|_| condition.grip == Some(Grip::Shield))?;
    if !off_side(battle, target).contains(&part) || battle.vitals(shield).vital == Vital::Dead {
        return None;
    }
    battle.emit(HouseEvent::ShieldHit {
        unit: shield,
        holder: target,
        part,
    });
    Some(shield)
}
