//! The keeper's window: dice typed in from the table, undo, the AI held or stepped, and
//! corrections to the selected unit (hit points, rounds, prone, stun, flames, shown, brought
//! in, taken off, set down elsewhere). Each
//! button queues a keeper's order like any other command, so the replay holds it.

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_egui::egui;

use super::view::BattleView;
use crate::ai::AiPause;
use crate::battle::command::{Adjustment, Command, KeeperOrder};
use crate::battle::{Phase, Presence};
use crate::replay::UndoRequest;
use crate::rules::weapons::Feed;
use crate::view::motion::Pace;
use crate::view::orders::ReadyMade;

/// What the keeper is typing.
#[derive(Resource, Debug, Default)]
pub(super) struct KeeperDesk {
    dice: String,
    hit_points: u32,
    /// Rounds loaded and spare in each carried weapon.
    rounds: Vec<(u32, u32)>,
    /// The unit the fields were filled from, and the events there were then (refilled when
    /// another is selected or the battle moves on).
    filled_for: Option<(crate::battle::UnitId, usize)>,
    /// Why the typed dice could not be read.
    problem: Option<String>,
    /// The skill or characteristic the keeper calls for, and whether the roll is secret.
    skill: String,
    secret: bool,
    /// How far the unit is to fall, in feet, and whether the fall is controlled.
    fall_feet: u32,
    fall_controlled: bool,
    /// The unit picked from the rulebook's roster, and the side it is to join.
    recruit: usize,
    recruit_side: usize,
}

/// Read typed dice: faces (1 to 100; a d10's 0 may be typed as 10) and percentile rolls written
/// with a percent sign, each its tens die then its units die ("45%" is 4 then 5, "00%" is 10
/// and 10), apart by spaces or commas.
pub(super) fn read_faces(text: &str) -> Result<Vec<u32>, String> {
    let ten_for_zero = |digit: u32| if digit == 0 { 10 } else { digit };
    let mut faces = Vec::new();
    for word in text
        .split(|letter: char| letter.is_whitespace() || letter == ',')
        .filter(|word| !word.is_empty())
    {
        match word.strip_suffix('%') {
            Some(roll) => {
                let value: u32 = roll
                    .parse()
                    .ok()
                    .filter(|value| *value <= 100 && roll.len() <= 3)
                    .ok_or_else(|| format!("`{word}` is no percentile roll (00% to 99%)"))?;
                faces.extend([ten_for_zero(value / 10 % 10), ten_for_zero(value % 10)]);
            }
            None => {
                let face: u32 = word
                    .parse()
                    .ok()
                    .filter(|face| (1..=100).contains(face))
                    .ok_or_else(|| format!("`{word}` is no face of a die (1 to 100)"))?;
                faces.push(face);
            }
        }
    }
    if faces.is_empty() {
        return Err("type the faces of the dice, or a roll like 45%".to_string());
    }
    Ok(faces)
}

/// What the keeper's tools change besides the battle's queue.
#[derive(SystemParam)]
pub(super) struct KeeperHands<'w> {
    desk: ResMut<'w, KeeperDesk>,
    pause: Option<ResMut<'w, AiPause>>,
    undo: Option<ResMut<'w, UndoRequest>>,
    pace: ResMut<'w, Pace>,
    ready_made: ResMut<'w, ReadyMade>,
    dice: Option<Res<'w, crate::battle::BattleDice>>,
}

/// The keeper's tools, docked in the side panel (or its own tab where the overlay is compact),
/// where a battle is played here (not watched).
pub(super) fn keeper_tools(ui: &mut egui::Ui, hands: &mut KeeperHands, view: &mut BattleView) {
    if view.watching() || view.scenario().is_none() {
        return;
    }
    ui.strong("The keeper's hand");
    let waiting: Vec<String> = hands
        .dice
        .as_ref()
        .map(|dice| dice.dice.waiting().map(|face| face.to_string()).collect())
        .unwrap_or_default();
    dice_entry(ui, &mut hands.desk, view, &waiting);
    ui.horizontal_wrapped(|ui| {
        if let Some(undo) = hands.undo.as_mut()
            && ui
                .button("Undo")
                .on_hover_text(
                    "Take back the last command given here: the battle is played again \
                     without it",
                )
                .clicked()
        {
            undo.0 = true;
        }
        if let Some(pause) = hands.pause.as_mut() {
            ui.checkbox(&mut pause.paused, "Hold the AI");
            if pause.paused && ui.button("Step").clicked() {
                pause.steps += 1;
            }
        }
    });
    ui.horizontal_wrapped(|ui| {
        ui.label("Pace");
        for (words, speed) in [
            ("at once", 0.0),
            ("fast", 2.0),
            ("table", 1.0),
            ("slow", 0.5),
        ] {
            let pace = Pace::at(speed);
            if ui.selectable_label(*hands.pace == pace, words).clicked() {
                *hands.pace = pace;
            }
        }
    });
    unit_corrections(ui, &mut hands.desk, view);
    from_the_roster(ui, &mut hands.desk, &mut hands.ready_made, view);
}

/// A ready-made unit from the rulebook's roster, on a side the keeper picks, brought in at the
/// tile the keeper clicks next.
fn from_the_roster(
    ui: &mut egui::Ui,
    desk: &mut KeeperDesk,
    ready_made: &mut ReadyMade,
    view: &mut BattleView,
) {
    let Some(scenario) = view.scenario().cloned() else {
        return;
    };
    let units = ready_made.units(scenario.ruleset.as_ref());
    if units.is_empty() {
        return;
    }
    ui.separator();
    ui.strong("From the roster");
    desk.recruit = desk.recruit.min(units.len() - 1);
    desk.recruit_side = desk
        .recruit_side
        .min(scenario.sides.len().saturating_sub(1));
    // One to a line, as wide as the panel allows: a narrow panel never cuts them off.
    let width = (ui.available_width() - 24.0).clamp(80.0, 260.0);
    egui::ComboBox::from_id_salt("roster unit")
        .width(width)
        .selected_text(&units[desk.recruit].name)
        .show_ui(ui, |ui| {
            for (index, unit) in units.iter().enumerate() {
                let words = format!("{} ({})", unit.name, unit.side);
                ui.selectable_value(&mut desk.recruit, index, words);
            }
        });
    egui::ComboBox::from_id_salt("roster side")
        .width(width)
        .selected_text(format!("for {}", scenario.sides[desk.recruit_side].name))
        .show_ui(ui, |ui| {
            for (index, side) in scenario.sides.iter().enumerate() {
                ui.selectable_value(&mut desk.recruit_side, index, &side.name);
            }
        });
    if ui
        .button("Bring in…")
        .on_hover_text("Then click the free tile it comes in on")
        .clicked()
    {
        *view.intent = crate::view::orders::Intent::KeeperEnlist {
            entry: desk.recruit,
            side: desk.recruit_side,
        };
    }
}

fn dice_entry(ui: &mut egui::Ui, desk: &mut KeeperDesk, view: &mut BattleView, waiting: &[String]) {
    ui.label("Dice rolled at the table, for the next roll:");
    if !waiting.is_empty() {
        ui.colored_label(
            ui.visuals().warn_fg_color,
            format!("Waiting to be rolled: {}", waiting.join(", ")),
        )
        .on_hover_text(
            "The next rolls take these faces in order. A percentile roll takes its tens die, \
             then the tens of any bonus or penalty dice, then its units die",
        );
    }
    ui.horizontal_wrapped(|ui| {
        let typed = ui.add(
            egui::TextEdit::singleline(&mut desk.dice)
                .hint_text("45% 3")
                .desired_width(140.0),
        );
        let entered = typed.lost_focus() && ui.input(|input| input.key_pressed(egui::Key::Enter));
        if ui.button("Enter dice").clicked() || entered {
            match read_faces(&desk.dice) {
                Ok(faces) => {
                    view.order(Command::Keeper(KeeperOrder::EnterDice { faces }));
                    desk.dice.clear();
                    desk.problem = None;
                }
                Err(problem) => desk.problem = Some(problem),
            }
        }
    });
    if let Some(problem) = &desk.problem {
        ui.colored_label(ui.visuals().warn_fg_color, problem);
    }
}

fn unit_corrections(ui: &mut egui::Ui, desk: &mut KeeperDesk, view: &mut BattleView) {
    let (Some(unit), Some(scenario)) = (view.selected(), view.scenario().cloned()) else {
        ui.label("Select a unit to correct it.");
        return;
    };
    let Some(state) = view.unit(unit) else {
        return;
    };
    let spec = &scenario.units[unit.index()];
    let now = (unit, view.events().len());
    if desk.filled_for != Some(now) {
        desk.filled_for = Some(now);
        desk.hit_points = state.vitals.hit_points;
        desk.rounds = (0..spec.weapons.len())
            .map(|index| {
                let ammunition = state.arsenal.state(index).ammunition;
                (ammunition.loaded, ammunition.spare)
            })
            .collect();
    }
    ui.strong(&spec.name);
    let keeper = |order: KeeperOrder| Command::Keeper(order);
    // While an attack waits for its answer the battle takes no corrections but a reveal.
    let answer_waits = view
        .flow
        .as_ref()
        .is_some_and(|flow| matches!(flow.phase, Phase::Defending(_)));
    if answer_waits {
        if state.condition.hidden && ui.button("Reveal").clicked() {
            view.order(keeper(KeeperOrder::Reveal { unit }));
        }
        ui.small("Corrections wait until the attack is answered (typed dice do not).");
        return;
    }
    let adjust = |change: Adjustment| keeper(KeeperOrder::Adjust { unit, change });
    let mut orders = Vec::new();
    let mut place = false;
    if state.at.is_some() {
        ui.horizontal_wrapped(|ui| {
            ui.label("Hit points");
            ui.add(
                egui::DragValue::new(&mut desk.hit_points).range(0..=state.vitals.max_hit_points),
            );
            if ui.button("Set").clicked() {
                orders.push(adjust(Adjustment::HitPoints(desk.hit_points)));
            }
            ui.small(format!(
                "now {} of {}",
                state.vitals.hit_points, state.vitals.max_hit_points
            ));
        });
        ui.horizontal_wrapped(|ui| {
            let prone = state.condition.prone;
            if ui
                .button(if prone { "Stand up" } else { "Lay prone" })
                .clicked()
            {
                orders.push(adjust(Adjustment::Prone(!prone)));
            }
            let held_fast = state.condition.held_fast;
            if ui
                .button(if held_fast { "Free" } else { "Hold fast" })
                .on_hover_text(if held_fast {
                    "It may move again"
                } else {
                    "Bound or trapped where it stands: it cannot move, and is easier to hit \
                     where the rulebook says so"
                })
                .clicked()
            {
                orders.push(adjust(Adjustment::HeldFast(!held_fast)));
            }
            if state.condition.hidden && ui.button("Reveal").clicked() {
                orders.push(keeper(KeeperOrder::Reveal { unit }));
            }
            if ui.button("Take off the map").clicked() {
                orders.push(adjust(Adjustment::Remove));
            }
            if ui
                .button("Set down elsewhere…")
                .on_hover_text(
                    "Then click the tile to move its token to, whoever's turn it is (or drag \
                     the token there)",
                )
                .clicked()
            {
                place = true;
            }
            if state.condition.stunned_turns > 0 {
                if ui.button("Shake off the stun").clicked() {
                    orders.push(adjust(Adjustment::Stunned(0)));
                }
            } else if ui
                .button("Stun")
                .on_hover_text("It loses its next turn")
                .clicked()
            {
                orders.push(adjust(Adjustment::Stunned(1)));
            }
            if state.condition.burning.is_some() && ui.button("Put out the flames").clicked() {
                orders.push(adjust(Adjustment::PutOut));
            }
        });
        orders.extend(ammunition_rows(ui, desk, spec).map(adjust));
        ui.horizontal_wrapped(|ui| {
            ui.add(
                egui::TextEdit::singleline(&mut desk.skill)
                    .hint_text("Listen, CON, Luck")
                    .desired_width(120.0),
            );
            ui.checkbox(&mut desk.secret, "secret");
            if ui
                .add_enabled(!desk.skill.trim().is_empty(), egui::Button::new("Roll"))
                .on_hover_text("A roll the keeper calls for; a secret one the players never see")
                .clicked()
            {
                orders.push(keeper(KeeperOrder::Roll {
                    unit,
                    skill: desk.skill.trim().to_string(),
                    secret: desk.secret,
                }));
            }
        });
        if let Some(falling) = scenario.ruleset.mechanisms().falling {
            ui.horizontal_wrapped(|ui| {
                ui.add(
                    egui::DragValue::new(&mut desk.fall_feet)
                        .range(0..=1000)
                        .suffix(" ft"),
                );
                ui.checkbox(&mut desk.fall_controlled, "controlled");
                if ui
                    .add_enabled(desk.fall_feet > 0, egui::Button::new("Fall"))
                    .on_hover_text(format!(
                        "It falls (through a floor, off a ledge): a d{} for each {} feet{}",
                        falling.die,
                        falling.per_feet,
                        if falling.controlled_drops_highest {
                            ", the highest dropped for a controlled fall"
                        } else {
                            ""
                        }
                    ))
                    .clicked()
                {
                    orders.push(keeper(KeeperOrder::Fall {
                        unit,
                        feet: desk.fall_feet,
                        controlled: desk.fall_controlled,
                    }));
                }
            });
        }
    } else if state.condition.presence != Presence::Fled
        && ui
            .button(format!("Bring in at {}", spec.start))
            .on_hover_text("It joins the fight now, at its start tile")
            .clicked()
    {
        orders.push(keeper(KeeperOrder::Bring {
            unit,
            at: spec.start,
        }));
    }
    for order in orders {
        view.order(order);
    }
    if place {
        *view.intent = crate::view::orders::Intent::KeeperPlace(unit);
    }
}

/// A row for each carried weapon that takes rounds: loaded and spare, set at once.
fn ammunition_rows(
    ui: &mut egui::Ui,
    desk: &mut KeeperDesk,
    spec: &crate::map::scenario::UnitSpec,
) -> Option<Adjustment> {
    let mut change = None;
    for (weapon, carried) in spec.weapons.iter().enumerate() {
        if carried.weapon.feed() == Feed::Nothing {
            continue;
        }
        let Some((loaded, spare)) = desk.rounds.get_mut(weapon) else {
            continue;
        };
        ui.horizontal_wrapped(|ui| {
            ui.label(&carried.weapon.name);
            ui.add(
                egui::DragValue::new(loaded)
                    .range(0..=carried.weapon.capacity().max(1))
                    .suffix(" loaded"),
            );
            ui.add(egui::DragValue::new(spare).range(0..=999).suffix(" spare"));
            if ui.button("Set").clicked() {
                change = Some(Adjustment::Ammunition {
                    weapon,
                    loaded: *loaded,
                    spare: *spare,
                });
            }
        });
    }
    change
}

#[cfg(test)]
mod tests {
    use super::read_faces;

    #[test]
    fn typed_dice_read_as_faces_and_percentile_rolls_as_two_d10s() {
        assert_eq!(read_faces("45% 3"), Ok(vec![4, 5, 3]));
        assert_eq!(read_faces("00%, 100"), Ok(vec![10, 10, 100]));
        assert_eq!(read_faces("7%"), Ok(vec![10, 7]));
        assert_eq!(read_faces(" 6,6 "), Ok(vec![6, 6]));
        assert!(read_faces("").is_err());
        assert!(read_faces("0").is_err());
        assert!(read_faces("101").is_err());
        assert!(read_faces("450%").is_err());
        assert!(read_faces("four").is_err());
    }
}
