//! The roll panel: the latest rolls drawn as dice, newest first. A percentile roll shows every
//! tens die (the kept one ringed in gold, the others faded), the units die, the value, the
//! regular, hard and extreme thresholds with the one needed marked, the level reached and the
//! modifiers that made the dice. A melee exchange shows both rolls side by side with who won; a
//! damage roll shows each die and the armor taken off.

use bevy_egui::egui;

use super::side_colour;
use super::view::BattleView;
use crate::battle::UnitId;
use crate::battle::event::{Event, EventKind, Modifier};
use crate::map::scenario::Scenario;
use crate::rules::damage::{DamageRoll, DamageSource};
use crate::rules::melee::MeleeOutcome;
use crate::rules::modifiers::modifier_words;
use crate::rules::percentile::{Difficulty, SkillCheck, SuccessLevel};
use crate::rules::ruleset::RollPurpose;
use crate::rules::wounds::BlowSeverity;

/// The width of the roll panel in points.
const PANEL_WIDTH: f32 = 470.0;
/// How many of the latest rolls the panel keeps.
const MOST_CARDS: usize = 12;

/// One percentile roll, with what came of it when that is known.
#[derive(Debug, Clone, PartialEq)]
struct RollCard {
    unit: UnitId,
    purpose: RollPurpose,
    check: SkillCheck,
    modifiers: Vec<Modifier>,
    outcome: Option<String>,
}

/// Damage to one unit from one attack: every roll (a volley rolls once a bullet) and the
/// wound it made.
#[derive(Debug, Clone, PartialEq)]
struct DamageCard {
    target: UnitId,
    weapon: String,
    rolls: Vec<DamageRoll>,
    /// Rolled, armor (of which cover), taken, hit points left, severity.
    damaged: Option<(u32, u32, u32, u32, BlowSeverity, bool)>,
}

/// What the panel draws.
#[derive(Debug, Clone, PartialEq)]
enum Card {
    Roll(RollCard),
    /// A melee exchange (or a throw and its dodge): the attack, the defence if any, who won.
    Exchange {
        attack: RollCard,
        defence: Option<RollCard>,
        outcome: MeleeOutcome,
    },
    Damage(DamageCard),
}

/// Read the events into cards, oldest first.
fn cards(events: &[Event]) -> Vec<Card> {
    let mut cards: Vec<Card> = Vec::new();
    for event in events {
        match &event.kind {
            EventKind::Rolled {
                unit,
                purpose,
                check,
                modifiers,
            } => cards.push(Card::Roll(RollCard {
                unit: *unit,
                purpose: purpose.clone(),
                check: check.clone(),
                modifiers: modifiers.clone(),
                outcome: None,
            })),
            EventKind::MeleeResolved {
                attacker,
                defender,
                outcome,
            } => {
                let defence = take_roll_of(&mut cards, *defender);
                let attack = take_roll_of(&mut cards, *attacker);
                if let Some(attack) = attack {
                    cards.push(Card::Exchange {
                        attack,
                        defence,
                        outcome: *outcome,
                    });
                }
            }
            EventKind::ShotHit { unit, hits, .. } => {
                note_outcome(&mut cards, *unit, format!("hit: {hits} bullet(s) in"));
            }
            EventKind::ShotMissed { unit, .. } => note_outcome(&mut cards, *unit, "miss".into()),
            EventKind::StrayHit { unit, .. } => {
                note_outcome(&mut cards, *unit, "fumble: hits an ally".into());
            }
            EventKind::Malfunctioned { unit, .. } => {
                note_outcome(&mut cards, *unit, "the weapon does not fire".into());
            }
            EventKind::DamageRolled {
                target,
                weapon,
                roll,
                ..
            } => match cards.last_mut() {
                Some(Card::Damage(card))
                    if card.target == *target
                        && card.damaged.is_none()
                        && card.weapon == *weapon =>
                {
                    card.rolls.push(roll.clone());
                }
                _ => cards.push(Card::Damage(DamageCard {
                    target: *target,
                    weapon: weapon.clone(),
                    rolls: vec![roll.clone()],
                    damaged: None,
                })),
            },
            EventKind::Damaged {
                unit,
                rolled,
                armor,
                taken,
                hit_points,
                severity,
                concealed,
                ..
            } => {
                if let Some(Card::Damage(card)) = cards.last_mut()
                    && card.target == *unit
                    && card.damaged.is_none()
                {
                    card.damaged =
                        Some((*rolled, *armor, *taken, *hit_points, *severity, *concealed));
                }
            }
            _ => {}
        }
    }
    cards
}

/// Take the latest roll card of `unit` off the list, if it is among the last two.
fn take_roll_of(cards: &mut Vec<Card>, unit: UnitId) -> Option<RollCard> {
    let from = cards.len().saturating_sub(2);
    let at = (from..cards.len())
        .rev()
        .find(|index| matches!(&cards[*index], Card::Roll(card) if card.unit == unit))?;
    match cards.remove(at) {
        Card::Roll(card) => Some(card),
        _ => None,
    }
}

/// Note what came of the latest roll of `unit`.
fn note_outcome(cards: &mut [Card], unit: UnitId, words: String) {
    if let Some(Card::Roll(card)) = cards
        .iter_mut()
        .rev()
        .find(|card| matches!(card, Card::Roll(roll) if roll.unit == unit))
    {
        card.outcome = Some(words);
    }
}

/// The panel: the latest cards, newest first.
pub(super) fn roll_panel(ui: &mut egui::Ui, scenario: &Scenario, view: &BattleView) {
    let events = view.events();
    let from = events.len().saturating_sub(400);
    let all = cards(&events[from..]);
    ui.allocate_ui(egui::vec2(PANEL_WIDTH, ui.available_height()), |ui| {
        ui.set_width(PANEL_WIDTH);
        ui.strong("Rolls");
        egui::ScrollArea::vertical()
            .id_salt("rolls")
            .auto_shrink([false, false])
            .show(ui, |ui| {
                if all.is_empty() {
                    ui.label("No rolls yet.");
                }
                for card in all.iter().rev().take(MOST_CARDS) {
                    match card {
                        Card::Roll(roll) => roll_card(ui, scenario, roll),
                        Card::Exchange {
                            attack,
                            defence,
                            outcome,
                        } => exchange_card(ui, scenario, attack, defence.as_ref(), *outcome),
                        Card::Damage(damage) => damage_card(ui, scenario, damage),
                    }
                    ui.separator();
                }
            });
    });
}

/// A die as a rounded square with its face: gold-ringed when kept, faded when not.
fn die(ui: &mut egui::Ui, face: &str, kept: bool, faded: bool) {
    let size = egui::vec2(34.0, 26.0);
    let (rect, _) = ui.allocate_exact_size(size, egui::Sense::hover());
    let painter = ui.painter();
    let fill = if faded {
        egui::Color32::from_gray(45)
    } else {
        egui::Color32::from_gray(230)
    };
    let text = if faded {
        egui::Color32::from_gray(130)
    } else {
        egui::Color32::BLACK
    };
    painter.rect_filled(rect, 5.0, fill);
    if kept {
        painter.rect_stroke(
            rect,
            5.0,
            egui::Stroke::new(3.0, egui::Color32::from_rgb(255, 200, 40)),
            egui::StrokeKind::Inside,
        );
    }
    painter.text(
        rect.center(),
        egui::Align2::CENTER_CENTER,
        face,
        egui::FontId::monospace(15.0),
        text,
    );
}

/// The colour of a level: green for successes, red for failures.
fn level_colour(check: &SkillCheck) -> egui::Color32 {
    match (check.success, check.level) {
        (_, SuccessLevel::Fumble) => egui::Color32::from_rgb(220, 40, 40),
        (false, _) => egui::Color32::from_rgb(200, 90, 70),
        (true, SuccessLevel::Critical | SuccessLevel::Extreme) => {
            egui::Color32::from_rgb(90, 220, 120)
        }
        (true, _) => egui::Color32::from_rgb(110, 190, 110),
    }
}

/// One percentile roll: who and what, the dice, the thresholds, the level and the modifiers.
fn roll_card(ui: &mut egui::Ui, scenario: &Scenario, roll: &RollCard) {
    let spec = &scenario.units[roll.unit.index()];
    let what = match &roll.purpose {
        RollPurpose::Skill(name)
        | RollPurpose::Characteristic(name)
        | RollPurpose::Damage(name) => name,
    };
    ui.horizontal(|ui| {
        ui.label(
            egui::RichText::new(&spec.name)
                .strong()
                .color(side_colour(scenario, spec)),
        );
        ui.label(format!("· {what} {}%", roll.check.skill));
    });
    let check = &roll.check;
    ui.horizontal(|ui| {
        for (index, tens) in check.roll.tens.iter().enumerate() {
            let kept = index == check.roll.kept;
            die(
                ui,
                &format!("{tens:02}"),
                kept && check.roll.tens.len() > 1,
                !kept,
            );
        }
        ui.label("+");
        die(ui, &check.roll.units.to_string(), false, false);
        ui.label(
            egui::RichText::new(format!("= {}", check.roll.value))
                .size(20.0)
                .strong(),
        );
        let verdict = format!(
            "{} · {}",
            check.level,
            if check.success { "success" } else { "failed" }
        );
        ui.label(
            egui::RichText::new(verdict)
                .color(level_colour(check))
                .strong(),
        );
    });
    ui.horizontal_wrapped(|ui| {
        for difficulty in [Difficulty::Regular, Difficulty::Hard, Difficulty::Extreme] {
            let words = format!("{} ≤{}", difficulty.name(), difficulty.target(check.skill));
            if difficulty == check.difficulty {
                ui.label(
                    egui::RichText::new(format!("▸ {words}"))
                        .strong()
                        .underline(),
                );
            } else {
                ui.label(egui::RichText::new(words).weak());
            }
        }
        if check.difficulty == Difficulty::Critical {
            ui.label(egui::RichText::new("▸ only 01").strong().underline());
        }
    });
    if !roll.modifiers.is_empty() {
        ui.small(modifier_words(&roll.modifiers));
    }
    if let Some(outcome) = &roll.outcome {
        ui.label(egui::RichText::new(outcome).strong());
    }
}

/// A melee exchange: both rolls side by side, and who came out of it better.
fn exchange_card(
    ui: &mut egui::Ui,
    scenario: &Scenario,
    attack: &RollCard,
    defence: Option<&RollCard>,
    outcome: MeleeOutcome,
) {
    let name = |unit: UnitId| scenario.units[unit.index()].name.clone();
    let result = match (outcome, defence) {
        (MeleeOutcome::AttackerWins, _) => format!("{} wins", name(attack.unit)),
        (MeleeOutcome::DefenderStrikes, Some(defence)) => {
            format!("{} turns it round", name(defence.unit))
        }
        (MeleeOutcome::DefenderStrikes, None) | (MeleeOutcome::NoHarm, _) => {
            "nobody is hurt".to_string()
        }
    };
    ui.label(
        egui::RichText::new(result)
            .size(16.0)
            .strong()
            .color(egui::Color32::from_rgb(255, 225, 120)),
    );
    ui.columns(2, |columns| {
        roll_card(&mut columns[0], scenario, attack);
        match defence {
            Some(defence) => roll_card(&mut columns[1], scenario, defence),
            None => {
                columns[1].label("no defence");
            }
        }
    });
}

/// A damage roll: each die, what was added, the total, and the armor taken off.
fn damage_card(ui: &mut egui::Ui, scenario: &Scenario, card: &DamageCard) {
    let target = &scenario.units[card.target.index()];
    ui.horizontal(|ui| {
        ui.strong(format!("Damage · {}", card.weapon));
        ui.label(format!("to {}", target.name));
    });
    for roll in &card.rolls {
        ui.horizontal_wrapped(|ui| {
            for part in &roll.parts {
                match part.source {
                    DamageSource::Weapon
                    | DamageSource::DamageBonus
                    | DamageSource::HalfDamageBonus
                    | DamageSource::ImpaleRoll => {
                        for face in &part.dice {
                            die(ui, &face.face.to_string(), false, false);
                        }
                        let flat = part.value
                            - part
                                .dice
                                .iter()
                                .map(|face| i32::try_from(face.face).unwrap_or(0))
                                .sum::<i32>();
                        if flat != 0 {
                            ui.label(format!("{flat:+}"));
                        }
                    }
                    DamageSource::WeaponMaximum
                    | DamageSource::DamageBonusMaximum
                    | DamageSource::HalfDamageBonusMaximum => {
                        ui.label(format!("max {}", part.value));
                    }
                }
            }
            if roll.divisor > 1 {
                ui.label(format!("÷{}", roll.divisor));
            }
            ui.label(egui::RichText::new(format!("= {}", roll.total)).strong());
        });
    }
    if let Some((rolled, armor, taken, hit_points, severity, concealed)) = card.damaged {
        let wound = match severity {
            BlowSeverity::Regular => "",
            BlowSeverity::Major => " · major wound",
            BlowSeverity::Killing => " · a killing blow",
        };
        let words = if concealed {
            format!("hurt{wound}")
        } else if armor > 0 {
            format!("{rolled} − {armor} armor = {taken} taken, {hit_points} hit points left{wound}")
        } else {
            format!("{taken} taken, {hit_points} hit points left{wound}")
        };
        ui.label(egui::RichText::new(words).strong());
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::percentile::{NetDice, PercentileRoll};

    fn rolled(unit: u16, value: u32) -> Event {
        Event {
            round: 1,
            kind: EventKind::Rolled {
                unit: UnitId(unit),
                purpose: RollPurpose::Skill("Fighting (Brawl)".to_string()),
                check: SkillCheck::judge(
                    PercentileRoll::from_faces(vec![value / 10 * 10], value % 10, NetDice::PLAIN),
                    50,
                    Difficulty::Regular,
                ),
                modifiers: Vec::new(),
            },
        }
    }

    /// An attack roll and a dodge become one exchange card; a lone CON roll stays a roll card.
    #[test]
    fn rolls_pair_up_into_exchanges() {
        let events = [
            rolled(0, 23),
            rolled(1, 61),
            Event {
                round: 1,
                kind: EventKind::MeleeResolved {
                    attacker: UnitId(0),
                    defender: UnitId(1),
                    outcome: MeleeOutcome::AttackerWins,
                },
            },
            rolled(1, 40),
        ];
        let read = cards(&events);
        assert_eq!(read.len(), 2);
        match &read[0] {
            Card::Exchange {
                attack,
                defence,
                outcome,
            } => {
                assert_eq!(attack.unit, UnitId(0));
                assert_eq!(defence.as_ref().map(|roll| roll.unit), Some(UnitId(1)));
                assert_eq!(*outcome, MeleeOutcome::AttackerWins);
            }
            other => panic!("an exchange, not {other:?}"),
        }
        assert!(matches!(&read[1], Card::Roll(roll) if roll.check.roll.value == 40));
    }
}
