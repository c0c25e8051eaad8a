//! Every rulebook's UI plugin, the one list the window adds beside its overlay: a rulebook with
//! no controls of its own in the panels has none here.

use bevy::prelude::*;

/// The rulebooks' own controls in the overlay's panels.
pub fn plugin(app: &mut App) {
    #[cfg(feature = "d10_pool")]
    app.add_plugins(super::d10_pool::ui::plugin);
    #[cfg(feature = "frontier")]
    app.add_plugins(super::frontier::ui::plugin);
    #[cfg(not(any(feature = "d10_pool", feature = "frontier")))]
    let _ = app;
}
