//! Maneuvers' effects and grapples: what a maneuver that worked does; a grapple's hold, thrown
//! off STR against STR and joined by fellow grapplers; what the holder then does with the held
//! unit (pin, injure, knock out, disarm, strangle), breaking free, and choking.

use super::command::{Command, ManeuverGoal};
use super::event::{Contest, EventKind};
use super::hold::{hold_on, holders, let_go};
use super::state::Battle;
use super::wounds::{self, Blow};
use super::{UnitId, Vital};
use crate::rules::damage::{DamageQuality, DamageReach};
use crate::rules::grapple::{Grip, grapple_injury};
use crate::rules::opposed::Resistance;
use crate::rules::roll::{Demand, RollPurpose};

/// The STR of everyone holding `target`, and of `joining` (about to).
fn holders_strength(battle: &Battle, target: UnitId, joining: Option<UnitId>) -> u32 {
    holders(battle, target)
        .into_iter()
        .chain(joining)
        .map(|unit| battle.spec(unit).characteristics.strength)
        .sum()
}

/// Carry out a maneuver by `unit` on `target` that worked.
pub(super) fn apply_goal(battle: &mut Battle, unit: UnitId, target: UnitId, goal: ManeuverGoal) {
    match goal {
        ManeuverGoal::Disarm => super::arms::disarm(battle, target),
        ManeuverGoal::KnockProne => {
            battle.change_condition(target, |condition| condition.prone = true);
            battle.emit(EventKind::FellProne { unit: target });
        }
        ManeuverGoal::Hold if battle.scenario.ruleset.sheet().grapple_skill().is_some() => {
            seize(battle, unit, target);
        }
        ManeuverGoal::Hold => hold_on(battle, unit, target),
        ManeuverGoal::BreakHold => let_go(battle, target),
        // The rulebook's own (CoC's Hinder and Expose).
        ManeuverGoal::Hinder | ManeuverGoal::Expose => {
            super::hooks::of(battle).goal_worked(battle, target, goal);
        }
        ManeuverGoal::Immobilise
        | ManeuverGoal::Injure
        | ManeuverGoal::Strangle
        | ManeuverGoal::KnockOut => follow_up(battle, unit, target, goal),
        // Only where grapples are opposed rolls, settled there (`wrestling`).
        ManeuverGoal::BloodChoke | ManeuverGoal::HumanShield | ManeuverGoal::Execute => {}
    }
}

/// Strength against strength on the resistance table, rolled by `unit`; announced.
fn pit(
    battle: &mut Battle,
    unit: UnitId,
    against: UnitId,
    contest: Contest,
    (active, passive): (u32, u32),
) -> bool {
    let (odds, won) = battle.roll_resistance(
        unit,
        active,
        passive,
        format!("STR {active} against STR {passive}"),
    );
    battle.emit(EventKind::StrengthPitted {
        unit,
        against,
        contest,
        active,
        passive,
        odds,
        won,
    });
    won
}

/// A grapple by `unit` that landed on `target`: thrown off if `target`'s STR beats that of
/// everyone holding it with `unit`; else `unit` holds it (beside any who already do).
fn seize(battle: &mut Battle, unit: UnitId, target: UnitId) {
    let strengths = (
        battle.spec(target).characteristics.strength,
        holders_strength(battle, target, Some(unit)),
    );
    // Out cold, it does not resist.
    if !battle.vitals(target).conscious()
        || !pit(battle, target, unit, Contest::ThrowOff, strengths)
    {
        hold_on(battle, unit, target);
    }
}

/// What a holder does with the unit it holds (or a held unit to break free), where maneuvers
/// are grapples: at once, with no answer asked. Checked by `maneuver_allowed` before.
pub(super) fn follow_up(battle: &mut Battle, unit: UnitId, target: UnitId, goal: ManeuverGoal) {
    match goal {
        ManeuverGoal::KnockProne => apply_goal(battle, unit, target, goal),
        ManeuverGoal::Disarm => {
            if grapple_roll(battle, unit) {
                super::arms::disarm(battle, target);
            }
        }
        ManeuverGoal::Injure | ManeuverGoal::KnockOut => {
            if grapple_roll(battle, unit) {
                let damage = injury(battle, unit, target, "the grapple");
                if goal == ManeuverGoal::KnockOut {
                    wounds::knock_out_blow(battle, unit, target, damage);
                } else {
                    wounds::harm(battle, target, Some(unit), Blow::struck(damage));
                }
            }
        }
        ManeuverGoal::Immobilise => {
            let strengths = (
                holders_strength(battle, target, None),
                battle.spec(target).characteristics.strength,
            );
            let limp = !battle.vitals(target).conscious();
            if limp || pit(battle, unit, target, Contest::Pin, strengths) {
                super::hold::take_grip(battle, unit, target, Grip::Immobilise);
            }
        }
        ManeuverGoal::Strangle => {
            let grip = Grip::Strangle {
                rounds: 0,
                breathless: false,
            };
            super::hold::take_grip(battle, unit, target, grip);
        }
        ManeuverGoal::BreakHold => {
            let strengths = (
                battle.spec(unit).characteristics.strength,
                holders_strength(battle, unit, None),
            );
            if pit(battle, unit, target, Contest::BreakFree, strengths) {
                for holder in holders(battle, unit) {
                    let_go(battle, holder);
                }
            }
        }
        ManeuverGoal::Hold
        | ManeuverGoal::Hinder
        | ManeuverGoal::Expose
        | ManeuverGoal::BloodChoke
        | ManeuverGoal::HumanShield
        | ManeuverGoal::Execute => {
            apply_goal(battle, unit, target, goal);
        }
    }
}

/// The chance that what a holder (or a held unit) does at once works, before any die falls.
pub(super) fn follow_up_chance(
    battle: &Battle,
    unit: UnitId,
    target: UnitId,
    goal: ManeuverGoal,
) -> f64 {
    let ruleset = &battle.scenario.ruleset;
    let strength = |unit: UnitId| battle.spec(unit).characteristics.strength;
    let resisted = |active: u32, passive: u32| match ruleset.grappling().resistance(active, passive)
    {
        Some(Resistance::Sure(won)) => f64::from(u8::from(won)),
        Some(Resistance::Chance(chance)) => ruleset.chance(&Demand::new(chance, Vec::new())),
        None => 0.0,
    };
    match goal {
        ManeuverGoal::Disarm | ManeuverGoal::Injure | ManeuverGoal::KnockOut => {
            ruleset.sheet().grapple_skill().map_or(0.0, |skill| {
                ruleset.chance(&Demand::new(battle.skill(unit, skill), Vec::new()))
            })
        }
        ManeuverGoal::Immobilise => {
            resisted(holders_strength(battle, target, None), strength(target))
        }
        ManeuverGoal::BreakHold => resisted(strength(unit), holders_strength(battle, unit, None)),
        ManeuverGoal::KnockProne
        | ManeuverGoal::Strangle
        | ManeuverGoal::Hold
        | ManeuverGoal::Hinder
        | ManeuverGoal::Expose => 1.0,
        // Only where grapples are opposed rolls (the house sheet's wrestling, in its room).
        ManeuverGoal::BloodChoke | ManeuverGoal::HumanShield | ManeuverGoal::Execute => 0.0,
    }
}

/// `unit`'s roll on the rulebook's grapple skill (nothing without one).
fn grapple_roll(battle: &mut Battle, unit: UnitId) -> bool {
    battle
        .scenario
        .ruleset
        .sheet()
        .grapple_skill()
        .is_some_and(|skill| battle.roll_skill(unit, skill, Vec::new()).success)
}

/// A grapple's 1D6 (no damage bonus), rolled by `unit` at `target`.
fn injury(battle: &mut Battle, unit: UnitId, target: UnitId, by: &str) -> u32 {
    let damage_bonus = battle.spec(unit).derived.damage_bonus.clone();
    battle
        .roll_damage(
            unit,
            target,
            by,
            &grapple_injury(),
            DamageReach::Full,
            &damage_bonus,
            DamageQuality::Normal,
        )
        .total
}

/// A garrote that landed on `target` stays on it, held by `unit` (not on a creature, which has
/// attacks of its own rather than a throat to choke).
pub(super) fn garrote(battle: &mut Battle, unit: UnitId, target: UnitId) {
    if !battle.spec(target).natural_attacks.is_empty() || !battle.vitals(target).conscious() {
        return;
    }
    if battle
        .condition(unit)
        .holding
        .is_some_and(|held| held != target)
    {
        let_go(battle, unit);
    }
    hold_on(battle, unit, target);
    super::hold::take_grip(battle, unit, target, Grip::Garrote);
}

/// After `command` was carried out: a holder that did anything but keep its grip (ending its
/// turn, answering an attack, naming its parry, waiting, or taking a grip anew) eases it; a
/// garrote eased is off. A grip the command itself took (a garrote that landed) stays: `before`
/// is the unit's grip and hold before the command.
pub(super) fn keep_or_ease_grip(
    battle: &mut Battle,
    command: &Command,
    before: Option<(Option<Grip>, Option<UnitId>)>,
) {
    let keeps = matches!(
        command,
        Command::EndTurn { .. }
            | Command::Answer { .. }
            | Command::Delay { .. }
            | Command::Maneuver {
                goal: ManeuverGoal::Immobilise | ManeuverGoal::Strangle,
                ..
            }
    );
    let declares = matches!(command, Command::Rulebook(own) if own.command().declares());
    let Some(unit) = command.unit().filter(|_| !keeps && !declares) else {
        return;
    };
    let condition = battle.condition(unit);
    if before != Some((condition.grip, condition.holding)) {
        return;
    }
    if let (Some(grip), Some(target)) = (condition.grip, condition.holding) {
        // A human shield is held through whatever else the holder does.
        if grip == Grip::Shield {
            return;
        }
        battle.change_condition(unit, |condition| condition.grip = None);
        battle.emit(EventKind::GripEased { unit, target });
        if grip == Grip::Garrote {
            let_go(battle, unit);
        }
    }
}

/// As a round ends, everyone strangled tries to hold its breath (the rulebook's chance for
/// that round of it); once it cannot, it chokes for 1D6 a round, armor no help. A garrote
/// chokes for 1D6 each round it is on.
pub(super) fn choke(battle: &mut Battle) {
    for holder in battle.unit_ids() {
        let condition = battle.condition(holder);
        let (Some(grip), Some(target)) = (condition.grip, condition.holding) else {
            continue;
        };
        if battle.vitals(target).vital == Vital::Dead || !battle.vitals(holder).conscious() {
            continue;
        }
        let (rounds, breathless) = match grip {
            Grip::Strangle { rounds, breathless } => (rounds, breathless),
            Grip::Garrote => {
                choking(battle, holder, target, "the garrote");
                continue;
            }
            Grip::Immobilise | Grip::BloodChoke { .. } | Grip::Shield => continue,
        };
        let rounds = rounds + 1;
        // Choked by the air where the rulebook counts the rounds it holds out: out after them.
        if let Some(most) = super::hooks::of(battle).air_choke_rounds(battle, target) {
            let grip = Grip::Strangle { rounds, breathless };
            battle.change_condition(holder, |condition| condition.grip = Some(grip));
            if rounds >= most {
                choked_out(battle, holder, target);
            }
            continue;
        }
        let mut breathless = breathless;
        if !breathless {
            let constitution = battle.spec(target).characteristics.constitution;
            let chance = battle
                .scenario
                .ruleset
                .grappling()
                .breath_chance(constitution, rounds);
            let purpose = RollPurpose::Characteristic("CON to hold breath".to_string());
            breathless = !battle
                .roll(target, purpose, &Demand::new(chance, Vec::new()))
                .success;
            if breathless {
                battle.emit(EventKind::BreathGone { unit: target });
            }
        }
        let grip = Grip::Strangle { rounds, breathless };
        battle.change_condition(holder, |condition| condition.grip = Some(grip));
        if breathless {
            choking(battle, holder, target, "choking");
        }
    }
}

/// A round of choking: 1D6, armor no help.
fn choking(battle: &mut Battle, holder: UnitId, target: UnitId, by: &str) {
    let damage = injury(battle, holder, target, by);
    let blow = Blow {
        ignores_armor: true,
        ..Blow::struck(damage)
    };
    wounds::harm(battle, target, Some(holder), blow);
}

/// `target`, choked by `holder` (strangled past the rounds it holds out, or by the blood), is
/// out.
pub fn choked_out(battle: &mut Battle, holder: UnitId, target: UnitId) {
    battle.emit(EventKind::ChokedOut {
        unit: target,
        by: holder,
    });
    wounds::knock_out_cold(battle, target);
}
