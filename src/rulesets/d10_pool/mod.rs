//! The d10 dice-pool rulebook (SPECS.md section 2): a pool of ten-sided dice against a
//! difficulty, successes counted and 1s taking them away, attributes and abilities in dots,
//! initiative rolled once for the combat, movement in feet paid for in dice past the free part,
//! ranges in metres, injuries in place of hit points, the clash, evading, the round's dice
//! budget, cover with its free dodge, aim that builds up, the sweep, the grenade's bands and
//! surprise as a contest. Played in maps/level-b2.ron; docs/RULES.md has every decision.

pub mod ai;
pub mod battle;
pub mod budget;
pub mod check;
pub mod injuries;
pub mod melee;
pub mod reach;
pub mod reasons;
pub mod roll_command;
pub mod round;
pub mod sheet;
pub mod sweep;
pub mod ui;
pub mod worth;

use std::collections::BTreeMap;

use crate::files::FileError;
use crate::rules::characteristics::{Characteristics, DerivedStats};
use crate::rules::damage::{
    DamageNotation, DamageQuality, DamageReach, DamageRoll, Formula, ReachError,
};
use crate::rules::dice::Dice;
use crate::rules::explosions::{BlastRing, severity_bands};
use crate::rules::firearm_rules::FirearmRules;
use crate::rules::hand_to_hand::HandToHand;
use crate::rules::initiative::InitiativeEntry;
use crate::rules::injuries::InjuryList;
use crate::rules::length::Length;
use crate::rules::mechanisms::{BlowAnswers, InitiativeRoll, Mechanisms};
use crate::rules::melee::{BareHands, Defence, ExchangeOdds, MeleeOutcome};
use crate::rules::modifiers::{Modifier, ModifierReason};
use crate::rules::opposed::SideResult;
use crate::rules::roll::{Checked, Demand, RollPurpose};
use crate::rules::round::{RoundHistory, Slot, TurnKind, TurnLimits};
use crate::rules::ruleset::{Rolled, Ruleset};
use crate::rules::ruleset_id::RulesetId;
use crate::rules::sheet_rules::{SheetField, SheetRules};
use crate::rules::situation::{
    AllowedAnswers, BlowFacts, DefenceFacts, PointBlank, RangeReading, RangeScale,
    ShotAnswerEffect, ShotDefence, ShotFacts, StandingFacts, Watch, Worth,
};
use crate::rules::skills::{DODGE, SkillEntry};
use crate::rules::vocabulary::{DemandWords, Vocabulary, WeaponDefenceWords};
use crate::rules::weapons::{ArmorTable, Weapon, WeaponTable};
use crate::rules::wounds::{BlowResult, BlowSeverity, WoundBlow};

/// The answer to gunfire behind cover: a Dodge roll that spends nothing, whose net successes
/// come off the shot's.
pub const DODGE_IN_COVER: ShotDefence = ShotDefence {
    name: "dodge in cover",
    asked: "dodge behind cover (free)",
    label: "Dodge behind cover",
    cost: "free: no dice spent",
    effect: ShotAnswerEffect::NetOff,
    spends_dice: false,
    free: true,
    asked_as: None,
};

/// The answer to a sweep that catches the unit in the open: a Dodge roll from the round's dice,
/// whose net successes come off the sweep's; asked as `sweep`.
pub const DODGE_SWEEP: ShotDefence = ShotDefence {
    name: "dodge the sweep",
    asked: "dodge the sweep with the round's dice",
    label: "Dodge the sweep",
    cost: "from the round's dice",
    effect: ShotAnswerEffect::NetOff,
    spends_dice: true,
    free: false,
    asked_as: Some("sweep"),
};

/// The name files give this rulebook (`ruleset: D10Pool`).
pub const ID: RulesetId = RulesetId::named("D10Pool");

/// The shipped weapon table, armour and roster, compiled in so the game always has them.
pub const POOL_WEAPONS_FILE: &str = "assets/rules/d10-pool/weapons.ron";
pub const POOL_ARMOUR_FILE: &str = "assets/rules/d10-pool/armour.ron";
const POOL_ROSTER_FILE: &str = "assets/rules/d10-pool/roster.ron";
const POOL_WEAPONS: &str = include_str!("../../../assets/rules/d10-pool/weapons.ron");
const POOL_ARMOUR: &str = include_str!("../../../assets/rules/d10-pool/armour.ron");
const POOL_ROSTER: &str = include_str!("../../../assets/rules/d10-pool/roster.ron");

/// What a dot is worth on the percentile scale.
const PERCENT_A_DOT: u32 = 20;

/// Evading is rolled at 7.
const EVADE_DIFFICULTY: u32 = 7;

/// Point-blank: within 2 metres, whoever shoots.
const POINT_BLANK: Length = Length::metres(2);

/// What low cover between a blast and a unit takes off the band's severity.
const LOW_COVER_BLAST_RELIEF: u32 = 2;

/// The pools of a surprise's contest: the attacker's sneaking, the target's watching.
pub const SURPRISE_POOLS: (&str, &str) = ("Dex+Stealth", "Per+Alertness");

/// What a target's watch makes of its Alertness against a surprise: 4 harder asleep, 2
/// meditating.
pub fn watch_value(watch: Watch) -> Vec<Modifier> {
    match watch {
        Watch::Awake => Vec::new(),
        Watch::Meditating => vec![Modifier::steps(reasons::MEDITATING, 2)],
        Watch::Asleep => vec![Modifier::steps(reasons::ASLEEP, 4)],
    }
}

/// A blast's band as an injury's severity: low cover between the blast and the unit takes 2 off.
pub fn blast_severity(ring: &BlastRing, behind_low_cover: bool) -> u32 {
    ring.severity.saturating_sub(if behind_low_cover {
        LOW_COVER_BLAST_RELIEF
    } else {
        0
    })
}

/// The d10 dice pool.
#[derive(Debug, Clone)]
pub struct D10Pool {
    weapons: WeaponTable,
    armour: ArmorTable,
}

impl D10Pool {
    /// The rulebook with its shipped data.
    pub fn shipped() -> Result<Self, FileError> {
        Ok(Self {
            weapons: WeaponTable::parse(POOL_WEAPONS_FILE, POOL_WEAPONS, sheet::POOL_SKILLS)?,
            armour: ArmorTable::parse(POOL_ARMOUR_FILE, POOL_ARMOUR)?,
        })
    }
}

impl Ruleset for D10Pool {
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
        "d10 dice pool"
    }

    /// A dodge or a parry answers a blow.
    fn mechanisms(&self) -> Mechanisms<'_> {
        Mechanisms {
            blow_answers: Some(self),
            kept_initiative: Some(self),
            ..Mechanisms::default()
        }
    }

    fn roster(&self) -> (&'static str, &'static str) {
        (POOL_ROSTER_FILE, POOL_ROSTER)
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

    /// A characteristic is rolled as a pool of its dots.
    fn characteristic_chance(&self, _name: &str, value: u32) -> u32 {
        value
    }

    /// A dot is a fifth of the percentile scale: Wits 2 reads 40, an ordinary mind.
    fn on_percentile_scale(&self, _name: &str, value: u32) -> u32 {
        value.saturating_mul(PERCENT_A_DOT)
    }

    fn check(&self, dice: &mut Dice, purpose: RollPurpose, demand: &Demand) -> Checked {
        check::check(dice, purpose, demand)
    }

    fn chance(&self, demand: &Demand) -> f64 {
        check::chance(demand)
    }

    /// A landed attack's net successes go into the injury with the weapon's damage: the mean
    /// net of a roll that lands, and the weapon's.
    fn hit_mean(&self, weapon_mean: f64, demand: &Demand) -> f64 {
        weapon_mean + check::mean_landed_net(demand)
    }

    /// Bands to the listed range, one and a half times it and twice it; point-blank within 2
    /// metres.
    fn range_scale(&self) -> RangeScale {
        RangeScale {
            band_multiples: [[1, 1], [3, 2], [2, 1]],
            point_blank: PointBlank::Fixed(POINT_BLANK),
        }
    }

    fn range_value(&self, reading: RangeReading) -> Option<Vec<Modifier>> {
        reach::range_value(reading.band)
    }

    fn shot_value(&self, facts: &ShotFacts) -> Worth {
        worth::shot_value(facts)
    }

    /// A blow is harder at a small target, one in the dark or one running, and easier at one
    /// that cannot get out of the way.
    fn blow_value(&self, facts: &BlowFacts) -> Vec<Modifier> {
        let mut modifiers = worth::sight_and_size(
            facts.target_siz,
            facts.target_in_dark,
            facts.attacker_perception,
        );
        modifiers.extend(worth::target_on_the_move(
            facts.target_ran,
            facts.target_immobilised,
        ));
        modifiers
    }

    /// Aim builds up over three rounds, and is impossible behind cover.
    fn firearm_rules(&self) -> FirearmRules {
        FirearmRules {
            most_aim_rounds: worth::MOST_AIM,
            aims_from_cover: false,
            ..FirearmRules::PLAIN
        }
    }

    /// A grenade's bands: +5 within 2 m, +3 within 5, +1 within 10 (a fire bomb, with no
    /// blast, burns its own tile).
    fn blast_rings(&self, damage: &DamageNotation) -> Vec<BlastRing> {
        if damage.blast_radius_yards().is_some() {
            severity_bands()
        } else {
            Vec::new()
        }
    }

    /// No dodging gunfire, but behind cover a free dodge (SPECS.md's house reading); and a
    /// sweep's dodge in the open, from the round's dice.
    fn shot_defences(&self) -> &'static [ShotDefence] {
        &[DODGE_IN_COVER, DODGE_SWEEP]
    }

    /// Every hit is an injury (`injury`); harm caught otherwise (a fire, a fall) comes off what
    /// remains of Body 7, nothing remaining being dead.
    fn take_blow(&self, blow: &WoundBlow) -> BlowResult {
        let hit_points = blow.hit_points.saturating_sub(blow.damage);
        BlowResult {
            severity: BlowSeverity::Regular,
            hit_points,
            below_zero: 0,
            major_wound: false,
            dead: hit_points == 0,
            dying: false,
            knocked_out: false,
            needs_con_roll: false,
        }
    }

    /// A die off every pool for each wound penalty die and each 5 feet started past the free
    /// movement this round.
    fn standing_modifiers(&self, facts: &StandingFacts) -> Vec<Modifier> {
        let wounds = injuries::WoundState::of_level(injuries::wound_level(&facts.injuries))
            .dice_penalty()
            .unwrap_or(0);
        let moved = reach::movement_penalty(facts.moved, facts.free_movement);
        [
            (ModifierReason::Wounded, wounds),
            (reasons::EXTRA_MOVEMENT, moved),
        ]
        .into_iter()
        .filter(|(_, dice)| *dice > 0)
        .map(|(reason, dice)| Modifier::new(reason, -i8::try_from(dice).unwrap_or(i8::MAX)))
        .collect()
    }

    fn exchange(
        &self,
        defence: Defence,
        attacker: SideResult,
        defender: Option<SideResult>,
    ) -> MeleeOutcome {
        melee::exchange(defence, attacker, defender)
    }

    fn exchange_odds(
        &self,
        defence: Defence,
        attacker: &Demand,
        defender: Option<&Demand>,
    ) -> ExchangeOdds {
        melee::exchange_odds(defence, attacker, defender)
    }

    /// The weapon's own damage, a flat number added to the attack's net.
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

    fn weapons(&self) -> &WeaponTable {
        &self.weapons
    }

    fn armor(&self) -> &ArmorTable {
        &self.armour
    }

    fn hand_to_hand(&self) -> &dyn HandToHand {
        self
    }
}

impl HandToHand for D10Pool {
    /// Brawl strikes at its difficulty; Boxing is the speciality that eases it.
    fn bare_hands(&self, _strength: u32) -> BareHands {
        BareHands {
            difficulty: Some(sheet::BRAWL_DIFFICULTY),
            secondary: Some("Boxing"),
            ..BareHands::default()
        }
    }
}

impl SheetRules for D10Pool {
    fn derive(&self, characteristics: &Characteristics, _age: u32) -> DerivedStats {
        sheet::derive(characteristics)
    }

    fn characteristics(&self) -> &'static [(&'static str, &'static str)] {
        &sheet::SHEET
    }

    fn characteristic_problem(&self, name: &str, value: u32, _creature: bool) -> Option<String> {
        sheet::characteristic_problem(name, value)
    }

    fn unarmed_skill(&self) -> &'static str {
        sheet::BRAWL_POOL
    }

    fn skills(&self) -> &[SkillEntry] {
        sheet::POOL_SKILLS
    }

    fn skill_value(
        &self,
        name: &str,
        characteristics: &Characteristics,
        skills: &BTreeMap<String, u32>,
    ) -> u32 {
        sheet::skill_value(name, characteristics, skills)
    }

    /// Secondary abilities are its own.
    fn fields(&self) -> &'static [SheetField] {
        &[SheetField::Secondary]
    }

    /// A Secondary ability in the weapon's use: a step easier.
    fn secondary_value(&self) -> Option<Modifier> {
        Some(Modifier::steps(reasons::SECONDARY, -1))
    }
}

/// Initiative is Dex + Wits, rolled once for the combat; its net stands in the order.
impl InitiativeRoll for D10Pool {
    fn roll(
        &self,
        characteristics: &Characteristics,
        _skills: &BTreeMap<String, u32>,
    ) -> (Demand, u32) {
        round::initiative_roll(characteristics)
    }
}

/// The roll a unit of these `characteristics` and `skills` evades on: Dex + Dodge at 7.
pub fn evade_roll(characteristics: &Characteristics, skills: &BTreeMap<String, u32>) -> Demand {
    Demand::new(
        sheet::skill_value(DODGE, characteristics, skills),
        Vec::new(),
    )
    .at_difficulty(EVADE_DIFFICULTY)
}

impl Vocabulary for D10Pool {
    fn sheet_line(&self, characteristics: &Characteristics, _derived: &DerivedStats) -> String {
        sheet::sheet_line(characteristics)
    }

    fn round_words(&self) -> &'static str {
        "Initiative: Dex + Wits at 6, rolled once for the fight; ties to Dex, then Wits, then a \
         d10."
    }

    fn slot_words(&self, slot: &Slot) -> String {
        round::slot_words(slot)
    }

    fn demand_words(&self, demand: &Demand) -> DemandWords {
        check::demand_words(demand)
    }

    /// The defence with the weapon in hand is the clash: both sides' attacks, and both may
    /// land.
    fn weapon_defence(&self) -> WeaponDefenceWords {
        WeaponDefenceWords {
            answer: "clash",
            answers: "clashes",
            against: "a clash",
        }
    }

    fn injury_words(&self, injuries: &InjuryList) -> String {
        injuries::list_words(injuries)
    }

    fn value_words(&self, value: u32) -> String {
        format!("{value} dice")
    }

    /// "Dex+Firearms 7 dice at 7 · +3".
    fn weapon_words(&self, weapon: &Weapon, value: u32) -> String {
        let difficulty = weapon.difficulty.unwrap_or(check::USUAL_DIFFICULTY);
        let damage = match (weapon.damage.flat(), weapon.damage.blast_radius_yards()) {
            (_, Some(_)) => severity_bands()
                .iter()
                .map(|band| band.words.as_str())
                .collect::<Vec<_>>()
                .join(", "),
            (Some(flat), None) => format!("+{flat}"),
            (None, None) => weapon.damage.to_string(),
        };
        format!(
            "{} {} at {difficulty} · {damage}",
            weapon.skill,
            self.value_words(value)
        )
    }

    fn wound_level_words(&self, level: u32) -> &'static str {
        injuries::WoundState::of_level(level).words()
    }

    fn blast_words(&self, yards: u32) -> String {
        format!("{yards} yards")
    }
}

impl BlowAnswers for D10Pool {
    /// A dodge or a parry while the unit can still defend.
    fn allowed(&self, _facts: &DefenceFacts) -> AllowedAnswers {
        AllowedAnswers {
            dodge: true,
            weapon: true,
            maneuver: false,
        }
    }

    /// A clash needs the defender's weapon to be of the attack's own ability (Melee against
    /// Melee, Brawl against Brawl).
    fn weapon_defence_meets(&self, attack_skill: &str, defence_skill: &str) -> bool {
        let ability = |skill: &str| skill.rsplit('+').next().unwrap_or(skill).to_string();
        ability(attack_skill) == ability(defence_skill)
    }
}
