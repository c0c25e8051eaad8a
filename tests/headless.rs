//! The battle runs headless: the same plugins without a window, built by one shared helper.

use gridkeeper::battle::{TilePosition, UnitId};
use gridkeeper::map::Tile;
use gridkeeper::map::scenario::Scenario;

/// The shared test app: a shipped scenario in the headless App, started.
fn test_app(scenario: &str) -> bevy::app::App {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("maps")
        .join(scenario);
    let scenario = Scenario::load(&path).unwrap_or_else(|error| panic!("{error}"));
    let mut app = gridkeeper::headless_app(scenario);
    app.update();
    app
}

#[test]
fn every_unit_stands_on_its_start_tile_with_a_stable_id() {
    for file in ["warehouse.ron", "farmstead.ron", "cellar.ron"] {
        let mut app = test_app(file);
        let mut placed: Vec<(UnitId, Tile)> = app
            .world_mut()
            .query::<(&UnitId, &TilePosition)>()
            .iter(app.world())
            .map(|(id, position)| (*id, position.0))
            .collect();
        placed.sort();
        let scenario = app
            .world()
            .resource::<gridkeeper::battle::ActiveScenario>()
            .0
            .clone();
        assert_eq!(placed.len(), scenario.units.len(), "{file}");
        for (id, tile) in placed {
            assert_eq!(
                tile,
                scenario.units[id.index()].start,
                "{file}: {}",
                scenario.units[id.index()].name
            );
        }
    }
}
