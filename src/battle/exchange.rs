//! A melee exchange: the attack waiting for its answer, both sides' rolls with their modifiers,
//! the odds of each answer, and what comes of it (a blow landed, `landing.rs`; a maneuver's
//! effect; a second helping struck at once).

use super::arms::let_fly;
use super::command::{Answer, ManeuverGoal, Rejection, WeaponChoice};
use super::event::{DefenceKind, EventKind, Modifier, ModifierReason};
use super::fighting::{
    build_penalty, defending_weapon, fighting_weapon, goal_makes_sense, grapple, melee_weapon,
};
use super::grapple::apply_goal;
use super::hold::pinned;
use super::landing::{Strike, blow, held_weapon, misfortune};
use super::melee_weapon::MeleeWeapon;
use super::shot::{ShotTerms, setup};
use super::state::Battle;
use super::threat::{AnswerOdds, Stakes};
use super::{AttackKind, PendingAttack, Phase, UnitId, budget, evade};
use crate::map::range::{WeaponReach, range_reading};
use crate::rules::budget::PlannedAction;
use crate::rules::damage::DamageQuality;
use crate::rules::melee::{Defence, MeleeOutcome, blow_quality};
use crate::rules::modifiers::Effect;
use crate::rules::opposed::SideResult;
use crate::rules::percentile::SuccessLevel;
use crate::rules::roll::Demand;
use crate::rules::roll::RollPurpose;
use crate::rules::roll::Verdict;
use crate::rules::situation::AllowedAnswers;
use crate::rules::situation::BlowFacts;
use crate::rules::situation::DefenceFacts;
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
pub(super) fn blow_answers(
    battle: &Battle,
    unit: UnitId,
    attacker: Option<UnitId>,
) -> AllowedAnswers {
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
            named_attacker: attacker.is_some() && condition.parry_against == attacker,
        })
}

/// At the start of the round: name the one opponent `unit` will parry this round, or no one.
pub(super) fn declare_parry(
    battle: &mut Battle,
    unit: UnitId,
    against: Option<UnitId>,
) -> Result<(), Rejection> {
    battle.own_turn(unit)?;
    if let Some(foe) = against {
        battle.known(foe)?;
        if battle.spec(foe).side == battle.spec(unit).side || !battle.standing(foe) {
            return Err(Rejection::InvalidTarget(format!(
                "{} is no standing opponent",
                battle.spec(foe).name
            )));
        }
    }
    battle.change_condition(unit, |condition| condition.parry_against = against);
    battle.emit(EventKind::ParryDeclared { unit, against });
    super::flow::end_turn(battle);
    Ok(())
}

/// Whether the defender of `pending` may dodge it, and may defend with its weapon: as its
/// rulebook allows, unless it dived for cover or the throw came from too far to fight back.
pub(super) fn answers_open(battle: &Battle, pending: &PendingAttack) -> (bool, bool) {
    let allowed = blow_answers(battle, pending.target, Some(pending.attacker));
    let has_dice = |action| budget::dice_for(battle, pending.target, action).is_ok();
    let with_weapon = has_dice(PlannedAction::WeaponDefence)
        && allowed.weapon
        && !battle.condition(pending.target).dived_for_cover
        && defence_kind(battle, pending)
            != (DefenceKind::Thrown {
                may_fight_back: false,
            })
        && meeting_weapon(battle, pending).is_some();
    (allowed.dodge && has_dice(PlannedAction::Dodge), with_weapon)
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
    match answer {
        Answer::Dodge => budget::dice_for(battle, unit, PlannedAction::Dodge)?,
        Answer::FightBack => budget::dice_for(battle, unit, PlannedAction::WeaponDefence)?,
        _ => {}
    }
    let allowed = blow_answers(battle, unit, Some(pending.attacker));
    let words = battle.scenario.ruleset.words().weapon_defence();
    let unnamed = battle.scenario.ruleset.mechanisms().parry_is_declared()
        && battle.condition(unit).parry_against != Some(pending.attacker);
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
fn meeting_weapon(battle: &Battle, pending: &PendingAttack) -> Option<MeleeWeapon> {
    let attack_skill = attacker_weapon(battle, pending).skill_name;
    defending_weapon(battle, pending.target, &attack_skill)
}

/// What the defender of `pending` fights back with: the weapon that meets the attack, else its
/// fighting weapon.
fn defence_weapon(battle: &Battle, pending: &PendingAttack) -> MeleeWeapon {
    meeting_weapon(battle, pending).unwrap_or_else(|| fighting_weapon(battle, pending.target))
}

/// The evade pool of the defender of `pending` that will come off the blow: a hand-to-hand
/// strike's, none for a throw or a maneuver.
fn evading_against(battle: &Battle, pending: &PendingAttack, weapon: &MeleeWeapon) -> u32 {
    if weapon.thrown.is_none() && matches!(pending.kind, AttackKind::Strike(_)) {
        battle.condition(pending.target).evading
    } else {
        0
    }
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
    let facts = BlowFacts {
        defences_this_round: defender_condition.defences_this_round,
        defender_attacks: battle.spec(defender).attacks_per_round,
        target_prone: defender_condition.prone,
        target_exposed: defender_condition.exposed_in_round == Some(battle.round())
            && battle.spec(defender).side != battle.spec(attacker).side,
        unseen_maneuver: pending.unseen && matches!(pending.kind, AttackKind::Maneuver(_)),
        initiative_edge: battle.critical_initiative_unspent(attacker),
        hindered: attacker_condition.hindered,
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
        specific_blow: super::declaring::declared_blow(battle, pending),
    };
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
    battle.roll_attack(pending.attacker, &weapon.skill_name, &demand)
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
    let demand = super::hooks::of(battle).attack_demand(battle, pending.attacker, demand);
    budget::with_share(battle, pending.attacker, PlannedAction::Attack, demand)
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
pub(super) fn exchange_odds_of(
    battle: &Battle,
    pending: &PendingAttack,
) -> (Vec<Modifier>, AnswerOdds) {
    let defender = pending.target;
    let weapon = attacker_weapon(battle, pending);
    let mut attack =
        battle.standing_demand(pending.attacker, &attack_demand(battle, pending, &weapon));
    // The target's evading will come off a blow's net as it arrives.
    let evading = evading_against(battle, pending, &weapon);
    if evading > 0 {
        attack.modifiers.push(Modifier {
            reason: ModifierReason::Evading,
            effect: Effect::Successes(-i8::try_from(evading).unwrap_or(i8::MAX)),
        });
    }
    let hindrances = battle.own_roll_modifiers(defender, false, false);
    let dodge = battle.standing_demand(
        defender,
        &super::dodge::dodge_demand(battle, defender, hindrances.clone()),
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
fn fight_demand(
    battle: &Battle,
    defender: UnitId,
    weapon: &MeleeWeapon,
    modifiers: Vec<Modifier>,
) -> Demand {
    let modifiers = battle.with_secondary(defender, weapon.secondary.as_deref(), modifiers);
    let demand = Demand::new(weapon.skill, modifiers).at_difficulty(weapon.difficulty);
    budget::with_share(battle, defender, PlannedAction::WeaponDefence, demand)
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
    // The defender's evade pool, where it has one, comes off the blow as it arrives.
    if evading_against(battle, pending, &attacker_weapon) > 0 {
        let net = evade::take_off(battle, attacker, defender, attack_roll.net);
        if net < attack_roll.net {
            attack_roll.net = net;
            attack_roll.success &= net >= 1;
            if !attack_roll.success {
                attack_roll.level = SuccessLevel::Failure;
            }
        }
    }
    if let Some((index, thrown)) = &attacker_weapon.thrown {
        let_fly(battle, attacker, *index, thrown);
    }
    let defender_weapon = defence_weapon(battle, pending);
    let (defence, defence_roll) = match answer {
        Answer::Nothing | Answer::DiveForCover => (Defence::None, None),
        Answer::Dodge => {
            let roll = super::dodge::roll_dodge(battle, defender);
            (Defence::Dodge, Some((roll, battle.skill(defender, DODGE))))
        }
        Answer::FightBack | Answer::Maneuver(_) => {
            let mut modifiers = battle.own_roll_modifiers(
                defender,
                answer == Answer::Maneuver(ManeuverGoal::BreakHold),
                false,
            );
            if let Answer::Maneuver(_) = answer {
                let penalty = build_penalty(battle, defender, attacker).unwrap_or(0);
                if penalty > 0 {
                    modifiers.push(Modifier::new(
                        ModifierReason::SmallerBuild,
                        -penalty.cast_signed(),
                    ));
                }
            }
            let roll = battle.roll(
                defender,
                RollPurpose::Skill(defender_weapon.skill_name.clone()),
                &fight_demand(battle, defender, &defender_weapon, modifiers),
            );
            battle.spend_dice(defender, PlannedAction::WeaponDefence);
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
