//! The roll panel's cards for harm: a weapon's damage dice and the wound they made (hit
//! points), or an injury weighed from an attack's net (where the rulebook keeps injuries).

use bevy_egui::egui;

use super::dice::die;
use crate::battle::UnitId;
use crate::log::{injury_state_words, severity_suffix};
use crate::map::scenario::Scenario;
use crate::rules::damage::{DamageQuality, DamageRoll, DamageSource};
use crate::rules::roll::SketchedDie;
use crate::rules::wounds::BlowSeverity;

/// Damage to one unit from one attack: every roll (a volley rolls once a bullet) and the
/// wound it made.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct DamageCard {
    pub target: UnitId,
    pub weapon: String,
    pub rolls: Vec<DamageRoll>,
    /// Rolled, armor (of which cover), taken, hit points left, severity.
    pub damaged: Option<(u32, u32, u32, u32, BlowSeverity)>,
    /// How far below zero the blow left the hit points (BRP).
    pub below_zero: u32,
    /// Where the wound is, in words: where the roll's swapped digits put it, and the cover
    /// there (the d100 house sheet), or once the round's end has located it (the western).
    pub location: Option<String>,
}

/// An injury from one attack, where the rulebook keeps injuries: the net, the weapon, the
/// soak, the severity and what the unit's list comes to.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct InjuryCard {
    pub target: UnitId,
    pub net: i32,
    pub weapon: u32,
    pub soak: u32,
    pub severity: Option<u32>,
    pub wound_level: u32,
    pub penalty: Option<u32>,
}

/// A damage roll: each die, what was added, the total, and the armor taken off.
/// A damage roll and what it did; `hidden`: the target's numbers are not this window's to show
/// (its wound only).
pub(super) fn damage_card(ui: &mut egui::Ui, scenario: &Scenario, card: &DamageCard, hidden: bool) {
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
                            die(ui, &SketchedDie::plain(face.face.to_string()));
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
                    DamageSource::TheRoll => {
                        ui.label(format!("the roll {}", part.value));
                    }
                    DamageSource::DoubledRoll => {
                        ui.label(format!("the roll ×2 {}", part.value));
                    }
                    DamageSource::Cap => {
                        ui.label(format!("cap {}", part.value));
                    }
                    DamageSource::DigitSum => {
                        ui.label(format!("digit sum {}", part.value));
                    }
                    DamageSource::DoubledDigitSum => {
                        ui.label(format!("digit sum ×2 {}", part.value));
                    }
                    DamageSource::Quality => {
                        ui.label(format!("{:+} qualities", part.value));
                    }
                    DamageSource::Critical => {
                        ui.label(format!("critical {}", part.value));
                    }
                    DamageSource::ExtraDie => {
                        ui.label("+");
                        for face in &part.dice {
                            die(ui, &SketchedDie::plain(face.face.to_string()));
                        }
                    }
                }
            }
            if roll.divisor > 1 {
                ui.label(format!("÷{}", roll.divisor));
            }
            if roll.quality == DamageQuality::Doubled {
                ui.label("×2");
            }
            ui.label(egui::RichText::new(format!("= {}", roll.total)).strong());
        });
    }
    if let Some((rolled, armor, taken, hit_points, severity)) = card.damaged {
        let wound = severity_suffix(scenario, severity);
        let points = scenario.ruleset.words().hit_point_words();
        let left = if card.below_zero > 0 {
            format!("{} below zero", card.below_zero)
        } else {
            format!("{hit_points} {points} left")
        };
        let words = if hidden {
            if taken > 0 {
                format!("hurt{wound}")
            } else {
                "no harm".to_string()
            }
        } else if armor > 0 {
            format!("{rolled} − {armor} armor = {taken} taken, {left}{wound}")
        } else {
            format!("{taken} taken, {left}{wound}")
        };
        ui.label(egui::RichText::new(words).strong());
    }
    if let Some(location) = &card.location {
        ui.label(location);
    }
}

/// An injury card: "Injury · to Kell", "net 3 + 3 weapon − 0 soak = 6", "wound level 6
/// (maimed) · −4 dice"; for a unit whose numbers the table does not see, only "injured".
pub(super) fn injury_card(ui: &mut egui::Ui, scenario: &Scenario, card: &InjuryCard, hidden: bool) {
    let target = &scenario.units[card.target.index()];
    ui.horizontal(|ui| {
        ui.strong("Injury");
        ui.label(format!("to {}", target.name));
    });
    if hidden {
        let words = if card.severity.is_some() {
            "injured"
        } else {
            "no harm"
        };
        ui.label(egui::RichText::new(words).strong());
        return;
    }
    let sum = format!(
        "net {} + {} weapon − {} soak",
        card.net, card.weapon, card.soak
    );
    match card.severity {
        Some(severity) => {
            ui.label(format!("{sum} = {severity}"));
            let (level, penalty) = injury_state_words(scenario, card.wound_level, card.penalty);
            ui.label(egui::RichText::new(format!("{level} · {penalty}")).strong());
        }
        None => {
            ui.label(sum);
            ui.label(egui::RichText::new("no injury").strong());
        }
    }
}
