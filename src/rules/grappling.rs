//! The seam's questions of grapples: the maneuvers a rulebook offers and what allows them, a
//! grapple settled at once, breath held under a strangle, and the resistance table they (and a
//! knock-out) are weighed on. A rulebook with none has them all answered plainly (`NoGrappling`).

use super::grapple::{GrappleContest, ManeuverGoal};
use super::opposed::{ManeuverAllowance, Resistance};

/// A rulebook's grapples (CoC's and BRP's maneuvers, the d100 house sheet's contest).
pub trait Grappling {
    /// Whether a fighting maneuver is possible between these Builds, and at what penalty.
    fn maneuver(&self, _maneuvering_build: i32, _opponent_build: i32) -> ManeuverAllowance {
        ManeuverAllowance::Impossible
    }

    /// The maneuvers the rulebook offers a unit holding no one, or (`holding`) one holding an
    /// opponent.
    fn maneuver_goals(&self, _holding: bool) -> &'static [ManeuverGoal] {
        &[]
    }

    /// Where grapples are opposed rolls at a minimum settled at once (the d100 house sheet):
    /// their terms. `None`: grapples as the sheet's `grapple_skill` says.
    fn grapple_contest(&self) -> Option<GrappleContest> {
        None
    }

    /// The chance that a unit of this CON, strangled, holds its breath through the `round`th
    /// round of it (counting from 1).
    fn breath_chance(&self, _constitution: u32, _round: u32) -> u32 {
        0
    }

    /// The rulebook's resistance table: an active value against a passive one (`None`: it has
    /// none).
    fn resistance(&self, _active: u32, _passive: u32) -> Option<Resistance> {
        None
    }
}

/// A rulebook with none of these: every answer the plain one.
pub struct NoGrappling;

impl Grappling for NoGrappling {}
