//! The egui overlay: the side panel with the turn, the units and the log, the defender's
//! prompt, unit names under their tokens and the aim label. Panels only: it reads the game's
//! resources, queues commands and holds no rules.

mod battle;

use bevy::camera::CameraOutputMode;
use bevy::camera::visibility::RenderLayers;
use bevy::prelude::*;
use bevy::render::render_resource::BlendState;
use bevy::window::PrimaryWindow;
use bevy_egui::{
    EguiContexts, EguiGlobalSettings, EguiPlugin, EguiPrimaryContextPass, PrimaryEguiContext, egui,
};

use crate::ActiveRuleset;
use crate::battle::{ActiveScenario, TilePosition, UnitId};
use crate::map::scenario::{Scenario, UnitSpec};
use crate::view::camera::MapCamera;
use crate::view::hover::HoveredTile;
use crate::view::overlay::{RangeOverlayShown, Selection};
use crate::view::preview::{AimReadout, BlastReadout};
use crate::view::{MapGeometry, ShownMap, TILE_SIZE};
use battle::BattleView;

/// The width of the side panel in logical pixels; the map is drawn beside it.
pub const SIDE_PANEL_WIDTH: f32 = 320.0;

pub(super) fn plugin(app: &mut App) {
    app.add_plugins(EguiPlugin::default())
        .add_systems(Startup, spawn_overlay_camera)
        .add_systems(EguiPrimaryContextPass, (map_labels, side_panel).chain());
}

/// The overlay gets a camera of its own over the whole window, drawn after the map camera, so
/// the map camera can keep to the area beside the panel.
fn spawn_overlay_camera(mut commands: Commands, mut settings: ResMut<EguiGlobalSettings>) {
    settings.auto_create_primary_context = false;
    commands.spawn((
        Name::new("Overlay camera"),
        PrimaryEguiContext,
        Camera2d,
        RenderLayers::none(),
        Camera {
            order: 1,
            output_mode: CameraOutputMode::Write {
                blend_state: Some(BlendState::ALPHA_BLENDING),
                clear_color: ClearColorConfig::None,
            },
            clear_color: ClearColorConfig::Custom(Color::NONE),
            ..default()
        },
    ));
}

fn side_colour(scenario: &Scenario, unit: &UnitSpec) -> egui::Color32 {
    let (red, green, blue) = scenario.sides[unit.side].colour;
    egui::Color32::from_rgb(red, green, blue)
}

/// Names by the tokens, the hovered tile's coordinates and terrain, and the aim label by the
/// target, painted behind the panel.
///
/// Labels never cover each other or another token: each goes below its token, else above,
/// else as initials; a name that still does not fit is left to the panel and the pointer.
/// The selected unit and the one under the pointer are placed first.
fn map_labels(
    mut contexts: EguiContexts,
    scenario: Option<Res<ActiveScenario>>,
    map: Res<ShownMap>,
    units: Query<(&UnitId, &TilePosition)>,
    camera: Single<(&Camera, &GlobalTransform), With<MapCamera>>,
    window: Single<&Window, With<PrimaryWindow>>,
    selection: Res<Selection>,
    hovered: Res<HoveredTile>,
    aim: Res<AimReadout>,
    blast: Res<BlastReadout>,
) -> Result {
    let Some(scenario) = scenario else {
        return Ok(());
    };
    let context = contexts.ctx_mut()?;
    let (camera, transform) = *camera;
    // Window logical pixels to egui points.
    let to_points = window.scale_factor() / context.pixels_per_point();
    // Keep labels to the map's part of the window, off the panel.
    let map_area = camera
        .logical_viewport_rect()
        .map_or(context.viewport_rect(), |area| {
            egui::Rect::from_min_max(
                egui::pos2(area.min.x * to_points, area.min.y * to_points),
                egui::pos2(area.max.x * to_points, area.max.y * to_points),
            )
        });
    let painter = context
        .layer_painter(egui::LayerId::new(
            egui::Order::Background,
            egui::Id::new("map-labels"),
        ))
        .with_clip_rect(map_area);
    let geometry = MapGeometry::of(&map.0);
    let screen = |world: Vec2| {
        camera
            .world_to_viewport(transform, world.extend(0.0))
            .ok()
            .map(|at| egui::pos2(at.x * to_points, at.y * to_points))
    };
    let token_half = screen(Vec2::ZERO)
        .zip(screen(Vec2::new(TILE_SIZE * 0.43, 0.0)))
        .map_or(0.0, |(origin, edge)| (edge.x - origin.x).abs());
    let mut tokens: Vec<(UnitId, egui::Pos2)> = units
        .iter()
        .filter_map(|(id, position)| screen(geometry.centre(position.0)).map(|at| (*id, at)))
        .collect();
    let wanted = |id: &UnitId| {
        let pointed = hovered.tile.is_some_and(|tile| {
            units
                .iter()
                .any(|(unit, position)| unit == id && position.0 == tile)
        });
        selection.0 == Some(*id) || pointed
    };
    tokens.sort_by(|a, b| {
        wanted(&b.0)
            .cmp(&wanted(&a.0))
            .then(a.1.y.total_cmp(&b.1.y))
    });
    let token_rects: Vec<(UnitId, egui::Rect)> = tokens
        .iter()
        .map(|(id, at)| {
            (
                *id,
                egui::Rect::from_center_size(*at, egui::vec2(2.0 * token_half, 2.0 * token_half)),
            )
        })
        .collect();
    let font = egui::FontId::proportional(13.0);
    let mut placed: Vec<egui::Rect> = Vec::new();
    for (id, at) in &tokens {
        let unit = &scenario.0.units[id.index()];
        let below = *at + egui::vec2(0.0, token_half + 2.0);
        let above = *at - egui::vec2(0.0, token_half + 2.0);
        let candidates = [
            (below, unit.name.clone(), egui::Align2::CENTER_TOP),
            (above, unit.name.clone(), egui::Align2::CENTER_BOTTOM),
            (below, initials(&unit.name), egui::Align2::CENTER_TOP),
            (above, initials(&unit.name), egui::Align2::CENTER_BOTTOM),
        ];
        for (anchor_at, text, anchor) in candidates {
            let galley = painter.layout_no_wrap(text, font.clone(), egui::Color32::WHITE);
            let rect = plate(anchor_at, galley.size(), anchor);
            // The selected unit and the one pointed at are named even over other tokens.
            let clashes = placed.iter().any(|other| other.intersects(rect))
                || (!wanted(id)
                    && token_rects
                        .iter()
                        .any(|(other, token)| other != id && token.intersects(rect)));
            if !clashes {
                label(&painter, rect, galley, side_colour(&scenario.0, unit));
                placed.push(rect);
                break;
            }
        }
    }
    let aimed_at = aim
        .0
        .as_ref()
        .and_then(|aim| {
            tokens
                .iter()
                .find(|(id, _)| *id == aim.target)
                .map(|(_, at)| (aim.label(), *at))
        })
        .or_else(|| {
            blast.0.as_ref().and_then(|sketch| {
                screen(geometry.centre(sketch.centre)).map(|at| (sketch.headline.clone(), at))
            })
        });
    if let Some((text, at)) = aimed_at {
        let galley =
            painter.layout_no_wrap(text, egui::FontId::proportional(16.0), egui::Color32::WHITE);
        let rect = plate(
            at - egui::vec2(0.0, token_half + 4.0),
            galley.size(),
            egui::Align2::CENTER_BOTTOM,
        );
        label(
            &painter,
            rect,
            galley,
            egui::Color32::from_rgb(255, 225, 120),
        );
        placed.push(rect);
    }
    if let Some(tile) = hovered.tile
        && let Some(terrain) = map.0.terrain(tile)
    {
        let galley = painter.layout_no_wrap(
            format!("{tile} {}", terrain.name),
            egui::FontId::proportional(12.0),
            egui::Color32::WHITE,
        );
        // Beside a corner of the tile, the first corner where no other label is in the way;
        // where every corner is taken the panel still names the tile.
        let centre = geometry.centre(tile);
        let half = TILE_SIZE * 0.5;
        let corners = [
            (Vec2::new(half, -half), egui::Align2::LEFT_TOP),
            (Vec2::new(half, half), egui::Align2::LEFT_BOTTOM),
            (Vec2::new(-half, -half), egui::Align2::RIGHT_TOP),
            (Vec2::new(-half, half), egui::Align2::RIGHT_BOTTOM),
        ];
        let rects: Vec<egui::Rect> = corners
            .iter()
            .filter_map(|(offset, anchor)| {
                screen(centre + *offset).map(|at| plate(at, galley.size(), *anchor))
            })
            .collect();
        if let Some(rect) = rects
            .iter()
            .find(|rect| !placed.iter().any(|other| other.intersects(**rect)))
        {
            label(
                &painter,
                *rect,
                galley,
                egui::Color32::from_rgb(255, 240, 100),
            );
        }
    }
    Ok(())
}

/// "Harvey Walters" to "HW", "Ghoul of the Corbitt house" to "GC": the capitals of its words.
fn initials(name: &str) -> String {
    name.split_whitespace()
        .filter_map(|word| word.chars().next())
        .filter(|letter| letter.is_uppercase())
        .collect()
}

/// The rect of a label plate for text of `size` anchored at `at`.
fn plate(at: egui::Pos2, size: egui::Vec2, anchor: egui::Align2) -> egui::Rect {
    anchor.anchor_size(at, size).expand2(egui::vec2(5.0, 2.0))
}

/// Text on a dark rounded plate with a coloured edge, readable over any terrain.
fn label(
    painter: &egui::Painter,
    rect: egui::Rect,
    galley: std::sync::Arc<egui::Galley>,
    edge: egui::Color32,
) {
    painter.rect(
        rect,
        4.0,
        egui::Color32::from_black_alpha(200),
        egui::Stroke::new(1.5, edge),
        egui::StrokeKind::Outside,
    );
    painter.galley(
        rect.min + egui::vec2(5.0, 2.0),
        galley,
        egui::Color32::WHITE,
    );
}

/// The right-hand panel: the scenario and the turn, the selected unit, the tile under the
/// pointer and the aim, and the log.
fn side_panel(
    mut contexts: EguiContexts,
    map: Res<ShownMap>,
    ruleset: Res<ActiveRuleset>,
    range_shown: Res<RangeOverlayShown>,
    hovered: Res<HoveredTile>,
    aim: Res<AimReadout>,
    blast: Res<BlastReadout>,
    positions: Query<(&UnitId, &TilePosition)>,
    mut view: BattleView,
) -> Result {
    let context = contexts.ctx_mut()?.clone();
    let mut root = egui::Ui::new(
        context.clone(),
        "gridkeeper-root".into(),
        egui::UiBuilder::new()
            .layer_id(egui::LayerId::background())
            .max_rect(context.viewport_rect()),
    );
    let map = &map.0;
    let scenario = view.scenario().cloned();
    egui::Panel::right("side-panel")
        .resizable(false)
        .exact_size(SIDE_PANEL_WIDTH)
        .show(&mut root, |ui| {
            ui.add_space(8.0);
            match &scenario {
                Some(scenario) => {
                    ui.heading(&scenario.name);
                    ui.label(&scenario.description);
                }
                None => {
                    ui.heading(&map.name);
                    ui.label(&map.description);
                }
            }
            ui.small(format!("{} · {} × {} yards", ruleset.0.name(), map.width(), map.height()));
            ui.separator();
            if let Some(scenario) = &scenario {
                sides(ui, scenario, &view);
                ui.separator();
                battle::turn_controls(ui, &mut view);
                ui.separator();
                match view.selected() {
                    Some(id) => unit_card(ui, scenario, id, range_shown.0, &view),
                    None => {
                        ui.label("Click a unit to see where it can move and shoot.");
                    }
                }
                ui.separator();
            }
            if let Some(tile) = hovered.tile
                && let Some(terrain) = map.terrain(tile)
            {
                ui.strong(format!("Tile {tile}: {}", terrain.name));
                let mut notes = Vec::new();
                if terrain.blocks_movement {
                    notes.push("impassable".to_string());
                } else if terrain.move_cost > 1 {
                    notes.push(format!("costs ×{} to cross", terrain.move_cost));
                }
                if terrain.blocks_sight {
                    notes.push("blocks sight".to_string());
                }
                if terrain.cover != crate::map::Cover::None {
                    notes.push(format!("cover, armor {}", terrain.armor));
                }
                if let Some(scenario) = &scenario
                    && let Some((id, _)) = positions.iter().find(|(_, position)| position.0 == tile)
                {
                    notes.push(format!("{} stands here", scenario.units[id.index()].name));
                }
                notes.extend(view.charges_at(tile));
                if !notes.is_empty() {
                    ui.label(notes.join(" · "));
                }
            }
            let highlight = egui::Color32::from_rgb(255, 225, 120);
            if let Some(aim) = &aim.0 {
                ui.separator();
                ui.strong(format!("{} at the target", aim.weapon));
                ui.label(egui::RichText::new(aim.label()).size(18.0).color(highlight));
                for roll in &aim.rolls {
                    ui.small(roll);
                }
            } else if let Some(sketch) = &blast.0 {
                ui.separator();
                ui.strong(format!("Blast at {}", sketch.centre));
                ui.label(egui::RichText::new(&sketch.headline).size(16.0).color(highlight));
                if let Some(scenario) = &scenario {
                    for (unit, divisor) in &sketch.caught {
                        let share = match divisor {
                            1 => "full damage",
                            2 => "half damage",
                            _ => "a quarter",
                        };
                        ui.small(format!("{}: {share}", scenario.units[unit.index()].name));
                    }
                    for unit in &sketch.shielded {
                        ui.small(format!("{}: behind cover", scenario.units[unit.index()].name));
                    }
                }
            }
            if scenario.is_some() {
                ui.separator();
                ui.strong("Log");
                battle::event_log(ui, &view);
            }
            ui.with_layout(egui::Layout::bottom_up(egui::Align::Min), |ui| {
                ui.small("Keys: WASD/arrows pan · wheel or +/− zoom · right-drag pan · G grid · R range bands · Esc cancel");
            });
        });
    battle::defence_prompt(&context, &mut view);
    Ok(())
}

fn sides(ui: &mut egui::Ui, scenario: &Scenario, view: &BattleView) {
    for (index, side) in scenario.sides.iter().enumerate() {
        let (red, green, blue) = side.colour;
        let members: Vec<UnitId> = (0..scenario.units.len())
            .filter(|unit| scenario.units[*unit].side == index)
            .map(UnitId::of_index)
            .collect();
        let player = if members.iter().all(|unit| view.played_here(*unit)) {
            "played here"
        } else {
            "played by the AI"
        };
        ui.horizontal_wrapped(|ui| {
            ui.colored_label(egui::Color32::from_rgb(red, green, blue), "⏺");
            ui.label(format!("{} · {} · {player}", side.name, members.len()));
        });
    }
}

fn unit_card(
    ui: &mut egui::Ui,
    scenario: &Scenario,
    id: UnitId,
    range_shown: bool,
    view: &BattleView,
) {
    let unit = &scenario.units[id.index()];
    ui.colored_label(
        side_colour(scenario, unit),
        egui::RichText::new(&unit.name).size(18.0).strong(),
    );
    if let Some(status) = battle::unit_status(view, id) {
        ui.label(status);
    }
    let derived = &unit.derived;
    ui.label(format!(
        "HP {} · MOV {} · DEX {} · Build {} · DB {}",
        derived.hit_points,
        derived.movement,
        unit.characteristics.dexterity,
        derived.build,
        derived.damage_bonus
    ));
    if let Some(armor) = &unit.armor {
        ui.label(format!("Armor: {} ({})", armor.name, armor.points));
    }
    let round = view.round();
    for (index, carried) in unit.weapons.iter().enumerate() {
        let weapon = &carried.weapon;
        let skill = unit.skill(scenario.ruleset.as_ref(), &weapon.skill);
        let state = view
            .weapon_state(id, index)
            .map(|state| battle::weapon_state_words(weapon, &state, round))
            .filter(|words| !words.is_empty())
            .map_or_else(String::new, |words| format!(" · {words}"));
        let in_hand =
            view.in_hand(id) == Some(crate::battle::command::WeaponChoice::Carried(index));
        let text = format!(
            "{} · {} {skill}% · {}{state}",
            weapon.name, weapon.skill, weapon.damage
        );
        if in_hand {
            ui.label(egui::RichText::new(format!("▶ {text}")).strong());
        } else {
            ui.label(text);
        }
    }
    for attack in &unit.natural_attacks {
        ui.label(format!(
            "{} · {}% · {}",
            attack.name, attack.skill, attack.damage
        ));
    }
    if unit.attacks_per_round > 1 {
        ui.label(format!("{} attacks a round", unit.attacks_per_round));
    }
    if range_shown {
        let in_hand = view.in_hand(id).unwrap_or_else(|| unit.default_weapon());
        let weapon = unit.attack_reach(in_hand).0;
        ui.small(format!("Range bands of the {weapon}: point-blank, regular, hard, extreme; dark: out of sight or range."));
    } else {
        ui.small(format!(
            "Blue: move {} yards and still act. Amber: up to {} yards, giving up the action.",
            derived.movement,
            2 * derived.movement
        ));
    }
}
