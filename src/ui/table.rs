//! The table view's overlay, for the players' screen: a banner saying whose turn it is, every
//! unit the players may see as a large token (its side's colour, its initials, a ring for its
//! wound state, its condition in a word), the latest roll as one large card and a short ticker
//! of what happened, fading as it ages. It reads the stream through `log::visibility` and the
//! units' hidden flags: nothing the keeper alone may know is painted here, and there are no
//! controls.

use bevy::prelude::*;
use bevy_egui::{EguiContext, egui};

use super::UiSettings;
use super::dice::{die_sized, tone_colour};
use super::labels::initials;
use crate::battle::event::{Event, EventKind, WoundState};
use crate::battle::scope::BattleEpoch;
use crate::battle::{
    ActiveScenario, Condition, EventLog, Flow, Phase, TilePosition, UnitId, Vitals,
};
use crate::log::visibility::{hidden_after, numbers_secret, players_lines};
use crate::map::scenario::Scenario;
use crate::view::motion::{Motion, Pace};
use crate::view::table::{
    SMALLEST_TABLE_TILE, TableCamera, TableContextPass, TableOverlayCamera, TableTileFloor,
    TableView,
};
use crate::view::{MapGeometry, ShownMap, TILE_SIZE};

/// Lines the ticker shows.
const TICKER_LINES: usize = 6;
/// Seconds a line stays bright before it starts to fade, and by when it is faint.
const BRIGHT_FOR: f64 = 8.0;
const FAINT_BY: f64 = 20.0;
/// The share of the window's height the rolls and ticker may take.
const BOTTOM_SHARE: f32 = 0.28;
/// The height the large roll card needs, in points.
const STRIP_POINTS: f32 = 150.0;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(TableContextPass, table_overlay);
}

/// What the players may read, worked out once for each length of the stream.
#[derive(Default)]
struct PlayersStream {
    /// The battle and the stream's length when this was worked out.
    read: (BattleEpoch, usize),
    /// The players' lines, by event index.
    lines: Vec<(usize, String)>,
    /// The latest roll the players may see, by event index.
    latest_roll: Option<usize>,
    /// Which units were hidden from the players when the last event happened.
    hidden: Vec<bool>,
    /// When each line was first shown (seconds since start), for the fading.
    first_shown: Vec<(usize, f64)>,
}

impl PlayersStream {
    fn follow(&mut self, scenario: &Scenario, events: &[Event], epoch: BattleEpoch, now: f64) {
        let read = (epoch, events.len());
        if read == self.read {
            return;
        }
        if read.0 != self.read.0 || read.1 < self.read.1 {
            // Another battle, or this one taken back (undo) or played again: start afresh.
            *self = Self::default();
        }
        let lines = players_lines(scenario, events);
        let latest_roll = lines
            .iter()
            .rev()
            .map(|(index, _)| *index)
            .find(|index| matches!(events[*index].kind, EventKind::Rolled { .. }));
        for (index, _) in lines.iter().rev().take(TICKER_LINES) {
            if !self.first_shown.iter().any(|(seen, _)| seen == index) {
                self.first_shown.push((*index, now));
            }
        }
        self.read = read;
        self.lines = lines;
        self.latest_roll = latest_roll;
        self.hidden = hidden_after(scenario, events);
    }

    fn shown_since(&self, index: usize) -> Option<f64> {
        self.first_shown
            .iter()
            .find(|(seen, _)| *seen == index)
            .map(|(_, at)| *at)
    }
}

/// The battle as the table view reads it.
#[derive(bevy::ecs::system::SystemParam)]
struct TableInputs<'w, 's> {
    open: Option<Res<'w, TableView>>,
    windows: Query<'w, 's, &'static Window>,
    scenario: Option<Res<'w, ActiveScenario>>,
    flow: Option<Res<'w, Flow>>,
    events: Option<Res<'w, EventLog>>,
    epoch: Option<Res<'w, BattleEpoch>>,
    units: Query<
        'w,
        's,
        (
            &'static UnitId,
            &'static Vitals,
            &'static Condition,
            &'static TilePosition,
            Option<&'static Transform>,
        ),
    >,
    map: Res<'w, ShownMap>,
    motion: Res<'w, Motion>,
    pace: Res<'w, Pace>,
    settings: Res<'w, UiSettings>,
    time: Res<'w, Time>,
}

fn table_overlay(
    inputs: TableInputs,
    mut overlay: Query<&mut EguiContext, With<TableOverlayCamera>>,
    mut table: Query<(&mut Camera, &GlobalTransform), With<TableCamera>>,
    mut stream: Local<PlayersStream>,
    mut styled: Local<Option<UiSettings>>,
    mut floor: ResMut<TableTileFloor>,
) {
    let (Some(open), Some(scenario)) = (inputs.open.as_ref(), inputs.scenario.as_ref()) else {
        return;
    };
    let (Ok(mut context), Ok((mut camera, transform))) = (overlay.single_mut(), table.single_mut())
    else {
        return;
    };
    let Ok(window) = inputs.windows.get(open.window) else {
        return;
    };
    let scenario = &scenario.0;
    let now = inputs.time.elapsed_secs_f64();
    let events = inputs.events.as_ref().map_or(&[][..], |log| &log.0[..]);
    let epoch = inputs.epoch.as_deref().copied().unwrap_or_default();
    stream.follow(scenario, events, epoch, now);
    let context = context.get_mut().clone();
    floor.set_if_neq(TableTileFloor(SMALLEST_TABLE_TILE * inputs.settings.scale));
    if styled.as_ref() != Some(&*inputs.settings) {
        super::style(&context, &inputs.settings);
        *styled = Some(inputs.settings.clone());
    }
    let root_rect = context.viewport_rect();
    let mut root = egui::Ui::new(
        context.clone(),
        "table-root".into(),
        egui::UiBuilder::new()
            .layer_id(egui::LayerId::background())
            .max_rect(root_rect),
    );
    let top = egui::Panel::top("table-banner")
        .resizable(false)
        .show(&mut root, |ui| {
            banner(ui, scenario, inputs.flow.as_deref(), &stream)
        })
        .response
        .rect;
    // The bottom strip keeps to under a third of the window, so the map keeps most of it.
    let strip = (root_rect.height() * BOTTOM_SHARE).clamp(60.0, STRIP_POINTS);
    let bottom = egui::Panel::bottom("table-rolls-and-ticker")
        .resizable(false)
        .exact_size(strip)
        .show(&mut root, |ui| {
            ui.horizontal_top(|ui| {
                roll_card(ui, scenario, events, &stream);
                ui.separator();
                ticker(ui, &stream, now);
            });
        })
        .response
        .rect;
    let map_area = egui::Rect::from_min_max(
        egui::pos2(root_rect.min.x, top.max.y),
        egui::pos2(root_rect.max.x, bottom.min.y),
    );
    fit_the_camera(&mut camera, window, &context, map_area);
    paint_tokens(&context, &camera, transform, &inputs, &stream, map_area);
}

/// Keep the table's map between the banner and the bottom strip (measured in points).
fn fit_the_camera(camera: &mut Camera, window: &Window, context: &egui::Context, area: egui::Rect) {
    let root = context.viewport_rect();
    let to_logical = context.zoom_factor();
    crate::view::camera::keep_to(
        camera,
        window,
        (area.min.x - root.min.x) * to_logical,
        (area.min.y - root.min.y) * to_logical,
        (root.max.x - area.max.x) * to_logical,
        (root.max.y - area.max.y) * to_logical,
    );
}

/// "Round 3 · Harvey Walters's turn", in the side's colour; the keeper's move for a hidden
/// unit; who must answer an attack; how the fight ended.
fn banner(ui: &mut egui::Ui, scenario: &Scenario, flow: Option<&Flow>, stream: &PlayersStream) {
    let big = |text: String| egui::RichText::new(text).heading().strong();
    let shown = |unit: UnitId| !stream.hidden.get(unit.index()).copied().unwrap_or(false);
    let named = |unit: UnitId| {
        let spec = &scenario.units[unit.index()];
        big(spec.name.clone()).color(super::side_colour(scenario, spec))
    };
    ui.add_space(4.0);
    ui.horizontal_wrapped(|ui| {
        let Some(flow) = flow else {
            return;
        };
        match &flow.phase {
            Phase::Over(outcome) => {
                let winner = outcome
                    .winner
                    .and_then(|side| scenario.sides.get(side))
                    .map_or("nobody".to_string(), |side| side.name.clone());
                ui.label(big(format!("The fight is over, won by {winner}")));
                ui.label(egui::RichText::new(&outcome.reason).heading());
            }
            Phase::Defending(pending) if shown(pending.target) => {
                ui.label(big(format!("Round {} ·", flow.round)));
                ui.label(named(pending.target));
                ui.label(big("must answer".to_string()));
                if shown(pending.attacker) {
                    ui.label(named(pending.attacker));
                }
            }
            _ => match flow.acting() {
                None if flow.round == 0 => {
                    ui.label(big("Before the fight".to_string()));
                }
                None => {
                    ui.label(big(format!("Round {}", flow.round)));
                }
                Some(unit) if shown(unit) => {
                    ui.label(big(format!("Round {} ·", flow.round)));
                    ui.label(named(unit));
                    ui.label(big("to act".to_string()));
                }
                Some(_) => {
                    ui.label(big(format!("Round {} · the keeper moves", flow.round)));
                }
            },
        }
    });
    ui.add_space(4.0);
}

/// The latest roll the players may see, large: who rolled what, every die, and what came of
/// it (a secret unit's without what it was rolled against).
fn roll_card(ui: &mut egui::Ui, scenario: &Scenario, events: &[Event], stream: &PlayersStream) {
    let width = (ui.available_width() * 0.45).max(160.0);
    ui.allocate_ui_with_layout(
        egui::vec2(width, ui.available_height()),
        egui::Layout::top_down(egui::Align::Min),
        |ui| {
            egui::ScrollArea::vertical()
                .id_salt("table-roll")
                .show(ui, |ui| roll_sketch(ui, scenario, events, stream));
        },
    );
}

/// The roll itself: who, what, the dice, the verdict.
fn roll_sketch(ui: &mut egui::Ui, scenario: &Scenario, events: &[Event], stream: &PlayersStream) {
    let Some(EventKind::Rolled { unit, roll }) = stream
        .latest_roll
        .and_then(|index| events.get(index))
        .map(|event| &event.kind)
    else {
        ui.label("No roll yet.");
        return;
    };
    let spec = &scenario.units[unit.index()];
    let sketch = scenario.ruleset.words().sketch(roll);
    let secret = numbers_secret(scenario, *unit);
    ui.horizontal_wrapped(|ui| {
        ui.label(
            egui::RichText::new(&spec.name)
                .heading()
                .color(super::side_colour(scenario, spec)),
        );
        let heading = if secret {
            roll.purpose.name().to_string()
        } else {
            sketch.heading.clone()
        };
        ui.label(egui::RichText::new(heading).heading());
    });
    ui.label(
        egui::RichText::new(&sketch.verdict)
            .heading()
            .strong()
            .color(tone_colour(sketch.tone)),
    );
    ui.horizontal_wrapped(|ui| {
        for (group, dice) in sketch.dice.iter().enumerate() {
            if group > 0 {
                ui.label(egui::RichText::new("+").heading());
            }
            for sketched in dice {
                die_sized(ui, sketched, 1.3);
            }
        }
        ui.label(egui::RichText::new(&sketch.reading).heading());
    });
    if !secret && !sketch.thresholds.is_empty() {
        let marks: Vec<&str> = sketch
            .thresholds
            .iter()
            .map(|threshold| threshold.words.as_str())
            .collect();
        ui.label(marks.join(" · "));
    }
}

/// The last few things that happened, newest at the bottom, fading as they age.
fn ticker(ui: &mut egui::Ui, stream: &PlayersStream, now: f64) {
    ui.vertical(|ui| {
        egui::ScrollArea::vertical()
            .id_salt("table-ticker")
            .stick_to_bottom(true)
            .show(ui, |ui| {
                ui.set_width(ui.available_width());
                let from = stream.lines.len().saturating_sub(TICKER_LINES);
                for (index, line) in &stream.lines[from..] {
                    let age = stream.shown_since(*index).map_or(0.0, |at| now - at);
                    let fade = ((age - BRIGHT_FOR) / (FAINT_BY - BRIGHT_FOR)).clamp(0.0, 1.0);
                    #[expect(
                        clippy::cast_possible_truncation,
                        clippy::cast_sign_loss,
                        reason = "a brightness between 90 and 240"
                    )]
                    let grey = (240.0 - 150.0 * fade) as u8;
                    ui.label(egui::RichText::new(line).color(egui::Color32::from_gray(grey)));
                }
            });
    });
}

/// Every unit the players may see, as a large token: a disc in its side's colour with its
/// initials, a ring for its wound state (gold and pulsing round the one acting), squashed when
/// prone or down, crossed out when dead, and its name and condition below.
fn paint_tokens(
    context: &egui::Context,
    camera: &Camera,
    transform: &GlobalTransform,
    inputs: &TableInputs,
    stream: &PlayersStream,
    area: egui::Rect,
) {
    let Some(scenario) = inputs.scenario.as_ref().map(|scenario| &scenario.0) else {
        return;
    };
    let painter = context
        .layer_painter(egui::LayerId::new(
            egui::Order::Background,
            egui::Id::new("table-tokens"),
        ))
        .with_clip_rect(area);
    // The camera's viewport is the map area: its logical pixels from there, in points.
    let zoom = context.zoom_factor();
    let screen = |world: Vec2| {
        camera
            .world_to_viewport(transform, world.extend(0.0))
            .ok()
            .map(|at| area.min + egui::vec2(at.x, at.y) / zoom)
    };
    let geometry = MapGeometry::of(&inputs.map.0);
    let tile = screen(Vec2::ZERO)
        .zip(screen(Vec2::new(TILE_SIZE, 0.0)))
        .map_or(0.0, |(origin, edge)| (edge.x - origin.x).abs());
    let radius = tile * 0.44;
    let acting = inputs.flow.as_ref().and_then(|flow| flow.acting());
    let pulse = (inputs.time.elapsed_secs() * 4.0).sin();
    let hidden = |unit: UnitId| {
        stream.hidden.get(unit.index()).copied().unwrap_or(false)
            || inputs
                .units
                .iter()
                .any(|(id, _, condition, ..)| *id == unit && condition.hidden)
    };
    let now = inputs.time.elapsed_secs();
    super::effects::tracers(
        &painter,
        &screen,
        &inputs.motion,
        *inputs.pace,
        now,
        (radius * 0.12).max(2.0),
        &|unit| !hidden(unit),
    );
    // Labels already placed: a name goes below its token, else above, else it is left to the
    // initials on the token (a condition word is never dropped).
    let mut labels: Vec<egui::Rect> = Vec::new();
    for (unit, vitals, condition, position, token) in &inputs.units {
        if hidden(*unit) {
            continue;
        }
        // Where the keeper's token is (gliding along a move), else the unit's tile.
        let world = token.map_or_else(
            || geometry.centre(position.0),
            |transform| transform.translation.truncate(),
        );
        let Some(centre) = screen(world) else {
            continue;
        };
        let spec = &scenario.units[unit.index()];
        let state = vitals.wound_state();
        let colour = if state == WoundState::Dead {
            egui::Color32::from_gray(80)
        } else {
            super::side_colour(scenario, spec)
        };
        let down = condition.prone || !vitals.conscious();
        let size = if down {
            egui::vec2(radius, radius * 0.62)
        } else {
            egui::vec2(radius, radius)
        };
        if Some(*unit) == acting {
            painter.add(egui::Shape::ellipse_stroke(
                centre,
                size * (1.28 + 0.05 * pulse),
                egui::Stroke::new(radius * 0.14, egui::Color32::from_rgb(255, 200, 30)),
            ));
        }
        // Every other side's tokens are squares, so no one needs the colours to tell sides
        // apart.
        let ring = egui::Stroke::new(radius * 0.16, wound_ring(state, pulse));
        if spec.side % 2 == 1 {
            let square = egui::Rect::from_center_size(centre, size * 1.8);
            painter.rect_filled(square, radius * 0.3, colour);
            painter.rect_stroke(square, radius * 0.3, ring, egui::StrokeKind::Middle);
        } else {
            painter.add(egui::Shape::ellipse_filled(centre, size, colour));
            painter.add(egui::Shape::ellipse_stroke(centre, size, ring));
        }
        let ink = if colour.intensity() > 0.55 {
            egui::Color32::BLACK
        } else {
            egui::Color32::WHITE
        };
        painter.text(
            centre,
            egui::Align2::CENTER_CENTER,
            initials(&spec.name),
            egui::FontId::proportional(size.y * 0.95),
            ink,
        );
        if state == WoundState::Dead {
            let reach = size * 0.8;
            let stroke = egui::Stroke::new(radius * 0.12, egui::Color32::from_rgb(20, 20, 20));
            painter.line_segment([centre - reach, centre + reach], stroke);
            painter.line_segment(
                [
                    centre + egui::vec2(-reach.x, reach.y),
                    centre + egui::vec2(reach.x, -reach.y),
                ],
                stroke,
            );
        }
        let posture = scenario
            .ruleset
            .mechanisms()
            .posture_words(condition.posture())
            .state;
        let condition = condition_word(state, condition, posture);
        let named = match condition {
            Some(condition) => format!("{} · {condition}", spec.name),
            None => spec.name.clone(),
        };
        let font = egui::FontId::proportional((radius * 0.5).clamp(11.0, 22.0));
        let below = (
            egui::Align2::CENTER_TOP,
            centre + egui::vec2(0.0, size.y + 2.0),
        );
        let above = (
            egui::Align2::CENTER_BOTTOM,
            centre - egui::vec2(0.0, size.y * 1.3 + 2.0),
        );
        let galley = painter.layout_no_wrap(named, font.clone(), egui::Color32::WHITE);
        let free = |rect: egui::Rect| !labels.iter().any(|placed| placed.intersects(rect));
        let placed = [below, above]
            .into_iter()
            .map(|(anchor, at)| anchor.anchor_size(at, galley.size()))
            .find(|rect| free(rect.expand(2.0)))
            .map(|rect| (rect, galley))
            .or_else(|| {
                let word =
                    painter.layout_no_wrap(condition?.to_string(), font, egui::Color32::WHITE);
                Some((below.0.anchor_size(below.1, word.size()), word))
            });
        if let Some((rect, galley)) = placed {
            painter.rect_filled(rect.expand(2.0), 3.0, egui::Color32::from_black_alpha(170));
            painter.galley(rect.min, galley, egui::Color32::WHITE);
            labels.push(rect.expand(2.0));
        }
    }
    super::effects::floating_damage(
        &painter,
        &screen,
        &inputs.motion,
        *inputs.pace,
        now,
        (radius * 0.9).max(16.0),
        &|floating| {
            if hidden(floating.unit) {
                None
            } else if numbers_secret(scenario, floating.unit) {
                Some("hit!".to_string())
            } else {
                Some(format!("−{}", floating.taken))
            }
        },
    );
}

/// The ring's colour for a wound state: none to speak of when unhurt, yellow when hurt,
/// orange for a major wound, blue when out cold, teal when stabilised, a pulsing red when
/// dying, black when dead.
fn wound_ring(state: WoundState, pulse: f32) -> egui::Color32 {
    match state {
        WoundState::Unhurt => egui::Color32::from_gray(235),
        WoundState::Hurt => egui::Color32::from_rgb(250, 215, 60),
        WoundState::MajorWound => egui::Color32::from_rgb(255, 130, 20),
        WoundState::Unconscious => egui::Color32::from_rgb(110, 150, 255),
        WoundState::Stabilised => egui::Color32::from_rgb(60, 200, 190),
        #[expect(
            clippy::cast_possible_truncation,
            clippy::cast_sign_loss,
            reason = "a brightness between 170 and 250"
        )]
        WoundState::Dying => egui::Color32::from_rgb((210.0 + 40.0 * pulse) as u8, 30, 30),
        WoundState::Dead => egui::Color32::from_gray(20),
    }
}

/// The word under a token for what the players must see at a glance; `posture` is the
/// posture it has taken, in its rulebook's words.
fn condition_word(
    state: WoundState,
    condition: &Condition,
    posture: &'static str,
) -> Option<&'static str> {
    match state {
        WoundState::Dead => return Some("dead"),
        WoundState::Dying => return Some("dying"),
        WoundState::Unconscious => return Some("out cold"),
        WoundState::Stabilised => return Some("stabilised"),
        WoundState::MajorWound if !condition.prone => return Some("major wound"),
        _ => {}
    }
    if condition.burning.is_some() {
        Some("on fire")
    } else if condition.stunned() {
        Some("stunned")
    } else if condition.prone {
        Some("prone")
    } else if condition.kneeling || condition.ducked {
        Some(posture)
    } else {
        None
    }
}
