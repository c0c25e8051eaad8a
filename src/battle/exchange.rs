//! A melee exchange: the attack waiting for its answer, a parry declared, the answer taken and
//! both sides' rolls (their demands and odds are `blow_odds.rs`'s), and what comes of it (a blow
//! landed, `landing.rs`; a maneuver's effect; a second helping struck at once).

use super::arms::let_fly;
use super::blow_odds::{
    attack_roll, attacker_weapon, blow_answers, defence_kind, defence_weapon, fight_demand,
    meeting_weapon,
};
use super::command::{Answer, ManeuverGoal, Rejection, WeaponChoice};
use super::event::{DefenceKind, EventKind};
use super::fighting::{build_penalty, goal_makes_sense};
use super::grapple::apply_goal;
use super::hold::pinned;
use super::hooks::RollFor;
use super::landing::{Strike, blow, held_weapon, misfortune};
use super::melee_weapon::MeleeWeapon;
use super::state::{Battle, OwnRoll};
use super::{AttackKind, PendingAttack, Phase, UnitId};
use crate::rules::damage::DamageQuality;
use crate::rules::melee::{Defence, MeleeOutcome, blow_quality};
use crate::rules::opposed::SideResult;
use crate::rules::percentile::SuccessLevel;
use crate::rules::roll::RollPurpose;
use crate::rules::roll::Verdict;
use crate::rules::skills::DODGE;
use crate::words::the_weapon;

/// Wait for the defender's answer, or resolve at once if it cannot give one (it is down or
/// stunned, an unseen blow gives it no chance, or the rulebook has no answer to a blow).
pub(super) fn open_exchange(battle: &mut Battle, pending: PendingAttack) {
    let helpless = !battle.vitals(pending.target).conscious()
        || battle.condition(pending.target).stunned()
        || pinned(battle, pending.target, Some(pending.attacker));
    let unseen_blow = pending.unseen && matches!(pending.kind, AttackKind::Strike(_));
    let unanswerable = battle.scenario.ruleset.mechanisms().blow_answers.is_none();
    if helpless || unseen_blow || unanswerable {
        exchange(battle, &pending, Answer::Nothing);
        return;
    }
    let kind = defence_kind(battle, &pending);
    battle.emit(EventKind::DefenceAsked {
        unit: pending.target,
        attacker: pending.attacker,
        asked: kind,
    });
    battle.flow_mut().phase = Phase::Defending(pending);
}

/// A defender's answer to a blow, a maneuver or a throw waiting for it.
pub(super) fn answer_blow(
    battle: &mut Battle,
    pending: &PendingAttack,
    answer: Answer,
) -> Result<(), Rejection> {
    let unit = pending.target;
    let fights = matches!(answer, Answer::FightBack | Answer::Maneuver(_));
    if answer == Answer::DiveForCover {
        return Err(Rejection::InvalidAnswer(
            "diving for cover is an answer to shots".to_string(),
        ));
    }
    if fights && battle.condition(unit).dived_for_cover {
        return Err(Rejection::InvalidAnswer(
            "a unit that dived for cover may only dodge until its next turn".to_string(),
        ));
    }
    if fights
        && defence_kind(battle, pending)
            == (DefenceKind::Thrown {
                may_fight_back: false,
            })
    {
        return Err(Rejection::InvalidAnswer(
            "a thrown weapon is fought back only from within a fifth of one's DEX in feet"
                .to_string(),
        ));
    }
    if let Some(roll) = RollFor::answering(answer) {
        super::hooks::of(battle).dice_left(battle, unit, roll)?;
    }
    let allowed = blow_answers(battle, unit, Some(pending.attacker));
    let words = battle.scenario.ruleset.words().weapon_defence();
    let unnamed = battle.scenario.ruleset.mechanisms().parry_is_declared()
        && super::hooks::of(battle).named_foe(battle, unit) != Some(pending.attacker);
    let refused = match answer {
        Answer::Dodge if !allowed.dodge => Some("no dodge is left to it this round".to_string()),
        Answer::FightBack if !allowed.weapon && unnamed => Some(format!(
            "it did not name {} as the one to {} this round",
            battle.spec(pending.attacker).name,
            words.answer
        )),
        Answer::FightBack if !allowed.weapon => {
            Some(format!("no {} is left to it this round", words.answer))
        }
        Answer::FightBack if meeting_weapon(battle, pending).is_none() => Some(format!(
            "nothing in its hands may {} {}",
            words.answer,
            the_weapon(&attacker_weapon(battle, pending).name)
        )),
        Answer::Maneuver(_) if !allowed.maneuver => {
            Some("a maneuver is no answer to an attack here".to_string())
        }
        _ => None,
    };
    if let Some(reason) = refused {
        return Err(Rejection::InvalidAnswer(reason));
    }
    if let Answer::Maneuver(goal) = answer {
        build_penalty(battle, unit, pending.attacker)?;
        goal_makes_sense(battle, unit, pending.attacker, goal)?;
    }
    battle.emit(EventKind::Answered { unit, answer });
    exchange(battle, pending, answer);
    Ok(())
}

/// Roll both sides of a melee exchange (or a throw and its dodge) and carry out what comes of
/// it.
pub fn exchange(battle: &mut Battle, pending: &PendingAttack, answer: Answer) {
    let (attacker, defender) = (pending.attacker, pending.target);
    let attacker_weapon = attacker_weapon(battle, pending);
    let mut attack_roll = attack_roll(battle, pending, &attacker_weapon);
    battle.change_condition(attacker, |condition| condition.aim = None);
    if attacker_weapon.thrown.is_none() && matches!(pending.kind, AttackKind::Strike(_)) {
        misfortune(battle, attacker, &attacker_weapon, &mut attack_roll);
    }
    // What comes off the blow as it arrives (the d10 pool's evading).
    let net =
        super::hooks::of(battle).blow_arrives(battle, pending, &attacker_weapon, attack_roll.net);
    if net < attack_roll.net {
        attack_roll.net = net;
        attack_roll.success &= net >= 1;
        if !attack_roll.success {
            attack_roll.level = SuccessLevel::Failure;
        }
    }
    if let Some((index, thrown)) = &attacker_weapon.thrown {
        let_fly(battle, attacker, *index, thrown);
    }
    let defender_weapon = defence_weapon(battle, pending);
    let (defence, defence_roll) = match answer {
        Answer::Nothing | Answer::DiveForCover => (Defence::None, None),
        Answer::Dodge => {
            let roll = super::rolls::roll_dodge(battle, defender);
            (Defence::Dodge, Some((roll, battle.skill(defender, DODGE))))
        }
        Answer::FightBack | Answer::Maneuver(_) => {
            let size_penalty = match answer {
                Answer::Maneuver(_) => build_penalty(battle, defender, attacker).unwrap_or(0),
                _ => 0,
            };
            let roll = OwnRoll {
                breaking_hold: answer == Answer::Maneuver(ManeuverGoal::BreakHold),
                size_penalty,
                ..OwnRoll::default()
            };
            let modifiers = super::rolls::own_roll_modifiers(battle, defender, roll);
            let roll = battle.roll(
                defender,
                RollPurpose::Skill(defender_weapon.skill_name.clone()),
                &fight_demand(battle, defender, &defender_weapon, modifiers),
            );
            super::hooks::of(battle).dice_spent(battle, defender, RollFor::WeaponDefence);
            (Defence::FightBack, Some((roll, defender_weapon.skill)))
        }
    };
    if defence != Defence::None {
        battle.change_condition(defender, |condition| {
            condition.defences_this_round += 1;
            condition.dodges_this_round += u32::from(defence == Defence::Dodge);
        });
    }
    let side = |(verdict, skill): (Verdict, u32)| SideResult {
        level: verdict.level,
        skill,
        net: verdict.net,
    };
    let outcome = battle.scenario.ruleset.exchange(
        defence,
        side((attack_roll, attacker_weapon.skill)),
        defence_roll.map(side),
    );
    battle.emit(EventKind::MeleeResolved {
        attacker,
        defender,
        outcome,
    });
    battle.flow_mut().phase = if pending.during_setup {
        Phase::Setup
    } else {
        Phase::Turn
    };
    match outcome {
        MeleeOutcome::AttackerWins => match pending.kind {
            AttackKind::Strike(choice) => {
                let level = if attack_roll.special {
                    SuccessLevel::Extreme
                } else {
                    SuccessLevel::Regular
                };
                let hooks = super::hooks::of(battle);
                let martial = choice == WeaponChoice::Unarmed
                    && hooks.unarmed_blow_doubled(battle, attacker, attack_roll.value);
                let quality = if martial {
                    DamageQuality::MartialArts
                } else {
                    blow_quality(level, true, attacker_weapon.impale)
                };
                let strike = Strike {
                    quality,
                    knock_out: pending.knock_out,
                    net: attack_roll.net - defence_roll.map_or(0, |(roll, _)| roll.net.max(0)),
                    landing: Some(attack_roll),
                };
                // The rulebook may do something in its place (the western's specific blow).
                if !hooks.blow_instead(battle, pending)
                    && blow(battle, attacker, defender, &attacker_weapon, strike)
                {
                    second_helping(battle, attacker, defender, &attacker_weapon);
                }
                if held_weapon(battle, attacker, &attacker_weapon)
                    .is_some_and(|carried| carried.strangles)
                {
                    super::grapple::garrote(battle, attacker, defender);
                }
                if let (DamageQuality::Impale, WeaponChoice::Carried(index)) = (quality, choice) {
                    hooks.impaled(battle, (attacker, index), defender);
                }
            }
            AttackKind::Maneuver(goal) => apply_goal(battle, attacker, defender, goal),
            AttackKind::Fire(_) => {}
        },
        MeleeOutcome::DefenderStrikes => match answer {
            Answer::Maneuver(goal) => apply_goal(battle, defender, attacker, goal),
            _ => {
                let level = defence_roll.map_or(attack_roll.level, |(roll, _)| roll.level);
                let strike = Strike {
                    quality: blow_quality(level, false, defender_weapon.impale),
                    knock_out: false,
                    net: defence_roll.map_or(0, |(roll, _)| roll.net) - attack_roll.net.max(0),
                    landing: defence_roll.map(|(roll, _)| roll),
                };
                if blow(battle, defender, attacker, &defender_weapon, strike) {
                    second_helping(battle, defender, attacker, &defender_weapon);
                }
            }
        },
        MeleeOutcome::BothStrike => {
            // Each lands the least a blow can: a net of one.
            let least = |weapon: &MeleeWeapon| Strike {
                quality: blow_quality(SuccessLevel::Regular, true, weapon.impale),
                knock_out: false,
                net: 1,
                landing: None,
            };
            blow(
                battle,
                attacker,
                defender,
                &attacker_weapon,
                least(&attacker_weapon),
            );
            blow(
                battle,
                defender,
                attacker,
                &defender_weapon,
                least(&defender_weapon),
            );
        }
        MeleeOutcome::NoHarm => {
            if attacker_weapon.thrown.is_none() && matches!(pending.kind, AttackKind::Strike(_)) {
                super::hooks::of(battle).blow_missed(
                    battle,
                    (attacker, defender),
                    &attacker_weapon,
                    &attack_roll,
                );
            }
        }
    }
    // A prone defender who dodged or fought back successfully gets up.
    let defended =
        outcome != MeleeOutcome::AttackerWins && defence_roll.is_some_and(|(roll, _)| roll.success);
    if defended && battle.condition(defender).prone && battle.vitals(defender).conscious() {
        battle.change_condition(defender, |condition| condition.prone = false);
        battle.emit(EventKind::StoodUp { unit: defender });
    }
}

/// A second helping (the d100 house sheet's cherry): one more blow by `from` at `to` at once,
/// with the same weapon, a free blow rolled at the whole skill.
fn second_helping(battle: &mut Battle, from: UnitId, to: UnitId, weapon: &MeleeWeapon) {
    if !battle.standing(to) {
        return;
    }
    let choice = weapon
        .carried
        .map_or(battle.arsenal(from).in_hand, WeaponChoice::Carried);
    battle.emit(EventKind::Attacked {
        unit: from,
        target: to,
        weapon: weapon.name.clone(),
    });
    let pending = PendingAttack {
        attacker: from,
        target: to,
        kind: AttackKind::Strike(choice),
        unseen: false,
        during_setup: false,
        knock_out: false,
        free: true,
    };
    exchange(battle, &pending, Answer::Nothing);
}
