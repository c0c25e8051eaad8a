//! The end of a round: what lapses, burns, bleeds and dies as it closes, and whether the
//! battle goes on to the next.

use super::event::{EventKind, WoundState};
use super::state::Battle;
use super::wounds::{Blow, harm};
use super::{UnitId, Vital};

/// The end of a round: lapsed delays, fuses, fire, strangling, units coming to, wounds located
/// and bleeding (the western), and dying units' CON rolls; the round has ended (the flow goes
/// on to the next, or ends the battle).
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
    super::wounds::come_to(battle);
    locate_and_bleed(battle);
    let round = battle.round();
    for unit in battle.unit_ids() {
        let vitals = battle.vitals(unit);
        if vitals.vital == Vital::Dying && vitals.dying_since < round {
            // CoC: a CON roll each round, death on a failure; BRP: death at the end of the
            // round after the fall, unless healed before.
            let dies = if battle.scenario.ruleset.dying_roll() {
                let constitution = battle.spec(unit).characteristics.constitution;
                !battle
                    .roll_characteristic(unit, "CON", constitution, Vec::new())
                    .success
            } else {
                true
            };
            if dies {
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
    }
    battle.emit(EventKind::RoundEnded);
}

/// As the round ends: each unit's bullet and blade wounds of the round are located on the
/// rulebook's table, a d100 each, units in the scenario's order; then each unit bleeding loses
/// its blood, down past incapacitated to death.
pub(super) fn locate_and_bleed(battle: &mut Battle) {
    let ruleset = battle.scenario.ruleset.clone();
    let wounds = std::mem::take(&mut battle.flow_mut().wounds_to_locate);
    if let Some(table) = ruleset.wound_locations() {
        for unit in battle.unit_ids() {
            for (_, weapon) in wounds.iter().filter(|(wounded, _)| *wounded == unit) {
                let die = battle.die(table.sides);
                battle.emit(EventKind::WoundLocated {
                    unit,
                    weapon: weapon.clone(),
                    die: die.face,
                    part: table.part(die.face),
                });
            }
        }
    }
    let Some(loss) = ruleset.bleeding() else {
        return;
    };
    for unit in battle.unit_ids() {
        if battle.condition(unit).bleeding && battle.vitals(unit).vital != Vital::Dead {
            battle.emit(EventKind::Bled { unit, loss });
            harm(
                battle,
                unit,
                None,
                Blow {
                    bleed: true,
                    ..Blow::unstoppable(loss)
                },
            );
        }
    }
}
