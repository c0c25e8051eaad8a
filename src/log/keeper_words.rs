//! The log's words for the keeper's hand (typed-in dice, corrections, secret rolls) and for
//! hidden units coming into sight.

use crate::battle::UnitId;
use crate::battle::command::Adjustment;
use crate::battle::event::{EventKind, Reveal};
use crate::map::scenario::Scenario;
use crate::words::plural;

/// The words for a keeper's or a reveal's event (empty for any other).
pub(super) fn describe(
    kind: &EventKind,
    name: &dyn Fn(UnitId) -> String,
    scenario: &Scenario,
) -> String {
    match kind {
        EventKind::DiceEntered { faces } => {
            let faces: Vec<String> = faces.iter().map(u32::to_string).collect();
            format!("The keeper enters dice: {}", faces.join(", "))
        }
        EventKind::Adjusted { unit, change } => {
            adjustment_words(name(*unit), change, scenario, *unit)
        }
        EventKind::RolledInSecret { unit, roll } => format!(
            "{} rolls {} in secret: {}",
            name(*unit),
            roll.purpose.name(),
            scenario.ruleset.words().roll_words(roll)
        ),
        EventKind::Revealed { unit, how } => {
            let how = match how {
                Reveal::Attacked => "it attacks".to_string(),
                Reveal::Hurt => "it is hurt".to_string(),
                Reveal::SeenBy(spotter) => format!("{} sees it", name(*spotter)),
                Reveal::Keeper => "the keeper shows it".to_string(),
            };
            format!("{} comes out of hiding: {how}", name(*unit))
        }
        _ => String::new(),
    }
}

fn adjustment_words(who: String, change: &Adjustment, scenario: &Scenario, unit: UnitId) -> String {
    match change {
        Adjustment::HitPoints(points) => {
            format!("The keeper sets {who}'s hit points to {points}")
        }
        Adjustment::Ammunition {
            weapon,
            loaded,
            spare,
        } => {
            let weapon = scenario
                .units
                .get(unit.index())
                .and_then(|spec| spec.weapons.get(*weapon))
                .map_or_else(
                    || "weapon".to_string(),
                    |carried| carried.weapon.name.clone(),
                );
            format!("The keeper sets {who}'s {weapon} to {loaded} loaded, {spare} spare")
        }
        Adjustment::Prone(true) => format!("The keeper lays {who} prone"),
        Adjustment::Prone(false) => format!("The keeper stands {who} up"),
        Adjustment::HeldFast(true) => format!("The keeper holds {who} fast where it stands"),
        Adjustment::HeldFast(false) => format!("The keeper frees {who} to move"),
        Adjustment::Stunned(0) => format!("The keeper lifts {who}'s stun"),
        Adjustment::Stunned(turns) => {
            format!("The keeper stuns {who} for {turns} turn{}", plural(*turns))
        }
        Adjustment::PutOut => format!("The keeper puts out {who}'s flames"),
        Adjustment::Place(at) => format!("The keeper sets {who} down at {at}"),
        Adjustment::Remove => format!("The keeper takes {who} off the map"),
    }
}
