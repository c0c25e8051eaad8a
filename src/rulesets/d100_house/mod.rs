//! The d100 house sheet (SPECS.md section 4, a house sheet for a d100 game of the occult
//! underground): Body, Speed, Mind and Soul, hit points of twice Body with shifts at a third
//! and two thirds lost, a d100 at or under the skill with criticals, fumbles and matched
//! doubles, an Initiative queue kept for the fight, and ranges to four times a weapon's base.
//! Played in maps/spin-cycle.ron; docs/RULES.md has every decision.

pub mod ai;
pub mod battle;
pub mod check;
pub mod cherries;
pub mod cover;
pub mod damage;
pub mod dodge;
pub mod firearms;
pub mod grapple;
pub mod hazards;
pub mod reasons;
pub mod roll_command;
pub mod round;
pub mod sheet;
pub mod suppression;
pub mod worth;
pub mod wounds;

use std::collections::BTreeMap;

use crate::files::FileError;
use crate::rules::bare_name::BareName;
use crate::rules::body::BodyPart;
use crate::rules::characteristics::{Characteristics, DerivedStats};
use crate::rules::damage::{
    DamageNotation, DamageQuality, DamageReach, DamageRoll, Formula, ReachError,
};
use crate::rules::dice::Dice;
use crate::rules::explosions::BlastRing;
use crate::rules::firearm_rules::FirearmRules;
use crate::rules::firearms::{VolleyHits, one_hit_a_roll};
use crate::rules::grapple::{GrappleContest, ManeuverGoal};
use crate::rules::grappling::Grappling;
use crate::rules::initiative::InitiativeEntry;
use crate::rules::length::Length;
use crate::rules::mechanisms::{InitiativeRoll, Mechanisms, RollHarmRules, SuppressingFire};
use crate::rules::modifiers::Modifier;
use crate::rules::opposed::ManeuverAllowance;
use crate::rules::roll::{Checked, Demand, RollPurpose, Verdict};
use crate::rules::roll_harm::{HitForm, RollHit};
use crate::rules::round::{RoundHistory, Slot, TurnKind, TurnLimits};
use crate::rules::ruleset::{Rolled, Ruleset};
use crate::rules::ruleset_id::RulesetId;
use crate::rules::sheet_rules::{SheetField, SheetRules};
use crate::rules::situation::{
    BlowFacts, PointBlank, RangeReading, RangeScale, ShotFacts, StandingFacts, Worth,
};
use crate::rules::skills::SkillEntry;
use crate::rules::vocabulary::{DemandWords, Vocabulary, WeaponDefenceWords};
use crate::rules::weapons::{ArmorTable, Weapon, WeaponTable};
use crate::rules::wounds::{Aftercare, BlowResult, Patient, WoundBlow};

/// The name files give this rulebook (`ruleset: D100House`).
pub const ID: RulesetId = RulesetId::named("D100House");

/// The shipped weapon table, armor (none) and roster, compiled in so the game always has them.
pub const HOUSE_WEAPONS_FILE: &str = "assets/rules/d100-house/weapons.ron";
pub const HOUSE_ARMOR_FILE: &str = "assets/rules/d100-house/armor.ron";
const HOUSE_ROSTER_FILE: &str = "assets/rules/d100-house/roster.ron";
const HOUSE_WEAPONS: &str = include_str!("../../../assets/rules/d100-house/weapons.ron");
const HOUSE_ARMOR: &str = include_str!("../../../assets/rules/d100-house/armor.ron");
const HOUSE_ROSTER: &str = include_str!("../../../assets/rules/d100-house/roster.ron");

/// The d100 house sheet.
#[derive(Debug, Clone)]
pub struct D100House {
    weapons: WeaponTable,
    armor: ArmorTable,
}

impl D100House {
    /// The rulebook with its shipped data.
    pub fn shipped() -> Result<Self, FileError> {
        Ok(Self {
            weapons: WeaponTable::parse(HOUSE_WEAPONS_FILE, HOUSE_WEAPONS, sheet::HOUSE_SKILLS)?,
            armor: ArmorTable::parse(HOUSE_ARMOR_FILE, HOUSE_ARMOR)?,
        })
    }
}

impl Ruleset for D100House {
    fn sheet(&self) -> &dyn SheetRules {
        self
    }

    fn words(&self) -> &dyn Vocabulary {
        self
    }

    fn id(&self) -> RulesetId {
        ID
    }

    fn name(&self) -> &'static str {
        "d100 house sheet"
    }

    /// Suppressive fire on a group, with the skill divided, which pins it; standing, crouched
    /// or hidden behind cover at will; cover hides body parts by stance.
    fn mechanisms(&self) -> Mechanisms<'_> {
        Mechanisms {
            suppressing_fire: Some(SuppressingFire::Pins(self)),
            postures: Some(self),
            part_cover: Some(self),
            kept_initiative: Some(self),
            kept_order: true,
            roll_harm: Some(self),
            falling: Some(hazards::FALLING),
            ..Mechanisms::default()
        }
    }

    fn roster(&self) -> (&'static str, &'static str) {
        (HOUSE_ROSTER_FILE, HOUSE_ROSTER)
    }

    fn round_plan(
        &self,
        entries: &[InitiativeEntry],
        tie_roll: &mut dyn FnMut(u32) -> u32,
    ) -> Vec<Slot> {
        round::plan(entries, tie_roll)
    }

    fn turn_limits(&self, _kind: TurnKind, _history: &RoundHistory) -> Option<TurnLimits> {
        Some(TurnLimits::WHOLE)
    }

    /// A characteristic is rolled at its own value (a Body roll against a shotgun's blow).
    fn characteristic_chance(&self, _name: &str, value: u32) -> u32 {
        value
    }

    fn check(&self, dice: &mut Dice, purpose: RollPurpose, demand: &Demand) -> Checked {
        check::check(dice, purpose, demand)
    }

    fn chance(&self, demand: &Demand) -> f64 {
        check::chance(demand)
    }

    /// Base range, twice it, four times it; no point-blank.
    fn range_scale(&self) -> RangeScale {
        RangeScale {
            band_multiples: [[1, 1], [2, 1], [4, 1]],
            point_blank: PointBlank::Fixed(Length::feet(0)),
        }
    }

    fn range_value(&self, reading: RangeReading) -> Option<Vec<Modifier>> {
        worth::range_value(reading.band)
    }

    fn shot_value(&self, facts: &ShotFacts) -> Worth {
        worth::shot_value(facts)
    }

    fn blow_value(&self, _facts: &BlowFacts) -> Vec<Modifier> {
        Vec::new()
    }

    /// One attack of full auto fires three bullets, each rolled; a jam takes a round of work,
    /// then a Firearms success.
    fn firearm_rules(&self) -> FirearmRules {
        FirearmRules {
            full_auto_attack: Some(check::FULL_AUTO_BULLETS),
            jam_work: Some(firearms::JAM_WORK),
            ..FirearmRules::PLAIN
        }
    }

    /// Every bullet is its own roll.
    fn volley_size(&self, _skill: u32) -> u32 {
        1
    }

    /// Full auto is 3 bullets an attack.
    fn burst_size(&self, _skill: u32) -> u32 {
        check::FULL_AUTO_BULLETS
    }

    fn volley_hits(
        &self,
        bullets: u32,
        verdict: &Verdict,
        _die: &mut dyn FnMut(u32) -> u32,
    ) -> VolleyHits {
        one_hit_a_roll(bullets, verdict)
    }

    /// A grenade: bullet damage within its radius, the digit sum out to twice it; a burning
    /// bottle (no damage of its own) sets alight whoever its radius catches.
    fn blast_rings(&self, damage: &DamageNotation) -> Vec<BlastRing> {
        damage
            .blast_radius_yards()
            .map(|radius| hazards::blast_rings(radius, damage.blast_points().unwrap_or_default()))
            .unwrap_or_default()
    }

    fn take_blow(&self, blow: &WoundBlow) -> BlowResult {
        wounds::take_blow(blow)
    }

    fn standing_modifiers(&self, facts: &StandingFacts) -> Vec<Modifier> {
        sheet::standing_modifiers(facts)
    }

    /// Once per injury.
    fn first_aid_per_wound(&self) -> bool {
        true
    }

    fn first_aid(&self, patient: &Patient, die: &mut dyn FnMut(u32) -> u32) -> Aftercare {
        wounds::first_aid(patient, die)
    }

    fn damage(
        &self,
        dice: &mut Dice,
        purpose: RollPurpose,
        damage: &DamageNotation,
        reach: DamageReach,
        _damage_bonus: &Formula,
        quality: DamageQuality,
    ) -> Result<Option<Rolled<DamageRoll>>, ReachError> {
        Ok(damage
            .roll(dice, reach, &Formula::default(), quality)?
            .map(|result| Rolled { purpose, result }))
    }

    fn crippling(&self) -> Option<u32> {
        Some(damage::CRIPPLING)
    }

    fn crawl(&self) -> Option<u32> {
        Some(damage::CRAWL)
    }

    fn weapons(&self) -> &WeaponTable {
        &self.weapons
    }

    fn armor(&self) -> &ArmorTable {
        &self.armor
    }

    fn grappling(&self) -> &dyn Grappling {
        self
    }
}

impl Grappling for D100House {
    fn maneuver_goals(&self, holding: bool) -> &'static [ManeuverGoal] {
        grapple::goals(holding)
    }

    fn grapple_contest(&self) -> Option<GrappleContest> {
        Some(grapple::CONTEST)
    }

    /// Anyone may grapple anyone: the sheet has no size.
    fn maneuver(&self, _maneuvering_build: i32, _opponent_build: i32) -> ManeuverAllowance {
        ManeuverAllowance::Possible { penalty_dice: 0 }
    }
}

impl SheetRules for D100House {
    fn derive(&self, characteristics: &Characteristics, _age: u32) -> DerivedStats {
        sheet::derive(characteristics)
    }

    fn characteristics(&self) -> &'static [(&'static str, &'static str)] {
        &sheet::CHARACTERISTICS
    }

    fn characteristic_problem(&self, name: &str, value: u32, _creature: bool) -> Option<String> {
        sheet::characteristic_problem(name, value)
    }

    fn unarmed_skill(&self) -> &'static str {
        sheet::STRUGGLE
    }

    fn skills(&self) -> &[SkillEntry] {
        sheet::HOUSE_SKILLS
    }

    /// Cover by body part (the hand a weapon is held in), obsessions and cherries are its own.
    fn fields(&self) -> &'static [SheetField] {
        &[
            SheetField::Handed,
            SheetField::Obsession,
            SheetField::Cherries,
        ]
    }

    /// General Athletics throws, or Struggle where that is the obsession.
    fn throwing_skill(&self, weapon_skill: &str, obsession: Option<&str>) -> Option<&'static str> {
        (weapon_skill == sheet::ATHLETICS && obsession == Some(grapple::CONTEST.skill))
            .then_some(grapple::CONTEST.skill)
    }

    fn names_problem(
        &self,
        unit: &str,
        field: SheetField,
        names: &[BareName],
        obsession: Option<&str>,
    ) -> Option<String> {
        (field == SheetField::Cherries)
            .then(|| cherries::names_problem(unit, names, obsession))
            .flatten()
    }
}

/// Initiative is the Initiative skill, rolled once; the queue is fixed for the battle.
impl InitiativeRoll for D100House {
    fn roll(
        &self,
        characteristics: &Characteristics,
        skills: &BTreeMap<String, u32>,
    ) -> (Demand, u32) {
        (round::initiative_roll(skills), characteristics.dexterity)
    }

    fn standing(&self, verdict: &Verdict) -> i32 {
        round::standing(verdict)
    }
}

/// Harm is read off the roll: a bullet's roll capped, a blow's digit sum; a fire's off a fresh
/// d100 each round.
impl RollHarmRules for D100House {
    fn damage(&self, hit: &RollHit) -> Option<DamageRoll> {
        damage::damage_from_roll(hit)
    }

    fn mean(
        &self,
        demand: &Demand,
        weapon_value: u32,
        form: HitForm,
        cover: Option<(&[BodyPart], bool)>,
    ) -> f64 {
        damage::roll_harm_mean(demand, weapon_value, form, cover)
    }

    fn burn(&self, rounds_burnt: u32) -> (HitForm, u32) {
        hazards::burn_read(rounds_burnt)
    }
}

impl Vocabulary for D100House {
    fn sheet_line(&self, characteristics: &Characteristics, _derived: &DerivedStats) -> String {
        sheet::sheet_line(characteristics)
    }

    fn round_words(&self) -> &'static str {
        "Initiative rolled once for the fight: criticals first, then successes by the roll, \
         failures by Speed, fumbles last; ties to Speed, then a d100."
    }

    fn slot_words(&self, slot: &Slot) -> String {
        round::slot_words(slot)
    }

    fn demand_words(&self, demand: &Demand) -> DemandWords {
        check::demand_words(demand)
    }

    fn weapon_defence(&self) -> WeaponDefenceWords {
        WeaponDefenceWords {
            answer: "fight back",
            answers: "fights back",
            against: "fighting back",
        }
    }

    /// "Firearms 55% · max 50" for a gun, "Struggle 60% · +6 qualities" for a blade.
    fn weapon_words(&self, weapon: &Weapon, value: u32) -> String {
        let number = weapon.damage.flat().unwrap_or_default();
        if weapon.hand_to_hand {
            format!("{} {value}% · +{number} qualities", weapon.skill)
        } else {
            format!("{} {value}% · max {number}", weapon.skill)
        }
    }

    fn blast_words(&self, yards: u32) -> String {
        format!("radius {yards} yards")
    }

    fn maneuver_label(&self, goal: ManeuverGoal) -> Option<&'static str> {
        grapple::label(goal)
    }
}
