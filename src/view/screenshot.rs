//! `--screenshot PATH --frames N`: capture the window after N frames, save it, and exit.

use std::path::PathBuf;

use bevy::prelude::*;
use bevy::render::view::screenshot::{Screenshot, ScreenshotCaptured};

/// A screenshot asked for on the command line.
#[derive(Resource, Debug, Clone)]
pub struct ScreenshotRequest {
    pub path: PathBuf,
    /// Frames to wait before capturing, so assets have loaded and the overlay has laid out.
    pub frames: u32,
}

/// Frames to wait for the capture to come back before giving up with an error.
const CAPTURE_TIMEOUT_FRAMES: u32 = 600;

#[derive(Resource, Debug, Default)]
struct CaptureState {
    frames_seen: u32,
    requested: bool,
    /// Captures asked for and not yet saved (the keeper's window, and the table view's).
    waiting: std::sync::Arc<std::sync::atomic::AtomicU32>,
}

/// The table view's screenshot is saved beside the window's: `shot.png` and `shot-table.png`.
pub fn table_path(path: &std::path::Path) -> PathBuf {
    let stem = path
        .file_stem()
        .map_or_else(|| "screenshot".into(), |stem| stem.to_string_lossy());
    path.with_file_name(format!("{stem}-table.png"))
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<CaptureState>().add_systems(
        Update,
        capture_after_frames.run_if(resource_exists::<ScreenshotRequest>),
    );
}

fn capture_after_frames(
    mut commands: Commands,
    request: Res<ScreenshotRequest>,
    table: Option<Res<super::table::TableView>>,
    mut state: ResMut<CaptureState>,
    mut exit: MessageWriter<AppExit>,
) {
    state.frames_seen += 1;
    if !state.requested && state.frames_seen >= request.frames {
        state.requested = true;
        let mut shots = vec![(Screenshot::primary_window(), request.path.clone())];
        if let Some(table) = table {
            shots.push((Screenshot::window(table.window), table_path(&request.path)));
        }
        let waiting = state.waiting.clone();
        waiting.store(
            u32::try_from(shots.len()).unwrap_or(1),
            std::sync::atomic::Ordering::SeqCst,
        );
        for (shot, path) in shots {
            let waiting = waiting.clone();
            commands.spawn(shot).observe(
                move |captured: On<ScreenshotCaptured>, mut exit: MessageWriter<AppExit>| {
                    match save_png(&captured.image, &path) {
                        Ok(()) => {
                            info!("screenshot saved to {}", path.display());
                            let left =
                                waiting.fetch_sub(1, std::sync::atomic::Ordering::SeqCst) - 1;
                            if left == 0 {
                                exit.write(AppExit::Success);
                            }
                        }
                        Err(reason) => {
                            error!(
                                "could not save the screenshot to {}: {reason}",
                                path.display()
                            );
                            exit.write(AppExit::from_code(1));
                        }
                    }
                },
            );
        }
    }
    if state.frames_seen > request.frames + CAPTURE_TIMEOUT_FRAMES {
        error!("the screenshot never came back from the renderer");
        exit.write(AppExit::from_code(1));
    }
}

/// Save the captured image as PNG, atomically: written beside the target, then renamed.
fn save_png(image: &Image, path: &std::path::Path) -> Result<(), String> {
    let rgb = image
        .clone()
        .try_into_dynamic()
        .map_err(|error| error.to_string())?
        .to_rgb8();
    if let Some(folder) = path
        .parent()
        .filter(|folder| !folder.as_os_str().is_empty())
    {
        std::fs::create_dir_all(folder).map_err(|error| error.to_string())?;
    }
    let partial = path.with_extension("partial.png");
    rgb.save(&partial).map_err(|error| error.to_string())?;
    std::fs::rename(&partial, path).map_err(|error| error.to_string())
}
