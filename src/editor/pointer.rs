//! The editor's hand on the map: the left button paints with the tool chosen (a brush stroke as
//! the pointer is dragged, a line or a rectangle from where the button went down to where it
//! came up), places and takes off units, and marks ways out; the scene's units, ways out and
//! the line or rectangle to come are drawn over the map.

use bevy::prelude::*;

use super::draft::{Edit, line, rectangle};
use super::{Editor, RING, Tool, centre};
use crate::map::Tile;
use crate::view::hover::HoveredTile;
use crate::view::{ShownMap, TILE_SIZE};

/// Act on the left button over the map with the tool chosen.
pub(super) fn paint_with_the_pointer(
    mut editor: ResMut<Editor>,
    buttons: Res<ButtonInput<MouseButton>>,
    hovered: Res<HoveredTile>,
) {
    let tile = hovered.tile;
    let editor = &mut *editor;
    let (pressed, held, released) = (
        buttons.just_pressed(MouseButton::Left),
        buttons.pressed(MouseButton::Left),
        buttons.just_released(MouseButton::Left),
    );
    let symbol = editor.symbol;
    match editor.tool {
        Tool::Brush => {
            if let (true, Some(at)) = (pressed, tile) {
                editor.edit(paint(vec![at], symbol), Some(true));
                editor.pressed_at = Some(at);
            } else if let (true, Some(last), Some(at)) = (held || released, editor.pressed_at, tile)
                && at != last
            {
                // The tiles between, so a quick drag leaves no gaps.
                editor.edit(paint(line(last, at), symbol), Some(false));
                editor.pressed_at = Some(at);
            }
            if (released || !held) && editor.pressed_at.take().is_some() {
                editor.editing.end_stroke();
            }
        }
        Tool::Line | Tool::Rectangle => {
            if let (true, Some(at)) = (pressed, tile) {
                editor.pressed_at = Some(at);
            }
            if released && let (Some(from), Some(to)) = (editor.pressed_at.take(), tile) {
                editor.edit(paint(shape(editor.tool, from, to), symbol), None);
            }
        }
        Tool::Units => {
            if let (true, Some(at)) = (pressed, tile) {
                place_or_take_off(editor, at);
            }
        }
        Tool::Exits => {
            if let (true, Some(at)) = (pressed, tile) {
                editor.edit(Edit::ToggleExit(at), None);
            }
        }
    }
}

fn paint(tiles: Vec<Tile>, symbol: char) -> Edit {
    Edit::Paint { tiles, symbol }
}

/// The tiles a line or a rectangle from `from` to `to` paints.
fn shape(tool: Tool, from: Tile, to: Tile) -> Vec<Tile> {
    match tool {
        Tool::Line => line(from, to),
        _ => rectangle(from, to, true),
    }
}

/// A click with the units tool: the unit standing there taken off, else the chosen roster unit
/// (or a new one) put there on the chosen side.
fn place_or_take_off(editor: &mut Editor, at: Tile) {
    let file = editor.draft().file();
    let edit = if let Some(index) = file.units.iter().position(|unit| unit.at == (at.x, at.y)) {
        Edit::RemoveUnit { index }
    } else if let Some(entry) = editor.recruit_entry() {
        let side = file.sides.get(editor.side).map(|side| side.id.as_str());
        Edit::PlaceUnit(Box::new(editor.draft().recruit(&entry, side, at)))
    } else {
        editor.said = Some((
            "This rulebook has no roster to place from".to_string(),
            true,
        ));
        return;
    };
    editor.edit(edit, None);
}

/// The scene's units (a ring in their side's colour), its ways out (a pale square), and the
/// line or rectangle the button is drawing.
pub(super) fn mark_the_scene(
    editor: Res<Editor>,
    map: Res<ShownMap>,
    hovered: Res<HoveredTile>,
    mut gizmos: Gizmos,
) {
    let file = editor.draft().file();
    for unit in &file.units {
        let colour = file
            .sides
            .iter()
            .position(|side| side.id == unit.side)
            .map_or((200, 200, 200), |index| file.sides[index].colour_at(index));
        gizmos.circle_2d(
            centre(&map, unit.at),
            RING,
            Color::srgb_u8(colour.0, colour.1, colour.2),
        );
    }
    let exit = Color::srgb(0.7, 0.95, 1.0);
    for at in &file.exits {
        gizmos.rect_2d(centre(&map, *at), Vec2::splat(TILE_SIZE * 0.8), exit);
    }
    if let (Tool::Line | Tool::Rectangle, Some(from), Some(to)) =
        (editor.tool, editor.pressed_at, hovered.tile)
    {
        for tile in shape(editor.tool, from, to) {
            gizmos.rect_2d(
                centre(&map, (tile.x, tile.y)),
                Vec2::splat(TILE_SIZE * 0.9),
                Color::srgb(1.0, 0.85, 0.2),
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    #[cfg(feature = "coc7e")]
    use crate::editor::draft::WALL;
    use crate::editor::draft::{Draft, FLOOR};
    use crate::rules::ruleset_id::RulesetId;

    /// The pointer systems alone, on a new 12 x 8 scene.
    fn app() -> App {
        let mut app = App::new();
        let draft = Draft::blank(RulesetId::named("Coc7e"), 12, 8).expect("a size allowed");
        app.insert_resource(Editor::new(draft, None))
            .init_resource::<ButtonInput<MouseButton>>()
            .init_resource::<HoveredTile>()
            .add_systems(Update, paint_with_the_pointer);
        app
    }

    /// One frame with the pointer over `tile`, the left button pressed, held or let go.
    fn frame(app: &mut App, tile: (u32, u32), button: Option<bool>) {
        app.insert_resource(HoveredTile {
            tile: Some(Tile::new(tile.0, tile.1)),
            pinned: false,
        });
        {
            let mut buttons = app.world_mut().resource_mut::<ButtonInput<MouseButton>>();
            buttons.clear();
            match button {
                Some(true) => buttons.press(MouseButton::Left),
                Some(false) => buttons.release(MouseButton::Left),
                None => {}
            }
        }
        app.update();
    }

    fn editor(app: &App) -> &Editor {
        app.world().resource::<Editor>()
    }

    fn symbols(app: &App, tiles: &[(u32, u32)]) -> String {
        tiles
            .iter()
            .map(|(x, y)| {
                editor(app)
                    .draft()
                    .symbol_at(Tile::new(*x, *y))
                    .unwrap_or('?')
            })
            .collect()
    }

    #[test]
    fn a_brush_dragged_paints_every_tile_it_crosses_as_one_change() {
        let mut app = app();
        frame(&mut app, (2, 3), Some(true));
        // A quick drag: the pointer jumps three tiles in a frame; the tiles between are painted.
        frame(&mut app, (5, 3), None);
        frame(&mut app, (7, 3), Some(false));
        assert_eq!(
            symbols(
                &app,
                &[(1, 3), (2, 3), (3, 3), (4, 3), (6, 3), (7, 3), (8, 3)]
            ),
            ".#####."
        );
        let mut app_editor = app.world_mut().resource_mut::<Editor>();
        app_editor.undo();
        assert!(!app_editor.editing.can_undo(), "the stroke was one change");
        assert_eq!(app_editor.draft().symbol_at(Tile::new(5, 3)), Some(FLOOR));
    }

    #[test]
    fn a_line_and_a_rectangle_paint_between_press_and_release() {
        let mut app = app();
        app.world_mut().resource_mut::<Editor>().tool = Tool::Line;
        frame(&mut app, (2, 2), Some(true));
        frame(&mut app, (4, 2), None);
        assert_eq!(
            symbols(&app, &[(3, 2)]),
            ".",
            "nothing is painted until the button is let go"
        );
        frame(&mut app, (5, 2), Some(false));
        assert_eq!(
            symbols(&app, &[(1, 2), (2, 2), (3, 2), (4, 2), (5, 2), (6, 2)]),
            ".####."
        );
        let mut editor = app.world_mut().resource_mut::<Editor>();
        editor.tool = Tool::Rectangle;
        editor.symbol = FLOOR;
        frame(&mut app, (3, 1), Some(true));
        frame(&mut app, (4, 2), Some(false));
        assert_eq!(symbols(&app, &[(2, 2), (3, 2), (4, 2), (5, 2)]), "#..#");
        assert_eq!(editor_undo_count(&mut app), 2);
    }

    /// How many changes can be taken back, taking them all back.
    fn editor_undo_count(app: &mut App) -> usize {
        let mut editor = app.world_mut().resource_mut::<Editor>();
        let mut count = 0;
        while editor.editing.can_undo() {
            editor.undo();
            count += 1;
        }
        count
    }

    #[cfg(feature = "coc7e")]
    #[test]
    fn units_are_placed_from_the_roster_and_taken_off_by_a_click() {
        let mut app = app();
        {
            let mut editor = app.world_mut().resource_mut::<Editor>();
            editor.tool = Tool::Units;
            editor.side = 1;
            editor.recruit = editor
                .roster
                .iter()
                .position(|unit| unit.name == "Ghoul")
                .expect("CoC's roster has a ghoul");
        }
        frame(&mut app, (3, 3), Some(true));
        frame(&mut app, (3, 3), Some(false));
        frame(&mut app, (6, 4), Some(true));
        frame(&mut app, (6, 4), Some(false));
        let units = &editor(&app).draft().file().units;
        assert_eq!(
            units
                .iter()
                .map(|unit| (unit.name.as_str(), unit.side.as_str(), unit.at))
                .collect::<Vec<_>>(),
            [
                ("Ghoul", "opposition", (3, 3)),
                ("Ghoul 2", "opposition", (6, 4))
            ]
        );
        frame(&mut app, (3, 3), Some(true));
        frame(&mut app, (3, 3), Some(false));
        let units = &editor(&app).draft().file().units;
        assert_eq!(units.len(), 1);
        assert_eq!(units[0].name, "Ghoul 2");
        // A way out marked and unmarked.
        app.world_mut().resource_mut::<Editor>().tool = Tool::Exits;
        frame(&mut app, (11, 4), Some(true));
        frame(&mut app, (11, 4), Some(false));
        assert_eq!(editor(&app).draft().file().exits, [(11, 4)]);
        frame(&mut app, (11, 4), Some(true));
        assert!(editor(&app).draft().file().exits.is_empty());
        assert_eq!(editor(&app).draft().symbol_at(Tile::new(11, 4)), Some(WALL));
    }
}
