//! The egui overlay, laid out for a table watching a TV as much as for one player: the turn
//! order down the left, the action bar and the selected unit's card on the right, the latest
//! rolls drawn as dice and the whole combat log along the bottom, the defender's prompt and the
//! key help as windows over the map. Panels only: they read the game's resources, queue commands
//! and hold no rules. The overlay can be scaled, switched to high contrast and put fullscreen.

mod actions;
mod cards;
mod contest_card;
mod defence;
mod dice;
mod effects;
mod harm_cards;
mod help;
mod journal;
mod keeper;
mod labels;
pub mod layout;
mod offers;
mod order;
mod outcome;
pub mod panels;
mod playback;
mod rolls;
mod side_panel;
mod table;
mod view;
mod weapon_buttons;

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy::window::{MonitorSelection, PrimaryWindow, WindowMode};
use bevy_egui::input::egui_wants_any_keyboard_input;
use bevy_egui::{
    EguiContexts, EguiGlobalSettings, EguiPlugin, EguiPrimaryContextPass, PrimaryEguiContext, egui,
};
use leafwing_input_manager::prelude::ActionState;

use crate::battle::scope::BattleScoped;
use crate::battle::{ActiveRuleset, BattleDice, EventLog, TilePosition, UnitId};
use crate::input::{KeyMap, KeyMapNotice, MapAction};
use crate::map::scenario::{Scenario, UnitSpec};
use crate::replay::{SaveNotices, SaveState};
use crate::schedule::{AppSystems, Screen};
use crate::view::camera::{CentreOn, MapInsets};
use crate::view::hover::HoveredTile;
use crate::view::overlay::RangeOverlayShown;
use crate::view::preview::{AimReadout, AnswerReadout, BlastReadout};
use crate::view::table::TableViewWanted;
use crate::view::{ShownMap, Unseen};
use view::BattleView;

/// The width of the right-hand panel in points at scale 1; the map is drawn beside it.
const SIDE_PANEL_WIDTH: f32 = 350.0;
/// The width of the turn order down the left, in points at scale 1.
const ORDER_PANEL_WIDTH: f32 = 220.0;
/// The height of the rolls and the log along the bottom, in points at scale 1.
const BOTTOM_PANEL_HEIGHT: f32 = 240.0;

/// The overlay's sizes, from small to large: scale 1.5 is for a TV across the room.
pub const UI_SCALES: [f32; 8] = [0.75, 1.0, 1.25, 1.5, 1.75, 2.0, 2.25, 2.5];

/// How the overlay looks and what is open.
#[derive(Resource, Debug, Clone, PartialEq)]
pub struct UiSettings {
    /// How much larger than normal the text and panels are.
    pub scale: f32,
    pub high_contrast: bool,
    pub help_shown: bool,
    /// The end-of-battle window was closed.
    pub outcome_closed: bool,
    /// The keeper's window is open.
    pub keeper_shown: bool,
    /// The table view opens with the game.
    pub table_view: bool,
    /// How fast the battle is shown at the start (0: at once).
    pub pace: f32,
}

impl Default for UiSettings {
    fn default() -> Self {
        Self {
            scale: 1.0,
            high_contrast: false,
            help_shown: false,
            outcome_closed: false,
            keeper_shown: false,
            table_view: false,
            pace: 1.0,
        }
    }
}

impl UiSettings {
    /// One size larger (or smaller), as far as the sizes go.
    fn step_scale(&mut self, larger: bool) {
        let at = UI_SCALES
            .iter()
            .position(|scale| *scale >= self.scale - 0.01)
            .unwrap_or(1);
        let next = if larger {
            (at + 1).min(UI_SCALES.len() - 1)
        } else {
            at.saturating_sub(1)
        };
        self.scale = UI_SCALES[next];
    }
}

/// Short messages on screen: a key map that could not be used, a log saved.
#[derive(Resource, Debug, Clone, Default, PartialEq)]
pub struct Notices(pub Vec<String>);

pub(super) fn plugin(app: &mut App) {
    app.add_plugins(EguiPlugin::default())
        .init_resource::<UiSettings>()
        .init_resource::<Notices>()
        .init_resource::<panels::PanelState>()
        .battle_view::<journal::LogFilter>()
        .battle_view::<keeper::KeeperDesk>()
        .init_resource::<layout::CompactTab>()
        .add_plugins(table::plugin)
        .insert_resource(MapInsets {
            right: SIDE_PANEL_WIDTH,
            ..default()
        })
        .add_systems(Startup, (spawn_overlay_camera, show_the_key_map_notice))
        .init_resource::<crate::view::KeeperEyes>()
        .add_systems(Update, (gather_save_notices, keeper_eyes))
        .add_systems(
            Update,
            overlay_keys
                .run_if(not(egui_wants_any_keyboard_input))
                .in_set(AppSystems::Interact),
        )
        .add_systems(
            EguiPrimaryContextPass,
            (
                apply_the_look,
                (labels::map_labels, panels)
                    .chain()
                    .run_if(in_state(Screen::Battle)),
            )
                .chain(),
        )
        .add_systems(OnEnter(Screen::Battle), fresh_keeper_desk);
}

/// The overlay gets a camera of its own over the whole window, drawn after the map camera, so
/// the map camera can keep to the area between the panels.
fn spawn_overlay_camera(mut commands: Commands, mut settings: ResMut<EguiGlobalSettings>) {
    settings.auto_create_primary_context = false;
    commands.spawn((
        Name::new("Overlay camera"),
        PrimaryEguiContext,
        crate::view::camera::overlay_camera(),
    ));
}

/// A key map that could not be used is said on screen.
fn show_the_key_map_notice(notice: Option<Res<KeyMapNotice>>, mut notices: ResMut<Notices>) {
    if let Some(message) = notice.and_then(|notice| notice.0.clone()) {
        notices.0.push(message);
    }
}

/// What saving had to say is said on screen.
fn gather_save_notices(saves: Option<ResMut<SaveNotices>>, mut notices: ResMut<Notices>) {
    if let Some(mut saves) = saves
        && !saves.0.is_empty()
    {
        notices.0.append(&mut saves.0);
    }
}

/// A battle begun has a clean keeper's desk: no dice typed for the last one.
fn fresh_keeper_desk(mut desk: ResMut<keeper::KeeperDesk>) {
    *desk = keeper::KeeperDesk::default();
}

/// The ways out of a battle the panels offer: the fight from its start, or the menu.
pub(super) struct WaysOut<'a> {
    pub restart: &'a mut crate::replay::RestartRequest,
    pub screen: &'a mut NextState<Screen>,
}

/// The window reads as the keeper while the keeper's tools are out.
fn keeper_eyes(settings: Res<UiSettings>, mut eyes: ResMut<crate::view::KeeperEyes>) {
    eyes.set_if_neq(crate::view::KeeperEyes(settings.keeper_shown));
}

fn side_colour(scenario: &Scenario, unit: &UnitSpec) -> egui::Color32 {
    let (red, green, blue) = scenario.sides[unit.side].colour;
    egui::Color32::from_rgb(red, green, blue)
}

/// The overlay's keys: help, larger and smaller, fullscreen, high contrast, saving the log.
fn overlay_keys(
    controls: Single<&ActionState<MapAction>>,
    mut settings: ResMut<UiSettings>,
    mut windows: Query<(&mut Window, Has<PrimaryWindow>)>,
    events: Option<Res<EventLog>>,
    scenario: Option<Res<crate::battle::ActiveScenario>>,
    dice: Option<Res<BattleDice>>,
    mut notices: ResMut<Notices>,
) {
    if controls.just_pressed(&MapAction::ToggleHelp) {
        settings.help_shown = !settings.help_shown;
    }
    if controls.just_pressed(&MapAction::UiLarger) {
        settings.step_scale(true);
    }
    if controls.just_pressed(&MapAction::UiSmaller) {
        settings.step_scale(false);
    }
    if controls.just_pressed(&MapAction::ToggleHighContrast) {
        settings.high_contrast = !settings.high_contrast;
    }
    // Fullscreen is for the window the key was pressed in: the table's, on the TV, or the
    // keeper's.
    if controls.just_pressed(&MapAction::ToggleFullscreen)
        && let Some((mut window, _)) = windows
            .iter_mut()
            .max_by_key(|(window, primary)| (window.focused, *primary))
    {
        window.mode = match window.mode {
            WindowMode::Windowed => WindowMode::BorderlessFullscreen(MonitorSelection::Current),
            _ => WindowMode::Windowed,
        };
    }
    if controls.just_pressed(&MapAction::ExportLog)
        && let (Some(events), Some(scenario), Some(dice)) = (events, scenario, dice)
    {
        notices
            .0
            .push(journal::export(&events.0, &scenario.0, dice.seed));
    }
}

/// Text sizes at scale 1: large enough to read across a room once scaled by 1.5.
const TEXT_SIZES: [(egui::TextStyle, f32); 5] = [
    (egui::TextStyle::Small, 11.5),
    (egui::TextStyle::Body, 14.0),
    (egui::TextStyle::Button, 14.0),
    (egui::TextStyle::Heading, 20.0),
    (egui::TextStyle::Monospace, 13.0),
];

/// Apply the scale, the text sizes and the colours whenever the settings change.
fn apply_the_look(
    mut contexts: EguiContexts,
    settings: Res<UiSettings>,
    mut applied: Local<Option<UiSettings>>,
) -> Result {
    if applied.as_ref() == Some(&*settings) {
        return Ok(());
    }
    style(contexts.ctx_mut()?, &settings);
    *applied = Some(settings.clone());
    Ok(())
}

/// Give a context (the keeper's window's or the table view's) the scale, text sizes and
/// colours of the settings.
fn style(context: &egui::Context, settings: &UiSettings) {
    context.set_zoom_factor(settings.scale);
    context.set_theme(egui::Theme::Dark);
    let high_contrast = settings.high_contrast;
    context.all_styles_mut(|style| {
        for (text_style, size) in TEXT_SIZES {
            if let Some(font) = style.text_styles.get_mut(&text_style) {
                font.size = size;
            }
        }
        style.visuals = if high_contrast {
            high_contrast_visuals()
        } else {
            egui::Visuals::dark()
        };
    });
}

/// Black panels, white text, thick bright outlines: for a projector in a lit room.
fn high_contrast_visuals() -> egui::Visuals {
    let mut visuals = egui::Visuals::dark();
    visuals.override_text_color = Some(egui::Color32::WHITE);
    visuals.panel_fill = egui::Color32::BLACK;
    visuals.window_fill = egui::Color32::BLACK;
    visuals.extreme_bg_color = egui::Color32::BLACK;
    visuals.window_stroke = egui::Stroke::new(2.0, egui::Color32::WHITE);
    visuals.selection.bg_fill = egui::Color32::from_rgb(0, 90, 200);
    visuals.selection.stroke = egui::Stroke::new(2.0, egui::Color32::YELLOW);
    for widgets in [
        &mut visuals.widgets.noninteractive,
        &mut visuals.widgets.inactive,
        &mut visuals.widgets.hovered,
        &mut visuals.widgets.active,
    ] {
        widgets.fg_stroke = egui::Stroke::new(2.0, egui::Color32::WHITE);
        widgets.bg_stroke = egui::Stroke::new(1.5, egui::Color32::from_gray(200));
    }
    visuals.widgets.inactive.weak_bg_fill = egui::Color32::from_gray(40);
    visuals.widgets.hovered.weak_bg_fill = egui::Color32::from_rgb(0, 70, 150);
    visuals
}

/// What the panels read besides the battle: the map, what is under the pointer, the settings.
#[derive(SystemParam)]
struct PanelInputs<'w, 's> {
    window: Single<'w, 's, &'static Window, With<PrimaryWindow>>,
    map: Res<'w, ShownMap>,
    ruleset: Res<'w, ActiveRuleset>,
    range_shown: Res<'w, RangeOverlayShown>,
    hovered: Res<'w, HoveredTile>,
    aim: Res<'w, AimReadout>,
    blast: Res<'w, BlastReadout>,
    positions: Query<'w, 's, (&'static UnitId, &'static TilePosition), Without<Unseen>>,
    dice: Option<Res<'w, BattleDice>>,
    keys: Option<Res<'w, KeyMap>>,
    answers: Res<'w, AnswerReadout>,
    saved: Option<Res<'w, SaveState>>,
}

/// Lay out the panels (the order on the left, the action bar and card on the right, the rolls
/// and the log along the bottom), tell the map camera what room they leave, then the windows.
fn panels(
    mut contexts: EguiContexts,
    inputs: PanelInputs,
    mut view: BattleView,
    mut settings: ResMut<UiSettings>,
    mut filter: ResMut<journal::LogFilter>,
    mut notices: ResMut<Notices>,
    mut insets: ResMut<MapInsets>,
    mut centre: ResMut<CentreOn>,
    mut hands: keeper::KeeperHands,
    mut restart: ResMut<crate::replay::RestartRequest>,
    mut next_screen: ResMut<NextState<Screen>>,
    mut layout_state: ResMut<layout::CompactTab>,
    mut table_wanted: ResMut<TableViewWanted>,
) -> Result {
    let context = contexts.ctx_mut()?.clone();
    let mut root = layout::root_ui(&context, "gridkeeper-root");
    let scenario = view.scenario().cloned();
    let seed = inputs.dice.as_ref().map_or(0, |dice| dice.seed);
    let room = context.viewport_rect().size();
    let keeper_shown = settings.keeper_shown && !view.watching() && scenario.is_some();
    let mut ways_out = WaysOut {
        restart: &mut restart,
        screen: &mut next_screen,
    };
    let (left, right, bottom) = if let (true, Some(scenario)) = (layout::compact(room), &scenario) {
        // Too little room for three panels (a large scale on a small screen): one panel, its
        // parts as tabs.
        let right = egui::Panel::right("side-panel")
            .resizable(false)
            .exact_size(layout::compact_panel_width(room))
            .show(&mut root, |ui| {
                let tab = layout::tab_bar(ui, &mut layout_state, keeper_shown);
                match tab {
                    layout::Tab::Battle => {
                        side_panel::side_panel(
                            ui,
                            &inputs,
                            &mut view,
                            (&mut settings, &mut table_wanted),
                            &mut ways_out,
                        );
                    }
                    layout::Tab::Order => {
                        order::turn_order(ui, scenario, &mut view, &mut centre);
                    }
                    layout::Tab::Rolls => rolls::roll_panel(ui, scenario, &view),
                    layout::Tab::Log => {
                        journal::log_panel(ui, scenario, &view, &mut filter, &mut notices, seed);
                    }
                    // Taller than a small screen at a large scale: it scrolls.
                    layout::Tab::Keeper => {
                        egui::ScrollArea::vertical().show(ui, |ui| {
                            keeper::keeper_tools(ui, &mut hands, &mut view);
                        });
                    }
                }
            })
            .response
            .rect;
        (None, right, None)
    } else {
        let left = scenario.as_ref().map(|scenario| {
            egui::Panel::left("turn-order")
                .resizable(false)
                .exact_size(ORDER_PANEL_WIDTH)
                .show(&mut root, |ui| {
                    order::turn_order(ui, scenario, &mut view, &mut centre);
                })
                .response
                .rect
        });
        let right = egui::Panel::right("side-panel")
            .resizable(false)
            .exact_size(SIDE_PANEL_WIDTH)
            .show(&mut root, |ui| {
                if keeper_shown {
                    ui.add_space(6.0);
                    keeper::keeper_tools(ui, &mut hands, &mut view);
                    ui.separator();
                }
                side_panel::side_panel(
                    ui,
                    &inputs,
                    &mut view,
                    (&mut settings, &mut table_wanted),
                    &mut ways_out,
                );
            })
            .response
            .rect;
        let bottom = scenario.as_ref().map(|scenario| {
            egui::Panel::bottom("rolls-and-log")
                .resizable(false)
                .exact_size(BOTTOM_PANEL_HEIGHT.min(room.y * layout::BOTTOM_SHARE))
                .show(&mut root, |ui| {
                    ui.horizontal_top(|ui| {
                        rolls::roll_panel(ui, scenario, &view);
                        ui.separator();
                        journal::log_panel(ui, scenario, &view, &mut filter, &mut notices, seed);
                    });
                })
                .response
                .rect
        });
        (left, right, bottom)
    };
    // Panels are measured in points; the map camera wants logical window pixels.
    let to_logical = context.pixels_per_point() / inputs.window.scale_factor();
    let measured = MapInsets {
        left: left.map_or(0.0, |rect| rect.width() * to_logical),
        right: right.width() * to_logical,
        top: 0.0,
        bottom: bottom.map_or(0.0, |rect| rect.height() * to_logical),
    };
    insets.set_if_neq(measured);
    defence::defence_prompt(&context, &mut view, inputs.answers.0.as_ref());
    let unsaved = SaveState::default();
    let saved = inputs.saved.as_deref().unwrap_or(&unsaved);
    let seed = inputs.dice.as_ref().map(|dice| dice.seed);
    outcome::outcome_window(&context, &mut settings, &view, (saved, seed), &mut ways_out);
    let keys = inputs
        .keys
        .as_ref()
        .map_or_else(KeyMap::defaults, |keys| (**keys).clone());
    help::help_window(&context, &mut settings, &keys);
    help::notices(&context, &mut notices, saved);
    Ok(())
}
