//! The end of a round: what lapses, burns, bleeds and dies as it closes, and whether the
//! battle goes on to the next.

use super::event::{EventKind, WoundState};
use super::state::Battle;
use super::{UnitId, Vital};

/// The end of a round: lapsed delays, fuses, fire, strangling, what the rulebook's own state
/// does then (units knocked out coming to in BRP, the western's wounds located and bleeding),
/// and dying units' CON rolls; the round has ended (the flow goes on to the next, or ends the
/// battle).
pub(super) fn end_round(battle: &mut Battle) {
    let lapsed: Vec<UnitId> = battle
        .flow()
        .delayed
        .iter()
        .map(|(unit, _)| *unit)
        .collect();
    battle.flow_mut().delayed.clear();
    for unit in lapsed {
        battle.emit(EventKind::DelayLapsed { unit });
    }
    super::blast::fuses_burn_down(battle);
    super::effects::burn(battle);
    super::grapple::choke(battle);
    let hooks = super::hooks::of(battle);
    hooks.round_ends(battle);
    let round = battle.round();
    for unit in battle.unit_ids() {
        let vitals = battle.vitals(unit);
        if vitals.vital == Vital::Dying
            && vitals.dying_since < round
            && !hooks.dying_holds_on(battle, unit)
        {
            battle.set_vitals(
                unit,
                super::Vitals {
                    vital: Vital::Dead,
                    ..vitals
                },
            );
            battle.emit(EventKind::WoundChanged {
                unit,
                from: WoundState::Dying,
                to: WoundState::Dead,
            });
        }
    }
    battle.emit(EventKind::RoundEnded);
}
