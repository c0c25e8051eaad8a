//! The start menu with 3,000 of the keeper's own scenarios in `scenarios/` (each a copy of the
//! shipped cellar, its map beside them): how long the catalogue takes to list them by their
//! summaries, and the menu to open on them (the default scenario read whole as it is chosen).

use std::path::{Path, PathBuf};
use std::sync::LazyLock;

use gridkeeper::menu::Menu;
use gridkeeper::menu::catalogue::Catalogue;

fn main() {
    divan::main();
}

/// How many scenarios of the keeper's own the menu lists.
const SCENARIOS: usize = 3_000;

/// A folder of 3,000 scenarios, written once.
static FOLDER: LazyLock<PathBuf> = LazyLock::new(|| {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("maps");
    let folder = Path::new(env!("CARGO_TARGET_TMPDIR")).join("menu-3000-scenarios");
    std::fs::create_dir_all(&folder).expect("a scratch folder");
    let cellar = std::fs::read_to_string(root.join("cellar.ron")).expect("shipped");
    std::fs::copy(root.join("cellar.map.ron"), folder.join("cellar.map.ron")).expect("copied");
    for index in 0..SCENARIOS {
        let text = cellar.replace("Cellar melee", &format!("Cellar melee {index}"));
        std::fs::write(folder.join(format!("cellar-{index:04}.ron")), text).expect("written");
    }
    folder
});

#[divan::bench(sample_count = 10)]
fn catalogue_of_3000_scenarios(bencher: divan::Bencher) {
    let folder = FOLDER.as_path();
    bencher.bench(|| {
        let catalogue = Catalogue::gather_from(folder, &[]);
        assert!(catalogue.scenarios.len() > SCENARIOS);
        catalogue
    });
}

#[divan::bench(sample_count = 10)]
fn menu_opened_on_3000_scenarios(bencher: divan::Bencher) {
    let folder = FOLDER.as_path();
    bencher.bench(|| Menu::on(Catalogue::gather_from(folder, &[])));
}
