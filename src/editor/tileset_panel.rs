//! The tileset's window over the editor's map: every tile with its art, its class and the
//! terrain a map drawn with it would have there, a kind picked for each tile, each class and
//! every other tile; undo, redo, save beside the tileset, close. And the terrain section's
//! way in: a tileset file named or picked from those found.

use std::path::{Path, PathBuf};

use bevy_egui::egui;

use crate::ui::layout::row;

use super::Editor;
use super::sections::{said_line, undo_and_redo};
use super::tileset::{Mapped, TilesetMapper};
use crate::map::terrain::{LegendEntry, TerrainKind};
use crate::map::tiled_map::{ART_PIXELS, is_tileset};

/// The tiles' art as egui draws it, for the tileset it was made from.
#[derive(Default)]
pub(super) struct TileTextures {
    path: Option<PathBuf>,
    handles: Vec<egui::TextureHandle>,
}

impl TileTextures {
    /// The textures of `mapper`'s tiles, made once for each tileset opened.
    fn of(&mut self, context: &egui::Context, mapper: &TilesetMapper) -> &[egui::TextureHandle] {
        if self.path.as_deref() != Some(mapper.path.as_path()) {
            let side = ART_PIXELS as usize;
            self.handles = mapper
                .pictures
                .iter()
                .flatten()
                .enumerate()
                .map(|(id, pixels)| {
                    context.load_texture(
                        format!("tileset-tile-{id}"),
                        egui::ColorImage::from_rgba_unmultiplied([side, side], pixels),
                        egui::TextureOptions::NEAREST,
                    )
                })
                .collect();
            self.path = Some(mapper.path.clone());
        }
        &self.handles
    }
}

/// The height of a tile's row in the list, in points.
const ROW_HEIGHT: f32 = 36.0;

/// The width of a tile's id, class and properties in its row, in points.
const ID_WIDTH: f32 = 150.0;

/// The tileset's window, while one is open.
pub(super) fn tileset_window(
    context: &egui::Context,
    editor: &mut Editor,
    textures: &mut TileTextures,
) {
    let Some(mapper) = editor.tileset.as_mut() else {
        return;
    };
    let mut open = true;
    let screen = context.content_rect();
    egui::Window::new(format!("Tileset: {}", mapper.name()))
        .id(egui::Id::new("editor-tileset"))
        .open(&mut open)
        .default_width(460.0_f32.min(screen.width() * 0.6))
        .max_height(screen.height() * 0.85)
        .anchor(egui::Align2::RIGHT_TOP, [-12.0, 12.0])
        .show(context, |ui| {
            ui.label(format!(
                "{} tiles · {}",
                mapper.tile_count(),
                mapper.path.display()
            ));
            ui.small(
                "A tile is what its own entry says, else its class's, else its own \
                 properties, else every other tile's. A map drawn with the tileset is refused \
                 where it uses a tile that is nothing.",
            );
            let handles = textures.of(ui.ctx(), mapper);
            let classes = mapper.classes();
            // Room for every tile, up to what the window leaves below the list for the
            // classes, every other tile and the buttons.
            let below = ROW_HEIGHT * (4.0 + classes.len() as f32);
            let list_height = (mapper.tile_count() as f32 * ROW_HEIGHT)
                .min(screen.height() * 0.85 - below - ROW_HEIGHT * 3.0)
                .max(ROW_HEIGHT * 3.0);
            egui::ScrollArea::vertical()
                .min_scrolled_height(list_height)
                .max_height(list_height)
                .auto_shrink([false, true])
                .show_rows(ui, ROW_HEIGHT, mapper.tile_count() as usize, |ui, rows| {
                    for id in rows {
                        let id = u32::try_from(id).unwrap_or(u32::MAX);
                        tile_row(ui, mapper, id, handles.get(id as usize));
                    }
                });
            ui.separator();
            for class in classes {
                ui.horizontal(|ui| {
                    ui.label(format!("Class `{class}`"));
                    let what = Mapped::Class(class.clone());
                    kind_choice(ui, mapper, &what, ("editor-tileset-class", &class));
                });
            }
            ui.horizontal(|ui| {
                ui.label("Every other tile");
                kind_choice(ui, mapper, &Mapped::Otherwise, "editor-tileset-otherwise");
            });
            said_line(ui, mapper.said.as_ref());
            row(ui, |ui| {
                let (undo, redo) = undo_and_redo(ui, (mapper.can_undo(), mapper.can_redo()));
                if undo {
                    mapper.undo();
                }
                if redo {
                    mapper.redo();
                }
                if ui
                    .button("Save")
                    .on_hover_text(format!("Save to {}", mapper.mapping_path().display()))
                    .clicked()
                {
                    mapper.save();
                }
            });
        });
    if !open {
        editor.tileset = None;
    }
}

/// One tile: its art, id and class, what it is now, and the kind picked for it.
fn tile_row(
    ui: &mut egui::Ui,
    mapper: &mut TilesetMapper,
    id: u32,
    picture: Option<&egui::TextureHandle>,
) {
    ui.horizontal(|ui| {
        ui.set_height(ROW_HEIGHT - 4.0);
        match picture {
            Some(texture) => {
                ui.add(egui::Image::new(texture).fit_to_exact_size(egui::vec2(32.0, 32.0)));
            }
            None => {
                ui.add_space(32.0);
            }
        }
        let class = mapper
            .class_of(id)
            .map(|class| format!(" · {class}"))
            .unwrap_or_default();
        // The id, class and properties in a column of one width, so the choices line up.
        ui.allocate_ui_with_layout(
            egui::vec2(ID_WIDTH, ROW_HEIGHT - 4.0),
            egui::Layout::left_to_right(egui::Align::Center),
            |ui| {
                ui.set_min_width(ID_WIDTH);
                ui.label(format!("{id}{class}"));
                if let Some(properties) = mapper.properties_of(id) {
                    ui.small(properties);
                }
            },
        );
        kind_choice(ui, mapper, &Mapped::Tile(id), ("editor-tileset-tile", id));
        match mapper.terrain(id) {
            Ok(Some(terrain)) => ui.small(format!("is {}", terrain.name)),
            Ok(None) => ui.colored_label(egui::Color32::from_rgb(240, 170, 90), "nothing"),
            Err(why) => ui.colored_label(egui::Color32::from_rgb(240, 120, 100), why),
        };
    });
}

/// The kind picked for a tile, a class or every other tile: "—" for no entry of its own.
fn kind_choice(
    ui: &mut egui::Ui,
    mapper: &mut TilesetMapper,
    what: &Mapped,
    salt: impl std::hash::Hash + std::fmt::Debug,
) {
    let current = mapper.entry(what).map(LegendEntry::kind);
    let mut chosen = current;
    egui::ComboBox::from_id_salt(salt)
        .width(120.0)
        .selected_text(current.map_or("—", TerrainKind::label))
        .show_ui(ui, |ui| {
            ui.selectable_value(&mut chosen, None, "—");
            for kind in TerrainKind::ALL {
                ui.selectable_value(&mut chosen, Some(kind), kind.label());
            }
        });
    if chosen != current {
        mapper.set(what, chosen);
    }
}

/// The terrain section's way to a tileset: a file named, or one of those found.
pub(super) fn open_a_tileset(ui: &mut egui::Ui, editor: &mut Editor) {
    egui::CollapsingHeader::new("Map a tileset")
        .id_salt("editor-open-tileset")
        .show(ui, |ui| {
            ui.small(
                "Say what each tile of a Tiled tileset drawn for another game is, once: every \
                 map drawn with it then plays.",
            );
            let mut chosen = None;
            row(ui, |ui| {
                ui.add(
                    egui::TextEdit::singleline(&mut editor.tileset_typed)
                        .hint_text("a .tsx or .tsj file")
                        .desired_width(200.0),
                );
                if ui.button("Open").clicked() {
                    chosen = Some(PathBuf::from(editor.tileset_typed.trim()));
                }
            });
            for path in &editor.tilesets_found {
                if ui.link(path.display().to_string()).clicked() {
                    chosen = Some(path.clone());
                }
            }
            if let Some(path) = chosen {
                editor.open_tileset(&path);
            }
        });
}

/// The tileset files in the folders a keeper keeps them in: where the game was started, its
/// `maps/tiled/` and `tiled/`, and the scene's own folder.
pub(super) fn tilesets_in(scene: Option<&Path>) -> Vec<PathBuf> {
    let mut folders = vec![
        PathBuf::from("."),
        PathBuf::from("maps/tiled"),
        PathBuf::from("tiled"),
    ];
    folders.extend(scene.and_then(Path::parent).map(Path::to_path_buf));
    let mut found: Vec<PathBuf> = folders
        .iter()
        .filter_map(|folder| std::fs::read_dir(folder).ok())
        .flat_map(|entries| entries.filter_map(Result::ok).map(|entry| entry.path()))
        .filter(|path| is_tileset(path) && path.is_file())
        .map(|path| {
            path.strip_prefix("./")
                .map(Path::to_path_buf)
                .unwrap_or(path)
        })
        .collect();
    found.sort();
    found.dedup();
    found
}
