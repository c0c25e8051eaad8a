//! Quick draws in the battle (the western): a shot at a unit whose declared shot is at the
//! shooter, neither having fired this round, is a draw between them. Each rolls; the winner's
//! pull goes first (the rival drawing its gun if it must), and a loser who is still on its feet
//! with its gun in hand fires after.

use super::UnitId;
use super::command::{FireMode, WeaponChoice};
use super::declaration::DeclaredAct;
use super::declaring::declared;
use super::event::EventKind;
use super::state::Battle;
use crate::rules::quick_draw::{DrawTotal, FirstShot, first_shot};

/// A unit that would draw against a shooter: it, the gun it would fire and the shots it
/// declared.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Rival {
    pub unit: UnitId,
    pub gun: WeaponChoice,
    pub shots: u32,
}

/// The rival `unit`'s shots in `mode` bring on a draw with, if any: the one target of its
/// single shots, where the rulebook has quick draws, neither has fired this round, and the
/// target, on its feet and not idle in pain, declared its shots at `unit` and has a gun in hand
/// or one to draw. (A unit taking a bead declared a bead, not shots, so it never draws.)
pub(super) fn rival(battle: &Battle, unit: UnitId, mode: &FireMode) -> Option<Rival> {
    battle.scenario.ruleset.quick_draw_skill()?;
    let FireMode::Shots(targets) = mode else {
        return None;
    };
    let target = *targets.first()?;
    let fired = |other: UnitId| battle.condition(other).fired_this_round();
    let idle = battle.condition(target).attacks_barred(battle.round());
    if targets.iter().any(|other| *other != target)
        || fired(unit)
        || fired(target)
        || idle
        || !battle.standing(target)
    {
        return None;
    }
    let DeclaredAct::Fire { target: at, shots } = declared(&battle.flow().declarations, target).act
    else {
        return None;
    };
    let gun = battle
        .arsenal(target)
        .gun_to_fire(&battle.spec(target).weapons)?;
    (at == unit).then_some(Rival {
        unit: target,
        gun,
        shots,
    })
}

/// Who fires back at `shooter`, its pull done, for holding fire until fired upon: `target`, if
/// it declared so, has not fired this round, is on its feet and not idle, and has a gun in hand
/// or one to draw (one shot).
pub(super) fn holding_fire(battle: &Battle, target: UnitId, shooter: UnitId) -> Option<Rival> {
    let condition = battle.condition(target);
    let holds = declared(&battle.flow().declarations, target).act == DeclaredAct::HoldFire;
    if !holds
        || condition.fired_this_round()
        || condition.attacks_barred(battle.round())
        || !battle.standing(target)
        || battle.spec(target).side == battle.spec(shooter).side
    {
        return None;
    }
    let gun = battle
        .arsenal(target)
        .gun_to_fire(&battle.spec(target).weapons)?;
    Some(Rival {
        unit: target,
        gun,
        shots: 1,
    })
}

/// Roll the draw between `unit` and its rival (the shooter's die first) and tell it: who fires
/// first.
pub(super) fn contest(battle: &mut Battle, unit: UnitId, rival: &Rival) -> FirstShot {
    let shooter_gun = battle.arsenal(unit).in_hand;
    let shooter = draw(battle, unit, shooter_gun);
    let answer = draw(battle, rival.unit, rival.gun);
    let agility = |other: UnitId| battle.spec(other).characteristics.dexterity;
    let first = first_shot(&shooter, &answer, agility(unit), agility(rival.unit));
    battle.emit(EventKind::QuickDrawn {
        unit,
        rival: rival.unit,
        shooter,
        answer,
        first: match first {
            FirstShot::Shooter => Some(unit),
            FirstShot::Rival => Some(rival.unit),
            FirstShot::AtOnce => None,
        },
    });
    first
}

/// One unit's draw with `gun`: its die and its bonus (the skill, the gun's quickness, pulling
/// it out if it is not in hand or was taken in hand this round, and its wounds).
fn draw(battle: &mut Battle, unit: UnitId, gun: WeaponChoice) -> DrawTotal {
    let ruleset = battle.scenario.ruleset.clone();
    let mut facts =
        battle
            .spec(unit)
            .draw_facts(ruleset.as_ref(), battle.arsenal(unit).in_hand, gun);
    // Drawn earlier in the same act, it was pulled out for this shot all the same.
    facts.pull_out |= battle.condition(unit).drew_in(battle.round());
    let mut bonus = ruleset.draw_bonus(&facts);
    bonus
        .modifiers
        .extend(ruleset.standing_modifiers(&battle.standing_facts(unit)));
    let die = battle.die(bonus.sides).face;
    DrawTotal::new(die, bonus)
}

/// Whether `unit`, which lost a draw, may still fire its pull with `gun`: on its feet, not
/// idle in pain, the gun still in hand.
pub(super) fn still_fires(battle: &Battle, unit: UnitId, gun: WeaponChoice) -> bool {
    battle.standing(unit)
        && !battle.condition(unit).attacks_barred(battle.round())
        && battle.arsenal(unit).in_hand == gun
}
