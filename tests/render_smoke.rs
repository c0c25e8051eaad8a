//! The render smoke test: the real game window draws the start menu beside the default map,
//! and a battle's map and overlay.
//!
//! It needs a display, so it is ignored by a plain `cargo test`; `.ci/run` runs it under Xvfb:
//! `xvfb-run -a -s "-screen 0 1920x1080x24" cargo test --test render_smoke -- --ignored`.
// Plays the shipped files of every rulebook: built with all five.
#![cfg(all_rulebooks)]

use std::collections::HashSet;
use std::process::Command;

#[test]
#[ignore = "needs a display: .ci/run runs it under xvfb-run"]
fn the_window_draws_the_map_and_the_overlay() {
    let shot = screenshot("default", &["maps/warehouse.ron", "--window", "1600x900"]);

    let image = png(&shot);
    let (width, height) = image.dimensions();
    assert!(
        width >= 1200 && height >= 600,
        "screenshot is {width}x{height}"
    );

    let colours: HashSet<[u8; 3]> = image.pixels().map(|pixel| pixel.0).collect();
    assert!(
        colours.len() >= 40,
        "only {} colours: is anything drawn?",
        colours.len()
    );

    // The map fills the left of the window: its middle must show several terrain colours.
    at_least_colours(
        &image,
        width / 10..width * 6 / 10,
        height / 4..height * 3 / 4,
        8,
        "the map area has",
    );

    // The overlay panel on the right is drawn and differs from the map.
    at_least_colours(
        &image,
        width * 83 / 100..width * 99 / 100,
        height / 10..height * 9 / 10,
        4,
        "the side panel has",
    );
    eprintln!(
        "screenshot checked: {} ({width}x{height}, {} colours)",
        shot.display(),
        colours.len()
    );
}

/// With nothing to open, the window opens on the start menu: its panel on the left, the
/// default scenario's map beside it on the right.
#[test]
#[ignore = "needs a display: .ci/run runs it under xvfb-run"]
fn the_window_opens_on_the_menu_beside_the_default_map() {
    let shot = screenshot("menu", &["--window", "1280x720"]);
    let image = png(&shot);
    let (width, height) = image.dimensions();
    at_least_colours(
        &image,
        width / 2..width * 9 / 10,
        height / 4..height * 3 / 4,
        8,
        "the map has",
    );
    // The menu's words on its panel: more than the panel's one fill colour.
    at_least_colours(&image, 0..width / 3, 0..height / 2, 6, "the menu has");
}

/// With `--table-view` a second window opens for the players' screen: its screenshot beside the
/// keeper's shows the map filling it under a banner and over the rolls and ticker.
#[test]
#[ignore = "needs a display: .ci/run runs it under xvfb-run"]
fn the_table_view_draws_the_map_under_its_banner() {
    let shot = screenshot(
        "keeper",
        &["maps/cellar.ron", "--table-view", "--window", "1280x720"],
    );
    let table = shot.with_file_name("keeper-table.png");
    let image = png(&table);
    let (width, height) = image.dimensions();
    assert!(width >= 1200 && height >= 600, "{width}x{height}");
    at_least_colours(
        &image,
        width / 4..width * 3 / 4,
        height / 4..height * 3 / 4,
        8,
        "the map has",
    );
    at_least_colours(&image, 0..width / 3, 0..height / 20, 3, "the banner has");
}

/// A bare map from Tiled, drawn for another game, opens (a bare map has no battle) with its own
/// tileset's art: the crypt wall's grey, which none of Gridkeeper's tiles has, is on screen.
#[test]
#[ignore = "needs a display: .ci/run runs it under xvfb-run"]
fn a_tiled_map_draws_its_own_art() {
    let shot = screenshot("crypt", &["maps/tiled/crypt.tmx", "--window", "1280x720"]);
    let image = png(&shot);
    let (width, height) = image.dimensions();
    let map_area = colours_in(&image, 0..width * 3 / 4, 0..height);
    assert!(
        map_area.contains(&[120, 116, 108]),
        "the crypt wall's own grey is not drawn"
    );
}

/// Run the game with `args` to a screenshot named `name` (and, with the table view, its
/// `name-table.png` beside it), failing on a crash; the screenshot's path.
fn screenshot(name: &str, args: &[&str]) -> std::path::PathBuf {
    let folder = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("render_smoke");
    std::fs::create_dir_all(&folder).expect("a folder for the screenshot");
    let shot = folder.join(format!("{name}.png"));
    for old in [shot.clone(), folder.join(format!("{name}-table.png"))] {
        std::fs::remove_file(old).ok();
    }
    let output = Command::new(env!("CARGO_BIN_EXE_gridkeeper"))
        .args(args)
        .arg("--screenshot")
        .arg(&shot)
        .args(["--frames", "30"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("the game starts");
    let log = String::from_utf8_lossy(&output.stderr);
    assert!(
        output.status.success(),
        "the game exited with {:?}:\n{log}",
        output.status
    );
    assert!(!log.contains("panicked"), "{log}");
    shot
}

/// The screenshot at `path`, read.
fn png(path: &std::path::Path) -> image::RgbImage {
    image::open(path)
        .unwrap_or_else(|error| panic!("{} is a PNG: {error}", path.display()))
        .to_rgb8()
}

/// Fail unless a rectangle of the image shows at least `least` colours (something is drawn
/// there), saying which part it is.
fn at_least_colours(
    image: &image::RgbImage,
    columns: std::ops::Range<u32>,
    rows: std::ops::Range<u32>,
    least: usize,
    what: &str,
) {
    let count = colours_in(image, columns, rows).len();
    assert!(count >= least, "{what} {count} colours");
}

/// The distinct colours in a rectangle of the image.
fn colours_in(
    image: &image::RgbImage,
    columns: std::ops::Range<u32>,
    rows: std::ops::Range<u32>,
) -> HashSet<[u8; 3]> {
    rows.flat_map(|y| columns.clone().map(move |x| (x, y)))
        .map(|(x, y)| image.get_pixel(x, y).0)
        .collect()
}
