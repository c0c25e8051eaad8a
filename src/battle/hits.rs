//! What a bullet that lands does: the damage of every one that hit, read off the roll where the
//! rulebook reads it so (located, cover by body part), rolled in dice else, cover shot through
//! taking its share, sent through the wounds as one blow; why it came (aimed, a stray, pinning
//! fire); and one of several drawn by a die to take a roll.

use super::event::EventKind;
use super::shot::ShotSetup;
use super::state::Battle;
use super::wounds::Blow;
use super::{UnitId, effects};
use crate::map::sight::ShotLine;
use crate::rules::damage::{DamageQuality, DamageShape};
use crate::rules::firearms::VolleyHits;
use crate::rules::roll::Verdict;
use crate::rules::roll_harm::{HitForm, RollHit};
use crate::rules::weapons::Weapon;

/// One of `there` for `unit`'s next roll: drawn by a die where there are several, the die in
/// the log.
pub fn draw_one(battle: &mut Battle, unit: UnitId, there: &[UnitId]) -> Option<UnitId> {
    match there {
        [] => None,
        [only] => Some(*only),
        _ => {
            let sides = u32::try_from(there.len()).unwrap_or(u32::MAX);
            let die = battle.die(sides);
            let target = there[die.face as usize - 1];
            battle.emit(EventKind::TargetDrawn { unit, target, die });
            Some(target)
        }
    }
}

/// Why a hit came: aimed at its target, a stray bullet, or pinning fire that hurt one of the
/// group it pins.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Aim {
    Deliberate,
    Stray,
    Pinning,
}

/// What the cover a shot goes through takes off each piece of its damage: what the rulebook
/// says a bullet loses through the cover's material (the western), rolled and told; else the
/// cover's armor points.
fn cover_stops(battle: &mut Battle, target: UnitId, line: ShotLine) -> u32 {
    let ShotLine::ThroughCover { cover, armor } = line else {
        return 0;
    };
    super::hooks::of(battle)
        .through_cover(battle, target, cover)
        .unwrap_or(armor)
}

/// Roll the damage of every bullet that hit (the first `extreme` of them at their maximum, or
/// impaling) and send it through the wounds as one blow: armor comes off each bullet, and off
/// each die of shot; cover shot through comes off too. Where the rulebook keeps injuries, each
/// hit is one from the roll's `net` instead; where it reads damage off the roll (`verdict`),
/// each bullet's is the roll's (pinning fire's, hand-to-hand damage), landing where the roll
/// says.
pub fn deal_hits(
    battle: &mut Battle,
    (unit, target): (UnitId, UnitId),
    weapon: &Weapon,
    shot: &ShotSetup,
    landed: VolleyHits,
    aim: Aim,
    verdict: &Verdict,
) {
    let deliberate = aim != Aim::Stray;
    let hooks = super::hooks::of(battle);
    if landed.hits > 0
        && hooks.injury(
            battle,
            (target, Some(unit)),
            verdict.net,
            (weapon.damage.flat().unwrap_or(0), false),
            &weapon.skill,
        )
    {
        effects::after_hit(battle, target, &weapon.damage, weapon.stuns_up_to_build);
        return;
    }
    let damage_bonus = battle.spec(unit).derived.damage_bonus.clone();
    let reach = weapon.damage_reach(shot.reading.band);
    let pellets =
        matches!(weapon.damage.shape, DamageShape::Bands(_)) && hooks.pellets_armored_each(battle);
    let formula = weapon
        .damage
        .formula_at(reach)
        .ok()
        .flatten()
        .map(|(formula, _)| formula)
        .unwrap_or_default();
    let doubled = deliberate && hooks.hit_doubled(battle, (unit, target));
    let mut pieces = Vec::new();
    let mut part = None;
    let mut read_off_the_roll = false;
    let by_part = hooks.part_cover(battle, target, shot.line);
    for bullet in 0..landed.hits {
        let hit = RollHit {
            verdict: *verdict,
            weapon_value: weapon.damage.flat().unwrap_or_default(),
            form: if aim == Aim::Pinning {
                HitForm::Suppressing
            } else {
                HitForm::Firearm
            },
            downgraded: false,
        };
        if let Some(rolled) =
            hooks.harm_off_the_roll(battle, (unit, target), &weapon.name, &hit, by_part.as_ref())
        {
            read_off_the_roll = true;
            // A human shield the target holds takes this bullet whole.
            if let Some(shield) = rolled.shield {
                super::wounds::harm(
                    battle,
                    shield,
                    Some(unit),
                    Blow {
                        part: rolled.part,
                        ..Blow::struck(rolled.roll.total)
                    },
                );
                continue;
            }
            if !rolled.is_nothing() {
                pieces.push(rolled.roll.total);
                part = rolled.part;
            }
            continue;
        }
        let quality = match (bullet < landed.extreme, weapon.impale) {
            (false, _) if doubled => DamageQuality::Doubled,
            (false, _) => DamageQuality::Normal,
            (true, true) => DamageQuality::Impale,
            (true, false) => DamageQuality::Extreme,
        };
        let roll = battle.roll_damage(
            unit,
            target,
            &weapon.name,
            &weapon.damage,
            reach,
            &damage_bonus,
            quality,
        );
        if pellets {
            pieces.extend(roll.pieces(&formula));
        } else {
            pieces.push(roll.total);
        }
    }
    // Where cover hides body parts, it did its work where the hit landed.
    // Every hit stopped by cover or dodged clean: no blow lands.
    if read_off_the_roll && pieces.is_empty() {
        return;
    }
    let cover = if by_part.is_some() {
        0
    } else {
        cover_stops(battle, target, shot.line)
    };
    super::wounds::harm(
        battle,
        target,
        Some(unit),
        Blow {
            pieces,
            cover,
            deliberate,
            // A bullet, or a thrown blade: a wound to locate where the rulebook does.
            located: Some(weapon.name.clone()),
            part,
            ..Blow::struck(0)
        },
    );
    if landed.hits > 0 {
        hooks.shot_landed(battle, (unit, target), weapon, deliberate);
    }
    effects::after_hit(battle, target, &weapon.damage, weapon.stuns_up_to_build);
}
