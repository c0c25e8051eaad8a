//! Hand-to-hand: attacks, fighting maneuvers, surprise, the defender's answer and what comes
//! of the exchange.

use bevy::prelude::World;

use super::arms::let_fly;
use super::arms::rounds_left;
use super::arms::usable_now;
use super::command::{Answer, ManeuverGoal, Rejection, SurpriseAttack, WeaponChoice};
use super::event::{DefenceKind, EventKind, Modifier, ModifierReason};
use super::hold::let_go;
use super::shot::ShotTerms;
use super::shot::setup;
use super::state::Battle;
use super::threat::AnswerOdds;
use super::threat::Stakes;
use super::wounds::Blow;
use super::{AttackKind, PendingAttack, Phase, UnitId, effects, ranged, wounds};
use crate::map::range::{RangeBand, WeaponReach, range_reading};
use crate::rules::damage::{DamageNotation, DamageQuality, DamageReach};
use crate::rules::firearms::extreme_hit;
use crate::rules::melee::{
    Defence, MeleeOutcome, SideOdds, blow_quality, exchange_odds, melee_outcome, outnumbered,
};
use crate::rules::modifiers::extra_dice;
use crate::rules::odds::LevelOdds;
use crate::rules::opposed::{ManeuverAllowance, SideResult};
use crate::rules::percentile::{Difficulty, SkillCheck, SuccessLevel};
use crate::rules::ruleset::RollPurpose;
use crate::rules::skills::{BRAWL, DODGE};
use crate::rules::weapons::{AttackForm, Weapon, WeaponRange};

/// A hand-to-hand (or thrown) attack as the rules need it.
#[derive(Debug, Clone)]
pub(super) struct MeleeWeapon {
    pub name: String,
    pub skill_name: String,
    pub skill: u32,
    pub damage: DamageNotation,
    pub impale: bool,
    pub range: WeaponRange,
    /// A weapon thrown at the target: its place in the unit's list and its table row.
    pub thrown: Option<(usize, Weapon)>,
}

/// Look up a unit's hand-to-hand or thrown attack; refuse anything else.
pub(super) fn melee_weapon(
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
            Ok(MeleeWeapon {
                name: weapon.name.clone(),
                skill_name: weapon.skill.clone(),
                skill: battle.skill(unit, &weapon.skill),
                damage: weapon.damage.clone(),
                impale: weapon.impale,
                range: weapon.range.clone(),
                thrown: (form == AttackForm::Thrown).then(|| (index, weapon.clone())),
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
            })
        }
        WeaponChoice::Unarmed => Ok(unarmed(battle, unit)),
    }
}

/// Fists and feet: Fighting (Brawl), 1D3 plus damage bonus.
fn unarmed(battle: &Battle, unit: UnitId) -> MeleeWeapon {
    MeleeWeapon {
        name: "bare hands".to_string(),
        skill_name: BRAWL.to_string(),
        skill: battle.skill(unit, BRAWL),
        damage: DamageNotation::fists(),
        impale: false,
        range: WeaponRange::Touch,
        thrown: None,
    }
}

/// What a unit fights back or maneuvers with: the hand-to-hand weapon in its hand, else its
/// first natural attack, else its fists.
fn fighting_weapon(battle: &Battle, unit: UnitId) -> MeleeWeapon {
    let in_hand = battle.arsenal(unit).in_hand;
    melee_weapon(battle, unit, in_hand)
        .ok()
        .filter(|weapon| weapon.thrown.is_none())
        .or_else(|| melee_weapon(battle, unit, WeaponChoice::Natural(0)).ok())
        .unwrap_or_else(|| unarmed(battle, unit))
}

/// Whether `target` is within reach of `weapon` from `unit`.
fn in_reach(
    battle: &Battle,
    unit: UnitId,
    target: UnitId,
    range: &WeaponRange,
) -> Result<(), Rejection> {
    let (Some(from), Some(to)) = (battle.position(unit), battle.position(target)) else {
        return Err(Rejection::OutOfReach("not on the map".to_string()));
    };
    let reach = match range {
        WeaponRange::Feet(_) => WeaponReach::of(range, 0),
        _ => WeaponReach::Touch,
    };
    let band = range_reading(&reach, 0, from, to).band;
    if from.is_adjacent(to) || band == RangeBand::Base {
        Ok(())
    } else {
        Err(Rejection::OutOfReach(format!(
            "{} is not within reach",
            battle.spec(target).name
        )))
    }
}

/// Checks shared by attacks and maneuvers on the unit's turn: an attack left, a target there.
fn ready_to_attack(battle: &Battle, unit: UnitId, target: UnitId) -> Result<(), Rejection> {
    let turn = battle.own_turn(unit)?;
    if turn.action_forfeited || (turn.action_used && turn.attacks_made == 0) {
        return Err(Rejection::ActionUsed);
    }
    if turn.attacks_made >= battle.spec(unit).attacks_per_round {
        return Err(Rejection::NoAttacksLeft);
    }
    battle.target_there(unit, target)
}

/// The Build comparison for a maneuver by `unit` on `opponent`: its penalty dice, or why not.
fn build_penalty(battle: &Battle, unit: UnitId, opponent: UnitId) -> Result<u8, Rejection> {
    let (own, other) = (
        battle.spec(unit).derived.build,
        battle.spec(opponent).derived.build,
    );
    match battle.scenario.ruleset.maneuver(own, other) {
        ManeuverAllowance::Possible { penalty_dice } => Ok(penalty_dice),
        ManeuverAllowance::Impossible => Err(Rejection::TooBig(other - own)),
    }
}

/// Whether a maneuver goal makes sense from `unit` against `opponent`.
fn goal_makes_sense(
    battle: &Battle,
    unit: UnitId,
    opponent: UnitId,
    goal: ManeuverGoal,
) -> Result<(), Rejection> {
    let pointless = |why: &str| Err(Rejection::PointlessManeuver(why.to_string()));
    match goal {
        ManeuverGoal::Disarm => match battle.arsenal(opponent).in_hand {
            WeaponChoice::Carried(index) if !battle.arsenal(opponent).lost.contains(&index) => {
                Ok(())
            }
            _ => pointless("the opponent holds no weapon"),
        },
        ManeuverGoal::BreakHold if battle.condition(unit).held_by != Some(opponent) => {
            pointless("the opponent is not holding this unit")
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

pub(super) fn attack(
    battle: &mut Battle,
    unit: UnitId,
    target: UnitId,
    weapon: WeaponChoice,
) -> Result<(), Rejection> {
    let chosen = strike_allowed(battle, unit, target, weapon)?;
    let announced = EventKind::Attacked {
        unit,
        target,
        weapon: chosen.name,
    };
    spend_an_attack(battle, unit, target, AttackKind::Strike(weapon), announced);
    Ok(())
}

/// Whether `unit` may strike at (or throw at) `target` with `weapon` now: the weapon, or why
/// not.
fn strike_allowed(
    battle: &Battle,
    unit: UnitId,
    target: UnitId,
    weapon: WeaponChoice,
) -> Result<MeleeWeapon, Rejection> {
    ready_to_attack(battle, unit, target)?;
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
        None => in_reach(battle, unit, target, &chosen.range)?,
    }
    Ok(chosen)
}

pub(super) fn maneuver(
    battle: &mut Battle,
    unit: UnitId,
    target: UnitId,
    goal: ManeuverGoal,
) -> Result<(), Rejection> {
    maneuver_allowed(battle, unit, target, goal)?;
    let announced = EventKind::Maneuvered { unit, target, goal };
    spend_an_attack(battle, unit, target, AttackKind::Maneuver(goal), announced);
    Ok(())
}

/// Whether `unit` may try this maneuver on `target` now, or why not.
fn maneuver_allowed(
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

/// Use one of the acting unit's attacks: announce it and open the exchange.
fn spend_an_attack(
    battle: &mut Battle,
    unit: UnitId,
    target: UnitId,
    kind: AttackKind,
    announced: EventKind,
) {
    battle.change_turn(|turn| {
        turn.action_used = true;
        turn.attacks_made += 1;
    });
    battle.emit(announced);
    open_exchange(
        battle,
        PendingAttack {
            attacker: unit,
            target,
            kind,
            unseen: false,
            during_setup: false,
        },
    );
}

/// The difficulty set by an opposing skill: Regular below 50, Hard from 50, Extreme from 90.
fn difficulty_set_by(opposing_skill: u32) -> Difficulty {
    match opposing_skill {
        0..=49 => Difficulty::Regular,
        50..=89 => Difficulty::Hard,
        _ => Difficulty::Extreme,
    }
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
    let (skill_name, skill) = ["Listen", "Spot Hidden", "Psychology"]
        .into_iter()
        .map(|name| (name, battle.skill(target, name)))
        .max_by_key(|(_, value)| *value)
        .unwrap_or(("Spot Hidden", 0));
    let difficulty = difficulty_set_by(battle.skill(unit, "Stealth"));
    let seen = battle
        .roll(
            target,
            RollPurpose::Skill(skill_name.to_string()),
            skill,
            difficulty,
            Vec::new(),
        )
        .success;
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
        },
    );
    Ok(())
}

/// Wait for the defender's answer, or resolve at once if it cannot give one (it is down or
/// stunned, or an unseen blow gives it no chance).
fn open_exchange(battle: &mut Battle, pending: PendingAttack) {
    let helpless =
        !battle.vitals(pending.target).conscious() || battle.condition(pending.target).stunned();
    let unseen_blow = pending.unseen && matches!(pending.kind, AttackKind::Strike(_));
    if helpless || unseen_blow {
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
fn defence_kind(battle: &Battle, pending: &PendingAttack) -> DefenceKind {
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
            range_reading(
                &WeaponReach::Ranged {
                    limits_feet: [Some(dexterity / 5), None, None],
                },
                dexterity,
                from,
                to,
            )
            .point_blank
        });
    DefenceKind::Thrown {
        may_fight_back: close,
    }
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
        mine: mean_damage(
            battle,
            pending.target,
            &fighting_weapon(battle, pending.target),
        ),
    }
}

/// The mean damage of a blow with `weapon` by `unit`.
fn mean_damage(battle: &Battle, unit: UnitId, weapon: &MeleeWeapon) -> f64 {
    battle.spec(unit).mean_damage(&weapon.damage)
}

/// The bonus and penalty dice on an attacker's melee roll.
fn attacker_modifiers(
    battle: &Battle,
    pending: &PendingAttack,
) -> Result<Vec<Modifier>, Rejection> {
    let mut modifiers = Vec::new();
    let mut add = |reason, dice| modifiers.push(Modifier { reason, dice });
    let (attacker, defender) = (pending.attacker, pending.target);
    let defender_condition = battle.condition(defender);
    if outnumbered(
        defender_condition.defences_this_round,
        battle.spec(defender).attacks_per_round,
    ) {
        add(ModifierReason::Outnumbered, 1);
    }
    if defender_condition.prone {
        add(ModifierReason::ProneTarget, 1);
    }
    if defender_condition.exposed_in_round == Some(battle.round())
        && battle.spec(defender).side != battle.spec(attacker).side
    {
        add(ModifierReason::ExposedTarget, 1);
    }
    if pending.unseen && matches!(pending.kind, AttackKind::Maneuver(_)) {
        add(ModifierReason::Unseen, 1);
    }
    if battle.critical_initiative_unspent(attacker) {
        add(ModifierReason::InitiativeCritical, 1);
    }
    let breaking_hold = pending.kind == AttackKind::Maneuver(ManeuverGoal::BreakHold);
    modifiers.extend(battle.hindrances(attacker, breaking_hold));
    if let AttackKind::Maneuver(_) = pending.kind {
        let penalty = build_penalty(battle, attacker, defender)?;
        if penalty > 0 {
            modifiers.push(Modifier {
                reason: ModifierReason::SmallerBuild,
                dice: -penalty.cast_signed(),
            });
        }
    }
    Ok(modifiers)
}

/// The attacker's roll: a melee roll at Regular difficulty, or a throw at the difficulty of
/// its range with the modifiers of a ranged attack. A throw that misses its difficulty counts
/// as a failure against the defence.
fn attack_roll(
    battle: &mut Battle,
    pending: &PendingAttack,
    weapon: &MeleeWeapon,
) -> (SkillCheck, Difficulty) {
    let attacker = pending.attacker;
    let (difficulty, modifiers) = attack_terms(battle, pending, weapon);
    let mut check = battle.roll_attack(
        attacker,
        &weapon.skill_name,
        weapon.skill,
        difficulty,
        modifiers,
    );
    if !check.success && check.level > SuccessLevel::Failure {
        check.level = SuccessLevel::Failure;
    }
    (check, difficulty)
}

/// The difficulty and modifiers of the attacker's roll: Regular with the melee modifiers, or for
/// a throw the difficulty of its range with the modifiers of a ranged attack.
fn attack_terms(
    battle: &Battle,
    pending: &PendingAttack,
    weapon: &MeleeWeapon,
) -> (Difficulty, Vec<Modifier>) {
    let thrown = weapon.thrown.as_ref().and_then(|(_, thrown)| {
        let terms = ShotTerms {
            aimed: true,
            first: true,
            ..ShotTerms::default()
        };
        setup(battle, pending.attacker, pending.target, thrown, terms).ok()
    });
    match thrown {
        Some(shot) => (
            shot.difficulty.unwrap_or(Difficulty::Regular),
            shot.modifiers,
        ),
        None => (
            Difficulty::Regular,
            attacker_modifiers(battle, pending).unwrap_or_default(),
        ),
    }
}

/// The attacker's weapon in an exchange: the one struck with, or for a maneuver what it fights
/// with.
fn attacker_weapon(battle: &Battle, pending: &PendingAttack) -> MeleeWeapon {
    match pending.kind {
        AttackKind::Strike(choice) => melee_weapon(battle, pending.attacker, choice)
            .unwrap_or_else(|_| fighting_weapon(battle, pending.attacker)),
        AttackKind::Maneuver(_) | AttackKind::Fire(_) => fighting_weapon(battle, pending.attacker),
    }
}

/// The odds of one side's roll: its level counts at `difficulty` with these modifiers.
fn side_odds(skill: u32, difficulty: Difficulty, modifiers: &[Modifier]) -> SideOdds {
    let odds = LevelOdds::count(skill, difficulty, extra_dice(modifiers).net());
    SideOdds {
        counts: odds.effective_counts(difficulty),
        total: odds.total,
        skill,
    }
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
    };
    Ok(exchange_odds_of(&battle, &pending))
}

/// The attack's modifiers, and the odds of each answer the defender may give to it.
pub(super) fn exchange_odds_of(
    battle: &Battle,
    pending: &PendingAttack,
) -> (Vec<Modifier>, AnswerOdds) {
    let defender = pending.target;
    let weapon = attacker_weapon(battle, pending);
    let (difficulty, modifiers) = attack_terms(battle, pending, &weapon);
    let attack = side_odds(weapon.skill, difficulty, &modifiers);
    let hindrances = battle.hindrances(defender, false);
    let dodge = side_odds(
        battle.skill(defender, DODGE),
        Difficulty::Regular,
        &hindrances,
    );
    let fights_with = fighting_weapon(battle, defender);
    let fight = side_odds(fights_with.skill, Difficulty::Regular, &hindrances);
    let may_fight_back = !battle.condition(defender).dived_for_cover
        && defence_kind(battle, pending)
            != (DefenceKind::Thrown {
                may_fight_back: false,
            });
    let odds = AnswerOdds::Exchange {
        dodge: exchange_odds(Defence::Dodge, attack, Some(dodge)),
        fight_back: may_fight_back.then(|| exchange_odds(Defence::FightBack, attack, Some(fight))),
        take_it: exchange_odds(Defence::None, attack, None),
    };
    (modifiers, odds)
}

/// Roll both sides of a melee exchange (or a throw and its dodge) and carry out what comes of
/// it.
fn exchange(battle: &mut Battle, pending: &PendingAttack, answer: Answer) {
    let (attacker, defender) = (pending.attacker, pending.target);
    let attacker_weapon = attacker_weapon(battle, pending);
    let (attack_roll, difficulty) = attack_roll(battle, pending, &attacker_weapon);
    battle.change_condition(attacker, |condition| condition.aim = None);
    if let Some((index, thrown)) = &attacker_weapon.thrown {
        let_fly(battle, attacker, *index, thrown);
    }
    let defender_weapon = fighting_weapon(battle, defender);
    let (defence, defence_roll) = match answer {
        Answer::Nothing | Answer::DiveForCover => (Defence::None, None),
        Answer::Dodge => {
            let modifiers = battle.hindrances(defender, false);
            let roll = battle.roll_skill(defender, DODGE, modifiers);
            (Defence::Dodge, Some(roll))
        }
        Answer::FightBack | Answer::Maneuver(_) => {
            let mut modifiers = battle.hindrances(
                defender,
                answer == Answer::Maneuver(ManeuverGoal::BreakHold),
            );
            if let Answer::Maneuver(_) = answer {
                let penalty = build_penalty(battle, defender, attacker).unwrap_or(0);
                if penalty > 0 {
                    modifiers.push(Modifier {
                        reason: ModifierReason::SmallerBuild,
                        dice: -penalty.cast_signed(),
                    });
                }
            }
            let roll = battle.roll(
                defender,
                RollPurpose::Skill(defender_weapon.skill_name.clone()),
                defender_weapon.skill,
                Difficulty::Regular,
                modifiers,
            );
            (Defence::FightBack, Some(roll))
        }
    };
    if defence != Defence::None {
        battle.change_condition(defender, |condition| condition.defences_this_round += 1);
    }
    let outcome = melee_outcome(
        defence,
        SideResult::from(&attack_roll),
        defence_roll.as_ref().map(SideResult::from),
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
            AttackKind::Strike(_) => {
                let extreme = match attacker_weapon.thrown {
                    Some(_) => extreme_hit(attack_roll.level, difficulty),
                    None => attack_roll.level >= SuccessLevel::Extreme,
                };
                let level = if extreme {
                    SuccessLevel::Extreme
                } else {
                    SuccessLevel::Regular
                };
                let quality = blow_quality(level, true, attacker_weapon.impale);
                blow(battle, attacker, defender, &attacker_weapon, quality);
            }
            AttackKind::Maneuver(goal) => apply_goal(battle, attacker, defender, goal),
            AttackKind::Fire(_) => {}
        },
        MeleeOutcome::DefenderStrikes => match answer {
            Answer::Maneuver(goal) => apply_goal(battle, defender, attacker, goal),
            _ => {
                let level = defence_roll
                    .as_ref()
                    .map_or(attack_roll.level, |roll: &SkillCheck| roll.level);
                let quality = blow_quality(level, false, defender_weapon.impale);
                blow(battle, defender, attacker, &defender_weapon, quality);
            }
        },
        MeleeOutcome::NoHarm => {}
    }
    // A prone defender who dodged or fought back successfully gets up.
    let defended =
        outcome != MeleeOutcome::AttackerWins && defence_roll.is_some_and(|roll| roll.success);
    if defended && battle.condition(defender).prone && battle.vitals(defender).conscious() {
        battle.change_condition(defender, |condition| condition.prone = false);
        battle.emit(EventKind::StoodUp { unit: defender });
    }
}

/// A landed blow: roll its damage, send it through the wound pipeline, then its burn or stun.
fn blow(
    battle: &mut Battle,
    from: UnitId,
    to: UnitId,
    weapon: &MeleeWeapon,
    quality: DamageQuality,
) {
    let damage_bonus = battle.spec(from).derived.damage_bonus.clone();
    let roll = battle.roll_damage(
        from,
        to,
        &weapon.name,
        &weapon.damage,
        DamageReach::Full,
        &damage_bonus,
        quality,
    );
    wounds::harm(battle, to, Some(from), Blow::single(roll.total));
    effects::after_hit(battle, to, &weapon.damage);
}

/// Carry out a successful maneuver by `unit` on `target`.
fn apply_goal(battle: &mut Battle, unit: UnitId, target: UnitId, goal: ManeuverGoal) {
    match goal {
        ManeuverGoal::Disarm => {
            if let WeaponChoice::Carried(index) = battle.arsenal(target).in_hand {
                let name = battle.spec(target).weapons[index].weapon.name.clone();
                let fallback = if battle.spec(target).natural_attacks.is_empty() {
                    WeaponChoice::Unarmed
                } else {
                    WeaponChoice::Natural(0)
                };
                battle.change_arsenal(target, |arsenal| {
                    arsenal.lost.push(index);
                    arsenal.in_hand = fallback;
                });
                battle.emit(EventKind::Disarmed {
                    unit: target,
                    weapon: name,
                });
            }
        }
        ManeuverGoal::KnockProne => {
            battle.change_condition(target, |condition| condition.prone = true);
            battle.emit(EventKind::FellProne { unit: target });
        }
        ManeuverGoal::Hold => {
            battle.change_condition(target, |condition| condition.held_by = Some(unit));
            battle.change_condition(unit, |condition| condition.holding = Some(target));
            battle.emit(EventKind::Held {
                unit: target,
                holder: unit,
            });
        }
        ManeuverGoal::BreakHold => let_go(battle, target),
        ManeuverGoal::Hinder => {
            battle.change_condition(target, |condition| condition.hindered = true);
            battle.emit(EventKind::Hindered { unit: target });
        }
        ManeuverGoal::Expose => {
            let round = battle.round();
            battle.change_condition(target, |condition| condition.exposed_in_round = Some(round));
            battle.emit(EventKind::Exposed { unit: target });
        }
    }
}
