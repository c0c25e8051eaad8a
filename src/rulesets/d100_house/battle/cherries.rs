//! Cherries (the d100 house sheet, SPECS.md 4.1): a unit whose obsession earns
//! them picks, on its turn, the one it will take on its next matched blow (from those the
//! scenario allows it); the blow then lands it in place of its damage: changed damage (Big
//! Hurt, More Hurt, New Damage), or what the cherry does instead: a blinding, a daze, a
//! disarm, a knock-down, a grip at once, a Monkey Dodge held for the next attack aimed at the
//! striker, or a second helping, one more blow the exchange strikes at once. A Monkey Dodge
//! turns the next attack aimed at the unit that took it on the nearest other unit it could be
//! made at.

use super::condition::{change_house, house};
use super::events::HouseEvent;
use crate::battle::UnitId;
use crate::battle::command::{FireMode, WeaponChoice};
use crate::battle::state::Battle;
use crate::map::range::distance_squared;
use crate::map::scenario::UnitSpec;
use crate::rules::class_rolls::{RollClass, class_of};
use crate::rules::damage::DamageRoll;
use crate::rules::roll_harm::{HitForm, RollHit};
use crate::rulesets::d100_house::cherries::Cherry;
use crate::rulesets::d100_house::cherries::{CHERRIES, cherry_damage};

/// The cherry `unit`'s blow `hit` earns it: the one it picked, where the blow is a matched
/// success struck hand to hand.
pub(super) fn earned(battle: &Battle, unit: UnitId, hit: &RollHit) -> Option<Cherry> {
    let cherry = house(battle, unit).cherry?;
    (hit.form == HitForm::HandToHand
        && class_of(&hit.verdict) == RollClass::MatchedSuccess
        && allowed(battle.spec(unit)).contains(&cherry))
    .then_some(cherry)
}

/// `unit` takes `cherry` with its blow `hit` on `target`: the damage it does in its place,
/// where it does any, rolled with the die the rulebook's terms ask for.
pub(super) fn taken(
    battle: &mut Battle,
    (unit, target): (UnitId, UnitId),
    cherry: Cherry,
    hit: &RollHit,
) -> Option<DamageRoll> {
    battle.emit(HouseEvent::CherryTaken {
        unit,
        target,
        cherry,
    });
    let rolled = CHERRIES.die_for(cherry).map(|sides| battle.die(sides));
    cherry_damage(cherry, hit, rolled)
}

/// Where `target` holds a Monkey Dodge, it is spent on this attack: the other unit, nearest
/// to it, that `allowed` says the attack could be made at (the attacker and those `named`
/// already aside), which the attack turns on; `None` where it is not turned.
fn turned_on(
    battle: &mut Battle,
    (attacker, target): (UnitId, UnitId),
    named: &[UnitId],
    allowed: impl Fn(&Battle, UnitId) -> bool,
) -> Option<UnitId> {
    if !house(battle, target).monkey_dodge {
        return None;
    }
    change_house(battle, target, |house| house.monkey_dodge = false);
    let at = battle.position(target)?;
    let to = battle
        .unit_ids()
        .into_iter()
        .filter(|other| *other != attacker && !named.contains(other) && battle.standing(*other))
        .filter(|other| allowed(battle, *other))
        .filter_map(|other| Some((distance_squared(at, battle.position(other)?), other)))
        .min()
        .map(|(_, other)| other)?;
    battle.emit(HouseEvent::MonkeyDodged {
        unit: target,
        attacker,
        to,
    });
    Some(to)
}

/// The unit `unit`'s blow with `weapon` at `target` turns on, where `target` holds a Monkey
/// Dodge and another unit is in reach.
pub(super) fn blow_target(
    battle: &mut Battle,
    unit: UnitId,
    target: UnitId,
    weapon: WeaponChoice,
) -> Option<UnitId> {
    turned_on(battle, (unit, target), &[target], |battle, other| {
        crate::battle::fighting::strike_allowed(battle, unit, other, weapon).is_ok()
    })
}

/// `unit`'s fire with `choice` in `mode` turned by the Monkey Dodges its targets hold, where
/// any turns it.
pub(super) fn fire_targets(
    battle: &mut Battle,
    unit: UnitId,
    choice: WeaponChoice,
    mode: &FireMode,
) -> Option<FireMode> {
    let named = mode.targets();
    let mut turned = None;
    for target in &named {
        let now: &FireMode = turned.as_ref().unwrap_or(mode);
        let retarget = |battle: &Battle, other: UnitId| {
            crate::battle::volley::plan_fire(battle, unit, choice, &now.retarget(*target, other))
                .is_ok()
        };
        if let Some(to) = turned_on(battle, (unit, *target), &named, retarget) {
            turned = Some(now.retarget(*target, to));
        }
    }
    turned
}

/// What a cherry that does no damage does instead, taken by `from`'s blow on `to`; whether it
/// is a second helping, one more blow the exchange strikes at once.
pub(super) fn instead(battle: &mut Battle, (from, to): (UnitId, UnitId), cherry: Cherry) -> bool {
    let terms = CHERRIES;
    match cherry {
        Cherry::Blind => {
            let until = battle
                .round()
                .saturating_add(terms.blind_rounds.saturating_sub(1));
            change_house(battle, to, |house| {
                house.blinded_until = house.blinded_until.max(until);
            });
            battle.emit(HouseEvent::Blinded {
                unit: to,
                until_round: until,
            });
        }
        Cherry::Dazed => {
            super::knock_down::daze(battle, to, terms.daze_rounds);
        }
        Cherry::Disarm => crate::battle::arms::disarm(battle, to),
        Cherry::KnockDown => super::knock_down::knock_down(battle, to),
        Cherry::KungFuGrip => super::wrestling::seize(battle, from, to),
        Cherry::MonkeyDodge => {
            change_house(battle, from, |house| house.monkey_dodge = true);
        }
        Cherry::SecondHelping => return true,
        Cherry::BigHurt | Cherry::MoreHurt | Cherry::NewDamage => {}
    }
    false
}

/// The cherries `spec` may take on a matched blow: those the scenario allows it, where its
/// obsession earns them; none elsewhere.
pub fn allowed(spec: &UnitSpec) -> Vec<Cherry> {
    if spec.obsession.as_deref() == Some(CHERRIES.obsession) {
        Cherry::all_named(&spec.cherries)
    } else {
        Vec::new()
    }
}
