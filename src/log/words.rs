//! The words of the combat log: each event in a sentence, each roll with what it was against.

use crate::battle::UnitId;
use crate::battle::command::{Answer, Command};
use crate::battle::event::{DefenceKind, Event, EventKind, WoundState};
use crate::map::scenario::Scenario;
use crate::rules::damage::DamageQuality;
use crate::rules::melee::MeleeOutcome;
use crate::rules::situation::ShotDefence;
use crate::rules::vocabulary::WeaponDefenceWords;
use crate::words::{capitalised, plural, the_weapon};

/// The words for one event, as the log shows it.
pub fn describe(event: &Event, scenario: &Scenario) -> String {
    let name = |unit: UnitId| unit.name_in(scenario);
    let words = match &event.kind {
        EventKind::Rulebook(own) => own.event().words(scenario),
        EventKind::BattleBegan { seed } => format!("The fight begins (dice seed {seed})"),
        EventKind::RoundBegan { order, slots } if slots.is_empty() => {
            let names: Vec<String> = order.iter().map(|unit| name(*unit)).collect();
            format!("Round {} · order: {}", event.round, names.join(", "))
        }
        EventKind::RoundBegan { slots, .. } => {
            let names: Vec<String> = slots
                .iter()
                .map(|slot| {
                    format!(
                        "{} ({})",
                        name(UnitId(slot.unit)),
                        scenario.ruleset.words().slot_words(slot)
                    )
                })
                .collect();
            format!("Round {} · order: {}", event.round, names.join(", "))
        }
        EventKind::UnitJoined { unit, at } => format!("{} joins the fight at {at}", name(*unit)),
        EventKind::TurnBegan { unit } => format!("{}'s turn", name(*unit)),
        EventKind::Rolled { unit, roll } => format!(
            "{} rolls {}: {}",
            name(*unit),
            roll.purpose.name(),
            scenario.ruleset.words().roll_words(roll)
        ),
        EventKind::DamageRolled { weapon, roll, .. } => {
            let dice: Vec<String> = roll.dice().map(|(_, die)| die.face.to_string()).collect();
            let how = match roll.quality {
                DamageQuality::Normal => String::new(),
                DamageQuality::Extreme => " (extreme: maximum damage)".to_string(),
                DamageQuality::Impale => " (impale)".to_string(),
                DamageQuality::MartialArts => " (martial arts: the dice twice)".to_string(),
                DamageQuality::Doubled => " (a specific shot: doubled)".to_string(),
            };
            if dice.is_empty() {
                format!("{weapon}: {} damage{how}", roll.total)
            } else {
                format!(
                    "{weapon}: {} damage{how} [dice {}]",
                    roll.total,
                    dice.join(" ")
                )
            }
        }
        EventKind::Moved {
            unit, path, cost, ..
        } => {
            let to = path.last().map(ToString::to_string).unwrap_or_default();
            format!(
                "{} moves to {to} ({}.{} yards)",
                name(*unit),
                cost / 10,
                cost % 10
            )
        }
        EventKind::ActionForfeited { unit } => {
            format!("{} has no action this turn", name(*unit))
        }
        EventKind::StoodUp { unit } => format!("{} gets up", name(*unit)),
        EventKind::PostureTaken { unit, posture } => {
            format!(
                "{} {}",
                name(*unit),
                scenario.ruleset.mechanisms().posture_words(*posture).verb
            )
        }
        EventKind::FellProne { unit } => format!("{} falls prone", name(*unit)),
        EventKind::ReadiedWeapon { unit, weapon } => {
            format!("{} readies the {weapon}", name(*unit))
        }
        EventKind::SurpriseAttempted { unit, target, seen } => {
            if *seen {
                format!(
                    "{} sees {}'s surprise attack coming",
                    name(*target),
                    name(*unit)
                )
            } else {
                format!("{} is caught unawares by {}", name(*target), name(*unit))
            }
        }
        EventKind::Attacked {
            unit,
            target,
            weapon,
        } => {
            format!(
                "{} attacks {} with {}",
                name(*unit),
                name(*target),
                the_weapon(weapon)
            )
        }
        EventKind::TargetDrawn { unit, target, die } => format!(
            "the die sends {}'s next shot at {} [1D{}: {}]",
            name(*unit),
            name(*target),
            die.sides,
            die.face
        ),
        EventKind::Maneuvered { unit, target, goal } => {
            format!(
                "{} tries to {} {}",
                name(*unit),
                goal.words(),
                name(*target)
            )
        }
        EventKind::DefenceAsked {
            unit,
            attacker,
            asked,
        } => {
            let ruleset = scenario.ruleset.as_ref();
            let weapon = ruleset.words().weapon_defence().answer;
            let maneuvers = ruleset.mechanisms().maneuvers_answer();
            let choices = match asked {
                DefenceKind::Melee if maneuvers => format!("dodge, {weapon} or a maneuver"),
                DefenceKind::Melee
                | DefenceKind::Thrown {
                    may_fight_back: true,
                } => format!("dodge or {weapon}"),
                DefenceKind::Thrown {
                    may_fight_back: false,
                } => "dodge, or take it".to_string(),
                DefenceKind::Shots | DefenceKind::OwnShots(_) => {
                    let defences = scenario.ruleset.shot_defences();
                    let defence = match asked {
                        DefenceKind::OwnShots(kind) => ShotDefence::asked_as(defences, kind),
                        _ => ShotDefence::plain(defences),
                    };
                    defence.map_or_else(
                        || "take it".to_string(),
                        |defence| format!("{}, or take it", defence.asked),
                    )
                }
            };
            format!("{} must answer {}: {choices}", name(*unit), name(*attacker))
        }
        EventKind::Answered { unit, answer } => {
            let words = answer_words(*answer, &scenario.ruleset.words().weapon_defence());
            format!("{} {words}", name(*unit))
        }
        EventKind::MeleeResolved {
            attacker,
            defender,
            outcome,
        } => match outcome {
            MeleeOutcome::AttackerWins => {
                format!("{} gets the better of {}", name(*attacker), name(*defender))
            }
            MeleeOutcome::DefenderStrikes => {
                format!("{} turns it on {}", name(*defender), name(*attacker))
            }
            MeleeOutcome::NoHarm => format!(
                "{} and {} come apart unhurt",
                name(*attacker),
                name(*defender)
            ),
            MeleeOutcome::BothStrike => format!(
                "{} and {} both land a blow",
                name(*attacker),
                name(*defender)
            ),
        },
        EventKind::WoundChanged { unit, to, .. } => {
            format!("{} is {}", name(*unit), wound_words(*to))
        }
        EventKind::Disarmed { unit, weapon } => format!("{} loses the {weapon}", name(*unit)),
        EventKind::Held { unit, holder } => format!("{} is held by {}", name(*unit), name(*holder)),
        EventKind::Released { unit, holder } => {
            format!("{} is free of {}", name(*unit), name(*holder))
        }
        EventKind::Stabilised {
            unit,
            by,
            hit_points,
        } => format!(
            "{} stabilises {} at {hit_points} hit point{}",
            name(*by),
            name(*unit),
            plural(*hit_points)
        ),
        EventKind::StunnedForRound { unit } => {
            format!(
                "{} is stunned and does nothing more this round",
                name(*unit)
            )
        }
        EventKind::Healed { unit, by, amount } => format!(
            "{} heals {} of {amount} hit point{}",
            name(*by),
            name(*unit),
            plural(*amount)
        ),
        EventKind::Delayed { unit, until } => match until {
            Some(other) => format!("{} waits for {}", name(*unit), name(*other)),
            None => format!("{} waits until everyone else has acted", name(*unit)),
        },
        EventKind::DelayLapsed { unit } => {
            format!("{} waited too long and loses the action", name(*unit))
        }
        EventKind::Fled { unit } => format!("{} flees the fight", name(*unit)),
        kind @ (EventKind::Aimed { .. }
        | EventKind::AimLost { .. }
        | EventKind::Fired { .. }
        | EventKind::ShotAt { .. }
        | EventKind::BulletsCounted { .. }
        | EventKind::ShotHit { .. }
        | EventKind::ShotMissed { .. }
        | EventKind::ShotWasted { .. }
        | EventKind::StrayHit { .. }
        | EventKind::Malfunctioned { .. }
        | EventKind::JamWorkedOn { .. }
        | EventKind::JamCleared { .. }
        | EventKind::Reloaded { .. }) => super::fire_words::describe(kind, &name, scenario),
        EventKind::WeaponStuck {
            unit,
            weapon,
            target,
        } => format!(
            "{}'s {weapon} sticks in {}: bare hands until it is worked free",
            name(*unit),
            name(*target)
        ),
        EventKind::WeaponFreed {
            unit,
            weapon,
            made_it,
        } => {
            if *made_it {
                format!("{} works the {weapon} free", name(*unit))
            } else {
                format!("{} cannot work the {weapon} free", name(*unit))
            }
        }
        kind @ (EventKind::DodgedFire { .. }
        | EventKind::BulletDodged { .. }
        | EventKind::Launched { .. }
        | EventKind::Scattered { .. }
        | EventKind::Exploded { .. }
        | EventKind::Dud { .. }
        | EventKind::Shielded { .. }
        | EventKind::ChargeSet { .. }
        | EventKind::MineTriggered { .. }
        | EventKind::CaughtFire { .. }
        | EventKind::Burned { .. }
        | EventKind::FireOut { .. }) => super::blast_words::describe(kind, &name, scenario),
        EventKind::TurnLost { unit } => format!("{} is stunned and loses the turn", name(*unit)),
        EventKind::TurnEnded { unit } => format!("{} ends the turn", name(*unit)),
        EventKind::RoundEnded => format!("Round {} ends", event.round),
        EventKind::BattleEnded { outcome } => {
            match outcome.winner.and_then(|side| scenario.sides.get(side)) {
                Some(side) => format!(
                    "The fight is over, won by {}: {}",
                    side.name, outcome.reason
                ),
                None => format!("The fight is over, won by nobody: {}", outcome.reason),
            }
        }
        kind @ (EventKind::Damaged { .. }
        | EventKind::Injured { .. }
        | EventKind::BelowZero { .. }
        | EventKind::Backlash { .. }
        | EventKind::KnockOutSwung { .. }
        | EventKind::KnockOutWeighed { .. }) => super::harm_words::describe(kind, &name, scenario),
        kind @ (EventKind::StrengthPitted { .. }
        | EventKind::ChokedOut { .. }
        | EventKind::Gripped { .. }
        | EventKind::GripEased { .. }
        | EventKind::BreathGone { .. }) => super::grapple_words::describe(kind, &name),
        kind @ (EventKind::DiceEntered { .. }
        | EventKind::Adjusted { .. }
        | EventKind::RolledInSecret { .. }
        | EventKind::Revealed { .. }) => super::keeper_words::describe(kind, &name, scenario),
        EventKind::Rejected { command, reason } => {
            // A keeper's order is the keeper's, whichever unit it is about.
            let who = match command {
                Command::Keeper(_) => "The keeper".to_string(),
                _ => command
                    .unit()
                    .map(name)
                    .unwrap_or_else(|| "The keeper".to_string()),
            };
            format!("{who} cannot do that: {reason}")
        }
    };
    capitalised(&words)
}

fn answer_words(answer: Answer, weapon_defence: &WeaponDefenceWords) -> String {
    match answer {
        Answer::Dodge => "dodges".to_string(),
        Answer::FightBack => weapon_defence.answers.to_string(),
        Answer::Maneuver(goal) => format!("answers with a maneuver to {}", goal.words()),
        Answer::DiveForCover => "dives for cover".to_string(),
        Answer::Nothing => "does not defend".to_string(),
    }
}

fn wound_words(state: WoundState) -> &'static str {
    match state {
        WoundState::Unhurt => "unhurt",
        WoundState::Hurt => "hurt",
        WoundState::MajorWound => "badly wounded (major wound)",
        WoundState::Unconscious => "unconscious",
        WoundState::Stabilised => "stabilised",
        WoundState::Dying => "dying",
        WoundState::Dead => "dead",
    }
}
