//! The sixth rulebook itself: its sheet, its tables, its d20 core roll and its answers to
//! the seam's questions.

use std::cmp::Reverse;

use bevy::prelude::*;
use gridkeeper::files::FileError;
use gridkeeper::rules::chance_rolls::{chance_words, judge};
use gridkeeper::rules::characteristics::{Characteristics, DerivedStats, MAX_RATING};
use gridkeeper::rules::damage::DamageNotation;
use gridkeeper::rules::dice::{Dice, FaceSource};
use gridkeeper::rules::explosions::{BlastRing, halving_rings};
use gridkeeper::rules::initiative::{InitiativeEntry, kept_order};
use gridkeeper::rules::modifiers::{Effect, Modifier, ModifierReason};
use gridkeeper::rules::roll::{
    ChanceVerdict, Checked, Demand, RollPurpose, RollRecord, RollSketch, RollVerdict, RolledDie,
    SketchedDie, Verdict,
};
use gridkeeper::rules::round::{RoundHistory, Slot, TurnKind, TurnLimits};
use gridkeeper::rules::ruleset::Ruleset;
use gridkeeper::rules::ruleset_id::RulesetId;
use gridkeeper::rules::sheet_rules::{SheetField, SheetRules};
use gridkeeper::rules::situation::{
    BlowFacts, LineCover, PointBlank, RangeBand, RangeReading, RangeScale, ShotFacts, Worth,
};
use gridkeeper::rules::skills::{FIRST_AID, SkillEntry, fighting, skill};
use gridkeeper::rules::vocabulary::{DemandWords, Vocabulary, WeaponDefenceWords};
use gridkeeper::rules::weapons::{ArmorTable, WeaponTable};
use gridkeeper::rules::wounds::{BlowResult, BlowSeverity, WoundBlow};

/// The name files give the sixth rulebook (`ruleset: Sixth`).
pub(crate) const ID: RulesetId = RulesetId::named("Sixth");

/// Its weapon table, in the format of the shipped ones (docs/FORMATS.md, "Rules data").
pub(crate) const WEAPONS: &str = r#"(
    weapons: [
        (name: "Service Pistol", category: Handgun, skill: "Pistol", damage: "1D8", range: Yards(15),
            uses: (attacks: 1, max: Some(2)), magazine: Rounds([8]), malfunction: None, impale: true, action: SemiAutomatic, eras: [Modern]),
        (name: "Hunting Rifle", category: Rifle, skill: "Rifle", damage: "2D6", range: Yards(40),
            uses: (attacks: 1), magazine: Rounds([5]), malfunction: None, impale: true, action: BoltAction, eras: [Modern]),
        (name: "Knife", category: Melee, skill: "Knife", damage: "1D4+DB", range: Touch,
            uses: (attacks: 1), magazine: Nothing, malfunction: None, impale: true, action: NotAFirearm, eras: [Modern]),
    ],
)"#;

/// Its armor examples.
pub(crate) const ARMOR: &str =
    r#"(armor: [(name: "Padded coat", points: 1), (name: "Riot vest", points: 3)])"#;

/// The skills a fight of the sixth rulebook calls for, with their base values.
pub(crate) const SKILLS: &[SkillEntry] = &[
    fighting("Brawl", &["Fist"], 25),
    fighting("Knife", &[], 25),
    skill("Pistol", &["Handgun"], 20),
    skill("Rifle", &[], 25),
    skill(FIRST_AID, &[], 30),
];

/// The sixth rulebook, with its tables read.
#[derive(Debug)]
pub(crate) struct Sixth {
    weapons: WeaponTable,
    armor: ArmorTable,
}

impl Sixth {
    /// The rulebook with its tables read.
    pub(crate) fn new() -> Result<Self, FileError> {
        Ok(Self {
            weapons: WeaponTable::parse("the sixth weapons", WEAPONS, SKILLS)?,
            armor: ArmorTable::parse("the sixth armor", ARMOR)?,
        })
    }
}

/// The face a d20 must not pass: a fifth of the demand's value with every modifier's points
/// added (the rulebook's only currency), held between 1 and 19: a 1 always succeeds, a 20
/// always fails.
pub(crate) fn d20_target(demand: &Demand) -> u32 {
    let points: i64 = demand
        .modifiers
        .iter()
        .map(|modifier| match modifier.effect {
            Effect::Add(points) => i64::from(points),
            Effect::Dice(_) | Effect::Times(_) | Effect::Steps(_) | Effect::Successes(_) => 0,
        })
        .sum();
    let target = (i64::from(demand.value / 5) + points).clamp(1, 19);
    u32::try_from(target).unwrap_or(1)
}

/// What a range band costs: nothing in reach or at base range, 2 at long, 4 at very long;
/// `None` out of range.
pub(crate) fn range_modifiers(band: RangeBand) -> Option<Vec<Modifier>> {
    let (reason, points) = match band {
        RangeBand::Touch | RangeBand::Base => return Some(Vec::new()),
        RangeBand::Long => (ModifierReason::LongRange, -2),
        RangeBand::VeryLong => (ModifierReason::VeryLongRange, -4),
        RangeBand::OutOfRange => return None,
    };
    Some(vec![added(reason, points)])
}

/// A modifier of so many points on the d20's target (positive helps).
pub(crate) const fn added(reason: ModifierReason, points: i32) -> Modifier {
    Modifier {
        reason,
        effect: Effect::Add(points),
    }
}

/// Only the seam's 27 required questions are answered; every other one keeps the engine's
/// plain reading (no mechanisms, plain firearms, no answers to blows).
impl Ruleset for Sixth {
    fn id(&self) -> RulesetId {
        ID
    }

    fn name(&self) -> &'static str {
        "The sixth rulebook (a test's)"
    }

    /// No ready-made units.
    fn roster(&self) -> (&'static str, &'static str) {
        ("tests/sixth_rulebook.rs (roster)", "[]")
    }

    fn sheet(&self) -> &dyn SheetRules {
        self
    }

    fn words(&self) -> &dyn Vocabulary {
        self
    }

    /// Whole turns by DEX, highest first; ties rolled off on a d20 each round.
    fn round_plan(
        &self,
        entries: &[InitiativeEntry],
        tie_roll: &mut dyn FnMut(u32) -> u32,
    ) -> Vec<Slot> {
        kept_order(entries, |entry| Reverse(entry.dexterity), 20, tie_roll)
    }

    /// Every turn is whole: move, and act.
    fn turn_limits(&self, _kind: TurnKind, _history: &RoundHistory) -> Option<TurnLimits> {
        Some(TurnLimits::WHOLE)
    }

    /// A characteristic is rolled as a skill of its value.
    fn characteristic_chance(&self, _name: &str, value: u32) -> u32 {
        value
    }

    /// One d20 at most the target: recorded as a roll at most a chance, the d20 its one die.
    fn check(&self, dice: &mut Dice, purpose: RollPurpose, demand: &Demand) -> Checked {
        let target = d20_target(demand);
        let face = dice.face(20);
        let outcome = judge(face, target, false, None);
        let success = outcome.is_success();
        Checked {
            record: RollRecord {
                purpose,
                dice: vec![RolledDie {
                    sides: 20,
                    ..RolledDie::units(face)
                }],
                verdict: RollVerdict::Chance(ChanceVerdict {
                    value: face,
                    skill: demand.value / 5,
                    chance: target,
                    malfunction: None,
                    specials: false,
                    outcome,
                }),
                modifiers: demand.modifiers.clone(),
                success,
            },
            verdict: Verdict::pass_or_fail(face, success, i32::from(success)),
        }
    }

    /// Exact: the target's faces of twenty.
    fn chance(&self, demand: &Demand) -> f64 {
        f64::from(d20_target(demand)) / 20.0
    }

    fn range_scale(&self) -> RangeScale {
        RangeScale {
            band_multiples: [[1, 1], [2, 1], [4, 1]],
            point_blank: PointBlank::PerDexterity([1, 5]),
        }
    }

    fn range_value(&self, reading: RangeReading) -> Option<Vec<Modifier>> {
        range_modifiers(reading.band)
    }

    /// The range, and 2 off for low cover beside the target; nothing else counts.
    fn shot_value(&self, facts: &ShotFacts) -> Worth {
        let range = range_modifiers(facts.reading.band);
        let cover = (facts.cover == LineCover::HalfConcealed)
            .then_some(added(ModifierReason::HalfCover, -2));
        Worth {
            possible: range.is_some(),
            modifiers: range.into_iter().flatten().chain(cover).collect(),
        }
    }

    /// A blow is the skill alone.
    fn blow_value(&self, _facts: &BlowFacts) -> Vec<Modifier> {
        Vec::new()
    }

    fn blast_rings(&self, damage: &DamageNotation) -> Vec<BlastRing> {
        damage
            .blast_radius_yards()
            .map(halving_rings)
            .unwrap_or_default()
    }

    /// Hit points come off; at 0 the unit is dead.
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

    fn weapons(&self) -> &WeaponTable {
        &self.weapons
    }

    fn armor(&self) -> &ArmorTable {
        &self.armor
    }
}

/// The percentile sheet, derived as the shared characteristics derive.
impl SheetRules for Sixth {
    fn derive(&self, characteristics: &Characteristics, age: u32) -> DerivedStats {
        characteristics.derive(age)
    }

    fn characteristic_problem(&self, name: &str, value: u32, creature: bool) -> Option<String> {
        let highest = if creature { MAX_RATING } else { 99 };
        (!(1..=highest).contains(&value)).then(|| {
            format!("{name} {value} is out of range: the sixth rulebook's run from 1 to {highest}")
        })
    }

    fn unarmed_skill(&self) -> &'static str {
        "Brawl"
    }

    fn skills(&self) -> &[SkillEntry] {
        SKILLS
    }

    fn fields(&self) -> &'static [SheetField] {
        &[]
    }
}

impl Vocabulary for Sixth {
    fn sheet_line(&self, characteristics: &Characteristics, derived: &DerivedStats) -> String {
        format!(
            "DEX {} · HP {} · DB {}",
            characteristics.dexterity, derived.hit_points, derived.damage_bonus
        )
    }

    fn round_words(&self) -> &'static str {
        "Order by DEX; ties rolled off on a d20."
    }

    /// The order says it all.
    fn slot_words(&self, _slot: &Slot) -> String {
        String::new()
    }

    /// "d20 ≤ 12 · +2 aiming = 14".
    fn demand_words(&self, demand: &Demand) -> DemandWords {
        DemandWords {
            head: format!(
                "d20 ≤ {}",
                chance_words(demand.value / 5, d20_target(demand), &demand.modifiers)
            ),
            modifiers: String::new(),
        }
    }

    /// Never asked: nothing answers a blow here.
    fn weapon_defence(&self) -> WeaponDefenceWords {
        WeaponDefenceWords {
            answer: "parry",
            answers: "parries",
            against: "a parry",
        }
    }

    fn blast_words(&self, yards: u32) -> String {
        format!("radius {yards} yards")
    }

    /// The chance roll's card, its one die a d20.
    fn sketch(&self, roll: &RollRecord) -> RollSketch {
        let RollVerdict::Chance(verdict) = &roll.verdict else {
            unreachable!("the sixth rulebook records every roll as a d20 at most a target");
        };
        RollSketch {
            dice: vec![vec![SketchedDie::plain(verdict.value.to_string())]],
            ..gridkeeper::rules::chance_rolls::sketch(roll, verdict)
        }
    }
}
