//! The words of the combat log: each event in a sentence, each roll with what it was against.

use crate::battle::UnitId;
use crate::battle::command::{Answer, Command};
use crate::battle::event::{DefenceKind, Event, EventKind, WoundState};
use crate::map::scenario::Scenario;
use crate::rules::damage::DamageQuality;
use crate::rules::melee::MeleeOutcome;
use crate::rules::situation::ShotDefence;
use crate::rules::vocabulary::WeaponDefenceWords;
use crate::rules::weapons::MalfunctionKind;
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
                DefenceKind::Shots => match scenario.ruleset.shot_defence() {
                    None => "take it",
                    Some(ShotDefence::DiveForCover) => "dive for cover, or take it",
                    Some(ShotDefence::DodgeFirstBullet) => "dodge the first bullet, or take it",
                    Some(ShotDefence::DodgeInCover) => "dodge behind cover (free), or take it",
                    Some(ShotDefence::DodgeSweep) => "dodge the sweep, or take it",
                }
                .to_string(),
                DefenceKind::Sweep => {
                    "dodge the sweep with the round's dice, or take it".to_string()
                }
            };
            format!("{} must answer {}: {choices}", name(*unit), name(*attacker))
        }
        EventKind::DicePlanned {
            unit,
            budget,
            parts,
        } => format!(
            "{} splits {budget} dice: {}",
            name(*unit),
            crate::rules::budget::parts_words(
                parts,
                scenario.ruleset.words().weapon_defence().answer
            )
        ),
        EventKind::Evading { unit, pool } => format!(
            "{} evades: {pool} success{} to take off blows until the next turn",
            name(*unit),
            if *pool == 1 { "" } else { "es" }
        ),
        EventKind::Evaded {
            unit,
            attacker,
            took,
            left,
        } => format!(
            "{}'s evading takes {took} off {}'s blow ({left} left)",
            name(*unit),
            name(*attacker)
        ),
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
        EventKind::Hindered { unit } => format!(
            "{} is hampered: a penalty die until its next turn ends",
            name(*unit)
        ),
        EventKind::Exposed { unit } => format!(
            "{} is left open: a bonus die to its enemies this round",
            name(*unit)
        ),
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
        EventKind::ThroughMaterial {
            unit,
            cover,
            faces,
            stopped,
        } => {
            let dice = if faces.is_empty() {
                String::new()
            } else {
                let faces: Vec<String> = faces.iter().map(u32::to_string).collect();
                format!(" (dice {})", faces.join(" "))
            };
            format!(
                "The bullet goes through the {cover} to {}: {stopped} off its damage{dice}",
                name(*unit)
            )
        }
        EventKind::StunnedForRound { unit } => {
            format!(
                "{} is stunned and does nothing more this round",
                name(*unit)
            )
        }
        EventKind::WoundLocated {
            unit,
            weapon,
            die,
            part,
        } => format!(
            "{}'s wound from {} is in the {} (d100 {die})",
            name(*unit),
            the_weapon(weapon),
            part.words()
        ),
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
        EventKind::Aimed { unit, target } => {
            format!("{} takes careful aim at {}", name(*unit), name(*target))
        }
        EventKind::AimLost { unit } => format!("{} loses the aim", name(*unit)),
        EventKind::Fired {
            unit,
            weapon,
            rounds,
            wasted,
        } => {
            let wasted = if *wasted > 0 {
                format!(", {wasted} more wasted between targets")
            } else {
                String::new()
            };
            format!(
                "{} fires the {weapon}: {rounds} round{}{wasted}",
                name(*unit),
                plural(*rounds)
            )
        }
        EventKind::Swept {
            unit,
            width,
            caught,
        } => {
            let names: Vec<String> = caught.iter().map(|unit| name(*unit)).collect();
            let caught = match names.split_last() {
                None => "no one".to_string(),
                Some((last, [])) => last.clone(),
                Some((last, rest)) => format!("{} and {last}", rest.join(", ")),
            };
            format!(
                "{} sweeps a line {width} tile{} wide: one roll for {caught}",
                name(*unit),
                plural(*width)
            )
        }
        EventKind::ShotAt {
            unit,
            target,
            bullets,
            band,
            point_blank,
            line,
        } => {
            let volley = if *bullets > 1 {
                format!("a volley of {bullets} at")
            } else {
                "a shot at".to_string()
            };
            let close = if *point_blank { ", point-blank" } else { "" };
            format!(
                "{} · {volley} {}: {}{close}, {}",
                name(*unit),
                name(*target),
                scenario.ruleset.words().band_words(*band),
                line.label()
            )
        }
        EventKind::BulletsCounted { target, die, .. } => format!(
            "1D{} for the bullets of the burst that hit {}: {}",
            die.sides,
            name(*target),
            die.face
        ),
        EventKind::ShotHit {
            target,
            hits,
            extreme,
            ..
        } => match (hits, extreme) {
            (1, 0) => format!("the shot hits {}", name(*target)),
            (1, _) => format!("the shot hits {} (extreme)", name(*target)),
            (_, 0) => format!("{hits} bullets hit {}", name(*target)),
            _ => format!(
                "{hits} bullets hit {}, {extreme} of them extreme",
                name(*target)
            ),
        },
        EventKind::ShotMissed { target, .. } => format!("the shot misses {}", name(*target)),
        EventKind::ShotWasted {
            target, bullets, ..
        } => format!(
            "{bullets} round{} at {} cannot hit: the fire is too wild",
            plural(*bullets),
            name(*target)
        ),
        EventKind::StrayHit { target, ally, .. } => format!(
            "a fumble into the melee around {}: {} is hit instead",
            name(*target),
            name(*ally)
        ),
        EventKind::Malfunctioned {
            weapon,
            outcome,
            work,
            rounds,
            ..
        } => match (outcome, work, rounds) {
            (MalfunctionKind::Jam, Some(work), _) => format!(
                "the {weapon} jams: {} round{} of work to clear it [D6: {}]",
                work.face,
                plural(work.face),
                work.face
            ),
            (MalfunctionKind::Jam, None, Some(rounds)) => format!(
                "the {weapon} jams: {rounds} round{} of work and a roll to clear it",
                plural(*rounds)
            ),
            _ => format!("the {weapon} does not fire: a dud"),
        },
        EventKind::JamWorkedOn {
            unit,
            weapon,
            rounds_left,
        } => match rounds_left {
            0 => format!("{} tries to clear the {weapon}", name(*unit)),
            left => format!(
                "{} works on the jammed {weapon}: {left} more round{}",
                name(*unit),
                plural(*left)
            ),
        },
        EventKind::JamCleared { unit, weapon } => {
            format!("{} clears the {weapon}", name(*unit))
        }
        EventKind::Reloaded {
            unit,
            weapon,
            loaded,
            spare,
            half_done,
        } => {
            if *half_done {
                format!(
                    "{} is changing the {weapon}'s belt: one more round",
                    name(*unit)
                )
            } else {
                format!(
                    "{} reloads the {weapon}: {loaded} loaded, {spare} spare",
                    name(*unit)
                )
            }
        }
        EventKind::ParryDeclared { unit, against } => {
            let parry = scenario.ruleset.words().weapon_defence().answer;
            match against {
                Some(foe) => format!("{} will {parry} {} this round", name(*unit), name(*foe)),
                None => format!("{} names no one to {parry} this round", name(*unit)),
            }
        }
        EventKind::QuickDrawn {
            unit,
            rival,
            shooter,
            answer,
            first,
        } => {
            let who = match first {
                Some(first) => format!("{} fires first", name(*first)),
                None => "both fire at once".to_string(),
            };
            format!(
                "Quick draw: {} {} against {} {}: {who}",
                name(*unit),
                shooter.words(),
                name(*rival),
                answer.words()
            )
        }
        EventKind::Declared { unit, declaration } => {
            format!("{} declares: {}", name(*unit), declaration.words(name))
        }
        EventKind::DeclarationLost { unit, declaration } => format!(
            "{}'s declaration is lost, not carried out ({})",
            name(*unit),
            declaration.words(name)
        ),
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
        EventKind::DodgedArea {
            unit,
            made_it,
            blast,
        } => {
            let from = if *blast { "the blast" } else { "the sweep" };
            if *made_it {
                format!("{} dodges {from}", name(*unit))
            } else {
                format!("{}'s dodge of {from} nets nothing", name(*unit))
            }
        }
        EventKind::DodgedFire { unit, made_it } => {
            let in_cover = scenario.ruleset.shot_defence() == Some(ShotDefence::DodgeInCover);
            match (in_cover, *made_it) {
                (true, true) => format!("{} dodges behind cover", name(*unit)),
                (true, false) => format!("{}'s dodge behind cover nets nothing", name(*unit)),
                (false, true) => format!("{} dodges the first bullet", name(*unit)),
                (false, false) => format!(
                    "{} tries to dodge the first bullet, too slowly",
                    name(*unit)
                ),
            }
        }
        EventKind::BulletDodged { unit, target } => {
            if scenario.ruleset.shot_defence() == Some(ShotDefence::DodgeInCover) {
                format!(
                    "{}'s dodge behind cover takes all of {}'s successes: the shot misses",
                    name(*target),
                    name(*unit)
                )
            } else {
                format!(
                    "{}'s dodge takes one hit of {}'s away",
                    name(*target),
                    name(*unit)
                )
            }
        }
        EventKind::Dived { unit, made_it } => {
            if *made_it {
                format!("{} dives for cover: harder to hit", name(*unit))
            } else {
                format!("{} dives for cover, too slowly", name(*unit))
            }
        }
        EventKind::Launched { unit, weapon, at } => {
            format!("{} sends the {weapon} at {at}", name(*unit))
        }
        EventKind::Scattered {
            weapon,
            from,
            to,
            direction,
            yards,
        } => {
            let dice: Vec<String> = yards.iter().map(|die| die.face.to_string()).collect();
            format!(
                "the {weapon} goes astray from {from} to {to} [D8: {}, D4: {}]",
                direction.face,
                dice.join(" ")
            )
        }
        EventKind::Exploded { weapon, at, radius } => match radius {
            Some(radius) => format!(
                "the {weapon} bursts at {at} ({})",
                scenario.ruleset.words().blast_words(*radius)
            ),
            None => format!("the {weapon} bursts at {at}"),
        },
        EventKind::Dud { weapon, at } => format!("the {weapon} at {at} does not go off"),
        EventKind::Shielded { unit, by } => {
            format!("{} is shielded from the blast by {by}", name(*unit))
        }
        EventKind::ChargeSet {
            unit,
            weapon,
            at,
            fuse,
        } => match fuse {
            Some(0) => format!(
                "{} sets the {weapon} at {at}: it goes off at the end of this round",
                name(*unit)
            ),
            Some(rounds) => format!(
                "{} sets the {weapon} at {at}: it goes off in {rounds} round{}",
                name(*unit),
                plural(*rounds)
            ),
            None => format!("{} lays the {weapon} at {at}", name(*unit)),
        },
        EventKind::MineTriggered { unit, at } => {
            format!("{} steps on a mine at {at}", name(*unit))
        }
        EventKind::CaughtFire { unit } => format!("{} catches fire", name(*unit)),
        EventKind::Burned { unit, damage } => {
            format!("{} burns for {damage} damage", name(*unit))
        }
        EventKind::FireOut { unit } => format!("the fire on {} is out", name(*unit)),
        EventKind::Stunned { unit, turns } => format!(
            "{} is stunned for {} turn{} [D6: {}]",
            name(*unit),
            turns.face,
            plural(turns.face),
            turns.face
        ),
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
        | EventKind::Scarred { .. }
        | EventKind::StunnedByInjury { .. }
        | EventKind::StunShakenOff { .. }
        | EventKind::BelowZero { .. }
        | EventKind::Backlash { .. }
        | EventKind::LuckSpent { .. }
        | EventKind::ArmorTried { .. }
        | EventKind::KnockOutSwung { .. }
        | EventKind::KnockOutWeighed { .. }
        | EventKind::KnockedOut { .. }) => super::harm_words::describe(kind, &name, scenario),
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
