//! The shipped scenarios, for the test files that play them.

use std::path::Path;

use gridkeeper::map::scenario::Scenario;

/// The shipped scenario of this path under `maps/`, or the test fails with the reader's message.
pub fn shipped(file: &str) -> Scenario {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("maps")
        .join(file);
    Scenario::load(&path).unwrap_or_else(|error| panic!("{error}"))
}
