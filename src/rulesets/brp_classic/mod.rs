//! Basic Role Playing, the classic Call of Cthulhu quick reference (`shared/rules/`, SPECS.md
//! section 1): 3-18 characteristics, chances built by adding and multiplying, impales at a fifth
//! of the chance, the resistance table, and blasts that lose a die every two yards.

pub mod ai;
pub mod battle;
pub mod chance;
pub mod reasons;
pub mod roll_command;
pub mod sheet;

mod check;
mod round;
pub mod worth;

use crate::files::FileError;
use crate::rules::characteristics::{Characteristics, DerivedStats, MoveAllowance};
use crate::rules::damage::{
    DamageNotation, DamagePart, DamageQuality, DamageReach, DamageRoll, DamageShape, DamageSource,
    Formula, ReachError,
};
use crate::rules::dice::Dice;
use crate::rules::explosions::{BlastRing, falloff_rings};
use crate::rules::firearm_rules::FirearmRules;
use crate::rules::firearms::VolleyHits;
use crate::rules::grapple::{ManeuverGoal, falling_multiple};
use crate::rules::grappling::Grappling;
use crate::rules::hand_to_hand::HandToHand;
use crate::rules::initiative::InitiativeEntry;
use crate::rules::mechanisms::{BlowAnswers, Mechanisms};
use crate::rules::melee::{Defence, ExchangeOdds, MeleeOutcome};
use crate::rules::modifiers::Modifier;
use crate::rules::opposed::{ManeuverAllowance, Resistance, SideResult};
use crate::rules::roll::{Checked, Demand, RollPurpose, Verdict};
use crate::rules::round::{RoundHistory, Slot, TurnKind, TurnLimits};
use crate::rules::ruleset::{Rolled, Ruleset};
use crate::rules::ruleset_id::RulesetId;
use crate::rules::sheet_rules::{SheetField, SheetRules};
use crate::rules::situation::PointBlank;
use crate::rules::situation::{
    AllowedAnswers, BlowFacts, DefenceFacts, RangeReading, RangeScale, ShotFacts, Worth,
};
use crate::rules::situation::{ShotAnswerEffect, ShotDefence};
use crate::rules::skills::SkillEntry;
use crate::rules::vocabulary::DeclarationWords;
use crate::rules::vocabulary::{DemandWords, Vocabulary, WeaponDefenceWords};
use crate::rules::weapons::{ArmorTable, WeaponTable};
use crate::rules::wounds::{Aftercare, BlowResult, BlowSeverity, Patient, WoundBlow};

/// The answer to gunfire: dodge the first bullet fired at the unit this round, if it has not
/// acted nor dodged (SPECS.md 1.1): a Dodge roll; made, the first roll at it lands one hit
/// fewer; no attack this round.
pub const DODGE_FIRST_BULLET: ShotDefence = ShotDefence {
    name: "dodge the first bullet",
    asked: "dodge the first bullet",
    label: "Dodge the first bullet",
    cost: "no attack this round",
    effect: ShotAnswerEffect::OneHitFewer,
    spends_dice: false,
    free: false,
    asked_as: None,
};

/// The name files give this rulebook (`ruleset: BrpClassic`).
pub const ID: RulesetId = RulesetId::named("BrpClassic");

/// The shipped weapon table and armor, compiled in so the game always has them.
pub const BRP_WEAPONS_FILE: &str = "assets/rules/brp-classic/weapons.ron";
pub const BRP_ARMOR_FILE: &str = "assets/rules/brp-classic/armor.ron";
const BRP_ROSTER_FILE: &str = "assets/rules/brp-classic/roster.ron";
const BRP_ROSTER: &str = include_str!("../../../assets/rules/brp-classic/roster.ron");
const BRP_WEAPONS: &str = include_str!("../../../assets/rules/brp-classic/weapons.ron");
const BRP_ARMOR: &str = include_str!("../../../assets/rules/brp-classic/armor.ron");

/// The highest a person's characteristic goes on the 3-18 scale (EDU to 21); a creature's may go
/// far past it.
const HIGHEST_FOR_A_PERSON: u32 = 21;
const HIGHEST_FOR_A_CREATURE: u32 = 200;

/// Basic Role Playing, classic.
#[derive(Debug, Clone)]
pub struct BrpClassic {
    weapons: WeaponTable,
    armor: ArmorTable,
}

impl BrpClassic {
    /// The rulebook with its shipped data.
    pub fn shipped() -> Result<Self, FileError> {
        Self::from_texts(BRP_WEAPONS, BRP_ARMOR)
    }

    /// The rulebook with weapon and armor data from these texts.
    pub fn from_texts(weapons: &str, armor: &str) -> Result<Self, FileError> {
        Ok(Self {
            weapons: WeaponTable::parse(BRP_WEAPONS_FILE, weapons, sheet::BRP_SKILLS)?,
            armor: ArmorTable::parse(BRP_ARMOR_FILE, armor)?,
        })
    }
}

impl Ruleset for BrpClassic {
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
        "Basic Role Playing (classic)"
    }

    /// A parry and a dodge answer blows (once a round each).
    fn mechanisms(&self) -> Mechanisms<'_> {
        Mechanisms {
            blow_answers: Some(self),
            ..Mechanisms::default()
        }
    }

    fn roster(&self) -> (&'static str, &'static str) {
        (BRP_ROSTER_FILE, BRP_ROSTER)
    }

    fn round_plan(
        &self,
        entries: &[InitiativeEntry],
        tie_roll: &mut dyn FnMut(u32) -> u32,
    ) -> Vec<Slot> {
        round::plan(entries, tie_roll)
    }

    fn turn_limits(&self, kind: TurnKind, history: &RoundHistory) -> Option<TurnLimits> {
        round::limits(kind, history)
    }

    /// CON x 5 for the shock roll, DEX x 5; Luck is POW x 5 already.
    fn characteristic_chance(&self, name: &str, value: u32) -> u32 {
        if name.eq_ignore_ascii_case("Luck") {
            value
        } else {
            value.saturating_mul(5)
        }
    }

    fn check(&self, dice: &mut Dice, purpose: RollPurpose, demand: &Demand) -> Checked {
        check::check(dice, purpose, demand)
    }

    fn chance(&self, demand: &Demand) -> f64 {
        check::chance(demand)
    }

    fn range_scale(&self) -> RangeScale {
        // No hard end to a range: the chance halves with each multiple of the base range, so
        // past eight of them it is floored to nothing for any skill below 128.
        RangeScale {
            band_multiples: [[1, 1], [2, 1], [8, 1]],
            point_blank: PointBlank::PerDexterity([1, 1]),
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

    /// A blast loses one of its dice each step of its radius out (dynamite: 5D6, a step of 2
    /// yards; SPECS.md 1.1).
    fn blast_rings(&self, damage: &DamageNotation) -> Vec<BlastRing> {
        match (&damage.shape, damage.blast_radius_yards()) {
            (DamageShape::Blast { formula, .. }, Some(step)) => falloff_rings(formula, step),
            _ => Vec::new(),
        }
    }

    /// Each wound may be tended once (SPECS.md 1.1).
    fn first_aid_per_wound(&self) -> bool {
        true
    }

    fn shot_defences(&self) -> &'static [ShotDefence] {
        &[DODGE_FIRST_BULLET]
    }

    /// One wound of half the current hit points or more is a shock (a CON x 5 roll to stay
    /// conscious); 1 or 2 hit points left is unconscious; none or fewer is dying (they go below
    /// zero). Nothing kills outright.
    fn take_blow(&self, blow: &WoundBlow) -> BlowResult {
        sheet::take_blow(blow.damage, blow.hit_points, blow.below_zero)
    }

    /// 1D3 hit points back (never past the maximum), counted from below zero; out of danger if
    /// dying and healed to 1 or more; awake from 3 up.
    fn first_aid(&self, patient: &Patient, die: &mut dyn FnMut(u32) -> u32) -> Aftercare {
        let (hit_points, below_zero) = sheet::heal(
            patient.hit_points,
            patient.below_zero,
            die(3),
            patient.max_hit_points,
        );
        let before = i64::from(patient.hit_points) - i64::from(patient.below_zero);
        let after = i64::from(hit_points) - i64::from(below_zero);
        Aftercare {
            hit_points,
            below_zero,
            healed: u32::try_from(after - before).unwrap_or_default(),
            stabilised: false,
            awake: (after >= 1).then_some(hit_points >= 3),
        }
    }

    /// Aiming (or bracing) takes the turn at DEX; the aimed shot goes at half DEX, with the
    /// point-blank distance and the base range doubled (SPECS.md 1.1). (Its unaimed fire and
    /// both barrels at once are its own fire modes, `battle/fire_modes.rs`.)
    fn firearm_rules(&self) -> FirearmRules {
        FirearmRules {
            aim_fires_this_round: true,
            ..FirearmRules::PLAIN
        }
    }

    /// A burst at one target is one roll, however many bullets.
    fn volley_size(&self, _skill: u32) -> u32 {
        u32::MAX
    }

    /// Enough bullets to double the skill at 5 a bullet (at least two).
    fn burst_size(&self, skill: u32) -> u32 {
        (skill / 5).max(2)
    }

    /// On a hit, 1dN of the N bullets hit; only the first can impale.
    fn volley_hits(
        &self,
        bullets: u32,
        verdict: &Verdict,
        die: &mut dyn FnMut(u32) -> u32,
    ) -> VolleyHits {
        if !verdict.success || bullets == 0 {
            return VolleyHits::default();
        }
        VolleyHits {
            hits: die(bullets).clamp(1, bullets),
            extreme: u32::from(verdict.special),
        }
    }

    fn exchange(
        &self,
        defence: Defence,
        attacker: SideResult,
        defender: Option<SideResult>,
    ) -> MeleeOutcome {
        check::exchange(defence, attacker, defender)
    }

    fn exchange_odds(
        &self,
        defence: Defence,
        attacker: &Demand,
        defender: Option<&Demand>,
    ) -> ExchangeOdds {
        check::exchange_odds(defence, attacker, defender)
    }

    /// The weapon's dice and the damage bonus; an impale rolls the weapon's dice twice and adds
    /// the damage bonus once.
    fn damage(
        &self,
        dice: &mut Dice,
        purpose: RollPurpose,
        damage: &DamageNotation,
        reach: DamageReach,
        damage_bonus: &Formula,
        quality: DamageQuality,
    ) -> Result<Option<Rolled<DamageRoll>>, ReachError> {
        let Some(mut rolled) = damage.roll(dice, reach, damage_bonus, DamageQuality::Normal)?
        else {
            return Ok(None);
        };
        if matches!(quality, DamageQuality::Impale | DamageQuality::MartialArts)
            && let Some(again) =
                damage.roll(dice, reach, &Formula::default(), DamageQuality::Normal)?
        {
            let weapon_dice = again
                .parts
                .into_iter()
                .filter(|part| part.source == DamageSource::Weapon)
                .map(|part| DamagePart {
                    source: DamageSource::ImpaleRoll,
                    ..part
                });
            rolled.parts.extend(weapon_dice);
            rolled.total += again.total;
            rolled.quality = quality;
        }
        Ok(Some(Rolled {
            purpose,
            result: rolled,
        }))
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

    fn hand_to_hand(&self) -> &dyn HandToHand {
        self
    }
}

impl HandToHand for BrpClassic {
    /// Knock-out attacks with bare hands or a blunt weapon (SPECS.md 1.1).
    fn knock_out_blows(&self) -> bool {
        true
    }
}

impl Grappling for BrpClassic {
    fn resistance(&self, active: u32, passive: u32) -> Option<Resistance> {
        Some(chance::resistance(active, passive))
    }

    fn maneuver(&self, _maneuvering_build: i32, _opponent_build: i32) -> ManeuverAllowance {
        ManeuverAllowance::Possible { penalty_dice: 0 }
    }

    fn maneuver_goals(&self, holding: bool) -> &'static [ManeuverGoal] {
        if holding {
            &[
                ManeuverGoal::KnockProne,
                ManeuverGoal::KnockOut,
                ManeuverGoal::Disarm,
                ManeuverGoal::Immobilise,
                ManeuverGoal::Injure,
                ManeuverGoal::Strangle,
            ]
        } else {
            &[ManeuverGoal::Hold, ManeuverGoal::BreakHold]
        }
    }

    /// Drowning and suffocation: CON x10 in the first round, x9 in the second, and so on.
    fn breath_chance(&self, constitution: u32, round: u32) -> u32 {
        falling_multiple(constitution, 10, round)
    }
}

impl SheetRules for BrpClassic {
    fn derive(&self, characteristics: &Characteristics, _age: u32) -> DerivedStats {
        DerivedStats {
            hit_points: sheet::hit_points(characteristics.constitution, characteristics.size),
            moves: MoveAllowance::running(sheet::MOVEMENT),
            build: 0,
            damage_bonus: sheet::damage_bonus(characteristics.strength + characteristics.size),
        }
    }

    /// Luck is POW x 5 (SPECS.md 1.1).
    fn derived_luck(&self, characteristics: &Characteristics) -> Option<u32> {
        Some(sheet::luck(characteristics.power))
    }

    /// Luck is worked out from POW, and weighed against it where a scenario states it.
    fn characteristic_problem(&self, name: &str, value: u32, creature: bool) -> Option<String> {
        if name == "LUCK" {
            return None;
        }
        if creature {
            return (!(1..=HIGHEST_FOR_A_CREATURE).contains(&value)).then(|| {
                format!(
                    "{name} {value} is out of range: a creature's characteristics run from 1 to \
                     {HIGHEST_FOR_A_CREATURE} in BRP classic"
                )
            });
        }
        let highest = if name == "EDU" {
            HIGHEST_FOR_A_PERSON
        } else {
            18
        };
        (!(3..=highest).contains(&value)).then(|| {
            let percentile = if value > highest {
                " (it looks like a CoC 7e percentile value: divide by 5)"
            } else {
                ""
            };
            format!(
                "{name} {value} is out of range: BRP classic characteristics run from 3 to \
                 {highest}{percentile}"
            )
        })
    }

    fn unarmed_skill(&self) -> &'static str {
        sheet::FIST
    }

    fn skills(&self) -> &[SkillEntry] {
        sheet::BRP_SKILLS
    }

    /// Impales (a special success with an impaling weapon) and knock-out blows are its own.
    fn fields(&self) -> &'static [SheetField] {
        &[SheetField::ImmuneToImpale, SheetField::CannotBeKnockedOut]
    }

    fn grapple_skill(&self) -> Option<&'static str> {
        Some(sheet::GRAPPLE)
    }
}

impl Vocabulary for BrpClassic {
    fn declaration_words(&self) -> DeclarationWords {
        DeclarationWords {
            business: "a parry to name",
            in_slot: "name whom to parry this round, or no one",
            out_of_slot: "a parry is named at the start of the round",
        }
    }

    /// "STR 13 · CON 11 · SIZ 15 · DEX 13 · POW 9 · DB 1D4": the 3-18 sheet.
    fn sheet_line(&self, characteristics: &Characteristics, derived: &DerivedStats) -> String {
        let c = characteristics;
        format!(
            "STR {} · CON {} · SIZ {} · DEX {} · POW {} · DB {}",
            c.strength, c.constitution, c.size, c.dexterity, c.power, derived.damage_bonus
        )
    }

    fn round_words(&self) -> &'static str {
        "Two DEX cycles: readied guns fire first, then everyone by DEX (move, then act); a \
         further shot at half DEX; ties by the lowest d100."
    }

    fn slot_words(&self, slot: &Slot) -> String {
        round::slot_words(slot)
    }

    fn demand_words(&self, demand: &Demand) -> DemandWords {
        check::demand_words(demand)
    }

    /// A blast loses a die every step of the weapon table's yards.
    fn blast_words(&self, yards: u32) -> String {
        format!("a die fewer every {yards} yards")
    }

    fn weapon_defence(&self) -> WeaponDefenceWords {
        WeaponDefenceWords {
            answer: "parry",
            answers: "parries",
            against: "a parry",
        }
    }

    fn severity_words(&self, severity: BlowSeverity) -> &'static str {
        match severity {
            BlowSeverity::Regular => "",
            BlowSeverity::Major => "shock",
            BlowSeverity::Killing => "a killing blow",
        }
    }
}

impl BlowAnswers for BrpClassic {
    /// A parry once a round; a dodge once a round, and only before the unit's own turn (it
    /// then loses its attack); no maneuvers as answers.
    fn allowed(&self, facts: &DefenceFacts) -> AllowedAnswers {
        AllowedAnswers {
            dodge: facts.dodges == 0 && !facts.acted,
            weapon: facts.weapon_defences == 0 && facts.named_attacker,
            maneuver: false,
        }
    }

    fn parry_is_declared(&self) -> bool {
        true
    }

    fn dodge_costs_the_attack(&self) -> bool {
        true
    }
}

#[cfg(test)]
mod tests;
