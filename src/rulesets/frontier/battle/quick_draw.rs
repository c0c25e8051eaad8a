//! Quick draws in the battle (the western, SPECS.md 3.1): a shot at a unit whose declared shot
//! is at the shooter, neither having fired this round, is a draw between them. Each rolls; the
//! winner's pull goes first (the rival drawing its gun if it must), and a loser who is still on
//! its feet with its gun in hand fires after. A unit that declared it holds its fire until fired
//! upon shoots back once the pull is done.

use super::condition::{FrontierCondition, attacks_barred};
use super::declaration::DeclaredAct;
use super::declaring::declared_in;
use super::events::FrontierEvent;
use crate::battle::UnitId;
use crate::battle::command::{FireMode, WeaponChoice};
use crate::battle::fire_plan::{FireOutOfTurn, FirePlan};
use crate::battle::ranged::fires_out_of_turn;
use crate::battle::state::Battle;
use crate::battle::volley::plan_fire;
use crate::map::scenario::UnitSpec;
use crate::rules::ruleset::Ruleset;
use crate::rules::weapons::AttackForm;
use crate::rulesets::frontier::draw::{DrawFacts, DrawTotal, FirstShot, draw_bonus, first_shot};
use crate::rulesets::frontier::sheet::QUICK_DRAW;

/// A rival that would draw against a shooter: it, the gun it would fire and the shots it
/// declared.
type Rival = FireOutOfTurn;

/// The rival `unit`'s shots in `mode` bring on a draw with, if any: the one target of its
/// single shots, where neither has fired this round and the target, on its feet and not idle
/// in pain, declared its shots at `unit` and has a gun in hand or one to draw. (A unit taking a
/// bead declared a bead, not shots, so it never draws.)
pub(super) fn rival(battle: &Battle, unit: UnitId, mode: &FireMode) -> Option<Rival> {
    let FireMode::Shots(targets) = mode else {
        return None;
    };
    let target = *targets.first()?;
    let fired = |other: UnitId| battle.condition(other).fired_this_round();
    let idle = attacks_barred(battle, target);
    if targets.iter().any(|other| *other != target)
        || fired(unit)
        || fired(target)
        || idle
        || !battle.standing(target)
    {
        return None;
    }
    let DeclaredAct::Fire { target: at, shots } = declared_in(battle, target).act else {
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

/// `shooter`'s pull in `mode` is done: each of its targets that held its fire until fired upon
/// shoots back.
pub(super) fn fire_back(battle: &mut Battle, shooter: UnitId, mode: &FireMode) {
    for target in mode.targets() {
        if let Some(holder) = holding_fire(battle, target, shooter) {
            fires_out_of_turn(battle, &holder, shooter);
        }
    }
}

/// Who fires back at `shooter`, its pull done, for holding fire until fired upon: `target`, if
/// it declared so, has not fired this round, is on its feet and not idle, and has a gun in hand
/// or one to draw (one shot).
fn holding_fire(battle: &Battle, target: UnitId, shooter: UnitId) -> Option<Rival> {
    let condition = battle.condition(target);
    let holds = declared_in(battle, target).act == DeclaredAct::HoldFire;
    if !holds
        || condition.fired_this_round()
        || attacks_barred(battle, target)
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

/// A quick draw between `unit`, about to fire its `plan` in `mode`, and its rival: drawn
/// first, the plan stands; a rival that wins (or draws at once) fires its declared shots
/// first, and then `unit`'s pull as it now stands (planned again, its wounds counted), or
/// `None` where the rival's shots took its pull from it. Both at once: the pull goes on
/// whatever the rival's did.
pub(super) fn draw_against(
    battle: &mut Battle,
    (unit, choice): (UnitId, WeaponChoice),
    mode: &FireMode,
    rival: &Rival,
    plan: FirePlan,
) -> Option<FirePlan> {
    let first = contest(battle, unit, rival);
    if first == FirstShot::Shooter {
        return Some(plan);
    }
    fires_out_of_turn(battle, rival, unit);
    if first == FirstShot::Rival && !still_fires(battle, unit, choice) {
        let declaration = declared_in(battle, unit);
        battle.emit(FrontierEvent::DeclarationLost { unit, declaration });
        return None;
    }
    plan_fire(battle, unit, choice, mode).ok()
}

/// Roll the draw between `unit` and its rival (the shooter's die first) and tell it: who fires
/// first.
fn contest(battle: &mut Battle, unit: UnitId, rival: &Rival) -> FirstShot {
    let shooter_gun = battle.arsenal(unit).in_hand;
    let shooter = draw(battle, unit, shooter_gun);
    let answer = draw(battle, rival.unit, rival.gun);
    let agility = |other: UnitId| battle.spec(other).characteristics.dexterity;
    let first = first_shot(&shooter, &answer, agility(unit), agility(rival.unit));
    battle.emit(FrontierEvent::QuickDrawn {
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
    let mut facts = draw_facts(
        ruleset.as_ref(),
        battle.spec(unit),
        battle.arsenal(unit).in_hand,
        gun,
    );
    // Drawn earlier in the same act, it was pulled out for this shot all the same.
    facts.pull_out |= drew_this_round(battle, unit);
    let mut bonus = draw_bonus(&facts);
    bonus
        .modifiers
        .extend(ruleset.standing_modifiers(&battle.standing_facts(unit)));
    let die = battle.die(bonus.sides).face;
    DrawTotal::new(die, bonus)
}

/// Whether `unit`, which lost a draw, may still fire its pull with `gun`: on its feet, not
/// idle in pain, the gun still in hand.
fn still_fires(battle: &Battle, unit: UnitId, gun: WeaponChoice) -> bool {
    battle.standing(unit) && !attacks_barred(battle, unit) && battle.arsenal(unit).in_hand == gun
}

/// What `spec`'s quick draw with `gun` is made of, holding `in_hand`: its Quick Draw, the gun's
/// quickness, and whether the gun must be pulled out first.
pub fn draw_facts(
    ruleset: &dyn Ruleset,
    spec: &UnitSpec,
    in_hand: WeaponChoice,
    gun: WeaponChoice,
) -> DrawFacts {
    let weapon_draw = match gun {
        WeaponChoice::Carried(index) => spec
            .weapons
            .get(index)
            .and_then(|carried| carried.weapon.draw),
        WeaponChoice::Natural(_) | WeaponChoice::Unarmed | WeaponChoice::Body(_) => None,
    };
    DrawFacts {
        skill: spec.skill(ruleset, QUICK_DRAW),
        weapon_draw: weapon_draw.unwrap_or(0),
        pull_out: in_hand != gun,
    }
}

/// `unit` took `weapon` in hand: a firearm is noted as drawn this round.
pub(super) fn readied(battle: &mut Battle, unit: UnitId, weapon: WeaponChoice) {
    let WeaponChoice::Carried(index) = weapon else {
        return;
    };
    if battle.spec(unit).weapons[index].weapon.attack_form() == AttackForm::Shot {
        let round = battle.round();
        battle.change_own(unit, |state: &mut FrontierCondition| {
            state.drew_in = Some(round)
        });
    }
}

/// Whether `unit` took a firearm in hand this round.
pub(super) fn drew_this_round(battle: &Battle, unit: UnitId) -> bool {
    battle.own::<FrontierCondition>(unit).drew_in == Some(battle.round())
}
