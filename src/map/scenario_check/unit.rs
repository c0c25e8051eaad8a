//! A scenario's unit checked against the rulebook's sheet and weapon table: its
//! characteristics, skills, obsession and weapons, each bad field refused at its place.

use std::collections::BTreeMap;

use super::Checker;
use crate::files::FileError;
use crate::map::Tile;
use crate::map::opening::Opening;
use crate::map::scenario::{
    CarriedWeapon, CarriedWeaponFile, MAX_RATING, Side, UnitFile, UnitSpec,
};
use crate::rules::ruleset::Ruleset;
use crate::rules::sheet_rules::SheetField;
use crate::rules::skills::find_skill;

impl Checker<'_> {
    pub(super) fn unit(
        &self,
        unit: &UnitFile,
        unit_at: usize,
        side: usize,
        start: Tile,
        sides: &[Side],
        ruleset: &dyn Ruleset,
    ) -> Result<UnitSpec, FileError> {
        if let Some((field, why)) = crate::map::unit_fields::foreign_field(unit, ruleset) {
            return Err(self.at_field(unit_at, field.written(), why));
        }
        let mut characteristics = unit.characteristics;
        if let Some(luck) = ruleset.sheet().derived_luck(&characteristics) {
            if characteristics.luck != 0 && characteristics.luck != luck {
                return Err(self.at_field(
                    unit_at,
                    "LUCK",
                    format!(
                        "LUCK {} disagrees with the sheet: {} works Luck out from the other \
                         characteristics, and here it is {luck}; leave LUCK out, or write {luck}",
                        characteristics.luck,
                        ruleset.name()
                    ),
                ));
            }
            characteristics.luck = luck;
        }
        let c = &characteristics;
        for (field, value) in [
            ("STR", c.strength),
            ("CON", c.constitution),
            ("SIZ", c.size),
            ("DEX", c.dexterity),
            ("APP", c.appearance),
            ("INT", c.intelligence),
            ("POW", c.power),
            ("EDU", c.education),
            ("LUCK", c.luck),
        ] {
            let creature = !unit.natural_attacks.is_empty();
            if let Some(problem) = ruleset
                .sheet()
                .characteristic_problem(field, value, creature)
            {
                return Err(self.at_field(unit_at, field, problem));
            }
        }
        if !(15..=150).contains(&unit.age) {
            return Err(self.at_field(
                unit_at,
                "age",
                format!("age {} is not from 15 to 150", unit.age),
            ));
        }
        if unit
            .arrives
            .is_some_and(|round| !(2..=1000).contains(&round))
        {
            return Err(self.at_field(
                unit_at,
                "arrives",
                format!(
                    "units arrive from round 2 to round 1000, not {:?}",
                    unit.arrives
                ),
            ));
        }
        if unit
            .waits_until_within
            .is_some_and(|yards| !(1..=1000).contains(&yards))
        {
            return Err(self.at_field(
                unit_at,
                "waits_until_within",
                format!(
                    "a unit waits until an enemy is from 1 to 1000 yards off, not {:?}",
                    unit.waits_until_within
                ),
            ));
        }
        if unit
            .armor
            .as_ref()
            .is_some_and(|armor| armor.covers.as_ref().is_some_and(Vec::is_empty))
        {
            return Err(self.at_field(
                unit_at,
                "covers",
                format!(
                    "{}'s armor covers no part of the body: name the parts, or leave `covers` out \
                     for armor all over",
                    unit.name
                ),
            ));
        }
        if !(1..=10).contains(&unit.attacks_per_round) {
            return Err(self.at_field(
                unit_at,
                "attacks_per_round",
                format!(
                    "{} attacks a round is not from 1 to 10",
                    unit.attacks_per_round
                ),
            ));
        }
        let mut skills: BTreeMap<String, u32> = ruleset
            .sheet()
            .skills()
            .iter()
            .map(|entry| (entry.name.to_string(), entry.base_value(c)))
            .collect();
        for (name, &value) in &unit.skills {
            let Some(entry) = find_skill(ruleset.sheet().skills(), name) else {
                return Err(self.at_text(
                    unit_at,
                    &format!("{name:?}"),
                    format!(
                        "unknown skill `{name}` for {} in {}",
                        unit.name,
                        ruleset.name()
                    ),
                ));
            };
            if value > MAX_RATING {
                return Err(self.at_text(
                    unit_at,
                    &format!("{name:?}"),
                    format!("{name} {value} is out of range: skills run from 0 to {MAX_RATING}"),
                ));
            }
            if let Some(problem) = ruleset.sheet().skill_problem(entry.name, value, c) {
                return Err(self.at_text(unit_at, &format!("{name:?}"), problem));
            }
            skills.insert(entry.name.to_string(), value);
        }
        let obsession = self.obsession(unit, unit_at, ruleset)?;
        let weapons = unit
            .weapons
            .iter()
            .map(|carried| self.weapon(carried, unit, unit_at, ruleset))
            .collect::<Result<Vec<_>, _>>()?;
        for attack in &unit.natural_attacks {
            if attack.skill > MAX_RATING {
                return Err(self.at_text(
                    unit_at,
                    &format!("{:?}", attack.name),
                    format!(
                        "{} {} is out of range: skills run from 0 to {MAX_RATING}",
                        attack.name, attack.skill
                    ),
                ));
            }
        }
        let mut derived = ruleset.sheet().derive(c, unit.age);
        if let Some(movement) = unit.movement {
            if !(1..=30).contains(&movement) {
                return Err(self.at_field(
                    unit_at,
                    "movement",
                    format!("MOV {movement} is not from 1 to 30"),
                ));
            }
            derived.moves = derived.moves.with_free(movement);
        }
        if let Some(hit_points) = unit.hit_points {
            if !(1..=MAX_RATING).contains(&hit_points) {
                return Err(self.at_field(
                    unit_at,
                    "hit_points",
                    format!("{hit_points} hit points is not from 1 to {MAX_RATING}"),
                ));
            }
            derived.hit_points = hit_points;
        }
        if derived.hit_points == 0 {
            return Err(self.at_field(
                unit_at,
                "CON",
                format!(
                    "{} would start with 0 hit points: raise CON or SIZ",
                    unit.name
                ),
            ));
        }
        Ok(UnitSpec {
            name: unit.name.clone(),
            side,
            start,
            age: unit.age,
            characteristics: *c,
            derived,
            skills,
            weapons,
            natural_attacks: unit.natural_attacks.clone(),
            attacks_per_round: unit.attacks_per_round,
            armor: unit.armor.clone(),
            immune_to_impale: unit.immune_to_impale,
            cannot_be_knocked_out: unit.cannot_be_knocked_out,
            control: unit.control.unwrap_or(sides[side].control),
            arrives: unit.arrives,
            opening: Opening::default(),
            waits_until_within: unit.waits_until_within,
            hidden: unit.hidden,
            reserve: unit.reserve,
            secondary: unit.secondary.clone(),
            handed: unit.handed,
            obsession,
            cherries: unit.cherries.clone(),
        })
    }

    /// The unit's obsession, by the rulebook's name for the skill; and where it is allowed
    /// cherries, whether its rulebook takes them as they are listed.
    fn obsession(
        &self,
        unit: &UnitFile,
        unit_at: usize,
        ruleset: &dyn Ruleset,
    ) -> Result<Option<String>, FileError> {
        let obsession = match &unit.obsession {
            Some(name) => match find_skill(ruleset.sheet().skills(), name) {
                Some(entry) => Some(entry.name.to_string()),
                None => {
                    return Err(self.at_field(
                        unit_at,
                        "obsession",
                        format!(
                            "{}'s obsession `{name}` is not a skill in {}",
                            unit.name,
                            ruleset.name()
                        ),
                    ));
                }
            },
            None => None,
        };
        if let Some(problem) = ruleset.sheet().names_problem(
            &unit.name,
            SheetField::Cherries,
            &unit.cherries,
            obsession.as_deref(),
        ) {
            return Err(self.at_field(unit_at, "cherries", problem));
        }
        Ok(obsession)
    }

    fn weapon(
        &self,
        carried: &CarriedWeaponFile,
        unit: &UnitFile,
        unit_at: usize,
        ruleset: &dyn Ruleset,
    ) -> Result<CarriedWeapon, FileError> {
        let quoted = format!("{:?}", carried.weapon);
        let Some(weapon) = ruleset.weapons().find(&carried.weapon) else {
            return Err(self.at_text(
                unit_at,
                &quoted,
                format!(
                    "unknown weapon `{}` for {}: not in the weapon table",
                    carried.weapon, unit.name
                ),
            ));
        };
        let weapon = if carried.slugs {
            weapon.with_slugs().ok_or_else(|| {
                self.at_text(
                    unit_at,
                    &quoted,
                    format!("{} takes no slugs: only shotguns do", weapon.name),
                )
            })?
        } else {
            weapon.clone()
        };
        let capacity = weapon.capacity();
        let loaded = carried.loaded.unwrap_or(capacity);
        if loaded > capacity {
            let entry_at = self
                .text
                .get(unit_at..)
                .and_then(|rest| rest.find(&quoted))
                .map_or(unit_at, |found| unit_at + found);
            return Err(self.at_field(
                entry_at,
                "loaded",
                format!("{} holds {capacity} rounds, not {loaded}", weapon.name),
            ));
        }
        if carried.spare > 10_000 {
            return Err(self.at_text(
                unit_at,
                &quoted,
                format!("{} spare rounds is too many to carry", carried.spare),
            ));
        }
        Ok(CarriedWeapon {
            weapon,
            loaded,
            spare: carried.spare,
            mounted: carried.mounted,
        })
    }
}
