//! Call of Cthulhu 7th edition, the default rulebook: percentile rolls judged by success levels
//! with bonus and penalty dice, difficulty set by range, dodge and fight back, and the weapon
//! table and armor examples shipped in `assets/rules/coc7e/`.

pub mod battle;
mod check;
pub mod options;
pub mod reasons;
pub mod roll_command;
pub mod worth;

use crate::files::FileError;
use crate::rules::body::{BodyPart, HitLocations};
use crate::rules::characteristics::{Characteristics, DerivedStats, MAX_RATING};
use crate::rules::damage::DamageNotation;
use crate::rules::dice::Dice;
use crate::rules::explosions::{BlastRing, halving_rings};
use crate::rules::firearms::{VolleyHits, volley_hits, volley_size};
use crate::rules::grapple::ManeuverGoal;
use crate::rules::grappling::Grappling;
use crate::rules::initiative::{InitiativeEntry, initiative_order};
use crate::rules::mechanisms::{BlowAnswers, Mechanisms, SuppressingFire};
use crate::rules::melee::{Defence, ExchangeOdds, MeleeOutcome, melee_outcome};
use crate::rules::modifiers::Modifier;
use crate::rules::opposed::{ManeuverAllowance, SideResult, maneuver_allowance};
use crate::rules::roll::{Checked, Demand, RollPurpose, Verdict};
use crate::rules::round::{RoundHistory, Slot, TurnKind, TurnLimits};
use crate::rules::ruleset::{RuleOptions, Ruleset};
use crate::rules::ruleset_id::RulesetId;
use crate::rules::sheet_rules::{SheetField, SheetRules};
use crate::rules::situation::OwnRollFacts;
use crate::rules::situation::PointBlank;
use crate::rules::situation::{
    AllowedAnswers, BlowFacts, DefenceFacts, RangeReading, RangeScale, ShotFacts, Worth,
};
use crate::rules::situation::{ShotAnswerEffect, ShotDefence};
use crate::rules::skills::{BRAWL, COC7E_SKILLS, SkillEntry};
use crate::rules::vocabulary::{DemandWords, Vocabulary, WeaponDefenceWords};
use crate::rules::weapons::{ArmorTable, WeaponTable};
use crate::rules::wounds::{Aftercare, BlowResult, BlowSeverity, Patient, WoundBlow, take_blow};

pub use check::difficulty_of;

/// The answer to gunfire: throw itself into cover before the shots, a Dodge roll; made, the
/// shots are harder; its next action is lost either way.
pub const DIVE_FOR_COVER: ShotDefence = ShotDefence {
    name: "dive for cover",
    asked: "dive for cover",
    label: "Dive for cover",
    cost: "the next action is lost",
    effect: ShotAnswerEffect::Dive,
    spends_dice: false,
    free: false,
    asked_as: None,
};

/// The name files give this rulebook (`ruleset: Coc7e`).
pub const ID: RulesetId = RulesetId::named("Coc7e");

/// Call of Cthulhu 7th edition, the default rulebook.
#[derive(Debug, Clone)]
pub struct Coc7e {
    weapons: WeaponTable,
    armor: ArmorTable,
    /// The scenario's choice of the text's optional rules (point-blank revisited, the prone
    /// dice, shotgun armor per die, partial armor by Luck, hit locations).
    options: RuleOptions,
}

/// The text's optional hit locations, on 1D20.
pub const HIT_LOCATIONS: HitLocations = HitLocations {
    sides: 20,
    bands: &[
        (3, BodyPart::RightLeg),
        (6, BodyPart::LeftLeg),
        (10, BodyPart::Abdomen),
        (15, BodyPart::Chest),
        (17, BodyPart::RightArm),
        (19, BodyPart::LeftArm),
        (20, BodyPart::Head),
    ],
};

/// The shipped weapon table and armor examples, compiled in so the game always has them.
pub const COC7E_WEAPONS_FILE: &str = "assets/rules/coc7e/weapons.ron";
pub const COC7E_ARMOR_FILE: &str = "assets/rules/coc7e/armor.ron";
const COC7E_WEAPONS: &str = include_str!("../../../assets/rules/coc7e/weapons.ron");
const COC7E_ARMOR: &str = include_str!("../../../assets/rules/coc7e/armor.ron");
const COC7E_ROSTER_FILE: &str = "assets/rules/coc7e/roster.ron";
const COC7E_ROSTER: &str = include_str!("../../../assets/rules/coc7e/roster.ron");

impl Coc7e {
    /// The rulebook with its shipped data.
    pub fn shipped() -> Result<Self, FileError> {
        Self::from_texts(COC7E_WEAPONS, COC7E_ARMOR)
    }

    /// The rulebook with weapon and armor data from these texts.
    pub fn from_texts(weapons: &str, armor: &str) -> Result<Self, FileError> {
        Ok(Self {
            weapons: WeaponTable::parse(COC7E_WEAPONS_FILE, weapons, COC7E_SKILLS)?,
            armor: ArmorTable::parse(COC7E_ARMOR_FILE, armor)?,
            options: RuleOptions::default(),
        })
    }

    /// The rulebook with a scenario's optional rules.
    pub fn with_options(self, options: &RuleOptions) -> Self {
        Self {
            options: options.clone(),
            ..self
        }
    }
}

impl Ruleset for Coc7e {
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
        "Call of Cthulhu 7th edition"
    }

    /// Suppressing fire, where the scenario plays the optional rule: each roll's target drawn
    /// from the group once everyone in it could dive for cover; blows answered.
    fn mechanisms(&self) -> Mechanisms<'_> {
        Mechanisms {
            suppressing_fire: options::SUPPRESSING_FIRE
                .on(&self.options)
                .then_some(SuppressingFire::AtTheGroup),
            blow_answers: Some(self),
            ..Mechanisms::default()
        }
    }

    fn roster(&self) -> (&'static str, &'static str) {
        (COC7E_ROSTER_FILE, COC7E_ROSTER)
    }

    /// One order of whole turns: DEX (or the DEX roll), readied firearms at DEX + 50.
    fn round_plan(
        &self,
        entries: &[InitiativeEntry],
        _tie_roll: &mut dyn FnMut(u32) -> u32,
    ) -> Vec<Slot> {
        initiative_order(entries)
            .into_iter()
            .filter_map(|unit| entries.iter().find(|entry| entry.unit == unit))
            .map(|entry| Slot::whole(entry.unit, entry.acting_dexterity()))
            .collect()
    }

    /// Every turn is whole: move, and act as the weapon allows.
    fn turn_limits(&self, _kind: TurnKind, _history: &RoundHistory) -> Option<TurnLimits> {
        Some(TurnLimits::WHOLE)
    }

    fn characteristic_chance(&self, _name: &str, value: u32) -> u32 {
        value
    }

    fn check(&self, dice: &mut Dice, purpose: RollPurpose, demand: &Demand) -> Checked {
        check::check(dice, purpose, demand)
    }

    fn chance(&self, demand: &Demand) -> f64 {
        check::chance(demand)
    }

    fn range_scale(&self) -> RangeScale {
        RangeScale {
            band_multiples: [[1, 1], [2, 1], [4, 1]],
            point_blank: PointBlank::PerDexterity([1, 5]),
        }
    }

    fn range_value(&self, reading: RangeReading) -> Option<Vec<Modifier>> {
        worth::range_value(reading.band)
    }

    fn shot_value(&self, facts: &ShotFacts) -> Worth {
        // Without the prone rule, lying down is worth nothing either way.
        let facts = ShotFacts {
            shooter_prone: facts.shooter_prone && options::PRONE_DICE.on(&self.options),
            target_prone: facts.target_prone && options::PRONE_DICE.on(&self.options),
            ..*facts
        };
        worth::shot_value(&facts, options::POINT_BLANK_REVISITED.on(&self.options)).worth()
    }

    fn blow_value(&self, facts: &BlowFacts) -> Vec<Modifier> {
        let facts = BlowFacts {
            target_prone: facts.target_prone && options::PRONE_DICE.on(&self.options),
            ..*facts
        };
        worth::blow_value(&facts)
    }

    fn blast_rings(&self, damage: &DamageNotation) -> Vec<BlastRing> {
        damage
            .blast_radius_yards()
            .map(halving_rings)
            .unwrap_or_default()
    }

    fn shot_defences(&self) -> &'static [ShotDefence] {
        &[DIVE_FOR_COVER]
    }

    /// A blow struck on purpose at someone already down at zero kills; anything else is
    /// weighed against the maximum hit points (a major wound, a killing blow).
    fn take_blow(&self, blow: &WoundBlow) -> BlowResult {
        if blow.hit_points == 0 && blow.damage > 0 && blow.deliberate {
            return BlowResult {
                severity: BlowSeverity::Killing,
                hit_points: 0,
                below_zero: 0,
                major_wound: blow.major_wound,
                dead: true,
                dying: false,
                knocked_out: false,
                needs_con_roll: false,
            };
        }
        take_blow(
            blow.damage,
            blow.hit_points,
            blow.max_hit_points,
            blow.major_wound,
        )
    }

    /// The dying are stabilised at 1 hit point; anyone else gets 1 back, and wakes unless a
    /// major wound keeps it down.
    fn first_aid(&self, patient: &Patient, _die: &mut dyn FnMut(u32) -> u32) -> Aftercare {
        if patient.dying {
            return Aftercare {
                hit_points: 1,
                below_zero: 0,
                healed: 0,
                stabilised: true,
                awake: None,
            };
        }
        Aftercare {
            hit_points: patient.hit_points + 1,
            below_zero: 0,
            healed: 1,
            stabilised: false,
            awake: (!patient.major_wound).then_some(true),
        }
    }

    fn volley_size(&self, skill: u32) -> u32 {
        volley_size(skill)
    }

    fn burst_size(&self, skill: u32) -> u32 {
        volley_size(skill)
    }

    /// Half the bullets (at least one) on a success, all on an extreme hit, the first half of
    /// them extreme; no die.
    fn volley_hits(
        &self,
        bullets: u32,
        verdict: &Verdict,
        _die: &mut dyn FnMut(u32) -> u32,
    ) -> VolleyHits {
        volley_hits(bullets, verdict.success, verdict.special)
    }

    fn exchange(
        &self,
        defence: Defence,
        attacker: SideResult,
        defender: Option<SideResult>,
    ) -> MeleeOutcome {
        melee_outcome(defence, attacker, defender)
    }

    fn exchange_odds(
        &self,
        defence: Defence,
        attacker: &Demand,
        defender: Option<&Demand>,
    ) -> ExchangeOdds {
        check::exchange_odds(defence, attacker, defender)
    }

    fn own_roll_value(&self, facts: &OwnRollFacts) -> Vec<Modifier> {
        worth::own_roll_value(facts)
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

impl Grappling for Coc7e {
    fn maneuver(&self, maneuvering_build: i32, opponent_build: i32) -> ManeuverAllowance {
        maneuver_allowance(maneuvering_build, opponent_build)
    }

    fn maneuver_goals(&self, _holding: bool) -> &'static [ManeuverGoal] {
        &[
            ManeuverGoal::KnockProne,
            ManeuverGoal::Disarm,
            ManeuverGoal::Hold,
            ManeuverGoal::BreakHold,
            ManeuverGoal::Hinder,
            ManeuverGoal::Expose,
        ]
    }

    /// Suffocating: a CON roll each round.
    fn breath_chance(&self, constitution: u32, _round: u32) -> u32 {
        constitution
    }
}

impl SheetRules for Coc7e {
    fn derive(&self, characteristics: &Characteristics, age: u32) -> DerivedStats {
        characteristics.derive(age)
    }

    fn characteristic_problem(&self, name: &str, value: u32, _creature: bool) -> Option<String> {
        (!(1..=MAX_RATING).contains(&value)).then(|| {
            format!("{name} {value} is out of range: characteristics run from 1 to {MAX_RATING}")
        })
    }

    fn unarmed_skill(&self) -> &'static str {
        BRAWL
    }

    fn skills(&self) -> &[SkillEntry] {
        COC7E_SKILLS
    }

    /// Impales are its own (an extreme hit with an impaling weapon).
    fn fields(&self) -> &'static [SheetField] {
        &[SheetField::ImmuneToImpale]
    }
}

impl Vocabulary for Coc7e {
    fn sheet_line(&self, characteristics: &Characteristics, derived: &DerivedStats) -> String {
        format!(
            "DEX {} · Build {} · DB {}",
            characteristics.dexterity, derived.build, derived.damage_bonus
        )
    }

    fn round_words(&self) -> &'static str {
        "Order by DEX; a readied firearm acts at DEX + 50."
    }

    /// The order says it all.
    fn slot_words(&self, _slot: &Slot) -> String {
        String::new()
    }

    fn demand_words(&self, demand: &Demand) -> DemandWords {
        check::demand_words(demand)
    }

    fn blast_words(&self, yards: u32) -> String {
        format!("radius {yards} yards")
    }

    fn weapon_defence(&self) -> WeaponDefenceWords {
        WeaponDefenceWords {
            answer: "fight back",
            answers: "fights back",
            against: "fighting back",
        }
    }

    fn severity_words(&self, severity: BlowSeverity) -> &'static str {
        match severity {
            BlowSeverity::Regular => "",
            BlowSeverity::Major => "major wound",
            BlowSeverity::Killing => "a killing blow",
        }
    }
}

impl BlowAnswers for Coc7e {
    /// Dodge, fight back or a maneuver, as often as attacks come (more of them outnumber).
    fn allowed(&self, _facts: &DefenceFacts) -> AllowedAnswers {
        AllowedAnswers {
            dodge: true,
            weapon: true,
            maneuver: true,
        }
    }

    fn maneuvers(&self) -> bool {
        true
    }
}
