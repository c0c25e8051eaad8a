//! The roll panel: the latest rolls drawn as dice, the latest moment of the fight first. Each
//! roll is drawn from its rulebook's sketch of it: the dice (the one kept out of several ringed
//! in gold, those that did not count faded), what they read, the thresholds with the one needed
//! marked, the verdict and the modifiers. A melee exchange shows both rolls side by side with
//! who won; a damage roll shows each die and the armor taken off.

use crate::battle::own::{ContestCard, Landing};
use bevy_egui::egui;

use super::contest_card::{contest_card, headline};
use super::dice::{die, tone_colour};
use super::harm_cards::{DamageCard, InjuryCard, damage_card, injury_card};
use super::side_colour;
use super::view::BattleView;
use crate::battle::UnitId;
use crate::battle::event::{Event, EventKind};
use crate::map::scenario::Scenario;
use crate::rules::dice::DieFace;
use crate::rules::melee::MeleeOutcome;
use crate::rules::roll::RollRecord;
use crate::words::plural;

/// The widest the roll panel gets, in points; it takes a share of the bottom row down to
/// [`NARROWEST`], leaving the rest to the log.
const PANEL_WIDTH: f32 = 470.0;
/// The narrowest the roll panel gets: two dice and a value in each half of an exchange.
const NARROWEST: f32 = 340.0;
/// About how many of the latest rolls the panel keeps (whole moments are shown).
const MOST_CARDS: usize = 12;

/// One roll, with what came of it when that is known.
#[derive(Debug, Clone, PartialEq)]
struct RollCard {
    unit: UnitId,
    roll: RollRecord,
    outcome: Option<String>,
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
    Injury(InjuryCard),
    /// A rulebook's own contest of two sides (the western's quick draw).
    Contest(ContestCard),
}

/// Whether an event begins a new moment of the fight: a turn, a round's end, an attack, a
/// shot, a throw, a mine going off, a fire burning.
fn begins_a_moment(kind: &EventKind) -> bool {
    matches!(
        kind,
        EventKind::TurnBegan { .. }
            | EventKind::RoundEnded
            | EventKind::SurpriseAttempted { .. }
            | EventKind::Attacked { .. }
            | EventKind::Maneuvered { .. }
            | EventKind::Fired { .. }
            | EventKind::Launched { .. }
            | EventKind::MineTriggered { .. }
            | EventKind::Burned { .. }
    ) || matches!(kind, EventKind::Rulebook(own) if own.event().begins_a_moment())
}

/// Read the events into cards, grouped by the moment they belong to (an attack and its
/// defence, damage and wound rolls), oldest first.
fn cards(events: &[Event]) -> Vec<Vec<Card>> {
    let mut moments: Vec<Vec<Card>> = vec![Vec::new()];
    // The die a burst's hits were counted on (BRP's 1dN), told just before the hit.
    let mut counted: Option<DieFace> = None;
    // Where the latest hit landed and what covered it (the d100 house sheet), for its damage.
    let mut landed: Option<String> = None;
    for event in events {
        if let EventKind::Rulebook(own) = &event.kind
            && let Some(located) = own.event().locates()
        {
            // Located later (the western's, as the round ends): the first card of that wound
            // still waiting for it.
            if let Some(card) = moments.iter_mut().flatten().find_map(|card| match card {
                Card::Damage(card)
                    if card.target == located.unit
                        && card.weapon == located.weapon
                        && card.location.is_none()
                        && card.damaged.is_some_and(|damaged| damaged.2 > 0) =>
                {
                    Some(card)
                }
                _ => None,
            }) {
                card.location = Some(located.words);
            }
            continue;
        }
        if begins_a_moment(&event.kind) && moments.last().is_some_and(|cards| !cards.is_empty()) {
            moments.push(Vec::new());
        }
        let Some(cards) = moments.last_mut() else {
            continue;
        };
        match &event.kind {
            EventKind::Rolled { unit, roll } => cards.push(Card::Roll(RollCard {
                unit: *unit,
                roll: roll.clone(),
                outcome: None,
            })),
            EventKind::MeleeResolved {
                attacker,
                defender,
                outcome,
            } => {
                let defence = take_roll_of(cards, *defender);
                let attack = take_roll_of(cards, *attacker);
                if let Some(attack) = attack {
                    cards.push(Card::Exchange {
                        attack,
                        defence,
                        outcome: *outcome,
                    });
                }
            }
            EventKind::BulletsCounted { die, .. } => counted = Some(*die),
            EventKind::ShotHit { unit, hits, .. } => {
                let die = counted
                    .take()
                    .map(|die| format!("1D{}: ", die.sides))
                    .unwrap_or_default();
                note_outcome(
                    cards,
                    *unit,
                    format!("hit: {die}{hits} bullet{} in", plural(*hits)),
                );
            }
            EventKind::ShotMissed { unit, .. } => note_outcome(cards, *unit, "miss".into()),
            // A rulebook's own event that bears on the roll before it (the house sheet's hit
            // located by its digits, and the cover that met it there).
            EventKind::Rulebook(own) => {
                if let Some(card) = own.event().contest_card() {
                    cards.push(Card::Contest(card));
                }
                if let Some(note) = own.event().roll_note() {
                    add_to_outcome(cards, note.unit, &note.words);
                    landed = match note.landing {
                        Some(Landing::At(at)) => Some(at),
                        Some(Landing::Further) => {
                            landed.map(|landed| format!("{landed} · {}", note.words))
                        }
                        None => landed,
                    };
                }
            }
            EventKind::StrayHit { unit, .. } => {
                note_outcome(cards, *unit, "fumble: hits an ally".into());
            }
            EventKind::Malfunctioned { unit, .. } => {
                note_outcome(cards, *unit, "the weapon does not fire".into());
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
                    below_zero: 0,
                    location: landed.take(),
                })),
            },
            EventKind::Damaged {
                unit,
                rolled,
                armor,
                taken,
                hit_points,
                severity,
                ..
            } => {
                if let Some(Card::Damage(card)) = cards.last_mut()
                    && card.target == *unit
                    && card.damaged.is_none()
                {
                    card.damaged = Some((*rolled, *armor, *taken, *hit_points, *severity));
                }
            }
            EventKind::Injured {
                unit,
                net,
                weapon,
                soak,
                severity,
                wound_level,
                penalty,
                ..
            } => cards.push(Card::Injury(InjuryCard {
                target: *unit,
                net: *net,
                weapon: *weapon,
                soak: *soak,
                severity: *severity,
                wound_level: *wound_level,
                penalty: *penalty,
            })),
            EventKind::BelowZero { unit, hit_points } => {
                if let Some(Card::Damage(card)) = cards.last_mut()
                    && card.target == *unit
                {
                    card.below_zero = *hit_points;
                }
            }
            _ => {}
        }
    }
    moments.retain(|cards| !cards.is_empty());
    moments
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

/// Add to what came of the latest roll (of `unit`, where named): where its hit landed, the
/// cover there.
fn add_to_outcome(cards: &mut [Card], unit: Option<UnitId>, words: &str) {
    if let Some(Card::Roll(card)) = cards
        .iter_mut()
        .rev()
        .find(|card| matches!(card, Card::Roll(roll) if unit.is_none_or(|unit| roll.unit == unit)))
    {
        card.outcome = Some(match card.outcome.take() {
            Some(outcome) => format!("{outcome} · {words}"),
            None => words.to_string(),
        });
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
    let moments = cards(&events[from..]);
    // Never wider than there is room for: a card clipped by the log hides its words.
    let room = ui.available_width();
    let width = (room * 0.45).clamp(NARROWEST, PANEL_WIDTH).min(room);
    let size = egui::vec2(width, ui.available_height());
    let stacked = egui::Layout::top_down(egui::Align::Min);
    ui.allocate_ui_with_layout(size, stacked, |ui| {
        ui.set_width(width);
        ui.strong("Rolls");
        egui::ScrollArea::vertical()
            .id_salt("rolls")
            .auto_shrink([false, false])
            .show(ui, |ui| {
                if moments.is_empty() {
                    ui.label("No rolls yet.");
                }
                let mut shown = 0;
                for moment in moments.iter().rev() {
                    if shown >= MOST_CARDS {
                        break;
                    }
                    for card in moment {
                        match card {
                            Card::Roll(roll) => roll_card(ui, scenario, roll, false),
                            Card::Exchange {
                                attack,
                                defence,
                                outcome,
                            } => exchange_card(ui, scenario, attack, defence.as_ref(), *outcome),
                            Card::Damage(damage) => damage_card(
                                ui,
                                scenario,
                                damage,
                                view.numbers_hidden(damage.target),
                            ),
                            Card::Injury(injury) => injury_card(
                                ui,
                                scenario,
                                injury,
                                view.numbers_hidden(injury.target),
                            ),
                            Card::Contest(contest) => contest_card(ui, scenario, contest),
                        }
                        ui.add_space(4.0);
                    }
                    shown += moment.len();
                    ui.separator();
                }
            });
    });
}

/// One roll as its rulebook sketches it: who and what, the dice, the thresholds, the verdict
/// and the modifiers. `compact` (half a panel wide, beside the other side of an exchange) puts
/// the name, the dice and the verdict on lines of their own.
fn roll_card(ui: &mut egui::Ui, scenario: &Scenario, card: &RollCard, compact: bool) {
    let spec = &scenario.units[card.unit.index()];
    let name = egui::RichText::new(&spec.name)
        .strong()
        .color(side_colour(scenario, spec));
    let sketch = scenario.ruleset.words().sketch(&card.roll);
    if compact {
        ui.label(name);
        ui.label(&sketch.heading);
    } else {
        // One text, so a long heading ("SMG 45 · +45 burst · ×2 point-blank = 180") wraps
        // within the card at any width.
        let mut heading = egui::text::LayoutJob::default();
        let style = ui.style().clone();
        for part in [name, egui::RichText::new(format!(" · {}", sketch.heading))] {
            part.append_to(
                &mut heading,
                &style,
                egui::FontSelection::Default,
                egui::Align::Center,
            );
        }
        ui.label(heading);
    }
    let verdict = egui::RichText::new(&sketch.verdict)
        .color(tone_colour(sketch.tone))
        .strong();
    // A pool's many dice wrap within the card.
    ui.horizontal_wrapped(|ui| {
        for (group, dice) in sketch.dice.iter().enumerate() {
            if group > 0 {
                ui.label("+");
            }
            for sketched in dice {
                die(ui, sketched);
            }
        }
        ui.label(egui::RichText::new(&sketch.reading).size(20.0).strong());
        if !compact {
            ui.label(verdict.clone());
        }
    });
    if compact {
        ui.label(verdict);
    }
    ui.horizontal_wrapped(|ui| {
        for threshold in &sketch.thresholds {
            let marked = if threshold.needed {
                egui::RichText::new(format!("▶ {}", threshold.words))
                    .strong()
                    .underline()
            } else {
                egui::RichText::new(&threshold.words).weak()
            };
            // Each threshold stays whole: the row wraps between them.
            ui.add(egui::Label::new(marked).wrap_mode(egui::TextWrapMode::Extend));
        }
    });
    if !sketch.modifiers.is_empty() {
        ui.small(&sketch.modifiers);
    }
    if let Some(outcome) = &card.outcome {
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
        (MeleeOutcome::NoHarm, Some(defence)) if defence.roll.success => {
            format!("{} gets clear", name(defence.unit))
        }
        (MeleeOutcome::NoHarm, Some(_)) => "Both miss".to_string(),
        (MeleeOutcome::BothStrike, _) => "Both land a blow".to_string(),
        (MeleeOutcome::DefenderStrikes, None) | (MeleeOutcome::NoHarm, None) => {
            format!("{} misses", name(attack.unit))
        }
    };
    headline(ui, result);
    ui.columns(2, |columns| {
        roll_card(&mut columns[0], scenario, attack, true);
        match defence {
            Some(defence) => roll_card(&mut columns[1], scenario, defence, true),
            None => {
                columns[1].label("no defence");
            }
        }
    });
}

#[cfg(test)]
mod tests;
