//! What a cherry that does no damage does in its place (the d100 house sheet): a blinding, a
//! daze, a disarm, a knock-down, a grip at once, a Monkey Dodge held for the next attack aimed
//! at the striker, or a second helping, one more blow the exchange strikes at once.

use super::UnitId;
use super::event::EventKind;
use super::state::Battle;
use crate::rules::cherries::Cherry;

/// What a cherry that does no damage does instead, taken by `from`'s blow on `to`; whether it
/// is a second helping, one more blow the exchange strikes at once.
pub(super) fn instead(battle: &mut Battle, (from, to): (UnitId, UnitId), cherry: Cherry) -> bool {
    let Some(terms) = battle.scenario.ruleset.cherries() else {
        return false;
    };
    match cherry {
        Cherry::Blind => {
            let until = battle
                .round()
                .saturating_add(terms.blind_rounds.saturating_sub(1));
            battle.change_condition(to, |condition| {
                condition.blinded_until = condition.blinded_until.max(until);
            });
            battle.emit(EventKind::Blinded {
                unit: to,
                until_round: until,
            });
        }
        Cherry::Dazed => {
            super::knock_down::daze(battle, to, terms.daze_rounds);
        }
        Cherry::Disarm => super::arms::disarm(battle, to),
        Cherry::KnockDown => super::knock_down::knock_down(battle, to),
        Cherry::KungFuGrip => super::wrestling::seize(battle, from, to),
        Cherry::MonkeyDodge => {
            battle.change_condition(from, |condition| condition.monkey_dodge = true);
        }
        Cherry::SecondHelping => return true,
        Cherry::BigHurt | Cherry::MoreHurt | Cherry::NewDamage => {}
    }
    false
}
