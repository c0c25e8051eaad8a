//! A blow that lands, and what a weapon does on a bad roll: the damage read off the roll or
//! rolled in dice, an injury where the rulebook keeps them, a knock-out weighed, a cherry taken
//! in the damage's place; an engine's stall or an awkward weapon's fumble turned on its wielder.

use super::event::EventKind;
use super::melee_weapon::MeleeWeapon;
use super::state::Battle;
use super::wounds::{self, Blow};
use super::{UnitId, effects};
use crate::rules::damage::{DamageQuality, DamageReach};
use crate::rules::percentile::SuccessLevel;
use crate::rules::roll::Verdict;
use crate::rules::roll_harm::{HitForm, RollHit};
use crate::rules::weapons::Weapon;

/// The table row of a carried hand-to-hand weapon.
pub(super) fn held_weapon<'a>(
    battle: &'a Battle,
    unit: UnitId,
    weapon: &MeleeWeapon,
) -> Option<&'a Weapon> {
    weapon.carried.and_then(|index| battle.carried(unit, index))
}

/// What a hand-to-hand weapon with an engine does on a bad roll: at its malfunction number it
/// stalls (a jam to clear; the blow misses), and an awkward one's fumble turns its own damage
/// on its wielder.
pub(super) fn misfortune(
    battle: &mut Battle,
    unit: UnitId,
    weapon: &MeleeWeapon,
    roll: &mut Verdict,
) {
    let Some(index) = weapon.carried else {
        return;
    };
    if roll.malfunction {
        super::arms::malfunction(battle, unit, index);
        roll.success = false;
        if roll.level > SuccessLevel::Failure {
            roll.level = SuccessLevel::Failure;
        }
    }
    let awkward = held_weapon(battle, unit, weapon).is_some_and(|carried| carried.awkward);
    if awkward && roll.level == SuccessLevel::Fumble {
        battle.emit(EventKind::Backlash {
            unit,
            weapon: weapon.name.clone(),
        });
        let damage = battle
            .roll_damage(
                unit,
                unit,
                &weapon.name,
                &weapon.damage,
                DamageReach::Full,
                &crate::rules::damage::Formula::default(),
                DamageQuality::Normal,
            )
            .total;
        wounds::harm(battle, unit, None, Blow::caught(damage));
    }
}

/// What a landed blow carries: how well it landed (`quality`), whether it was struck to knock
/// out, its `net` once the defence was off (where the rulebook weighs harm by it), and the roll
/// that landed it (where the rulebook reads harm off that roll).
#[derive(Debug, Clone, Copy)]
pub(super) struct Strike {
    pub quality: DamageQuality,
    pub knock_out: bool,
    pub net: i32,
    pub landing: Option<Verdict>,
}

/// A landed blow: an injury where the rulebook keeps them; else roll its damage and send it
/// through the wound pipeline; then its burn or stun. A knock-out blow's is weighed first.
/// Whether a cherry taken in its place is a second helping, one more blow the exchange strikes.
pub(super) fn blow(
    battle: &mut Battle,
    from: UnitId,
    to: UnitId,
    weapon: &MeleeWeapon,
    strike: Strike,
) -> bool {
    let Strike {
        quality,
        knock_out,
        net,
        landing,
    } = strike;
    let hooks = super::hooks::of(battle);
    if !knock_out
        && hooks.injury(
            battle,
            (to, Some(from)),
            net,
            (weapon.damage.flat().unwrap_or(0), false),
            &weapon.skill_name,
        )
    {
        effects::after_hit(battle, to, &weapon.damage, weapon.stuns_up_to_build);
        return false;
    }
    let read = landing.and_then(|verdict| {
        let hit = RollHit {
            verdict,
            weapon_value: weapon.damage.flat().unwrap_or_default(),
            form: if weapon.thrown.is_some() {
                HitForm::Thrown
            } else {
                HitForm::HandToHand
            },
            downgraded: false,
        };
        hooks.harm_off_the_roll(battle, (from, to), &weapon.name, &hit, None)
    });
    let (damage, part, to) = match read {
        // Dodged clean, or something done in place of the damage (the house sheet's
        // cherry), which may strike again.
        Some(rolled) if rolled.is_nothing() => return rolled.strikes_again,
        // A human shield the target holds takes it.
        Some(rolled) => (rolled.roll.total, rolled.part, rolled.shield.unwrap_or(to)),
        None => {
            let damage_bonus = battle.spec(from).derived.damage_bonus.clone();
            let roll = battle.roll_damage(
                from,
                to,
                &weapon.name,
                &weapon.damage,
                DamageReach::Full,
                &damage_bonus,
                quality,
            );
            (roll.total, None, to)
        }
    };
    if knock_out {
        wounds::knock_out_blow(battle, from, to, damage);
        return false;
    }
    wounds::harm(
        battle,
        to,
        Some(from),
        Blow {
            hand_to_hand: true,
            located: weapon.impale.then(|| weapon.name.clone()),
            part,
            ..Blow::struck(damage)
        },
    );
    effects::after_hit(battle, to, &weapon.damage, weapon.stuns_up_to_build);
    false
}
