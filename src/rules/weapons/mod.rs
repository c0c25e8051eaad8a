//! The weapon table and armor examples as data: their types, and loading them with checks.

use serde::{Deserialize, Serialize};

use super::damage::{DamageNotation, DamageReach, DamageShape};
use super::situation::RangeBand;
use super::skills::{BOW, SkillEntry, THROW, find_skill};
use crate::files::{FileError, parse_ron};

/// The section of the weapon table a weapon is listed in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum WeaponCategory {
    Melee,
    Handgun,
    Rifle,
    Shotgun,
    AssaultRifle,
    SubmachineGun,
    MachineGun,
    Explosive,
}

impl WeaponRange {
    /// Whether the reach is the thrower's STR's: a weapon of it is thrown, whatever skill
    /// throws it (the western throws with Hand-to-Hand).
    pub fn thrown_by_strength(&self) -> bool {
        matches!(self, Self::StrFeet | Self::StrYards | Self::StrFeetTimes(_))
    }

    /// Whether a weapon of this reach is thrown: by the thrower's STR, or out to a set range.
    pub fn thrown(&self) -> bool {
        self.thrown_by_strength() || matches!(self, Self::Thrown(_))
    }
}

/// How far a weapon reaches.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum WeaponRange {
    /// Hand-to-hand: an adjacent tile.
    Touch,
    Feet(u32),
    Yards(u32),
    Metres(u32),
    /// Thrown: as many feet as the thrower's STR.
    StrFeet,
    /// Thrown: as many yards as the thrower's STR.
    StrYards,
    /// Thrown, out to this many yards whoever throws it (the d100 house sheet, which has no
    /// STR).
    Thrown(u32),
    /// The wielder's STR in feet times a fraction, `[numerator, denominator]` (the western's
    /// thrown knife: a base of 2.5 x STR feet, its longest band four times that).
    StrFeetTimes([u32; 2]),
    /// Shotgun band limits in yards, nearest first (one per damage band).
    Bands(Vec<u32>),
    /// Placed, not fired or thrown (mines, charges).
    InPlace,
    /// The table gives no range.
    NotApplicable,
}

/// How often a weapon may attack in a round.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct UsesPerRound {
    /// Attacks (or shots) without penalty; 0 for weapons that only fire full auto.
    pub attacks: u32,
    /// The most shots in a round, the ones past the first with a penalty die (the number in
    /// brackets in the table), or both barrels of a double-barrelled gun.
    #[serde(default)]
    pub max: Option<u32>,
    /// Fires once every this many rounds (`1/2` in the table is 2).
    #[serde(default = "one")]
    pub every: u32,
    /// Bullets in a burst, for weapons that fire bursts.
    #[serde(default)]
    pub burst: Option<u32>,
    #[serde(default)]
    pub full_auto: bool,
}

fn one() -> u32 {
    1
}

/// What a weapon holds.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Magazine {
    /// Melee weapons hold nothing.
    Nothing,
    /// Rounds in the gun; several numbers are the magazine or belt sizes on offer.
    Rounds(Vec<u32>),
    /// Used up in one attack (thrown explosives, charges, shuriken).
    OneUse,
    /// Loaded separately each shot (artillery).
    Separate,
    Automagazine,
    Varies,
    AtLeast(u32),
    Squirts(u32),
}

/// How a firearm works, which decides what a malfunction is: a dud round for revolvers,
/// break-open guns and bolt actions; a jam for the rest.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Action {
    /// Not a firearm: melee, thrown, placed.
    NotAFirearm,
    Revolver,
    BreakOpen,
    BoltAction,
    LeverAction,
    /// A single-shot falling-block breech (the Martini-Henry).
    FallingBlock,
    /// Compressed air (Col. Moran's air rifle).
    Pneumatic,
    PumpAction,
    SemiAutomatic,
    Automatic,
    Muzzleloader,
    /// Grenade and rocket launchers, artillery, flamethrowers.
    Launcher,
}

/// When a weapon is commonly found.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Era {
    Twenties,
    WorldWarTwo,
    Modern,
    Rare,
}

/// One row of the weapon table.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Weapon {
    pub name: String,
    pub category: WeaponCategory,
    /// The skill used to attack (for assault rifles, the single-shot skill).
    pub skill: String,
    /// The skill for burst and full auto where it differs (assault rifles use SMG).
    #[serde(default)]
    pub auto_skill: Option<String>,
    /// The difficulty the attack is rolled at, where the rulebook rolls against one (the d10
    /// pool's 5 for a knife, 7 for a handgun).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub difficulty: Option<u32>,
    /// A weapon that takes the whole of its wielder's effort (the d10 pool's sniper rifles and
    /// heavy weapons): no point-blank, and no dice left over.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub committed: bool,
    /// The speciality that makes it easier to use, where the rulebook has them (the d10
    /// pool's Secondary abilities: "Pistols").
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub secondary: Option<String>,
    /// How quick it is to draw (the western's quick-draw modifier, in steps): +1 a derringer,
    /// −1 a long gun.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub draw: Option<i32>,
    pub damage: DamageNotation,
    pub range: WeaponRange,
    pub uses: UsesPerRound,
    pub magazine: Magazine,
    pub malfunction: Option<u32>,
    pub impale: bool,
    pub action: Action,
    pub eras: Vec<Era>,
    /// Rolled with a hand-to-hand skill of the rulebook's (set when the table is read).
    #[serde(skip)]
    pub hand_to_hand: bool,
    /// A short barrel (a sawed-off shotgun): it keeps the point-blank bonus die under the
    /// optional "point-blank revisited" rule.
    #[serde(default)]
    pub short_barrel: bool,
    /// A shotgun's damage with a solid slug instead of shot (base range 50 yards, impales).
    #[serde(default)]
    pub slug: Option<DamageNotation>,
    /// A mine that fires a cone (the claymore, 120 degrees) away from whoever set it.
    #[serde(default)]
    pub directional: bool,
    /// Its stun affects only targets up to this Build (tasers: 2).
    #[serde(default)]
    pub stuns_up_to_build: Option<i32>,
    /// Fired by hand, without a mount, only by a unit of at least this Build (the minigun: 2).
    #[serde(default)]
    pub hand_fired_from_build: Option<i32>,
    /// Very awkward as a weapon (the chainsaw): the chance of a fumble doubles, and a fumble
    /// turns the weapon's own damage on its wielder.
    #[serde(default)]
    pub awkward: bool,
    /// Once it lands it stays on the victim (the garrote): the weapon's dice again each round
    /// until the victim escapes by a fighting maneuver. Only on people, not creatures.
    #[serde(default)]
    pub strangles: bool,
}

/// How a weapon attacks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum AttackForm {
    /// Hand-to-hand: the defender dodges or fights back.
    Melee,
    /// Fired at a unit (guns, bows, tasers, flare pistols, flamethrowers): the target may dive
    /// for cover.
    Shot,
    /// Thrown at a unit (rocks, spears, shuriken): the target may dodge, or fight back from close
    /// by.
    Thrown,
    /// Thrown or fired at a tile, where it bursts (grenades, dynamite, Molotovs, launchers,
    /// mortars).
    Lobbed,
    /// Set on a tile and left to go off (charges and mines).
    Placed,
}

/// How a weapon is loaded, which decides what a reload does.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Feed {
    /// Nothing to load (hand-to-hand weapons, and weapons thrown themselves).
    Nothing,
    /// Loaded a round at a time: two rounds in one combat round.
    Rounds,
    /// A clip or magazine exchanged in one combat round.
    Magazine,
    /// A machine-gun belt: two combat rounds to change.
    Belt,
    /// Each shot comes straight from the spare ammunition (arrows from the quiver, shells
    /// loaded as they are fired).
    AsFired,
    /// Used up when thrown or set; the next one is in hand at once.
    OneUse,
    /// What it holds is all it has (a flamethrower's fuel, a can of spray).
    Fixed,
}

/// What a malfunction does to a weapon.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MalfunctionKind {
    /// A dud round (revolvers, break-open guns, bolt actions) or a dud throw: that one does not
    /// go off, and the weapon is fine.
    Dud,
    /// The weapon jams and must be cleared before it fires again.
    Jam,
}

impl Weapon {
    /// The damage it does at a range band: a shotgun's band, else its one formula.
    pub fn damage_reach(&self, band: RangeBand) -> DamageReach {
        match self.damage.shape {
            DamageShape::Bands(_) => DamageReach::Band(match band {
                RangeBand::Touch | RangeBand::Base => 0,
                RangeBand::Long => 1,
                RangeBand::VeryLong | RangeBand::OutOfRange => 2,
            }),
            DamageShape::Single(_) | DamageShape::Blast { .. } => DamageReach::Full,
        }
    }

    /// The blast radius in yards, for explosives (written in the damage as `4D10/3 yards`).
    pub fn blast_radius_yards(&self) -> Option<u32> {
        self.damage.blast_radius_yards()
    }

    /// How the weapon attacks, from its skill, range and damage.
    pub fn attack_form(&self) -> AttackForm {
        let placed = matches!(
            self.range,
            WeaponRange::InPlace | WeaponRange::NotApplicable
        );
        let blast = self.blast_radius_yards().is_some();
        if placed && (blast || self.category == WeaponCategory::Explosive) {
            AttackForm::Placed
        } else if blast
            || (self.category == WeaponCategory::Explosive
                && (self.skill == THROW || self.range.thrown()))
        {
            AttackForm::Lobbed
        } else if self.hand_to_hand {
            AttackForm::Melee
        } else if self.skill == THROW || self.range.thrown() {
            AttackForm::Thrown
        } else {
            AttackForm::Shot
        }
    }

    /// How the weapon is loaded.
    pub fn feed(&self) -> Feed {
        match &self.magazine {
            Magazine::Nothing | Magazine::Varies => Feed::Nothing,
            Magazine::OneUse => Feed::OneUse,
            Magazine::Separate | Magazine::Automagazine => Feed::AsFired,
            Magazine::AtLeast(_) | Magazine::Squirts(_) => Feed::Fixed,
            Magazine::Rounds(_) => match self.action {
                Action::NotAFirearm => Feed::AsFired,
                _ if self.category == WeaponCategory::Shotgun => Feed::Rounds,
                Action::SemiAutomatic | Action::Automatic
                    if self.category == WeaponCategory::MachineGun && self.uses.attacks == 0 =>
                {
                    Feed::Belt
                }
                Action::SemiAutomatic | Action::Automatic => Feed::Magazine,
                _ => Feed::Rounds,
            },
        }
    }

    /// The most rounds the weapon holds at once (the largest magazine on offer).
    pub fn capacity(&self) -> u32 {
        match &self.magazine {
            Magazine::Rounds(sizes) => sizes.iter().copied().max().unwrap_or_default(),
            Magazine::AtLeast(rounds) | Magazine::Squirts(rounds) => *rounds,
            Magazine::OneUse => 1,
            Magazine::Nothing | Magazine::Separate | Magazine::Automagazine | Magazine::Varies => 0,
        }
    }

    /// What a malfunction does: a dud for revolvers, break-open guns, bolt actions and
    /// anything that is not a firearm; a jam for every other firearm.
    pub fn malfunction_kind(&self) -> MalfunctionKind {
        // A hand-to-hand weapon with an engine or a charge (the chainsaw) stalls until fixed.
        if self.attack_form() == AttackForm::Melee {
            return MalfunctionKind::Jam;
        }
        match self.action {
            Action::Revolver | Action::BreakOpen | Action::BoltAction | Action::NotAFirearm => {
                MalfunctionKind::Dud
            }
            _ => MalfunctionKind::Jam,
        }
    }

    /// Long or cumbersome weapons (rifles, full-length shotguns, bows) lose the point-blank
    /// bonus die under the optional "point-blank revisited" rule.
    pub fn cumbersome(&self) -> bool {
        match self.category {
            WeaponCategory::Rifle | WeaponCategory::AssaultRifle | WeaponCategory::MachineGun => {
                true
            }
            WeaponCategory::Shotgun => !self.short_barrel,
            _ => self.skill == BOW,
        }
    }

    /// A double-barrelled gun: a break-open gun of two rounds that fires both in a round.
    pub fn double_barrelled(&self) -> bool {
        self.action == Action::BreakOpen
            && self.magazine == Magazine::Rounds(vec![2])
            && self.most_shots() >= 2
    }

    /// The most single shots the weapon fires in one round (0 for weapons that only fire full
    /// auto).
    pub fn most_shots(&self) -> u32 {
        self.uses.max.unwrap_or(0).max(self.uses.attacks)
    }

    /// The skill for burst and full-auto fire (the SMG skill for assault rifles).
    pub fn automatic_skill(&self) -> &str {
        self.auto_skill.as_deref().unwrap_or(&self.skill)
    }

    /// The same shotgun loaded with solid slugs: the slug's damage, a base range of 50 yards,
    /// and it impales. `None` for anything that takes no slugs.
    pub fn with_slugs(&self) -> Option<Self> {
        let slug = self.slug.clone()?;
        Some(Self {
            name: format!("{} (slugs)", self.name),
            damage: slug,
            range: WeaponRange::Yards(SLUG_BASE_RANGE_YARDS),
            impale: true,
            slug: None,
            ..self.clone()
        })
    }
}

/// The base range of a shotgun slug.
pub const SLUG_BASE_RANGE_YARDS: u32 = 50;

/// One row of the armor examples.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ArmorExample {
    pub name: String,
    pub points: u32,
}

/// The weapon table as a file holds it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct WeaponTable {
    pub weapons: Vec<Weapon>,
}

/// The armor examples as a file holds them.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ArmorTable {
    pub armor: Vec<ArmorExample>,
}

impl WeaponTable {
    /// Parse and check a weapon table: every damage parses (done while reading), every skill is
    /// in `skills`, shotgun band ranges match their damage bands, names are unique.
    pub fn parse(file: &str, text: &str, skills: &[SkillEntry]) -> Result<Self, FileError> {
        let mut table: Self = parse_ron(file, text)?;
        let mut names = std::collections::HashSet::new();
        for weapon in &table.weapons {
            let quoted_name = format!("{:?}", weapon.name);
            let entry_at = text.find(&quoted_name).unwrap_or_default();
            let at_field = |field: &str, message: String| {
                FileError::at_field(file, text, entry_at, field, message)
            };
            if !names.insert(weapon.name.to_lowercase()) {
                let second = text[entry_at + 1..]
                    .find(&quoted_name)
                    .map_or(entry_at, |found| entry_at + 1 + found);
                return Err(FileError::at_offset(
                    file,
                    text,
                    second,
                    format!("`{}` is listed twice", weapon.name),
                ));
            }
            for skill in std::iter::once(&weapon.skill).chain(&weapon.auto_skill) {
                if find_skill(skills, skill).is_none() {
                    return Err(FileError::at_text(
                        file,
                        text,
                        entry_at,
                        &format!("{skill:?}"),
                        format!("unknown skill `{skill}` for `{}`", weapon.name),
                    ));
                }
            }
            let bands = match &weapon.damage.shape {
                DamageShape::Bands(bands) => Some(bands.len()),
                _ => None,
            };
            let band_ranges = match &weapon.range {
                WeaponRange::Bands(ranges) => Some(ranges.len()),
                _ => None,
            };
            // An explosive's bands are its blast's rings, not ranges (the western's dynamite).
            let explosive = weapon.category == WeaponCategory::Explosive;
            if bands != band_ranges && !(explosive && band_ranges.is_none()) {
                return Err(at_field(
                    "range",
                    format!(
                        "`{}`: banded damage needs one range per band (damage has {}, range has {})",
                        weapon.name,
                        bands.unwrap_or(1),
                        band_ranges.unwrap_or(1)
                    ),
                ));
            }
            if let WeaponRange::Bands(ranges) = &weapon.range
                && (ranges.windows(2).any(|pair| pair[0] >= pair[1]) || ranges.first() == Some(&0))
            {
                return Err(at_field(
                    "range",
                    format!("`{}`: band ranges must grow from the nearest", weapon.name),
                ));
            }
            if weapon.uses.every == 0 {
                return Err(at_field(
                    "every",
                    format!("`{}`: `every` must be at least 1", weapon.name),
                ));
            }
        }
        for weapon in &mut table.weapons {
            weapon.hand_to_hand = find_skill(skills, &weapon.skill)
                .is_some_and(|entry| entry.hand_to_hand)
                && !weapon.range.thrown();
        }
        Ok(table)
    }

    /// Find a weapon by name, ignoring case.
    pub fn find(&self, name: &str) -> Option<&Weapon> {
        self.weapons
            .iter()
            .find(|weapon| weapon.name.eq_ignore_ascii_case(name))
    }
}

impl ArmorTable {
    pub fn parse(file: &str, text: &str) -> Result<Self, FileError> {
        parse_ron(file, text)
    }
}

#[cfg(test)]
mod tests;
