//! Units as the overlay shows them: the card of the selected unit (side colour, hit points as a
//! bar, the wound-state badge, movement left this turn, each weapon with its rounds, every flag)
//! and the pieces the turn order reuses. With the concealed-damage option, a unit whose damage
//! is hidden shows no numbers.

use bevy_egui::egui;

use super::side_colour;
use super::view::BattleView;
use crate::battle::choices::{FlagTone, UnitFlag};
use crate::battle::command::WeaponChoice;
use crate::battle::event::WoundState;
use crate::battle::{Condition, UnitId, Vitals, WeaponState};
use crate::map::scenario::Scenario;
use crate::rules::roll_harm::LocationTally;
use crate::rules::ruleset::Ruleset;
use crate::rules::weapons::{Feed, Weapon};
use crate::words::plural;

/// The wound state's name and colour, for badges.
pub(super) fn wound_words(state: WoundState) -> (&'static str, egui::Color32) {
    match state {
        WoundState::Unhurt => ("unhurt", egui::Color32::from_rgb(80, 170, 90)),
        WoundState::Hurt => ("hurt", egui::Color32::from_rgb(200, 160, 40)),
        WoundState::MajorWound => ("major wound", egui::Color32::from_rgb(220, 100, 30)),
        WoundState::Unconscious => ("unconscious", egui::Color32::from_rgb(120, 110, 170)),
        WoundState::Stabilised => ("stabilised", egui::Color32::from_rgb(70, 140, 200)),
        WoundState::Dying => ("dying", egui::Color32::from_rgb(210, 40, 40)),
        WoundState::Dead => ("dead", egui::Color32::from_gray(110)),
    }
}

/// A small coloured label, like a badge on a token.
pub(super) fn chip(ui: &mut egui::Ui, text: &str, colour: egui::Color32) {
    // Laid out first and allocated whole, so a row of chips wraps between chips, never inside
    // one.
    let font = egui::TextStyle::Small.resolve(ui.style());
    let galley = ui
        .painter()
        .layout_no_wrap(text.to_string(), font, egui::Color32::WHITE);
    let margin = egui::vec2(5.0, 1.0);
    let (rect, _) = ui.allocate_exact_size(galley.size() + 2.0 * margin, egui::Sense::hover());
    let painter = ui.painter();
    painter.rect(
        rect,
        6.0,
        colour.gamma_multiply(0.35),
        egui::Stroke::new(1.0, colour),
        egui::StrokeKind::Inside,
    );
    painter.galley(rect.min + margin, galley, egui::Color32::WHITE);
}

/// The wound-state badge, and a chip for each flag: prone, a posture taken (kneeling, or in the
/// rulebook's words: crouched, hidden), held, hampered, aiming, dived for cover, on fire,
/// stunned, then those the rulebook's own state puts on it (`own`: the house sheet's dodging,
/// pinned, dazed) (`compact`: only prone, the posture, on fire, and the rulebook's own that the
/// short list shows).
pub(super) fn wound_badge(
    ui: &mut egui::Ui,
    ruleset: &dyn Ruleset,
    (vitals, condition, own): (&Vitals, &Condition, &[UnitFlag]),
    compact: bool,
) {
    let (words, colour) = wound_words(vitals.wound_state());
    chip(ui, words, colour);
    let posture = ruleset
        .mechanisms()
        .posture_words(condition.posture())
        .state;
    for (flag, words, colour) in flags(vitals, condition, posture) {
        if flag && (!compact || ["prone", posture, "on fire"].contains(&words)) {
            chip(ui, words, colour);
        }
    }
    for flag in own.iter().filter(|flag| !compact || flag.in_short) {
        chip(ui, &flag.words, tone_colour(flag.tone));
    }
}

/// A rulebook's own flag's colour, by its tone.
fn tone_colour(tone: FlagTone) -> egui::Color32 {
    match tone {
        FlagTone::Guarded => egui::Color32::from_rgb(80, 190, 150),
        FlagTone::Impaired => egui::Color32::from_rgb(170, 110, 240),
        FlagTone::Pressed => egui::Color32::from_rgb(220, 140, 60),
        FlagTone::Hampered => egui::Color32::from_rgb(170, 120, 60),
    }
}

/// Each flag a unit may carry, whether it does, and its chip's colour; `posture` is the
/// posture it has taken, in its rulebook's words.
fn flags(
    vitals: &Vitals,
    condition: &Condition,
    posture: &'static str,
) -> [(bool, &'static str, egui::Color32); 8] {
    let grey = egui::Color32::from_gray(150);
    [
        (condition.prone && vitals.conscious(), "prone", grey),
        (
            condition.kneeling || condition.ducked,
            posture,
            egui::Color32::from_rgb(200, 175, 110),
        ),
        (
            condition.held_by.is_some(),
            "held",
            egui::Color32::from_rgb(170, 120, 60),
        ),
        (
            condition.held_fast,
            "held fast",
            egui::Color32::from_rgb(170, 120, 60),
        ),
        (
            condition.aim.is_some(),
            "aiming",
            egui::Color32::from_rgb(80, 160, 220),
        ),
        (condition.dived_for_cover, "dived for cover", grey),
        (
            condition.burning.is_some(),
            "on fire",
            egui::Color32::from_rgb(240, 90, 20),
        ),
        (
            condition.stunned(),
            "stunned",
            egui::Color32::from_rgb(170, 110, 240),
        ),
    ]
}

/// Hit points as a bar with the numbers on it ("9 / 13"), coloured by how hurt; hidden damage
/// shows a bar with no numbers, full or empty only by consciousness.
pub(super) fn hit_point_bar(ui: &mut egui::Ui, hidden: bool, vitals: &Vitals, width: f32) {
    let fraction = if vitals.max_hit_points == 0 {
        0.0
    } else {
        vitals.hit_points as f32 / vitals.max_hit_points as f32
    };
    let colour = if fraction > 0.6 {
        egui::Color32::from_rgb(60, 150, 70)
    } else if fraction > 0.3 {
        egui::Color32::from_rgb(200, 150, 30)
    } else {
        egui::Color32::from_rgb(200, 50, 40)
    };
    let bar = if hidden {
        egui::ProgressBar::new(1.0)
            .text("hidden")
            .fill(egui::Color32::from_gray(80))
    } else {
        egui::ProgressBar::new(fraction)
            .text(if vitals.below_zero > 0 {
                format!("−{} / {}", vitals.below_zero, vitals.max_hit_points)
            } else {
                format!("{} / {}", vitals.hit_points, vitals.max_hit_points)
            })
            .fill(colour)
    };
    ui.add(bar.desired_width(width));
}

/// A weapon's rounds and state in a few words: "5 loaded, 12 spare · jammed (2 rounds of
/// work)".
pub(super) fn weapon_state_words(weapon: &Weapon, state: &WeaponState, round: u32) -> String {
    let mut words = Vec::new();
    match weapon.feed() {
        Feed::Nothing => {}
        Feed::OneUse | Feed::AsFired => words.push(format!(
            "{} left",
            state.ammunition.loaded + state.ammunition.spare
        )),
        Feed::Fixed => words.push(format!("{} left", state.ammunition.loaded)),
        Feed::Rounds | Feed::Magazine | Feed::Belt => words.push(format!(
            "{} loaded, {} spare",
            state.ammunition.loaded, state.ammunition.spare
        )),
    }
    if state.ammunition.belt_half_changed {
        words.push("belt half changed".to_string());
    }
    if let Some(jam) = state.jam {
        words.push(match jam.work_left {
            0 => "jammed (roll to clear)".to_string(),
            work => format!("jammed ({work} round{} of work)", plural(work)),
        });
    }
    if let Some(last) = state.last_used
        && last + weapon.uses.every > round
        && weapon.uses.every > 1
    {
        words.push(format!("ready again in round {}", last + weapon.uses.every));
    }
    words.join(" · ")
}

/// Tenths of a yard as yards: "8.3", "16".
fn tenths_words(tenths: u32) -> String {
    match tenths % 10 {
        0 => (tenths / 10).to_string(),
        tenth => format!("{}.{tenth}", tenths / 10),
    }
}

/// Movement this turn, for the acting unit: "MOV 8 · 3.5 yards left this turn"; otherwise its
/// MOV, or where going past its free movement costs no action, both reaches ("moves 8.3 yards
/// free, 15.0 at most").
fn movement_words(view: &BattleView, scenario: &Scenario, unit: UnitId) -> String {
    let derived = &scenario.units[unit.index()].derived;
    let moves = derived.moves;
    let allowance = if moves.past_free_forfeits {
        format!("MOV {}", derived.movement())
    } else {
        format!(
            "moves {} yards free, {} at most",
            tenths_words(moves.free),
            tenths_words(moves.most)
        )
    };
    let turn = view
        .flow
        .as_ref()
        .and_then(|flow| flow.turn)
        .filter(|turn| turn.unit == unit);
    match turn.map(|turn| turn.movement_left(moves)) {
        Some(Ok(left)) => format!("{allowance} · {} yards left this turn", tenths_words(left)),
        Some(Err(why)) => format!("{allowance} · {why}"),
        None => allowance,
    }
}

/// Where the rulebook tallies damage by body part, a chip for each part with what it has
/// taken: amber once hurt, red once crippled (`threshold` or more).
fn location_tally(ui: &mut egui::Ui, vitals: &Vitals, threshold: u32) {
    ui.horizontal_wrapped(|ui| {
        for part in LocationTally::PARTS {
            let taken = vitals.locations.get(part);
            let colour = if taken >= threshold {
                egui::Color32::from_rgb(200, 60, 60)
            } else if taken > 0 {
                egui::Color32::from_rgb(200, 150, 60)
            } else {
                egui::Color32::from_gray(110)
            };
            let crippled = if taken >= threshold { " crippled" } else { "" };
            chip(ui, &format!("{} {taken}{crippled}", part.words()), colour);
        }
    });
}

/// The selected unit's card.
pub(super) fn unit_card(
    ui: &mut egui::Ui,
    scenario: &Scenario,
    id: UnitId,
    range_shown: bool,
    view: &BattleView,
) {
    let unit = &scenario.units[id.index()];
    // Read as the players, a secret unit shows its wounds and its attacks, no numbers.
    let secret = view.numbers_hidden(id);
    ui.colored_label(
        side_colour(scenario, unit),
        egui::RichText::new(&unit.name).size(19.0).strong(),
    );
    if let Some(state) = view.unit(id) {
        hit_point_bar(ui, secret, &state.vitals, ui.available_width());
        ui.horizontal_wrapped(|ui| {
            wound_badge(
                ui,
                scenario.ruleset.as_ref(),
                (&state.vitals, &state.condition, view.own_flags(id)),
                false,
            );
            if state.at.is_none() {
                chip(ui, "off the map", egui::Color32::from_gray(120));
            }
            let jammed = state
                .arsenal
                .weapons
                .iter()
                .any(|weapon| weapon.jam.is_some());
            if jammed {
                chip(ui, "jammed", egui::Color32::from_rgb(200, 60, 60));
            }
        });
        let injuries = scenario
            .ruleset
            .words()
            .injury_words(&state.vitals.injuries);
        if !secret && !injuries.is_empty() {
            ui.small(injuries);
        }
        if let (false, Some(threshold)) = (secret, scenario.ruleset.crippling()) {
            location_tally(ui, &state.vitals, threshold);
        }
        if !secret {
            for note in view.own_notes(id) {
                ui.small(note);
            }
        }
    }
    let derived = &unit.derived;
    if view.unit(id).is_some_and(|state| state.condition.held_fast) {
        ui.label("held fast: no moving until the keeper frees it");
    } else {
        ui.label(movement_words(view, scenario, id));
    }
    if secret {
        let attacks: Vec<String> = unit
            .weapons
            .iter()
            .map(|carried| carried.weapon.name.clone())
            .chain(
                unit.natural_attacks
                    .iter()
                    .map(|attack| attack.name.clone()),
            )
            .collect();
        if !attacks.is_empty() {
            ui.small(attacks.join(" · "));
        }
        ui.small("Its numbers are the keeper's.");
        return;
    }
    // In the monospace font, whose dots (a rulebook's ●●○○○) are whole.
    ui.label(
        egui::RichText::new(
            scenario
                .ruleset
                .words()
                .sheet_line(&unit.characteristics, &unit.derived),
        )
        .small()
        .monospace(),
    );
    if let Some(armor) = &unit.armor {
        let over = armor.covers.as_ref().map_or(String::new(), |parts| {
            let parts: Vec<&str> = parts.iter().map(|part| part.words()).collect();
            format!(" over the {}", parts.join(", "))
        });
        ui.small(format!("Armor: {} ({}){over}", armor.name, armor.points));
    }
    let round = view.round();
    for (index, carried) in unit.weapons.iter().enumerate() {
        let weapon = &carried.weapon;
        let skill = unit.skill(scenario.ruleset.as_ref(), &weapon.skill);
        let state = view
            .weapon_state(id, index)
            .map(|state| weapon_state_words(weapon, &state, round))
            .filter(|words| !words.is_empty())
            .map_or_else(String::new, |words| format!(" · {words}"));
        // A speciality in it (a Secondary ability) is named with what it is worth.
        let secondary = weapon
            .secondary
            .as_deref()
            .filter(|_| unit.has_secondary(weapon.secondary.as_deref()))
            .zip(scenario.ruleset.sheet().secondary_value())
            .map_or_else(String::new, |(name, value)| {
                let words = scenario
                    .ruleset
                    .words()
                    .demand_words(&crate::rules::roll::Demand::new(0, vec![value]))
                    .modifiers;
                format!(" · {name}: {words}")
            });
        let text = format!(
            "{} · {}{secondary}{state}",
            weapon.name,
            scenario.ruleset.words().weapon_words(weapon, skill)
        );
        if view.in_hand(id) == Some(WeaponChoice::Carried(index)) {
            ui.label(egui::RichText::new(format!("▶ {text}")).strong());
        } else {
            ui.small(text);
        }
    }
    for attack in &unit.natural_attacks {
        ui.small(format!(
            "{} · {}% · {}",
            attack.name, attack.skill, attack.damage
        ));
    }
    if unit.attacks_per_round > 1 {
        ui.small(format!("{} attacks a round", unit.attacks_per_round));
    }
    if range_shown {
        let in_hand = view.in_hand(id).unwrap_or_else(|| unit.default_weapon());
        let weapon = unit.attack_name(in_hand);
        ui.small(format!(
            "Range bands of the {weapon}: point-blank, regular, hard, extreme; dark: out of sight or range."
        ));
    } else if let Some(idle) = view.flow.as_ref().and_then(|flow| {
        view.unit(id)
            .and_then(|state| state.condition.idle_in(flow.round))
    }) {
        ui.small(format!(
            "{}: no action and no moving this round.",
            idle.words()
        ));
    } else if let Some(lost) = view
        .flow
        .as_ref()
        .and_then(|flow| flow.turn)
        .filter(|turn| turn.unit == id)
        .and_then(|turn| turn.action_lost)
    {
        ui.small(format!(
            "No action this turn ({}). Amber: where it may still move, up to {} yards in all.",
            lost.words(),
            tenths_words(derived.moves.most)
        ));
    } else {
        let past_free = if derived.moves.past_free_forfeits {
            "giving up the action"
        } else {
            "at a cost to its other actions"
        };
        ui.small(format!(
            "Blue: move {} yards and still act. Amber: up to {} yards, {past_free}.",
            tenths_words(derived.moves.free),
            tenths_words(derived.moves.most)
        ));
    }
}
