//! Harm read off the attack roll and tallied by body part (the d100 house sheet, SPECS.md 4.1):
//! a hit's damage from its roll, recorded as any damage roll is, after the
//! part it lands on and what the cover beside the target makes of a hit there (a part behind
//! cover that stops bullets takes nothing, behind other cover the digit sum alone); and the
//! tally of each part, which cripples it past the sheet's threshold: a leg crawls, the weapon
//! arm drops what it holds, the head or torso knocks out.

use super::condition::house;
use super::events::HouseEvent;
use crate::battle::event::EventKind;
use crate::battle::harm_read::{CoverByPart, RollHarm, RolledHit};
use crate::battle::shot::ShotSetup;
use crate::battle::state::Battle;
use crate::battle::{UnitId, Vitals};
use crate::map::sight::ShotLine;
use crate::rules::body::BodyPart;
use crate::rules::roll::Demand;
use crate::rules::roll_harm::HitForm;
use crate::rules::roll_harm::{DodgeOutcome, RollHit};
use crate::rules::situation::Posture;
use crate::rules::weapons::Weapon;
use crate::rulesets::d100_house::damage::{self, roll_location};

/// The cover `line` finds beside `target`, where the rulebook's cover hides body parts: low
/// cover hides what the target's posture keeps behind it, cover shot through hides all of it.
pub(super) fn part_cover(battle: &Battle, target: UnitId, line: ShotLine) -> Option<CoverByPart> {
    let ruleset = battle.scenario.ruleset.as_ref();
    let handed = battle.spec(target).handed;
    let parts = match line {
        ShotLine::HalfConcealed { .. } => ruleset
            .mechanisms()
            .covered_parts(battle.condition(target).posture(), handed)?,
        ShotLine::ThroughCover { .. } => ruleset
            .mechanisms()
            .covered_parts(Posture::Hidden, handed)?,
        ShotLine::Clear | ShotLine::Blocked { .. } => return None,
    };
    let terrain = battle.scenario.map.terrain(line.marked_tile()?)?;
    Some(CoverByPart {
        parts,
        name: terrain.name.clone(),
        stops: terrain.stops_bullets(),
    })
}

/// `unit`'s hit on `target` with `weapon`, its harm read off the roll: where it lands
/// (`HitLocated`), what the `cover` beside the target makes of a hit there (`PartCovered`:
/// stopped, or brought down to the digit sum), what a dodge stance the target holds makes of
/// it (`StanceDodge`), a cherry taken in place of its damage (and what it does instead), then
/// its damage (`DamageRolled`). `None` where the sheet rolls the damage in dice.
pub(super) fn from_the_roll(
    battle: &mut Battle,
    (unit, target): (UnitId, UnitId),
    weapon: &str,
    hit: &RollHit,
    cover: Option<&CoverByPart>,
) -> Option<RolledHit> {
    let uncovered = damage::damage_from_roll(hit)?;
    let called = house(battle, unit).called_shot;
    let part = roll_location(&hit.verdict).map(|(flipped, rolled)| {
        let part = called.unwrap_or(rolled);
        battle.emit(HouseEvent::HitLocated {
            unit,
            target,
            roll: hit.verdict.value,
            flipped,
            part,
            called: called.is_some(),
        });
        part
    });
    // A human shield held on the target's off side takes the hit there whole.
    if let Some(part) = part
        && let Some(shield) = super::wrestling::shield_for(battle, target, part)
    {
        battle.emit(EventKind::DamageRolled {
            unit,
            target: shield,
            weapon: weapon.to_string(),
            roll: uncovered.clone(),
        });
        return Some(RolledHit {
            roll: uncovered,
            part: Some(part),
            shield: Some(shield),
            strikes_again: false,
        });
    }
    let covering = cover
        .zip(part)
        .filter(|(cover, part)| cover.parts.contains(part));
    if let Some((cover, part)) = covering {
        battle.emit(HouseEvent::PartCovered {
            unit: target,
            part,
            cover: cover.name.clone(),
            stopped: cover.stops,
        });
        if cover.stops {
            return Some(RolledHit::nothing());
        }
    }
    // A dodge the target holds meets what the cover let through.
    let dodged = super::stance::meet(battle, unit, target, hit);
    if dodged == DodgeOutcome::Negated {
        return Some(RolledHit::nothing());
    }
    let brought_down = covering.is_some() || dodged == DodgeOutcome::Downgraded;
    // A matched blow that lands whole may be traded for a cherry.
    let cherry = super::cherries::earned(battle, unit, hit).filter(|_| !brought_down);
    if let Some(cherry) = cherry {
        let Some(roll) = super::cherries::taken(battle, (unit, target), cherry, hit) else {
            return Some(RolledHit {
                strikes_again: super::cherries::instead(battle, (unit, target), cherry),
                ..RolledHit::nothing()
            });
        };
        battle.emit(EventKind::DamageRolled {
            unit,
            target,
            weapon: weapon.to_string(),
            roll: roll.clone(),
        });
        return Some(RolledHit {
            roll,
            part,
            shield: None,
            strikes_again: false,
        });
    }
    let roll = if brought_down {
        let brought_down = RollHit {
            downgraded: true,
            ..*hit
        };
        damage::damage_from_roll(&brought_down)?
    } else {
        uncovered
    };
    battle.emit(EventKind::DamageRolled {
        unit,
        target,
        weapon: weapon.to_string(),
        roll: roll.clone(),
    });
    Some(RolledHit {
        roll,
        part,
        shield: None,
        strikes_again: false,
    })
}

/// A blast ring's harm read off a fresh d100 (`read`: the form, and the weapon's number), `unit`
/// caught at `centre`'s blast from `by`'s `weapon`: the fresh roll read as a
/// hit, where its digits swapped land, what the cover between the centre and the unit hides,
/// and what a dodge stance it holds makes of it (`from_the_roll`).
pub(super) fn caught_in_blast(
    battle: &mut Battle,
    (by, unit): (UnitId, UnitId),
    weapon: &str,
    centre: crate::map::Tile,
    read: (crate::rules::roll_harm::HitForm, u32),
) -> Option<RolledHit> {
    let at = battle.position(unit)?;
    let hit = RollHit::fresh(battle.die(100).face, read);
    let line = crate::map::sight::shot_line(&battle.scenario.map, centre, at);
    let cover = part_cover(battle, unit, line);
    from_the_roll(battle, (by, unit), weapon, &hit, cover.as_ref())
}

/// `taken` more on `part` of `unit`, tallied; where the part's tally reached the sheet's
/// threshold with this, the part is crippled.
pub(super) fn tally(battle: &mut Battle, unit: UnitId, part: BodyPart, taken: u32) {
    if let Some(tally) = tallied(battle, unit, part, taken) {
        cripple(battle, unit, part, tally);
    }
}

/// `taken` more on `part` of `unit`; the part's tally where it reached the threshold with this.
fn tallied(battle: &mut Battle, unit: UnitId, part: BodyPart, taken: u32) -> Option<u32> {
    let threshold = battle.scenario.ruleset.crippling()?;
    let before = battle.vitals(unit);
    let locations = before.locations.with(part, taken);
    battle.set_vitals(
        unit,
        Vitals {
            locations,
            ..before
        },
    );
    let tally = locations.get(part);
    (before.locations.get(part) < threshold && tally >= threshold).then_some(tally)
}

/// A part crippled (`tally` taken there): a leg crawls, the weapon arm drops what it holds, the
/// head or torso knocks out.
fn cripple(battle: &mut Battle, unit: UnitId, part: BodyPart, tally: u32) {
    let dropped = (part == battle.spec(unit).weapon_arm())
        .then(|| crate::battle::arms::drop_weapon(battle, unit))
        .flatten();
    battle.emit(HouseEvent::Crippled {
        unit,
        part,
        tally,
        dropped,
    });
    match part {
        BodyPart::LeftLeg | BodyPart::RightLeg => {
            battle.change_condition(unit, |condition| condition.lamed = true);
        }
        BodyPart::Head | BodyPart::Neck | BodyPart::Torso | BodyPart::Chest | BodyPart::Abdomen => {
            crate::battle::wounds::knock_out_cold(battle, unit);
        }
        BodyPart::LeftArm | BodyPart::RightArm => {}
    }
}

/// The exact mean harm of `unit`'s roll at `demand` on `target` with `weapon`, read off the
/// roll: in the open, and behind the cover `shot`'s line finds beside the target.
pub(super) fn preview(
    battle: &Battle,
    (unit, target): (UnitId, UnitId),
    weapon: &Weapon,
    (demand, shot): (&Demand, &ShotSetup),
) -> Option<RollHarm> {
    let value = weapon.damage.flat().unwrap_or_default();
    let open = damage::roll_harm_mean(demand, value, HitForm::Firearm, None);
    // A called shot lands every hit on its part: all of them covered, or none.
    let called = house(battle, unit).called_shot;
    let every_part = damage::CALLED.parts;
    let behind = part_cover(battle, target, shot.line).map(|cover| {
        let hidden = match called {
            Some(part) if cover.parts.contains(&part) => every_part.to_vec(),
            Some(_) => Vec::new(),
            None => cover.parts.clone(),
        };
        let harm = damage::roll_harm_mean(
            demand,
            value,
            HitForm::Firearm,
            Some((&hidden, cover.stops)),
        );
        (cover.name, harm)
    });
    Some(RollHarm { open, behind })
}
